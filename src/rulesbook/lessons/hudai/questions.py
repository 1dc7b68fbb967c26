"""The Hudai Pass chapters' exercises and replays, as referees over the engine.

- `find_in_table`: on a moment, with a choice made (a card's value, the Mind River to obtain from),
  find every place the engine accepts; wrong clicks get the engine's own refusal.
- `CardsQuestion`: click hand cards: every card that may be played next ("fits"), the cards of
  the longest combo the hand allows ("combo"), the cards Crush or Confuse will take ("taken").
- `PowersQuestion`: click powers: those the hand feeds in step 4 ("fed"), those that will do
  something in step 5 ("acts").
- `ReplayReferee`: a game's record, replayed a step at a time, the demon's turns included.

Every answer is the engine's: a question plays the moment forward with `turn_steps` (the engine's
`apply_steps`) or asks `refusal` and `feeds`, and only words what it finds.
"""

from __future__ import annotations

import re
from dataclasses import fields
from itertools import permutations
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.records import GameRecord
from rulesbook.hudai.actions import Action, parse_action
from rulesbook.core.words import capitalised, sentence
from rulesbook.hudai.cards import COLOURS, POWER_NAMES
from rulesbook.hudai.engine import apply, feeds, refusal
from rulesbook.hudai.state import COMBO, OBTAIN, OVER, State
from rulesbook.lessons.data import chosen_option, exercise, number_words
from rulesbook.lessons.graph import Choice, LessonGraph, Misclick, Outcome
from rulesbook.lessons.hudai.table import (
    MONK,
    POWER_PLACES,
    TRACK,
    Moment,
    TableReferee,
    TurnStep,
    card_label,
    moment,
    power_words,
    table_view,
    turn_steps,
)

#: The values that feed each power in step 4, as the rulebook says them (rulebook, Fill your hand).
FED_BY = ("1 or 2", "3 or 4", "5 or 6")
TASK = "ASK"


def find_in_table(state: State, choice: str, actor: str | None = None) -> tuple[TableReferee, dict[str, Any]]:
    """The referee and the exercise record of a find exercise on a moment: with `choice` made,
    every place the engine accepts. ValueError when the choice is not offered there."""
    referee = TableReferee(state)
    node = LessonGraph(referee).node("s0")
    option = chosen_option(node, choice, actor)
    if not node["options"][option]["targets"]:
        raise ValueError(f"the choice {choice!r} has nowhere to act on this moment: nothing to find")
    nouns = {"value": ("power", "powers"), "symbol": ("place", "places"), "colour": ("place", "places"),
             "obtain": ("card", "cards"), "swap": ("card", "cards"), "black": ("card", "cards")}
    noun = nouns.get(choice, ("place", "places"))
    if option.startswith("eye:"):
        noun = ("power", "powers")
    return referee, exercise(node, choice, actor, noun)


def _unpacked_hand(table: State) -> list[str]:
    return [f"hand:{code}" for code in table.hand]


