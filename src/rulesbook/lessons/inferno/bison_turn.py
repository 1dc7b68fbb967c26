"""The Mighty Bison King lesson: a referee for one turn of Bison King plays and the pawn's move of step II.

Every yes and no comes from the rules library (`bison_destinations`, `step_destinations`); this
module only words the answers for a learner and says who may cancel (MOI-R06). A full game
engine replaces this referee later without changing the board. It speaks English or zh-TW
(`language`): every sentence a reader sees is a `Message` of the catalogue; the English ones are
word for word as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Capitalised, Listed, Message, counted, term
from rulesbook.inferno.cards import EventKind
from rulesbook.inferno.actions import PlayBison, Step
from rulesbook.inferno.effects import BISON_STEPS, bison_destinations, step_destinations
from rulesbook.inferno.engine import bison_refusal, cancel_means, entitled_to_cancel, pawn_words, steps_words
from rulesbook.inferno.names import disciple_word, player_word
from rulesbook.inferno.position import Colour, Coord, Position, neighbours
from rulesbook.inferno.rules import Rules
from rulesbook.lessons.data import exercise, number_words, together
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome

BISON = EventKind.MIGHTY_BISON_KING.value
#: The longest path `path_lengths` measures unless told: the longest Bison King move a house rule allows.
_LONGEST_TOLD = 7
#: A choice's prompt keeps these for the board to fill in (rulesbook.lessons.graph.choice_words).
_LATER = {"count": "{count}", "s": "{s}", "actor": "{actor}"}


def place_name(position: Position, place: Coord) -> str:
    return str(place_words(position, place))


def place_words(position: Position, place: Coord) -> Message:
    """A place of the Mountain in a sentence: "the MK+2 card at (0, 1)", "the empty place (0, 2)"."""
    card = position.card_at(place)
    where = f"({place[0]}, {place[1]})"
    if card:
        return Message("the {card} card at {place}", card=card.code, place=where)
    return Message("the empty place {place}", place=where)


def path_lengths(position: Position, start: Coord, longest: int = _LONGEST_TOLD) -> dict[Coord, set[int]]:
    """For each card, the lengths up to `longest` of the paths from start that visit no card twice
    (MOI-R05); longer paths are left out, so a card's set says nothing of them.

    Only used to word explanations; what is legal is `bison_destinations`.
    """
    return _path_lengths(position, start, longest)


@lru_cache(maxsize=512)
def _path_lengths(position: Position, start: Coord, longest: int) -> dict[Coord, set[int]]:
    lengths: dict[Coord, set[int]] = {}
    path = {start}
    cards = position.cards

    def walk(place: Coord, taken: int) -> None:
        lengths.setdefault(place, set()).add(taken)
        if taken == longest:
            return
        for near in neighbours(place):
            if near in cards and near not in path:
                path.add(near)
                walk(near, taken + 1)
                path.remove(near)

    walk(start, 0)
    return lengths


def cancel_rights(position: Position, player: Colour | str, target: Colour | str, cards: int = 1,
                  rules: Rules = Rules()) -> dict[Colour, str]:
    """Who may cancel a Mighty Bison King, and with what, as the engine rules it (MOI-R06).

    The players are the pawns on the Mountain; the means are worded from `cancel_means`.
    """
    player, target = Colour.parse(player), Colour.parse(target)
    effect = PlayBison(target, position.pawn(target), cards)
    others = [colour for colour in Colour if colour in position.pawns and colour is not player]
    means = _means_words(cancel_means(effect))
    return {colour: means for colour in entitled_to_cancel(rules, effect, player, others)}


#: The means of a cancel as the lesson says them, in the catalogue (by their English words).
_MEANS_MESSAGES = {
    "an Iron Fan Princess or a Guan Yin": Message.text("an Iron Fan Princess or a Guan Yin"),
    "two Iron Fan Princesses or one Guan Yin": Message.text("two Iron Fan Princesses or one Guan Yin"),
}


def _means_message(means: str) -> Message:
    """The means of `_means_words` as a message (said as it is where the catalogue lacks it)."""
    return _MEANS_MESSAGES.get(means) or Message.text(means)


_CARD_WORDS = {
    EventKind.IRON_FAN_PRINCESS: ("Iron Fan Princess", "Iron Fan Princesses"),
    EventKind.GUAN_YIN: ("Guan Yin", "Guan Yins"),
    EventKind.MIGHTY_BISON_KING: ("Mighty Bison King", "Mighty Bison Kings"),
}


def _means_words(options: list[tuple]) -> str:
    """"an Iron Fan Princess or a Guan Yin"; "two Iron Fan Princesses or one Guan Yin"."""
    counting = any(len(cards) > 1 for cards in options)
    words = []
    for cards in options:
        one, many = _CARD_WORDS[cards[0].kind]
        if len(cards) > 1:
            words.append(f"two {many}")
        else:
            words.append(f"{'one' if counting else 'an' if one[0] in 'AEIOU' else 'a'} {one}")
    return " or ".join(words)


def _cancel_sentence(position: Position, player: Colour, target: Colour, cards: int, rules: Rules) -> Message:
    rights = cancel_rights(position, player, target, cards, rules)
    if not rights:
        return Message.text("Nobody may cancel it: the pawn is the player's own (MOI-R06).")
    means = _means_message(next(iter(rights.values())))
    who = Listed([Capitalised(player_word(colour)) for colour in rights], "or")
    return Message("{who} may cancel it at once with {means} (MOI-R06).", who=who, means=means)


@dataclass(frozen=True)
class BisonTurn:
    """One state of the lesson: the Mountain, the cards left in hand, and the phase of the turn."""

    position: Position
    hand: tuple[str, ...]
    phase: str = "play"  # "play" (step I), "over" (after the pawn's move of step II)


class BisonLesson:
    """Referee of a Mighty Bison King lesson for `player`, holding `hand` (event codes).

    pawns: the pawns a Bison King may move (default: every pawn on the Mountain).
    step: whether the pawn's move of step II is offered (own pawn in EN, any pawn in ZH, MOI-R09).
    """

    def __init__(self, position: Position | str, player: Colour | str = "R", hand: tuple[str, ...] = (BISON,),
                 rules: Rules | None = None, pawns: tuple[Colour | str, ...] | None = None, step: bool = False,
                 language: str = "en"):
        self.rules = rules or Rules()
        #: The language of every sentence it gives a board ("en" or "zh-TW").
        self.language = language
        self.position = position if isinstance(position, Position) else Position.parse(position, self.rules)
        self.player = Colour.parse(player)
        self.position.pawn(self.player)
        self.hand = tuple(EventKind(code.split(":")[0]).value for code in hand)
        movable = tuple(self.position.pawns) if pawns is None else tuple(Colour.parse(c) for c in pawns)
        self.pawns = tuple(colour for colour in Colour if colour in movable)
        self.step = step

    def _say(self, message: Message | Capitalised) -> str:
        return str(message.say(self.language))

    def _joined(self, parts: list[str]) -> str:
        """Sentences one after another: a space between them in English, none in zh-TW."""
        return (" " if self.language == "en" else "").join(parts)

    def _card_label(self, code: str) -> str:
        """A hand card's name: "Mighty Bison King", 牛魔王."""
        if self.language == "en":
            return EventKind(code).english
        return self._say(term(code, "card"))

    # --- the referee's questions ------------------------------------------------------------
    def start(self) -> BisonTurn:
        return BisonTurn(self.position, self.hand)

    def picture(self, state: BisonTurn) -> dict[str, Any]:
        position = state.position
        who = Capitalised(player_word(self.player))
        if state.phase == "over":
            decision = Message("{who} has moved: the turn goes on to steps III and IV, checking the round and drawing",
                               who=who)
        elif any(code == BISON for code in state.hand) or self.step:
            decision = Message("{who} to play", who=who)
        else:
            decision = Message("{who} has no Bison King left", who=who)
        return {
            "cards": [[row, column, card.code, self._say(disciple_word(card.disciple))] for (row, column), card in sorted(position.cards.items())],
            "pawns": [[colour.letter, *position.pawn(colour)] for colour in Colour if colour in position.pawns],
            "hand": [{"code": code, "label": self._card_label(code)} for code in state.hand],
            "hand_label": self._say(Message("{player}'s hand", player=who)),
            "player": self.player.letter,
            "decision": self._say(decision),
        }

    def places(self, state: BisonTurn) -> set[Coord]:
        return set(state.position.cards) | state.position.empty_neighbours()

    def choices(self, state: BisonTurn) -> list[Choice]:
        out: list[Choice] = []
        indices = range(len(state.hand))
        for size in (1, 2, 3):
            for picked in combinations(indices, size):
                key = "+".join(f"h{i}" for i in picked)
                codes = [state.hand[i] for i in picked]
                label = together([self._card_label(code) for code in codes], self.language)
                out.append(self._hand_choice(state, key, label, codes))
        if self.step:
            who = self.pawns if self.rules.step_any_pawn else (self.player,)
            label = self._say(Message.text("Move one card (step II)"))
            if state.phase == "over":
                out.append(Choice("step", label, refusal=self._say(Message.text(
                    "The pawn has moved: the step II move is made once (rulebook, II)."))))
            else:
                options = {c.letter: f"step:{c.letter}" for c in who if c in state.position.pawns}
                out.append(Choice("step", label, options, self.player.letter,
                                  prompt=self._say(Message("Move {actor} one card: {count} card{s} it can step to", **_LATER)),
                                  actors=self._names()))
        return out

    def _names(self) -> dict[str, str]:
        return {colour.letter: self._say(pawn_words(colour)) for colour in self.pawns}

    def _hand_choice(self, state: BisonTurn, key: str, label: str, codes: list[str]) -> Choice:
        if state.phase == "over":
            return Choice(key, label, refusal=self._say(Message.text(
                "The pawn has moved: cards are played in step I, before the pawn's own move (rulebook, I and II).")))
        if any(code != BISON for code in codes):
            return Choice(key, label, refusal=self._say(Message.text(
                "This board teaches the Mighty Bison King; keep the other cards for now. An Iron Fan Princess "
                "or a Guan Yin in hand is what cancels a Bison King (rulebook I).")))
        if len(codes) not in BISON_STEPS:
            try:
                bison_destinations(state.position, self.player, len(codes), self.rules)
            except ValueError as error:
                if self.language == "en":
                    return Choice(key, label, refusal=str(error))
                return Choice(key, label, refusal=self._say(Message(
                    "one or two Mighty Bison King cards may be played together, not {cards} (MOI-R05)", cards=len(codes))))
        default = self.player if self.player in self.pawns else self.pawns[0]
        options = {colour.letter: f"bison{len(codes)}:{colour.letter}" for colour in self.pawns}
        if len(codes) == 1:
            what = Message("Mighty Bison King, moving {actor}: {count} card{s} it can reach", **_LATER)
        else:
            what = Message("Two Mighty Bison Kings, moving {actor}: {count} card{s} they can reach", **_LATER)
        return Choice(key, label, options, default.letter, prompt=self._say(what), actors=self._names())

    def play(self, state: BisonTurn, option: str, place: Coord) -> Outcome:
        effect, _, letter = option.partition(":")
        colour = Colour.parse(letter)
        if state.phase == "over":
            raise IllegalAction(Message("The pawn has moved: steps I and II are over"), "rulebook, II")
        if effect == "step":
            return self._step(state, colour, place)
        if effect.startswith("bison"):
            return self._bison(state, colour, int(effect.removeprefix("bison")), place)
        raise IllegalAction(Message("{option!r} is not a move of this lesson", option=option), "MOI-R05")

    def _bison(self, state: BisonTurn, colour: Colour, cards: int, place: Coord) -> Outcome:
        position = state.position
        if state.hand.count(BISON) < cards:
            raise IllegalAction(counted(state.hand.count(BISON), "only {count} Mighty Bison King card is left in hand",
                                        "only {count} Mighty Bison King cards are left in hand"),
                                "rulebook, I")
        start = position.pawn(colour)
        if place in bison_destinations(position, colour, cards, self.rules):
            within = self.rules.bison_steps(cards)
            lengths = sorted(n for n in path_lengths(position, start, within[-1])[place] if n in within)
            hand = list(state.hand)
            for _ in range(cards):
                hand.remove(BISON)
            after = position.with_pawn(colour, place)
            data = {"who": Capitalised(player_word(self.player)), "pawn": pawn_words(colour), "start": place_words(position, start),
                    "place": place_words(position, place), "steps": steps_words(lengths[0])}
            if cards == 1:
                played = Message("{who} plays one Mighty Bison King: {pawn} goes from {start} to {place}, a path of {steps}.", **data)
            else:
                played = Message("{who} plays two Mighty Bison Kings: {pawn} goes from {start} to {place}, a path of {steps}.", **data)
            say = self._joined([self._say(played), self._say(_cancel_sentence(position, self.player, colour, cards, self.rules))])
            log = str(PlayBison(colour, place, cards))  # the move log writes the action's text, as every board does
            reach = self._say(Message("{pawn} can reach {place} by a path of {steps}.", **data))
            number = number_words(lengths[0], self.language)
            if lengths[0] == 1:
                clue = Message("one is {number} card from {pawn}, counting along the Mountain", number=number, pawn=pawn_words(colour))
            else:
                clue = Message("one is {number} cards from {pawn}, counting along the Mountain", number=number, pawn=pawn_words(colour))
            return Outcome(BisonTurn(after, tuple(hand), state.phase), say, log, reach, self._say(clue))
        # The engine's own reason: the board capitalises it (`refusal_text`).
        raise IllegalAction(bison_refusal(position, colour, cards, place, self.rules), "MOI-R05")

    def _step(self, state: BisonTurn, colour: Colour, place: Coord) -> Outcome:
        position = state.position
        if colour is not self.player and not self.rules.step_any_pawn:
            raise IllegalAction(Message("In step II a player moves their own pawn only"), "MOI-R09")
        start = position.pawn(colour)
        if place in step_destinations(position, colour, self.rules):
            say = self._say(Message("{who} moves {pawn} one card, from {start} to {place} (rulebook, II). "
                                    "Steps III and IV follow: check whether the round is over, then draw.",
                                    who=Capitalised(player_word(self.player)), pawn=pawn_words(colour),
                                    start=place_words(position, start), place=place_words(position, place)))
            log = str(Step(colour, place))
            clue = self._say(Message("look next to {pawn}: up, down, left or right", pawn=pawn_words(colour)))
            return Outcome(BisonTurn(position.with_pawn(colour, place), state.hand, "over"), say, log, clue=clue)
        if place not in position.cards:
            why = Message("There is no card there: the pawn moves onto a card")
        elif place == start:
            why = Message("The step II move goes to another card; to stay, simply make no move")
        elif place not in set(neighbours(start)):
            why = Message("{place} is not next to the pawn: the step II move is one card up, down, left or right, never diagonal",
                          place=Capitalised(place_words(position, place)))
        else:
            why = Message("{place} already holds a pawn: a card holds one pawn", place=Capitalised(place_words(position, place)))
        raise IllegalAction(why, "MOI-R09")

    def idle(self, state: BisonTurn) -> str:
        if state.phase == "over":
            return self._say(Message.text("The pawn has moved, and this board stops before steps III and IV. "
                                          "Undo, or click an entry of the move log, to try another way."))
        return self._say(Message.text("First choose a card from the hand, then click the card where the pawn should go."))

    def hint(self, state: BisonTurn) -> str:
        position = state.position
        bisons = state.hand.count(BISON)
        if state.phase == "over" or (not bisons and not self.step):
            return self._say(Message.text("Undo, or click an entry of the move log, to try another way."))
        parts = []
        colour = self.player if self.player in self.pawns else self.pawns[0]
        for cards in (1, 2):
            if bisons >= cards:
                reach = len(bison_destinations(position, colour, cards, self.rules))
                data = {"pawn": pawn_words(colour), "count": reach}
                if cards == 1:
                    what = Message("one Bison King can take {pawn} to {count} card", **data) if reach == 1 else \
                        Message("one Bison King can take {pawn} to {count} cards", **data)
                else:
                    what = Message("two Bison Kings played together can take {pawn} to {count} card", **data) if reach == 1 else \
                        Message("two Bison Kings played together can take {pawn} to {count} cards", **data)
                parts.append(self._say(what))
        advice = self._say(Message.text("Count cards, not squares: the path may cross other pawns but may not visit a card twice (MOI-R05)."))
        if not parts:
            return advice
        if self.language == "en":
            text = "; ".join(parts)
            return text[:1].upper() + text[1:] + ". " + advice
        return "；".join(parts) + "。" + advice


