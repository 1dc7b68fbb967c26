"""What one player may see: public piles and boards, their own hand and Madness, nothing more.

Hidden: other hands, other players' Madness texts (only levels show, as the card backs do,
ruling MAD-R08), cards played face down before Resolution, face-down tiles, the order of the
decks, the seed and any loaded die. A tile turned over by Search shows in `search` for the one
moment after the Search, then is face down again like any other (MAD-R09): the team must
remember it.

`player_view` is the caller's to change (the pictures blank an onlooker's hand in theirs). The
bots' Table reads `SeatViews` instead, and never changes them: the same content, each entry made
when first read, sharing the printed pieces (cards, tiles, relics, spaces, the rules) with every
other view of the pack and what every seat sees with the other seats' views of the moment, so
they cost a fraction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from rulesbook.madness.engine import faced_challenges, failure_options, hand_limit, legal_actions, level
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
    """The seats' views of one moment, `SeatViews(state)[player]`: each holds what `player_view(state,
    player, False)` shows, sharing the printed pieces and, between the seats, what every seat sees.
    Each entry is made when a seat first reads it (a bot reads a handful of them, and in the
    Encounter Phase the Table asks every seat): what every seat sees once for them all, a seat's own
    parts once for that seat. For readers that never change a view: the bots' Table."""

    def __init__(self, state: State):
        self.state = state
        self.printed = _pieces(state.rules.pack)[0]
        self.shared: dict[str, Any] = {}  # what every seat sees, by entry, made when first read
        self.views: dict[int, SeatView] = {}

    def __getitem__(self, player: int) -> SeatView:
        view = self.views.get(player)
        if view is None:
            view = self.views[player] = SeatView(self, player)
        return view

    def entry(self, key: str, player: int) -> Any:
        """One entry of a seat's view (KeyError for a key no view has)."""
        shared = self.shared
        if key in shared:
            return shared[key]
        value = _ENTRIES[key](self.state, player, self.printed)
        if key not in SEAT_ENTRIES:
            shared[key] = value
        return value


class SeatView(Mapping[str, Any]):
    """One seat's view of a moment (see `SeatViews`): a read-only mapping, its entries made when first read."""

    __slots__ = ("moment", "player", "entries")

    def __init__(self, moment: SeatViews, player: int):
        self.moment = moment
        self.player = player
        self.entries: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        entries = self.entries
        if key in entries:
            return entries[key]
        value = entries[key] = self.moment.entry(key, self.player)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_ENTRIES)

    def __len__(self) -> int:
        return len(_ENTRIES)


def check_seat(state: State, seat: object) -> None:
    """ValueError unless `seat` is a seat at this table: a whole number from 0 (a flag is none)."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat!r} at this table of {state.players} (seats count from 0)")


def player_view(state: State, player: int, with_legal: bool = True) -> dict[str, Any]:
    """A JSON-ready dict of what `player` may see and do now (`legal`: their action texts), the caller's to change."""
    check_seat(state, player)
    copies = _pieces(state.rules.pack)[1]
    view = {key: make(state, player, copies) for key, make in _ENTRIES.items()}
    if with_legal:
        view["legal"] = [a.text() for a in legal_actions(state, player)]
    return view


Pieces = _Printed | _Copies


def _sled(state: State, player: int, piece: Pieces) -> dict[str, Any]:
    """The cards on the Sled: face up once revealed; face down before, each seat knowing its own."""
    if state.phase in REVEALED_PHASES:
        return {"revealed": True, "cards": piece.played(state.sled)}
    counts = [0] * state.players
    for p, _ in state.sled:
        counts[p] += 1
    return {"revealed": False, "cards_by_player": counts, "yours": piece.cards([c for p, c in state.sled if p == player])}


def _revealed(read: Callable[[State], list[Any]]) -> Callable[[State, int, Pieces], list[Any]]:
    """An entry shown only once the Sled is revealed (empty before)."""
    return lambda state, player, piece: list(read(state)) if state.phase in REVEALED_PHASES else []


#: Every entry of a view, in the order a view holds them, each made from (state, the seat, the
#: pieces: shared or copied). The entries of `SEAT_ENTRIES` are the seat's own; every seat sees the others alike.
_ENTRIES: dict[str, Callable[[State, int, Pieces], Any]] = {
    "game": lambda state, player, piece: "madness",
    "pack": lambda state, player, piece: state.rules.pack.name,
    "you": lambda state, player, piece: player,
    "players": lambda state, player, piece: list(state.names),
    "turn": lambda state, player, piece: state.turn,
    "leader": lambda state, player, piece: state.leader,
    "phase": lambda state, player, piece: state.phase.value,
    "phase_name": lambda state, player, piece: state.phase.heading,
    "deciding": lambda state, player, piece: list(state.decision.players) if state.decision else [],
    "rules": lambda state, player, piece: piece.rules(state.rules),
    "airplane": lambda state, player, piece: state.airplane,
    "edge_reached": lambda state, player, piece: state.edge_reached,
    "escape_steps": lambda state, player, piece: state.escape_steps,
    "board": lambda state, player, piece: piece.board(state),
    "search": lambda state, player, piece: ({"space": state.search_shown[0], "tile": piece.tile_of(state.search_shown[1])}
                                            if state.search_shown else None),
    "encounter": lambda state, player, piece: piece.tile_of(state.encounter) if state.encounter else None,
    "challenges": lambda state, player, piece: [c.text for c in faced_challenges(state)] if state.phase in FACING_PHASES else [],
    "talking": lambda state, player, piece: state.talking,
    "sled": _sled,
    "hand": lambda state, player, piece: piece.cards(state.hands[player]),
    "hand_sizes": lambda state, player, piece: [len(h) for h in state.hands],
    "hand_limit": lambda state, player, piece: hand_limit(state),
    "equipment_deck": lambda state, player, piece: len(state.equipment_deck),
    "equipment_discard": lambda state, player, piece: piece.cards(state.equipment_discard),
    "arcane_deck": lambda state, player, piece: piece.cards(state.arcane_deck),
    "injury_deck": lambda state, player, piece: piece.cards(state.injury_deck),
    "injuries_total": lambda state, player, piece: len(state.rules.pack.injuries),
    "relic_deck": lambda state, player, piece: piece.relics(state.relic_deck),
    "madness_decks": lambda state, player, piece: [len(d) for d in state.madness_decks],
    "madness_levels": lambda state, player, piece: [level(state, p) for p in range(state.players)],
    "madness_card_counts": lambda state, player, piece: [len(m) for m in state.madness],
    "your_madness": lambda state, player, piece: piece.madness_cards(state.madness[player]),
    "ignoring": lambda state, player, piece: list(state.ignoring),
    "relics": lambda state, player, piece: [piece.relics(rs) for rs in state.relics],
    "covers": lambda state, player, piece: [list(c) for c in state.covers],
    "relic_tokens": lambda state, player, piece: dict(state.relic_tokens),
    "leadership": lambda state, player, piece: {"sled": state.sled_tokens, "discard": state.discard_tokens,
                                                "box": state.boxed_tokens},
    "outcomes": _revealed(lambda state: state.outcomes),
    "totals": _revealed(lambda state: state.totals),
    "pending": lambda state, player, piece: failure_options(state),
    "die": lambda state, player, piece: state.die,
    "reward": lambda state, player, piece: state.reward,
    "outcome": lambda state, player, piece: state.outcome,
    "won": lambda state, player, piece: state.won,
}
#: The entries each seat sees for itself: who they are, the Sled's cards they played, their hand and Madness.
SEAT_ENTRIES = frozenset({"you", "sled", "hand", "your_madness"})
