"""At the Mountains of Madness on a Play page (`rulesbook.lessons.play`): a whole expedition from
the reader's seat, the other seats played by bots. Standard library only.

The referee is the chapters' `ExpeditionReferee` grown to the whole expedition (`PlayReferee`):
the reader decides for their own seat only (their cards in the Encounter Phase, the Leader's
decisions when they lead); every other decision is a bot's, a click the page plays by itself
(`MadnessPlay.auto`) with the engine's events as its words. A bot decides from its own player's
view and the table talk alone (`rulesbook.madness.bots`), and from the moment alone, so the same
moment always gets the same move: a reload or a record played back goes the same way.

A bot's card goes face down on the Sled (the Encounter Phase): the page's move log says only
"P3: play a card face down" until the Sled is revealed; the game record names the card (the bot
is asked again in that moment, `MadnessPlay.record`), so `rulesbook replay` reads it.

>>> page = MadnessPlay()
>>> setup = page.setup({"players": "3", "seats": ["you", "expedition", "random"], "seed": 5})
>>> setup["seats"], setup["expert"]
(['you', 'expedition', 'random', 'expedition', 'expedition'], False)
>>> page.setup({"players": 3, "seats": ["you", "you", "random"], "seed": 5})
Traceback (most recent call last):
rulesbook.core.data.DataError: setup.seats[1]: one seat is yours on this page, and it is P1 already
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesbook.core.data import DataError, expect, only_fields, shown, take
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.records import GameRecord
from rulesbook.core.words import listed, plural
from rulesbook.lessons.graph import Choice, Misclick, Outcome
from rulesbook.lessons.madness.referee import ExpeditionReferee, refusal_words, seen_words
from rulesbook.lessons.madness.table import DECK, DIE, DISCARD, PLACE_WORDS, SLED, TIMER, player_place
from rulesbook.lessons.play import PlayGame, recorded_seats, seed_of, typed_number
from rulesbook.madness import actions
from rulesbook.madness.actions import Action, parse_action, seat_text
from rulesbook.madness.bots import BOTS, SILENT_FROM_LEVEL, make_player, remember
from rulesbook.madness.engine import apply, injuries_in_play, is_legal, legal_actions, level, new_game, relic_count
from rulesbook.madness.pack import in_band
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import Phase, State
from rulesbook.madness.views import SeatViews

YOU = "you"
#: The move-log entry of a bot's card, face down on the Sled: it names no card.
FACE_DOWN = "{seat}: play a card face down"
#: How the expedition may be lost, in the rulebook's words (The End of the Game).
LOST = {"no hope": "the last Leadership token went back to the box, and with it all hope of survival",
        "injuries": "an Accident called for an Injury card and the Injury deck was empty, so the Mountain wins"}
#: The rows of the rulebook's result table (The End of the Game: Relic cards minus Injury cards), by
#: their bounds, in the rulebook's words; the sentence of each row on this page is the illustrative
#: pack's, the project's own (MAD-P13).
RESULT_ROWS = ((None, -1, "less than 0"), (0, 0, "0"), (1, 3, "between 1 and 3"), (4, 7, "between 4 and 7"),
               (8, 10, "between 8 and 10"), (11, None, "11"))


#: The chapter that teaches each rule a refusal cites (the rulebook's section or a ruling id), for
#: the page's link beside a refused click; paths from the Play page (book/play/).
_CHAPTERS = {
    "goal-and-set-up": ("Setting Up the Game", "Gameplay", "MAD-P11", "MAD-P13"),
    "moving-the-airplane": ("Movement Phase", 'The "Edge of Madness" Tile', "MAD-P16", "MAD-R10"),
    "the-encounter-and-challenge-values": ("Encounter Phase", "Action", "MAD-P01", "MAD-P03", "MAD-P04", "MAD-R01", "MAD-P12"),
    "resolution-and-rewards": ("Success", "Search", "Arcane Equipment", "MAD-R02", "MAD-R09", "MAD-P08"),
    "failures-step-by-step": ("Failures", "MAD-R07"),
    "the-penalty-die": ("Rolling the Penalty Die", "MAD-R04", "MAD-R06", "MAD-P14"),
    "madness-and-talk": ("MAD-R08", "MAD-P02", "MAD-P17", "MAD-P18"),
    "leadership-tokens": ("Discarding a Leadership Token", "Discarding a Leadership Token (Encounter Phase)",
                          "Discarding a Leadership Token (Resolution Phase)", "Discarding a Leadership Token (Draw Phase)",
                          "MAD-P05", "MAD-P15"),
    "relics": ("Relic (Specimen/Ruin/Knowledge)", "MAD-P06", "MAD-P07"),
    "draw-and-rest": ("Draw Phase", "Rest Phase (optional)", "MAD-R05", "MAD-P09", "MAD-P10"),
    "the-end-of-the-expedition": ("The End of the Game", "MAD-R03"),
    "the-expert-variant": ("MAD-P19",),
}
CHAPTERS: dict[str, str] = {rule: f"../madness/{page}.html" for page, rules in _CHAPTERS.items() for rule in rules}


@dataclass(frozen=True)
class Moment:
    """One state of the expedition as the lesson graph keeps it: hashed by its exact JSON (the
    order of the cards on the Sled included: it is the order they reach the discard)."""

    key: str
    state: State = field(compare=False, hash=False)
    referee: PlayReferee = field(compare=False, hash=False, repr=False)


def silent(state: State, player: int) -> bool:
    """Whether a player says nothing at the table (the bots' model, `rulesbook.madness.bots`):
    Madness Level 3, or two Madness cards at once (the Expert Variant), unless ignored this turn."""
    if player in state.ignoring:
        return False
    return level(state, player) >= SILENT_FROM_LEVEL or len(state.madness[player]) >= 2


def table_talk(state: State) -> dict[int, list[str] | None]:
    """What each player said while talking was allowed (the project's model, MAD-P18), read from the
    moment alone: the cards they held then (their hand and what they have put on the Sled since);
    nothing from a silent player. The reader is taken to share their hand as the rules let a team do
    (the bots hear it), and the page tells the reader what the bots said (`talk_words`)."""
    cards = state.rules.pack.cards
    return {p: None if silent(state, p) else [cards[c].label for c in state.hands[p]] + [cards[c].label for q, c in state.sled if q == p]
            for p in range(state.players)}


def talk_words(state: State, reader: int) -> str:
    """What the reader heard the table say in this Encounter (`table_talk`, MAD-P18): each bot's
    cards, sorted (so a card put face down since does not show by its place), or its silence; and
    whether the reader's own hand was said. Empty outside the Encounter Phase: the rulebook lets
    the table speak of its cards only then, before the first card is played."""
    if state.phase is not Phase.ENCOUNTER:
        return ""
    now = state.talking
    talk = table_talk(state)
    out = []
    for p, labels in talk.items():
        if p == reader:
            continue
        if labels is None:
            out.append(f"{seat_text(p)} {'says' if now else 'said'} nothing, silenced by their Madness")
        else:
            out.append(f"{seat_text(p)} {'says' if now else 'said'} {listed(sorted(labels), empty='nothing: an empty hand')}")
    if talk[reader] is None:
        out.append(f"you {'say' if now else 'said'} nothing, silenced by your Madness")
    else:
        out.append(f"you {'share' if now else 'shared'} your hand")
    return "; ".join(out)


#: What the team remembers of the tiles Searches showed (MAD-R09: a view shows one only in the moment
#: after its Search): the space, and the tile as the views show it.
Memory = dict[str, dict[str, Any]]


def bot_move(state: State, seats: Sequence[str], reader: int, memory: Memory | None = None) -> Action | None:
    """The move a bot makes in this moment, or None when the reader decides: in the Encounter
    Phase the first bot from the Leader who wants to play a card plays it (the reader may play
    meanwhile); when no bot wants to, the reader plays or lets the timer run out. In every other
    phase the Leader decides: the reader when they lead, else that seat's bot. The bots remember
    `memory`'s tiles as a bot of the simulations' Table does."""
    if state.is_over:
        return None
    leader = state.leader
    if state.phase is not Phase.ENCOUNTER:
        return None if leader == reader else _choose(seats[leader], leader, state, legal_actions(state, leader), None, memory)
    talk = table_talk(state)
    for offset in range(state.players):
        p = (leader + offset) % state.players
        mine = [a for a in legal_actions(state, p) if isinstance(a, actions.PlayCard)] if p != reader else []
        chosen = _choose(seats[p], p, state, mine, talk, memory) if mine else None
        if chosen is not None:
            return chosen
    return None


def remembered(memory: Memory, state: State) -> Memory:
    """The memory after this moment, as a bot remembers (`rulesbook.madness.bots.remember`): what a
    Search shows, every seat sees."""
    return remember(memory, SeatViews(state)[0])


def _choose(name: str, seat: int, state: State, legal: Sequence[Action], talk: dict[int, list[str] | None] | None,
            memory: Memory | None = None) -> Action | None:
    """One bot's choice from its player's view, seeded by the moment (a random bot too), with what
    the team remembers of earlier Searches."""
    bot = make_player(name, seat, f"{state.seed}:{seat}:{state.turn}:{state.phase.value}:{state.restarts}:{len(state.sled)}:{state.rolls}")
    if memory and isinstance(getattr(bot, "memory", None), dict):
        bot.memory.update(memory)  # type: ignore[attr-defined]
    chosen = bot.choose(SeatViews(state)[seat], legal, talk)  # the view the bots' Table hands a bot
    if chosen is None and state.phase is not Phase.ENCOUNTER:
        return legal[-1]
    return chosen


def place_of(state: State, action: Action) -> str:
    """Where a move happens on the picture: the page marks it when a bot makes it."""
    target = getattr(action, "target", None)
    if isinstance(target, int):
        return player_place(target)
    return _PLACES.get(type(action), lambda s, a: SLED)(state, action)


_PLACES: dict[type, Any] = {
    actions.MoveAirplane: lambda s, a: a.space, actions.SearchTile: lambda s, a: a.space,
    actions.TimeUp: lambda s, a: TIMER, actions.RestartEncounter: lambda s, a: TIMER,
    actions.TakeArcane: lambda s, a: DISCARD, actions.RollDie: lambda s, a: DIE, actions.AcceptDie: lambda s, a: DIE,
    actions.Reroll: lambda s, a: DIE, actions.Deal: lambda s, a: DECK, actions.RaiseHandLimit: lambda s, a: DECK,
}


def logged(action: Action, reader: int) -> str:
    """The move-log entry of a move: its text, but a bot's card face down names no card."""
    if isinstance(action, actions.PlayCard) and action.player != reader:
        return FACE_DOWN.format(seat=seat_text(action.player))
    return action.text()


class PlayReferee(ExpeditionReferee):
    """The whole expedition from the reader's seat: the chapters' referee, never stopping before
    the end, with each bot's move one click ("go") at the place it happens."""

    def __init__(self, state: State, seats: Sequence[str], reader: int):
        self._moments: dict[str, Moment] = {}
        self._bot: dict[str, Action | None] = {}
        #: each moment's memory of the Searches (MAD-R09), carried from the moment it was reached from
        self._memory: dict[str, Memory] = {}
        self.seats = tuple(seats)
        super().__init__(state, reader, ("mountain", "decks"))

    def key(self, state: State) -> Moment:  # type: ignore[override]
        text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
        digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        return self._moments.setdefault(digest, Moment(digest, state, self))

    def state(self, key: Hashable) -> State:
        return key.state  # type: ignore[attr-defined]

    def ended(self, state: State) -> bool:
        return state.is_over

    def as_recorded(self, moment: Moment, text: str) -> None:
        """A bot makes this move (a record's) in this moment, when it is legal here: a record of
        other bots plays back as it was played (an illegal one the page refuses, saying why)."""
        try:
            move = parse_action(text)
        except NotationError:
            return
        if move.player != self.seat and is_legal(moment.state, move):
            self._bot[moment.key] = move

    def bot(self, moment: Moment) -> Action | None:
        """The bot's move in this moment (asked once: the same moment, the same move)."""
        if moment.key not in self._bot:
            self._bot[moment.key] = bot_move(moment.state, self.seats, self.seat, self.memory(moment))
        return self._bot[moment.key]

    def memory(self, moment: Moment) -> Memory:
        """What the team remembers in this moment of the tiles Searches showed, this one's included."""
        known = self._memory.get(moment.key)
        if known is None:
            known = self._memory[moment.key] = remembered({}, moment.state)
        return known

    def who(self, player: int) -> str:
        return f"{seat_text(player)} (you)" if player == self.seat else f"{seat_text(player)} (the {self.seats[player]} bot)"

    def picture(self, key: Hashable) -> dict[str, Any]:
        """The chapters' picture, and in an Encounter what the table said (MAD-P18) apart from the
        decision that says it whole: a phone's dock shows it beside the hand (play_page.js)."""
        view = super().picture(key)
        talk = talk_words(self.state(key), self.seat)
        if talk:
            view["talk"] = talk
        return view

    def decision(self, state: State) -> str:
        if state.is_over:
            return "The expedition is over: " + ("it escaped" if state.outcome == "escaped" else "it is lost") + "."
        if state.phase is Phase.ENCOUNTER:
            # The line above the board, read at every Encounter: the seats by name alone (the set-up
            # says which bot plays each), the project's decisions by their ids.
            calls = "you call" if state.leader == self.seat else f"{seat_text(state.leader)} calls"
            plays = f"anyone may play cards on the Sled while the Sand Timer runs; when it has run out, {calls} time (MAD-P01)"
            talk = talk_words(state, self.seat)
            if state.talking:
                return f"Encounter Phase: the table talks until the first card is played (MAD-P18): {talk}. Then {plays}"
            return f"Encounter Phase, in silence: {plays}. Before the first card (MAD-P18), {talk}"
        return f"{state.phase.heading}: {self.who(state.leader)} decides"

    def places(self, key: Hashable) -> list[str]:
        state = self.state(key)
        move = self.bot(key)  # type: ignore[arg-type]
        if move is not None and state.phase is not Phase.ENCOUNTER:
            return [place_of(state, move)]
        if state.phase is Phase.ENCOUNTER and not state.talking:
            return [*super().places(key), DIE]  # where speaking rolls the die (MAD-P02)
        return super().places(key)

    def choices(self, key: Hashable) -> list[Choice]:
        state = self.state(key)
        if state.is_over:
            return []
        move = self.bot(key)  # type: ignore[arg-type]
        if state.phase is Phase.ENCOUNTER:  # the reader's cards and time, beside a bot's card
            out = super().choices(key)
            if state.leader != self.seat:
                out = [c if c.key != "time" else Choice("time", "Let the Sand Timer run out", c.options, c.actor,
                                                        prompt="Let the timer run out: click the Sand Timer") for c in out]
            if not state.talking:  # breaking the silence is a player's decision too (MAD-P02)
                error = refusal_words(state, actions.Speak(self.seat))
                out.append(Choice("speak", "Speak (break the silence)", refusal=error) if error else
                           Choice("speak", "Speak (break the silence)", {str(self.seat): "speak"}, str(self.seat),
                                  prompt="Speak: the Penalty Die is rolled at once (MAD-P02); click the die"))
        elif move is None:
            return super().choices(key)
        else:
            out = self._hand_choices(state)
        if move is not None:
            who = str(move.player)
            doing = "plays a card" if isinstance(move, actions.PlayCard) else "decides"
            out.append(Choice("go", f"Go on: {seat_text(move.player)} {doing}", {who: "bot"}, who,
                              prompt=f"{self.who(move.player)} {doing}: click {self._place_words(state, move)}"))
        return out

    def _place_words(self, state: State, move: Action) -> str:
        place = place_of(state, move)
        return PLACE_WORDS.get(place, f"the board of {place}" if place.startswith("P") and len(place) == 2 else place)

    def action(self, state: State, option: str, place: str) -> Action:
        if option == "speak":
            if place != DIE:
                raise IllegalAction(f"speaking rolls the Penalty Die at once: click {PLACE_WORDS[DIE]}", "MAD-P02")
            return actions.Speak(self.seat)
        if option != "bot":
            return super().action(state, option, place)
        move = self.bot(self.key(state))
        if move is None:
            raise Misclick("no bot decides now: it is your decision")
        if place != place_of(state, move):
            raise Misclick(f"{self.who(move.player)} makes this move at {self._place_words(state, move)}")
        return move

    def play(self, key: Hashable, option: str, place: Any) -> Outcome:
        state = self.state(key)
        action = self.action(state, option, str(place))
        following, events = apply(state, action)
        say, result = seen_words(events, self.seat, following.is_over)
        log = logged(action, self.seat)
        reach = log if option == "bot" else self._reach(state, action)
        after = self.key(following)
        if after.key not in self._memory:  # reached first from here: it remembers what this moment did
            self._memory[after.key] = remembered(self.memory(key), following)  # type: ignore[arg-type]
        return Outcome(after, say, log, reach, "", result=result)

    def idle(self, key: Hashable) -> str:
        state = self.state(key)
        if not state.is_over and self.bot(key) is not None:  # type: ignore[arg-type]
            return "A bot decides now: its move plays by itself in a moment (or press \u201cGo on\u201d)."
        return super().idle(key)

    def hint(self, key: Hashable) -> str:
        state = self.state(key)
        if state.is_over:
            return "The expedition is over: Play again starts a new one."
        if self.bot(key) is not None and state.phase is not Phase.ENCOUNTER:  # type: ignore[arg-type]
            return f"{self.who(state.leader)} leads and decides now; your turn to decide comes."
        if state.phase is Phase.ENCOUNTER and state.leader != self.seat:
            return (f"Pick one of your cards and click the Sled to play it face down, while the bots play theirs; "
                    f"{self.who(state.leader)} calls time (MAD-P01). When you have played what you will, choose "
                    "\u201cLet the Sand Timer run out\u201d and click the timer.")
        return super().hint(key)


class MadnessPlay(PlayGame):
    """At the Mountains of Madness on a Play page: one seat is the reader's, the others bots'."""

    name = "madness"
    picture = "madness"
    #: The set-up's fields: how many players (3-5, Setting Up the Game), each seat "you" or a bot,
    #: the Expert Variant, the seed, the bot that gives hints.
    FIELDS = ("players", "seats", "expert", "seed", "hint_bot")
    SEATS = 5
    #: Which chapter teaches the rule a refusal cites: sent with "started", linked by the page.
    chapters = CHAPTERS

    def __init__(self) -> None:
        self._replays: dict[tuple[str, PlayReferee | None], tuple[list[str], list[str], list[State]]] = {}

    # --- the set-up ---------------------------------------------------------------------------
    def setup(self, data: Any) -> dict[str, Any]:
        """The set-up from the page's form, checked; DataError naming the field."""
        only_fields(data, self.FIELDS, "setup")
        players = take(data, "players", (int, str), "setup", default=4)
        if isinstance(players, str):
            players = typed_number(players)
        if isinstance(players, bool) or players not in (3, 4, 5):
            raise DataError("setup.players", f"At the Mountains of Madness is for 3 to 5 players, not {shown(players)} (Setting Up the Game)")
        seats = take(data, "seats", list, "setup", default=[YOU])
        if len(seats) > self.SEATS:
            raise DataError("setup.seats", f"at most {self.SEATS} seats, not {len(seats)}")
        seats = [*seats, *["expedition"] * (self.SEATS - len(seats))]
        mine = None
        for index, seat in enumerate(seats):
            expect(seat, str, f"setup.seats[{index}]")
            if seat != YOU and seat not in BOTS:
                raise DataError(f"setup.seats[{index}]", f"'you' or a bot ({', '.join(BOTS)}), not {shown(seat)}")
            if seat == YOU and index < players:
                if mine is not None:
                    raise DataError(f"setup.seats[{index}]", f"one seat is yours on this page, and it is {seat_text(mine)} already")
                mine = index
            elif seat == YOU:
                seats[index] = "expedition"  # a seat beyond the table is not played
        if mine is None:
            raise DataError("setup.seats", f"one of the {players} seats is yours ('you')")
        expert = take(data, "expert", (bool, str), "setup", default=False)
        if isinstance(expert, str):
            if expert not in ("true", "false"):
                raise DataError("setup.expert", f"'true' or 'false', not {shown(expert)}")
            expert = expert == "true"
        hint_bot = take(data, "hint_bot", str, "setup", default="expedition")
        if hint_bot not in BOTS:
            raise DataError("setup.hint_bot", f"one of {', '.join(BOTS)}, not {shown(hint_bot)}")
        return {"players": players, "seats": seats, "expert": expert, "seed": seed_of(data, "setup"), "hint_bot": hint_bot}

    def reader(self, setup: dict[str, Any]) -> int:
        return int(setup["seats"].index(YOU))

    def you(self, setup: dict[str, Any]) -> str:
        seat = self.reader(setup)
        leads = "you lead the first turn" if seat == 0 else f"{seat_text(0)} leads the first turn"
        return (f"You are {seat_text(seat)} of {setup['players']} players; the bots play the other seats, and {leads}. "
                "You see only your own hand (Setting Up the Game, step 10) and your own Madness cards (MAD-R08).")

    def rules(self, setup: dict[str, Any]) -> Rules:
        return Rules(expert=bool(setup["expert"]))

    def referee(self, setup: dict[str, Any]) -> PlayReferee:
        state = new_game(setup["players"], setup["seed"], self.rules(setup))
        return PlayReferee(state, setup["seats"][: setup["players"]], self.reader(setup))

    # --- the record -----------------------------------------------------------------------------
    def record(self, setup: dict[str, Any], actions: list[str], referee: PlayReferee | None = None) -> GameRecord:
        """The game record of the page's move log: a bot's face-down card named (the bot asked
        again, the page's `referee` when given: it knows the moves a loaded record made)."""
        players = setup["players"]
        return GameRecord("madness", players, setup["seed"], self.rules(setup), self.named(setup, actions, referee),
                          list(setup["seats"][:players]))

    def named(self, setup: dict[str, Any], logs: list[str], referee: PlayReferee | None = None) -> list[str]:
        """The record's actions of the move log's entries, replayed from the last time asked."""
        tag = (json.dumps(setup, sort_keys=True), referee)
        known, texts, states = self._replays.get(tag, ([], [], []))
        same = 0
        while same < min(len(known), len(logs)) and known[same] == logs[same]:
            same += 1
        known, texts, states = known[:same], texts[:same], states[: same + 1]
        if not states:
            states = [new_game(setup["players"], setup["seed"], self.rules(setup))]
        reader = self.reader(setup)
        seats = setup["seats"][: setup["players"]]
        for index, log in enumerate(logs[same:], same):
            state = states[-1]
            move = None
            if log.endswith(FACE_DOWN[6:]):
                move = referee.bot(referee.key(state)) if referee is not None else bot_move(state, seats, reader)
            action = move if move is not None and logged(move, reader) == log else _parsed(log, f"history[{index + 1}]")
            states.append(apply(state, action)[0])
            known.append(log)
            texts.append(action.text())
        self._replays = {tag: (known, texts, states)}
        return list(texts)

    def said(self, m: Moment, action: str) -> str:
        """The move-log entry a record's action has on this page (a bot's card is face down)."""
        move = m.referee.bot(m)
        return logged(move, m.referee.seat) if move is not None and move.text() == action else action

    def setup_of(self, record: GameRecord, choices: dict[str, Any]) -> dict[str, Any]:
        """The set-up of a record (its bots are the seats); `choices` gives what a record does not
        hold (the hint bot, the form's seats beyond the table); the record's own fields win."""
        if record.game != self.name:
            raise DataError("record.game", f"a record of {self.name}, not of {record.game}")
        rules = record.rules or Rules()
        if rules != Rules(expert=rules.expert):
            raise DataError("record.rules", "this page plays the shipped pack and rules, with or without the Expert Variant")
        seats = recorded_seats(record, BOTS, YOU) or [YOU, *["expedition"] * (record.players - 1)]
        beyond = choices.get("seats")  # the form's seats after the table's, kept as they were
        if isinstance(beyond, list):
            seats += beyond[record.players: self.SEATS]
        return self.setup({**choices, "players": record.players, "seats": seats, "expert": rules.expert, "seed": record.seed})

    # --- the moments ----------------------------------------------------------------------------
    def recorded(self, referee: PlayReferee, m: Moment, action: str) -> None:
        referee.as_recorded(m, action)

    def auto(self, referee: PlayReferee, m: Moment) -> dict[str, str] | None:
        """A bot's move in this moment, as the click the page plays ("go", at its place)."""
        move = referee.bot(m)
        if move is None:
            return None
        return {"choice": "go", "actor": str(move.player), "place": place_of(m.state, move)}

    def acts(self, m: Moment) -> bool:
        """Every move is a line of the record: the reader's and the bots'."""
        return not m.state.is_over

    def over(self, m: Moment) -> str | None:
        """How the expedition ended, in the rulebook's words (The End of the Game, MAD-R03)."""
        state = m.state
        if not state.is_over:
            return None
        relics, injuries = relic_count(state), injuries_in_play(state)
        held = f"{plural(relics, 'Relic')} and {plural(injuries, 'Injury card')} in play"
        turns = plural(state.turn, "turn")
        if state.outcome == "escaped":
            verdict = "won: at least as many Relics as Injury cards" if state.won else "lost: fewer Relics than Injury cards"
            margin = relics - injuries
            row = in_band(RESULT_ROWS, margin)
            signed = str(margin).replace("-", "\u2212")  # a minus sign, as in the subtraction
            return (f"The expedition escaped the Mountain after {turns} with {held}, and you {verdict} (MAD-R03). "
                    f"In the rulebook's result table (The End of the Game), {relics} \u2212 {injuries} = {signed} "
                    f"falls in the row \u201c{row}\u201d. This page's illustrative pack gives that row its own sentence, the "
                    f"project's, not the rulebook's (MAD-P13): \u201c{state.rules.pack.result_text(margin)}\u201d")
        why = LOST.get(state.outcome or "", state.outcome or "")
        return f"The expedition is lost after {turns} (The End of the Game): {why}. It held {held}."

    def won(self, referee: PlayReferee, m: Moment) -> bool:
        """The expedition won (it escaped with at least as many Relics as Injuries, MAD-R03): the
        game is cooperative, so the reader's seat won with it."""
        return bool(m.state.is_over and m.state.won)

    def hint(self, m: Moment, bot: str, named: Callable[[str], str]) -> tuple[str, str | None]:
        """What the hint bot would do in the reader's seat, and its action."""
        state = m.state
        referee = m.referee
        reader = referee.seat
        if state.is_over:
            return "The expedition is over: Play again starts a new one.", None
        if state.phase is not Phase.ENCOUNTER and state.leader != reader:
            return f"{referee.who(state.leader)} leads and decides now: its move plays by itself.", None
        if state.phase is Phase.ENCOUNTER:
            mine = [a for a in legal_actions(state, reader) if isinstance(a, actions.PlayCard)]
            chosen = _choose(bot, reader, state, mine, table_talk(state)) if mine else None
            if chosen is None:
                move = actions.TimeUp(state.leader)
                calls = "call time (MAD-P01)" if state.leader == reader else "let the Sand Timer run out"
                return (f"The {bot} bot would play nothing more and {calls}: click the Sand Timer "
                        f"({HEARD})."), move.text()
            heard = HEARD
        else:
            chosen = _choose(bot, reader, state, legal_actions(state, reader), None)
            heard = ""
        assert chosen is not None
        where = f": {seat_words(chosen.text())}" if isinstance(chosen, AIMED) else ""
        return f"The {bot} bot would choose \u201c{named(chosen.text())}\u201d{where}{f' ({heard})' if heard else ''}.", chosen.text()

    def digest(self, m: Moment) -> str:
        return hashlib.sha256(m.state.to_json().encode()).hexdigest()


def _parsed(text: str, where: str) -> Action:
    try:
        return parse_action(text)
    except ValueError as error:
        raise DataError(where, str(error)) from None


#: The actions whose words say where they act ("move to C1", "for Crates 9, P2 draws Madness"), which
#: the button's label does not: a hint adds them. A card played or a word alone ("resolve") says no more.
AIMED = (actions.IgnoreMadness, actions.MoveAirplane, actions.GiveRelic, actions.SearchTile, actions.TakeArcane,
         actions.DrawMadness, actions.RollDie, actions.AcceptDie, actions.DealTo)


def seat_words(text: str) -> str:
    """An action's words without who acts ("P1: move to C1": "move to C1"): the hint is the reader's."""
    return text.partition(": ")[2]


#: What the hint bot knows in the Encounter Phase, said there (the rest of the game, the page's How
#: to play says once that a hint sees no more than the reader): the reader's own view, and the
#: table talk the board's decision line tells the reader (`talk_words`).
HEARD = "it knows your hand and what the table said (MAD-P18)"

PLAY = MadnessPlay()

__all__ = ["CHAPTERS", "FACE_DOWN", "MadnessPlay", "Moment", "PLAY", "PlayReferee", "RESULT_ROWS", "bot_move", "logged", "place_of",
           "table_talk", "talk_words"]