class TableQuestion:
    """A question about one table, answered by clicking places of the picture (a find exercise).

    A subclass sets `table` (the moment shown), `stage` (the turn track's step), `places_asked`,
    `answers` ({place: what the right click says}), `reasons` ({place: IllegalAction}) and the
    words `label`, `task`, `noun` and `clue`."""

    table: State
    stage: int | None = None
    label = "The question"
    task = "Click every answer"
    noun = ("place", "places")
    clue = "try the ones you have not clicked yet"
    feeding = False

    def __init__(self) -> None:
        self.answers: dict[str, str] = {}
        self.reasons: dict[str, IllegalAction] = {}
        self.places_asked: list[str] = []

    def start(self) -> Moment:
        return moment(self.table)

    def table_of(self, m: Moment) -> State:
        return self.table

    def picture(self, m: Moment) -> dict[str, Any]:
        return {**table_view(self.table, self.stage, self.feeding), "decision": self.task,
                "hand": [{"code": TASK, "label": self.label}], "hand_label": "The question"}

    def places(self, m: Moment) -> list[str]:
        return self.places_asked

    def choices(self, m: Moment) -> list[Choice]:
        one, many = self.noun
        counted = one + "{s}" if many == one + "s" else many  # "1 track", "2 tracks"
        return [Choice("h0", self.label, {MONK: "ask"}, MONK, prompt=self.task + ": {count} " + counted)]

    def play(self, m: Moment, option: str, place: str) -> Outcome:
        if place in self.answers:
            return Outcome(m, self.answers[place], place.partition(":")[2] or place, self.answers[place], self.clue)
        raise self.reasons.get(place) or IllegalAction("that is not one of the answers", "Play")

    def idle(self, m: Moment) -> str:
        return self.task + "."

    def hint(self, m: Moment) -> str:
        count = len(self.answers)
        return f"{capitalised(self.task)}: there {'is' if count == 1 else 'are'} {number_words(count)} to find. {sentence(self.clue)}"

    def exercise(self) -> dict[str, Any]:
        """The exercise record (choice, answers, sentences) that a find board carries."""
        return exercise(LessonGraph(self).node("s0"), "h0", noun=self.noun)


def _fit_words(code: str, last: str) -> str:
    """Why two cards may lie side by side (HUD-R03), in words."""
    if code[0] == last[0]:
        return f"it shares its colour, {COLOURS[code[0]]}, with {last}"
    wild = code if code[0] in "WK" else last
    return f"{wild} is {COLOURS[wild[0]]}, which may lie next to any colour"


