"""Monks that play by themselves, through the public API only (`legal_actions`, `apply`).

Each bot answers the protocol's bot interface, `choose(state, actions)`, given the legal actions.
`RandomMonk` picks any of them; `GreedyMonk` follows quick rules of thumb; `HeuristicMonk` tries
every order of its hand cards for the combo (features chosen greedily) and plays the one whose
position scores best; `SearchMonk` searches (information-set Monte Carlo tree search,
rulesbook.core.search), finishing each playout with the greedy monk. None of them peeks at hidden
cards: they see what a player at the table sees.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

from rulesbook.core.rng import MAX_BOT_SEED, check_seed, seeded_random
from rulesbook.core.search import InformationSetSearch
from rulesbook.hudai import actions as hudai_actions
from rulesbook.hudai.actions import Action
from rulesbook.hudai.cards import CardSet, neighbours_fit
from rulesbook.hudai.engine import apply_legal, is_legal, legal_actions
from rulesbook.hudai.rules import POSITION_INDEX
from rulesbook.hudai.state import FLOW, OBTAIN, State

A = TypeVar("A", bound=Action)


def _of_kind(actions: Sequence[Action], kind: type[A]) -> list[A]:
    return [action for action in actions if type(action) is kind]


def _power_index(action: Action) -> int:
    """The power a value, Pin or yellow action takes cubes from (0 left, 1 centre, 2 right)."""
    assert isinstance(action, (hudai_actions.UseValue, hudai_actions.Pin, hudai_actions.YellowPin))
    return POSITION_INDEX[action.power]


class RandomMonk:
    """Chooses uniformly among the legal decisions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        check_seed(seed, "seed", MAX_BOT_SEED)
        self.rng: random.Random = seeded_random(seed, "random monk")

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.rng.choice(actions)


def power_danger(name: str, cubes: int, state: State) -> float:
    """How much a power with this many cubes threatens the monk (higher is worse)."""
    if cubes <= 0:
        return 0.0
    if name == "drain":
        danger = 1.6 * cubes * (1.5 if state.monk_health <= 6 else 1.0)
    elif name == "mind_pierce":
        hits = (1 if state.corruption < 2 * cubes else 0) + (1 if cubes > 6 else 0)
        danger = 2.0 * hits * (1.5 if state.corruption >= state.rules.corruption_capacity - 3 else 1.0) + 0.3 * cubes
    elif name == "confuse":
        danger = 0.3 * cubes
    elif name == "crush":
        danger = 0.9 * cubes
    elif name == "defend":
        danger = 0.5 * cubes
    else:  # entangle
        danger = 0.6 * cubes
    limit = state.rules.power_limit
    if cubes > limit - 5:  # four hand cards may all feed one power
        danger += 6.0 * (cubes - (limit - 5))
    return danger


# How much a cube on a power of this kind hurts in the long run (feeding it by buying is bad).
FEED_COST = {"drain": 1.2, "mind_pierce": 0.5, "crush": 0.6, "confuse": 0.1, "defend": 0.3, "entangle": 0.3}


#: What a card's colour and its symbol add to its rough worth (`card_worth`): damage first.
_COLOUR_WORTH = {"R": 3.0, "B": 0.7, "Y": 0.7, "G": 0.3, "W": -0.3}
_SYMBOL_WORTH = {"drop": 2.5, "arrow": 1.0}


def card_worth(code: str, cards: CardSet) -> float:
    """A rough worth of a card for the monk: damage first, then the rest."""
    card = cards[code]
    return 1.0 + _COLOUR_WORTH.get(card.colour, 0.0) + _SYMBOL_WORTH.get(card.symbol, 0.0)


