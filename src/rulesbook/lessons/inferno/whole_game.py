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
from rulesbook.core.events import Event, result_start
from rulesbook.core.messages import Capitalised, Listed, Message, said, term
from rulesbook.inferno.actions import (Action, Cancel, DiscardEvents, EndPlay, LayDisciple, Pass, PlacePawn, PlayBison,
                                       PlayPrincess, PlayRedBoy, Stay, Step, parse_action, spoken_place)
from rulesbook.inferno.cards import DECK, Card, DiscipleCard, EventCard, EventKind
from rulesbook.inferno.effects import card_distances
from rulesbook.inferno.engine import ENDING_EVENTS, apply, doubling_seats, legal_actions, refusal
from rulesbook.inferno.names import card_word, colour_word, disciple_word, player_word
from rulesbook.inferno.position import COLOUR_ORDER, REACH, Colour, Coord, Position, neighbours
from rulesbook.inferno.scoring import COLUMN, ROW, best_window, window_sum
from rulesbook.inferno.state import Phase, State
from rulesbook.lessons.data import exercise, number_words, together
from rulesbook.lessons.graph import Choice, LessonGraph, Misclick, Outcome, is_place_key, parse_place

#: The decisions that are not a place on the Mountain: each a button below it, by its place key.
NAMED: dict[type, tuple[str, str]] = {
    EndPlay: ("end", "End step I"),
    DiscardEvents: ("discard", "Discard with no effect"),
    Cancel: ("cancel", "Cancel it"),
    Pass: ("pass", "Let it happen"),
    Stay: ("stay", "Stay where you are"),
}
_LABELS = dict(NAMED.values())
#: A choice's prompt keeps these for the board to fill in (rulesbook.lessons.graph.choice_words).
_LATER = {"count": "{count}", "s": "{s}", "are": "{are}", "actor": "{actor}"}


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


def card_label(card: Card, language: str = "en") -> str:
    """A hand card's name on the board: "Monkey King +2", "Red Boy (PM)"; in zh-TW 孫悟空 +2, 紅孩兒（豬八戒）."""
    if isinstance(card, DiscipleCard):
        return f"{disciple_word(card.disciple).say(language)} {card.value:+d}"
    if language != "en":
        return str(said(card_word(card), language))
    if card.kind is EventKind.RED_BOY and card.picture is not None:
        return f"Red Boy ({card.picture.code})"
    return card.kind.english


def _at(place: Coord) -> str:
    return f"({place[0]}, {place[1]})"


def _where(state: State, place: Coord) -> Message:
    card = state.mountain.card_at(place)
    if card:
        return Message("the {card} card at {place}", card=card.code, place=_at(place))
    return Message("the empty place {place}", place=_at(place))


def _pawn_word(colour: Colour) -> Message:
    return Message("the {colour} pawn", colour=colour_word(colour))


def _pawn_words(letters: list[str], language: str) -> dict[str, str]:
    return {letter: _pawn_word(Colour.parse(letter)).say(language) for letter in letters}


def _button(key: str) -> Message:
    return term(_LABELS[key], "button")