class CardsQuestion(TableQuestion):
    """Click hand cards: "fits" (every card that may be played next), "combo" (the cards of the
    longest combo the hand allows, HUD-R03), "taken" (the cards the first Crush or Confuse takes
    in step 5) or "corrupts" (the cards that cost corruption once the hand is filled, HUD-R05)."""

    noun = ("card", "cards")

    def __init__(self, state: State, question: str = "fits"):
        super().__init__()
        if question not in self._ASKS:
            raise ValueError(f"a cards question is 'fits', 'combo', 'taken' or 'corrupts', not {question!r}")
        self.question = question
        self.table = state
        self._ASKS[question](self, state)
        self.places_asked = _unpacked_hand(self.table)
        if not self.answers:
            raise ValueError("this moment has no answer to find: pick another")

    def _fits(self, state: State) -> None:
        last = state.combo[-1] if state.combo else None
        self.label = f"Cards that may follow {last}" if last else "Cards that may start the combo"
        self.task = f"Click every hand card that may be played next to {last}" if last else "Click every card that may start the combo"
        self.clue = "look for a shared colour, white or black"
        for code in state.hand:
            why = refusal(state, f"play {code}")
            if why is None:
                self.answers[f"hand:{code}"] = sentence(f"{code} may be played next: {_fit_words(code, last)} (HUD-R03)") if last \
                    else sentence(f"{code} may start the combo")
            else:
                self.reasons[f"hand:{code}"] = why

    def _combo(self, state: State) -> None:
        self.label = "The longest combo"
        self.task = "Click the cards of the longest combo this hand can play"
        best, lengths = longest_combo(state)
        if not best:
            raise ValueError("no card of this hand can be played")
        self.clue = "neighbours share a colour unless one is white or black"
        for code in state.hand:
            if code in best:
                self.answers[f"hand:{code}"] = (f"{code} is in the longest combo this hand can play, of "
                                                f"{number_words(len(best))} cards (HUD-R03).")
            else:
                with_it = lengths.get(code, 0)
                self.reasons[f"hand:{code}"] = IllegalAction(
                    f"{code} is not in the longest combo: the longest combo with {code} has {number_words(with_it)} "
                    f"card{'s' if with_it != 1 else ''}, the longest of all {number_words(len(best))}", "HUD-R03")

    def _taken(self, state: State) -> None:
        steps = _demon_turn(state)
        for before, step in zip(steps, steps[1:]):
            acting = [event for event in step.events if event.kind in ("crush", "confuse")]
            if acting:
                break
        else:
            raise ValueError("no Crush or Confuse acts in this demon's turn")
        data = acting[0].data
        name = POWER_NAMES[data["name"]]
        self.table = before.table
        self.stage = 5
        self.label = f"What {name} takes"
        self.task = f"{name} acts with {number_words(data['cubes'])} cubes: click the cards it takes from your hand"
        self.clue = "the highest value that is at most the cubes first, then again with what is left (HUD-P10)"
        tied = {event.data["pick"] for event in step.events if event.kind == "tie"}
        cards = self.table.rules.cards
        left = [data["cubes"]]  # the cubes left before each pick, then after the last
        for code in data["cards"]:
            left.append(left[-1] - cards[code].value)
        for code in self.table.hand:
            value = cards[code].value  # the printed value (HUD-R06)
            if code in data["cards"]:
                picks = data["cards"].index(code)
                cubes = left[picks]
                with_cubes = f"with all {cubes} cubes" if picks == 0 else f"with {cubes} cube{'s' if cubes != 1 else ''} left"
                tie = ", and the seed broke a tie with another card of that value" if code in tied else ""
                self.answers[f"hand:{code}"] = (f"{code} goes: {with_cubes}, its printed value, {value}, is the highest "
                                                f"that fits{tie} (HUD-R06; HUD-P10).")
            else:
                self.reasons[f"hand:{code}"] = IllegalAction(_stays(code, value, left), "HUD-R06; HUD-P10")

    def _corrupts(self, state: State) -> None:
        steps = _demon_turn(state)
        filled = next(step for step in steps if step.log == "the hand is filled")
        corrupting = {event.data["card"] for step in steps for event in step.events
                      if event.kind in ("corruption", "lost") and event.data.get("cause") == "black"}
        self.table, self.stage = filled.table, 4
        self.label = "The cards that corrupt"
        self.task = "Step 4, the hand is filled: click every card that will cost you a corruption"
        self.clue = "look at the colour band of each card"
        for code in self.table.hand:
            if code in corrupting:
                self.answers[f"hand:{code}"] = sentence(f"{code} costs one corruption: a black card in hand when the hand is filled (HUD-R05)")
            else:
                colour = COLOURS[code[0]]
                self.reasons[f"hand:{code}"] = IllegalAction(f"{code} is {colour}: only black cards in hand cost corruption", "HUD-R05")

    #: Each question and the method that finds its answers.
    _ASKS = {"fits": _fits, "combo": _combo, "taken": _taken, "corrupts": _corrupts}


def _stays(code: str, value: int, left: list[int]) -> str:
    """Why Crush or Confuse leaves a card in the hand, naming no card it takes: `left` holds the
    cubes left before each pick and after the last."""
    picks = next(number for number, cubes in enumerate(left) if cubes < value)
    if picks == 0:
        return f"{code} stays in your hand: its printed value, {value}, is more than the {left[0]} cubes"
    cubes = left[picks]
    after = f"after {number_words(picks)} pick{'s' if picks != 1 else ''}"
    if cubes == 0:
        return f"{code} stays in your hand: {after}, no cube is left for its printed value, {value}"
    return (f"{code} stays in your hand: {after}, only {cubes} cube{'s' if cubes != 1 else ''} "
            f"{'is' if cubes == 1 else 'are'} left, fewer than its printed value, {value}")


def longest_combo(state: State) -> tuple[tuple[str, ...], dict[str, int]]:
    """The longest row of hand cards the engine lets the monk play in a row now (each card played
    right after the one before, HUD-R03), and for each card the longest row that holds it. Raises
    ValueError when two different sets of cards tie for the longest."""
    hand = list(state.hand)
    best_of: dict[frozenset, tuple[str, ...]] = {}
    lengths: dict[str, int] = {}
    for size in range(1, len(hand) + 1):
        for order in permutations(hand, size):
            table = state
            try:
                for code in order:
                    table, _ = apply(table, f"play {code}")
            except IllegalAction:
                continue
            best_of.setdefault(frozenset(order), order)
            for code in order:
                lengths[code] = max(lengths.get(code, 0), size)
    if not best_of:
        return (), lengths
    top = max(len(order) for order in best_of.values())
    tops = [order for order in best_of.values() if len(order) == top]
    if len(tops) > 1:
        raise ValueError(f"{len(tops)} different combos of {top} cards tie: the answer is not one set of cards")
    return tops[0], lengths


