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
from rulesbook.core.rng import check_seed
from rulesbook.core.shape import CheckedState, pieces_off
from rulesbook.core.words import plural
from rulesbook.inferno.actions import Effect, PlayBison, PlayPrincess, PlayRedBoy, parse_action
from rulesbook.inferno.cards import DECK, DISCIPLE_CARDS, Card, DiscipleCard, parse_card
from rulesbook.inferno.position import COLOUR_ORDER, REACH, Colour, Position, is_connected
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.scoring import LONGEST_WINDOW

#: The hand the rulebooks deal and refill to; the house rule `Rules.hand_size` may change it.
HAND_SIZE = 3
#: How far from (0, 0) a game's cards lie: a round's Mountain is set up at (0, 0) and grows a card
#: at a time, at most 36 disciples, so no round passes 40; a state or a moment beyond this is
#: refused, and so every place its play can reach stays within `REACH`.
MOUNTAIN_REACH = 52


class Phase(StrEnum):
    """What kind of decision the state waits for. A member equals its text ("play"), as in the
    other two games."""

    PLACE_PAWN = "place_pawn"
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
        """How many play (the three games' states say it alike); `colours` are theirs."""
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
        who = "the game is over" if decision is None else f"{decision.colour.english} to {decision.phase.value.replace('_', ' ')}"
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
        off = pieces_off((card.code for card in state.all_cards().elements()), (card.code for card in DECK))
        wrong.append(f"the 52 cards are not all in the game exactly once (MOI-R01): {off}")
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
    beyond = _beyond_the_points(state.rules, players, len(state.results), state.totals)
    if beyond:
        wrong.append(f"totals[{beyond[0]}]: {beyond[1]}")
    if not 0 <= state.seat < players or not 0 <= state.first_seat < players:
        wrong.append("the seat to play or the first seat is not a seat of this game")
    limit = state.rules.max_pawns_per_card
    if mountain.pawns and max(Counter(mountain.pawns.values()).values()) > limit:
        wrong.append("a card holds more pawns than the rules allow" + (" (MOI-R13)" if limit > 1 else
                                                                       ": one, without the optional rule (MOI-R13)"))
    if state.phase is Phase.RESPOND:
        pending = state.pending
        if pending is None or not pending.responders:
            wrong.append("an answer is awaited but no effect waits for one")
        elif not all(0 <= seat < players and seat != pending.player for seat in pending.responders):
            wrong.append("an effect waits for an answer from a seat that may not give one")
        elif pending.player != state.seat:
            wrong.append("the effect waiting for an answer was played by another player than the one whose turn it is")
    elif state.pending is not None:
        wrong.append("an effect waits for an answer outside the respond phase")
    if state.phase is Phase.PLACE_PAWN and players == len(state.hands) and 0 <= state.seat < players:
        wrong += _placing_problems(state)
    wrong += _played_problems(state)
    wrong += _turn_problems(state)
    wrong += _results_problems(state)
    return wrong


def _turn_problems(state: State) -> list[str]:
    """How many turns a round can have been played for. A turn in which a card is played or
    discarded draws from the draw pile at its end (or ends the round), and fewer turns than there
    are players pass in a row without (MOI-R20): so the turns taken, plus the players times the
    cards left to draw, less the idle turns in a row, never grow past the players times the 52
    cards, where each round starts. A house rule at a turn's end may refill the draw pile: then
    only `MOST_TURNS` bounds them."""
    players, turns, idle = state.players, state.turns, state.idle_turns
    if not 0 <= idle < players:
        return [f"{idle} turns in a row passed with no card played, but {players} end the round (MOI-R20)"]
    if state.phase in (Phase.PLACE_PAWN, Phase.OVER) or any(rule.moment == "turn_end" for rule in state.rules.house):
        return []
    if turns + players * len(state.draw_pile) - idle > players * len(DECK):
        return [f"{turns} turns were taken this round, more than its draws allow: a turn in which a card is played "
                f"draws from the draw pile (now {len(state.draw_pile)} cards), and fewer than {players} turns in a row "
                f"pass without (MOI-R20)"]
    return []


