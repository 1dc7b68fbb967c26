"""What one player may see: public piles and boards, their own hand and Madness, nothing more.

Hidden: other hands, other players' Madness texts (only levels show, as the card backs do,
ruling MAD-R08), cards played face down before Resolution, face-down tiles (unless the team
memorised them with a Search), the order of the decks, and the seed.
"""

from __future__ import annotations

import json
from functools import lru_cache

from rulesbook.madness.engine import challenges, decision, failure_options, hand_limit, legal_actions, level, pack_of
from rulesbook.madness.state import State

REVEALED_PHASES = ("reward", "failures", "die")
FACING_PHASES = ("encounter", "timer", *REVEALED_PHASES)


_STATIC: dict[int, dict] = {}


def _static(pack) -> dict:
    """JSON templates of the printed components, built once per pack (views are built often)."""
    found = _STATIC.get(id(pack))
    if found is not None:
        return found
    cards = {c.id: {"id": c.id, "label": c.label, "name": c.name, "type": c.type, "value": c.value} for c in pack.cards.values()}
    tiles = {t.id: {"id": t.id, "name": t.name, "region": t.region, "challenges": [c.text for c in t.challenges], "reward": t.reward}
             for t in pack.tiles.values()}
    relics = {r.id: {"id": r.id, "name": r.name, "category": r.category, "title": r.title, "action": r.action,
                     "covers": r.covers, "constraint": r.constraint} for r in pack.relics.values()}
    spaces = {s.id: {"region": s.region, "adjacent": list(s.adjacent), "challenges": [c.text for c in s.challenges],
                     "row": s.row, "column": s.column} for s in pack.spaces.values()}
    found = _STATIC[id(pack)] = {"cards": cards, "tiles": tiles, "relics": relics, "spaces": spaces, "pack": pack}
    return found


def _card(static, card: str) -> dict:
    return dict(static["cards"][card])


def _tile(static, tile: str) -> dict:
    entry = dict(static["tiles"][tile])
    entry["challenges"] = list(entry["challenges"])
    return entry


def _relic(static, relic: str) -> dict:
    return dict(static["relics"][relic])


@lru_cache(maxsize=64)
def _rules_json(rules) -> str:
    return json.dumps(rules.to_json())


def player_view(state: State, player: int, with_legal: bool = True) -> dict:
    """A JSON-ready dict of what `player` may see and do now (`legal`: their action texts)."""
    pack = pack_of(state)
    static = _static(pack)
    faced = challenges(state)
    revealed = state.phase in REVEALED_PHASES
    board = {}
    for space in pack.spaces:
        tile = state.board.get(space)
        printed = static["spaces"][space]
        entry = dict(printed)
        entry["adjacent"] = list(printed["adjacent"])
        entry["challenges"] = list(printed["challenges"])
        if tile is None:
            entry["tile"] = None
        elif tile in state.searched:
            entry["tile"] = _tile(static, tile)
        else:
            entry["tile"] = "face down"
        board[space] = entry
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
        "pack": state.pack_name,
        "you": player,
        "players": list(state.players),
        "turn": state.turn,
        "leader": state.leader,
        "phase": state.phase,
        "phase_name": name,
        "deciding": list(deciders),
        "rules": json.loads(_rules_json(state.rules)),
        "airplane": state.airplane,
        "edge_reached": state.edge_reached,
        "escape_steps": state.escape_steps,
        "board": board,
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
        view["legal"] = [a.text for a in legal_actions(state, player)]
    return view
