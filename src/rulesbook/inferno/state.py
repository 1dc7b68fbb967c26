"""A game of Mountain of Inferno at one moment: the `State`, its `Phase`, and its JSON form.

A `State` is plain, immutable data: nothing hidden, nothing global. Pending decisions (a pawn to
place, an effect another player may cancel, the optional step) are part of it, so a board or a
bot is simply asked for the next decision, whoever must make it. `State.from_json` and
`State.from_dict` are the one way in from outside: they check every field's type and range and
then the game's own invariants (`invariants`), so a loaded state never crashes later.

>>> from rulesbook.inferno.engine import new_game
>>> state = new_game(3, seed=7)
>>> State.from_json(state.to_json()) == state
True
>>> State.from_json('{"game": "inferno"}')
Traceback (most recent call last):
rulesbook.core.data.DataError: state.rules: missing
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rulesbook.core.data import DataError, expect, items, only_fields, parse_json, shown, of_game, take, whole, within
from rulesbook.core.errors import NotationError
from rulesbook.core.shape import CheckedState
from rulesbook.inferno.actions import Effect, PlayBison, PlayPrincess, PlayRedBoy, parse_action
from rulesbook.inferno.cards import DECK, Card, DiscipleCard, parse_card
from rulesbook.inferno.position import COLOUR_ORDER, REACH, Colour, Position, is_connected
from rulesbook.inferno.rules import Rules

#: The hand the rulebooks deal and refill to; the house rule `Rules.hand_size` may change it.
HAND_SIZE = 3
#: How far from (0, 0) a game's cards lie: a round's Mountain is set up at (0, 0) and grows a card
#: at a time, at most 36 disciples, so no round passes 40; a state or a moment beyond this is
#: refused, and so every place its play can reach stays within `REACH`.
MOUNTAIN_REACH = 52


class Phase(StrEnum):
    """What kind of decision the state waits for. A member equals its text ("play"), as in the
    other two games."""

    PLACE_PAWN = "place pawn"
    PLAY = "play"
    RESPOND = "respond"
    STEP = "step"
    OVER = "over"


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


@dataclass(frozen=True)
class State(CheckedState):
    """Everything about a game at one moment; nothing hidden, nothing global."""

    rules: Rules
    colours: tuple[Colour, ...]
    seed: int | str
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
        if self.phase is Phase.OVER:
            return None
        seat = waiting(self).responders[0] if self.phase is Phase.RESPOND else self.seat
        return Decision(seat, self.colours[seat], self.phase)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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

    def __repr__(self) -> str:
        """Short and stable, as the other games' states: the summary, not every pile (a state
        printed field by field ran to some 4,000 characters)."""
        return f"State({self.summary()})"

    def summary(self) -> str:
        """One line a person can read: the round, who decides what, the totals, the hands and piles."""
        decision = self.decision
        who = "the game is over" if decision is None else f"{decision.colour.english} to {decision.phase.value}"
        totals = ", ".join(f"{colour.letter} {total}" for colour, total in zip(self.colours, self.totals))
        hands = "; ".join(f"{colour.letter} {' '.join(card.code for card in hand) or '-'}" for colour, hand in zip(self.colours, self.hands))
        return (f"round {self.round}, turn {self.turns + 1}: {who}; totals {totals}; hands {hands}; "
                f"Mountain {len(self.mountain)} cards, draw pile {len(self.draw_pile)}, discard pile {len(self.discard_pile)}")

    # --- the game's own invariants ------------------------------------------------------------
    def problems(self) -> list[str]:
        """What is wrong with this state, in words; [] when all is well."""
        return _problems(self)

    # --- JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; coordinates are kept exactly, negative ones included."""
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """The state `to_dict` wrote; DataError naming the field and why for anything else."""
        return _from_dict(data)

    def to_json(self) -> str:
        return json.dumps(_to_dict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: Any) -> State:
        """The state `to_json` wrote; DataError for text too large, too deep, not JSON or not a state."""
        return _from_dict(parse_json(text, "state"))


def waiting(state: State) -> Pending:
    """The effect waiting for answers: there is one whenever the phase is RESPOND."""
    pending = state.pending
    if pending is None:
        raise ValueError("no effect is waiting for an answer")
    return pending


