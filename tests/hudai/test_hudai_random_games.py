"""Random simulation: 1,000+ seeded games with invariants after every action, refusals that leave the
state untouched, records that replay, and states that survive a JSON round trip."""

from __future__ import annotations

import json

from hudai_testkit import assert_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction
from rulesbook.core.rng import seeded_random
from rulesbook.hudai import HudaiState, Rules, apply, legal_actions, new_game, parse_action
from rulesbook.hudai.bots import GreedyMonk, HeuristicMonk, RandomMonk, play_game
from rulesbook.hudai.records import make_record, record_from_json, record_to_json, replay_record

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


def check_game(seed: int, rules: Rules, greedy_share: float, clever=GreedyMonk) -> HudaiState:
    """Plays one game mixing random choices with a bot's (`greedy_share` of them), checking everything
    after every action."""
    rng = seeded_random(seed, "test policy")
    random_monk, heuristic_monk = RandomMonk(seed), clever(seed)
    state = new_game(seed, rules)
    assert_invariants(state)
    played = []
    step = 0
    while not state.is_over:
        legal = legal_actions(state)
        assert legal, "a running game always offers a decision"
        legal_texts = {action.text for action in legal}
        assert len(legal_texts) == len(legal)
        # a sample of illegal actions is refused, with a rule, and the state untouched
        before = state.to_dict()
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
        action = monk.choose(state)
        assert parse_action(action.text) == action
        state, events = apply(state, action)
        assert events and all(event.text for event in events)
        assert_invariants(state)
        if step % 25 == 0:
            assert HudaiState.from_json(state.to_json()) == state
        played.append(action.text)
        step += 1
    assert legal_actions(state) == []
    # the record replays to the same final state, also after a trip through JSON text
    record = record_from_json(record_to_json(make_record(seed, rules, played, state)))
    assert replay_record(record) == state
    assert HudaiState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    powers=st.sampled_from(POWER_SETS),
    greedy_share=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_games_keep_every_invariant(seed, powers, greedy_share):
    """1,000 seeded games per run: cards conserved, cube pools respected, refusals clean, replay and JSON equal."""
    check_game(seed, Rules(powers=powers), greedy_share)


def test_heuristic_games_keep_every_invariant():
    """The search bot's games (it applies many look-ahead actions) obey the same invariants."""
    for seed in range(12):
        check_game(seed, Rules(), 1.0, HeuristicMonk)


def test_fixed_seeds_give_the_same_games():
    """Same seed, same actions, same game: a bot game is reproducible."""
    first, actions = play_game(HeuristicMonk(7), 7)
    second, again = play_game(HeuristicMonk(7), 7)
    assert first == second and actions == again


def test_games_reach_every_ending():
    """Across many games, the monk wins, and loses by health, corruption and a power above 12."""
    outcomes = set()
    for seed in range(400):
        final, _ = play_game(GreedyMonk(seed) if seed % 2 else RandomMonk(seed), seed)
        outcomes.add(final.outcome)
    assert {"won", "health", "corruption", "power"} <= outcomes


def test_a_record_that_does_not_match_its_final_state_is_refused():
    final, played = play_game(GreedyMonk(3), 3)
    record = make_record(3, Rules(), played, final)
    assert replay_record(record) == final
    record["final"]["demon_health"] += 1
    try:
        replay_record(record)
    except ValueError as error:
        assert "final state" in str(error)
    else:
        raise AssertionError("a tampered record replayed without complaint")


def test_state_json_names_unknown_fields():
    data = new_game(1).to_dict()
    data["dragon"] = 1
    try:
        HudaiState.from_dict(data)
    except ValueError as error:
        assert "dragon" in str(error)
    else:
        raise AssertionError("an unknown field was accepted")