def play_worth(code: str, state: State, cards: CardSet) -> float:
    """What playing this card now is likely to bring, given the table."""
    card = cards[code]
    worth = 0.5
    hurts = 2.5 if state.demon_block == 0 else 0.8
    if card.colour == "R":
        worth += hurts
    if card.symbol == "drop":
        worth += hurts
    if card.symbol == "arrow":
        worth += 1.5
    if card.colour == "Y":
        worth += 0.6
    if card.symbol == "stones":
        worth += 1.5 if state.staged_damage > 0 else 0.1
    if card.colour == "B":
        worth += 1.5 if state.staged_damage > 1 or card.symbol != "stones" and state.staged_damage > 0 else 0.1
    if card.symbol == "hammers":
        worth += 1.0
    if card.symbol == "circles":
        worth += 0.6
    if card.symbol == "cog":
        worth += 1.2
    value = card.played_value
    if any(1 <= cubes <= value or value >= 6 and cubes for cubes in state.powers):
        worth += 1.0
    if card.colour == "K":
        worth += 1.0  # out of the hand before it corrupts
    return worth


def obtain_worth(code: str, state: State, cards: CardSet) -> float:
    """A river card's worth to the deck, less what it will feed the demon each time it is in hand."""
    card = cards[code]
    position = (card.value - 1) // 2
    return card_worth(code, cards) - 1.5 * FEED_COST[state.rules.powers[position]]


class GreedyMonk:
    """A quick rule-of-thumb monk: plays the most valuable order of cards it can, uses each feature
    where it lowers the danger most, and buys cards that hurt the demon without feeding him much."""

    name = "greedy"
    obtain_threshold = 0.5

    def __init__(self, seed: int | str = 0):
        self.seed = check_seed(seed, "seed", MAX_BOT_SEED)  # unused, yet refused as every bot refuses a bad seed

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        cards = state.rules.cards
        if state.phase == FLOW:
            return self._flow_choice(state, actions, cards)
        if state.phase == OBTAIN:
            return self._obtain_choice(state, actions, cards)
        return self._combo_choice(state, actions, cards)

    # -- step 1

    def _combo_choice(self, state: State, actions: Sequence[Action], cards: CardSet) -> Action:
        kinds = {type(action) for action in actions}
        for hit in (hudai_actions.RedStrike, hudai_actions.Stab):
            if hit in kinds:
                return _of_kind(actions, hit)[0]
        for setter, cubes in ((hudai_actions.Pin, 3), (hudai_actions.YellowPin, 1), (hudai_actions.UseValue, 1)):
            if setter in kinds:
                return max(_of_kind(actions, setter), key=lambda a: self._relief(state, _power_index(a), cubes))
        if hudai_actions.ThirdEye in kinds:
            best = max(_of_kind(actions, hudai_actions.ThirdEye), key=lambda a: self._move_gain(state, a))
            if self._move_gain(state, best) > 0:
                return best
        for kind in (hudai_actions.Defend, hudai_actions.BlueWard, hudai_actions.BuildUp, hudai_actions.Flow):
            if kind in kinds:
                return _of_kind(actions, kind)[0]
        if hudai_actions.TakeBlack in kinds:
            black = self._black_choice(state, _of_kind(actions, hudai_actions.TakeBlack), cards)
            if black is not None:
                return black
        if hudai_actions.PlayCard in kinds:
            plan = self._plan_cards(state, cards)
            if plan:
                return hudai_actions.PlayCard(plan[0])
        if hudai_actions.DiscardCard in kinds:
            return _of_kind(actions, hudai_actions.DiscardCard)[0]
        return hudai_actions.EndCombo()

    def _relief(self, state: State, index: int, cubes: int) -> float:
        name = state.rules.powers[index]
        now = state.powers[index]
        return power_danger(name, now, state) - power_danger(name, max(0, now - cubes), state)

    def _move_gain(self, state: State, action: hudai_actions.ThirdEye) -> float:
        source, target = POSITION_INDEX[action.source], POSITION_INDEX[action.target]
        names = state.rules.powers
        before = power_danger(names[source], state.powers[source], state) + power_danger(names[target], state.powers[target], state)
        after = power_danger(names[source], state.powers[source] - 1, state) + power_danger(names[target], state.powers[target] + 1, state)
        return before - after

    def _black_choice(self, state: State, takes: list[hudai_actions.TakeBlack], cards: CardSet) -> Action | None:
        """A black card only to finish the demon or to keep a power from overflowing."""
        if state.entangled and state.cards_played >= 1:
            return None
        room = state.rules.corruption_capacity - state.corruption
        if room <= 3:
            return None
        if state.demon_health <= 1 and state.demon_block == 0:
            for action in takes:
                if cards[action.card].symbol == "drop":
                    return action
        if max(state.powers) >= state.rules.power_limit - 3:
            preferred = sorted(takes, key=lambda a: (cards[a.card].symbol != "arrow", cards[a.card].symbol != "cog"))
            return preferred[0]
        return None

    def _plan_cards(self, state: State, cards: CardSet) -> list[str]:
        """The most valuable order of hand cards that can follow the combo row (searched exhaustively)."""
        hand = list(dict.fromkeys(state.hand))
        limit = 1 - state.cards_played if state.entangled else len(hand)
        if limit <= 0:
            return []
        whites_left = state.rules.max_white_per_combo - state.whites_played
        last = state.combo[-1] if state.combo else None
        best: tuple[float, list[str]] = (0.0, [])
        worths = {code: play_worth(code, state, cards) for code in hand}
        if len(hand) > 6:
            hand = sorted(hand, key=lambda code: -worths[code])[:6]
        for length in range(min(limit, len(hand)), 0, -1):
            for order in itertools.permutations(hand, length):
                if sum(1 for code in order if code[0] == "W") > whites_left:
                    continue
                previous = last
                fits = True
                for code in order:
                    if previous is not None and not neighbours_fit(previous, code):
                        fits = False
                        break
                    previous = code
                if not fits:
                    continue
                score = sum(worths[code] for code in order)
                if score > best[0]:
                    best = (score, list(order))
        return best[1]

    # -- Flow and step 2

    def _flow_choice(self, state: State, actions: Sequence[Action], cards: CardSet) -> Action:
        removals = _of_kind(actions, hudai_actions.FlowRemove)
        for removal in removals:
            if cards[removal.card].colour == "K":
                return removal
        # thin the weakest white card once the deck has better moves
        deck_size = len(state.draw_pile) + len(state.discard) + len(state.hand) + len(state.combo)
        if deck_size > 7:
            whites = [a for a in removals if a.card[0] == "W" and cards[a.card].symbol not in ("drop", "arrow")]
            if whites:
                return whites[0]
        return hudai_actions.FlowKeep()

    def _obtain_choice(self, state: State, actions: Sequence[Action], cards: CardSet) -> Action:
        obtains = _of_kind(actions, hudai_actions.Obtain)
        if obtains:
            best = max(obtains, key=lambda a: (obtain_worth(a.card, state, cards), -cards[a.card].value))
            if obtain_worth(best.card, state, cards) > self.obtain_threshold:
                return best
        swaps = _of_kind(actions, hudai_actions.SwapRiver)
        if swaps and state.purchase >= 3:
            worst = min(swaps, key=lambda a: obtain_worth(a.card, state, cards))
            if obtain_worth(worst.card, state, cards) < 1.0:
                return worst
        return hudai_actions.Pass()