def _demon_turn(state: State) -> list[TurnStep]:
    """The demon's turn that follows this moment if the monk ends the combo and obtains nothing."""
    table = state
    if table.phase == COMBO:
        table, _ = apply(table, "end")
    if table.phase != OBTAIN:
        raise ValueError("a demon's turn question starts in step 1 or step 2 of a turn")
    return turn_steps(table, "pass")


class PowersQuestion(TableQuestion):
    """Click powers: "fed" (every power the hand feeds in step 4) or "acts" (every power that will
    do something in step 5), on the table as it stands at that step."""

    noun = ("power", "powers")

    def __init__(self, state: State, question: str = "fed"):
        super().__init__()
        if question not in ("fed", "acts"):
            raise ValueError(f"a powers question is 'fed' or 'acts', not {question!r}")
        steps = _demon_turn(state)
        self.places_asked = list(POWER_PLACES)
        if question == "fed":
            self._fed(steps)
        else:
            self._acts(steps)
        if not self.answers:
            raise ValueError("this moment has no answer to find: pick another")

    def _fed(self, steps: list[TurnStep]) -> None:
        filled = next(step for step in steps if step.log == "the hand is filled")
        self.table, self.stage, self.feeding = filled.table, 4, False
        self.label = "The powers your hand feeds"
        self.task = "Step 4: click every power this hand feeds"
        self.clue = "look at each card's value: 1 or 2, 3 or 4, 5 or 6"
        cards = self.table.rules.cards
        for index in range(3):
            fed = [code for code in self.table.hand if feeds(code, cards) == index]
            place = POWER_PLACES[index]
            if fed:
                self.answers[place] = sentence(
                    f"{' and '.join(fed)} {'feeds' if len(fed) == 1 else 'feed'} {power_words(self.table, index)}: "
                    f"{number_words(len(fed))} cube{'s' if len(fed) != 1 else ''} (values {FED_BY[index]})")
            else:
                self.reasons[place] = IllegalAction(
                    f"no card in your hand prints a value of {FED_BY[index]}, so {power_words(self.table, index)} gets no cube",
                    "Fill your hand up to four cards; HUD-P08")

    def _acts(self, steps: list[TurnStep]) -> None:
        first = next(i for i, step in enumerate(steps) if step.place in POWER_PLACES and step.stage == 5)
        self.table, self.stage = steps[first - 1].table, 5
        self.label = "The powers that act"
        self.task = "Step 5: click every power that will do something this turn"
        self.clue = "powers act from left to right; a power with no cubes does nothing, and some need more cubes"
        before = steps[first - 1].table
        for step in steps[first:]:
            if step.place not in POWER_PLACES:
                break
            if _changed(before, step.table):
                self.answers[step.place] = step.text
            else:
                idle = [event.data for event in step.events if event.kind == "power"]
                words = (f"{power_words(self.table, idle[0]['power'])} has no cubes and does not activate"
                         if idle else step.text.rstrip("."))
                # The step's own words may cite the ruling that keeps the power idle: that is the rule cited, once.
                cited = re.fullmatch(r"(.*) \(([A-Z]+-[A-Z]?[0-9]+)\)", words)
                words, rule = (cited[1], cited[2]) if cited else (words, "Activate all demon powers from left to right")
                self.reasons[step.place] = IllegalAction(f"it does nothing this turn: {words}", rule)
            before = step.table


