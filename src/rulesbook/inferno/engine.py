"""The whole game of Mountain of Inferno, turn by turn and round by round.

`legal_actions(state)` lists what the player who must decide may do; `refusal(state, action)`
says why an action is not allowed (the `IllegalAction`, citing the rule) or returns None;
`apply(state, action)` returns the next state and the events that say what happened, or raises
that IllegalAction and leaves the state as it was. `apply_legal` skips the check, for an action
taken from `legal_actions`: each kind of action has its step function in `STEPS`.

>>> state = new_game(2, seed=1)
>>> print(refusal(state, PlacePawn((5, 5))))
there is no card at (5, 5) for the pawn (MOI-R19)
>>> after, events = apply(state, legal_actions(state)[0])
>>> events[0].kind, events[0].data["place"]
('pawn', (0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, filterfalse
from operator import attrgetter
from typing import Any

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event
from rulesbook.core.house import at_moment
from rulesbook.core.messages import Listed, Message, counted
from rulesbook.core.rng import check_seed, shuffled
from rulesbook.core.words import listed
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
    parse_action,
    spoken_place,
)
from rulesbook.inferno.cards import DECK, Card, DiscipleCard, EventCard
from rulesbook.inferno.effects import bison_moves, card_distances, has_room, lift_allowed, princess_moves, red_boy_discards
from rulesbook.inferno.fast import OVER, PLACE_PAWN, PLAY, RESPOND, STEP, laid, replace
from rulesbook.inferno.names import card_word, colour_word, disciple_word, player_word
from rulesbook.inferno.position import (
    COLOUR_ORDER, DOWN, LEFT, RIGHT, UP, Colour, Coord, Memo, Place, Position, cards_beside, neighbours, place_at, place_code,
)
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.scoring import crossing_pawns, has_complete_cross, score
from rulesbook.inferno.state import HAND_SIZE, Decision, Pending, Phase, RoundResult, State, waiting

__all__ = [
    "ENDING_EVENTS", "HAND_SIZE", "Decision", "MountainLayout", "Phase", "RoundResult", "State", "apply", "apply_legal",
    "cancel_means", "doubling_seats", "entitled_to_cancel", "is_legal", "legal_actions", "mountain_layout", "new_game",
    "refusal", "round_scores", "targeted_pawns",
]

#: The kinds of event that tell how the game ended, in the move that ends it (core.events.result_start):
#: the last round's end with its scores, then the game's.
ENDING_EVENTS = frozenset({"round", "over"})

_CODE = attrgetter("code")  # sort cards by their code
_DEFAULT_RULES = Rules()  # made once: making a Rules checks every field


# --- what the events say (each event keeps its data; the sentence is made when first read) ------------
def _laid(colour: Colour, card: DiscipleCard, place: Coord) -> Message:
    return Message.sentence("{colour} lays {card} at {place}", colour=player_word(colour), card=card.code, place=spoken_place(place))


def _placed(colour: Colour, place: Coord) -> Message:
    return Message.sentence("{colour} places a pawn at {place}", colour=player_word(colour), place=spoken_place(place))


def _dealt(round: int, first: Colour) -> Message:
    return Message.sentence("three cards dealt to each player; {first} begins round {round}", first=player_word(first), round=round)


def _played(colour: Colour, action: Effect, mountain: Position) -> Message:
    return Message.sentence("{colour} plays {what}", colour=player_word(colour), what=_describe(action, mountain))


def _discarded(colour: Colour, cards: tuple[Card, ...]) -> Message:
    return Message.sentence("{colour} discards {cards} with no effect", colour=player_word(colour), cards=Listed(map(card_word, cards), ","))


def _ended(colour: Colour) -> Message:
    return Message.sentence("{colour} ends step I", colour=player_word(colour))


def _cancelled(colour: Colour, cards: tuple[Card, ...]) -> Message:
    return Message.sentence("{colour} cancels it with {cards}; both go to the discard pile, and no answer to a cancel is allowed "
                            "(MOI-R07); {colour} refills only at the end of their own next turn (MOI-R08)",
                            colour=player_word(colour), cards=Listed(map(card_word, cards), ","))


def _let(colour: Colour) -> Message:
    return Message.sentence("{colour} lets it happen", colour=player_word(colour))


def _stepped(colour: Colour, pawn: Colour, place: Coord) -> Message:
    return Message.sentence("{colour} steps the {pawn} pawn to {place}", colour=player_word(colour), pawn=colour_word(pawn),
                            place=spoken_place(place))


def _stayed(colour: Colour) -> Message:
    return Message.sentence("{colour} leaves the pawns where they are", colour=player_word(colour))


def _drew(colour: Colour, count: int) -> Message:
    return Message.sentence("{colour} draws {count}", colour=player_word(colour), count=count)


#: Why a round ends, by its reason ("idle": MOI-R20's full cycle, scored as b), as the round's
#: event words it (`_end_round`): each English text is the msgid, written here once.
_WHY_ROUNDS_END = {reason: why.template for reason, why in {
    "a": Message.text("a complete cross (condition a)"),
    "b": Message.text("the draw pile ran out (condition b)"),
    "idle": Message.text("a full cycle of turns with no card played, discarded or moved (MOI-R20), scored as condition b"),
}.items()}


def _round_ended(round: int, reason: str, why: str, colours: tuple[Colour, ...], raw: tuple[int, ...]) -> Message:
    summary = Listed([Message("{colour} {points:+d}", colour=player_word(colour), points=points)
                      for colour, points in zip(colours, raw)], ",")
    return Message.sentence("round {round} ends: {why}; scores {summary}", round=round, why=Message.text(why), summary=summary)


def _game_over(winners: tuple[Colour, ...], total: int) -> Message:
    names = Listed(map(player_word, winners))
    if len(winners) == 1:
        return Message.sentence("the game is over: {winners} wins with {total}", winners=names, total=total)
    return Message.sentence("the game is over: {winners} win with {total}", winners=names, total=total)


def _set_up(round: int, first: Colour) -> Message:
    return Message.sentence("round {round}: a new Mountain; {first} places first (MOI-R14)", round=round, first=player_word(first))


# --- setting up ------------------------------------------------------------------------------
def new_game(players: int | Sequence[Colour | str] = 4, seed: int | str = 0, rules: Rules | None = None) -> State:
    """A new game: the first round's Mountain laid out, waiting for the first pawn (MOI-R19), as
    the house rules of the round's start leave it (`Rules.house`).

    `players` is a count (colours red, yellow, blue, black in seat order) or the colours in seat order;
    four unless said, as the protocol's `new_game` and the lab's simulations seat them.
    A seed is a whole number or a text, as a state's JSON holds it.
    """
    rules = _DEFAULT_RULES if rules is None else Rules.given(rules)
    check_seed(seed, "seed")
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise DataError("players", Message("Mountain of Inferno is for 2 to 4 players, not {players} (rulebook, Object of the Game)",
                                               players=players))
        colours = COLOUR_ORDER[:players]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        colours = tuple(Colour.parse(colour) for colour in players)
        if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
            raise DataError("players", Message("expected 2 to 4 different colours, one per player, not {value}", value=shown(players)))
    else:
        raise DataError("players", Message("expected a number of players or their colours in seat order, not {value}",
                                           value=shown(players)))
    rules.rounds(len(colours))
    totals = rules.starting_totals(len(colours))
    state = State(rules=rules, colours=colours, seed=seed, totals=totals, results=(), **_round_start(seed, len(colours), rules, 1, 0))
    if rules.house:
        state, _ = at_moment(state, "round_start")
    return state


@dataclass(frozen=True)
class MountainLayout:
    """How a round's Mountain was laid out: the cards turned over in order, the events set aside."""

    turned: tuple[Card, ...]
    set_aside: tuple[EventCard, ...]
    mountain: Position
    draw_pile: tuple[Card, ...]


