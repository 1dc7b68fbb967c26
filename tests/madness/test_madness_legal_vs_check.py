"""The list and the check, held against each other (issue 10).

`legal_actions` lists what the rules allow; `refusal` (what `apply` raises) says on its own whether one
action is allowed. They are written apart, so on every sampled state: every listed action passes
the check, and every candidate from a broad action space that passes the check is listed. The
states come from seeded games (random and bot tables, every player count, every Rules switch) and
from those states pushed into the rare corners: the Penalty Die with each face, failures with
everyone at Level 3, a Draw Phase with a deck exactly big enough, one card short or empty, a Rest
with one or two tokens left, Leaders whose Relic tokens cover each phase or equipment type.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from rulesbook.madness import GAME, Phase, Rules, legal_actions, refusal
from rulesbook.madness.actions import DIE_FACES
from rulesbook.madness.engine import hand_limit
from rulesbook.madness.state import State
from madness_candidates import candidates
from simulation_scale import scaled

VARIANTS = [
    Rules(),
    Rules(expert=True),
    Rules(speech_penalty=False, cards_stay_on_restart=False),
    Rules(relic_recipient_below_level_3=False, boxed_token_source="discard-first"),
]
#: How often a state of each phase is sampled (with its corners); the rest 3%.
RARE = {Phase.MOVEMENT: 0.1, Phase.FAILURES: 0.2, Phase.REWARD: 0.5, Phase.DIE: 0.12, Phase.DRAW: 0.12, Phase.REST: 0.05, Phase.TIMER: 0.05}
COVERS = ("Movement", "Encounter", "Resolution", "Draw", "Rest", "Crates", "Tools", "Weapons", "Books")


def everyone_at_level_3(state: State) -> State:
    s = state.copy()
    for p in range(s.players):
        s.madness_box.extend(s.madness[p])
        s.madness[p] = [s.madness_decks[2].pop()]
    return s


def deck_of(state: State, size: int) -> State:
    """The Equipment deck cut to `size` cards (the rest to the discard), or filled up to it from the discard."""
    s = state.copy()
    while len(s.equipment_deck) > size:
        s.equipment_discard.append(s.equipment_deck.pop(0))
    while len(s.equipment_deck) < size and s.equipment_discard:
        s.equipment_deck.append(s.equipment_discard.pop())
    return s


def tokens(state: State, sled: int, discard: int) -> State:
    s = state.copy()
    total = s.sled_tokens + s.discard_tokens + s.boxed_tokens
    s.sled_tokens, s.discard_tokens, s.boxed_tokens = sled, discard, total - sled - discard
    return s


def covering(state: State, what: str) -> State:
    s = state.copy()
    s.covers[s.leader] = [*s.covers[s.leader], what]
    return s


def corners(state: State, rng: random.Random) -> Iterator[tuple[str, State]]:
    """The state itself and its rare neighbours."""
    yield state.phase.value, state
    if state.phase is Phase.FAILURES:
        yield "failures, everyone at Level 3", everyone_at_level_3(state)
    if state.phase is Phase.REWARD and (state.reward or "").startswith("Relic"):
        yield "relic, everyone at Level 3", everyone_at_level_3(state)
        mixed = state.copy()
        mixed.madness_box.extend(mixed.madness[0])
        mixed.madness[0] = [mixed.madness_decks[2].pop()]
        yield "relic, one at Level 3", mixed
    if state.phase is Phase.DIE:
        for face in DIE_FACES:
            s = state.copy()
            s.die = face
            yield f"die {face}", s
        yield "die, no token on the Sled", tokens(state, 0, min(2, state.tokens_in_play))
    if state.phase is Phase.DRAW:
        limit = hand_limit(state)
        wanted = sum(max(0, limit - len(hand)) for hand in state.hands)
        for size, name in ((wanted, "exactly enough"), (wanted - 1, "one card short"), (0, "empty"), (1, "one card")):
            if size >= 0:
                yield f"draw, deck {name}", deck_of(state, size)
        above = state.copy()
        above.hands[0], above.equipment_deck = above.hands[0] + above.equipment_deck[:2], above.equipment_deck[2:]
        yield "draw, a hand above the limit", above
    if state.phase is Phase.REST:
        for sled, discard in ((1, 0), (0, 1), (1, 1), (0, 2), (2, 0)):
            if sled + discard <= state.sled_tokens + state.discard_tokens + state.boxed_tokens:
                yield f"rest, tokens {sled}+{discard}", tokens(state, sled, discard)
    if state.phase in (Phase.MOVEMENT, Phase.TIMER, Phase.DIE, Phase.DRAW, Phase.REST, Phase.ENCOUNTER):
        yield "covered Leader", covering(state, rng.choice(COVERS))
        yield "no token on the Sled", tokens(state, 0, state.sled_tokens + state.discard_tokens)
    if state.phase is Phase.ENCOUNTER:
        s = state.copy()
        s.talking = not s.talking
        yield "encounter, talk switched", s


def sampled_states(games: int = 48) -> Iterator[tuple[str, State]]:
    for index in range(games):
        players = 3 + index % 3
        rules = VARIANTS[index % len(VARIANTS)]
        seed = f"legal-vs-check:{index}"
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, rules)
        bots = GAME.make_bots(["expedition" if index % 2 else "random"] * players, seed)
        while not state.is_over:
            if rng.random() < RARE.get(state.phase, 0.03):
                yield from corners(state, rng)
            action = bots[state.leader].choose(state, legal_actions(state))
            state = GAME.apply(state, action).state
        yield "over", state


def test_the_legal_list_and_the_check_agree_on_sampled_states():
    covered: Counter[str] = Counter()
    for name, state in sampled_states(scaled(48, least=12)):  # 48 games at RULESBOOK_TEST_SCALE 1, 12 at least
        covered[name] += 1
        legal = legal_actions(state)
        for action in legal:
            assert refusal(state, action) is None  # every listed action passes the referee
        listed = set(legal)
        pool = candidates(state)
        assert listed <= set(pool), f"{name}: the candidates miss {listed - set(pool)}"
        for candidate in pool:
            error = refusal(state, candidate)
            if candidate in listed:
                assert error is None, f"{name}: '{candidate}' is listed but the check refuses it: {error}"
            else:
                assert error is not None, f"{name}: the check allows '{candidate}' but it is not listed"
                assert error.rule and error.reason
    total = sum(covered.values())
    assert total >= scaled(1500), covered
    for corner in ("die Accident", "die Confusion", "die Loss of Confidence", "failures, everyone at Level 3",
                   "draw, deck exactly enough", "draw, deck one card short", "draw, deck empty", "rest, tokens 1+0",
                   "rest, tokens 0+2", "relic, everyone at Level 3", "covered Leader", "movement", "over"):
        assert covered[corner] >= scaled(10), (corner, covered)
