"""Bots that play Mountain of Inferno through the engine's API (legal_actions, apply_legal, scores)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rulesbook.core.rng import MAX_BOT_SEED, check_seed
from rulesbook.core.search import InformationSetSearch
from rulesbook.inferno.actions import Action, Cancel, DiscardEvents, EndPlay, Pass, Stay
from rulesbook.inferno.cards import EventKind
from rulesbook.inferno.engine import apply_legal, legal_actions, moved_totals, round_scores
from rulesbook.inferno.fast import replace
from rulesbook.inferno.state import Phase, State
from rulesbook.inferno.scoring import has_complete_cross
from rulesbook.inferno.weighing import Weighing


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        check_seed(seed, "seed", MAX_BOT_SEED)
        self.random = random.Random(f"random-bot:{seed}")

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.random.choice(list(actions))


def _raw_now(state: State) -> tuple[int, ...] | None:
    """Every seat's raw score if the round ended now, or None before every pawn is on the Mountain."""
    if state.phase is Phase.PLACE_PAWN or len(state.mountain.pawn_colours()) < state.players:
        return None
    reason = "a" if has_complete_cross(state.mountain, state.rules) else "b"
    return round_scores(state, reason, state.seat)


def standing(state: State, seat: int) -> int:
    """How far ahead that seat would be if the round ended now: its score minus the best rival's."""
    if state.is_over:
        return state.totals[seat] - max(t for s, t in enumerate(state.totals) if s != seat)
    raw = _raw_now(state)
    if raw is None:
        return 0
    return raw[seat] - max(points for other, points in enumerate(raw) if other != seat)


def _resolved(state: State) -> State:
    """The state once every pending answer is a pass: how an effect would leave the Mountain."""
    while state.phase is Phase.RESPOND:
        state, _ = apply_legal(state, Pass())
    return state


class GreedyBot:
    """Takes the action that leaves it best placed right now; keeps cards unless playing them helps.

    It cancels an effect only when letting it happen would cost it, discards (EN) the events it
    cannot use, and keeps Guan Yin for answering.
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0):
        check_seed(seed, "seed", MAX_BOT_SEED)
        self.random = random.Random(f"greedy-bot:{seed}")

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        seat = decision.seat
        if state.phase is Phase.RESPOND:
            cancels = [action for action in actions if isinstance(action, Cancel)]
            if not cancels:
                return Pass()
            if standing(_resolved(apply_legal(state, Pass())[0]), seat) < standing(state, seat):
                return min(cancels, key=lambda action: len(action.cards))
            return Pass()
        if state.phase is Phase.PLACE_PAWN:
            return self._best(state, actions, seat)[0]
        if state.phase is Phase.STEP:
            return self._best(state, actions, seat, default=Stay())[0]
        plays = [action for action in actions if not isinstance(action, (EndPlay, DiscardEvents))]
        weighing = _weighing(state, seat)
        now = standing(state, seat) if weighing is None else weighing.now
        if plays:
            best, value = self._best(state, plays, seat, weighing=weighing)
            if any(isinstance(action, EndPlay) for action in actions):
                if value <= now:
                    return EndPlay()
            else:
                discards = [action for action in actions if isinstance(action, DiscardEvents)]
                useless = [a for a in discards if len(a.cards) == 1 and a.cards[0].kind is not EventKind.GUAN_YIN]
                if useless and value < now:
                    return useless[0]
            return best
        discards = [action for action in actions if isinstance(action, DiscardEvents)]
        if discards:
            keep_guan_yin = [a for a in discards if all(card.kind is not EventKind.GUAN_YIN for card in a.cards)]
            return min(keep_guan_yin or discards, key=lambda action: len(action.cards))
        return actions[0]

    def _value(self, state: State, action: Action, seat: int, weighing: Weighing | None) -> int:
        """How far ahead the action leaves the seat (`standing`, once every answer passes). A play
        in the play phase changes nothing that scores but the Mountain, so the table's `weighing`,
        when there is one, weighs it without playing it."""
        if weighing is not None:
            value = weighing.after(action)
            if value is not None:
                return value
        return standing(_resolved(apply_legal(state, action)[0]), seat)

    def _best(
        self, state: State, actions: Sequence[Action], seat: int, default: Action | None = None,
        weighing: Weighing | None = None,
    ) -> tuple[Action, int]:
        """The action worth most (the default among equals, else a random one) and its worth."""
        scored = [(self._value(state, action, seat, weighing), index) for index, action in enumerate(actions)]
        top = max(value for value, _ in scored)
        choices = [actions[index] for value, index in scored if value == top]
        if default is not None and default in choices:
            return default, top
        return self.random.choice(choices), top


def _weighing(state: State, seat: int) -> Weighing | None:
    """The table's `Weighing` in the play phase, or None where `standing` scores nothing yet
    (a pawn still to be placed)."""
    if state.phase is not Phase.PLAY or len(state.mountain.pawn_colours()) < state.players:
        return None
    return Weighing(state, seat)


def projected(state: State) -> tuple[int, ...]:
    """The running totals if the round ended now."""
    raw = None if state.is_over else _raw_now(state)
    return state.totals if raw is None else moved_totals(state.rules, state.totals, raw)


def margins(totals: tuple[int, ...], scale: float = 4.0) -> tuple[float, ...]:
    """Each seat's lead over its best rival, squashed between 0 and 1 (a point counts most near a tie)."""
    values = []
    for seat, mine in enumerate(totals):
        lead = mine - max(totals[:seat] + totals[seat + 1:])
        values.append(1.0 / (1.0 + math.exp(-lead / scale)))
    return tuple(values)