_FEATURE_KINDS = frozenset((
    hudai_actions.UseValue, hudai_actions.BuildUp, hudai_actions.ThirdEye, hudai_actions.Defend, hudai_actions.Stab,
    hudai_actions.Pin, hudai_actions.BlueWard, hudai_actions.RedStrike, hudai_actions.YellowPin,
))
# The long-run cost of one cube on a power, and of its activation at step 5 (see HeuristicMonk.evaluate).
_CUBE_COST = {"drain": 0.8, "mind_pierce": 0.4, "crush": 0.4, "confuse": 0.1, "defend": 0.2, "entangle": 0.2}


class HeuristicMonk(GreedyMonk):
    """Searches every order of hand cards for this combo (each card's features chosen greedily) and
    plays the order whose end position scores best, with a static estimate of steps 3-5.

    It looks ahead only through what the monk can see: Flow, which reveals the top of the draw pile,
    ends a plan, and the bot plans again once the new card is in hand.
    """

    name = "heuristic"
    black_cost = 1.0
    high_cost = 2.0  # cubes beyond 6 are hard to remove: only a 6 (or black) can
    corruption_weight = 1.2
    pierce_cost = 3.0

    def __init__(self, seed: int | str = 0):
        super().__init__(seed)
        self._plan: list[tuple[State, Action]] = []
        # What `evaluate` reads from the piles, which rarely change within one combo's search; kept
        # for one set of rules and cards (the cards' values and the demon's powers).
        self._rules: object = None
        self._cards: object = None
        self._draws: dict[tuple[object, ...], tuple[tuple[float, float, float], float, float]] = {}
        self._blacks: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
        self._gains: dict[tuple[tuple[str, ...], int], float] = {}

    def _combo_choice(self, state: State, actions: Sequence[Action], cards: CardSet) -> Action:
        if self._plan and self._plan[0][0] == state:
            return self._plan.pop(0)[1]
        for action in actions:
            if type(action) is hudai_actions.Flow:
                return action
        self._plan = []
        if state.open_features:
            features, _, _ = self._greedy_features(state, cards)
            if features:
                self._plan = features
                return self._plan.pop(0)[1]
        best_score, best_plan = self.evaluate(state, cards), []
        for score, plan in self._search(state, cards, [], 0):
            if score > best_score:
                best_score, best_plan = score, plan
        if best_plan:
            self._plan = best_plan
            return self._plan.pop(0)[1]
        # nothing left to play: discard what is left for purchase value, black cards first
        discards = _of_kind(actions, hudai_actions.DiscardCard)
        if discards:
            return max(discards, key=lambda a: (a.card[0] == "K", -play_worth(a.card, state, cards)))
        return hudai_actions.EndCombo()

    def _greedy_features(self, state: State, cards: CardSet) -> tuple[list[tuple[State, Action]], State, float]:
        """Uses the open features of the card in play one by one, each time the one that scores best,
        while any still improves the score; returns the steps, the state they lead to and its score."""
        steps: list[tuple[State, Action]] = []
        base = self.evaluate(state, cards)
        while not state.is_over and state.open_features:
            best = None
            for action in legal_actions(state):
                if type(action) not in _FEATURE_KINDS:
                    continue
                after = apply_legal(state, action)[0]
                score = self.evaluate(after, cards)
                if score > base + 1e-9 and (best is None or score > best[0]):
                    best = (score, action, after)
            if best is None:
                break
            steps.append((state, best[1]))
            base, state = best[0], best[2]
        return steps, state, base

    def _search(
        self, state: State, cards: CardSet, prefix: list[tuple[State, Action]], depth: int,
        penalty: float = 0.0, seen: set[tuple[object, ...]] | None = None,
    ) -> Iterator[tuple[float, list[tuple[State, Action]]]]:
        """Yields (score, plan) for every playable order of hand cards after `prefix`; orders that
        reach the same position (same cards played, same last card, same cubes) are searched once."""
        if depth >= 6:
            return
        seen = set() if seen is None else seen
        options: list[tuple[hudai_actions.PlayCard, hudai_actions.TakeBlack | None]] = [
            (hudai_actions.PlayCard(code), None) for code in dict.fromkeys(state.hand)
        ]
        if not state.took_black and depth == 0 and self._may_take_black(state):
            options.extend((hudai_actions.PlayCard(code), hudai_actions.TakeBlack(code)) for code in state.black_supply)
        for play, take in options:
            s = state
            steps: list[tuple[State, Action]] = []
            cost = penalty
            if take is not None:
                steps.append((s, take))
                s = apply_legal(s, take)[0]  # the supply's cards, not taken yet this turn
                cost += self.black_cost
            if not is_legal(s, play):
                continue
            steps.append((s, play))
            s = apply_legal(s, play)[0]
            flow = "symbol" in s.open_features and cards[play.card].symbol == "cog"
            features, end, end_score = self._greedy_features(s, cards)
            key = (
                tuple(sorted(end.combo)), end.combo[-1] if end.combo else None, tuple(sorted(end.hand)), tuple(end.powers),
                tuple(end.pinned), end.staged_damage, end.demon_health, end.demon_block, end.purchase, end.took_black, flow,
            )
            if key in seen:
                continue
            seen.add(key)
            steps.extend(features)
            plan = prefix + steps
            yield end_score + (1.5 if flow else 0.0) - cost, plan
            if flow or end.is_over:
                continue  # Flow reveals a card: plan again after it
            yield from self._search(end, cards, plan, depth + 1, cost, seen)

    def _may_take_black(self, state: State) -> bool:
        return state.rules.corruption_capacity - state.corruption > 3

    def evaluate(self, s: State, cards: CardSet) -> float:
        """How good the position at the end of this combo looks for the monk (higher is better)."""
        if s.is_over:
            return 10000.0 if s.won else -10000.0
        rules = s.rules
        values = cards.value_of
        score = -3.0 * s.demon_health - 1.0 * s.demon_block
        health = s.monk_health - s.staged_damage
        if health <= 0:
            return -9000.0 + health
        score += 2.0 * health - (3.0 * (5 - health) if health < 5 else 0.0)
        room = rules.corruption_capacity - s.corruption
        score -= self.corruption_weight * s.corruption + (3.0 * (4 - room) if room < 4 else 0.0)
        # step 4: the hand left now plus the average draws feed the demon
        if rules is not self._rules or cards is not self._cards or len(self._draws) > 100_000:
            self._rules, self._cards = rules, cards
            self._draws, self._blacks, self._gains = {}, {}, {}
        hand_feed = [0, 0, 0]
        held = 0
        held_blacks = 0
        for code in s.hand:
            value = values[code]
            hand_feed[(value - 1) >> 1] += 1
            held += value
            if code[0] == "K":
                held_blacks += 1
        missing = max(0, rules.hand_size - len(s.hand))
        source = s.draw_pile or (s.discard + s.combo)
        feed, hand_sum, blacks_in_hand = self._drawn(source, missing, hand_feed, held, values)
        score -= 1.5 * blacks_in_hand
        owned_blacks = held_blacks + sum(1 for code in s.combo if code[0] == "K") + self._deck_blacks(s.draw_pile, s.discard)
        score -= self.black_cost * owned_blacks
        corruption = s.corruption + blacks_in_hand
        for index, name in enumerate(rules.powers):
            active = s.powers[index] + feed[index]
            total = active + s.pinned[index]
            if name == "drain":
                score -= 2.0 * (active + 1) / 2
            elif name == "mind_pierce":
                score -= self.pierce_cost * ((1.0 if corruption < 2 * active else 0.0) + (1.0 if active > 6 else 0.0))
            elif name == "crush":
                score -= 1.0 * active / 3
            elif name == "confuse":
                score -= 0.3 * active / 3
            elif name == "defend":
                score -= 1.0 * (active + 2) / 3
            else:
                score -= 1.5 if 2 * active > hand_sum else 0.0
            score -= _CUBE_COST[name] * total + self.high_cost * max(0.0, total - 6)
            over = total + 4 - rules.power_limit
            if over > 0:
                score -= 5.0 * over
        budget = s.purchase + len(s.hand)
        key = (tuple(s.mind_river), budget)
        gain = self._gains.get(key)
        if gain is None:
            gains = [obtain_worth(code, s, cards) for code in s.mind_river if cards[code].value <= budget]
            gain = self._gains[key] = max([0.0, *gains])
        return score + gain

    def _drawn(
        self, source: list[str], missing: int, hand_feed: list[int], held: int, values: dict[str, int],
    ) -> tuple[tuple[float, float, float], float, float]:
        """The cubes fed to each power, the hand's value and its black cards once the `missing` cards
        are drawn from `source` on average. Kept by everything they depend on, and summed card by
        card in the pile's order, so that a kept sum is the very float a new one would be."""
        key = (tuple(source), missing, *hand_feed, held)
        known = self._draws.get(key)
        if known is not None:
            return known
        feed = [float(count) for count in hand_feed]
        total = float(held)
        blacks_in_hand = 0.0
        if missing and source:
            share = min(1.0, missing / len(source))
            for code in source:
                value = values[code]
                feed[(value - 1) >> 1] += share
                total += share * value
                if code[0] == "K":
                    blacks_in_hand += share
        known = self._draws[key] = ((feed[0], feed[1], feed[2]), total, blacks_in_hand)
        return known

    def _deck_blacks(self, draw_pile: list[str], discard: list[str]) -> int:
        """How many black cards the draw pile and the discard hold."""
        key = (tuple(draw_pile), tuple(discard))
        count = self._blacks.get(key)
        if count is None:
            count = self._blacks[key] = sum(1 for pile in key for code in pile if code[0] == "K")
        return count