def mountain_layout(seed: int | str, round_number: int, players: int) -> MountainLayout:
    """All 52 cards shuffled, a 2 x players Mountain of disciples, events shuffled back (MOI-R14, MOI-R19)."""
    pile = shuffled(DECK, seed, "round", round_number)
    cards: dict[Place, DiscipleCard] = {}
    turned: list[Card] = []
    while len(cards) < 2 * players:
        card = pile.pop()
        turned.append(card)
        if type(card) is DiscipleCard:
            index = len(cards)
            cards[place_code((index // players, index % players))] = card
    aside = tuple(card for card in turned if type(card) is EventCard)
    pile = shuffled(pile + list(aside), seed, "round", round_number, "events shuffled back")
    return MountainLayout(tuple(turned), aside, Position.laid_out(cards), tuple(pile))


def first_to_place(rules: Rules, first_seat: int, players: int) -> int:
    """Who places the first pawn of a round: the first player (MOI-R19), or under the house rule
    `pawns_placed_in_reverse` the last, the player before the first."""
    return (first_seat - 1) % players if rules.pawns_placed_in_reverse else first_seat


def _round_start(seed: int | str, players: int, rules: Rules, round_number: int, first_seat: int) -> dict[str, Any]:
    """The fields of a State that a round starts with: its Mountain laid out and the rest of the
    deck as the draw pile, no hands yet, the first pawn to place (MOI-R14, MOI-R19)."""
    layout = mountain_layout(seed, round_number, players)
    return dict(round=round_number, first_seat=first_seat, mountain=layout.mountain, draw_pile=layout.draw_pile, discard_pile=(),
                hands=((),) * players, seat=first_to_place(rules, first_seat, players), phase=PLACE_PAWN, played=(), pending=None,
                turns=0, idle_turns=0)


def _set_up_round(state: State, round_number: int, first_seat: int) -> State:
    return replace(state, **_round_start(state.seed, state.players, state.rules, round_number, first_seat))


def _deal(state: State) -> State:
    """Three cards each (or the house rule's `hand_size`), one at a time from the first player
    (rulebook, Setup)."""
    pile, players, size = state.draw_pile, state.players, state.rules.hand_size
    top = len(pile) - 1  # the pile is dealt from its end
    hands = list(state.hands)
    for offset in range(players):  # the player offset seats after the first takes every players-th card from there
        seat = (state.first_seat + offset) % players
        hands[seat] += pile[top - offset :: -players][:size]
    return replace(state, draw_pile=pile[: len(pile) - size * players], hands=tuple(hands))

# --- what may be done -----------------------------------------------------------------------------
#: The actions, by what they are made of and the place code they name (`place_code`):
#: _LAYS[card][code] is LayDisciple(card, place_at(code)). One action object per distinct action,
#: made the first time it is listed and handed out again after that: actions are equal by value,
#: so sharing them changes nothing but the time spent building them. Here the Mountain's place
#: codes become the (row, column) places every action names.
_PAWNS = Memo(lambda place: PlacePawn(place_at(place)))
_LAYS = Memo(lambda card: Memo(lambda place: LayDisciple(card, place_at(place))))
_BISONS = Memo(lambda target: Memo(lambda place: PlayBison(target[0], place_at(place), target[1])))
_PRINCESSES = Memo(lambda colour: Memo(lambda place: PlayPrincess(colour, place_at(place))))
_RED_BOYS = Memo(lambda pictures: Memo(lambda place: PlayRedBoy(pictures, place_at(place))))
_STEPS = Memo(lambda colour: Memo(lambda place: Step(colour, place_at(place))))
_CANCELS = Memo(Cancel)
_END, _PASS, _STAY = EndPlay(), Pass(), Stay()


def legal_actions(state: State) -> list[Action]:
    """Every action the deciding player may take now, in a fixed order."""
    phase = state.phase
    if phase is PLAY:
        hand = state.hands[state.seat]
        plan = _PLANS.get(hand) or _plan(hand)
        actions: list[Action] = _plays(state, hand, plan)
        if not state.played:
            actions += _discards(state, plan)
        if state.played or not actions:
            actions.append(_END)
        return actions
    if phase is STEP:
        mountain = state.mountain
        full = mountain.full(state.rules.max_pawns_per_card)
        cards, pawns = mountain._cards, mountain._pawns
        actions = []
        for colour in _steppable(state):
            actions += map(_STEPS[colour].__getitem__, filterfalse(full.__contains__, cards_beside(pawns[colour], cards)))
        actions.append(_STAY)
        return actions
    if phase is RESPOND:
        pending = waiting(state)
        return [_CANCELS[cards] for cards in _cancel_options(pending.effect, state.hands[pending.responders[0]])] + [_PASS]
    if phase is PLACE_PAWN:
        mountain = state.mountain
        taken = set(mountain._pawns.values())
        return [_PAWNS[place] for place in mountain.shape.sorted_places() if place not in taken]
    return []


def _plays(state: State, hand: tuple[Card, ...], plan: _HandPlan) -> list[Action]:
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
        free = mountain._shape.sorted_free_places()
        for lays in plan.lays:
            plays += map(lays, free)
    if not plan.effects or not events_allowed:
        return plays
    pawns = mountain._pawns
    colours = mountain.pawn_colours()
    limit, reach = rules.max_pawns_per_card, rules.bison_reach
    bisons = plan.bisons
    for count in (1, 2):
        if bisons >= count and room >= count:
            for colour in colours:
                plays += map(_BISONS[colour, count].__getitem__, bison_moves(mountain, colour, count, limit, reach))
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


def _fan_plays(mountain: Position, colour: Colour, source: Place) -> Iterator[Action]:
    """The Iron Fan Princess plays of the card under that pawn (at source): `princess_moves` as actions."""
    return map(_PRINCESSES[colour].__getitem__, princess_moves(mountain, source))


class _HandPlan:
    """What a hand can play, whatever the Mountain: worked out once per hand, since a handful of
    distinct hands come back again and again, and each is asked about at every decision."""

    __slots__ = ("lays", "bisons", "fan", "fans", "guan_yin", "red_boys", "red_boy_pairs", "effects", "discards")

    def __init__(self, cards: tuple[Card, ...]):
        """`cards`: the hand in the order of the cards' codes (as `_plan` gives it), which is the
        order of every choice listed here; each choice once, however many cards are alike."""
        disciples = dict.fromkeys(card for card in cards if type(card) is DiscipleCard)
        self.lays = tuple(_LAYS[card].__getitem__ for card in disciples)  # its lay action at a place code
        self.bisons = cards.count(BISON)
        self.fans = cards.count(FAN)
        self.fan = self.fans > 0
        self.guan_yin = GUAN_YIN in cards
        pictures = [card.picture for card in cards if type(card) is EventCard and card.picture is not None]
        self.red_boys = tuple((picture, _RED_BOYS[(picture,)]) for picture in dict.fromkeys(pictures))
        self.red_boy_pairs = tuple(_RED_BOYS[pair] for pair in dict.fromkeys(combinations(pictures, 2)))
        self.effects = bool(self.bisons or self.fan or pictures)
        events = [card for card in cards if type(card) is EventCard]
        options = dict.fromkeys(combo for size in (1, 2, 3) for combo in combinations(events, size))  # one to three (MOI-R04)
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


def _discards(state: State, plan: _HandPlan) -> tuple[Action, ...]:
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
    place = mountain.pawn_place(colour)
    if mountain.count_on(place) == 1:
        return colour
    return mountain.colours_on(place)[0]


def targeted_pawns(effect: Effect, mountain: Position | None = None) -> tuple[Colour, ...] | None:
    """The pawns an effect moves: a Bison King's one pawn, every pawn on the Princess's card
    (MOI-R22); None for a Red Boy, which moves no pawn."""
    target = getattr(effect, "target", None)
    if target is None:
        return None
    if isinstance(effect, PlayPrincess) and mountain is not None and target in mountain._pawns:
        return mountain.colours_on(mountain.pawn_place(target))
    return (target,)


def entitled_to_cancel(
    rules: Rules, effect: Effect, player: Colour, others: Sequence[Colour], mountain: Position | None = None
) -> list[Colour]:
    """Who may answer an effect, whatever they hold, in the order of `others` (MOI-R06).

    EN: a Bison King or an Iron Fan Princess only by the owners of the pawns it moves (every pawn
    on the Princess's card, given the Mountain: MOI-R22), never by the player; a Red Boy by any
    other player. ZH: any opponent, any effect.
    """
    owners = _answering_owners(rules, effect, mountain)
    if owners is None:
        return [colour for colour in others if colour is not player]
    return [colour for colour in others if colour in owners and colour is not player]


def _answering_owners(rules: Rules, effect: Effect, mountain: Position | None) -> tuple[Colour, ...] | None:
    """The pawns whose owners alone may answer the effect (EN: those a Bison King or a Princess
    moves); None when any other player may (a Red Boy; ZH, any effect) (MOI-R06)."""
    if rules.any_opponent_cancels:
        return None
    return targeted_pawns(effect, mountain)


def _cancel_options(effect: Effect, hand: Sequence[Card]) -> list[tuple[EventCard, ...]]:
    """The card sets that cancel this effect, of those the hand holds (rulebook I; MOI-R06).

    Each set is one kind of card, once or twice, so holding it is holding that many."""
    return [cards for cards in cancel_means(effect) if hand.count(cards[0]) >= len(cards)]


def _responders(state: State, effect: Effect, player: int) -> tuple[int, ...]:
    """Who may cancel, asked clockwise from the player (MOI-P01): those entitled to (as `entitled_to_cancel`
    says) who hold the cards to do it (MOI-R06). Who is entitled is told first, from the effect
    alone: EN, a Bison King or a Princess is answered only by the owners of the pawns it moves,
    so only their hands are looked at."""
    colours, hands, rules = state.colours, state.hands, state.rules
    owners = _answering_owners(rules, effect, state.mountain)
    # What `cancel_means` asks of a hand, read from its plan: Guan Yin; a Fan per Bison King; a Bison for a Princess.
    fans_needed = effect.count if isinstance(effect, PlayBison) else rules.hand_size + 1  # more than any hand holds
    bison_cancels = type(effect) is PlayPrincess
    holding = []
    for seat in _CLOCKWISE[len(colours)][player]:
        if owners is not None and colours[seat] not in owners:
            continue
        plan = _PLANS.get(hands[seat]) or _plan(hands[seat])
        if plan.guan_yin or plan.fans >= fans_needed or (bison_cancels and plan.bisons > 0):
            holding.append(seat)
    return tuple(holding)


#: The other seats, clockwise from each seat, by the number of players.
_CLOCKWISE = {
    players: tuple(tuple((player + offset) % players for offset in range(1, players)) for player in range(players))
    for players in range(2, 5)
}


def _steppable(state: State) -> list[Colour]:
    """EN: your own pawn; ZH: any pawn (MOI-R09). Only a pawn on the Mountain: a game moment set up
    by hand (`game_moment`) may leave yours off, and then you have none to step."""
    if state.rules.step_any_pawn:
        return list(state.mountain.pawn_colours())
    own = state.colours[state.seat]
    return [own] if own in state.mountain._pawns else []


# --- checking an action ---------------------------------------------------------------------------
def refusal(state: State, action: Action | str) -> IllegalAction | None:
    """Why the deciding player may not take this action now (the IllegalAction, citing the rule),
    or None when they may. The action may be given as its text; text that does not parse raises
    NotationError. A value that is no action of this game is refused, never taken for another."""
    if isinstance(action, str):
        action = parse_action(action)
    try:
        _check(state, action)
    except IllegalAction as error:
        return error
    return None


def is_legal(state: State, action: Action | str) -> bool:
    """Whether the deciding player may take this action now."""
    return refusal(state, action) is None


def _check(state: State, action: Action) -> None:
    """Raise IllegalAction, citing the rule, unless the deciding player may take this action now."""
    phase = state.phase
    if phase is OVER:
        raise IllegalAction(Message("the game is over"), "rulebook, End of the Game")
    kind = type(action)
    check = _CHECKS.get(kind)
    if check is None:
        raise IllegalAction(Message("{action} is not an action of Mountain of Inferno", action=_shown(action)), "rulebook, Play")
    if _PHASE_OF[kind] is not phase:
        who = player_word(state.colours[waiting(state).responders[0] if phase is RESPOND else state.seat])
        raise IllegalAction(Message("{who} must now {what}, not '{action}'", who=who, what=_PHASE_WORDS[phase], action=str(action)),
                            _PHASE_RULE[phase])
    check(state, action)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_pawn(state: State, action: PlacePawn) -> None:
    place = place_code(action.place)
    if place not in state.mountain._cards:
        raise IllegalAction(Message("there is no card at {place} for the pawn", place=spoken_place(action.place)), "MOI-R19")
    if state.mountain.count_on(place):
        raise IllegalAction(Message("at setup a card holds only one pawn"), "MOI-R19")


def _check_cancel(state: State, action: Cancel) -> None:
    pending = waiting(state)
    hand = state.hands[pending.responders[0]]
    if action.cards not in _cancel_options(pending.effect, hand):
        raise IllegalAction(_cancel_reason(pending.effect, state.mountain), "rulebook I")


def _check_step(state: State, action: Step) -> None:
    colour, mountain, rules = action.colour, state.mountain, state.rules
    pawns = mountain._pawns
    # `_steppable`, without making its list: EN your own pawn; ZH any pawn (MOI-R09)
    if colour not in pawns:
        raise IllegalAction(_no_pawn(colour), "MOI-R09")
    if not rules.step_any_pawn and colour is not state.colours[state.seat]:
        raise IllegalAction(Message("in this edition the step moves only your own pawn"), "MOI-R09")
    place = place_code(action.place)  # one step onto a card (`step_destinations`, in place codes)
    beside = mountain._shape.around[pawns[colour]]
    if place not in beside or place in mountain.full(rules.max_pawns_per_card):
        raise IllegalAction(_step_reason(mountain, colour, action.place, rules), "MOI-R09")


def _step_reason(mountain: Position, colour: Colour, place: Coord, rules: Rules) -> Message:
    """Why the step II move cannot take that pawn there, in the case it falls in, as `bison_refusal` does for the Bison King."""
    start = mountain.pawns[colour]
    if place not in mountain.cards:
        return Message("there is no card at {place}: the step moves a pawn onto a card", place=spoken_place(place))
    if place == start:
        return Message("{pawn} stands on {place} already: the step moves it one card, or it stays where it is",
                       pawn=pawn_words(colour), place=_card_words(mountain, place))
    if place not in neighbours(start):
        return Message("{place} is not beside {pawn}, on {start}: the step goes one card up, down, left or right, never "
                       "diagonally", place=_card_words(mountain, place), pawn=pawn_words(colour), start=spoken_place(start))
    standing = mountain.pawns_at(place)
    others = Listed(map(pawn_words, standing))
    if len(standing) == 1:
        return Message("{others} stands on {place}: the step needs a card with room for the pawn, and a card holds one",
                       others=others, place=_card_words(mountain, place))
    return Message("{others} stand on {place}: a card holds at most {limit} pawns (MOI-R13)",
                   others=others, place=_card_words(mountain, place), limit=rules.max_pawns_per_card)


def _allowed_always(state: State, action: Action) -> None:
    """Pass and Stay: always allowed in their phase."""


_PHASE_WORDS = {
    Phase.PLACE_PAWN: Message("place a pawn"),
    Phase.PLAY: Message("play cards (or end step I)"),
    Phase.RESPOND: Message("cancel the effect just played or pass"),
    Phase.STEP: Message("step a pawn or stay"),
}
_PHASE_RULE = {
    Phase.PLACE_PAWN: "MOI-R19",
    Phase.PLAY: "rulebook I",
    Phase.RESPOND: "MOI-R06",  # who may cancel an effect, at once: those it entitles answer before play goes on
    Phase.STEP: "rulebook, Play",  # the turn's order, I to IV: step I is over, step II waits
}
#: The kinds of action each phase waits for.
_EXPECTED: dict[Phase, tuple[type, ...]] = {
    Phase.PLACE_PAWN: (PlacePawn,),
    Phase.PLAY: (LayDisciple, PlayBison, PlayPrincess, PlayRedBoy, DiscardEvents, EndPlay),
    Phase.RESPOND: (Cancel, Pass),
    Phase.STEP: (Step, Stay),
}
#: The phase each kind of action belongs to (a kind is looked up faster than a phase).
_PHASE_OF: dict[type, Phase] = {kind: phase for phase, kinds in _EXPECTED.items() for kind in kinds}


def _cancel_reason(effect: Effect, mountain: Position) -> Message:
    """What cancels this effect (MOI-R06), said when the cards offered do not; the effect in words,
    as the events tell it, not in the notation a board's reader never typed."""
    if isinstance(effect, PlayBison) and effect.count == 2:
        needed = Message("two Iron Fan Princesses or one Guan Yin")
    elif isinstance(effect, PlayBison):
        needed = Message("one Iron Fan Princess or one Guan Yin")
    elif isinstance(effect, PlayPrincess):
        needed = Message("one Mighty Bison King or one Guan Yin")
    else:
        needed = Message("one Guan Yin")
    return Message("'{effect}' is cancelled with {needed}, from your hand", effect=_describe(effect, mountain), needed=needed)


def _taken(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without those cards, which it holds (the action is legal)."""
    rest = _take(hand, cards)
    if rest is None:
        raise ValueError(f"the hand does not hold {listed([card.code for card in cards])}")
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


def _holds(hand: tuple[Card, ...], cards: Sequence[Card]) -> bool:
    """Whether the hand holds those cards, each as many times as it is named: one card (a lay,
    most plays) is simply in the hand."""
    if len(cards) == 1:
        return cards[0] in hand
    return _take(hand, cards) is not None


def _check_end(state: State, action: EndPlay) -> None:
    hand = state.hands[state.seat]
    plan = _PLANS.get(hand) or _plan(hand)
    if not state.played and (_plays(state, hand, plan) or _discards(state, plan)):
        raise IllegalAction(Message("play or discard at least one card before ending step I"), "MOI-R18")


def _check_discard(state: State, action: DiscardEvents) -> None:
    if not state.rules.event_discard:
        raise IllegalAction(Message("this edition has no discarding without effect"), "MOI-R04")
    if state.played:
        raise IllegalAction(Message("discarding events replaces playing: not after a card was played"), "MOI-R04")
    if not _holds(state.hands[state.seat], action.cards):
        raise IllegalAction(Message("discard one to three event cards from your hand"), "MOI-R04")


def _check_cards_played(state: State, cards: tuple[Card, ...]) -> None:
    """What every card play asks: the cards in hand, room in the turn, the turn's kind of cards (MOI-R04)."""
    hand = state.hands[state.seat]
    if not _holds(hand, cards):
        raise IllegalAction(_not_held(hand, cards), "rulebook I")
    rules, played = state.rules, state.played
    limit = rules.play_limit
    if limit is not None and len(cards) > limit - len(played):
        raise IllegalAction(counted(limit, "at most {count} card may be played in one turn",
                                    "at most {count} cards may be played in one turn"), "MOI-R04")
    if played and not rules.mixed_plays and isinstance(cards[0], DiscipleCard) != isinstance(played[0], DiscipleCard):
        raise IllegalAction(Message("in this edition a turn's cards are all disciples or all events"), "MOI-R04")


def _not_held(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> Message:
    """What the hand lacks of the cards a play names (it does not hold them all): the cards it
    holds none of, or, of a card named twice, how many it holds."""
    named = tuple(dict.fromkeys(cards))
    missing = [card for card in named if card not in hand]
    if missing:
        return Message("you do not hold {cards}", cards=Listed(map(card_word, missing)))
    card = next(card for card in named if hand.count(card) < cards.count(card))
    return Message("you hold {held} {card}, not {needed}", held=hand.count(card), card=card_word(card), needed=cards.count(card))


def _check_pawn_there(state: State, colour: Colour) -> None:
    if colour not in state.mountain._pawns:
        raise IllegalAction(_no_pawn(colour), "rulebook I")


def _no_pawn(colour: Colour) -> Message:
    return Message("there is no {colour} pawn on the Mountain", colour=colour_word(colour))


def _check_lay(state: State, action: LayDisciple) -> None:
    """A disciple touches the Mountain as it is now, cards laid earlier this turn included (MOI-P02)."""
    _check_cards_played(state, action.cards)
    mountain, place = state.mountain, place_code(action.place)
    if place in mountain._cards:
        raise IllegalAction(Message("a card already lies at {place}", place=spoken_place(action.place)), "rulebook I")
    if not mountain._shape.is_free(place):
        if any(corner in mountain._cards for corner in (place + UP + LEFT, place + UP + RIGHT, place + DOWN + LEFT, place + DOWN + RIGHT)):
            raise IllegalAction(Message("a disciple must touch a card of the Mountain along a side, not only at a corner"), "rulebook I")
        raise IllegalAction(Message("a disciple must touch a card of the Mountain along a side; no card lies beside {place}",
                                    place=spoken_place(action.place)), "rulebook I")


def _check_bison(state: State, action: PlayBison) -> None:
    _check_cards_played(state, action.cards)
    _check_bison_on(state, action)


def _check_bison_on(state: State, action: PlayBison) -> None:
    """`_check_bison` once the cards are known to be in hand and in the turn: the move itself."""
    _check_pawn_there(state, action.colour)
    rules = state.rules
    if place_code(action.place) not in bison_moves(state.mountain, action.colour, action.count, rules.max_pawns_per_card,
                                                   rules.bison_reach):
        raise IllegalAction(bison_refusal(state.mountain, action.colour, action.count, action.place, rules), "MOI-R05")


def bison_refusal(mountain: Position, colour: Colour, cards: int, place: Coord, rules: Rules = _DEFAULT_RULES) -> Message:
    """Why `cards` Mighty Bison Kings may not take the `colour` pawn to place, a place they cannot
    take it to (MOI-R05): no card there, the card it starts on, a card with no room, no path of
    cards there, or no path of a length within reach that visits no card twice (the shortest one
    said, which is exact). Asked only once a move is refused. The Bison King lesson says the same
    (`rulesbook.lessons.inferno.bison_turn`), its board's refusals capitalised."""
    start = mountain.pawn(colour)
    if place not in mountain.cards:
        return Message("there is no card there: the Bison King moves a pawn from card to card and never over an empty place")
    if place == start:
        return Message("the pawn cannot end where it started: its path never visits a card twice, so it cannot come back")
    if not has_room(mountain, place, rules):
        standing = mountain.pawns_at(place)
        others = Listed(map(pawn_words, standing))
        if len(standing) == 1:
            return Message("{others} stands on {place}: a pawn may pass over another pawn but never stop on it",
                           others=others, place=_card_words(mountain, place))
        return Message("{others} stand on {place}: a pawn may pass over other pawns but never stop on a card with no room for it",
                       others=others, place=_card_words(mountain, place))
    shortest = card_distances(mountain, start).get(place)
    if shortest is None:
        return Message("no path of cards leads from the {colour} pawn to {place}", colour=colour_word(colour),
                       place=_card_words(mountain, place))
    # The place has room and is no destination, so no path there of a length within reach visits
    # no card twice (`bison_moves`); the shortest path is exact, whatever its length.
    steps = rules.bison_steps(cards)
    data = {"start": _card_words(mountain, start), "place": _card_words(mountain, place), "shortest": steps_words(shortest)}
    if len(steps) == 1:
        if cards == 1:
            return Message("one Mighty Bison King moves a pawn exactly {steps}, and no path from {start} to {place} "
                           "that visits no card twice is that long: the shortest is {shortest}", steps=steps_words(steps[0]), **data)
        return Message("two Mighty Bison Kings move a pawn exactly {steps}, and no path from {start} to {place} "
                       "that visits no card twice is that long: the shortest is {shortest}", steps=steps_words(steps[0]), **data)
    if len(steps) == 2:
        span = Message("{low} or {high}", low=steps[0], high=steps[-1])
    else:
        span = Message("{low} to {high}", low=steps[0], high=steps[-1])
    if cards == 1:
        return Message("one Mighty Bison King moves a pawn {span} cards, and no path from {start} to {place} "
                       "that visits no card twice is that long: the shortest is {shortest}", span=span, **data)
    return Message("two Mighty Bison Kings move a pawn {span} cards, and no path from {start} to {place} "
                   "that visits no card twice is that long: the shortest is {shortest}", span=span, **data)


def pawn_words(colour: Colour) -> Message:
    """"the red pawn", 紅色唐僧標記."""
    return Message("the {colour} pawn", colour=colour_word(colour))


def _card_words(mountain: Position, place: Coord) -> Message:
    """A card of the Mountain in a sentence: "the MK+2 card at (0, 1)"."""
    return Message("the {card} card at {place}", card=mountain.cards[place].code, place=spoken_place(place))


def steps_words(length: int) -> Message:
    """"1 card", "4 cards"."""
    if length == 1:
        return Message("{numbers} card", numbers=str(length))
    return Message("{numbers} cards", numbers=str(length))


def _check_princess(state: State, action: PlayPrincess) -> None:
    _check_cards_played(state, action.cards)
    _check_princess_on(state, action)


def _check_princess_on(state: State, action: PlayPrincess) -> None:
    """`_check_princess` once the cards are known to be in hand and in the turn: the move itself."""
    _check_pawn_there(state, action.colour)
    mountain, colour = state.mountain, action.colour
    named = _card_named_by(mountain, colour)
    if named is not colour:
        raise IllegalAction(Message(
            "the card under the {colour} pawn also holds the {named} pawn: one Iron Fan "
            "Princess moves the card with both, and the play names it by the {named} pawn "
            "('fan {letter} ...')", colour=colour_word(colour), named=colour_word(named), letter=named.letter), "MOI-R22")
    source = mountain.pawn_place(colour)
    if not lift_allowed(mountain, source):
        raise IllegalAction(Message("lifting the card under the {colour} pawn would split the Mountain", colour=colour_word(colour)),
                            "MOI-R15")
    if place_code(action.place) not in princess_moves(mountain, source):
        raise IllegalAction(_princess_refusal(mountain, source, action.place), "MOI-R15")


def _princess_refusal(mountain: Position, source: Place, place: Coord) -> Message:
    """Why the card lifted from source, which may be lifted, may not go to place (MOI-R15): it
    lies there already, another card does, or the place touches no card but the one lifted, or
    none at all. Asked only once the play is refused."""
    code, where = place_code(place), spoken_place(place)
    if code == source:
        return Message("the card already lies at {place}: Iron Fan Princess puts it down somewhere else", place=where)
    if code in mountain._cards:
        return Message("a card already lies at {place}", place=where)
    if mountain._shape.is_free(code):  # an empty place beside a card, and no card but the one lifted
        return Message("at {place} the card would touch only the place it was lifted from, not the rest of the Mountain",
                       place=where)
    return Message("no card of the Mountain lies beside {place}: the card must touch the rest of the Mountain along a side",
                   place=where)


def _check_red_boy(state: State, action: PlayRedBoy) -> None:
    _check_cards_played(state, action.cards)
    _check_red_boy_on(state, action)


def _check_red_boy_on(state: State, action: PlayRedBoy) -> None:
    """`_check_red_boy` once the cards are known to be in hand and in the turn: the card it takes."""
    mountain, place = state.mountain, place_code(action.place)
    card = mountain._cards.get(place)
    if card is None:
        raise IllegalAction(Message("there is no card at {place} to discard", place=spoken_place(action.place)), "rulebook I")
    if mountain.count_on(place):
        raise IllegalAction(Message("a Red Boy never discards a card holding a pawn"), "MOI-R16")
    picture = action.pictures[0] if len(action.pictures) == 1 else None
    if picture is not None and card.disciple is not picture:
        raise IllegalAction(Message("one Red Boy discards only a {picture}, its picture; two Red Boys discard any disciple",
                                    picture=disciple_word(picture)), "rulebook I")
    if place not in red_boy_discards(mountain, picture):  # the targets `legal_actions` listed, kept with the shape
        raise IllegalAction(Message("discarding that card would split the Mountain"), "MOI-R15")


#: The check of each kind of action, once the phase is the one it belongs to.
_CHECKS: dict[type, Callable[[State, Any], None]] = {
    PlacePawn: _check_pawn,
    LayDisciple: _check_lay,
    PlayBison: _check_bison,
    PlayPrincess: _check_princess,
    PlayRedBoy: _check_red_boy,
    DiscardEvents: _check_discard,
    EndPlay: _check_end,
    Cancel: _check_cancel,
    Pass: _allowed_always,
    Step: _check_step,
    Stay: _allowed_always,
}


#: What each effect asks of the Mountain when it is played, its cards aside (`pending_problem`).
_EFFECT_CHECKS: dict[type, Callable[[State, Any], None]] = {
    PlayBison: _check_bison_on,
    PlayPrincess: _check_princess_on,
    PlayRedBoy: _check_red_boy_on,
}


def pending_problem(state: State) -> tuple[str, str] | None:
    """What is wrong with the effect a state says waits for answers, as (field, why); None when it
    is one `apply` could have left. The effect is checked as `apply` checked it when it was played,
    on the same Mountain (an effect changes nothing until it is resolved), its cards aside (they
    have left the hand); those still to be asked are the last of those `apply` asks (MOI-R06,
    MOI-P01), since nobody's hand changes while an effect waits. What loading a state asks
    (`State.from_dict`): a tampered effect would otherwise break the game when it is resolved."""
    pending = state.pending
    if pending is None:
        return None
    effect = pending.effect
    try:
        _EFFECT_CHECKS[type(effect)](state, effect)
    except IllegalAction as refused:
        return "state.pending.effect", f"'{effect.text()}' cannot have been played on this Mountain: {refused}"
    asked = _responders(state, effect, pending.player)
    waiting_for = pending.responders
    if not waiting_for or asked[len(asked) - len(waiting_for):] != waiting_for:
        players = ", ".join(map(str, asked)) or "none"
        return ("state.pending.responders", f"{list(waiting_for)} are not the last of the seats asked to answer "
                f"'{effect.text()}' (seats {players}: those entitled who hold the cards that cancel it, MOI-R06)")
    return None


# --- applying an action ---------------------------------------------------------------------------
def apply(state: State, action: Action | str) -> tuple[State, list[Event]]:
    """The state after the action (or its text, "lay MK+2 0,2") and what happened; IllegalAction
    (state untouched) if not allowed. Once checked, the action is of a kind the game knows and the
    game is not over: its step function is called as `apply_legal` would call it, without asking
    that again."""
    if isinstance(action, str):
        action = parse_action(action)
    _check(state, action)
    decider = waiting(state).responders[0] if state.phase is RESPOND else state.seat  # as `decision` says
    return STEPS[type(action)](state, action, decider, state.colours[decider])


def apply_legal(state: State, action: Action) -> tuple[State, list[Event]]:
    """`apply` without the check, for an action taken from `legal_actions(state)` (the fast path):
    the step function of the action's kind (`STEPS`), given the seat that decides and its colour.
    A value of no kind the game knows is refused, never taken for another action."""
    phase = state.phase
    if phase is OVER:
        raise IllegalAction("the game is over", "rulebook, End of the Game")
    step = STEPS.get(type(action))
    if step is None:
        raise IllegalAction(f"{_shown(action)} is not an action of Mountain of Inferno", "rulebook, Play")
    decider = waiting(state).responders[0] if phase is RESPOND else state.seat  # as `decision` says
    return step(state, action, decider, state.colours[decider])


def _lay(state: State, action: LayDisciple, decider: int, who: Colour) -> tuple[State, list[Event]]:
    card = action.card
    hands = state.hands
    hand = hands[decider]
    index = hand.index(card)
    hand = hand[:index] + hand[index + 1 :]
    state = laid(state, _with(hands, decider, hand), state.mountain.laid(place_code(action.place), card),
                 state.played + (card,), state.phase if hand else STEP)  # the phase: as `_after_play` says
    return state, [Event.worded("lay", _laid, {"colour": who, "card": card, "place": action.place}, decider)]


def _step(state: State, action: Step, decider: int, who: Colour) -> tuple[State, list[Event]]:
    events = [Event.worded("step", _stepped, {"colour": who, "pawn": action.colour, "place": action.place}, decider)]
    return _end_turn(state, events, state.mountain.pawn_moved(action.colour, place_code(action.place)))


def _stay(state: State, action: Stay, decider: int, who: Colour) -> tuple[State, list[Event]]:
    return _end_turn(state, [Event.worded("stay", _stayed, {"colour": who}, decider)], state.mountain)


def _place_pawn(state: State, action: PlacePawn, decider: int, who: Colour) -> tuple[State, list[Event]]:
    events = [Event.worded("pawn", _placed, {"colour": who, "place": action.place}, decider)]
    rules, players = state.rules, state.players
    next_seat = (decider + (-1 if rules.pawns_placed_in_reverse else 1)) % players
    state = replace(state, mountain=state.mountain.pawn_moved(who, place_code(action.place)), seat=next_seat)
    if next_seat == first_to_place(rules, state.first_seat, players):  # every pawn is placed
        next_seat = state.first_seat
        state = replace(_deal(state), phase=PLAY, seat=next_seat)
        events.append(Event.worded("deal", _dealt, {"round": state.round, "first": state.colours[next_seat]}))
    return state, events


def _play_effect(state: State, action: Effect, decider: int, who: Colour) -> tuple[State, list[Event]]:
    cards = action.cards
    hands = _with(state.hands, decider, _taken(state.hands[decider], cards))
    played = state.played + cards
    events = [Event.worded("effect", _played, {"colour": who, "action": action, "mountain": state.mountain}, decider)]
    responders = _responders(state, action, decider)  # the other hands are as they were
    if responders:
        pending = Pending(action, decider, responders)
        return replace(state, hands=hands, played=played, phase=RESPOND, pending=pending), events
    return _resolve(state, action, events, hands, played)


def _discard(state: State, action: DiscardEvents, decider: int, who: Colour) -> tuple[State, list[Event]]:
    hand = _taken(state.hands[decider], action.cards)
    state = replace(state, hands=_with(state.hands, decider, hand), discard_pile=state.discard_pile + action.cards,
                    played=action.cards, phase=STEP)
    return state, [Event.worded("discard", _discarded, {"colour": who, "cards": action.cards}, decider)]


def _end_play(state: State, action: EndPlay, decider: int, who: Colour) -> tuple[State, list[Event]]:
    return replace(state, phase=STEP), [Event.worded("end", _ended, {"colour": who}, decider)]


def _cancel(state: State, action: Cancel, decider: int, who: Colour) -> tuple[State, list[Event]]:
    # The effect never happens: a cancelled Red Boy leaves its disciple in the Mountain (MOI-R21).
    pending = waiting(state)
    hand = _taken(state.hands[decider], action.cards)
    state = replace(state, hands=_with(state.hands, decider, hand),
                    discard_pile=state.discard_pile + pending.effect.cards + action.cards, pending=None, phase=PLAY)
    events = [Event.worded("cancel", _cancelled, {"colour": who, "cards": action.cards}, decider)]
    return _after_play(state, events)


def _pass(state: State, action: Pass, decider: int, who: Colour) -> tuple[State, list[Event]]:
    pending = waiting(state)
    rest = pending.responders[1:]
    events = [Event.worded("pass", _let, {"colour": who}, decider)]
    if rest:
        return replace(state, pending=Pending(pending.effect, pending.player, rest)), events
    return _resolve(state, pending.effect, events, state.hands, state.played)


#: The step function of each kind of action (the commonest first, as a reader meets them in a game).
STEPS: dict[type, Callable[[State, Any, int, Colour], tuple[State, list[Event]]]] = {
    LayDisciple: _lay,
    Step: _step,
    Stay: _stay,
    PlacePawn: _place_pawn,
    PlayBison: _play_effect,
    PlayPrincess: _play_effect,
    PlayRedBoy: _play_effect,
    DiscardEvents: _discard,
    EndPlay: _end_play,
    Cancel: _cancel,
    Pass: _pass,
}


def _with(items: tuple, index: int, value) -> tuple:
    """The items with the one at index changed: made through a list, one copy each way, rather
    than joined from slices (a tuple made for each)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _describe(action: Effect, mountain: Position) -> Message:
    place = spoken_place(action.place)
    if isinstance(action, PlayBison):
        if action.count == 1:
            return Message("Mighty Bison King: the {colour} pawn to {place}", colour=colour_word(action.colour), place=place)
        return Message("two Mighty Bison Kings: the {colour} pawn to {place}", colour=colour_word(action.colour), place=place)
    if isinstance(action, PlayPrincess):
        whose, shared = _whose_card(action, mountain)
        if shared:
            return Message("Iron Fan Princess: the card under the {whose}, pawns and all, to {place}", whose=whose, place=place)
        return Message("Iron Fan Princess: the card under the {whose}, pawn and all, to {place}", whose=whose, place=place)
    pictures = Listed(Message("Red Boy ({picture})", picture=disciple_word(picture)) for picture in action.pictures)
    return Message("{pictures}: discard the card at {place}", pictures=pictures, place=place)


def _whose_card(effect: PlayPrincess, mountain: Position) -> tuple[Message, bool]:
    """"red pawn", or on a shared card "red and yellow pawns" (MOI-R22); and whether it is shared."""
    colours = targeted_pawns(effect, mountain) or ()
    if len(colours) == 1:
        return Message("{colour} pawn", colour=colour_word(colours[0])), False
    return Message("{colours} pawns", colours=Listed(map(colour_word, colours))), True


def _outcome(effect: Effect, mountain: Position) -> Message:
    """What an effect that nobody cancelled does, said after the fact (`mountain` is from before)."""
    place = spoken_place(effect.place)
    if isinstance(effect, PlayBison):
        return Message.sentence("the {colour} pawn now stands at {place}", colour=colour_word(effect.colour), place=place)
    if isinstance(effect, PlayPrincess):
        whose, shared = _whose_card(effect, mountain)
        if shared:
            return Message.sentence("the card under the {whose}, with its pawns, now lies at {place}", whose=whose, place=place)
        return Message.sentence("the card under the {whose}, with the pawn, now lies at {place}", whose=whose, place=place)
    return Message.sentence("{card} at {place} goes to the discard pile", card=mountain.cards[effect.place].code, place=place)


def _resolve(
    state: State, effect: Effect, events: list[Event], hands: tuple[tuple[Card, ...], ...], played: tuple[Card, ...]
) -> tuple[State, list[Event]]:
    """Apply a played effect nobody cancelled; the event cards go to the discard pile either way.
    Then, as `_after_play` says, the step when the hand (`hands`, as the play left them) is empty."""
    discard = state.discard_pile + effect.cards
    if type(effect) is PlayRedBoy:
        discard = discard + (state.mountain._cards[place_code(effect.place)],)
    mountain = effect_on(state.mountain, effect)
    events.append(Event.worded("resolve", _outcome, {"effect": effect, "mountain": state.mountain}))
    phase = PLAY if hands[state.seat] else STEP
    state = replace(state, mountain=mountain, discard_pile=discard, hands=hands, played=played, pending=None, phase=phase)
    return state, events


def effect_on(mountain: Position, effect: Effect) -> Position:
    """The Mountain once an effect nobody cancelled has happened: Mighty Bison King moves a
    pawn, Iron Fan Princess the card under one (pawns and all), Red Boy takes a card away."""
    if type(effect) is PlayBison:
        return mountain.pawn_moved(effect.colour, place_code(effect.place))
    if type(effect) is PlayPrincess:
        return mountain.card_moved(mountain.pawn_place(effect.colour), place_code(effect.place))
    return mountain.taken(place_code(effect.place))


def _after_play(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """With an empty hand there is nothing more to play: go on to the step."""
    if not state.hands[state.seat]:
        state = replace(state, phase=STEP)
    return state, events


def _end_turn(state: State, events: list[Event], mountain: Position) -> tuple[State, list[Event]]:
    """Step III (is the round over?) and step IV (draw up to three, or the house rule's
    `hand_size`), then the next player, on the Mountain as the step left it."""
    rules = state.rules
    if has_complete_cross(mountain, rules):  # before the draw pile: a cross and an empty pile is condition a (MOI-P03)
        return _end_round(replace(state, mountain=mountain), "a", events)
    seat, pile, hands = state.seat, state.draw_pile, state.hands
    need = rules.hand_size - len(hands[seat])
    # EN: the pile is empty (MOI-R10); ZH: it cannot refill this player, and one who needs no card can (MOI-P04)
    if need > len(pile) if rules.ends_when_refill_short else not pile:
        return _end_round(replace(state, mountain=mountain), "b", events)
    players = len(hands)
    idle_turns = 0 if state.played else state.idle_turns + 1
    if idle_turns >= players:
        return _end_round(replace(state, mountain=mountain), "b", events, _WHY_ROUNDS_END["idle"])
    if need > 0:
        drawn = pile[len(pile) - min(need, len(pile)) :][::-1]
        pile = pile[: len(pile) - len(drawn)]
        hands = _with(hands, seat, hands[seat] + drawn)
        events.append(Event.worded("draw", _drew, {"colour": state.colours[seat], "count": len(drawn)}, seat))
    following = (seat + 1) % players
    phase = PLAY if hands[following] else STEP  # MOI-R18: an empty hand skips step I
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
    if rules.house:
        return _house(state, "turn_end", events)
    return state, events


def _house(state: State, moment: str, events: list[Event]) -> tuple[State, list[Event]]:
    """The state as the house rules of this moment leave it (`Rules.house`, `rules.MOMENTS`), and
    an event for each."""
    state, said = at_moment(state, moment)
    events += said
    return state, events


def round_scores(state: State, reason: str, ender: int) -> tuple[int, ...]:
    """Raw scores of every seat for a round that ends now (MOI-R11, MOI-R17). A game moment set up
    by hand (`game_moment`) may leave a pawn off the Mountain: that player stands on no card and
    scores 0."""
    mountain, rules = state.mountain, state.rules
    doubling = doubling_seats(state, reason, ender)
    return tuple(score(mountain, colour, ended=seat in doubling, rules=rules) if colour in mountain._pawns else 0
                 for seat, colour in enumerate(state.colours))


def doubling_seats(state: State, reason: str, ender: int) -> set[int]:
    """Who counts a card twice when the round ends now (MOI-R11): nobody after condition b; after a
    complete cross, EN every pawn alone at one, ZH the player who ended the round, wherever their
    pawn stands."""
    if reason != "a":
        return set()
    if state.rules.doubled_cross_for_ender_only:
        return {ender}
    crossing = crossing_pawns(state.mountain)
    return {seat for seat, colour in enumerate(state.colours) if colour in crossing}


def moved_totals(rules: Rules, totals: tuple[int, ...], raw: tuple[int, ...]) -> tuple[int, ...]:
    """The running totals once a round's raw scores move the pawns on the track (MOI-R12): ZH, a
    total never drops below 0; EN, a negative round score counts as 0; under the house rule
    `negative_scores_kept`, every score counts as it is."""
    if rules.negative_scores_kept:
        return tuple(total + points for total, points in zip(totals, raw))
    if rules.floor_total_at_zero:
        return tuple(max(0, total + points) for total, points in zip(totals, raw))
    return tuple(total + max(0, points) for total, points in zip(totals, raw))


def _end_round(state: State, reason: str, events: list[Event], why: str = "") -> tuple[State, list[Event]]:
    ender = state.seat
    raw = round_scores(state, reason, ender)
    totals = moved_totals(state.rules, state.totals, raw)
    scored = tuple(after - before for before, after in zip(state.totals, totals))
    result = RoundResult(state.round, reason, ender, raw, scored, state.turns + 1)
    why = why or _WHY_ROUNDS_END[reason]
    events.append(Event.worded("round", _round_ended, {"round": state.round, "reason": reason, "why": why,
                                                        "colours": state.colours, "raw": raw}, ender))
    state = replace(state, totals=tuple(totals), results=state.results + (result,))
    house = state.rules.house
    if house:
        state, events = _house(state, "scoring", events)
    if state.round >= state.rules.rounds(state.players):
        state = replace(state, phase=OVER, played=())  # a round ends after a step: nothing is pending
        winners = tuple(state.colours[seat] for seat in state.winners)
        events.append(Event.worded("over", _game_over, {"winners": winners, "total": max(state.totals)}))
        return state, events
    next_first = (state.first_seat + 1) % state.players  # MOI-R14
    state = _set_up_round(state, state.round + 1, next_first)
    events.append(Event.worded("setup", _set_up, {"round": state.round, "first": state.colours[next_first]}))
    if house:
        return _house(state, "round_start", events)
    return state, events
