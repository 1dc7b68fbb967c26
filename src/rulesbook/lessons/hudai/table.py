"""A referee over the Hudai Pass engine: the monk's table, a click at a time, and the demon's turn
step by step.

The engine (`legal_actions`, `apply_steps`, `refusal`) answers every click; this module maps the
board's vocabulary to the engine's actions and back, and words the outcome. A hand card is chosen
and put at the end of the combo or on the discard pile; a feature of the card just played (its
value, symbol or colour) is chosen and aimed at a power, the demon, the staged damage, the
purchase value or the draw pile; "End the combo" goes to step 2 on the turn track. The demon's
turn, which asks the monk nothing, is walked a step at a time ("Go on", then the place where it
happens): the damage, the new hand feeding the powers, each power from left to right.

Places (keys of the page data): ``combo`` (the end of the combo row), ``combo:CARD``, ``discard``,
``draw``, ``purchase``, ``demon``, ``staged``, ``power:left|centre|right``, ``black:CARD``,
``river:CARD``, ``step:1..5`` (the turn track), and during the demon's turn ``hand``, ``health``
and ``corruption``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.events import Event, result_start
from rulesbook.core.words import listed, sentence
from rulesbook.hudai.actions import Action, Obtain, PlayCard, parse_action
from rulesbook.hudai.cards import MOVES, POWER_NAMES, POWER_SYMBOLS
from rulesbook.hudai.engine import ENDING_EVENTS, apply_steps, feeds, legal_actions, power_label, refusal
from rulesbook.hudai.rules import POSITIONS
from rulesbook.hudai.state import COMBO, FEATURE_COLOUR, FEATURE_SYMBOL, FEATURE_VALUE, FLOW, OBTAIN, OVER, WON, State
from rulesbook.lessons.data import number_words
from rulesbook.lessons.graph import Choice, Misclick, Outcome, refusal_text

#: What a table lesson may offer; `TableReferee(only=...)` keeps a board to some of them.
LESSON_WORDS = ("play", "discard", "black", "value", "symbol", "colour", "end", "flow", "swap", "obtain", "pass", "demon")
#: The one actor of a solo game: the monk.
MONK = "M"
COLOUR_EFFECTS = {"B": "Blue: take a cube off the staged damage", "R": "Red: take a health cube from the demon",
                  "Y": "Yellow: set 1 cube of a power aside"}
LOSS_WORDS = {
    "health": "the monk has no health left",
    "corruption": "the monk fell to the dark side (no resistance left for a corruption)",
    "power": "a power went over its limit of cubes",
    "turn_limit": "the demon was not beaten within the turn limit, the project's decision HUD-P05 (the rulebook sets none)",
}
STAGES = {1: "Play one combo", 2: "Obtain a new move", 3: "Apply staged damage", 4: "Fill your hand", 5: "The demon's powers"}
POWER_PLACES = tuple(f"power:{position}" for position in POSITIONS)
TRACK = tuple(f"step:{number}" for number in STAGES)


def power_words(table: State, index: int) -> str:
    """A power of this table as a sentence names it: "the left power (Drain)"."""
    return power_label(index, table.rules.powers[index])


def card_label(code: str, table: State) -> str:
    """A hand card's button: its code, colour and move ("R5 red Flow")."""
    return table.rules.cards[code].label()


def place_words(place: str, table: State) -> str:
    """A place as a sentence names it ("the combo's next slot", "the left power (Drain)"): the slot, not
    "the end of the combo", which a learner took for the button End the combo."""
    kind, _, what = place.partition(":")
    if kind == "power":
        return power_words(table, POSITIONS.index(what))
    if kind == "step":
        return f"step {what} of the turn track ({STAGES[int(what)]})"
    if kind in ("black", "river", "combo") and what:
        where = {"black": "in the black supply", "river": "in the Mind River", "combo": "in the combo"}[kind]
        return f"{what} {where}"
    return {
        "combo": "the combo's next slot",
        "discard": "the discard pile",
        "draw": "the draw pile",
        "purchase": "the purchase value",
        "demon": "the demon's health",
        "staged": "the staged damage",
        "hand": "your hand",
        "health": "your health",
        "corruption": "your corruption",
    }.get(kind, place)


