"""The list and the check, held against each other (issue 10).

`legal_actions` lists what the rules let the monk do now; `apply` refuses with `_refusal`, written
apart from it. On states from many seeded games, under many rules and house rules, and on the same
states with their counters jostled (cubes, staged damage, purchase, Entangle, whites played ...),
every listed action passes the check, every action of a broad action space that passes the check
is listed, and the fast path (`apply_legal`) does what the checked `apply` does.
"""

from __future__ import annotations

from collections import Counter

from hudai_testkit import assert_invariants

from rulesbook.core.rng import seeded_random
from rulesbook.hudai import (
    COLOURS,
    POSITIONS,
    Action,
    State,
    Rules,
    apply,
    apply_legal,
    is_legal,
    legal_actions,
    load_cards,
    new_game,
    parse_action,
    refusal,
)
from rulesbook.hudai.bots import GreedyMonk, RandomMonk
from rulesbook.hudai.state import COMBO, OBTAIN, OVER
from simulation_scale import scaled

CODES = [f"{colour}{value}" for colour in COLOURS for value in range(1, 7)]
#: Every action the notation can write: each card word with each card, each power word with each
#: position, 3rd eye with every pair (also a power to itself), and the words without argument.
ACTION_SPACE: tuple[Action, ...] = tuple(
    dict.fromkeys(
        parse_action(text)
        for text in (
            *(f"{word} {code}" for word in ("play", "discard", "black", "remove", "swap", "obtain") for code in CODES),
            *(f"{word} {position}" for word in ("value", "pin", "yellow") for position in POSITIONS),
            *(f"eye {a} {b}" for a in POSITIONS for b in POSITIONS),
            "build", "defend", "stab", "flow", "blue", "red", "end", "keep", "pass",
        )
    )
)

#: (rules, games): the default game and house rules that reach rare corners sooner (the games
#: and the MUST_SEE counts follow RULESBOOK_TEST_SCALE, see tests/simulation_scale.py).
TABLES = [
    (Rules(), 120),
    (Rules(powers=("crush", "defend", "entangle")), 60),
    (Rules(powers=("entangle", "mind_pierce", "crush")), 40),
    (Rules(powers=("confuse", "drain", "defend"), opening_hand=0, max_white_per_combo=1), 30),
    (Rules(power_limit=7, cubes_per_power=4, reshuffle_mind_deck=False), 30),
    (Rules(corruption_capacity=3, hand_size=6, river_size=5), 20),
    (Rules(demon_health=2, monk_health=20), 20),
    (Rules(max_turns=3, river_size=0, max_white_per_combo=0), 20),
    (Rules(cards=load_cards(), monk_health=3, cubes_per_power=0), 20),
]
JOSTLES_PER_STATE = 1


def allowed_by_the_check(state: State) -> list[Action]:
    return [action for action in ACTION_SPACE if is_legal(state, action)]


def situations(state: State) -> list[str]:
    """The corners of the rules this state stands in (to prove the sample reaches them)."""
    found = [f"phase {state.phase}"]
    if state.phase == OVER:
        found.append(f"over: {state.outcome}")
    if state.phase == OBTAIN and state.swapped:
        found.append("obtain after a swap")
    if state.phase == OBTAIN and not state.mind_river:
        found.append("obtain from an empty river")
    if state.phase != COMBO:
        return found
    if state.entangled and state.cards_played:
        found.append("entangled after one card")
    if state.whites_played >= state.rules.max_white_per_combo and any(code[0] == "W" for code in state.hand):
        found.append("white limit reached, a white in hand")
    if state.demon_block:
        found.append("the demon defends")
    if state.took_black:
        found.append("a black card taken")
    if not state.hand:
        found.append("empty hand")
    if state.combo and state.current_card is None:
        found.append("features lost to a Flow removal")
    if state.current_card is not None and state.open_features:
        card = state.rules.cards[state.current_card]
        for feature in state.open_features:
            found.append(f"open {feature}: {card.symbol if feature == 'symbol' else card.colour if feature == 'colour' else card.played_value}")
    return found