class _Table:
    """What the search needs of Mountain of Inferno (rulesbook.core.search.Searched): the moves, a
    table the seat cannot tell from the true one, and a quick estimate: each seat's lead on the
    track if the round ended there."""

    def seat(self, state: State) -> int | None:
        decision = state.decision
        return None if decision is None else decision.seat

    def legal(self, state: State) -> list[Action]:
        return legal_actions(state)

    def play(self, state: State, action: Action) -> State:
        return apply_legal(state, action)[0]

    def sample(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands and the draw pile (the seat sees neither) dealt again from their cards,
        each hand keeping its size, and a new seed for the rounds still to come (their Mountains).
        Sorted first, so that the true order never shows through the shuffle."""
        unseen = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
        hidden = sorted(unseen + list(state.draw_pile), key=lambda card: card.code)
        rng.shuffle(hidden)
        hands, dealt = [], 0
        for other, hand in enumerate(state.hands):
            if other == seat:
                hands.append(hand)
                continue
            hands.append(tuple(hidden[dealt:dealt + len(hand)]))
            dealt += len(hand)
        return replace(state, hands=tuple(hands), draw_pile=tuple(hidden[dealt:]), seed=rng.getrandbits(48))

    def estimate(self, state: State, rng: random.Random) -> tuple[float, ...]:
        """Each seat's lead if the round ended here, judged at once: random moves played on
        first (a few, or to the end of the round) won fewer games against the greedy bots."""
        return margins(projected(state))


class SearchBot:
    """Searches its next decisions, and the others' answers, over tables dealt as its seat may
    imagine them (the other hands and the draw pile dealt again), `playouts` a decision, each
    judged by the leads on the track if the round ended there; takes the decision tried most
    (rulesbook.core.search). A tenth of a second a decision on CPython, 400 playouts."""

    name = "search"
    playouts = 400

    def __init__(self, seed: int | str = 0, playouts: int | None = None):
        self.search = InformationSetSearch(_Table(), self.playouts if playouts is None else playouts, seed)

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.search.choose(state, actions)


class QuickSearchBot(SearchBot):
    """The search bot at half its playouts: the Play pages' level, whose decision comes within
    300 ms in the browser's Python (Pyodide is two to three times slower than CPython)."""

    name = "quick-search"
    playouts = 200


#: The levels by name, weakest first.
BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[SearchBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "quick-search": QuickSearchBot, "search": SearchBot,
}


def make_bot(name: str, seed: int | str = 0) -> RandomBot | GreedyBot | SearchBot:
    """The bot of that name, seeded; ValueError listing the bots for an unknown name."""
    kind = BOTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"Mountain of Inferno has no bot {name!r}; its bots are {', '.join(BOTS)}")
    return kind(seed)