def _problems(state: State) -> list[str]:
    wrong = []
    players = state.players
    if not 2 <= players <= 4 or len(set(state.colours)) != players:
        wrong.append("a game has 2 to 4 players of different colours")
    if state.all_cards() != Counter(DECK):
        wrong.append("the 52 cards are not all in the game exactly once (MOI-R01)")
    hand_size = state.rules.hand_size
    if len(state.hands) != players or any(len(hand) > hand_size for hand in state.hands):
        wrong.append(f"there is one hand per player, of at most {hand_size} cards")
    mountain = state.mountain
    if mountain.cards and not is_connected(mountain.cards):
        wrong.append("the Mountain is in more than one group (MOI-R15)")
    if any(abs(row) > MOUNTAIN_REACH or abs(column) > MOUNTAIN_REACH for row, column in mountain.cards):
        wrong.append(f"a card lies further than {MOUNTAIN_REACH} rows or columns from (0, 0), where no round reaches")
    for colour in mountain.pawns:
        if colour not in state.colours:
            wrong.append(f"the {colour.english} pawn belongs to no player")
    if len(state.totals) != players:
        wrong.append("a running total is missing (MOI-R12)")
    elif not state.rules.negative_scores_kept and any(total < 0 for total in state.totals):
        wrong.append("a running total is below 0, and the rules keep no negative scores (MOI-R12)")
    if not 0 <= state.seat < players or not 0 <= state.first_seat < players:
        wrong.append("the seat to play or the first seat is not a seat of this game")
    if state.phase is Phase.RESPOND:
        pending = state.pending
        if pending is None or not pending.responders:
            wrong.append("an answer is awaited but no effect waits for one")
        elif not all(0 <= seat < players and seat != pending.player for seat in pending.responders):
            wrong.append("an effect waits for an answer from a seat that may not give one")
    elif state.pending is not None:
        wrong.append("an effect waits for an answer outside the respond phase")
    return wrong


# --- JSON form ----------------------------------------------------------------------------------
def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def _to_dict(state: State) -> dict[str, Any]:
    mountain = state.mountain
    pending = state.pending
    return {
        "game": "inferno",
        "rules": state.rules.to_dict(),
        "colours": [colour.letter for colour in state.colours],
        "seed": state.seed,
        "round": state.round,
        "first_seat": state.first_seat,
        "mountain": [[row, column, card.code] for (row, column), card in sorted(mountain.cards.items())],
        "pawns": {colour.letter: list(place) for colour, place in mountain.pawns.items()},
        "draw_pile": _codes(state.draw_pile),
        "discard_pile": _codes(state.discard_pile),
        "hands": [_codes(hand) for hand in state.hands],
        "totals": list(state.totals),
        "results": [
            {"round": r.round, "reason": r.reason, "ender": r.ender, "raw": list(r.raw), "scored": list(r.scored),
             "turns": r.turns}
            for r in state.results
        ],
        "seat": state.seat,
        "phase": state.phase.value,
        "played": _codes(state.played),
        "pending": None if pending is None else {
            "effect": pending.effect.text(), "player": pending.player, "responders": list(pending.responders),
        },
        "turns": state.turns,
        "idle_turns": state.idle_turns,
    }


_FIELDS = ("game", "rules", "colours", "seed", "round", "first_seat", "mountain", "pawns", "draw_pile", "discard_pile",
           "hands", "totals", "results", "seat", "phase", "played", "pending", "turns", "idle_turns")
_PHASES = {phase.value: phase for phase in Phase}
#: The most a count of turns may be: far above any game the protocol lets run (its max_actions).
MOST_TURNS = 1_000_000


def _card(value: Any, where: str) -> Card:
    expect(value, str, where)
    try:
        return parse_card(value)
    except NotationError as error:
        raise DataError(where, error.reason) from None


def _cards(data: dict[str, Any], name: str, most: int) -> tuple[Card, ...]:
    return tuple(items(take(data, name, list, "state"), f"state.{name}", _card, most))


def _seat(value: Any, where: str, players: int) -> int:
    return whole(value, where, 0, players - 1)


def _colour(value: Any, where: str) -> Colour:
    expect(value, str, where)
    for colour in COLOUR_ORDER:
        if value == colour.letter:
            return colour
    raise DataError(where, f"expected a colour letter R, Y, B or K, not {shown(value)}")


