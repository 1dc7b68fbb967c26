"""What one player may see: public piles and boards, their own hand and Madness, nothing more.

Hidden: other hands, other players' Madness texts (only levels show, as the card backs do,
ruling MAD-R08), cards played face down before Resolution, face-down tiles, the order of the
decks, the seed and any loaded die. A tile turned over by Search shows in `search` for the one
moment after the Search, then is face down again like any other (MAD-R09): the team must
remember it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rulesbook.madness.engine import challenges, decision, failure_options, hand_limit, legal_actions, level
from rulesbook.madness.pack import Pack
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import Phase, State

REVEALED_PHASES = (Phase.REWARD, Phase.FAILURES, Phase.DIE)
FACING_PHASES = (Phase.ENCOUNTER, Phase.TIMER, *REVEALED_PHASES)

_STATIC: dict[str, dict[str, Any]] = {}


def _static(pack: Pack) -> dict[str, Any]:
    """JSON templates of the printed components, built once per pack's data (views are built often)."""
    found = _STATIC.get(pack.digest)
    if found is not None:
        return found
    cards = {c.id: {"id": c.id, "label": c.label, "name": c.name, "type": c.type, "value": c.value} for c in pack.cards.values()}
    tiles = {t.id: {"id": t.id, "name": t.name, "region": t.region, "challenges": [c.text for c in t.challenges], "reward": t.reward}
             for t in pack.tiles.values()}
    relics = {r.id: {"id": r.id, "name": r.name, "category": r.category, "title": r.title, "action": r.action,
                     "covers": r.covers, "constraint": r.constraint} for r in pack.relics.values()}
    spaces = {s.id: {"region": s.region, "adjacent": list(s.adjacent), "challenges": [c.text for c in s.challenges],
                     "row": s.row, "column": s.column} for s in pack.spaces.values()}
    found = _STATIC[pack.digest] = {"cards": cards, "tiles": tiles, "relics": relics, "spaces": spaces}
    return found


def _card(static: dict[str, Any], card: str) -> dict[str, Any]:
    return dict(static["cards"][card])


def _tile(static: dict[str, Any], tile: str) -> dict[str, Any]:
    entry = dict(static["tiles"][tile])
    entry["challenges"] = list(entry["challenges"])
    return entry


def _relic(static: dict[str, Any], relic: str) -> dict[str, Any]:
    return dict(static["relics"][relic])


@lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> str:
    """The rules' switches (the pack is named in the view's "pack"; its data is public and large)."""
    data = rules.to_dict()
    del data["pack"]
    return json.dumps(data)


def player_view(state: State, player: int, with_legal: bool = True) -> dict[str, Any]:
    """A JSON-ready dict of what `player` may see and do now (`legal`: their action texts)."""
    pack = state.rules.pack
    static = _static(pack)
    faced = challenges(state)
    revealed = state.phase in REVEALED_PHASES
    board: dict[str, dict[str, Any]] = {}
    for space in pack.spaces:
        tile = state.board.get(space)
        printed = static["spaces"][space]
        entry = dict(printed)
        entry["adjacent"] = list(printed["adjacent"])
        entry["challenges"] = list(printed["challenges"])
        entry["tile"] = None if tile is None else "face down"
        board[space] = entry
    sled: dict[str, Any]
    if revealed:
        sled = {"revealed": True, "cards": [{"player": p, **_card(static, c)} for p, c in state.sled]}
    else:
        sled = {"revealed": False, "cards_by_player": [sum(1 for p, _ in state.sled if p == q) for q in range(state.count)],
                "yours": [_card(static, c) for p, c in state.sled if p == player]}
    own_madness = [{"id": m, "level": pack.madness[m].level, "name": pack.madness[m].name,
                    "description": pack.madness[m].description} for m in state.madness[player]]
    name, deciders = decision(state)
    pending = failure_options(state)
    view = {
        "game": "madness",
        "pack": pack.name,
        "you": player,
        "players": list(state.players),
        "turn": state.turn,
        "leader": state.leader,
        "phase": state.phase.value,
        "phase_name": name,
        "deciding": list(deciders),
        "rules": json.loads(_rules_json(state.rules)),
        "airplane": state.airplane,
        "edge_reached": state.edge_reached,
        "escape_steps": state.escape_steps,
        "board": board,
        "search": ({"space": state.search_shown[0], "tile": _tile(static, state.search_shown[1])}
                   if state.search_shown else None),
        "encounter": _tile(static, state.encounter) if state.encounter else None,
        "challenges": [c.text for c in faced] if state.phase in FACING_PHASES else [],
        "talking": state.talking,
        "sled": sled,
        "hand": [_card(static, c) for c in state.hands[player]],
        "hand_sizes": [len(h) for h in state.hands],
        "hand_limit": hand_limit(state),
        "equipment_deck": len(state.equipment_deck),
        "equipment_discard": [_card(static, c) for c in state.equipment_discard],
        "arcane_deck": [_card(static, c) for c in state.arcane_deck],
        "injury_deck": [_card(static, c) for c in state.injury_deck],
        "injuries_total": len(pack.injuries),
        "relic_deck": [_relic(static, r) for r in state.relic_deck],
        "madness_decks": [len(d) for d in state.madness_decks],
        "madness_levels": [level(state, p) for p in range(state.count)],
        "madness_card_counts": [len(m) for m in state.madness],
        "your_madness": own_madness,
        "ignoring": list(state.ignoring),
        "relics": [[_relic(static, r) for r in rs] for rs in state.relics],
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
    if with_legal:
        view["legal"] = [a.text() for a in legal_actions(state, player)]
    return view
