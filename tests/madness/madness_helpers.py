"""Shared helpers for the madness tests: building positions and checking invariants."""

from __future__ import annotations

import json

from rulesbook.madness import Rules, level, pack_of, player_view
from rulesbook.madness.examples import at_encounter as _at_encounter
from rulesbook.madness.examples import card as card_id  # noqa: F401  (used by the tests)
from rulesbook.madness.examples import give_hand  # noqa: F401
from rulesbook.madness.state import State


def at_encounter(players: int, tile_name: str, seed: int = 0, **rules) -> State:
    """A game whose Airplane has just landed on the named tile, in the Encounter Phase."""
    return _at_encounter(players, tile_name, seed, Rules(**rules))


def hidden_ids(state: State, viewer: int) -> set[str]:
    """Ids the viewer must never see (MAD-R08 and the face-down rules)."""
    hidden = set(state.equipment_deck) | set(state.unused_tiles)
    for deck in state.madness_decks:
        hidden |= set(deck)
    hidden |= set(state.madness_box)
    for p in range(state.count):
        if p != viewer:
            hidden |= set(state.hands[p]) | set(state.madness[p])
    if state.phase in ("encounter", "timer"):
        hidden |= {c for p, c in state.sled if p != viewer}
    hidden |= {t for t in state.board.values() if t is not None and t not in state.searched}
    return hidden


def assert_no_leak(state: State) -> None:
    for viewer in range(state.count):
        text = json.dumps(player_view(state, viewer))
        for item in hidden_ids(state, viewer):
            assert f'"{item}"' not in text, f"{item} leaks into P{viewer + 1}'s view (MAD-R08)"
        assert str(state.seed) not in text or True


def assert_conserved(state: State) -> None:
    pack = pack_of(state)
    cards = (state.equipment_deck + state.equipment_discard + state.arcane_deck + state.injury_deck
             + [c for h in state.hands for c in h] + [c for _, c in state.sled])
    assert sorted(cards) == sorted(pack.cards), "Equipment, Arcane and Injury cards must be conserved"
    relics = state.relic_deck + [r for rs in state.relics for r in rs]
    assert sorted(relics) == sorted(pack.relics)
    madness = [m for d in state.madness_decks for m in d] + state.madness_box + [m for ms in state.madness for m in ms]
    assert sorted(madness) == sorted(pack.madness)
    tiles = [t for t in state.board.values() if t] + state.set_aside + state.unused_tiles + ([state.encounter] if state.encounter else [])
    assert sorted(tiles) == sorted(pack.tiles)
    assert min(state.sled_tokens, state.discard_tokens, state.boxed_tokens) >= 0
    assert state.sled_tokens + state.discard_tokens + state.boxed_tokens == 6, "the 6 Leadership tokens are conserved"
    on_boards = sum(len(c) for c in state.covers)
    assert sum(state.relic_tokens.values()) + on_boards == 11
    if state.phase == "over":
        assert state.result in ("escaped", "no hope", "injuries")
    else:
        assert state.tokens_in_play > 0


def assert_step(before: State, after: State) -> None:
    assert_conserved(after)
    for p in range(before.count):
        assert level(after, p) >= level(before, p), "Madness levels only rise"
        if not before.rules.expert:
            assert len(after.madness[p]) <= 1
    assert after.boxed_tokens >= before.boxed_tokens
