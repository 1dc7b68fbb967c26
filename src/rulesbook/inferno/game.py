"""The whole game of Mountain of Inferno, turn by turn and round by round.

A `GameState` is plain, immutable data. `legal_actions(state)` lists what the player who must
decide may do; `apply(state, action)` returns the next state and the events that say what
happened, or raises `IllegalAction` citing the rule and leaves the state as it was. Pending
decisions (a pawn to place, an effect another player may cancel, the optional step) are part of
the state, so a board or a bot is simply asked for the next decision, whoever must make it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from enum import Enum
from itertools import combinations, filterfalse

from rulesbook.core.errors import IllegalAction
from rulesbook.core.rng import shuffled
from rulesbook.inferno.actions import (
    BISON,
    FAN,
    GUAN_YIN,
    Action,
    Cancel,
    DiscardEvents,
    Effect,
    EndPlay,
    LayDisciple,
    Pass,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    Stay,
    Step,
    spoken_place,
)
from rulesbook.inferno.cards import DECK, DISCIPLE_CARDS, Card, DiscipleCard, EventCard
from rulesbook.inferno.effects import (
    bison_destinations,
    princess_destinations,
    princess_lift_allowed,
    red_boy_targets,
    bison_moves,
    princess_left_out,
    red_boy_discards,
    step_destinations,
)
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Coord, Position, Table, cards_beside
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.scoring import complete_crosses, has_complete_cross, score

HAND_SIZE = 3
_CODE = attrgetter("code")  # sort cards by their code


class Phase(Enum):
    """What kind of decision the state waits for."""

    PLACE_PAWN = "place pawn"
    PLAY = "play"
    RESPOND = "respond"
    STEP = "step"
    OVER = "over"


#: The phases as module names: on Python 3.11 each `Phase.PLAY` goes through the enum class's
#: __getattr__ hook (about 80 ns), and every step of a playout asks for a phase or two.
_PLACE_PAWN, _PLAY, _RESPOND, _STEP, _OVER = Phase


@dataclass(frozen=True)
class Pending:
    """An effect played and not yet resolved: the players still to be asked may cancel it (MOI-R06)."""

    effect: Effect
    player: int
    responders: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and what each seat scored: raw points and what moved on the track (MOI-R12)."""

    round: int
    reason: str  # "a": a complete cross; "b": the draw pile ran out
    ender: int
    raw: tuple[int, ...]
    scored: tuple[int, ...]
    turns: int


@dataclass(frozen=True)
class Decision:
    """Who must decide next, and what kind of decision it is."""

    seat: int
    colour: Colour
    phase: Phase


class GameEvent:
    """Something that happened, in words a player understands: its kind, its text, the seat.

    Events the engine makes keep what they will say and put it into words when first read (see
    `worded`): a simulation of thousands of games reads none of them. Events are values, equal
    when kind, text and seat are.
    """

    __slots__ = ("_fields",)  # (kind, seat, text, words): one attribute to set, the quickest to make
    _fields: tuple[str, int | None, str | None, tuple[Callable[..., str], tuple[object, ...]] | None]

    def __init__(self, kind: str, text: str, seat: int | None = None):
        _set(self, "_fields", (kind, seat, text, None))

    @property
    def kind(self) -> str:
        return self._fields[0]

    @property
    def seat(self) -> int | None:
        return self._fields[1]

    @property
    def text(self) -> str:
        kind, seat, text, words = self._fields
        if text is None:
            assert words is not None  # an event keeps its text or what to say it from
            say, parts = words
            text = say(*parts)
            _set(self, "_fields", (kind, seat, text, None))
        return text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"GameEvent(kind={self.kind!r}, text={self.text!r}, seat={self.seat!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not GameEvent:
            return NotImplemented
        return (self.kind, self.text, self.seat) == (other.kind, other.text, other.seat)

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.seat))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a GameEvent does not change: cannot set {name!r}")

    def __reduce__(self) -> tuple:
        return GameEvent, (self.kind, self.text, self.seat)


_set = object.__setattr__
_new = object.__new__


def worded(kind: str, seat: int | None, say: Callable[..., str], *parts: object) -> GameEvent:
    """An event whose text is `say(*parts)`, put together when first read."""
    event = _new(GameEvent)
    _set(event, "_fields", (kind, seat, None, (say, parts)))
    return event


def _laid(colour: Colour, card: DiscipleCard, place: Coord) -> str:
    return f"{colour.english} lays {card.code} at {spoken_place(place)}"


def _placed(colour: Colour, place: Coord) -> str:
    return f"{colour.english} places a pawn at {spoken_place(place)}"


def _played(colour: Colour, action: Effect, mountain: Position) -> str:
    return f"{colour.english} plays {_describe(action, mountain)}"


def _ended(colour: Colour) -> str:
    return f"{colour.english} ends step I"


def _let(colour: Colour) -> str:
    return f"{colour.english} lets it happen"


def _stepped(colour: Colour, pawn: Colour, place: Coord) -> str:
    return f"{colour.english} steps the {pawn.english} pawn to {spoken_place(place)}"


def _stayed(colour: Colour) -> str:
    return f"{colour.english} leaves the pawns where they are"


