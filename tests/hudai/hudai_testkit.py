"""Helpers for the Hudai Pass tests: arranged positions and the invariants every state must keep."""

from __future__ import annotations

from collections import Counter

from rulesbook.core.harness import Played, play as harness_play
from rulesbook.hudai import State, Rules, apply, legal_actions, new_game
from rulesbook.hudai.protocol import GAME
from rulesbook.hudai.state import LOST_POWER, PILES, Phase

CARD_PILES = ("draw_pile", "hand", "discard", "combo", "removed", "black_supply", "mind_deck", "mind_discard", "mind_river")


def arrange(rules: Rules | None = None, seed: int = 0, **fields) -> State:
    """A state after set-up with the named piles and counters as given; every card not placed
    lies where set-up puts it (white -> draw pile, black -> supply, others -> mind deck), so
    the card set stays whole (a card whose home pile the test fixed goes to `removed`)."""
    state = new_game(seed=seed, rules=rules).copy()
    placed = Counter()
    for pile in CARD_PILES:
        if pile in fields:
            placed.update(fields[pile])
    cards = state.rules.cards
    home = {"start": "draw_pile", "corruption": "black_supply", "mind": "mind_deck"}
    piles = {pile: list(fields.get(pile, [])) for pile in CARD_PILES}
    for card in cards.cards:
        if placed[card.code]:
            continue
        pile = home[card.deck]
        if pile in fields:  # the test fixed that pile: the card is out of the game
            if "removed" in fields:
                raise ValueError(f"arrange: nowhere to put {card.code}")
            pile = "removed"
        piles[pile].append(card.code)
    for pile in CARD_PILES:
        setattr(state, pile, piles[pile])
    for name, value in fields.items():
        if name not in CARD_PILES:
            setattr(state, name, list(value) if isinstance(value, list) else Phase(value) if name == "phase" else value)
    assert_invariants(state)
    return state


def play(state: State, *actions: str) -> tuple[State, list]:
    """Apply the actions in turn; returns the last state and all the events."""
    events = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def end_turn(state: State, *step2: str) -> tuple[State, list]:
    """End the combo and step 2 (default: pass) so that steps 3-5 run."""
    state, events = play(state, "end", *(step2 or ("pass",)))
    assert_invariants(state)
    return state, events


#: Three different tiles (HUD-R12) that leave the monk's health, corruption and hand alone.
HARMLESS = ("defend", "entangle", "drain")


def quiet(names: tuple[str, str, str], **fields) -> State:
    """A position whose demon powers are `names`, with no hand (unless given), nothing to draw and an empty river."""
    fields = {"hand": [], "draw_pile": [], "discard": [], "mind_river": [], **fields}
    return arrange(Rules(powers=names), **fields)


def texts(state: State) -> set[str]:
    return {action.text() for action in legal_actions(state)}


def assert_invariants(state: State) -> None:
    """What no rule may ever break: cards conserved, cubes within their pools, nothing negative."""
    rules = state.rules
    everything = sorted(card.code for card in rules.cards.cards)
    assert sorted(state.all_cards()) == everything, "cards are not conserved across the piles"
    for pile in PILES:
        assert len(set(getattr(state, pile))) == len(getattr(state, pile)), f"a card appears twice in {pile}"
    assert 0 <= state.monk_health <= rules.monk_health
    assert 0 <= state.corruption <= rules.corruption_capacity
    assert 0 <= state.demon_health <= rules.demon_health
    assert all(cubes >= 0 for cubes in state.powers), "a power went negative"
    assert all(cubes >= 0 for cubes in state.pinned), "a pin went negative"
    assert state.staged_damage >= 0 and state.demon_block >= 0 and state.purchase >= 0
    if state.outcome != LOST_POWER:
        assert all(cubes <= rules.power_limit for cubes in state.powers), "a power is over the limit but the game goes on"
    assert len(state.mind_river) <= rules.river_size
    assert (state.outcome is None) == (not state.is_over)
    if state.phase != "over":
        assert all(card.startswith("K") for card in state.black_supply)


def bot_game(bot: str, seed: int | str, rules: Rules | None = None, *, record: bool = False) -> Played:
    """One game of the named bot through the common harness (the protocol's fast path)."""
    return harness_play(GAME, 1, seed, rules if rules is not None else Rules(), [bot], record=record)