def _placing_problems(state: State) -> list[str]:
    """What a state waiting for a pawn to be placed holds that no round's start does: the pawns
    are placed in seat order before the hands are dealt (MOI-R19; `engine.first_to_place`). A
    moment may leave out the pawns of those who placed already (`game_moment`), not show those of
    the players still to place."""
    wrong = []
    if any(state.hands):
        wrong.append("the hands hold cards while the pawns are placed, before the deal (MOI-R19)")
    if state.played or state.turns or state.idle_turns:
        wrong.append("a turn was taken while the pawns are placed, before the first turn (MOI-R19)")
    players, rules = state.players, state.rules
    step = -1 if rules.pawns_placed_in_reverse else 1
    first = (state.first_seat - 1) % players if rules.pawns_placed_in_reverse else state.first_seat  # engine.first_to_place
    placed = ((state.seat - first) * step) % players
    to_place = [state.colours[(first + step * count) % players] for count in range(placed, players)]
    early = [colour.english for colour in to_place if colour in state.mountain.pawns]
    if len(early) == 1:
        wrong.append(f"the {early[0]} pawn stands on the Mountain before its turn to be placed (MOI-R19)")
    elif early:
        wrong.append(f"the {', '.join(early[:-1])} and {early[-1]} pawns stand on the Mountain before their turn to be placed (MOI-R19)")
    return wrong


def _played_problems(state: State) -> list[str]:
    """What the cards played this turn may be: cards on the table (the Mountain, the discard pile
    or the effect waiting for answers), within the turn's limits while it is played (MOI-R04);
    none before a round's first turn or once the game is over."""
    played, phase, rules = state.played, state.phase, state.rules
    if not played:
        return []
    if phase is Phase.PLACE_PAWN:
        return []  # said by `_placing_problems`
    if phase is Phase.OVER:
        return ["the game is over, yet cards were played this turn"]
    wrong = []
    table: Counter[Card] = Counter(state.mountain.cards.values())
    table.update(state.discard_pile)
    if state.pending is not None:
        table.update(state.pending.effect.cards)
        if played[len(played) - len(state.pending.effect.cards):] != state.pending.effect.cards:
            wrong.append("the effect waiting for an answer is not the last play of the turn")
    if Counter(played) - table:
        wrong.append("a card played this turn is neither in the Mountain, nor in the discard pile, nor waiting for an answer")
    disciples = sum(isinstance(card, DiscipleCard) for card in played)
    discard = phase is Phase.STEP and rules.event_discard and not disciples and len(played) <= 3  # a discard without effect (MOI-R04)
    if rules.play_limit is not None and len(played) > rules.play_limit and not discard:
        wrong.append(f"{len(played)} cards were played this turn, more than the {rules.play_limit} a turn allows (MOI-R04)")
    if not rules.mixed_plays and 0 < disciples < len(played):
        wrong.append("disciples and events were played in one turn, which these rules forbid (MOI-R04)")
    return wrong


def _results_problems(state: State) -> list[str]:
    """What the rounds' results must say: one per round played, in order (MOI-R03); each seat's
    scored points as the round's raw points move the track (MOI-R12; house rules aside, which may
    change the table at the round's end). Nothing is said of the totals: a game moment may start
    from any, and house rules may change them."""
    wrong = []
    results, rules = state.results, state.rules
    if any(result.round != number for number, result in enumerate(results, 1)):
        wrong.append("the results are not those of rounds 1, 2, 3 ... in order")
    try:
        rounds = rules.rounds(state.players)
    except ValueError:
        return wrong  # said where the colours or the rules are read
    if state.phase is Phase.OVER:
        if state.round != rounds or len(results) != rounds:
            wrong.append(f"the game is over after round {state.round} with {plural(len(results), 'round')} scored; "
                         f"it ends when the last of its {rounds} rounds is scored (MOI-R03)")
    elif len(results) != state.round - 1 and not (state.phase is Phase.STEP and len(results) == state.round
                                                   and any(rule.moment == "scoring" for rule in rules.house)):
        # a house rule at the scoring moment sees the round's result before the next round is set up
        wrong.append(f"round {state.round} is played with {plural(len(results), 'round')} scored, not {state.round - 1} (MOI-R03)")
    if not rules.house and any(not _may_score(rules, raw, scored) for result in results
                               for raw, scored in zip(result.raw, result.scored)):
        wrong.append("a round's scored points are not its raw points as the rules move the track (MOI-R12)")
    return wrong


