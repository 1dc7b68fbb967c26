"""A referee over the whole Mountain of Inferno engine: any game moment becomes a board.

The engine (`legal_actions`, `apply`) answers every click; this module only maps the board's
vocabulary (hand cards picked by index, a pawn, a place, a button below the Mountain) to the
engine's actions and words the outcome. Refusals are the engine's own `IllegalAction`s, with
their rule ids. Every decision the rules give a player is a click, so a board followed from any
moment goes on to the game's end: a card on the Mountain, or a button (end step I, discard with no
effect, cancel or let it happen, stay), a Guan Yin-only hand's way on included.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event
from rulesbook.core.messages import Message, term
from rulesbook.core.words import listed, sentence
from rulesbook.inferno.actions import (Action, Cancel, DiscardEvents, EndPlay, LayDisciple, Pass, PlacePawn, PlayBison,
                                       PlayPrincess, PlayRedBoy, Stay, Step, parse_action)
from rulesbook.inferno.cards import Card, DiscipleCard, EventCard, EventKind
from rulesbook.inferno.engine import apply, doubling_seats, legal_actions, refusal
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Coord, Position, neighbours
from rulesbook.inferno.scoring import COLUMN, ROW, best_window, window_sum
from rulesbook.inferno.state import Phase, State
from rulesbook.lessons.inferno.bison_turn import path_lengths
from rulesbook.lessons.data import exercise, number_words
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome, parse_place

_NO_PAIR = (
    "Only two Mighty Bison Kings, or two Red Boys, are played together as one effect; "
    "other cards are played one at a time"
)

#: The decisions that are not a place on the Mountain: each a button below it, by its place key.
NAMED: dict[type, tuple[str, str]] = {
    EndPlay: ("end", "End step I"),
    DiscardEvents: ("discard", "Discard with no effect"),
    Cancel: ("cancel", "Cancel it"),
    Pass: ("pass", "Let it happen"),
    Stay: ("stay", "Stay where you are"),
}
_LABELS = dict(NAMED.values())
#: What each button does, for a click on it under another choice.
_BUTTON_RULES = {"end": "MOI-R18", "discard": "MOI-R04", "cancel": "MOI-R06", "pass": "MOI-R06", "stay": "MOI-R09"}


def named_place(action: Action) -> str | None:
    """The button an action is clicked on, or None for an action on a place of the Mountain."""
    named = NAMED.get(type(action))
    return None if named is None else named[0]


def action_place(action: Action) -> Any:
    """Where an action is clicked: its button, or its place on the Mountain."""
    named = named_place(action)
    if named is not None:
        return named
    place: Coord = getattr(action, "place")
    return place


def card_label(card: Card) -> str:
    if isinstance(card, DiscipleCard):
        return f"{card.disciple.english} {card.value:+d}"
    if card.kind is EventKind.RED_BOY and card.picture is not None:
        return f"Red Boy ({card.picture.code})"
    return card.kind.english


def _where(state: State, place: Coord) -> str:
    card = state.mountain.card_at(place)
    return f"the {card.code} card at ({place[0]}, {place[1]})" if card else f"the empty place ({place[0]}, {place[1]})"


def _pawn_words(letters: list[str]) -> dict[str, str]:
    return {letter: f"the {Colour.parse(letter).english} pawn" for letter in letters}


class GameReferee:
    """Referee of a board that starts from any `State` and follows the engine from there.

    A click plays the deciding player's action: a hand card (or the pawn) on a place of the
    Mountain, or a button below it for the decisions that are no place (`NAMED`: end step I,
    discard with no effect, cancel or let it happen, stay). Every legal action is one click.
    """

    def __init__(self, state: State):
        self.first = state

    def start(self) -> State:
        return self.first

    def picture(self, state: State) -> dict[str, Any]:
        mountain = state.mountain
        decision = state.decision
        if decision is None:
            seat, words = state.seat, "The game is over"
        else:
            seat = decision.seat
            who = decision.colour.english.capitalize()
            words = {
                Phase.PLACE_PAWN: f"{who} to place a pawn",
                Phase.PLAY: f"{who} to play",
                Phase.RESPOND: f"{who} may cancel the effect just played, or let it happen (MOI-R06)",
                Phase.STEP: f"{who} may move a pawn one card (phase II)",
            }[decision.phase]
        return {
            "cards": [[row, column, card.code, card.disciple.english] for (row, column), card in sorted(mountain.cards.items())],
            "pawns": [[colour.letter, *mountain.pawn(colour)] for colour in COLOUR_ORDER if colour in mountain.pawns],
            "hand": [{"code": card.code, "label": card_label(card)} for card in state.hands[seat]],
            "hand_label": f"{state.colours[seat].english.capitalize()}'s hand",
            "player": state.colours[seat].letter,
            "decision": words,
            "named": {key: _LABELS[key] for key in self._named(state)},
        }

    def _named(self, state: State) -> list[str]:
        """The buttons of this moment: the deciding player's decisions that are no place."""
        if state.decision is None:
            return []
        found = {named_place(action) for action in legal_actions(state)}
        return [key for key, _ in NAMED.values() if key in found]

    def places(self, state: State) -> set[Any]:
        """The cards, the empty places beside them, the empty places only at a corner (so a reader
        can try a diagonal and hear why not), and this moment's buttons."""
        cards = state.mountain.cards
        corners = {(row + dr, column + dc) for row, column in cards for dr in (-1, 1) for dc in (-1, 1)}
        return set(cards) | state.mountain.empty_neighbours() | {place for place in corners if place not in cards} | set(self._named(state))

    def choices(self, state: State) -> list[Choice]:
        """The hand cards (or the pawn) to play on the Mountain, then the buttons below it."""
        decision = state.decision
        if decision is None:
            return []
        out = [] if decision.phase is Phase.RESPOND else self._on_mountain(state)
        return out + self._buttons(state, decision.colour.letter)

    def _buttons(self, state: State, me: str) -> list[Choice]:
        """The decisions on a button: each kind one choice, its card sets (cancel, discard) its actors."""
        legal = legal_actions(state)
        out = []
        for kind, (key, label) in NAMED.items():
            actions = [action for action in legal if isinstance(action, kind)]
            if not actions:
                continue
            if kind in (Cancel, DiscardEvents):
                options = {f"{key}{index}": f"do:{action.text()}" for index, action in enumerate(actions)}
                words = {f"{key}{index}": "with " + listed([card_label(card) for card in _cards_of(action)]) for index, action in enumerate(actions)}
                out.append(Choice(key, label, options, f"{key}0", actors=words,
                                  prompt=f"{label} {{actor}}: press the \u201c{label}\u201d button below the Mountain"))
            else:
                out.append(Choice(key, label, {me: f"do:{actions[0].text()}"}, me,
                                  prompt=f"Press the \u201c{label}\u201d button below the Mountain"))
        return out

    def _on_mountain(self, state: State) -> list[Choice]:
        """The choices played on a place of the Mountain: the pawn, the step, each hand card and pair."""
        decision = state.decision
        assert decision is not None
        me = decision.colour.letter
        if decision.phase is Phase.PLACE_PAWN:
            return [Choice("pawn", "Place your pawn", {me: "pawn"}, me, prompt="Place your pawn on a free card: {count} card{s} {are} free")]
        if decision.phase is Phase.STEP:
            colours = sorted({action.colour for action in legal_actions(state) if isinstance(action, Step)}, key=COLOUR_ORDER.index)
            if not colours:
                return [Choice("step", "Move one card (phase II)", refusal="No pawn can step: every card next to it is full or missing (MOI-R09)")]
            options = {colour.letter: f"step:{colour.letter}" for colour in colours}
            return [Choice("step", "Move one card (phase II)", options, me if me in options else colours[0].letter,
                           prompt="Move {actor} one card: {count} card{s} it can step to", actors=_pawn_words(list(options)))]
        hand = state.hands[decision.seat]
        pawns = [colour.letter for colour in COLOUR_ORDER if colour in state.mountain.pawns]
        names = _pawn_words(pawns)
        moved = me if me in pawns or not pawns else pawns[0]  # a lesson's moment may leave a pawn off the Mountain
        out = []
        for index, card in enumerate(hand):
            key, label = f"h{index}", card_label(card)
            if isinstance(card, DiscipleCard):
                out.append(Choice(key, label, {me: f"lay:{index}"}, me, prompt=f"Lay {card.code} against the Mountain: {{count}} place{{s}}"))
            elif card.kind is EventKind.MIGHTY_BISON_KING:
                out.append(Choice(key, label, {c: f"bison1:{c}" for c in pawns}, moved,
                                  prompt="Mighty Bison King, moving {actor}: {count} card{s} it can reach", actors=names))
            elif card.kind is EventKind.IRON_FAN_PRINCESS:
                out.append(Choice(key, label, {c: f"fan:{c}" for c in pawns}, moved, actors=names,
                                  prompt="Iron Fan Princess: the card under {actor} goes, pawn and all, to one of {count} place{s}"))
            elif card.kind is EventKind.RED_BOY and card.picture is not None:
                out.append(Choice(key, label, {me: f"redboy:{index}"}, me,
                                  prompt=f"Red Boy ({card.picture.english}): {{count}} card{{s}} it may discard"))
            else:
                out.append(Choice(key, label, refusal="Guan Yin has no effect of its own: it cancels an effect another player plays (MOI-R06)"))
        for first, second in combinations(range(len(hand)), 2):
            key = f"h{first}+h{second}"
            label = f"{card_label(hand[first])} + {card_label(hand[second])}"
            kinds = {getattr(hand[first], "kind", None), getattr(hand[second], "kind", None)}
            if kinds == {EventKind.MIGHTY_BISON_KING}:
                out.append(Choice(key, label, {c: f"bison2:{c}" for c in pawns}, moved,
                                  prompt="Two Mighty Bison Kings, moving {actor}: {count} card{s} they can reach", actors=names))
            elif kinds == {EventKind.RED_BOY}:
                out.append(Choice(key, label, {me: f"redboy2:{first},{second}"}, me,
                                  prompt="Two Red Boys: {count} card{s} they may discard"))
            else:
                out.append(Choice(key, label, refusal=f"{_NO_PAIR} (rulebook I)"))
        return out

    def action(self, state: State, option: str, place: Any) -> Action:
        """The engine action a click means; IllegalAction for an option this state does not offer,
        or a button under another choice."""
        if option.startswith("do:"):
            action = parse_action(option[3:])
            if place == named_place(action):
                return action
            button = named_place(action) or "end"
            raise IllegalAction(Message("\u201c{button}\u201d is the button below the Mountain", button=term(_LABELS[button], "button")),
                                _BUTTON_RULES[button])
        if isinstance(place, str):
            raise self._on_button(state, option, place)
        return self._card_action(state, option, place)

    def _on_button(self, state: State, option: str, place: str) -> IllegalAction:
        """Why a card is not played on a button: when it goes nowhere this moment, the engine's own
        reason (the same at every place, so the choice itself says it: MOI-R04), else which button."""
        if not any(self._makes(state, option, action) for action in legal_actions(state)):
            spot = min(spot for spot in self.places(state) if not isinstance(spot, str))
            error = refusal(state, self._card_action(state, option, spot))
            if error is not None:
                return error
        label = term(_LABELS[place], "button") if place in _LABELS else place
        return IllegalAction(Message("that button is \u201c{button}\u201d: press it as a choice first, then click it", button=label),
                             _BUTTON_RULES.get(place, "rulebook, Play"))

    def _makes(self, state: State, option: str, action: Action) -> bool:
        """Whether a card option's click on the action's place is that action."""
        if named_place(action) is not None:
            return False
        try:
            return self._card_action(state, option, action_place(action)) == action
        except IllegalAction:
            return False

    def _card_action(self, state: State, option: str, place: Coord) -> Action:
        """The action of a hand card (or the pawn, or a step) on a place of the Mountain."""
        verb, _, argument = option.partition(":")
        hand = state.hands[state.decision.seat] if state.decision else ()
        try:
            if verb == "pawn":
                return PlacePawn(place)
            if verb == "lay":
                card = hand[int(argument)]
                if isinstance(card, DiscipleCard):
                    return LayDisciple(card, place)
            if verb in ("bison1", "bison2"):
                return PlayBison(Colour.parse(argument), place, int(verb[-1]))
            if verb == "fan":
                return PlayPrincess(Colour.parse(argument), place)
            if verb in ("redboy", "redboy2"):
                cards = [hand[int(i)] for i in argument.split(",")]
                pictures = tuple(card.picture for card in cards if isinstance(card, EventCard) and card.picture is not None)
                if len(pictures) == len(cards):
                    return PlayRedBoy(pictures, place)
            if verb == "step":
                return Step(Colour.parse(argument), place)
        except (IndexError, ValueError, AttributeError):
            pass
        raise IllegalAction(Message("'{option}' is not a choice on this board now", option=option), "rulebook, Play")

    def play(self, state: State, option: str, place: Any) -> Outcome:
        """The click played by the engine, in its words; a round's end says how each seat scored."""
        action = self.action(state, option, place)
        following, events = apply(state, action)
        say = " ".join(sentence(event.text) for event in events)
        ended = [event for event in events if event.kind == "round"]
        if ended:
            say += " " + round_words(_at_round_end(state, action), ended[0])
        if following.phase is Phase.RESPOND and following.pending is not None:
            names = " or ".join(following.colours[seat].english.capitalize() for seat in following.pending.responders)
            say += f" {names} may cancel it now (MOI-R06)."
        button = named_place(action)
        reach = f"the {_LABELS[button]} button." if button else self._reach(state, action)
        clue = f"press \u201c{_LABELS[button]}\u201d" if button else self._clue(state, action)
        return Outcome(following, say.rstrip(), action.text(), reach, clue)

    def _reach(self, state: State, action: Any) -> str:
        where = _where(state, action.place)
        if isinstance(action, LayDisciple):
            return f"{action.card.code} may be laid at ({action.place[0]}, {action.place[1]}): it touches the Mountain along a side."
        if isinstance(action, PlayRedBoy):
            return f"{where} may be discarded: it holds no pawn and the Mountain stays in one piece."
        if isinstance(action, PlayPrincess):
            return f"the card may go to ({action.place[0]}, {action.place[1]}), touching the rest of the Mountain."
        if isinstance(action, Step):
            return f"the {action.colour.english} pawn may step to {where}."
        if isinstance(action, PlacePawn):
            return f"the pawn may go on {where}: no pawn stands there yet."
        return f"{where} works."

    def _clue(self, state: State, action: Any) -> str:
        """Where to look for this target, without naming it."""
        mountain = state.mountain
        row, column = action.place
        if isinstance(action, Step):
            return f"look next to the {action.colour.english} pawn: up, down, left or right"
        if isinstance(action, PlayBison):
            lengths = path_lengths(mountain, mountain.pawn(action.colour)).get(action.place, {0})
            away = min(lengths)
            return f"one is {number_words(away)} card{'s' if away != 1 else ''} from the {action.colour.english} pawn, counting along the Mountain"
        if isinstance(action, (LayDisciple, PlayPrincess)):
            moving = mountain.pawn(action.colour) if isinstance(action, PlayPrincess) else None
            touching = sorted(place for place in neighbours(action.place) if place in mountain.cards and place != moving)
            if touching:
                return f"look beside {_where(state, touching[0])}"
        return f"look along row {row}" if mountain.card_at((row, column)) else f"look at the empty places of row {row}"

    def idle(self, state: State) -> str:
        decision = state.decision
        if decision is None:
            return "The game is over. Undo, or click an entry of the move log, to look back."
        if decision.phase is Phase.RESPOND:
            return (f"{decision.colour.english.capitalize()} decides whether to cancel (MOI-R06): press \u201cCancel it\u201d "
                    "(and the cards to cancel with) or \u201cLet it happen\u201d, then the button below the Mountain.")
        if decision.phase is Phase.STEP:
            return ("Choose \u201cMove one card\u201d, then click the card the pawn should step to; or press "
                    "\u201cStay where you are\u201d.")
        if decision.phase is Phase.PLACE_PAWN:
            return "Choose \u201cPlace your pawn\u201d, then click a free card."
        return "First choose a card from the hand, then click where it should act; or a button below the Mountain."

    def hint(self, state: State) -> str:
        """What may be done now, counted in the learner's words."""
        decision = state.decision
        if decision is None or decision.phase is Phase.RESPOND:
            return self.idle(state)
        who = decision.colour.english.capitalize()
        legal = set(legal_actions(state))
        places = [place for place in self.places(state) if not isinstance(place, str)]
        buttons = listed([f"\u201c{_LABELS[key]}\u201d" for key in self._named(state)], "or", empty="")
        counted = []
        for choice in self._on_mountain(state):
            if choice.refusal is not None:
                continue
            moves = 0
            for option in set(choice.options.values()):
                for place in places:
                    try:
                        moves += self.action(state, option, place) in legal
                    except IllegalAction:
                        pass
            if moves:
                counted.append((choice.label, moves))
        if decision.phase is Phase.PLACE_PAWN:
            free = counted[0][1] if counted else 0
            return (f"{who} places the pawn on a card where no pawn stands: {number_words(free)} cards are free. "
                    "Choose \u201cPlace your pawn\u201d, then click one of them.")
        if decision.phase is Phase.STEP:
            moves = counted[0][1] if counted else 0
            return (f"{who} may move a pawn one card up, down, left or right onto a card with room for it: "
                    f"{number_words(moves)} move{'s' if moves != 1 else ''} now, or no move at all "
                    f"({buttons or 'stay'}).")
        if not counted:
            return f"{who} has nothing to play on the Mountain now: press {buttons} below it."
        parts = [f"{label} ({number_words(moves)} way{'s' if moves != 1 else ''})" for label, moves in counted]
        press = f", or press {buttons} below the Mountain" if buttons else ""
        return (f"{who} may play {listed(parts, 'or')}{press}. "
                "Choose a card, then click a place marked with a dot; a wrong click says which rule forbids it.")