def bison_lesson(position: Position | str, player: Colour | str = "R", hand: tuple[str, ...] = (BISON,), *,
                 rules: Rules | None = None, pawns: tuple[Colour | str, ...] | None = None, step: bool = False,
                 moves: int = 2, title: str = "", language: str = "en") -> dict[str, Any]:
    """A Bison King lesson as page data, every state up to `moves` clicks precomputed, its
    sentences in `language` ("en" or "zh-TW")."""
    referee = BisonLesson(position, player, hand, rules, pawns, step, language)
    return LessonGraph(referee).lesson(moves, title=title)


def find_in_bison(position: Position | str, pawn: Colour | str = "R", cards: int = 1, *,
                  rules: Rules | None = None, language: str = "en") -> tuple[BisonLesson, dict[str, Any]]:
    """The referee and exercise record of "find every card the Bison King can take `pawn` to",
    said in `language` ("en" or "zh-TW")."""
    if type(cards) is not int or cards not in BISON_STEPS:  # else "the choice '' is not offered here" (0 cards)
        raise ValueError(f"cards: one or two Mighty Bison King cards are played together (MOI-R05), not {cards!r}")
    colour = Colour.parse(pawn)
    referee = BisonLesson(position, colour, (BISON,) * cards, rules, pawns=(colour,), language=language)
    graph = LessonGraph(referee)
    choice = "+".join(f"h{i}" for i in range(cards))
    record = exercise(graph.node(graph.start_id), choice, colour.letter, ("card", "cards"), language)
    if not record["answers"]:  # a board that could never be done, refused as the other games' find boards are
        raise ValueError(f"cards: {('one', 'two')[cards - 1]} Mighty Bison King card{'s' * (cards > 1)} can take the "
                         f"{colour.english} pawn to no card of this Mountain (MOI-R05): nothing to find; give another "
                         "Mountain, pawn or number of cards")
    return referee, record


def find_exercise(position: Position | str, pawn: Colour | str = "R", cards: int = 1, *,
                  rules: Rules | None = None, title: str = "", language: str = "en") -> dict[str, Any]:
    """An exercise: find every card the Bison King can take `pawn` to with `cards` cards (MOI-R05).

    The targets are hidden; each right click is marked found, each wrong one explained.
    """
    referee, record = find_in_bison(position, pawn, cards, rules=rules, language=language)
    return LessonGraph(referee).lesson(0, title=title, mode="find", exercise=record)