def _may_score(rules: Rules, raw: int, scored: int) -> bool:
    """Whether a round's raw points may move a seat's total by `scored` (`engine.moved_totals`):
    as they are under the house rule `negative_scores_kept`; ZH, a total never drops below 0, so a
    negative score moves it by that much or less; EN, a negative score counts as 0 (MOI-R12)."""
    if rules.negative_scores_kept or raw >= 0:
        return scored == raw
    if rules.floor_total_at_zero:
        return raw <= scored <= 0
    return scored == 0


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
#: The most turns a round may count: far above any game the protocol lets run (its max_actions).
#: Without a house rule at a turn's end, a round's draws bound its turns far below it (`_turn_problems`);
#: with one, the engine reads that rule's state back as a loaded one, so it never passes it either.
MOST_TURNS = 1_000_000
#: The most points a total or a round's score may hold, either way: a round scores a few dozen at
#: most, so no game, house rules and all, comes near; a number past it is a tampered state (one of
#: 400 digits would break the statistics of a run, which count in floats).
MOST_POINTS = 1_000_000


#: The most a round moves a running total, either way: a pawn's best row and column windows of up to
#: four cards each, its own card in both, and that card counted once more or once less (MOI-R11,
#: MOI-R17), each card worth 3 points at most either way.
ROUND_POINTS = (2 * LONGEST_WINDOW + 1) * max(abs(card.value) for card in DISCIPLE_CARDS)


def _beyond_the_points(rules: Rules, players: int, scored: int, totals: tuple[int, ...]) -> tuple[int, str] | None:
    """The first running total beyond what the rounds still to score leave room for, as (seat, why):
    `MOST_POINTS` less `ROUND_POINTS` for each of them, so that play from a total at the bound never
    passes `MOST_POINTS` (MOI-R12). None when every total is within it."""
    try:
        left = max(0, rules.rounds(players) - scored)
    except ValueError:
        return None  # said where the colours or the rules are read
    most = MOST_POINTS - ROUND_POINTS * left
    for seat, total in enumerate(totals):
        if abs(total) > most:
            return seat, (f"at most {most:,} points either way with {plural(left, 'round')} still to score, not {total}: "
                          f"a round moves it by at most {ROUND_POINTS}, and no game comes near {MOST_POINTS:,} (MOI-R12)")
    return None


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
    seed = check_seed(take(data, "seed", (int, str), "state"), "state.seed")
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
                         lambda v, w: whole(v, w, -MOST_POINTS if rules.negative_scores_kept else 0, MOST_POINTS), 4))
    if len(totals) != players:
        raise DataError("state.totals", f"expected one total per player ({players}), not {len(totals)}")
    results = tuple(items(take(data, "results", list, "state"), "state.results",
                          lambda value, where: _result(value, where, players), rounds))
    beyond = _beyond_the_points(rules, players, len(results), totals)
    if beyond:
        raise DataError(f"state.totals[{beyond[0]}]", beyond[1])
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
        results=results,
        seat=_seat(take(data, "seat", int, "state"), "state.seat", players),
        phase=_PHASES[phase_text],
        played=_cards(data, "played", len(DECK)),
        pending=_pending(take(data, "pending", (dict, type(None)), "state", None), players),
        turns=whole(take(data, "turns", int, "state", 0), "state.turns", 0, MOST_TURNS),
        idle_turns=whole(take(data, "idle_turns", int, "state", 0), "state.idle_turns", 0, players - 1),
    )
    state.invariants()
    _check_pending(state)
    return state


def _check_pending(state: State) -> None:
    """DataError naming the field, for an effect waiting for answers that `apply` could not have
    left: checked by the engine's own checks (imported here, as the engine imports this module)."""
    if state.pending is None:
        return
    from rulesbook.inferno.engine import pending_problem

    problem = pending_problem(state)
    if problem is not None:
        raise DataError(*problem)


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

    def points(name: str, low: int) -> tuple[int, ...]:
        listed = items(take(value, name, list, where), f"{where}.{name}", lambda v, w: whole(v, w, low, MOST_POINTS), players)
        if len(listed) != players:
            raise DataError(f"{where}.{name}", f"expected one score per player ({players})")
        return tuple(listed)

    return RoundResult(whole(take(value, "round", int, where), f"{where}.round", 1), reason,
                       _seat(take(value, "ender", int, where), f"{where}.ender", players),
                       points("raw", -MOST_POINTS), points("scored", -MOST_POINTS),
                       whole(take(value, "turns", int, where), f"{where}.turns", 1, MOST_TURNS + 1))  # the turn that ended it included


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