def said(events: Iterable[Event]) -> str:
    """The engine's sentences, one after another; a new turn's line without its table summary."""
    return " ".join(f"Turn {event.data['turn']} begins." if event.kind == "turn" else sentence(event.text)
                    for event in events)


# ---------------------------------------------------------------- the view a picture draws


def stage_of(table: State) -> int:
    """Where the turn track stands: 1 (the combo), 2 (obtaining), 0 when the game is over."""
    return {COMBO: 1, FLOW: 1, OBTAIN: 2}.get(table.phase, 0)


def table_view(table: State, stage: int | None = None, feeding: bool = False) -> dict[str, Any]:
    """The table as plain JSON for the picture (widgets/pictures/hudai.js), in parts that a lesson
    shares between states: cards are [code, symbol]; what each hand card feeds is sent (the
    picture never works out a rule)."""
    rules = table.rules
    cards = rules.cards

    def row(codes: Iterable[str]) -> list[list[str]]:
        return [[code, cards[code].symbol] for code in codes]

    return {
        "demon": {
            "health": table.demon_health, "most": rules.demon_health, "limit": rules.power_limit,
            "staged": table.staged_damage, "block": table.demon_block, "entangled": table.entangled,
            "powers": [[POWER_NAMES[name], POWER_SYMBOLS[name], table.powers[i], table.pinned[i]] for i, name in enumerate(rules.powers)],
        },
        "monk": {
            "health": table.monk_health, "most": rules.monk_health, "corruption": table.corruption,
            "capacity": rules.corruption_capacity, "purchase": table.purchase, "turn": table.turn,
        },
        "held": {"cards": row(table.hand), "feeds": [POSITIONS[feeds(code, cards)] for code in table.hand] if feeding else []},
        "combo": {"cards": row(table.combo), "open": list(table.open_features) if table.current_card else []},
        "river": row(table.mind_river),
        "black": row(table.black_supply),
        "piles": {"draw": len(table.draw_pile), "discard": len(table.discard), "mind": len(table.mind_deck),
                  "removed": row(table.removed)},
        "turn": {"stage": stage_of(table) if stage is None else stage,
                 "over": "" if table.outcome is None else ("won" if table.outcome == WON else LOSS_WORDS.get(table.outcome, table.outcome))},
    }


# ---------------------------------------------------------------- the demon's turn, step by step


@dataclass(frozen=True)
class TurnStep:
    """One step of what an action sets going: its sentence, the table after it, the place where it
    happens, the turn track's step, and a short entry for the move log."""

    text: str
    table: State = field(compare=False)
    place: str
    stage: int
    log: str
    feeding: bool = False
    #: the engine's events of the step, whose data a question reads (never their sentences)
    events: tuple[Event, ...] = field(default=(), compare=False)
    #: the end of `text` that tells how the game ended, in the step that ends it (Outcome.result)
    result: str = ""


#: The kinds of event a power acting in step 5 makes (an idle power makes "power").
_POWER_KINDS = frozenset({"crush", "confuse", "drain", "defend_power", "entangle", "mind_pierce"})


def _power_of(event: Event) -> int | None:
    """Which power an event of step 5 belongs to (the tiles differ, HUD-R12), or None: its data
    names the power; Mind pierce's corruption (or the loss when no resistance is left for it,
    HUD-P03) is that power's too."""
    if event.kind in _POWER_KINDS or event.kind == "power":
        return event.data["power"]
    if event.kind in ("corruption", "lost") and event.data.get("cause") == "mind_pierce":
        return event.data["power"]
    return None


