"""Random-simulation tests (OpenSpiel's idea): many seeded games, invariants after every action.

600 random games per run (300 more run through the protocol, in tests/core): 2, 3 and 4 players,
both editions, the optional rule on and off; and games under the house rules.
After every action: the 52 cards are all accounted for, the Mountain is one piece, no card holds
more pawns than allowed, hands hold at most three cards (or the house rule's hand size), the
pawns are placed in their order; on sampled states every legal action
applies and a sample of other actions is refused with the state untouched. Each game lasts the
right number of rounds and its record replays to the same final state; a sample of games also
round-trips every state through JSON.
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core import IllegalAction
from rulesbook.inferno import DECK, Colour, Disciple, Position, Rules
from rulesbook.inferno.actions import (
    BISON,
    FAN,
    GUAN_YIN,
    Cancel,
    DiscardEvents,
    EndPlay,
    LayDisciple,
    Pass,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    Stay,
    Step,
    parse_action,
    red_boy,
)
from rulesbook.inferno.cards import DISCIPLE_CARDS
from rulesbook.inferno.state import State
from rulesbook.inferno.engine import Phase, apply, legal_actions, new_game
from rulesbook.core.records import GameRecord
from simulation_scale import scaled

CONFIGS = [
    (players, Rules(edition=edition, two_pawns=two_pawns))
    for players in (2, 3, 4)
    for edition in ("en", "zh")
    for two_pawns in (False, True)
]
GAMES_PER_CONFIG = scaled(25)  # 12 configurations: 300 games (at RULESBOOK_TEST_SCALE 1)
#: The house rules, each alone and all at once, in both editions.
HOUSE_RULES = {
    "reverse-placing": {"pawns_placed_in_reverse": True},
    "starting-points": {"starting_points": (0, 1, 2, 3)},
    "hand-of-1": {"hand_size": 1},
    "hand-of-6": {"hand_size": 6},
    "negatives-kept": {"negative_scores_kept": True},
    "bison-reach": {"bison_reach": (2, 7)},
    "all": {"pawns_placed_in_reverse": True, "starting_points": (5, 0, 3), "hand_size": 4, "negative_scores_kept": True},
}
HOUSE_CONFIGS = [(players, edition, name) for name in HOUSE_RULES for edition in ("en", "zh") for players in (2, 3, 4)]


def check_invariants(state):
    assert state.all_cards() == DECK_COUNTS, "the 52 cards are all accounted for"
    mountain = state.mountain
    assert mountain.is_whole(), "the Mountain is one piece (MOI-R15)"
    for place in set(mountain.pawns.values()):
        assert len(mountain.pawns_at(place)) <= state.rules.max_pawns_per_card, "MOI-R13"
    rules = state.rules
    assert all(len(hand) <= rules.hand_size for hand in state.hands)
    if state.phase in (Phase.PLAY, Phase.RESPOND, Phase.STEP):
        assert set(mountain.pawns) == set(state.colours)
    if state.phase is Phase.PLACE_PAWN:
        assert all(not hand for hand in state.hands), "hands are dealt after the pawns are placed (MOI-R19)"
        placed = len(mountain.pawns)
        way = -1 if rules.pawns_placed_in_reverse else 1
        start = state.first_seat - 1 if rules.pawns_placed_in_reverse else state.first_seat
        assert state.seat == (start + way * placed) % state.players, "the pawns are placed in their order (MOI-R19)"
    elif state.phase is Phase.PLAY and not state.played and state.turns == 0 and not state.discard_pile:
        assert state.seat == state.first_seat, "the first player plays first, whoever placed first"
    if state.phase is Phase.RESPOND:
        assert state.pending.responders and state.pending.player not in state.pending.responders
    if state.rules.play_limit is not None:
        assert len(state.played) <= state.rules.play_limit, "MOI-R04"
    if not rules.negative_scores_kept:
        assert all(total >= 0 for total in state.totals), "MOI-R12"
    assert 0 <= state.idle_turns < state.players, "a full cycle of idle turns ends the round (MOI-R20)"

DECK_COUNTS = Counter(DECK)


def candidate_actions(state, rng, count=12):
    """A sample of actions of every kind, most of them illegal here."""
    places = list(state.mountain.cards) or [(0, 0)]
    rows = [r for r, _ in places]
    columns = [c for _, c in places]
    box = [
        (r, c)
        for r in range(min(rows) - 2, max(rows) + 3)
        for c in range(min(columns) - 2, max(columns) + 3)
    ]
    colours = list(Colour)
    pictures = list(Disciple)
    makers = [
        lambda: PlacePawn(rng.choice(box)),
        lambda: LayDisciple(rng.choice(DISCIPLE_CARDS), rng.choice(box)),
        lambda: PlayBison(rng.choice(colours), rng.choice(box), rng.choice([1, 2])),
        lambda: PlayPrincess(rng.choice(colours), rng.choice(box)),
        lambda: PlayRedBoy((rng.choice(pictures),), rng.choice(box)),
        lambda: PlayRedBoy(tuple(sorted(rng.sample(pictures, 2), key=lambda d: d.code)), rng.choice(box)),
        lambda: DiscardEvents(tuple(sorted(rng.sample([BISON, FAN, GUAN_YIN, red_boy(rng.choice(pictures))], rng.randint(1, 3)), key=lambda c: c.code))),
        lambda: Cancel(rng.choice([(FAN,), (FAN, FAN), (GUAN_YIN,), (BISON,), (BISON, BISON)])),
        lambda: Step(rng.choice(colours), rng.choice(box)),
        EndPlay,
        Pass,
        Stay,
    ]
    return [rng.choice(makers)() for _ in range(count)]


def play_and_check(players, rules, seed, deep=False):
    rng = random.Random(f"sim:{seed}")
    state = new_game(players, seed, rules)
    record = GameRecord("inferno", players, seed, rules)
    check_invariants(state)
    while not state.is_over:
        actions = legal_actions(state)
        assert actions, "a game that is not over always has a legal action"
        assert state.winners == (), "nobody has won before the end, even while leading on points"
        legal = set(actions)
        assert len(legal) == len(actions)
        if deep or rng.random() < 0.03:
            before = state.to_json()
            assert eval(repr(state.mountain), {"Position": Position, "Rules": Rules}) == state.mountain, "a teacher may copy it"
            for action in actions:
                apply(state, action)
                assert parse_action(str(action)) == action
            for action in candidate_actions(state, rng):
                if action in legal:
                    apply(state, action)
                    continue
                try:
                    apply(state, action)
                except IllegalAction as refused:
                    assert refused.rule and refused.reason
                else:
                    raise AssertionError(f"'{action}' was accepted but is not among the legal actions")
            assert state.to_json() == before, "refused actions leave the state untouched"
            if deep:
                assert State.from_json(before) == state
        action = rng.choice(actions)
        state, events = apply(state, action)
        assert events and all(event.text for event in events)
        record.actions.append(str(action))
        check_invariants(state)
    assert len(state.results) == rules.rounds(players)
    assert state.winners and all(state.totals[seat] == max(state.totals) for seat in state.winners)
    assert sum(result.turns for result in state.results) > 0
    replayed = GameRecord.from_json(record.to_json()).final_state()
    assert replayed == state
    return state


@pytest.mark.parametrize("players, rules", CONFIGS, ids=[f"{p}p-{r.edition}-{'two' if r.two_pawns else 'one'}" for p, r in CONFIGS])
def test_random_games_keep_every_invariant(players, rules):
    endings = Counter()
    for index in range(GAMES_PER_CONFIG):
        state = play_and_check(players, rules, seed=1000 * players + index, deep=index % 40 == 0)
        endings.update(result.reason for result in state.results)
    assert endings["b"] > 0


@pytest.mark.parametrize("players, edition, name", HOUSE_CONFIGS, ids=[f"{p}p-{e}-{n}" for p, e, n in HOUSE_CONFIGS])
def test_random_games_under_house_rules_keep_every_invariant(players, edition, name):
    house = {field: value[:players] if field == "starting_points" else value for field, value in HOUSE_RULES[name].items()}
    rules = Rules(edition=edition, **house)  # points for the seats the game has (more are refused)
    for index in range(scaled(2)):  # every action checked against others, and JSON, in the first game of all the rules at once
        state = play_and_check(players, rules, seed=5000 * players + index, deep=index == 0 and name == "all")
        start = rules.starting_totals(players)
        assert state.totals == tuple(begun + sum(result.scored[seat] for result in state.results)
                                     for seat, begun in enumerate(start)), "the totals start from the starting points"
        if rules.negative_scores_kept:
            assert all(result.scored == result.raw for result in state.results), "every round score counts as it is"


@settings(max_examples=scaled(25))
@given(st.integers(2, 4), st.sampled_from(["en", "zh"]), st.booleans(), st.integers(0, 2**32), st.data())
def test_hypothesis_chosen_games_keep_every_invariant(players, edition, two_pawns, seed, data):
    rules = Rules(edition=edition, two_pawns=two_pawns)
    state = new_game(players, seed, rules)
    steps = 0
    while not state.is_over and steps < 400:
        actions = legal_actions(state)
        action = data.draw(st.sampled_from(actions))
        state, _ = apply(state, action)
        check_invariants(state)
        steps += 1