def _changed(before: State, after: State) -> bool:
    """Whether a power's step did something to the monk (a card, corruption, damage, a block, a bind)."""
    return (before.hand != after.hand or before.corruption != after.corruption or before.staged_damage != after.staged_damage
            or after.demon_block > 0 or after.entangled or after.is_over)


#: The tracks of the table and what each is, for the questions about winning and losing.
TRACKS = {"health": "your health", "corruption": "your corruption", "demon": "the demon's health",
          "staged": "the staged damage", "purchase": "the purchase value", "draw": "the draw pile", "discard": "the discard pile"}


class TrackQuestion(TableQuestion):
    """Click every track of the table that can end the game with a loss for the monk: the ways to
    lose the engine knows (`rulesbook.hudai.state.LOSSES`), as the rulebook's Play lists them.

    Every power's tile prints its limit ("lost above 12"), so the powers give three answers away;
    `powers=False` asks only about the other tracks (health and corruption are the answers)."""

    noun = ("track", "tracks")

    def __init__(self, state: State, powers: bool = True):
        super().__init__()
        self.table = state
        self.label = "The ways to lose"
        self.places_asked = [*POWER_PLACES, *TRACKS]
        limit = state.rules.power_limit
        if powers:
            self.task = "Click every track that can make you lose the game"
            self.clue = "the rulebook's Play names three ways to lose; the powers count one by one"
            for index in range(3):
                self.answers[POWER_PLACES[index]] = f"A power holding more than {limit} cubes loses the game at once (HUD-R09)."
        else:
            self.task = "Besides the powers, click every track that can make you lose the game"
            self.clue = "the rulebook's Play names three ways to lose, and the powers' tiles print only one of them"
            for place in POWER_PLACES:
                self.reasons[place] = IllegalAction(f"the question leaves the powers aside: each tile already prints that more "
                                                    f"than {limit} cubes on it lose the game", "HUD-R09")
        self.answers["health"] = "With no health cube left the monk loses (Play; step 3 is where damage lands)."
        self.answers["corruption"] = ("A corruption due when no resistance is left loses the game (Play): the monk falls "
                                      "to the dark side.")
        self.reasons["demon"] = IllegalAction("the demon's health running out is how the monk wins", "Play")
        for place in ("staged", "purchase", "draw", "discard"):
            self.reasons[place] = IllegalAction(f"{TRACKS[place]} never ends the game by itself", "Play")


class LossQuestion(TableQuestion):
    """The demon's turn after this moment ends the game: click the track that makes the monk lose
    (the engine plays the turn; the question names the track of its ending)."""

    noun = ("track", "tracks")

    def __init__(self, state: State):
        super().__init__()
        steps = _demon_turn(state)
        final = steps[-1].table
        if final.outcome not in ("health", "corruption", "power"):
            raise ValueError("the monk does not lose in this demon's turn: pick another moment")
        self.table = state
        self.label = "What ends the game"
        self.task = "You end the combo and obtain nothing: click the track that makes you lose this turn"
        self.clue = "play the demon's turn in your head: step 3, step 4, then the powers from left to right"
        self.places_asked = [*POWER_PLACES, "health", "corruption", "demon"]
        ending = next(step for step in steps if step.table.is_over)
        limit = final.rules.power_limit
        if final.outcome == "power":  # every power over the limit at that moment ends it (HUD-R09)
            answers = [POWER_PLACES[i] for i, cubes in enumerate(final.powers) if cubes > limit]
        else:
            answers = [final.outcome]
        for answer in answers:
            self.answers[answer] = ending.text
        # A wrong track says why it is not that one, naming neither the track nor the step that ends the game.
        not_it = {"health": "your health does not run out before the game ends",
                  "corruption": "no corruption falls due with your resistance used up before the game ends",
                  "demon": "the demon's health running out is how you win, not how you lose"}
        for index, place in enumerate(POWER_PLACES):
            not_it[place] = f"{power_words(self.table, index)} never holds more than {limit} cubes before the game ends"
        for place in self.places_asked:
            if place not in self.answers:
                self.reasons[place] = IllegalAction(f"that is not what ends this game: {not_it[place]}", "Play")


