"""What one player may see: public piles and boards, their own hand and Madness, nothing more.

Hidden: other hands, other players' Madness texts (only levels show, as the card backs do,
ruling MAD-R08), cards played face down before Resolution, face-down tiles, the order of the
decks, the seed and any loaded die. A tile turned over by Search shows in `search` for the one
moment after the Search, then is face down again like any other (MAD-R09): the team must
remember it.

`player_view` is the caller's to change (the pictures blank an onlooker's hand in theirs). The
bots' Table reads `SeatViews` instead, and never changes them: the same content, sharing the
printed pieces (cards, tiles, relics, spaces, the rules) with every other view of the pack and
what every seat sees with the other seats' views of the moment, so they cost a fraction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from rulesbook.madness.engine import challenges, decision, failure_options, hand_limit, legal_actions, level
from rulesbook.madness.pack import Pack
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import Phase, State

REVEALED_PHASES = (Phase.REWARD, Phase.FAILURES, Phase.DIE)
FACING_PHASES = (Phase.ENCOUNTER, Phase.TIMER, *REVEALED_PHASES)

Piece = dict[str, Any]


class _Printed:
    """The pack's printed pieces as JSON, built once per pack's data: a seat view holds these
    very dicts (`_Copies` gives copies of them), shared with every other view of the pack."""

    def __init__(self, pack: Pack):
        self.card: dict[str, Piece] = {
            c.id: {"id": c.id, "label": c.label, "name": c.name, "type": c.type, "value": c.value} for c in pack.cards.values()}
        self.tile: dict[str, Piece] = {
            t.id: {"id": t.id, "name": t.name, "region": t.region, "challenges": [c.text for c in t.challenges], "reward": t.reward}
            for t in pack.tiles.values()}
        self.relic: dict[str, Piece] = {
            r.id: {"id": r.id, "name": r.name, "category": r.category, "title": r.title, "action": r.action, "covers": r.covers,
                   "constraint": r.constraint} for r in pack.relics.values()}
        self.madness: dict[str, Piece] = {
            m.id: {"id": m.id, "level": m.level, "name": m.name, "description": m.description} for m in pack.madness.values()}
        #: each space's board entry twice, as the mountain shows it: its tile gone, a tile face down on it
        self.space: dict[str, tuple[Piece, Piece]] = {}
        for s in pack.spaces.values():
            entry = {"region": s.region, "adjacent": list(s.adjacent), "challenges": [c.text for c in s.challenges],
                     "row": s.row, "column": s.column}
            self.space[s.id] = ({**entry, "tile": None}, {**entry, "tile": "face down"})

    def cards(self, cards: Iterable[str]) -> list[Piece]:
        return [self.card[c] for c in cards]

    def relics(self, relics: Iterable[str]) -> list[Piece]:
        return [self.relic[r] for r in relics]

    def madness_cards(self, madness: Iterable[str]) -> list[Piece]:
        return [self.madness[m] for m in madness]

    def played(self, sled: Iterable[list[Any]]) -> list[Piece]:
        """The Sled's cards face up, each with who played it (new dicts)."""
        return [{"player": p, **self.card[c]} for p, c in sled]

    def tile_of(self, tile: str) -> Piece:
        return self.tile[tile]

    def board(self, state: State) -> dict[str, Piece]:
        return {space: faces[state.board.get(space) is not None] for space, faces in self.space.items()}

    def rules(self, rules: Rules) -> Piece:
        return _rules_data(rules)


class _Copies:
    """The same pieces as `_Printed`, each a fresh copy (the lists in it too): a player view's."""

    def __init__(self, printed: _Printed):
        self.printed = printed

    def cards(self, cards: Iterable[str]) -> list[Piece]:
        return [dict(card) for card in self.printed.cards(cards)]

    def relics(self, relics: Iterable[str]) -> list[Piece]:
        return [dict(relic) for relic in self.printed.relics(relics)]

    def madness_cards(self, madness: Iterable[str]) -> list[Piece]:
        return [dict(card) for card in self.printed.madness_cards(madness)]

    def played(self, sled: Iterable[list[Any]]) -> list[Piece]:
        return self.printed.played(sled)

    def tile_of(self, tile: str) -> Piece:
        entry = dict(self.printed.tile[tile])
        entry["challenges"] = list(entry["challenges"])
        return entry

    def board(self, state: State) -> dict[str, Piece]:
        board = {}
        for space, entry in self.printed.board(state).items():
            entry = dict(entry)
            entry["adjacent"] = list(entry["adjacent"])
            entry["challenges"] = list(entry["challenges"])
            board[space] = entry
        return board

    def rules(self, rules: Rules) -> Piece:
        data: Piece = json.loads(_rules_json(rules))
        return data


_PRINTED: dict[str, tuple[_Printed, _Copies]] = {}


def _pieces(pack: Pack) -> tuple[_Printed, _Copies]:
    """The pack's printed pieces, shared and copied, made at the first view of a pack with this data."""
    found = _PRINTED.get(pack.digest)
    if found is None:
        printed = _Printed(pack)
        found = _PRINTED[pack.digest] = (printed, _Copies(printed))
    return found


@lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> str:
    """The rules' switches (the pack is named in the view's "pack"; its data is public and large)."""
    data = rules.to_dict()
    del data["pack"]
    return json.dumps(data)


@lru_cache(maxsize=64)
def _rules_data(rules: Rules) -> Piece:
    """The rules' switches as one dict, shared by the seat views."""
    data: Piece = json.loads(_rules_json(rules))
    return data


class SeatViews:
    """The seats' views of one moment, `SeatViews(state)[player]`: each as `player_view(state,
    player, False)` shows it, sharing the printed pieces and, between the seats, what every seat
    sees (built once for them all: in the Encounter Phase the Table asks every seat). For readers
    that never change a view: the bots' Table."""

    def __init__(self, state: State):
        self.state = state
        self.printed = _pieces(state.rules.pack)[0]
        self.table: dict[str, Any] | None = None
        self.views: dict[int, dict[str, Any]] = {}

    def __getitem__(self, player: int) -> dict[str, Any]:
        view = self.views.get(player)
        if view is None:
            if self.table is None:
                self.table = _table(self.state, self.printed)
            view = self.views[player] = _seated(self.table, self.state, player, self.printed)
        return view


def player_view(state: State, player: int, with_legal: bool = True) -> dict[str, Any]:
    """A JSON-ready dict of what `player` may see and do now (`legal`: their action texts), the caller's to change."""
    copies = _pieces(state.rules.pack)[1]
    view = _seated(_table(state, copies), state, player, copies)
    if with_legal:
        view["legal"] = [a.text() for a in legal_actions(state, player)]
    return view


def _seated(table: dict[str, Any], state: State, player: int, piece: _Printed | _Copies) -> dict[str, Any]:
    """The table's view with the seat's own parts filled in: who they are, their cards, their Madness."""
    view = dict(table)
    view["you"] = player
    if not table["sled"]["revealed"]:  # face down: the seat knows its own cards
        view["sled"] = {**table["sled"], "yours": piece.cards(c for p, c in state.sled if p == player)}
    view["hand"] = piece.cards(state.hands[player])
    view["your_madness"] = piece.madness_cards(state.madness[player])
    return view


def _table(state: State, piece: _Printed | _Copies) -> dict[str, Any]:
    """What every seat sees now, its printed pieces taken from `piece` (shared or copied); the
    seat's own parts are left empty, for `_seated` to fill in their place (the keys keep their order)."""
    pack = state.rules.pack
    faced = challenges(state)
    revealed = state.phase in REVEALED_PHASES
    sled: dict[str, Any]
    if revealed:
        sled = {"revealed": True, "cards": piece.played(state.sled)}
    else:
        sled = {"revealed": False, "cards_by_player": [sum(1 for p, _ in state.sled if p == q) for q in range(state.count)]}
    name, deciders = decision(state)
    pending = failure_options(state)
    return {
        "game": "madness",
        "pack": pack.name,
        "you": None,
        "players": list(state.players),
        "turn": state.turn,
        "leader": state.leader,
        "phase": state.phase.value,
        "phase_name": name,
        "deciding": list(deciders),
        "rules": piece.rules(state.rules),
        "airplane": state.airplane,
        "edge_reached": state.edge_reached,
        "escape_steps": state.escape_steps,
        "board": piece.board(state),
        "search": ({"space": state.search_shown[0], "tile": piece.tile_of(state.search_shown[1])}
                   if state.search_shown else None),
        "encounter": piece.tile_of(state.encounter) if state.encounter else None,
        "challenges": [c.text for c in faced] if state.phase in FACING_PHASES else [],
        "talking": state.talking,
        "sled": sled,
        "hand": [],
        "hand_sizes": [len(h) for h in state.hands],
        "hand_limit": hand_limit(state),
        "equipment_deck": len(state.equipment_deck),
        "equipment_discard": piece.cards(state.equipment_discard),
        "arcane_deck": piece.cards(state.arcane_deck),
        "injury_deck": piece.cards(state.injury_deck),
        "injuries_total": len(pack.injuries),
        "relic_deck": piece.relics(state.relic_deck),
        "madness_decks": [len(d) for d in state.madness_decks],
        "madness_levels": [level(state, p) for p in range(state.count)],
        "madness_card_counts": [len(m) for m in state.madness],
        "your_madness": [],
        "ignoring": list(state.ignoring),
        "relics": [piece.relics(rs) for rs in state.relics],
        "covers": [list(c) for c in state.covers],
        "relic_tokens": dict(state.relic_tokens),
        "leadership": {"sled": state.sled_tokens, "discard": state.discard_tokens, "box": state.boxed_tokens},
        "outcomes": list(state.outcomes) if revealed else [],
        "totals": list(state.totals) if revealed else [],
        "pending": pending,
        "die": state.die,
        "reward": state.reward,
        "result": state.result,
        "won": state.won,
    }
