"""Exercises on a Madness moment: find every place a decision may act on, judge a Sled, and the
Leadership column; each answer is the engine's (its refusals, its verdicts)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.lessons.data import exercise
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome
from rulesbook.lessons.madness.referee import ExpeditionReferee, reader_seat
from rulesbook.lessons.madness.table import table_view
from rulesbook.madness.actions import Action, IgnoreMadness, RaiseHandLimit, Reroll, Resolve, Rest, RestartEncounter, TimeUp, seat_text
from rulesbook.madness.challenges import Challenge, parse_challenge
from rulesbook.madness.engine import apply, faced_challenges, refusal
from rulesbook.madness.pack import LEADERSHIP_COLUMN
from rulesbook.madness.render import challenge_words
from rulesbook.madness.state import Phase, State

#: The phases of the Leadership column, the one list (pack.LEADERSHIP_COLUMN).
PHASES = tuple(LEADERSHIP_COLUMN)


#: What a find exercise's answers are called, by the choice it asks about.
_NOUNS = {"fly": ("space", "spaces"), "search": ("space", "spaces"), "give": ("player", "players"),
          "deal-one": ("player", "players"), "ignore": ("player", "players")}


def choice_key(referee: ExpeditionReferee, choice: str) -> str:
    """A choice by its key ("fly", "give") or, for a failure, by its challenge ("Crates 8-10")."""
    state = referee.state(referee.start())
    if state.phase is Phase.FAILURES and not choice.startswith("fail:"):
        faced = faced_challenges(state)
        wanted = parse_challenge(choice)
        found = next((index for index in state.pending if faced[index] == wanted), None)
        if found is None:
            raise ValueError(f"{choice} is not a failed challenge still to suffer now")
        return f"fail:{found}"
    return choice


def find_in_expedition(state: State, choice: str, seat: int | None = None,
                       parts: tuple[str, ...] = ()) -> tuple[ExpeditionReferee, dict[str, Any]]:
    """The referee and the exercise record of "find every place this choice may act on now"."""
    referee = ExpeditionReferee(state, seat, parts)
    key = choice_key(referee, choice)
    graph = LessonGraph(referee)
    node = graph.node(graph.start_id)
    noun = _NOUNS.get(key, ("consequence", "consequences") if key.startswith("fail:") else ("place", "places"))
    return referee, _with_answers(exercise(node, key, noun=noun))


def _with_answers(record: dict[str, Any]) -> dict[str, Any]:
    """An exercise needs something to find: a board with nothing to click right could never be done."""
    if not record["answers"]:
        raise ValueError(f"the choice {record['choice']!r} has nothing to find here: every click would be refused")
    return record


class SledJudge:
    """An exercise: which challenges does this Sled overcome? The engine reveals the Sled and
    judges each challenge (rulebook, Overcoming a Challenge); the reader clicks the successes."""

    def __init__(self, state: State, seat: int | None = None):
        self.seat = reader_seat(state, seat)
        if state.phase is Phase.ENCOUNTER:
            state, _ = apply(state, TimeUp(state.leader))
        if state.phase is not Phase.TIMER:
            raise ValueError("judge a Sled in the Encounter Phase or when the Sand Timer has run out")
        self.before = state
        self.after, _ = apply(state, Resolve(state.leader))
        self.faced = faced_challenges(state)
        if not any(self.after.outcomes):
            raise ValueError("this Sled overcomes no challenge: there would be nothing to find")

    def start(self) -> str:
        return "sled"

    def picture(self, state: Hashable) -> dict[str, Any]:
        view = table_view(self.before, self.seat, ())  # the table as the timer ran out, verdicts unsaid
        cards = self.before.rules.pack.cards
        view["sled"] = {"revealed": True, "cards": [[player, cards[card].label, cards[card].name] for player, card in self.before.sled]}
        view["tile"]["places"] = True
        return {**view, "decision": "The Leader has revealed the Sled: judge each challenge", "hand": [],
                "hand_label": "The question"}

    def places(self, state: Hashable) -> list[str]:
        return [f"challenge{index}" for index in range(len(self.faced))]

    def choices(self, state: Hashable) -> list[Choice]:
        return [Choice("judge", "Overcome", {"judge": "judge"}, "judge", prompt="Overcome: {count} challenge{s}")]

    def play(self, state: Hashable, option: str, place: Any) -> Outcome:
        index = int(str(place).removeprefix("challenge"))
        challenge, total = self.faced[index], self.after.totals[index]
        words = challenge_words(challenge.text)
        if not self.after.outcomes[index]:
            side = "below" if total < challenge.low else ("above" if total > challenge.high else "between the two numbers of")
            raise IllegalAction(f"{words}: the {challenge.type} cards add up to {total}, {side} the value: a failure",
                                "Overcoming a Challenge")
        return Outcome("judged", f"{words}: the {challenge.type} cards add up to {total}: a success.", words,
                       f"{words}: the {challenge.type} cards add up to {total}, a success.",
                       _clue(challenge))

    def idle(self, state: Hashable) -> str:
        return "Click each challenge the Sled overcomes."

    def hint(self, state: Hashable) -> str:
        return "Add up the values of the cards of each challenge's equipment type, and compare the total with its value."


def _clue(challenge: Challenge) -> str:
    """A pointer towards an overcome challenge that names neither it nor its equipment type."""
    if challenge.either:
        return "a value of two numbers is met by a total equal to either of them"
    if challenge.low == challenge.high:
        return "an exact value is met only by that very total"
    return "a range is met by any total from its lower to its higher number, both included"


def sled_exercise(state: State, seat: int | None = None) -> tuple[SledJudge, dict[str, Any]]:
    judge = SledJudge(state, seat)
    graph = LessonGraph(judge)
    return judge, exercise(graph.node(graph.start_id), "judge", noun=("challenge", "challenges"))


class LeadershipColumn:
    """An exercise: in which phases may this Leader use a Leadership token? The engine answers for
    each phase, on the same table moved to that phase: a Relic token covering the phase (MAD-P07)
    or an empty Sled forbids it, and resting is refused when it would box the last token."""

    def __init__(self, state: State, seat: int | None = None):
        self.seat = reader_seat(state, seat)
        self.state0 = state
        self.examples = {phase: self._example(phase) for phase in PHASES}

    def _example(self, phase: str) -> tuple[State, Action | None, str]:
        """The table in that phase, the token action of that phase, and what the action does."""
        s = self.state0.copy()
        leader = s.leader
        if phase == "Movement":
            s.phase = Phase.MOVEMENT
            holder = next((p for p in range(s.players) if s.madness[p]), None)
            return s, (IgnoreMadness(leader, holder) if holder is not None else None), "a player ignores their Madness"
        if phase == "Encounter":
            s.phase = Phase.TIMER
            return s, RestartEncounter(leader), "turn the Sand Timer again"
        if phase == "Resolution":
            s.phase, s.die = Phase.DIE, s.rules.pack.die[0]
            return s, Reroll(leader), "roll the Penalty Die again"
        if phase == "Draw":
            s.phase = Phase.DRAW
            return s, RaiseHandLimit(leader), "one more card in every hand"
        s.phase = Phase.REST
        return s, Rest(leader), "rest (one token goes to the box)"

    def start(self) -> str:
        return "column"

    def picture(self, state: Hashable) -> dict[str, Any]:
        view = table_view(self.state0, self.seat, ())
        covers = self.state0.covers[self.state0.leader]
        view["column"] = [self.state0.leader, [[phase, phase in covers, self.examples[phase][2]] for phase in PHASES]]
        return {**view, "decision": f"{seat_text(self.state0.leader)} leads: where may a Leadership token be used?", "hand": [],
                "hand_label": "The question"}

    def places(self, state: Hashable) -> list[str]:
        return [f"phase-{phase}" for phase in PHASES]

    def choices(self, state: Hashable) -> list[Choice]:
        return [Choice("token", "Use a Leadership token", {"token": "token"}, "token", prompt="A token: {count} phase{s}")]

    def play(self, state: Hashable, option: str, place: Any) -> Outcome:
        phase = str(place).removeprefix("phase-")
        table, action, does = self.examples[phase]
        if action is None:
            raise IllegalAction("nobody holds a Madness card, so there is no Madness to ignore", "MAD-P15")
        error = refusal(table, action)
        if error is not None:
            raise error  # the board shows the engine's refusal, citing the rule
        return Outcome("used", f"{phase} Phase: the Leader may spend a token: {does}.", f"{phase} Phase",
                       f"in the {phase} Phase the Leader may spend a token: {does}.", "look at the phases no Relic token covers")

    def idle(self, state: Hashable) -> str:
        return "Click each phase in which this Leader may use a Leadership token."

    def hint(self, state: Hashable) -> str:
        return ("A token is used only from the Sled, and never in a phase that a Relic token on the Leader's own board "
                "covers; resting is refused when it would box the last token.")


def leadership_exercise(state: State, seat: int | None = None) -> tuple[LeadershipColumn, dict[str, Any]]:
    column = LeadershipColumn(state, seat)
    graph = LessonGraph(column)
    return column, _with_answers(exercise(graph.node(graph.start_id), "token", noun=("phase", "phases")))




__all__ = ["LeadershipColumn", "PHASES", "SledJudge", "choice_key", "find_in_expedition", "leadership_exercise", "sled_exercise"]
