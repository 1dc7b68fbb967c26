"""Random simulation: 600+ seeded games (300 more run through the protocol, in tests/core) with
invariants after every action, refusals that leave the state untouched, records (the common
GameRecord) that replay, and states that survive a JSON round trip."""

from __future__ import annotations

import json

from hudai_testkit import assert_invariants, bot_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction
from rulesbook.core.records import GameRecord
from rulesbook.core.rng import seeded_random
from rulesbook.hudai import State, Rules, apply, apply_legal, legal_actions, new_game, parse_action
from rulesbook.hudai.bots import GreedyMonk, HeuristicMonk, RandomMonk
from simulation_scale import scaled

CARDS = [f"{colour}{value}" for colour in "WGBRYK" for value in range(1, 7)]
POSITIONS = ("left", "centre", "right")
EVERY_ACTION = sorted(
    {f"{word} {card}" for word in ("play", "discard", "black", "remove", "swap", "obtain") for card in CARDS}
    | {f"{word} {position}" for word in ("value", "pin", "yellow") for position in POSITIONS}
    | {f"eye {a} {b}" for a in POSITIONS for b in POSITIONS}
    | {"build", "defend", "stab", "flow", "blue", "red", "end", "keep", "pass"}
)
POWER_SETS = [
    ("drain", "confuse", "mind_pierce"),
    ("crush", "defend", "entangle"),
    ("entangle", "drain", "crush"),
    ("mind_pierce", "confuse", "defend"),
]


def check_game(seed: int, rules: Rules, greedy_share: float, clever=GreedyMonk) -> State:
    """Plays one game mixing random choices with a bot's (`greedy_share` of them), checking everything
    after every action."""
    rng = seeded_random(seed, "test policy")
    random_monk, heuristic_monk = RandomMonk(seed), clever(seed)
    state = new_game(seed=seed, rules=rules)
    assert_invariants(state)
    played = []
    step = 0
    while not state.is_over:
        legal = legal_actions(state)
        assert legal, "a running game always offers a decision"
        legal_texts = {action.text() for action in legal}
        assert len(legal_texts) == len(legal)
        # a sample of illegal actions is refused, with a rule, and the state untouched
        before = state.to_dict()
        before_json = state.to_json() if step % 7 == 3 else None
        for text in rng.sample(EVERY_ACTION, 4):
            if text in legal_texts:
                continue
            try:
                apply(state, text)
            except IllegalAction as error:
                assert error.rule and error.reason
            else:
                raise AssertionError(f"{text!r} applied but is not listed as legal")
        assert state.to_dict() == before
        # every legal action applies (checked on a sample of states to keep the suite fast)
        if step % 7 == 0:
            for action in legal:
                after, _ = apply(state, action)
                assert_invariants(after)
            assert state.to_dict() == before
        monk = heuristic_monk if rng.random() < greedy_share else random_monk
        action = monk.choose(state, legal)
        assert parse_action(action.text()) == action
        state, events = apply(state, action)
        assert events and all(event.text for event in events)
        if step % 7 == 3:
            assert before_json is not None
            fast, fast_events = apply_legal(State.from_json(before_json), action)
            assert fast == state and fast_events == events, "the fast path agrees with the checked apply"
        assert_invariants(state)
        if step % 25 == 0:
            assert State.from_json(state.to_json()) == state
        played.append(action.text())
        step += 1
    assert legal_actions(state) == []
    # the record replays to the same final state, also after a trip through JSON text
    record = GameRecord.from_json(GameRecord("hudai", 1, seed, rules, played).to_json())
    assert record.final_state() == state
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


@settings(max_examples=scaled(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    powers=st.sampled_from(POWER_SETS),
    greedy_share=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_games_keep_every_invariant(seed, powers, greedy_share):
    """600 seeded games per run: cards conserved, cube pools respected, refusals clean, replay and JSON equal."""
    check_game(seed, Rules(powers=powers), greedy_share)


def test_heuristic_games_keep_every_invariant():
    """The search bot's games (it applies many look-ahead actions) obey the same invariants."""
    for seed in range(12):
        check_game(seed, Rules(), 1.0, HeuristicMonk)


def test_fixed_seeds_give_the_same_games():
    """Same seed, same actions, same game: a bot game is reproducible."""
    first = bot_game("heuristic", 7, record=True)
    second = bot_game("heuristic", 7, record=True)
    assert first.state == second.state and first.texts == second.texts


def test_games_reach_every_ending():
    """Across many games, the monk wins, and loses by health, corruption and a power above 12 (HUD-R09)."""
    outcomes = {bot_game("greedy" if seed % 2 else "random", seed).state.outcome for seed in range(400)}
    assert {"won", "health", "corruption", "power"} <= outcomes


def test_a_record_that_no_longer_applies_names_the_action():
    """A record whose action the rules refuse says which action, and why (the common GameRecord)."""
    played = bot_game("greedy", 3, record=True)
    record = GameRecord("hudai", 1, 3, Rules(), [*played.texts[:5], "obtain Y6"])
    try:
        record.final_state()
    except ValueError as error:
        assert "action 6 'obtain Y6'" in str(error)
    else:
        raise AssertionError("an action the rules refuse replayed without complaint")


def test_state_json_names_unknown_fields():
    data = new_game(seed=1).to_dict()
    data["dragon"] = 1
    try:
        State.from_dict(data)
    except ValueError as error:
        assert "dragon" in str(error)
    else:
        raise AssertionError("an unknown field was accepted")
