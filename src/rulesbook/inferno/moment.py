"""A game moment built by hand, for chapters, exercises and tests, and played out aloud.

>>> state = game_moment("MK+1@R PM+2@Y", ["SB+1 BISON", "DH+2"])
>>> after = play_out(state, "lay SB+1 1,0")
> lay SB+1 1,0
    Red lays SB+1 at (1, 0).
>>> game_moment("MK+1@R PM+2@Y", ["SB+1", "DH+2"], seat=2)
Traceback (most recent call last):
rulesbook.core.data.DataError: seat: expected a seat from 0 to 1, not 2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial

from rulesbook.core.data import DataError, shown, within
from rulesbook.core.messages import Listed, Message, counted, term
from rulesbook.core.rng import check_seed
from rulesbook.core.shape import played_out
from rulesbook.inferno.actions import Action
from rulesbook.inferno.cards import DECK, Card, DiscipleCard, EventCard, count_rule, parse_card
from rulesbook.inferno.engine import apply
from rulesbook.inferno.names import rule_word
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Position
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.state import Phase, State


def game_moment(
    mountain: Position | str,
    hands: Sequence[str | Sequence[Card]],
    *,
    rules: Rules | None = None,
    draw_pile: int | str | Sequence[Card] = 20,
    seat: int = 0,
    phase: Phase | str = Phase.PLAY,
    totals: Sequence[int] | None = None,
    colours: Sequence[Colour | str] | None = None,
    seed: int | str = 0,
) -> State:
    """A game moment set up by hand; DataError (a ValueError) for a moment the rules forbid (a card
    twice, a hand too large, a Mountain in pieces, two pawns on a card without the optional rule,
    hands dealt while the pawns are placed: `State.invariants`). A moment may leave out
    what its lesson does not need, as a chapter does: pawns of players who do not matter to it, a
    Mountain smaller than any round's.

    `hands` are card codes ("MK+2 BISON") or cards, one per seat. Seats take the colours given,
    else those of the pawns on the Mountain when there is one per hand, else red, yellow, blue,
    black in turn. `draw_pile` is the draw pile (codes or cards, the top card last) or how many of
    the remaining cards it holds (named as the State's field, and as Hudai's moment names its own);
    every other card goes to the discard pile, so all 52 are somewhere.
    `phase` is a Phase or its text ("play", "step"). `seed` shuffles the rounds after this one, as
    the other games' moments take theirs. The moment is checked as a loaded state is
    (`State.invariants`).
    """
    rules = Rules() if rules is None else Rules.given(rules)
    check_seed(seed, "seed")
    position = mountain if isinstance(mountain, Position) else Position.parse(mountain, rules)
    phase = _phase(phase)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise DataError("hands", Message("expected one hand per player, not {value}", value=shown(hands)))
    held = tuple(given_cards(hand, f"hands[{index}]", rules.hand_size) for index, hand in enumerate(hands))
    seats = _seats(position, held, colours)
    if type(seat) is not int or not 0 <= seat < len(seats):
        raise DataError("seat", Message("expected a seat from 0 to {last}, not {value}", last=len(seats) - 1, value=shown(seat)))
    rest = list(DECK)
    _take_from(rest, [*position.cards.values(), *(card for hand in held for card in hand)], "hands")
    if isinstance(draw_pile, int):
        if not 0 <= draw_pile <= len(rest):
            raise DataError("draw_pile", Message("expected 0 to {most} cards (those the moment leaves), not {value}",
                                                 most=len(rest), value=draw_pile))
        pile, discard = tuple(rest[:draw_pile]), tuple(rest[draw_pile:])
    else:
        pile = given_cards(draw_pile, "draw_pile", len(DECK))
        _take_from(rest, pile, "draw_pile")
        discard = tuple(rest)
    kept = rules.negative_scores_kept  # a total below 0 only under this house rule (MOI-R12)
    listed = isinstance(totals, Sequence) and not isinstance(totals, str)
    if totals is not None and (not listed or len(totals) != len(seats) or not all(type(t) is int and (kept or t >= 0) for t in totals)):
        why = (Message("expected one whole number of points per player, not {value}", value=shown(totals)) if kept else
               Message("expected one whole number of points (0 or more) per player, not {value}", value=shown(totals)))
        raise DataError("totals", why)
    state = State(
        rules=rules, colours=seats, seed=seed, round=1, first_seat=0, mountain=position, draw_pile=pile,
        discard_pile=discard, hands=held, totals=tuple(totals) if totals is not None else rules.starting_totals(len(seats)),
        results=(), seat=seat, phase=phase,
    )
    state.invariants()
    return state


def _phase(phase: object) -> Phase:
    """The phase given, or the one its text names (a Phase equals its text, as in the other games);
    never "respond", which only an event played leads to."""
    if not isinstance(phase, str):  # a Phase is its text
        raise DataError("phase", Message("expected a Phase (Phase.PLAY, ...), not {value}", value=shown(phase)))
    try:
        given = Phase(phase)
    except ValueError:
        raise DataError("phase", Message("one of {names}, not {name}", names=", ".join(Phase), name=shown(phase))) from None
    if given is Phase.RESPOND:  # an answer waits on an effect played, which a moment set by hand has not
        raise DataError("phase", Message("a moment waiting for an answer comes from playing the event: "
                                         "play_out(game_moment(..., phase=\"play\"), \"bison Y 0,3\")"))
    return given


def given_cards(item: object, where: str, most: int | None = None) -> tuple[Card, ...]:
    """The cards a reader gives, as `game_moment`'s hands and `show_cards` take them: card codes in
    one text ("MK+2 BISON"), or a list of cards or codes; a DataError naming `where` otherwise."""
    if isinstance(item, str):
        cards: tuple[Card, ...] = within(lambda: tuple(parse_card(code) for code in item.split()), where)
    elif isinstance(item, Iterable):
        cards = tuple(within(partial(parse_card, card), f"{where}[{index}]") if isinstance(card, str) else card
                      for index, card in enumerate(item))
    else:
        raise DataError(where, Message("expected card codes or a list of cards, not {value}", value=shown(item)))
    if most is not None and len(cards) > most:
        raise DataError(where, Message("holds {count} cards; at most {most}", count=len(cards), most=most))
    for index, card in enumerate(cards):
        if not isinstance(card, (DiscipleCard, EventCard)):
            raise DataError(f"{where}[{index}]", Message("expected a card of Mountain of Inferno, not {value}", value=shown(card)))
    return cards


def _seats(position: Position, held: tuple[tuple[Card, ...], ...], colours: Sequence[Colour | str] | None) -> tuple[Colour, ...]:
    if colours is not None:
        if not isinstance(colours, Sequence):
            raise DataError("colours", Message("expected one colour per player, not {value}", value=shown(colours)))
        seats = within(lambda: tuple(Colour.parse(colour) for colour in colours), "colours")
    elif len(position.pawns) == len(held):
        seats = tuple(colour for colour in COLOUR_ORDER if colour in position.pawns)
    else:
        seats = COLOUR_ORDER[: len(held)]
    if len(seats) != len(held) or not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise DataError("hands" if colours is None else "colours",
                        Message("give one hand per player, 2 to 4 players, and as many different colours"))
    strangers = [term(colour.english, "colour") for colour in position.pawn_colours() if colour not in seats]
    if strangers and colours is not None:
        raise DataError("colours", counted(len(strangers), "{value} leaves out the {colours} pawn on the Mountain; "
                                           "every pawn there must be one of the players' colours",
                                           "{value} leaves out the {colours} pawns on the Mountain; "
                                           "every pawn there must be one of the players' colours",
                                           value=shown(colours), colours=Listed(strangers)))
    if strangers:
        raise DataError("mountain", Message("the {colours} pawn belongs to no player here", colours=Listed(strangers, ",")))
    return seats


def _take_from(rest: list[Card], cards: Sequence[Card], where: str) -> None:
    """The cards taken from those the deck has left; a card the deck has no more of is refused,
    named by the argument that asked for it (the Mountain's cards and the hands are counted first)."""
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            raise DataError(where, Message("this moment shows more {card} cards than the deck holds ({rule})", card=card.code,
                                             rule=rule_word(count_rule(card)))) from None


def play_out(state: State, *actions: Action | str, quiet: bool = False) -> State:
    """Apply actions (or their texts, "lay MK+2 0,2"), print what each one did (unless quiet) and
    return the new state; an illegal one raises IllegalAction with its rule."""
    return played_out(apply, state, actions, quiet)