# ---------------------------------------------------------------- replaying a game

#: The uses of the card just played, which a replay tells with the card's play.
CARD_USES = frozenset({"value", "build", "eye", "defend", "stab", "flow", "pin", "blue", "red", "yellow", "remove", "keep"})
#: How a replay announces each monk action ({0}, {1}: the words after the action's own word).
ACTION_WORDS = {
    "play": "the monk plays {0} and uses it", "discard": "the monk discards {0} for purchase value",
    "black": "the monk takes {0} from the black supply", "value": "the value takes a cube from the {0} power",
    "build": "Build-up adds 3 purchase value", "eye": "3rd eye moves a cube from the {0} power to the {1}",
    "defend": "Defend takes a staged damage cube", "stab": "Stab hits the demon", "flow": "Flow draws a card",
    "pin": "Pin sets cubes of the {0} power aside", "blue": "blue takes a staged damage cube", "red": "red hits the demon",
    "yellow": "yellow sets a cube of the {0} power aside", "remove": "Flow removes {0} for good",
    "keep": "Flow keeps the combo", "end": "the monk ends the combo", "swap": "the monk swaps {0} out of the Mind River",
    "obtain": "the monk obtains {0}", "pass": "the monk obtains nothing",
}
#: Where each monk action happens on the table (the place a replay marks).
ACTION_PLACES = {
    "play": "combo", "discard": "discard", "black": "black:{0}", "value": "power:{0}", "eye": "power:{1}", "pin": "power:{0}",
    "yellow": "power:{0}", "stab": "demon", "red": "demon", "defend": "staged", "blue": "staged", "build": "purchase",
    "flow": "draw", "remove": "combo:{0}", "swap": "river:{0}", "obtain": "river:{0}", "end": TRACK[1], "keep": TRACK[0],
    "pass": TRACK[2],
}


def action_words(action: Action) -> str:
    """A monk action as a replay announces it: "the monk plays R5 and uses it"."""
    return ACTION_WORDS[action.word].format(*_arguments(action))


def action_place(action: Action) -> str:
    """The place where a monk action happens on the table."""
    return ACTION_PLACES[action.word].format(*_arguments(action))


def _arguments(action: Action) -> list[str]:
    """What an action names after its word: a card, a power, or two powers (3rd eye)."""
    return [getattr(action, item.name) for item in fields(action)]  # type: ignore[arg-type]


def _replay_steps(steps: list[TurnStep]) -> list[TurnStep]:
    """The demon's turn as a replay tells it, a little coarser than a lesson: step 4 (the hand filled,
    fed to the demon, its black cards) is one step, and the set-aside cubes come back with the
    start of the next turn."""
    out: list[TurnStep] = []
    for step in steps:
        previous = out[-1] if out else None
        if previous is not None and previous.stage == 4 and step.stage == 4:
            out[-1] = TurnStep(f"{previous.text} {step.text}", step.table, "hand", 4, "the hand is filled and feeds the demon", True)
        elif previous is not None and previous.log == "the set-aside cubes come back":
            out[-1] = TurnStep(f"{previous.text} {step.text}", step.table, step.place, step.stage, step.log, step.feeding)
        else:
            out.append(step)
    return out