class GameReferee:
    """Referee of a board that starts from any `State` and follows the engine from there.

    A click plays the deciding player's action: a hand card (or the pawn) on a place of the
    Mountain, or a button below it for the decisions that are no place (`NAMED`: end step I,
    discard with no effect, cancel or let it happen, stay). Every legal action is one click.
    """

    def __init__(self, state: State, language: str = "en", *, asking: bool = False):
        if not isinstance(state, State):
            raise ValueError(f"a Mountain of Inferno board starts from a game State (game_moment, new_game), not {type(state).__name__}")
        self.first = state
        #: The language of every sentence it gives a board ("en" or "zh-TW").
        self.language = language
        #: Whether it referees a find exercise, whose question keeps one choice: no other may be pressed.
        self.asking = asking

    def _say(self, message: Message | Capitalised) -> str:
        return str(message.say(self.language))

    def _number(self, count: int) -> str:
        return number_words(count, self.language)

    def _quoted(self, keys: list[str]) -> list[str]:
        """Buttons named in a sentence: “Cancel it”, 「反制」."""
        return [self._say(Message("\u201c{button}\u201d", button=_button(key))) for key in keys]

    def start(self) -> State:
        return self.first

    def picture(self, state: State) -> dict[str, Any]:
        mountain = state.mountain
        decision = state.decision
        if decision is None:
            seat, words = state.seat, Message.text("The game is over")
        else:
            seat = decision.seat
            who = Capitalised(player_word(decision.colour))
            words = {
                Phase.PLACE_PAWN: Message("{who} to place a pawn", who=who),
                Phase.PLAY: Message("{who} to play", who=who),
                Phase.RESPOND: Message("{who} may cancel the effect just played, or let it happen (MOI-R06)", who=who),
                Phase.STEP: Message("{who} may move a pawn one card (step II)", who=who),
            }[decision.phase]
        language = self.language
        return {
            "cards": [[row, column, card.code, disciple_word(card.disciple).say(language)] for (row, column), card in sorted(mountain.cards.items())],
            "pawns": [[colour.letter, *mountain.pawn(colour)] for colour in COLOUR_ORDER if colour in mountain.pawns],
            "hand": [{"code": card.code, "label": card_label(card, language)} for card in state.hands[seat]],
            "hand_label": self._say(Message("{player}'s hand", player=Capitalised(player_word(state.colours[seat])))),
            "player": state.colours[seat].letter,
            "decision": self._say(words),
            "named": {key: self._say(_button(key)) for key in self._named(state)},
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
        out = self._answers(state) if decision.phase is Phase.RESPOND else self._on_mountain(state)
        return out + self._buttons(state, decision.colour.letter)

    def _answers(self, state: State) -> list[Choice]:
        """A responder's hand cards, pressed: they answer by the button, so a card that cancels says
        which button, and another why it does not (the engine's reason, what cancels this effect)."""
        decision = state.decision
        assert decision is not None
        cancelling = {card for action in legal_actions(state) if isinstance(action, Cancel) for card in action.cards}
        out = []
        for index, card in enumerate(state.hands[decision.seat]):
            label = card_label(card, self.language)
            if card in cancelling:
                why = self._say(Message("{card} cancels it: press {button}", card=label, button=self._quoted(["cancel"])[0]))
            elif isinstance(card, DiscipleCard):
                why = self._say(Message("{card} is a disciple: only event cards cancel an effect (MOI-R06)", card=label))
            else:  # an event that does not cancel this effect alone (else it is in `cancelling`): the engine says why
                error = refusal(state, Cancel((card,)))
                assert error is not None
                why = str(error.say(self.language))
            out.append(Choice(f"h{index}", label, refusal=why))
        return out

    def _buttons(self, state: State, me: str) -> list[Choice]:
        """The decisions on a button: each kind one choice, its card sets (cancel, discard) its actors."""
        legal = legal_actions(state)
        out = []
        for kind, (key, _label) in NAMED.items():
            actions = [action for action in legal if isinstance(action, kind)]
            if not actions:
                continue
            label = self._say(_button(key))
            if kind in (Cancel, DiscardEvents):
                options = {f"{key}{index}": f"do:{action.text()}" for index, action in enumerate(actions)}
                words = {f"{key}{index}": self._say(Message("with {cards}", cards=Listed([card_label(card, self.language) for card in _cards_of(action)])))
                         for index, action in enumerate(actions)}
                out.append(Choice(key, label, options, f"{key}0", actors=words,
                                  prompt=self._say(Message("{label} {actor}: press the \u201c{label}\u201d button below the Mountain",
                                                           label=label, actor="{actor}"))))
            else:
                out.append(Choice(key, label, {me: f"do:{actions[0].text()}"}, me,
                                  prompt=self._say(Message("Press the \u201c{label}\u201d button below the Mountain", label=label))))
        return out

    def _on_mountain(self, state: State) -> list[Choice]:
        """The choices played on a place of the Mountain: the pawn, the step, each hand card and pair."""
        decision = state.decision
        assert decision is not None
        me, say = decision.colour.letter, self._say
        if decision.phase is Phase.PLACE_PAWN:
            return [Choice("pawn", say(Message.text("Place your pawn")), {me: "pawn"}, me,
                           prompt=say(Message("Place your pawn on a free card: {count} card{s} {are} free", **_LATER)))]
        if decision.phase is Phase.STEP:
            label = say(Message.text("Move one card (step II)"))
            colours = sorted({action.colour for action in legal_actions(state) if isinstance(action, Step)}, key=COLOUR_ORDER.index)
            if not colours:
                return [Choice("step", label, refusal=say(Message.text("No pawn can step: every card next to it is full or missing (MOI-R09)")))]
            options = {colour.letter: f"step:{colour.letter}" for colour in colours}
            return [Choice("step", label, options, me if me in options else colours[0].letter,
                           prompt=say(Message("Move {actor} one card: {count} card{s} it can step to", **_LATER)),
                           actors=_pawn_words(list(options), self.language))]
        hand = state.hands[decision.seat]
        pawns = [colour.letter for colour in COLOUR_ORDER if colour in state.mountain.pawns]
        moved = me if me in pawns or not pawns else pawns[0]  # a lesson's moment may leave a pawn off the Mountain
        out = [self._card_choice(state, index, card, me, pawns, moved) for index, card in enumerate(hand)]
        return out + [self._pair_choice(hand, first, second, me, pawns, moved) for first, second in combinations(range(len(hand)), 2)]

    def _card_choice(self, state: State, index: int, card: Card, me: str, pawns: list[str], moved: str) -> Choice:
        """The choice of one hand card: a disciple laid, an event's effect, or Guan Yin refused."""
        key, label, say = f"h{index}", card_label(card, self.language), self._say
        names = _pawn_words(pawns, self.language)
        if isinstance(card, DiscipleCard):
            return Choice(key, label, {me: f"lay:{index}"}, me,
                          prompt=say(Message("Lay {card} against the Mountain: {count} place{s}", card=card.code, **_LATER)))
        if card.kind is EventKind.MIGHTY_BISON_KING:
            return Choice(key, label, {c: f"bison1:{c}" for c in pawns}, moved, actors=names,
                          prompt=say(Message("Mighty Bison King, moving {actor}: {count} card{s} it can reach", **_LATER)))
        if card.kind is EventKind.IRON_FAN_PRINCESS:
            return Choice(key, label, {c: f"fan:{c}" for c in pawns}, moved, actors=names,
                          prompt=say(Message("Iron Fan Princess, the card under {actor}: {count} place{s} it may go to, pawn and all", **_LATER)))
        if card.kind is EventKind.RED_BOY and card.picture is not None:
            return Choice(key, label, {me: f"redboy:{index}"}, me,
                          prompt=say(Message("Red Boy ({disciple}): {count} card{s} it may discard", disciple=disciple_word(card.picture), **_LATER)))
        return Choice(key, label, refusal=say(Message.text("Guan Yin has no effect of its own: it cancels an effect another player plays (MOI-R06)")))

    def _pair_choice(self, hand: tuple[Card, ...], first: int, second: int, me: str, pawns: list[str], moved: str) -> Choice:
        """The choice of two hand cards together: two Bison Kings, two Red Boys, or refused."""
        key, say = f"h{first}+h{second}", self._say
        label = together([card_label(hand[first], self.language), card_label(hand[second], self.language)], self.language)
        kinds = {getattr(hand[first], "kind", None), getattr(hand[second], "kind", None)}
        if kinds == {EventKind.MIGHTY_BISON_KING}:
            return Choice(key, label, {c: f"bison2:{c}" for c in pawns}, moved, actors=_pawn_words(pawns, self.language),
                          prompt=say(Message("Two Mighty Bison Kings, moving {actor}: {count} card{s} they can reach", **_LATER)))
        if kinds == {EventKind.RED_BOY}:
            return Choice(key, label, {me: f"redboy2:{first},{second}"}, me,
                          prompt=say(Message("Two Red Boys: {count} card{s} they may discard", **_LATER)))
        return Choice(key, label, refusal=say(Message.text(
            "Only two Mighty Bison Kings, or two Red Boys, are played together as one effect; "
            "other cards are played one at a time (rulebook I)")))

    def action(self, state: State, option: str, place: Any) -> Action:
        """The engine action a click means; IllegalAction for an option this state does not offer,
        or a button under another choice."""
        if option.startswith("do:"):
            action = parse_action(option[3:])
            if place == named_place(action):
                return action
            button = named_place(action) or "end"
            raise Misclick(Message("\u201c{button}\u201d is the button below the Mountain", button=term(_LABELS[button], "button")))
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
        if self.asking:
            return Misclick(Message("that is the \u201c{button}\u201d button, not one of the places this exercise asks for", button=label))
        return Misclick(Message("that button is \u201c{button}\u201d: press it as a choice first, then click it", button=label))

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
        if not (-REACH <= place[0] <= REACH and -REACH <= place[1] <= REACH):  # a place typed by hand, not clicked
            raise IllegalAction(Message("no Mountain reaches {place}: in one piece, of at most {cards} cards laid around (0, 0), "
                                        "it stays within {reach} rows and columns of it", place=spoken_place(place),
                                        cards=len(DECK), reach=REACH), "MOI-R15")
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
        raise Misclick(Message("'{option}' is not a choice on this board now", option=option))

    def play(self, state: State, option: str, place: Any) -> Outcome:
        """The click played by the engine, in its words; a round's end says how each seat scored.
        Where others may answer the click unseen (`_waits`), the rest is the outcome's `later`."""
        action = self.action(state, option, place)
        following, events = apply(state, action)
        done, result = self._told(state, action, events, following.is_over)
        button = named_place(action)
        reach = self._say(Message("the {button} button.", button=_button(button))) if button else self._reach(state, action)
        clue = self._quoted([button])[0] if button else self._clue(state, action)
        if button:
            clue = self._say(Message("press {button}", button=clue))

        def settled() -> Outcome:
            said = [done]
            after = self._settled(following, said)
            if after.phase is Phase.RESPOND and after.pending is not None:
                asked = [player_word(after.colours[seat]) for seat in self._asked(after)]
                if asked:  # "Yellow or blue may cancel it now": a capital for the sentence's first word only
                    players = [self._say(Capitalised(asked[0])), *map(self._say, asked[1:])]
                    names = " or ".join(players) if self.language == "en" else "或".join(players)
                    said.append(self._say(Message("{names} may cancel it now (MOI-R06).", names=names)))
            say = (" " if self.language == "en" else "").join(words for words in said if words)
            return Outcome(after, say.rstrip(), action.text(), reach, clue, result=result.rstrip())

        if self._waits(action):  # nothing said yet: whether the effect is done at once tells who may cancel it
            return Outcome(following, "", action.text(), reach, clue, later=settled)
        return settled()

    def _waits(self, action: Action) -> bool:
        """Whether what follows the click is others' to answer, unseen: never on a lesson's board,
        where every seat's answer is the reader's own click."""
        return False

    def _words(self, state: State, action: Action, events: list[Event]) -> str:
        """What an action did, in the engine's events, and how a round it ended scored."""
        return self._told(state, action, events, False)[0]

    def _told(self, state: State, action: Action, events: list[Event], over: bool) -> tuple[str, str]:
        """What an action did, in the engine's events, and how a round it ended scored; and, when
        it ends the game (`over`), the end of those words that is the game's result: from the last
        round's end (ENDING_EVENTS) on, with its scoring."""
        space = " " if self.language == "en" else ""
        said = [event.say(self.language) for event in events]  # each a whole sentence (Message.sentence)
        ended = [event for event in events if event.kind == "round"]
        if ended:
            said.append(round_words(_at_round_end(state, action), ended[0], self.language))
        result = space.join(said[result_start(events, ENDING_EVENTS):]) if over else ""
        return space.join(said), result

    def _settled(self, state: State, said: list[str]) -> State:
        """The state a click leaves the board in (its words added to `said`): here the engine's
        own; a Play page's referee plays on past the bots that let an effect happen."""
        return state

    def _asked(self, state: State) -> tuple[int, ...]:
        """The seats a click's words name as those who may cancel the effect just played."""
        return state.pending.responders if state.pending is not None else ()

    def _reach(self, state: State, action: Any) -> str:
        where = _where(state, action.place)
        if isinstance(action, LayDisciple):
            reach = Message("{card} may be laid at {place}: it touches the Mountain along a side.", card=action.card.code, place=_at(action.place))
        elif isinstance(action, PlayRedBoy):
            reach = Message("{where} may be discarded: it holds no pawn and the Mountain stays in one piece.", where=where)
        elif isinstance(action, PlayPrincess):
            reach = Message("the card may go to {place}, touching the rest of the Mountain.", place=_at(action.place))
        elif isinstance(action, Step):
            reach = Message("{pawn} may step to {where}.", pawn=_pawn_word(action.colour), where=where)
        elif isinstance(action, PlacePawn):
            reach = Message("the pawn may go on {where}: no pawn stands there yet.", where=where)
        else:
            reach = Message("{where} works.", where=where)
        return self._say(reach)

    def _clue(self, state: State, action: Any) -> str:
        """Where to look for this target, without naming it."""
        mountain = state.mountain
        row, column = action.place
        if isinstance(action, Step):
            return self._say(Message("look next to {pawn}: up, down, left or right", pawn=_pawn_word(action.colour)))
        if isinstance(action, PlayBison):
            away = card_distances(mountain, mountain.pawn(action.colour)).get(action.place, 0)
            pawn, number = _pawn_word(action.colour), self._number(away)
            if away == 1:
                return self._say(Message("one is {number} card from {pawn}, counting along the Mountain", number=number, pawn=pawn))
            return self._say(Message("one is {number} cards from {pawn}, counting along the Mountain", number=number, pawn=pawn))
        if isinstance(action, (LayDisciple, PlayPrincess)):
            moving = mountain.pawn(action.colour) if isinstance(action, PlayPrincess) else None
            touching = sorted(place for place in neighbours(action.place) if place in mountain.cards and place != moving)
            if touching:
                return self._say(Message("look beside {where}", where=_where(state, touching[0])))
        if mountain.card_at((row, column)):
            return self._say(Message("look along row {row}", row=row))
        return self._say(Message("look at the empty places of row {row}", row=row))

    def idle(self, state: State) -> str:
        decision = state.decision
        if decision is None:
            return self._say(Message.text("The game is over. Undo, or click an entry of the move log, to look back."))
        if decision.phase is Phase.RESPOND:
            return self._say(Message("{who} decides whether to cancel (MOI-R06): press \u201c{cancel}\u201d "
                                     "(and the cards to cancel with) or \u201c{let}\u201d, then the button below the Mountain.",
                                     who=Capitalised(player_word(decision.colour)), cancel=_button("cancel"), let=_button("pass")))
        if decision.phase is Phase.STEP:
            return self._say(Message("Choose \u201c{step}\u201d, then click the card the pawn should step to; or press \u201c{stay}\u201d.",
                                     step=Message.text("Move one card (step II)"), stay=_button("stay")))
        if decision.phase is Phase.PLACE_PAWN:
            return self._say(Message("Choose \u201c{pawn}\u201d, then click a free card.", pawn=Message.text("Place your pawn")))
        return self._say(Message.text("First choose a card from the hand, then click where it should act; or a button below the Mountain."))

    def _counted(self, state: State) -> list[tuple[str, int]]:
        """Each choice played on the Mountain with the number of its legal clicks (those with any)."""
        legal = set(legal_actions(state))
        places = [place for place in self.places(state) if not isinstance(place, str)]
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
        return counted

    def hint(self, state: State) -> str:
        """What may be done now, counted in the learner's words."""
        decision = state.decision
        if decision is None or decision.phase is Phase.RESPOND:
            return self.idle(state)
        who = Capitalised(player_word(decision.colour))
        named = self._quoted(self._named(state))
        buttons: Listed | Message | str = Listed(named, "or") if named else ""
        counted = self._counted(state)
        if decision.phase is Phase.PLACE_PAWN:
            free = counted[0][1] if counted else 0
            return self._say(Message("{who} places the pawn on a card where no pawn stands: {number} cards are free. "
                                     "Choose \u201c{pawn}\u201d, then click one of them.",
                                     who=who, number=self._number(free), pawn=Message.text("Place your pawn")))
        if decision.phase is Phase.STEP:
            moves = counted[0][1] if counted else 0
            buttons = buttons or Message.text("stay")
            if moves == 1:
                return self._say(Message("{who} may move a pawn one card up, down, left or right onto a card with room for it: "
                                         "{number} move now, or no move at all ({buttons}).", who=who, number=self._number(moves), buttons=buttons))
            return self._say(Message("{who} may move a pawn one card up, down, left or right onto a card with room for it: "
                                     "{number} moves now, or no move at all ({buttons}).", who=who, number=self._number(moves), buttons=buttons))
        if not counted:
            return self._say(Message("{who} has nothing to play on the Mountain now: press {buttons} below it.", who=who, buttons=buttons))
        parts = [self._say(Message("{label} ({number} way)", label=label, number=self._number(moves)) if moves == 1 else
                           Message("{label} ({number} ways)", label=label, number=self._number(moves))) for label, moves in counted]
        press = self._say(Message(", or press {buttons} below the Mountain", buttons=buttons)) if buttons else ""
        return self._say(Message("{who} may play {choices}{press}. "
                                 "Choose a card, then click a place marked with a dot; a wrong click says which rule forbids it.",
                                 who=who, choices=Listed(parts, "or"), press=press))


def _cards_of(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, (Cancel, DiscardEvents)) else ()


def _at_round_end(state: State, action: Action) -> State:
    """The state as the round ended: the Mountain after the turn's step, before the next round."""
    mountain = state.mountain.with_pawn(action.colour, action.place) if isinstance(action, Step) else state.mountain
    return replace(state, mountain=mountain)


def scoring_lines(state: State, reason: str, ender: int, language: str = "en") -> list[tuple[str, int]]:
    """Each seat's scoring in words (in `language`) and its raw points, as the round ends in `state`
    (MOI-R11, MOI-R17): the best row and column windows through its pawn, and the card counted twice."""
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
        if twice:
            how = Message.text("counted twice (MOI-R11)")
        elif doubled:  # the Chinese reading: a negative card is not doubled
            how = Message.text("counted once, since counting it twice would cost points (MOI-R11)")
        else:
            how = Message.text("counted once (MOI-R17)")
        words = Message("{player} {points}: the row {row} and the column {column}, the {card} under the pawn {how}",
                        player=Capitalised(player_word(colour)), points=f"{points:+d}", row=_cards(mountain, row),
                        column=_cards(mountain, column), card=card.code, how=how)
        out.append((words.say(language), points))
    return out


def _cards(mountain: Position, covered: tuple[Coord, ...] | None) -> Message | str:
    if not covered:
        return Message.text("(none)")
    return f"{' '.join(mountain.cards[place].code for place in covered)} ({window_sum(mountain, covered):+d})"


def round_words(state: State, event: Event, language: str = "en") -> str:
    """How the round just ended scored, seat by seat (from the round event's data), in `language`."""
    data = event.data or {}
    reason = str(data.get("reason", "b"))
    lines = scoring_lines(state, reason, state.seat, language)
    raw = tuple(data.get("raw", ()))
    if tuple(points for _, points in lines) != raw:  # never expected: the engine's numbers stand
        return ""
    joiner = "; " if language == "en" else "；"
    return Message("Scoring: {lines}.", lines=joiner.join(words for words, _ in lines)).say(language)


def game_find_exercise(state: State, choice: str, actor: str | None = None, *, title: str = "", language: str = "en") -> dict[str, Any]:
    """An exercise on a game moment as page data: with the hand cards of `choice` ("h0", "h0+h1"),
    find every place the engine accepts; wrong clicks get the engine's refusal with its rule id.
    """
    referee, record = find_in_game(state, choice, actor, language)
    return LessonGraph(referee).lesson(0, title=title, mode="find", exercise=record)


def find_in_game(state: State, choice: str, actor: str | None = None, language: str = "en") -> tuple[GameReferee, dict[str, Any]]:
    """The referee and the exercise record (choice, option, answers, sentences) of a find exercise,
    said in `language` ("en" or "zh-TW"). A choice with no place on the Mountain to find (a button
    below it: "discard", "stay", "end") is refused by name, and so is a choice not offered, listing
    those that may be asked."""
    referee = GameReferee(state, language, asking=True)
    graph = LessonGraph(referee)
    node = graph.node(graph.start_id)
    picked = node["choices"].get(choice, {})
    offered = {key: value for key, value in node["choices"].items() if "options" in value}
    askable = [key for key, value in offered.items()
               if all(is_place_key(target) for option in value["options"].values() for target in node["options"][option]["targets"])]
    if choice in offered and choice not in askable:
        raise ValueError(f"ask: the choice {choice!r} ({_LABELS.get(choice, choice)}) has no place on the Mountain to find; "
                         + (f"ask one that does: {', '.join(askable)}" if askable else "nothing on this moment does"))
    if choice not in offered:  # the exercise's own refusal would list the buttons too
        buttons = [key for key in offered if key not in askable]
        raise ValueError(f"the choice {choice!r} is not offered here; " + (
            f"the choices are {', '.join(askable)}" if askable
            else f"no choice here has a place on the Mountain to find, only the button{'s' if len(buttons) > 1 else ''} "
                 f"{', '.join(buttons)}" if buttons else "nothing is"))
    targets = [parse_place(key) for option in picked.get("options", {}).values() for key in node["options"][option]["targets"]]
    on_cards = all(state.mountain.card_at(place) is not None for place in targets)
    return referee, exercise(node, choice, actor, ("card", "cards") if on_cards else ("place", "places"), language)


__all__ = ["NAMED", "GameReferee", "action_place", "card_label", "find_in_game", "game_find_exercise", "named_place",
           "round_words", "scoring_lines"]