def _drew(colour: Colour, count: int) -> str:
    return f"{colour.english} draws {count}"


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment; nothing hidden, nothing global."""

    rules: Rules
    colours: tuple[Colour, ...]
    seed: int
    round: int
    first_seat: int
    mountain: Position
    draw_pile: tuple[Card, ...]  # the top card is the last
    discard_pile: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    seat: int
    phase: Phase
    played: tuple[Card, ...] = ()
    pending: Pending | None = None
    turns: int = 0
    idle_turns: int = 0  # turns in a row in which no card was played, discarded or moved (MOI-R20)

    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def decision(self) -> Decision | None:
        if self.phase is _OVER:
            return None
        seat = _waiting(self).responders[0] if self.phase is _RESPOND else self.seat
        return Decision(seat, self.colours[seat], self.phase)

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    def owner(self, colour: Colour) -> int:
        return self.colours.index(colour)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points; a tie shares the victory (rulebook, End of the Game)."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is: must always be the 52 of the deck."""
        cards: Counter[Card] = Counter(self.mountain.cards.values())
        cards.update(self.draw_pile)
        cards.update(self.discard_pile)
        for hand in self.hands:
            cards.update(hand)
        if self.pending is not None:
            cards.update(self.pending.effect.cards)
        return cards


def _waiting(state: GameState) -> Pending:
    """The effect waiting for answers: there is one whenever the phase is RESPOND."""
    pending = state.pending
    if pending is None:
        raise ValueError("no effect is waiting for an answer")
    return pending


def replace(state, **changes):
    """A copy with some fields changed; dataclasses.replace is too slow for playouts (a copy of
    the fields' dict, set as the new object's, is the quickest way to make one). The copy is made
    with dict(), not .copy(): a state made by its class keeps its fields in a dict that shares
    its keys with the class, and a copy of that kind of dict makes every field read slower
    (about 20 ns instead of 8 on CPython 3.11: the interpreter's fast path for reading an
    attribute does not take it); dict() makes a plain one, and copies stay plain."""
    fields = dict(state.__dict__)
    fields.update(changes)
    new = _new(type(state))
    _set(new, "__dict__", fields)
    return new


# --- setting up ------------------------------------------------------------------------------
def new_game(players: int | Sequence[Colour | str] = 2, seed: int = 0, rules: Rules | None = None) -> GameState:
    """A new game: the first round's Mountain laid out, waiting for the first pawn (MOI-R19).

    `players` is a count (colours red, yellow, blue, black in seat order) or the colours in seat order.
    """
    rules = rules or Rules()
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ValueError(f"Mountain of Inferno is for 2 to 4 players, not {players}")
        colours = COLOUR_ORDER[:players]
    else:
        colours = tuple(Colour.parse(colour) for colour in players)
        if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
            raise ValueError("give 2 to 4 different colours, one per player")
    rules.rounds(len(colours))
    state = GameState(
        rules=rules,
        colours=colours,
        seed=seed,
        round=1,
        first_seat=0,
        mountain=Position({}),
        draw_pile=(),
        discard_pile=(),
        hands=((),) * len(colours),
        totals=(0,) * len(colours),
        results=(),
        seat=0,
        phase=_PLACE_PAWN,
    )
    return _set_up_round(state, 1, 0)


@dataclass(frozen=True)
class MountainLayout:
    """How a round's Mountain was laid out: the cards turned over in order, the events set aside."""

    turned: tuple[Card, ...]
    set_aside: tuple[EventCard, ...]
    mountain: Position
    draw_pile: tuple[Card, ...]