class _Monk:
    """What the search needs of Hudai Pass (rulesbook.core.search.Searched): the monk's moves, a
    table the monk cannot tell from the true one, and a playout by the greedy monk to the end."""

    def __init__(self) -> None:
        self.finisher = GreedyMonk()

    def seat(self, state: State) -> int | None:
        return None if state.is_over else 0

    def legal(self, state: State) -> list[Action]:
        return legal_actions(state)

    def play(self, state: State, action: Action) -> State:
        return apply_legal(state, action)[0]

    def sample(self, state: State, seat: int, rng: random.Random) -> State:
        """The draw pile and the mind deck (face down: the monk knows what is in them, not their
        order) dealt again, and a new seed for what is still to come (reshuffles, HUD-P04; ties,
        HUD-P10). Sorted first, so that the true order never shows through the shuffle."""
        sample = state.copy()
        for pile in (sample.draw_pile, sample.mind_deck):
            pile.sort()
            rng.shuffle(pile)
        sample.seed = rng.getrandbits(48)
        return sample

    def estimate(self, state: State, rng: random.Random) -> tuple[float, ...]:
        finisher = self.finisher
        while not state.is_over:
            actions = legal_actions(state)
            state = apply_legal(state, actions[0] if len(actions) == 1 else finisher.choose(state, actions))[0]
        return (playout_value(state),)