class ReplayReferee:
    """A game's record replayed a step at a time: each monk action, then the demon's turn step by
    step. "Next step" moves on, at the place where the step happens (marked with a dot); at the
    start of a turn, "Next turn" skips to the start of the next one. `turns` stops the replay after that many turns."""

    def __init__(self, record: GameRecord, turns: int | None = None):
        if record.game != "hudai":
            raise ValueError(f"a Hudai Pass replay needs a Hudai Pass record, not {record.game!r}")
        table = record.start()
        #: (table, stage, feeding, say, log, place, words): steps[0] is the start, before any action
        self.steps: list[tuple[State, int, bool, str, str, str, str]] = [(table, 1, False, "", "", "", "")]
        for text in record.actions:
            if turns is not None and table.turn > turns:
                break
            action = parse_action(text)
            walked = turn_steps(table, action)
            first = walked[0]
            previous = self.steps[-1]
            if action.word in CARD_USES and previous[5] == "combo":
                # What a card does is told with its play: one step of the replay per card.
                self.steps[-1] = (first.table, 1, False, f"{previous[3]} {first.text}", f"{previous[4]}, {text}", "combo",
                                  previous[6])
            else:
                self.steps.append((first.table, 2 if len(walked) > 1 else 1, False, first.text, text, action_place(action),
                                   action_words(action)))
            for step in _replay_steps(walked[1:]):
                self.steps.append((step.table, step.stage, step.feeding, step.text, step.log, step.place, step.log))
            table = walked[-1].table
        self.turn_starts = [i for i, step in enumerate(self.steps) if step[4] == "a new turn begins"]

    def start(self) -> int:
        return 0

    def table_of(self, index: int) -> State:
        return self.steps[index][0]

    def picture(self, index: int) -> dict[str, Any]:
        table, stage, feeding, *_ = self.steps[index]
        if index + 1 < len(self.steps):
            words = f"Turn {table.turn}: next, {self.steps[index + 1][6]}"
        else:
            words = "The end of the replay" + (": " + ("the monk has won" if table.won else "the monk has lost") if table.is_over else "")
        return {**table_view(table, stage if table.phase is not OVER else 0, feeding), "decision": words,
                "hand": [{"code": code, "label": card_label(code, table)} for code in table.hand],
                "hand_label": "The monk's hand"}

    def places(self, index: int) -> list[str]:
        places = [*POWER_PLACES, "demon", "staged", "purchase", "draw", "discard", *TRACK, "hand", "health", "corruption", "combo"]
        if index + 1 < len(self.steps) and self.steps[index + 1][5] not in places:
            places.append(self.steps[index + 1][5])
        return places

    def _next_turn(self, index: int) -> int | None:
        return next((start for start in self.turn_starts if start > index), None)

    def choices(self, index: int) -> list[Choice]:
        if index + 1 >= len(self.steps):
            return []
        following = self.steps[index + 1]
        out = [Choice("next", "Next step", {MONK: "next"}, MONK, prompt=f"Next, {following[6]}: click the place")]
        later = self._next_turn(index)
        if (index == 0 or index in self.turn_starts) and later is not None and later != index + 1:  # skip a turn at its start
            out.append(Choice("turn", "Next turn", {MONK: "turn"}, MONK, prompt="Go to the start of the next turn: click step 1"))
        return out

    def play(self, index: int, option: str, place: str) -> Outcome:
        if option == "turn":
            later = self._next_turn(index)
            if later is None or place != TRACK[0]:
                raise Misclick("the next turn starts at step 1 of the turn track: click it")
            table = self.steps[later][0]
            return Outcome(later, f"Turn {table.turn} begins.", f"to turn {table.turn}")
        following = self.steps[index + 1]
        if place != following[5]:
            raise Misclick("the replay goes on where the next step happens, the place marked with a dot")
        return Outcome(index + 1, following[3], following[4])

    def idle(self, index: int) -> str:
        return "Press Next step, then click the place marked with a dot; or Next turn, then step 1."

    def hint(self, index: int) -> str:
        if index + 1 >= len(self.steps):
            return "The replay is over: the move log, or Start again, goes back."
        left = len(self.steps) - 1 - index
        return (f"{number_words(left).capitalize()} step{'s' if left != 1 else ''} of the replay {'is' if left == 1 else 'are'} left. "
                "Press Next step and click the place marked with a dot to see the next one.")


__all__ = ["CardsQuestion", "LossQuestion", "PowersQuestion", "TrackQuestion", "ReplayReferee", "TableQuestion", "action_place", "find_in_table",
           "longest_combo"]
