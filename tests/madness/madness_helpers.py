"""Shared helpers for the madness tests: building positions, playing bot tables, checking invariants."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rulesbook.madness import GAME, Phase, Rules, apply, apply_legal, legal_actions, level, player_view
from rulesbook.madness.actions import Action
from rulesbook.madness.examples import at_encounter as _at_encounter
from rulesbook.madness.examples import card as card_id  # noqa: F401  (used by the tests)
from rulesbook.madness.examples import give_hand  # noqa: F401
from rulesbook.core.events import Event
from rulesbook.madness.state import State

#: Keys a player view must never hold: with the seed (and the counters) the deck orders and the
#: die's next faces could be worked out; a loaded die is the order of the next faces itself.
SECRET_KEYS = {"seed", "loaded_die", "rolls", "shuffles", "equipment_order", "unused_tiles"}


#: The default Rules and the switches that lead a handler elsewhere.
VARIANTS = [Rules(), Rules(expert=True), Rules(cards_stay_on_restart=False), Rules(relic_recipient_below_level_3=False),
            Rules(boxed_token_source="discard-first", speech_penalty=False)]


def at_encounter(players: int, tile_name: str, seed: int | str = 0, **rules: Any) -> State:
    """A game whose Airplane has just landed on the named tile, in the Encounter Phase."""
    return _at_encounter(players, tile_name, seed, Rules(**rules))


def kinds(state: State) -> set[type]:
    """The kinds of action allowed now."""
    return {type(action) for action in legal_actions(state)}


def hidden_ids(state: State, viewer: int) -> set[str]:
    """Ids the viewer must never see (MAD-R08, MAD-R09 and the face-down rules)."""
    hidden = set(state.equipment_deck) | set(state.unused_tiles)
    for deck in state.madness_decks:
        hidden |= set(deck)
    hidden |= set(state.madness_box)
    for p in range(state.players):
        if p != viewer:
            hidden |= set(state.hands[p]) | set(state.madness[p])
    if state.phase in (Phase.ENCOUNTER, Phase.TIMER):
        hidden |= {c for p, c in state.sled if p != viewer}
    shown = state.search_shown[1] if state.search_shown else None
    hidden |= {t for t in state.board.values() if t is not None and t != shown}
    return hidden


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


def _runs(items: Sequence[str], length: int = 3) -> Iterator[str]:
    """Every run of `length` consecutive ids of a pile, as JSON would write it."""
    for start in range(len(items) - length + 1):
        yield json.dumps(items[start:start + length])[1:-1]


def assert_no_leak(state: State) -> None:
    """No player view holds a hidden card or tile, the seed, or the order of any face-down deck."""
    seed = str(state.seed)
    assert len(seed) >= 6, "use a distinctive seed (6 characters or more), so finding it in a view means a leak"
    for viewer in range(state.players):
        view = player_view(state, viewer)
        text = json.dumps(view)
        for item in hidden_ids(state, viewer):
            assert f'"{item}"' not in text, f"{item} leaks into P{viewer + 1}'s view (MAD-R08)"
        assert seed not in text, f"the seed leaks into P{viewer + 1}'s view"
        assert not SECRET_KEYS & set(_keys(view)), f"P{viewer + 1}'s view holds {SECRET_KEYS & set(_keys(view))}"
        for deck in (state.equipment_deck, *state.madness_decks):
            for run in _runs(deck):
                assert run not in text, f"the order of a face-down deck leaks into P{viewer + 1}'s view"
            assert isinstance(view["equipment_deck"], int) and all(isinstance(n, int) for n in view["madness_decks"])


def assert_conserved(state: State) -> None:
    pack = state.pack
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
    assert state.sled_tokens + state.discard_tokens + state.boxed_tokens == state.rules.tokens == (
        state.rules.leadership_tokens or 6), "the 6 Leadership tokens (or the house rule's) are conserved"
    on_boards = sum(len(c) for c in state.covers)
    assert sum(state.relic_tokens.values()) + on_boards == 11
    if state.phase is Phase.OVER:
        assert state.outcome in ("escaped", "no hope", "injuries")
    else:
        assert state.tokens_in_play > 0
    assert GAME.invariants(state) == []


def assert_step(before: State, after: State) -> None:
    assert_conserved(after)
    for p in range(before.players):
        assert level(after, p) >= level(before, p), "Madness levels only rise"
        if not before.rules.expert:
            assert len(after.madness[p]) <= 1
    assert after.boxed_tokens >= before.boxed_tokens


Step = Callable[[State, Action, State, list[Event]], None]


def play_bots(players: int, seed: int | str, rules: Rules | None = None, bots: Sequence[str] | None = None,
              on_step: Step | None = None, max_actions: int = 5000) -> tuple[State, list[str]]:
    """One expedition played by a table of bots through the protocol (the checked apply); the
    final state and the actions' texts. `on_step(before, action, after, events)` sees every step."""
    state = GAME.new_game(players, seed, rules)
    table = GAME.make_bots(list(bots or ["expedition"] * players), seed)
    texts: list[str] = []
    while not state.is_over:
        assert len(texts) < max_actions, f"no end within {max_actions} actions"
        legal = legal_actions(state)
        action = table[state.leader].choose(state, legal)
        assert action in legal, f"a bot chose {action}, which is not legal"
        after, events = apply(state, action)
        if on_step is not None:
            on_step(state, action, after, events)
        texts.append(action.text())
        state = after
    return state, texts


def played(players: int, seed: str, rules: Rules, bots: str, loaded: bool = False) -> list[tuple[State, Any]]:
    """Every (state, action) of one game: random choices, or a table of the bots; `loaded`: the
    Penalty Die shows faces set in advance (as lessons load it), which a roll takes from the state."""
    rng = random.Random(seed)
    table = GAME.make_bots([bots] * players, seed)
    state = GAME.new_game(players, seed, rules)
    if loaded:
        state.loaded_die = [rng.choice(state.pack.die) for _ in range(40)]
    steps = []
    while not state.is_over:
        legal = legal_actions(state)
        action = rng.choice(legal) if bots == "random" else table[state.leader].choose(state, legal)
        steps.append((state, action))
        state = apply_legal(state, action)[0]
    return steps
