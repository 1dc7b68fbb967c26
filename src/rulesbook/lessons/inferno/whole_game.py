"""A referee over the whole Mountain of Inferno engine: any game moment becomes a board.

The engine (`legal_actions`, `apply`) answers every click; this module only maps the board's
vocabulary (hand cards picked by index, a pawn, a place) to the engine's actions and words the
outcome. Refusals are the engine's own `IllegalAction`s, with their rule ids.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.words import listed, sentence
from rulesbook.inferno.actions import LayDisciple, PlacePawn, PlayBison, PlayPrincess, PlayRedBoy, Step
from rulesbook.inferno.cards import Card, DiscipleCard, EventCard, EventKind
from rulesbook.inferno.engine import apply, legal_actions
from rulesbook.inferno.state import Phase, State
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Coord, neighbours
from rulesbook.lessons.inferno.bison_turn import path_lengths
from rulesbook.lessons.data import exercise, number_words
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome, parse_place

_NO_PAIR = (
    "Only two Mighty Bison Kings, or two Red Boys, are played together as one effect; "
    "other cards are played one at a time"
)


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

    A click plays the deciding player's action; answers to an effect and the end of step I are
    not clicks on places, so a board shows those moments and stops (Undo goes back).
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
        }

    def places(self, state: State) -> set[Coord]:
        """The cards, the empty places beside them, and the empty places only at a corner, so a
        reader can try a diagonal and hear why not."""
        cards = state.mountain.cards
        corners = {(row + dr, column + dc) for row, column in cards for dr in (-1, 1) for dc in (-1, 1)}
        return set(cards) | state.mountain.empty_neighbours() | {place for place in corners if place not in cards}

    def choices(self, state: State) -> list[Choice]:
        decision = state.decision
        if decision is None or decision.phase is Phase.RESPOND:
            return []
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
        out = []
        for index, card in enumerate(hand):
            key, label = f"h{index}", card_label(card)
            if isinstance(card, DiscipleCard):
                out.append(Choice(key, label, {me: f"lay:{index}"}, me, prompt=f"Lay {card.code} against the Mountain: {{count}} place{{s}}"))
            elif card.kind is EventKind.MIGHTY_BISON_KING:
                out.append(Choice(key, label, {c: f"bison1:{c}" for c in pawns}, me,
                                  prompt="Mighty Bison King, moving {actor}: {count} card{s} it can reach", actors=names))
            elif card.kind is EventKind.IRON_FAN_PRINCESS:
                out.append(Choice(key, label, {c: f"fan:{c}" for c in pawns}, me, actors=names,
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
                out.append(Choice(key, label, {c: f"bison2:{c}" for c in pawns}, me,
                                  prompt="Two Mighty Bison Kings, moving {actor}: {count} card{s} they can reach", actors=names))
            elif kinds == {EventKind.RED_BOY}:
                out.append(Choice(key, label, {me: f"redboy2:{first},{second}"}, me,
                                  prompt="Two Red Boys: {count} card{s} they may discard"))
            else:
                out.append(Choice(key, label, refusal=f"{_NO_PAIR} (rulebook I)"))
        return out

    def action(self, state: State, option: str, place: Coord):
        """The engine action a click means; IllegalAction for an option this state does not offer."""
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
        raise IllegalAction(f"'{option}' is not a choice on this board now", "rulebook, Play")

    def play(self, state: State, option: str, place: Coord) -> Outcome:
        action = self.action(state, option, place)
        following, events = apply(state, action)
        say = " ".join(sentence(event.text) for event in events)
        if following.phase is Phase.RESPOND and following.pending is not None:
            names = " or ".join(following.colours[seat].english.capitalize() for seat in following.pending.responders)
            say += f" {names} may cancel it now (MOI-R06)."
        return Outcome(following, say, str(action), self._reach(state, action), self._clue(state, action))

    def _reach(self, state: State, action) -> str:
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

    def _clue(self, state: State, action) -> str:
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
            return (f"{decision.colour.english.capitalize()} now decides whether to cancel (MOI-R06); this board "
                    "stops here. Undo to try another way.")
        if decision.phase is Phase.STEP:
            return "Choose \u201cMove one card\u201d, then click the card the pawn should step to."
        if decision.phase is Phase.PLACE_PAWN:
            return "Choose \u201cPlace your pawn\u201d, then click a free card."
        return "First choose a card from the hand, then click where it should act."

    def hint(self, state: State) -> str:
        """What may be done now, counted in the learner's words."""
        decision = state.decision
        if decision is None or decision.phase is Phase.RESPOND:
            return self.idle(state)
        who = decision.colour.english.capitalize()
        legal = set(legal_actions(state))
        places = self.places(state)
        counted = []
        for choice in self.choices(state):
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
                    f"{number_words(moves)} move{'s' if moves != 1 else ''} now, or no move at all.")
        if not counted:
            return f"{who} has nothing to play on the Mountain now: the turn goes on without a click on this board."
        parts = [f"{label} ({number_words(moves)} way{'s' if moves != 1 else ''})" for label, moves in counted]
        return (f"{who} may play {listed(parts, 'or')}. Choose a card, then click a place marked with a dot; "
                "a wrong click says which rule forbids it.")


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


__all__ = ["GameReferee", "card_label", "find_in_game", "game_find_exercise"]