def mountain_layout(seed: int, round_number: int, players: int) -> MountainLayout:
    """All 52 cards shuffled, a 2 x players Mountain of disciples, events shuffled back (MOI-R14, MOI-R19)."""
    pile = shuffled(DECK, seed, "round", round_number)
    cards: dict[Coord, DiscipleCard] = {}
    turned: list[Card] = []
    while len(cards) < 2 * players:
        card = pile.pop()
        turned.append(card)
        if isinstance(card, DiscipleCard):
            index = len(cards)
            cards[(index // players, index % players)] = card
    aside = tuple(card for card in turned if isinstance(card, EventCard))
    pile = shuffled(pile + list(aside), seed, "round", round_number, "events shuffled back")
    return MountainLayout(tuple(turned), aside, Position(cards), tuple(pile))


def _set_up_round(state: GameState, round_number: int, first_seat: int) -> GameState:
    layout = mountain_layout(state.seed, round_number, state.players)
    return replace(
        state,
        round=round_number,
        first_seat=first_seat,
        mountain=layout.mountain,
        draw_pile=layout.draw_pile,
        discard_pile=(),
        hands=((),) * state.players,
        seat=first_seat,
        phase=_PLACE_PAWN,
        played=(),
        pending=None,
        turns=0,
        idle_turns=0,
    )


def _deal(state: GameState) -> GameState:
    """Three cards each, one at a time from the first player (rulebook, Setup)."""
    pile = list(state.draw_pile)
    hands = [list(hand) for hand in state.hands]
    for _ in range(HAND_SIZE):
        for offset in range(state.players):
            hands[(state.first_seat + offset) % state.players].append(pile.pop())
    return replace(state, draw_pile=tuple(pile), hands=tuple(tuple(hand) for hand in hands))


def game_moment(
    mountain: Position | str,
    hands: Sequence[str | Sequence[Card]],
    *,
    rules: Rules | None = None,
    pile: int | str | Sequence[Card] = 20,
    seat: int = 0,
    phase: Phase = Phase.PLAY,
    totals: Sequence[int] | None = None,
    colours: Sequence[Colour | str] | None = None,
) -> GameState:
    """A game moment set up by hand, for chapters, exercises and tests.

    `hands` are card codes ("MK+2 BISON") or cards, one per seat. Seats take the colours given,
    else those of the pawns on the Mountain when there is one per hand, else red, yellow, blue,
    black in turn. `pile` is the draw pile (codes or cards, the top card last) or how many of the
    remaining cards it holds; every other card goes to the discard pile, so all 52 are somewhere.
    """
    from rulesbook.inferno.cards import parse_card

    rules = rules or Rules()
    position = mountain if isinstance(mountain, Position) else Position.parse(mountain, rules)

    def cards_of(item) -> tuple[Card, ...]:
        return tuple(parse_card(code) for code in item.split()) if isinstance(item, str) else tuple(item)

    held = tuple(cards_of(hand) for hand in hands)
    if colours is not None:
        seats = tuple(Colour.parse(colour) for colour in colours)
    elif len(position.pawns) == len(held):
        seats = tuple(colour for colour in COLOUR_ORDER if colour in position.pawns)
    else:
        seats = COLOUR_ORDER[: len(held)]
    if len(seats) != len(held) or not 2 <= len(seats) <= 4:
        raise ValueError("give one hand per player, 2 to 4 players, and as many colours")
    strangers = set(position.pawns) - set(seats)
    if strangers:
        raise ValueError(f"the {', '.join(c.english for c in strangers)} pawn belongs to no player here")
    rest = list(DECK)
    for card in [*position.cards.values(), *(card for hand in held for card in hand)]:
        try:
            rest.remove(card)
        except ValueError:
            raise ValueError(f"this moment shows more {card.code} cards than the deck holds (MOI-R01)") from None
    if isinstance(pile, int):
        draw_pile, discard = tuple(rest[:pile]), tuple(rest[pile:])
    else:
        draw_pile = cards_of(pile)
        for card in draw_pile:
            try:
                rest.remove(card)
            except ValueError:
                raise ValueError(f"this moment shows more {card.code} cards than the deck holds (MOI-R01)") from None
        discard = tuple(rest)
    return GameState(
        rules=rules,
        colours=seats,
        seed=0,
        round=1,
        first_seat=0,
        mountain=position,
        draw_pile=draw_pile,
        discard_pile=discard,
        hands=held,
        totals=tuple(totals) if totals is not None else (0,) * len(seats),
        results=(),
        seat=seat,
        phase=phase,
    )


# --- what may be done -----------------------------------------------------------------------------
#: The actions, by what they are made of: _LAYS[card][place] is LayDisciple(card, place). One
#: action object per distinct action, made the first time it is listed and handed out again after
#: that: actions are equal by value, so sharing them changes nothing but the time spent building them.
_PAWNS = Table(PlacePawn)
_LAYS = Table(lambda card: Table(lambda place: LayDisciple(card, place)))
_BISONS = Table(lambda target: Table(lambda place: PlayBison(target[0], place, target[1])))
_PRINCESSES = Table(lambda colour: Table(lambda place: PlayPrincess(colour, place)))
_RED_BOYS = Table(lambda pictures: Table(lambda place: PlayRedBoy(pictures, place)))
_STEPS = Table(lambda colour: Table(lambda place: Step(colour, place)))
#: The lay actions at each place, one per kind of disciple card (in `_DISCIPLES` order): one
#: look-up of a place, which hashes it, finds those of every card in the hand.
_DISCIPLES = tuple(dict.fromkeys(DISCIPLE_CARDS))
_DISCIPLE_INDEX = {card: index for index, card in enumerate(_DISCIPLES)}
_LAYS_AT = Table(lambda place: tuple(_LAYS[card][place] for card in _DISCIPLES))
_CANCELS = Table(Cancel)
_END, _PASS, _STAY = EndPlay(), Pass(), Stay()


def legal_actions(state: GameState) -> list[Action]:
    """Every action the deciding player may take now, in a fixed order."""
    phase = state.phase
    if phase is _PLAY:
        hand = state.hands[state.seat]
        plan = _PLANS.get(hand) or _plan(hand)
        actions: list[Action] = _plays(state, hand, plan)
        if not state.played:
            actions += _discards(state, plan)
        if state.played or not actions:
            actions.append(_END)
        return actions
    if phase is _STEP:
        mountain = state.mountain
        full = mountain.full_places(state.rules.max_pawns_per_card)
        cards, pawns = mountain._cards, mountain._pawns
        actions = []
        for colour in _steppable(state):
            place = pawns.get(colour) or mountain.pawn(colour)  # pawn(): the error when it is not there
            actions += map(_STEPS[colour].__getitem__, filterfalse(full.__contains__, cards_beside(place, cards)))
        actions.append(_STAY)
        return actions
    if phase is _RESPOND:
        pending = _waiting(state)
        return [_CANCELS[cards] for cards in _cancel_options(pending.effect, state.hands[pending.responders[0]])] + [_PASS]
    if phase is _PLACE_PAWN:
        mountain = state.mountain
        taken = set(mountain._pawns.values())
        return [_PAWNS[place] for place in mountain.shape.sorted_places() if place not in taken]
    return []


def _room_left(state: GameState) -> int:
    limit = state.rules.play_limit
    return 99 if limit is None else limit - len(state.played)


def _category_allowed(state: GameState, card: Card) -> bool:
    """ZH: the cards of one turn are all disciples or all events (MOI-R04)."""
    if state.rules.mixed_plays or not state.played:
        return True
    return isinstance(card, DiscipleCard) == isinstance(state.played[0], DiscipleCard)


def _plays(state: GameState, hand: tuple[Card, ...], plan: _HandPlan) -> list[Action]:
    """Every card play of the hand (the deciding player's, and its plan), in a fixed order: lays,
    Bison Kings, Iron Fans, Red Boys."""
    if not hand:
        return []
    rules, played = state.rules, state.played
    room = 99 if rules.play_limit is None else rules.play_limit - len(played)
    if room <= 0:
        return []
    disciples_allowed = events_allowed = True
    if played and not rules.mixed_plays:  # ZH: the cards of one turn are all disciples or all events (MOI-R04)
        disciples_allowed = type(played[0]) is DiscipleCard
        events_allowed = not disciples_allowed
    mountain = state.mountain
    plays: list[Action] = []
    if plan.lays and disciples_allowed:
        at_free = mountain._shape.along_free("lays", _LAYS_AT.__getitem__)
        for lays in plan.lays:
            plays += map(lays, at_free)
    if not plan.effects or not events_allowed:
        return plays
    pawns = mountain._pawns
    colours = mountain.pawn_colours()
    limit = rules.max_pawns_per_card
    bisons = plan.bisons
    for count in (1, 2):
        if bisons >= count and room >= count:
            for colour in colours:
                plays += map(_BISONS[colour, count].__getitem__, bison_moves(mountain, colour, count, limit))
    if plan.fan:
        for colour in colours:
            if limit == 1 or _card_named_by(mountain, colour) is colour:  # one action per card, not per pawn (MOI-R22)
                plays += _fan_plays(mountain, colour, pawns[colour])
    for picture, red_boys in plan.red_boys:
        plays += map(red_boys.__getitem__, red_boy_discards(mountain, picture))
    if room >= 2 and plan.red_boy_pairs:
        targets = red_boy_discards(mountain, None)
        for red_boys in plan.red_boy_pairs:
            plays += map(red_boys.__getitem__, targets)
    return plays


def _fan_plays(mountain: Position, colour: Colour, source: Coord) -> Sequence[Action]:
    """The Iron Fan Princess plays of the card under that pawn (at source): `princess_moves` as
    actions, taken from the actions to every free place (which the shape keeps, and edits from
    one shape to the next as it does the free places) less those left out."""
    left_out = princess_left_out(mountain, source)
    if left_out is None:
        return ()
    shape = mountain._shape
    plays = shape.along_free(colour, _PRINCESSES[colour].__getitem__)
    if not left_out:
        return plays
    free = shape.sorted_free_places()
    kept: list[Action] = []
    start = 0
    for place in left_out:  # in order, and free places all
        index = bisect_left(free, place)
        kept += plays[start:index]
        start = index + 1
    kept += plays[start:]
    return kept


class _HandPlan:
    """What a hand can play, whatever the Mountain: worked out once per hand, since a handful of
    distinct hands come back again and again, and each is asked about at every decision."""

    __slots__ = ("lays", "bisons", "fan", "fans", "guan_yin", "red_boys", "red_boy_pairs", "effects", "discards")

    def __init__(self, hand: tuple[Card, ...]):
        disciples = sorted({card for card in hand if type(card) is DiscipleCard}, key=_CODE)
        self.lays = tuple(itemgetter(_DISCIPLE_INDEX[card]) for card in disciples)  # its lay action, from a `_LAYS_AT` row
        self.bisons = hand.count(BISON)
        self.fans = hand.count(FAN)
        self.fan = self.fans > 0
        self.guan_yin = GUAN_YIN in hand
        pictures = sorted((card.picture for card in hand if type(card) is EventCard and card.picture is not None), key=_CODE)
        self.red_boys = tuple((picture, _RED_BOYS[(picture,)]) for picture in sorted(set(pictures), key=_CODE))
        pairs = sorted(set(combinations(pictures, 2)), key=lambda pair: (pair[0].code, pair[1].code))
        self.red_boy_pairs = tuple(_RED_BOYS[pair] for pair in pairs)
        self.effects = bool(self.bisons or self.fan or pictures)
        events = sorted((card for card in hand if type(card) is EventCard), key=_CODE)
        options = {combo for size in range(1, min(3, len(events)) + 1) for combo in combinations(events, size)}
        self.discards = tuple(DiscardEvents(combo) for combo in sorted(options, key=lambda combo: [card.code for card in combo]))


#: The plan of each hand (in hand order), and of each hand in order of the cards' codes.
_PLANS: dict[tuple[Card, ...], _HandPlan] = {}
_SORTED_PLANS: dict[tuple[Card, ...], _HandPlan] = {}


def _plan(hand: tuple[Card, ...]) -> _HandPlan:
    """The plan of a hand seen for the first time in this order: that of the same cards in
    another order, when there is one (a plan does not depend on the order), else a new one."""
    cards = tuple(sorted(hand, key=_CODE))
    plan = _SORTED_PLANS.get(cards)
    if plan is None:
        plan = _SORTED_PLANS[cards] = _HandPlan(cards)
    _PLANS[hand] = plan
    return plan


def _discards(state: GameState, plan: _HandPlan) -> tuple[Action, ...]:
    """EN: instead of playing, discard one to three events with no effect (MOI-R04)."""
    return plan.discards if state.rules.event_discard else ()


def cancel_means(effect: Effect) -> list[tuple[EventCard, ...]]:
    """The card sets that cancel this effect, the same in both editions (rulebook I; MOI-R06)."""
    if isinstance(effect, PlayBison):
        return [(FAN,) * effect.count, (GUAN_YIN,)]
    if isinstance(effect, PlayPrincess):
        return [(BISON,), (GUAN_YIN,)]
    return [(GUAN_YIN,)]


def _card_named_by(mountain: Position, colour: Colour) -> Colour:
    """The pawn that names the card under `colour` in an Iron Fan Princess action: the first of
    its pawns in colour order, so a card holding two pawns is one target (MOI-R22)."""
    place = mountain.pawn(colour)
    if mountain.pawn_count(place) == 1:
        return colour
    return mountain.pawns_at(place)[0]


def targeted_pawns(effect: Effect, mountain: Position | None = None) -> tuple[Colour, ...] | None:
    """The pawns an effect moves: a Bison King's one pawn, every pawn on the Princess's card
    (MOI-R22); None for a Red Boy, which moves no pawn."""
    target = getattr(effect, "target", None)
    if target is None:
        return None
    if isinstance(effect, PlayPrincess) and mountain is not None and target in mountain._pawns:
        return mountain.pawns_at(mountain.pawn(target))
    return (target,)


def entitled_to_cancel(
    rules: Rules, effect: Effect, player: Colour, others: Sequence[Colour], mountain: Position | None = None
) -> list[Colour]:
    """Who may answer an effect, whatever they hold, in the order of `others` (MOI-R06).

    EN: a Bison King or an Iron Fan Princess only by the owners of the pawns it moves (every pawn
    on the Princess's card, given the Mountain: MOI-R22), never by the player; a Red Boy by any
    other player. ZH: any opponent, any effect.
    """
    targets = targeted_pawns(effect, mountain)
    if rules.any_opponent_cancels or targets is None:
        return [colour for colour in others if colour is not player]
    return [colour for colour in others if colour in targets and colour is not player]


def _cancel_options(effect: Effect, hand: Sequence[Card]) -> list[tuple[EventCard, ...]]:
    """The card sets that cancel this effect, of those the hand holds (rulebook I; MOI-R06).

    Each set is one kind of card, once or twice, so holding it is holding that many."""
    return [cards for cards in cancel_means(effect) if hand.count(cards[0]) >= len(cards)]


def _responders(state: GameState, effect: Effect, player: int) -> tuple[int, ...]:
    """Who may cancel, asked clockwise from the player; only those holding the cards to do it (MOI-R06)."""
    colours, hands = state.colours, state.hands
    # What `cancel_means` asks of a hand, read from its plan: Guan Yin; a Fan per Bison King; a Bison for a Princess.
    fans_needed = effect.count if isinstance(effect, PlayBison) else HAND_SIZE + 1  # more than any hand holds
    bison_cancels = isinstance(effect, PlayPrincess)
    holding = []
    for seat in _CLOCKWISE[len(colours)][player]:
        plan = _PLANS.get(hands[seat]) or _plan(hands[seat])
        if plan.guan_yin or plan.fans >= fans_needed or (bison_cancels and plan.bisons > 0):
            holding.append(seat)
    if not holding:  # nobody holds the cards: nobody can cancel, whoever may
        return ()
    entitled = entitled_to_cancel(state.rules, effect, colours[player], [colours[seat] for seat in holding], state.mountain)
    return tuple(seat for seat in holding if colours[seat] in entitled)


#: The other seats, clockwise from each seat, by the number of players.
_CLOCKWISE = {
    players: tuple(tuple((player + offset) % players for offset in range(1, players)) for player in range(players))
    for players in range(2, 5)
}


def _steppable(state: GameState) -> list[Colour]:
    """EN: your own pawn; ZH: any pawn (MOI-R09)."""
    if state.rules.step_any_pawn:
        return sorted(state.mountain.pawns, key=COLOUR_ORDER.index)
    return [state.colours[state.seat]]


# --- checking an action ---------------------------------------------------------------------------
def check(state: GameState, action: Action) -> None:
    """Raise IllegalAction, citing the rule, unless the deciding player may take this action now."""
    phase = state.phase
    if phase is _OVER:
        raise IllegalAction("the game is over", "rulebook, End of the Game")
    expected = {
        _PLACE_PAWN: (PlacePawn,),
        _PLAY: (LayDisciple, PlayBison, PlayPrincess, PlayRedBoy, DiscardEvents, EndPlay),
        _RESPOND: (Cancel, Pass),
        _STEP: (Step, Stay),
    }[phase]
    if not isinstance(action, expected):
        who = state.colours[_waiting(state).responders[0] if phase is _RESPOND else state.seat].english
        raise IllegalAction(f"{who} must now {_PHASE_WORDS[phase]}, not '{action}'", _PHASE_RULE[phase])
    if isinstance(action, PlacePawn):
        if action.place not in state.mountain.cards:
            raise IllegalAction(f"there is no card at {spoken_place(action.place)} for the pawn", "MOI-R19")
        if state.mountain.pawns_at(action.place):
            raise IllegalAction("at setup a card holds only one pawn", "MOI-R19")
    elif phase is _PLAY:
        _check_play(state, action)
    elif isinstance(action, Cancel):
        pending = _waiting(state)
        hand = state.hands[pending.responders[0]]
        if action.cards not in _cancel_options(pending.effect, hand):
            raise IllegalAction(_cancel_reason(pending.effect, hand), "MOI-R06")
    elif isinstance(action, Step):
        if action.colour not in _steppable(state):
            raise IllegalAction("in this edition the step moves only your own pawn", "MOI-R09")
        if action.colour not in state.mountain.pawns:
            raise IllegalAction(f"there is no {action.colour.english} pawn on the Mountain", "MOI-R09")
        if action.place not in step_destinations(state.mountain, action.colour, state.rules):
            raise IllegalAction(
                "the step goes one card up, down, left or right, onto a card with room for the pawn", "MOI-R09"
            )


_PHASE_WORDS = {
    Phase.PLACE_PAWN: "place a pawn",
    Phase.PLAY: "play cards (or end step I)",
    Phase.RESPOND: "cancel the effect just played or pass",
    Phase.STEP: "step a pawn or stay",
}
_PHASE_RULE = {
    Phase.PLACE_PAWN: "MOI-R19",
    Phase.PLAY: "rulebook I",
    Phase.RESPOND: "MOI-R06",
    Phase.STEP: "MOI-R09",
}


def _cancel_reason(effect: Effect, hand: Sequence[Card]) -> str:
    if isinstance(effect, PlayBison) and effect.count == 2:
        needed = "two Iron Fan Princesses or one Guan Yin"
    elif isinstance(effect, PlayBison):
        needed = "one Iron Fan Princess or one Guan Yin"
    elif isinstance(effect, PlayPrincess):
        needed = "one Mighty Bison King or one Guan Yin"
    else:
        needed = "one Guan Yin"
    return f"'{effect}' is cancelled with {needed}, from your hand"


def _taken(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without those cards, which it holds (the action is legal)."""
    rest = _take(hand, cards)
    if rest is None:
        raise ValueError(f"the hand does not hold {' and '.join(card.code for card in cards)}")
    return rest


def _take(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The hand without those cards, or None when it does not hold them all."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _check_play(state: GameState, action: Action) -> None:
    hand = state.hands[state.seat]
    rules, mountain = state.rules, state.mountain
    if isinstance(action, EndPlay):
        plan = _plan(hand)
        if not state.played and (_plays(state, hand, plan) or _discards(state, plan)):
            raise IllegalAction("play or discard at least one card before ending step I", "MOI-R18")
        return
    if isinstance(action, DiscardEvents):
        if not rules.event_discard:
            raise IllegalAction("this edition has no discarding without effect", "MOI-R04")
        if state.played:
            raise IllegalAction("discarding events replaces playing: not after a card was played", "MOI-R04")
        if (
            not 1 <= len(action.cards) <= 3
            or not all(isinstance(card, EventCard) for card in action.cards)
            or _take(hand, action.cards) is None
        ):
            raise IllegalAction("discard one to three event cards from your hand", "MOI-R04")
        return
    if isinstance(action, PlayBison) and action.count not in (1, 2):
        raise IllegalAction("one or two Mighty Bison Kings may be played together", "MOI-R05")
    if isinstance(action, PlayRedBoy) and len(action.pictures) not in (1, 2):
        raise IllegalAction("one or two Red Boys may be played together", "MOI-R16")
    assert isinstance(action, (LayDisciple, PlayBison, PlayPrincess, PlayRedBoy))  # what `check` lets through
    cards = action.cards
    if _take(hand, cards) is None:
        raise IllegalAction(f"you do not hold {' and '.join(card.code for card in cards)}", "rulebook I")
    if len(cards) > _room_left(state):
        raise IllegalAction(f"at most {rules.play_limit} cards may be played in one turn", "MOI-R04")
    if not _category_allowed(state, cards[0]):
        raise IllegalAction("in this edition a turn's cards are all disciples or all events", "MOI-R04")
    if isinstance(action, LayDisciple):
        if action.place in mountain.cards:
            raise IllegalAction(f"a card already lies at {spoken_place(action.place)}", "rulebook I")
        if action.place not in mountain.empty_neighbours():
            raise IllegalAction("a disciple must touch a card of the Mountain along a side, not only at a corner", "MOI-R15")
        return
    if not isinstance(action, PlayRedBoy) and action.colour not in mountain.pawns:
        raise IllegalAction(f"there is no {action.colour.english} pawn on the Mountain", "rulebook I")
    if isinstance(action, PlayBison):
        colour = action.colour
        if action.place not in bison_destinations(mountain, colour, action.count, rules):
            steps = "1-3" if action.count == 1 else "4-5"
            raise IllegalAction(
                f"with {action.count} Mighty Bison King card(s) the {colour.english} pawn moves {steps} cards, "
                "from card to card, never over an empty place, visiting no card twice and ending on a card with room",
                "MOI-R05",
            )
    elif isinstance(action, PlayPrincess):
        colour = action.colour
        source = mountain.pawn(colour)
        named = _card_named_by(mountain, colour)
        if named is not colour:
            raise IllegalAction(
                f"the card under the {colour.english} pawn also holds the {named.english} pawn: one Iron Fan "
                f"Princess moves the card with both, and the play names it by the {named.english} pawn "
                f"('fan {named.letter} ...')",
                "MOI-R22",
            )
        if not princess_lift_allowed(mountain, source):
            raise IllegalAction(f"lifting the card under the {colour.english} pawn would split the Mountain", "MOI-R15")
        if action.place not in princess_destinations(mountain, colour, rules):
            raise IllegalAction("the card must go to another empty place that touches the rest of the Mountain", "MOI-R15")
    elif isinstance(action, PlayRedBoy):
        place = action.place
        card = mountain.card_at(place)
        if card is None:
            raise IllegalAction(f"there is no card at {spoken_place(place)} to discard", "rulebook I")
        if mountain.pawns_at(place):
            raise IllegalAction("a Red Boy never discards a card holding a pawn", "MOI-R16")
        if len(action.pictures) == 1 and card.disciple is not action.pictures[0]:
            raise IllegalAction(
                f"one Red Boy discards only a {action.pictures[0].english}, its picture; two Red Boys discard any disciple",
                "MOI-R16",
            )
        if place not in red_boy_targets(mountain, None, rules):
            raise IllegalAction("discarding that card would split the Mountain", "MOI-R15")


# --- applying an action ---------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> tuple[GameState, list[GameEvent]]:
    """The state after the action and what happened; IllegalAction (state untouched) if not allowed."""
    check(state, action)
    return apply_legal(state, action)


def apply_legal(state: GameState, action: Action) -> tuple[GameState, list[GameEvent]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path)."""
    events: list[GameEvent] = []
    phase = state.phase
    if phase is _OVER:
        raise IllegalAction("the game is over", "rulebook, End of the Game")
    decider = _waiting(state).responders[0] if phase is _RESPOND else state.seat  # as `decision` says
    who = state.colours[decider]
    if type(action) is LayDisciple:  # the commonest actions first
        card = action.card
        hands = state.hands
        hand = hands[decider]
        index = hand.index(card)
        hand = hand[:index] + hand[index + 1 :]
        fields = dict(state.__dict__)  # as `replace` does, without its keywords: the commonest action
        fields["hands"] = hands[:decider] + (hand,) + hands[decider + 1 :]
        fields["mountain"] = state.mountain.with_card(action.place, card)
        fields["played"] = state.played + (card,)
        fields["phase"] = phase if hand else _STEP  # as `_after_play` says
        state = _new(GameState)
        _set(state, "__dict__", fields)
        events.append(worded("lay", decider, _laid, who, card, action.place))
        return state, events
    if type(action) is Step:
        events.append(worded("step", decider, _stepped, who, action.colour, action.place))
        return _end_turn(state, events, state.mountain.with_pawn(action.colour, action.place))
    if type(action) is Stay:
        events.append(worded("stay", decider, _stayed, who))
        return _end_turn(state, events, state.mountain)
    if isinstance(action, PlacePawn):
        mountain = state.mountain.with_pawn(who, action.place)
        events.append(worded("pawn", decider, _placed, who, action.place))
        next_seat = (decider + 1) % state.players
        state = replace(state, mountain=mountain, seat=next_seat)
        if next_seat == state.first_seat:
            state = replace(_deal(state), phase=_PLAY)
            events.append(GameEvent("deal", f"three cards dealt to each player; {state.colours[next_seat].english} begins round {state.round}"))
        return state, events
    if isinstance(action, (PlayBison, PlayPrincess, PlayRedBoy)):
        cards = action.cards
        hands = _with(state.hands, decider, _taken(state.hands[decider], cards))
        played = state.played + cards
        events.append(worded("effect", decider, _played, who, action, state.mountain))
        responders = _responders(state, action, decider)  # the other hands are as they were
        if responders:
            state = replace(
                state, hands=hands, played=played, phase=_RESPOND, pending=Pending(action, decider, responders)
            )
            return state, events
        return _resolve(state, action, events, hands, played)
    if isinstance(action, DiscardEvents):
        hand = _taken(state.hands[decider], action.cards)
        state = replace(
            state,
            hands=_with(state.hands, decider, hand),
            discard_pile=state.discard_pile + action.cards,
            played=action.cards,
            phase=_STEP,
        )
        events.append(GameEvent("discard", f"{who.english} discards {', '.join(card.code for card in action.cards)} with no effect", decider))
        return state, events
    if isinstance(action, EndPlay):
        return replace(state, phase=_STEP), [worded("end", decider, _ended, who)]
    if isinstance(action, Cancel):
        # The effect never happens: a cancelled Red Boy leaves its disciple in the Mountain (MOI-R21).
        pending = _waiting(state)
        hand = _taken(state.hands[decider], action.cards)
        state = replace(
            state,
            hands=_with(state.hands, decider, hand),
            discard_pile=state.discard_pile + pending.effect.cards + action.cards,
            pending=None,
            phase=_PLAY,
        )
        events.append(
            GameEvent(
                "cancel",
                f"{who.english} cancels it with {', '.join(card.code for card in action.cards)}; "
                "both go to the discard pile, and no answer to a cancel is allowed (MOI-R07); "
                f"{who.english} refills only at the end of their own next turn (MOI-R08)",
                decider,
            )
        )
        return _after_play(state, events)
    if isinstance(action, Pass):
        pending = _waiting(state)
        rest = pending.responders[1:]
        events.append(worded("pass", decider, _let, who))
        if rest:
            return replace(state, pending=replace(pending, responders=rest)), events
        return _resolve(state, pending.effect, events, state.hands, state.played)
    if isinstance(action, Step):
        events.append(worded("step", decider, _stepped, who, action.colour, action.place))
        return _end_turn(state, events, state.mountain.with_pawn(action.colour, action.place))
    events.append(worded("stay", decider, _stayed, who))
    return _end_turn(state, events, state.mountain)


def _with(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _describe(action: Effect, mountain: Position) -> str:
    if isinstance(action, PlayBison):
        cards = "Mighty Bison King" if action.count == 1 else "two Mighty Bison Kings"
        return f"{cards}: the {action.colour.english} pawn to {spoken_place(action.place)}"
    if isinstance(action, PlayPrincess):
        whose, shared = _whose_card(action, mountain)
        return f"Iron Fan Princess: the card under the {whose}, {'pawns' if shared else 'pawn'} and all, to {spoken_place(action.place)}"
    pictures = " and ".join(f"Red Boy ({picture.english})" for picture in action.pictures)
    return f"{pictures}: discard the card at {spoken_place(action.place)}"


def _whose_card(effect: PlayPrincess, mountain: Position) -> tuple[str, bool]:
    """"red pawn", or on a shared card "red and yellow pawns" (MOI-R22); and whether it is shared."""
    names = [colour.english for colour in targeted_pawns(effect, mountain) or ()]
    if len(names) == 1:
        return f"{names[0]} pawn", False
    return f"{', '.join(names[:-1])} and {names[-1]} pawns", True


def _outcome(effect: Effect, mountain: Position) -> str:
    """What an effect that nobody cancelled does, said after the fact (`mountain` is from before)."""
    if isinstance(effect, PlayBison):
        return f"the {effect.colour.english} pawn now stands at {spoken_place(effect.place)}"
    if isinstance(effect, PlayPrincess):
        whose, shared = _whose_card(effect, mountain)
        return f"the card under the {whose}, with {'its pawns' if shared else 'the pawn'}, now lies at {spoken_place(effect.place)}"
    return f"{mountain.cards[effect.place].code} at {spoken_place(effect.place)} goes to the discard pile"


def _resolve(
    state: GameState, effect: Effect, events: list[GameEvent], hands: tuple[tuple[Card, ...], ...], played: tuple[Card, ...]
) -> tuple[GameState, list[GameEvent]]:
    """Apply a played effect nobody cancelled; the event cards go to the discard pile either way.
    Then, as `_after_play` says, the step when the hand (`hands`, as the play left them) is empty."""
    mountain = state.mountain
    discard = state.discard_pile + effect.cards
    if type(effect) is PlayBison:
        mountain = mountain.with_pawn(effect.colour, effect.place)
    elif type(effect) is PlayPrincess:
        mountain = mountain.with_card_moved(mountain.pawn(effect.colour), effect.place)
    else:
        discard = discard + (mountain._cards[effect.place],)
        mountain = mountain.without_card(effect.place)
    events.append(worded("resolve", None, _outcome, effect, state.mountain))
    phase = _PLAY if hands[state.seat] else _STEP
    state = replace(state, mountain=mountain, discard_pile=discard, hands=hands, played=played, pending=None, phase=phase)
    return state, events


def _after_play(state: GameState, events: list[GameEvent]) -> tuple[GameState, list[GameEvent]]:
    """With an empty hand there is nothing more to play: go on to the step."""
    if not state.hands[state.seat]:
        state = replace(state, phase=_STEP)
    return state, events


def _end_turn(state: GameState, events: list[GameEvent], mountain: Position) -> tuple[GameState, list[GameEvent]]:
    """Step III (is the round over?) and step IV (draw up to three), then the next player, on the
    Mountain as the step left it."""
    rules = state.rules
    if has_complete_cross(mountain, rules):
        return _end_round(replace(state, mountain=mountain), "a", events)
    seat, pile, hands = state.seat, state.draw_pile, state.hands
    need = HAND_SIZE - len(hands[seat])
    if need > len(pile) if rules.ends_when_refill_short else not pile:
        return _end_round(replace(state, mountain=mountain), "b", events)
    players = len(hands)
    idle_turns = 0 if state.played else state.idle_turns + 1
    if idle_turns >= players:
        why = "a whole round of turns with no card played, discarded or moved (MOI-R20), scored as condition b"
        return _end_round(replace(state, mountain=mountain), "b", events, why)
    if need > 0:
        drawn = pile[len(pile) - min(need, len(pile)) :][::-1]
        pile = pile[: len(pile) - len(drawn)]
        hands = hands[:seat] + (hands[seat] + drawn,) + hands[seat + 1 :]
        events.append(worded("draw", seat, _drew, state.colours[seat], len(drawn)))
    following = (seat + 1) % players
    phase = _PLAY if hands[following] else _STEP  # MOI-R18: an empty hand skips step I
    state = replace(
        state,
        mountain=mountain,
        draw_pile=pile,
        hands=hands,
        seat=following,
        phase=phase,
        played=(),
        turns=state.turns + 1,
        idle_turns=idle_turns,
    )
    return state, events


def round_scores(state: GameState, reason: str, ender: int) -> tuple[int, ...]:
    """Raw scores of every seat for a round that ends now (MOI-R11, MOI-R17)."""
    mountain, rules = state.mountain, state.rules
    doubling = doubling_seats(state, reason, ender)
    return tuple(score(mountain, colour, ended=seat in doubling, rules=rules) for seat, colour in enumerate(state.colours))


def doubling_seats(state: GameState, reason: str, ender: int) -> set[int]:
    """Who counts a card twice when the round ends now (MOI-R11): nobody after condition b; after a
    complete cross, EN every pawn alone at one, ZH the player who ended the round, wherever their
    pawn stands."""
    if reason != "a":
        return set()
    if state.rules.doubled_cross_for_ender_only:
        return {ender}
    crosses = complete_crosses(state.mountain, state.rules)
    return {seat for seat, colour in enumerate(state.colours) if state.mountain.pawn(colour) in crosses}


def _end_round(state: GameState, reason: str, events: list[GameEvent], why: str = "") -> tuple[GameState, list[GameEvent]]:
    ender = state.seat
    raw = round_scores(state, reason, ender)
    totals = list(state.totals)
    scored = []
    for seat, points in enumerate(raw):
        if state.rules.floor_total_at_zero:  # ZH: the running total never drops below 0 (MOI-R12)
            new_total = max(0, totals[seat] + points)
        else:  # EN: a negative round score counts as 0 (MOI-R12)
            new_total = totals[seat] + max(0, points)
        scored.append(new_total - totals[seat])
        totals[seat] = new_total
    result = RoundResult(state.round, reason, ender, raw, tuple(scored), state.turns + 1)
    why = why or ("a complete cross (condition a)" if reason == "a" else "the draw pile ran out (condition b)")
    summary = ", ".join(f"{colour.english} {points:+d}" for colour, points in zip(state.colours, raw))
    events.append(GameEvent("round", f"round {state.round} ends: {why}; scores {summary}", ender))
    state = replace(state, totals=tuple(totals), results=state.results + (result,))
    if state.round >= state.rules.rounds(state.players):
        state = replace(state, phase=_OVER, pending=None, played=())
        names = " and ".join(state.colours[seat].english for seat in state.winners)
        events.append(GameEvent("over", f"the game is over: {names} win{'s' if len(state.winners) == 1 else ''} with {max(totals)}"))
        return state, events
    next_first = (state.first_seat + 1) % state.players  # MOI-R14
    state = _set_up_round(state, state.round + 1, next_first)
    events.append(GameEvent("setup", f"round {state.round}: a new Mountain; {state.colours[next_first].english} places first (MOI-R14)"))
    return state, events
