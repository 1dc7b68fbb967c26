"""Random expeditions: 600 seeded games per run (300 more run through the protocol, in tests/core),
3-5 players, expert on and off, invariants after every action.

Half the games are played by tables of expedition players (they reach the end of the game), half by a
random policy (it reaches odd corners: broken silences, restarts, token starvation). After every
action: cards, Relics, Madness cards, tiles and the 6 Leadership tokens are conserved and Madness
only rises. On a sample: no player view holds a hidden card or tile, the seed or a deck's order
(MAD-R08, MAD-R09), every legal action applies, random candidate actions the rules refuse are
refused with the state untouched, JSON and record replay give the same state.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction
from rulesbook.core.records import GameRecord
from rulesbook.madness import GAME, Rules, State, apply, legal_actions, new_game
from madness_candidates import candidates
from madness_helpers import assert_conserved, assert_no_leak, assert_step, play_bots
from simulation_scale import scaled


def check_illegal_refused(state: State, rng: random.Random, tries: int = 12) -> None:
    legal = set(legal_actions(state))
    snapshot = json.dumps(state.to_json(), sort_keys=True)
    pool = candidates(state)
    for action in rng.sample(pool, min(tries, len(pool))):
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.rule and error.value.reason
    assert json.dumps(state.to_json(), sort_keys=True) == snapshot, "a refused action left the state untouched"


def run_random_game(players: int, seed: str, expert: bool, deep: bool, max_actions: int = 400) -> State:
    rng = random.Random(f"{seed}:{players}:{expert}")
    rules = Rules(expert=expert)
    state = new_game(players, seed, rules)
    assert_conserved(state)
    actions = []
    while not state.is_over and len(actions) < max_actions:
        legal = legal_actions(state)
        assert legal, "a game that is not over always has a decision to take"
        if deep and len(actions) % 7 == 0:
            snapshot = json.dumps(state.to_json(), sort_keys=True)
            for action in legal:  # every legal action applies, and apply never changes its input
                after, _ = apply(state, action)
                assert_step(state, after)
            assert json.dumps(state.to_json(), sort_keys=True) == snapshot
            check_illegal_refused(state, rng)
            assert_no_leak(state)
        action = rng.choice(legal)
        after, _ = apply(state, action)
        assert_step(state, after)
        state = after
        actions.append(action.text())
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
        record = GameRecord("madness", players, seed, rules, actions)
        assert GameRecord.from_json(record.to_json()).final_state() == state
    return state


def run_bot_game(players: int, seed: str, expert: bool, deep: bool) -> State:
    steps = []

    def check(before, action, after, events):
        assert_step(before, after)
        if deep:
            steps.append(1)
            if len(steps) % 5 == 0 or after.search_shown:
                assert_no_leak(after)
            hidden = {c for h in after.hands for c in h} | {m for ms in after.madness for m in ms}
            for event in events:
                if event.seen_by is None:  # public events never carry a hidden card id
                    values = [v for value in event.data.values() for v in (value if isinstance(value, tuple) else (value,))]
                    assert not (set(map(str, values)) & hidden), event

    rules = Rules(expert=expert)
    state, actions = play_bots(players, seed, rules, on_step=check)
    assert state.is_over
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
        record = GameRecord("madness", players, seed, rules, actions)
        assert GameRecord.from_json(record.to_json()).final_state() == state
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("expert", [False, True])
def test_random_policy_games_keep_every_invariant(players, expert):
    for seed in range(scaled(25)):  # 6 x 25 = 150 games (at RULESBOOK_TEST_SCALE 1)
        run_random_game(players, f"random-{seed}", expert, deep=seed % 6 == 0)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("expert", [False, True])
def test_bot_expeditions_keep_every_invariant_and_end(players, expert):
    results = set()
    games = scaled(25)  # 6 x 25 = 150 games (at RULESBOOK_TEST_SCALE 1)
    for seed in range(84):
        if seed >= games and "escaped" in results:  # a smaller scale plays on to the first escape
            break
        state = run_bot_game(players, f"bots-{1000 + seed}", expert, deep=seed % 12 == 0)
        results.add(state.outcome)
    assert "escaped" in results


@settings(max_examples=scaled(25))
@given(seed=st.integers(10**6, 10**9), players=st.sampled_from([3, 4, 5]), expert=st.booleans())
def test_hypothesis_seeds_deep_checks(seed, players, expert):
    run_random_game(players, f"h{seed}", expert, deep=True, max_actions=250)


def test_mixed_tables_of_bots_play_to_the_end():
    for seed in range(6):
        state, actions = play_bots(4, f"mixed-{seed}", bots=["expedition", "random", "expedition", "expedition"],
                                   on_step=lambda b, a, after, e: assert_step(b, after))
        assert state.is_over and actions


def test_the_protocol_table_asks_the_players_in_turn_from_the_leader():
    """In the Encounter Phase the table's bots act for themselves; the protocol only names the Leader (MAD-P01)."""
    state = GAME.new_game(4, "table-check")
    table = GAME.make_bots(["expedition"] * 4, "table-check")
    players_seen = set()
    while not state.is_over and state.turn < 6:
        action = table[GAME.current_player(state)].choose(state, GAME.legal_actions(state))
        players_seen.add(action.player)
        state = GAME.apply(state, action).state
    assert players_seen == {0, 1, 2, 3}  # every player put cards on the Sled at some point