#: What a lost playout is worth at most, for the damage done to the demon (a win is worth 1).
NEAR_MISS = 0.3


def playout_value(state: State) -> float:
    """A finished game's worth to the search: 1 for a win; for a loss, a little for every point of
    health the demon lost. The greedy monk that finishes the playouts loses most of them, so win
    or loss alone seldom tells two decisions apart; how close the monk came does."""
    if state.won:
        return 1.0
    full = state.rules.demon_health
    return NEAR_MISS * (full - state.demon_health) / full


class SearchMonk:
    """Searches the monk's next decisions over tables dealt as the monk may imagine them (the
    draw pile and the mind deck in another order), `playouts` games a decision, each finished by
    the greedy monk and worth 1 if won, else a little for the damage done to the demon
    (`playout_value`): the decision tried most often is taken. Measured with the default demon on
    seeds "strength:0" to "strength:143" (`lab.strength("hudai", "search", seed="strength")`),
    400 playouts: 122 of the 144 games won, 85 % (95 % Wilson interval 78 % to 90 %), where win or
    loss alone won about 52 % of 96 games and the heuristic monk wins about 27 %. CPU time a
    decision on CPython: 0.32 s at the median, 0.58 s at the 95th percentile (16,269 decisions).
    Fewer playouts cannot tell good decisions from bad ones (at 100, with win or loss alone, it
    won 8 of seeds 0 to 34, where the heuristic monk won 14)."""

    name = "search"
    playouts = 400

    def __init__(self, seed: int | str = 0, playouts: int | None = None):
        self.search = InformationSetSearch(_Monk(), self.playouts if playouts is None else playouts, seed)

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.search.choose(state, actions)


#: The bots by name, the protocol's default first: the heuristic monk, the strongest of the quick
#: ones (the search monk wins far more often, 85 % to 27 %, and takes a hundred times as long a decision).
BOTS: dict[str, type[RandomMonk] | type[GreedyMonk] | type[SearchMonk]] = {
    "heuristic": HeuristicMonk, "random": RandomMonk, "greedy": GreedyMonk, "search": SearchMonk,
}


def make_bot(name: str, seed: int | str = 0) -> RandomMonk | GreedyMonk | SearchMonk:
    """A bot by name (`random`, `greedy`, `heuristic`, `search`) seeded for one game; ValueError
    listing the bots for an unknown name (a list too, which a dict cannot look up)."""
    kind = BOTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"Hudai Pass has no bot {name!r}; its bots are {', '.join(BOTS)}")
    return kind(seed)