def jostled(state: State, rng) -> State:
    """The same cards with other counters: cubes, pins, staged damage, blocks, purchase, Entangle,
    whites played, the black card and the swap taken or not."""
    new = state.copy()
    new.powers = [rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 7, 12)) for _ in range(3)]
    new.staged_damage = rng.choice((0, 0, 1, 3))
    new.demon_block = rng.choice((0, 0, 1, 2))
    new.purchase = rng.randrange(0, 8)
    new.entangled = rng.random() < 0.3
    new.cards_played = max(len(new.combo), rng.randrange(0, 3))
    new.whites_played = max(sum(code[0] == "W" for code in new.combo), rng.randrange(0, 3))
    new.took_black = rng.random() < 0.3
    new.swapped = rng.random() < 0.3
    return new


def check_state(state: State, seen: Counter, *, fast_path: bool) -> None:
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal), f"an action is listed twice: {legal}"
    for action in legal:
        assert refusal(state, action) is None, f"listed but refused: {action.text()!r} ({refusal(state, action)}) in {state.summary()}"
    missing = [action.text() for action in allowed_by_the_check(state) if action not in set(legal)]
    assert not missing, f"allowed by the check but not listed: {missing} in phase {state.phase}, {state.summary()}"
    assert (state.phase == OVER) == (not legal)
    if fast_path:
        before = state.to_json()
        for action in legal:
            checked, events = apply(state, action)
            fast, fast_events = apply_legal(state, action)
            assert fast == checked and fast_events == events, f"the fast path differs for {action.text()!r}"
        assert state.to_json() == before, "applying changed the state it was given"
    seen["states"] += 1
    seen.update(situations(state))


#: What the sample must reach, at least this often: rare phases and corners of the rules.
MUST_SEE = {
    "phase flow": 200, "phase obtain": 1000, "obtain after a swap": 200, "obtain from an empty river": 20,
    "over: won": 20, "over: health": 20, "over: corruption": 20, "over: power": 20, "over: turn_limit": 5,
    "entangled after one card": 100, "white limit reached, a white in hand": 100, "the demon defends": 100,
    "a black card taken": 200, "empty hand": 200, "features lost to a Flow removal": 20,
    "open value: 6": 200, "open symbol: circles": 100, "open symbol: stones": 100, "open symbol: arrow": 100,
    "open colour: B": 50, "open colour: R": 50, "open colour: Y": 50,
}


def test_legal_actions_and_the_check_agree_on_states_from_many_games():
    """Issue 10: every listed action passes `apply`'s check and every action the check allows is
    listed, on every state of 360 seeded games under nine sets of rules, and on each state jostled;
    the fast path agrees with the checked apply on every fifth state."""
    seen: Counter = Counter()
    for table, (rules, games) in enumerate(TABLES):
        for game in range(scaled(games, least=2)):  # a few games of every table at any scale
            seed = f"legality:{table}:{game}"
            rng = seeded_random(seed, "policy")
            greedy_share = (0.0, 0.5, 0.9)[game % 3]
            monks = (RandomMonk(seed), GreedyMonk(seed))
            state = new_game(seed=seed, rules=rules)
            for step in range(5000):
                check_state(state, seen, fast_path=step % 5 == 0)
                for _ in range(JOSTLES_PER_STATE):
                    check_state(jostled(state, rng), seen, fast_path=False)
                if state.phase == OVER:
                    break
                monk = monks[rng.random() < greedy_share]
                state = apply_legal(state, monk.choose(state, legal_actions(state)))[0]
                if step % 50 == 0:
                    assert_invariants(state)
            else:
                raise AssertionError(f"game {seed!r} did not end")
    print(f"legal_actions against the check: {seen['states']} states", dict(sorted(seen.items())))
    short = {name: (seen[name], scaled(least)) for name, least in MUST_SEE.items() if seen[name] < scaled(least)}
    assert not short, f"the sample misses rare corners (seen, wanted): {short}"
    assert seen["states"] >= scaled(40_000)