def _cards_of(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, (Cancel, DiscardEvents)) else ()


def _at_round_end(state: State, action: Action) -> State:
    """The state as the round ended: the Mountain after the turn's step, before the next round."""
    mountain = state.mountain.with_pawn(action.colour, action.place) if isinstance(action, Step) else state.mountain
    return replace(state, mountain=mountain)


def scoring_lines(state: State, reason: str, ender: int) -> list[tuple[str, int]]:
    """Each seat's scoring in words and its raw points, as the round ends in `state` (MOI-R11,
    MOI-R17): the best row and column windows through its pawn, and the card counted twice."""
    mountain, rules = state.mountain, state.rules
    doubling = doubling_seats(state, reason, ender)
    out = []
    for seat, colour in enumerate(state.colours):
        place = mountain.pawn(colour)
        doubled = seat in doubling
        complete = doubled and not rules.doubled_cross_for_ender_only
        row, column = best_window(mountain, place, ROW, complete), best_window(mountain, place, COLUMN, complete)
        card = mountain.cards[place]
        twice = doubled and not (rules.doubling_optional and card.value < 0)
        points = (window_sum(mountain, row) if row else 0) + (window_sum(mountain, column) if column else 0) - (0 if twice else card.value)
        how = "counted twice (MOI-R11)" if twice else "counted once (MOI-R17)"
        out.append((f"{colour.english.capitalize()} {points:+d}: the row {_cards(mountain, row)} and the column "
                    f"{_cards(mountain, column)}, the {card.code} under the pawn {how}", points))
    return out


