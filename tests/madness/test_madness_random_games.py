"""Random expeditions: 1,000+ seeded games per run, 3-5 players, expert on and off, invariants after every action.

Half the games are played by ExpeditionBots (they reach the end of the game), half by a random
policy (it reaches odd corners: broken silences, restarts, token starvation). After every action:
cards, Relics, Madness cards, tiles and the 6 Leadership tokens are conserved and Madness only
rises. On a sample: no hidden card in another player's view (MAD-R08), every legal action applies,
random illegal actions are refused with the state untouched, JSON and record replay give the same state.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction
from rulesbook.madness import Rules, State, apply, legal_actions, make_record, new_game, play_game, replay_record
from rulesbook.madness.state import Action
from madness_helpers import assert_conserved, assert_no_leak, assert_step

KINDS = ["ignore", "move", "play", "speak", "time_up", "restart", "resolve", "give", "search", "take", "madness", "roll",
         "accept", "reroll", "raise", "deal", "deal_to", "rest", "no_rest"]
ARGS = ["C1", "C9", "M3", "E1", "X1", "X3", "Tools 6", "Arcane Books 10", "Injury", "Crates 2", "Specimen B", "Ruin D",
        "Tools 7-9", "Crates 8-10", "Accident", "Confusion", "Loss of Confidence", "Books 14", ""]


def random_action(rng: random.Random, state: State) -> Action:
    return Action(rng.randrange(state.count + 1), rng.choice(KINDS), rng.choice(ARGS), rng.randrange(-1, state.count + 1))


def check_illegal_refused(state: State, rng: random.Random, tries: int = 6) -> None:
    legal = set(legal_actions(state))
    snapshot = json.dumps(state.to_json(), sort_keys=True)
    for _ in range(tries):
        action = random_action(rng, state)
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.rule and error.value.reason
    assert json.dumps(state.to_json(), sort_keys=True) == snapshot, "a refused action left the state untouched"


def run_random_game(players: int, seed: int, expert: bool, deep: bool, max_actions: int = 400) -> State:
    rng = random.Random(f"{seed}:{players}:{expert}")
    state = new_game(players, seed, Rules(expert=expert))
    assert_conserved(state)
    actions = []
    while state.phase != "over" and len(actions) < max_actions:
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
        actions.append(action.text)
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert replay_record(json.loads(json.dumps(make_record(state, actions)))) == state
    return state


def run_bot_game(players: int, seed: int, expert: bool, deep: bool) -> State:
    steps = []

    def check(before, action, after, events):
        assert_step(before, after)
        if deep:
            steps.append(1)
            if len(steps) % 5 == 0:
                assert_no_leak(after)
            for event in events:
                if event.seen_by is None:  # public events never carry a hidden card id
                    hidden = {c for h in after.hands for c in h} | {m for ms in after.madness for m in ms}
                    assert not (set(map(str, event.data)) & hidden) or event.kind in ("reveal",), event

    state, actions = play_game(players, seed, Rules(expert=expert), on_step=check)
    assert state.phase == "over"
    if deep:
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert replay_record(json.loads(json.dumps(make_record(state, actions)))) == state
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("expert", [False, True])
def test_random_policy_games_keep_every_invariant(players, expert):
    for seed in range(84):  # 6 x 84 = 504 games
        run_random_game(players, seed, expert, deep=seed % 6 == 0)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("expert", [False, True])
def test_bot_expeditions_keep_every_invariant_and_end(players, expert):
    results = set()
    for seed in range(84):  # 6 x 84 = 504 games
        state = run_bot_game(players, 1000 + seed, expert, deep=seed % 12 == 0)
        results.add(state.result)
    assert "escaped" in results


@settings(max_examples=25)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4, 5]), expert=st.booleans())
def test_hypothesis_seeds_deep_checks(seed, players, expert):
    run_random_game(players, seed, expert, deep=True, max_actions=250)


def test_mixed_tables_of_bots_play_to_the_end():
    from rulesbook.madness import ExpeditionBot, RandomBot

    for seed in range(6):
        bots = [ExpeditionBot(0), RandomBot(seed), ExpeditionBot(2), ExpeditionBot(3)]
        state, actions = play_game(4, seed, bots=bots, on_step=lambda b, a, after, e: assert_step(b, after))
        assert state.phase == "over" and actions