def turn_steps(table: State, action: Action | str) -> list[TurnStep]:
    """What an action does, in the steps a board shows: the first is the monk's action itself; for
    the action that ends step 2 the demon's turn follows (damage, the new hand, each power, the
    set-aside cubes back, the next turn); a reshuffle the action begins with (Flow's draw, a swap's
    new card, HUD-P04) is told with it, on the monk's step. Refuses as `apply` does."""
    traced = apply_steps(table, action)
    steps: list[TurnStep] = []
    waiting: list[Any] = []  # a reshuffle or a tie, told with the event it leads to
    group: list[Any] = []
    group_key: tuple | None = None

    def close() -> None:
        nonlocal group, group_key
        if group:
            assert group_key is not None  # set with the group's first event
            events = [event for event, _ in group]
            place, stage, log, feeding = group_key[1:]
            result = said(events[result_start(events, ENDING_EVENTS):])
            steps.append(TurnStep(said(events), group[-1][1], place, stage, log, feeding, tuple(events), result))
        group, group_key = [], None

    for event, after in traced:
        if event.kind in ("reshuffle", "tie"):
            waiting.append((event, after))
            continue
        if group_key is None:  # only before the first step: every later close() sets the next key
            # The monk's action, with the reshuffle it may begin with (Flow's draw, a swap's new card).
            group, group_key = [*waiting, (event, after)], ("monk", "", 2, "", False)
            waiting = []
            continue
        power = _power_of(event)
        black = event.kind == "lost" and event.data.get("cause") == "black"
        if event.kind in ("lost", "won", "refill") and group and power is None and not black:
            group.append((event, after))  # the ending is told with the step that caused it
            continue
        if power is not None:
            key = ("power", POWER_PLACES[power], 5, f"{POWER_NAMES[table.rules.powers[power]]} acts", False)
        else:
            key = {
                "damage": ("damage", "staged", 3, "the staged damage hits", False),
                "fill": ("fill", "draw", 4, "the hand is filled", False),
                "feed": ("feed", "hand", 4, "each hand card feeds a power", True),
                "corruption": ("black", "corruption", 4, "a black card corrupts", False),
                "lost": ("black", "corruption", 4, "a black card corrupts", False),
                "unpin": ("unpin", TRACK[4], 5, "the set-aside cubes come back", False),
                "turn": ("turn", TRACK[0], 1, "a new turn begins", False),
            }.get(event.kind, (event.kind, TRACK[4], 5, event.kind, False))
        if group_key is None or key[0] != group_key[0] or key[0] in ("black",) or key[1] != group_key[1]:
            close()
            group_key = key
        group.extend([*waiting, (event, after)])
        waiting = []
    group.extend(waiting)  # every action brings an event that reports it (core.events): the group has a key
    close()
    return steps


# ---------------------------------------------------------------- the states of a lesson


@dataclass(frozen=True)
class Moment:
    """A state of a table lesson: the engine's state (identified by its JSON), or step `step` of
    what the action `walk` set going from it."""

    key: str
    walk: str = ""
    step: int = -1
    table: State = field(default=None, compare=False)  # type: ignore[assignment]


def moment(table: State) -> Moment:
    return Moment(table.to_json(), table=table)