def _from_dict(data: Any) -> State:
    """The one validating path in: types and ranges field by field, then the invariants."""
    only_fields(data, _FIELDS, "state")
    of_game(data, "inferno", "Mountain of Inferno")
    rules = within(lambda: Rules.from_dict(take(data, "rules", dict, "state")), "state.rules")
    colours = tuple(items(take(data, "colours", list, "state"), "state.colours", _colour, 4))
    players = len(colours)
    if players < 2 or len(set(colours)) != players:
        raise DataError("state.colours", "expected 2 to 4 different colours, one per player")
    seed = take(data, "seed", (int, str), "state")
    try:
        rounds = rules.rounds(players)
    except ValueError as error:
        raise DataError("state.rules.rounds_by_players", str(error)) from None
    mountain = _mountain(data, colours)
    hands = tuple(items(take(data, "hands", list, "state"), "state.hands",
                        lambda hand, where: tuple(items(hand, where, _card, rules.hand_size)), 4))
    if len(hands) != players:
        raise DataError("state.hands", f"expected one hand per player ({players}), not {len(hands)}")
    totals = tuple(items(take(data, "totals", list, "state"), "state.totals",
                         lambda v, w: whole(v, w, None if rules.negative_scores_kept else 0), 4))
    if len(totals) != players:
        raise DataError("state.totals", f"expected one total per player ({players}), not {len(totals)}")
    phase_text = take(data, "phase", str, "state")
    if phase_text not in _PHASES:
        raise DataError("state.phase", f"unknown phase {shown(phase_text)}; the phases are {', '.join(_PHASES)}")
    state = State(
        rules=rules,
        colours=colours,
        seed=seed,
        round=whole(take(data, "round", int, "state"), "state.round", 1, rounds),
        first_seat=_seat(take(data, "first_seat", int, "state"), "state.first_seat", players),
        mountain=mountain,
        draw_pile=_cards(data, "draw_pile", len(DECK)),
        discard_pile=_cards(data, "discard_pile", len(DECK)),
        hands=hands,
        totals=totals,
        results=tuple(items(take(data, "results", list, "state"), "state.results",
                            lambda value, where: _result(value, where, players), rounds)),
        seat=_seat(take(data, "seat", int, "state"), "state.seat", players),
        phase=_PHASES[phase_text],
        played=_cards(data, "played", len(DECK)),
        pending=_pending(take(data, "pending", (dict, type(None)), "state", None), players),
        turns=whole(take(data, "turns", int, "state", 0), "state.turns", 0, MOST_TURNS),
        idle_turns=whole(take(data, "idle_turns", int, "state", 0), "state.idle_turns", 0, MOST_TURNS),
    )
    state.invariants()
    return state


def _mountain(data: dict[str, Any], colours: tuple[Colour, ...]) -> Position:
    cards: dict[tuple[int, int], DiscipleCard] = {}
    for index, entry in enumerate(items(take(data, "mountain", list, "state"), "state.mountain", lambda v, w: v, 36)):
        where = f"state.mountain[{index}]"
        if not isinstance(entry, list) or len(entry) != 3:
            raise DataError(where, f"expected [row, column, card], not {shown(entry)}")
        place = (_coordinate(entry[0], f"{where}[0]"), _coordinate(entry[1], f"{where}[1]"))
        card = _card(entry[2], f"{where}[2]")
        if not isinstance(card, DiscipleCard):
            raise DataError(f"{where}[2]", f"{card.code} is not a disciple: only disciples lie in the Mountain")
        if place in cards:
            raise DataError(where, f"two cards lie at {place}")
        cards[place] = card
    pawns: dict[Colour, tuple[int, int]] = {}
    for letter, place in take(data, "pawns", dict, "state").items():
        where = f"state.pawns.{letter}"
        colour = _colour(letter, where)
        if colour not in colours:
            raise DataError(where, f"the {colour.english} pawn belongs to no player of this game")
        if not isinstance(place, list) or len(place) != 2:
            raise DataError(where, f"expected [row, column], not {shown(place)}")
        spot = (_coordinate(place[0], f"{where}[0]"), _coordinate(place[1], f"{where}[1]"))
        if spot not in cards:
            raise DataError(where, f"the {colour.english} pawn stands at {spot}, where there is no card")
        pawns[colour] = spot
    try:
        return Position(cards, pawns)
    except ValueError as error:
        raise DataError("state.mountain", str(error)) from None


def _coordinate(value: Any, where: str) -> int:
    return whole(value, where, -REACH, REACH)


def _result(value: Any, where: str, players: int) -> RoundResult:
    only_fields(value, ("round", "reason", "ender", "raw", "scored", "turns"), where)
    reason = take(value, "reason", str, where)
    if reason not in ("a", "b"):
        raise DataError(f"{where}.reason", f"expected 'a' (a complete cross) or 'b' (the draw pile), not {shown(reason)}")

    def points(name: str, low: int | None) -> tuple[int, ...]:
        listed = items(take(value, name, list, where), f"{where}.{name}", lambda v, w: whole(v, w, low), players)
        if len(listed) != players:
            raise DataError(f"{where}.{name}", f"expected one score per player ({players})")
        return tuple(listed)

    return RoundResult(whole(take(value, "round", int, where), f"{where}.round", 1), reason,
                       _seat(take(value, "ender", int, where), f"{where}.ender", players),
                       points("raw", None), points("scored", None),
                       whole(take(value, "turns", int, where), f"{where}.turns", 0, MOST_TURNS))


def _pending(value: Any, players: int) -> Pending | None:
    if value is None:
        return None
    where = "state.pending"
    only_fields(value, ("effect", "player", "responders"), where)
    text = take(value, "effect", str, where)
    try:
        effect = parse_action(text)
    except NotationError as error:
        raise DataError(f"{where}.effect", str(error)) from None
    if not isinstance(effect, (PlayBison, PlayPrincess, PlayRedBoy)):
        raise DataError(f"{where}.effect", f"'{text}' is not an effect a player may answer")
    responders = items(take(value, "responders", list, where), f"{where}.responders",
                       lambda v, w: _seat(v, w, players), players - 1)
    return Pending(effect, _seat(take(value, "player", int, where), f"{where}.player", players), tuple(responders))