def _cards(mountain: Position, covered: tuple[Coord, ...] | None) -> str:
    if not covered:
        return "(none)"
    return f"{' '.join(mountain.cards[place].code for place in covered)} ({window_sum(mountain, covered):+d})"


def round_words(state: State, event: Event) -> str:
    """How the round just ended scored, seat by seat (from the round event's data)."""
    data = event.data or {}
    reason = str(data.get("reason", "b"))
    lines = scoring_lines(state, reason, state.seat)
    raw = tuple(data.get("raw", ()))
    if tuple(points for _, points in lines) != raw:  # never expected: the engine's numbers stand
        return ""
    return "Scoring: " + "; ".join(words for words, _ in lines) + "."


def game_find_exercise(state: State, choice: str, actor: str | None = None, *, title: str = "") -> dict[str, Any]:
    """An exercise on a game moment as page data: with the hand cards of `choice` ("h0", "h0+h1"),
    find every place the engine accepts; wrong clicks get the engine's refusal with its rule id.
    """
    referee, record = find_in_game(state, choice, actor)
    return LessonGraph(referee).lesson(0, title=title, mode="find", exercise=record)


def find_in_game(state: State, choice: str, actor: str | None = None) -> tuple[GameReferee, dict[str, Any]]:
    """The referee and the exercise record (choice, option, answers, sentences) of a find exercise."""
    referee = GameReferee(state)
    graph = LessonGraph(referee)
    node = graph.node(graph.start_id)
    picked = node["choices"].get(choice, {})
    targets = [parse_place(key) for option in picked.get("options", {}).values() for key in node["options"][option]["targets"]]
    on_cards = all(state.mountain.card_at(place) is not None for place in targets)
    return referee, exercise(node, choice, actor, ("card", "cards") if on_cards else ("place", "places"))


__all__ = ["NAMED", "GameReferee", "action_place", "card_label", "find_in_game", "game_find_exercise", "named_place",
           "round_words", "scoring_lines"]