class TableReferee:
    """Referee of a board on any Hudai Pass moment (see `rulesbook.hudai.game_moment`), following
    the engine from there. `only` keeps the board to some of `LESSON_WORDS` (a chapter's subject);
    every move it offers is the engine's, and every refusal the engine's own, with its rule."""

    #: What a move that sets the demon's turn going adds: a chapter's board walks it a click at a time.
    DEMON_TURN = "Now the demon's turn: press Go on."

    def __init__(self, table: State, only: Iterable[str] | None = None):
        if not isinstance(table, State):
            raise ValueError(f"a Hudai Pass board starts from a game State (game_moment, new_game), not {type(table).__name__}")
        if isinstance(only, str):  # a frozenset of it would be its letters
            raise ValueError(f"only: a list of lesson words, such as [{only!r}], not the text {only!r}")
        self.first = table
        self.only = frozenset(LESSON_WORDS if only is None else only)
        unknown = self.only - set(LESSON_WORDS)
        if unknown:
            raise ValueError(f"unknown lesson words {sorted(unknown)}; use {', '.join(LESSON_WORDS)}")
        self._walks: dict[tuple[str, str], list[TurnStep]] = {}

    def start(self) -> Moment:
        return moment(self.first)

    def table_of(self, m: Moment) -> State:
        """The engine's table a state of this lesson shows."""
        return m.table

    # --- the walk of an action -----------------------------------------------------------------
    def steps(self, m: Moment) -> list[TurnStep]:
        found = self._walks.get((m.key, m.walk))
        if found is None:
            base = State.from_json(m.key)
            found = self._walks[(m.key, m.walk)] = turn_steps(base, m.walk)
        return found

    def _after(self, m: Moment, action: Action) -> tuple[Moment, str, str]:
        """The moment after an action, what to say and the end of it that is the game's result
        (`TurnStep.result`): a walk when the action sets the demon's turn going (and this board
        shows it), else the engine's next state."""
        steps = turn_steps(m.table, action)
        if len(steps) == 1:
            return moment(steps[0].table), steps[0].text, steps[0].result
        self._walks[(m.key, action.text())] = steps
        after = Moment(m.key, action.text(), 0, steps[0].table)
        if "demon" in self.only:
            return after, f"{steps[0].text} {self.DEMON_TURN}", ""
        return after, f"{steps[0].text} The demon's turn follows; this board stops here.", ""

    # --- the referee's questions ---------------------------------------------------------------
    def picture(self, m: Moment) -> dict[str, Any]:
        table = m.table
        if m.walk:
            step = self.steps(m)[m.step]
            view = table_view(table, step.stage if m.step else 2, step.feeding)
        else:
            view = table_view(table)
        return {**view, "decision": self.decision(m),
                "hand": [{"code": code, "label": card_label(code, table)} for code in table.hand],
                "hand_label": "The monk's hand (yours)"}

    def decision(self, m: Moment) -> str:
        table = m.table
        if m.walk:
            following = self.steps(m)[m.step + 1]
            if "demon" not in self.only:
                return "Step 2 is done: the demon's turn comes next"
            if following.stage == 1:
                return "The demon's turn is over: a new turn begins next"
            return f"The demon's turn, step {following.stage}: next, {following.log}"
        if table.phase == OVER:
            return "The monk has won: the demon has no health left" if table.outcome == WON else \
                f"The monk has lost: {LOSS_WORDS.get(str(table.outcome), table.outcome)}"
        if table.phase == FLOW:
            return "Flow: remove a card of the combo for good, or keep them all (HUD-R04)"
        if table.phase == OBTAIN:
            return f"Step 2, obtain a new move: purchase value {table.purchase}"
        if table.current_card and table.open_features:
            return f"Step 1, the combo: {table.current_card}'s {_either(table.open_features)} may still be used"
        return "Step 1, the combo: play a card from your hand"

    def places(self, m: Moment) -> list[str]:
        table = m.table
        places = [*POWER_PLACES, "demon", "staged", "purchase", "draw", "discard", *TRACK]
        if m.walk:
            return [*places, "hand", "health", "corruption"]
        if table.phase == COMBO:
            places.append("combo")
            if "black" in self.only:
                places += [f"black:{code}" for code in table.black_supply]
        if table.phase == FLOW:
            places += [f"combo:{code}" for code in table.combo]
        if table.phase == OBTAIN:
            places += [f"river:{code}" for code in table.mind_river]
        return places

    def choices(self, m: Moment) -> list[Choice]:
        table = m.table
        if m.walk:
            if "demon" not in self.only:
                return []
            following = self.steps(m)[m.step + 1]
            return [Choice("next", "Go on", {MONK: "next"}, MONK,
                           prompt=f"Next, {following.log}: click {place_words(following.place, table)}")]
        if table.phase == OVER:
            return []
        if table.phase == FLOW:
            if "flow" not in self.only:
                return []
            return [Choice("remove", "Remove a card for good", {MONK: "remove"}, MONK,
                           prompt="Flow may remove one card of the combo from the game: {count} card{s}"),
                    Choice("keep", "Keep every card", {MONK: "keep"}, MONK, prompt="Keep the whole combo and go on with step 1")]
        if table.phase == OBTAIN:
            return self._obtain_choices(table)
        return self._combo_choices(table)

    def _combo_choices(self, table: State) -> list[Choice]:
        out = []
        current = table.current_card
        opened = table.open_features if current else []
        cards = table.rules.cards
        if current and FEATURE_VALUE in opened and "value" in self.only:
            value = cards[current].played_value
            out.append(Choice("value", f"Value {value} of {current}", {MONK: "value"}, MONK,
                              prompt=f"The value {value} of {current} takes a cube from a power with {value} or fewer cubes"
                              + (" (a 6: any power)" if value >= 6 else "") + ": {count} power{s}"))
        if current and FEATURE_SYMBOL in opened and "symbol" in self.only:
            out.extend(self._symbol_choices(table, current))
        if current and FEATURE_COLOUR in opened and "colour" in self.only:
            colour = cards[current].colour
            out.append(Choice("colour", COLOUR_EFFECTS[colour].split(":")[0] + f" of {current}", {MONK: "colour"}, MONK,
                              prompt=COLOUR_EFFECTS[colour] + ": {count} place{s}"))
        if self.only & {"play", "discard"}:
            what = " or ".join(word for word, shown in (("play it at the end of the combo", "play"),
                                                        ("discard it for 1 purchase value", "discard")) if shown in self.only)
            for index, code in enumerate(table.hand):
                out.append(Choice(f"h{index}", card_label(code, table), {MONK: f"card:{code}"}, MONK,
                                  prompt=f"{code}: {what}: {{count}} place{{s}}"))
        if "black" in self.only and table.black_supply:
            why = refusal(table, f"black {table.black_supply[0]}")
            if why is not None:
                out.append(Choice("black", "Take a black card", refusal=_refused(why)))
            else:
                out.append(Choice("black", "Take a black card", {MONK: "black"}, MONK,
                                  prompt="Take a black card for free (once a turn): {count} in the open supply"))
        if "end" in self.only:
            out.append(Choice("end", "End the combo", {MONK: "end"}, MONK,
                              prompt="End the combo: it goes to the discard pile (HUD-P15) and step 2 begins"))
        return out

    def _symbol_choices(self, table: State, current: str) -> list[Choice]:
        symbol = table.rules.cards[current].symbol
        move = MOVES[symbol]
        if symbol == "circles":
            sources = [i for i in range(3) if table.powers[i]]
            if not sources:
                return [Choice("symbol", f"{move} of {current}", refusal=_refused(refusal(table, "eye left centre")))]
            options = {POSITIONS[i]: f"eye:{POSITIONS[i]}" for i in sources}
            return [Choice("symbol", f"{move} of {current}", options, POSITIONS[sources[0]],
                           prompt="3rd eye moves a cube from {actor} to another power: {count} power{s}",
                           actors={POSITIONS[i]: power_words(table, i) for i in sources})]
        what = {
            "drop": "Stab: take a health cube from the demon",
            "hammers": "Build-up: a purchase value of 3",
            "stones": "Defend: take a cube off the staged damage",
            "cog": "Flow: draw a card, then perhaps remove a combo card for good",
            "arrow": "Pin: set up to 3 cubes of a power aside until the powers have acted",
        }[symbol]
        return [Choice("symbol", f"{move} of {current}", {MONK: "symbol"}, MONK, prompt=what + ": {count} place{s}")]

    def _obtain_choices(self, table: State) -> list[Choice]:
        out = []
        if "swap" in self.only:
            why = refusal(table, f"swap {table.mind_river[0]}") if table.mind_river else None
            if table.swapped and why is not None:
                out.append(Choice("swap", "Swap a river card", refusal=_refused(why)))
            elif table.mind_river:
                out.append(Choice("swap", "Swap a river card", {MONK: "swap"}, MONK,
                                  prompt="Swap: a Mind River card goes to the mind discard pile and a new one takes its place: {count} card{s}"))
        if "obtain" in self.only:
            out.append(Choice("obtain", "Obtain a move", {MONK: "obtain"}, MONK,
                              prompt=f"Obtain a Mind River card of value {table.purchase} or less into your hand: {{count}} card{{s}}"))
        if "pass" in self.only:
            out.append(Choice("pass", "Obtain nothing", {MONK: "pass"}, MONK,
                              prompt="Obtain nothing this turn: the demon's turn follows"))
        return out

    def action(self, m: Moment, option: str, place: str) -> Action:
        """The engine action a click means, in the action notation; IllegalAction (the wrong place,
        one sentence for every wrong place of a choice) when it means none: a `Misclick`, which cites
        no rule, where the only fault is the place clicked for a button (a card to pick, a step of the
        turn track), since no rule says where the board is clicked."""
        table = m.table
        kind, _, where = place.partition(":")
        verb, _, argument = option.partition(":")
        if verb == "card":
            if place == "combo" and "play" in self.only:
                return parse_action(f"play {argument}")
            if place == "discard" and "discard" in self.only:
                return parse_action(f"discard {argument}")
            goes = " or ".join(words for words, shown in (("the end of the combo to play it", "play"),
                                                          ("the discard pile to discard it for 1 purchase value", "discard"))
                               if shown in self.only)
            raise IllegalAction(f"a hand card goes to the combo or the discard pile: click {goes}", "Play one combo")
        if verb in ("value", "eye") or (verb in ("symbol", "colour") and self._aims_at_power(table, verb)):
            if kind != "power":
                raise IllegalAction("this acts on one of the demon's three powers: click a power", self._rule(verb))
            word = {"value": "value", "eye": f"eye {argument}", "symbol": "pin", "colour": "yellow"}[verb]
            return parse_action(f"{word} {where}")
        if verb in ("symbol", "colour"):
            wanted, word = self._single_target(table, verb)
            if place != wanted:
                raise IllegalAction(f"this acts on {place_words(wanted, table)} only", self._rule(verb))
            return parse_action(word)
        targets = {"black": ("black", "a card of the open black supply"), "remove": ("combo", "a card of the combo"),
                   "swap": ("river", "a card of the Mind River"), "obtain": ("river", "a card of the Mind River")}
        if verb in targets:
            wanted_kind, words = targets[verb]
            if kind != wanted_kind or not where:
                raise Misclick(f"click {words}")  # where to click: no rule
            return parse_action(f"{verb} {where}")
        steps = {"end": TRACK[1], "keep": TRACK[0], "pass": TRACK[2]}
        if verb in steps:
            if place != steps[verb]:
                raise Misclick(f"this goes on to {place_words(steps[verb], table)}: click that step of the turn track")
            return parse_action(verb)
        raise Misclick(f"'{option}' is not a choice on this board now")

    def _aims_at_power(self, table: State, verb: str) -> bool:
        card = table.rules.cards[table.current_card] if table.current_card else None
        if card is None:
            return False
        return (verb == "symbol" and card.symbol == "arrow") or (verb == "colour" and card.colour == "Y")

    def _single_target(self, table: State, verb: str) -> tuple[str, str]:
        """The one place a symbol or colour with a single target acts on, and its action word."""
        if table.current_card is None:
            raise ValueError("no card is being played")
        card = table.rules.cards[table.current_card]
        if verb == "colour":
            return {"B": ("staged", "blue"), "R": ("demon", "red")}[card.colour]
        return {"drop": ("demon", "stab"), "hammers": ("purchase", "build"), "stones": ("staged", "defend"),
                "cog": ("draw", "flow")}[card.symbol]

    def _rule(self, verb: str) -> str:
        if verb == "value":
            return "Play one combo"
        if verb == "colour":
            return "Colors"
        return "Symbols"

    def play(self, m: Moment, option: str, place: str) -> Outcome:
        table = m.table
        if m.walk:
            steps = self.steps(m)
            following = steps[m.step + 1]
            if option != "next" or place != following.place:
                raise IllegalAction(f"not yet: the demon's turn goes in the rulebook's order, and next {following.log} "
                                    f"(click {place_words(following.place, table)})", "Play")
            if m.step + 2 == len(steps):
                nxt = moment(following.table)
            else:
                nxt = Moment(m.key, m.walk, m.step + 1, following.table)
            return Outcome(nxt, following.text, following.log, result=following.result)
        action = self.action(m, option, place)
        after, say, result = self._after(m, action)
        return Outcome(after, say, action.text(), self._reach(table, action, say), result=result)

    def _reach(self, table: State, action: Action, say: str) -> str:
        """What a find exercise says of a right answer: the engine's own sentence."""
        return say.replace(f" {self.DEMON_TURN}", "")

    def idle(self, m: Moment) -> str:
        table = m.table
        if m.walk and "demon" not in self.only:
            return "Your turn is done; the demon's turn follows, and this board stops here. Undo, or the move log, goes back."
        if m.walk:
            return "The demon's turn goes on by itself: press Go on, then click the place marked with a dot."
        if table.phase == OVER:
            return "The game is over. Undo, or click an entry of the move log, to look back."
        if table.phase == OBTAIN:
            return "Step 2: choose Obtain a move, Swap a river card or Obtain nothing, then click where it goes."
        if table.phase == FLOW:
            return "Flow: choose Remove a card for good and click a card of the combo, or Keep every card and click step 1."
        return "First choose a card of your hand or an action button, then click where it goes."

    def hint(self, m: Moment) -> str:
        """What may be done now, counted in the learner's words."""
        table = m.table
        if m.walk and "demon" not in self.only:
            return self.idle(m)
        if m.walk:
            following = self.steps(m)[m.step + 1]
            return (f"Nothing to decide: the demon's turn follows the rulebook's order, and next {following.log}. "
                    f"Press Go on, then click {place_words(following.place, table)}.")
        if table.phase == OVER:
            return self.idle(m)
        legal = legal_actions(table)
        if table.phase == FLOW:
            if len(table.combo) == 1:
                return ("Flow may remove the combo's one card from the game for good (HUD-R04), "
                        "or keep it and go on with the combo.")
            return (f"Flow may remove one of the {number_words(len(table.combo))} cards of the combo from the game for good "
                    "(HUD-R04), or keep them all and go on with the combo.")
        if table.phase == OBTAIN:
            buys = [a.card for a in legal if isinstance(a, Obtain)]
            if not buys:
                obtain = f"no Mind River card costs {table.purchase} or less"
            else:
                obtain = f"{_either(buys)} cost{'s' if len(buys) == 1 else ''} {table.purchase} or less"
            swap = "" if table.swapped else " You may first swap one river card for a new one."
            return f"Purchase value {table.purchase}: {obtain}.{swap} Obtaining nothing is allowed too (HUD-R08)."
        parts = []
        plays = [a.card for a in legal if isinstance(a, PlayCard)] if "play" in self.only else []
        if "play" in self.only:
            if plays:
                parts.append(f"play {_either(plays)} at the end of the combo")
            elif table.hand:
                parts.append("play no card now (none fits the combo)")
        uses = []
        for feature, word in ((FEATURE_VALUE, "value"), (FEATURE_SYMBOL, "symbol"), (FEATURE_COLOUR, "colour")):
            if word in self.only and table.current_card and feature in table.open_features:
                count = sum(1 for a in legal if _feature_of(a) == feature)
                if count:
                    uses.append(f"{word} ({number_words(count)} way{'s' if count != 1 else ''})")
        if uses:
            parts.append(f"use {table.current_card}'s " + _either(uses))
        if "discard" in self.only and table.hand:
            parts.append("discard any hand card for 1 purchase value")
        if "black" in self.only and not table.took_black and table.black_supply:
            parts.append("take a black card for free")
        if "end" in self.only:
            parts.append("end the combo")
        if not parts:
            return "Nothing is left to do on this board here: Undo, or the move log, goes back."
        return f"You may {_either(parts)}. Choose, then click a place marked with a dot; a wrong click says why, and which rule forbids it where one does."


#: The feature of the card just played that each action word uses.
FEATURE_OF = {"value": FEATURE_VALUE, **dict.fromkeys(("build", "eye", "defend", "stab", "flow", "pin"), FEATURE_SYMBOL),
              **dict.fromkeys(("blue", "red", "yellow"), FEATURE_COLOUR)}


def _feature_of(action: Action) -> str | None:
    return FEATURE_OF.get(action.word)


def _refused(error: IllegalAction | None) -> str:
    return refusal_text(error) if error is not None else ""


def _either(items: list[str]) -> str:
    """Choices as a hint offers them: "a, b or c" (nothing for none)."""
    return listed(items, "or", "")


__all__ = ["LESSON_WORDS", "MONK", "Moment", "TableReferee", "TurnStep", "card_label", "moment",
           "place_words", "table_view", "turn_steps"]
