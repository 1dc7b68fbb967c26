"""The fast path's sharing, held to the handlers: `apply_legal` copies only the piles an action
changes (`engine.CHANGES`) and shares the others with the state given, so a handler that changed
a pile not listed would change the state before it, and every later game replayed from it.

Each action of many seeded games (random and expedition tables, every switch of the Rules that
leads a handler elsewhere) is taken on a copy whose unlisted piles are frozen (tuples, read-only
mappings): a handler that changes one in place fails there, naming it. The fast path then agrees
with the checked `apply`, and leaves the state given as it was. What is made once per pack (its
lookups, each hand's plays, its printed pieces) is kept and handed out again, within its bound.
"""

import json
from types import MappingProxyType
from typing import Any

import pytest

from rulesbook.madness import GAME, State, apply, apply_legal, game_moment, legal_actions, play_out
from rulesbook.madness import engine, views
from rulesbook.madness.actions import ACTIONS
from rulesbook.madness.state import PILES
from madness_helpers import VARIANTS, played
from simulation_scale import scaled


def frozen(pile: Any) -> Any:
    """A pile that raises when changed in place, with the same content."""
    if isinstance(pile, dict):
        return MappingProxyType(dict(pile))
    return tuple(tuple(item) if isinstance(item, list) else item for item in pile)


def assert_changes_listed(state: State, action: Any) -> None:
    listed = engine.CHANGES[type(action)]
    trial = state.copy()
    for name in PILES:
        if name not in listed:
            setattr(trial, name, frozen(getattr(trial, name)))
    trial.search_shown = None
    try:
        engine._HANDLERS[type(action)](trial, action, [])
    except (AttributeError, TypeError) as error:
        raise AssertionError(f"{action} changes a pile engine.CHANGES does not list for {type(action).__name__}: {error}") from None


def test_every_action_kind_lists_its_changes():
    assert set(engine.CHANGES) == set(ACTIONS)
    assert all(set(names) <= set(PILES) for names in engine.CHANGES.values())


@pytest.mark.parametrize("bots", ["random", "expedition"])
def test_handlers_change_only_the_piles_listed(bots):
    seen: set[type] = set()
    for index in range(scaled(20, least=5)):
        rules = VARIANTS[index % len(VARIANTS)]
        for state, action in played(3 + index % 3, f"changes:{bots}:{index}", rules, bots, loaded=index % 4 == 1):
            seen.add(type(action))
            assert_changes_listed(state, action)
    assert len(seen) >= (17 if bots == "random" else 12), f"only {len(seen)} kinds of action taken"


def test_a_heal_that_takes_the_injury_from_the_sled_lists_its_change():
    """Heal takes an Injury from the Sled when the Equipment discard holds none (a rare corner)."""
    state = game_moment(4, tile="Sounding Station", sled=[(1, "Injury"), (2, "Tools 5")])
    cards = state.pack.cards
    injuries = [card for card in state.equipment_discard if cards[card].type is None]
    state.equipment_discard = [card for card in state.equipment_discard if card not in injuries]
    state.injury_deck.extend(injuries)
    state = play_out(state, "P1: time up")
    resolve = next(action for action in legal_actions(state) if type(action).__name__ == "Resolve")
    assert_changes_listed(state, resolve)
    healed, _ = apply_legal(state, resolve)
    assert len(healed.sled) == 1 and len(state.sled) == 2


def test_fast_path_agrees_and_leaves_the_state_given():
    for index in range(scaled(10, least=3)):
        steps = played(3 + index % 3, f"agree:{index}", VARIANTS[index % len(VARIANTS)], "random")
        for state, action in steps[::3]:
            before = json.dumps(state.to_dict())
            fast, fast_events = apply_legal(state, action)
            checked, checked_events = apply(state, action)
            assert json.dumps(fast.to_dict()) == json.dumps(checked.to_dict())
            assert [(e.kind, e.text, e.data) for e in fast_events] == [(e.kind, e.text, e.data) for e in checked_events]
            assert json.dumps(state.to_dict()) == before, f"{action} changed the state it was given"


def test_checked_apply_returns_a_state_of_its_own():
    """A lesson may change the state `apply` returns by hand: nothing of the state before changes."""
    state = GAME.new_game(4, "own")
    after, _ = apply(state, legal_actions(state)[-1])
    before = json.dumps(state.to_dict())
    for name in PILES:
        pile = getattr(after, name)
        if isinstance(pile, dict):
            pile.clear()
        else:
            for item in pile:
                if isinstance(item, list):
                    item.append("x")
            pile.append("x")
    assert json.dumps(state.to_dict()) == before


def test_what_is_made_once_per_pack_is_kept_within_its_bound(monkeypatch):
    state = GAME.new_game(4, "kept")
    pack = state.rules.pack
    lookups = engine._lookups(pack)
    assert engine._lookups(pack) is lookups and views._pieces(pack) is views._pieces(pack)
    challenge = next(tile.challenges[0] for tile in pack.tiles.values() if tile.challenges)
    assert lookups.failure_plays(0, challenge) is lookups.failure_plays(0, challenge)
    hand = state.hands[0]
    assert lookups.hand_plays(0, list(hand)) is lookups.hand_plays(0, list(hand))
    # At most MOST_HANDS_KEPT hands are kept for a seat: the next new hand starts the store again.
    monkeypatch.setattr(engine, "MOST_HANDS_KEPT", 2)
    kept = lookups.hands[0]
    kept.clear()
    for count, size in zip((1, 2, 1), (1, 2, 3)):
        lookups.hand_plays(0, hand[:size])
        assert len(kept) == count
