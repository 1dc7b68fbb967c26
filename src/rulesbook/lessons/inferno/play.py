"""Mountain of Inferno on a Play page (`rulesbook.lessons.play`): a whole game from the reader's seat.

`SeatReferee` is the whole-game referee (`whole_game.GameReferee`) seen from the reader's seats:
the board shows only their hand; every decision the rules give a reader is a click (a hand card
on the Mountain, and the buttons below it: end step I, discard, cancel or let it happen, stay);
a bot's decision is one click, the bot's own move, which the page plays by itself (`auto`). The
bots' hands never reach the page: a bot's state offers its chosen move only.
Standard library only.
"""

from __future__ import annotations

import hashlib
from typing import Any

from rulesbook.core.data import DataError, items, only_fields, take
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.messages import Message
from rulesbook.core.records import GameRecord
from rulesbook.core.words import listed, plural, sentence
from rulesbook.inferno.actions import Action, parse_action
from rulesbook.inferno.bots import BOTS, make_bot
from rulesbook.inferno.engine import apply, is_legal, legal_actions, new_game
from rulesbook.inferno.names import player_word
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.state import State
from rulesbook.lessons.graph import Choice, place_key
from rulesbook.lessons.inferno.whole_game import GameReferee, action_place, card_label, named_place, scoring_lines
from rulesbook.lessons.play import PlayGame, seed_of

#: A seat the reader plays (every other seat is a bot, by name).
YOU = "you"

#: The chapter that teaches each rule, for a refusal's link (sent to the page with the lesson).
_CHAPTERS: dict[str, str] = {
    "MOI-R03": "a-whole-game", "MOI-R04": "laying-disciples", "MOI-R05": "mighty-bison-king",
    "MOI-R06": "guan-yin-and-cancelling", "MOI-R07": "guan-yin-and-cancelling", "MOI-R08": "guan-yin-and-cancelling",
    "MOI-R09": "moving-your-pawn", "MOI-R10": "ending-a-round", "MOI-R11": "scoring", "MOI-R12": "scoring",
    "MOI-R13": "two-editions", "MOI-R14": "ending-a-round", "MOI-R15": "laying-disciples", "MOI-R16": "red-boy",
    "MOI-R17": "scoring", "MOI-R18": "laying-disciples", "MOI-R19": "setting-up", "MOI-R20": "ending-a-round",
    "MOI-R21": "red-boy", "MOI-R22": "iron-fan-princess", "rulebook I": "laying-disciples", "rulebook, Play": "the-game-at-a-glance",
    "rulebook, End of the Game": "a-whole-game",
}
#: The chapter page that teaches each rule a refusal cites, as the Play page links it.
CHAPTERS: dict[str, str] = {rule: f"../inferno/{page}.html" for rule, page in _CHAPTERS.items()}


def bot_seed(state: State, seat: int) -> str:
    """A bot's seed for one decision: the same decision is always the same move (in CPython and in
    the browser alike), whatever else was asked before it."""
    return f"{state.seed}:{seat}:{state.round}:{state.turns}:{len(state.played)}:{state.phase.value}:{len(state.draw_pile)}"


class SeatReferee(GameReferee):
    """The whole-game referee seen from the reader's seats (`seats`: "you" or a bot's name each)."""

    def __init__(self, state: State, seats: tuple[str, ...]):
        super().__init__(state)
        self.seats = seats
        self.readers = tuple(seat for seat, who in enumerate(seats) if who == YOU)
        self._moves: dict[State, Action] = {}

    # --- who decides, and who looks --------------------------------------------------------------
    def deciding(self, state: State) -> int | None:
        """The seat that decides now, when it is a reader's; None for a bot's decision or the end."""
        decision = state.decision
        return decision.seat if decision is not None and decision.seat in self.readers else None

    def viewer(self, state: State) -> int | None:
        """Whose hand the board shows: the reader who decides, or the one reader there is."""
        seat = self.deciding(state)
        if seat is None and len(self.readers) == 1:
            seat = self.readers[0]
        return seat

    def as_recorded(self, state: State, text: str) -> None:
        """The bot deciding now makes this move (a record's), when it is legal here: a record of
        other bots plays back as it was played (an illegal one the page refuses, saying why)."""
        decision = state.decision
        if decision is None or decision.seat in self.readers:
            return
        try:
            move = parse_action(text)
        except NotationError:
            return
        if is_legal(state, move):
            self._moves[state] = move

    def bot_move(self, state: State) -> Action | None:
        """The move of the bot that decides now (made once per state), or None for a reader's."""
        decision = state.decision
        if decision is None or decision.seat in self.readers:
            return None
        move = self._moves.get(state)
        if move is None:
            bot = make_bot(self.seats[decision.seat], bot_seed(state, decision.seat))
            move = self._moves[state] = bot.choose(state, legal_actions(state))
        return move

    # --- the board -------------------------------------------------------------------------------
    def picture(self, state: State) -> dict[str, Any]:
        view = super().picture(state)
        seat = self.viewer(state)
        colours = state.colours
        if seat is None:
            view["hand"] = []
            view["hand_label"] = "The hands are hidden while the bots play"
        else:
            view["hand"] = [{"code": card.code, "label": card_label(card)} for card in state.hands[seat]]
            view["hand_label"] = f"Your hand ({colours[seat].english.capitalize()})"
        totals = ", ".join(f"{colour.english.capitalize()} {total}" for colour, total in zip(colours, state.totals))
        rounds = state.rules.rounds(state.players)
        view["decision"] = f"{view['decision']}. Round {state.round} of {rounds}; totals: {totals}; draw pile {len(state.draw_pile)}."
        return view

    def _named(self, state: State) -> list[str]:
        """The buttons of this moment: the reader's decisions that are not a place, or the bot's one."""
        move = self.bot_move(state)
        if move is not None:
            named = named_place(move)
            return [] if named is None else [named]
        return [] if self.deciding(state) is None else super()._named(state)

    def choices(self, state: State) -> list[Choice]:
        decision = state.decision
        move = self.bot_move(state)
        if decision is not None and move is not None:
            who, me = decision.colour.english.capitalize(), decision.colour.letter
            return [Choice("bot", f"{who}'s move ({self.seats[decision.seat]} bot)", {me: "bot"}, me,
                           prompt=f"{who} decides: the page plays the bot's move")]
        return super().choices(state)

    # --- a click ---------------------------------------------------------------------------------
    def action(self, state: State, option: str, place: Any) -> Action:
        if option == "bot":
            move = self.bot_move(state)
            if move is not None and place_key(action_place(move)) == place_key(place):
                return move
            if state.decision is None:
                raise IllegalAction(Message("nobody is a bot and decides this move; wait for it"), "rulebook, Play")
            raise IllegalAction(Message("{who} is a bot and decides this move; wait for it",
                                        who=player_word(state.colours[state.decision.seat])), "rulebook, Play")
        return super().action(state, option, place)

    def idle(self, state: State) -> str:
        decision = state.decision
        if decision is not None and self.deciding(state) is None:
            return f"{decision.colour.english.capitalize()} is a bot: its move plays itself."
        return super().idle(state)

    def hint(self, state: State) -> str:
        decision = state.decision
        if decision is not None and self.deciding(state) is None:
            return self.idle(state)
        return super().hint(state)


class InfernoPlay(PlayGame):
    """Mountain of Inferno on a Play page: the reader's seats and the bots' (`SeatReferee`)."""

    name = "inferno"
    picture = "inferno"
    #: The set-up's fields: the seed, the players (2-4), who sits in each seat ("you" or a bot),
    #: the edition (MOI-R03 and the other switches), the optional two-pawn rule (MOI-R13), the hint bot.
    FIELDS = ("seed", "players", "seats", "edition", "two_pawns", "hint_bot")
    chapters = CHAPTERS

    def setup(self, data: Any) -> dict[str, Any]:
        """The set-up from the page's form, checked (DataError naming the field)."""
        only_fields(data, self.FIELDS, "setup")
        seed = seed_of(data, "setup")
        players = take(data, "players", (int, str), "setup", default=2)
        if isinstance(players, str):
            players = int(players) if players.strip().isdigit() else players
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise DataError("setup.players", f"Mountain of Inferno is for 2 to 4 players, not {players!r}")
        seats = items(take(data, "seats", list, "setup", default=[YOU, *["greedy"] * (players - 1)]), "setup.seats", _seat, most=4)
        if len(seats) < players:
            raise DataError("setup.seats", f"one entry per seat: {players} players, {len(seats)} given")
        if YOU not in seats[:players]:
            raise DataError("setup.seats", f"at least one of the {players} seats is yours (\u201cyou\u201d)")
        edition = take(data, "edition", str, "setup", default="en")
        if edition not in ("en", "zh"):
            raise DataError("setup.edition", f"'en' (English) or 'zh' (Chinese), not {edition!r}")
        two_pawns = _yes(take(data, "two_pawns", (bool, str), "setup", default=False), "setup.two_pawns")
        hint_bot = take(data, "hint_bot", str, "setup", default="greedy")
        if hint_bot not in BOTS:
            raise DataError("setup.hint_bot", f"one of {', '.join(BOTS)}, not {hint_bot!r}")
        return {"seed": seed, "players": players, "seats": seats, "edition": edition, "two_pawns": two_pawns, "hint_bot": hint_bot}

    def seats(self, setup: dict[str, Any]) -> tuple[str, ...]:
        return tuple(setup["seats"][: setup["players"]])

    def you(self, setup: dict[str, Any]) -> str:
        seats = self.seats(setup)
        names = [colour.english.capitalize() for colour in new_game(len(seats)).colours]
        yours = [name for name, who in zip(names, seats) if who == YOU]
        bots = [f"{name} the {who} bot" for name, who in zip(names, seats) if who != YOU]
        mine = f"You are {listed(yours)}" + (" (hot-seat: pass the device between you)" if len(yours) > 1 else "")
        return f"{mine}; {listed(bots)} {'plays' if len(bots) == 1 else 'play'} against you." if bots else f"{mine}."

    def rules(self, setup: dict[str, Any]) -> Rules:
        return Rules(edition=setup["edition"], two_pawns=setup["two_pawns"])

    def record(self, setup: dict[str, Any], actions: list[str], referee: Any = None) -> GameRecord:
        return GameRecord("inferno", setup["players"], setup["seed"], self.rules(setup), list(actions), list(self.seats(setup)))

    def setup_of(self, record: GameRecord, choices: dict[str, Any]) -> dict[str, Any]:
        """The set-up of a record; `choices` gives what a record does not hold (the hint bot, and
        the seats when the record names none)."""
        if record.game != self.name:
            raise DataError("record.game", f"a record of {self.name}, not of {record.game}")
        rules = record.rules or Rules()
        if rules != Rules(edition=rules.edition, two_pawns=rules.two_pawns):
            raise DataError("record.rules", "this page plays an edition as printed, with or without the two-pawn rule")
        seats = list(record.bots) if record.bots and all(who == YOU or who in BOTS for who in record.bots) else None
        if seats is not None and YOU not in seats:  # bots alone (`rulesbook simulate --record`): the reader takes seat 1
            seats[0] = YOU
        given = dict(choices) if isinstance(choices, dict) else {}
        if seats is not None:
            given["seats"] = seats
        return self.setup({**given, "seed": record.seed, "players": record.players, "edition": rules.edition, "two_pawns": rules.two_pawns})

    def referee(self, setup: dict[str, Any]) -> SeatReferee:
        return SeatReferee(new_game(setup["players"], setup["seed"], self.rules(setup)), self.seats(setup))

    def recorded(self, referee: SeatReferee, state: State, action: str) -> None:
        referee.as_recorded(state, action)

    def auto(self, referee: SeatReferee, state: State) -> dict[str, str] | None:
        """A bot's move, as the click the page plays for it."""
        move = referee.bot_move(state)
        if move is None:
            return None
        return {"choice": "bot", "actor": state.colours[state.seat if state.decision is None else state.decision.seat].letter,
                "place": place_key(action_place(move))}

    def seat(self, referee: SeatReferee, state: State) -> str | None:
        """Hot-seat (two readers or more): the reader's seat that decides now, by colour; the page
        covers the board between two readers' decisions."""
        seat = referee.deciding(state)
        return None if seat is None or len(referee.readers) < 2 else state.colours[seat].english.capitalize()

    def acts(self, state: State) -> bool:
        """Every click is an engine action, a line of the record (a bot's too)."""
        return True

    def over(self, state: State) -> str | None:
        if not state.is_over:
            return None
        names = [colour.english.capitalize() for colour in state.colours]
        totals = ", ".join(f"{name} {total}" for name, total in zip(names, state.totals))
        winners = listed([names[seat] for seat in state.winners])
        verb = "wins" if len(state.winners) == 1 else "share the win"
        rounds = []
        for result in state.results:
            how = "ended by a complete cross" if result.reason == "a" else "ended when the draw pile ran out"
            scores = ", ".join(f"{name} {raw:+d}" + (f" (counts {scored:+d}, MOI-R12)" if scored != raw else "")
                               for name, raw, scored in zip(names, result.raw, result.scored))
            rounds.append(f"round {result.round} ({plural(result.turns, 'turn')}) {how}, on {names[result.ender]}'s turn: {scores}")
        last = state.results[-1]
        lines = scoring_lines(state, last.reason, last.ender)
        if tuple(points for _, points in lines) == last.raw:
            rounds[-1] += " \u2014 " + "; ".join(words for words, _ in lines)
        return f"{winners} {verb} with {max(state.totals)} (totals: {totals}). " + " ".join(sentence(r) for r in rounds)

    def hint(self, state: State, bot: str) -> tuple[str, str | None]:
        decision = state.decision
        if decision is None:
            return "The game is over: Play again starts a new one.", None
        action = make_bot(bot, f"hint:{bot_seed(state, decision.seat)}").choose(state, legal_actions(state))
        first = apply(state, action)[1][0]
        return (f"The {bot} bot would play \u201c{action.text()}\u201d: {sentence(first.text)} "
                "(a hint only: it follows its own simple plan)."), action.text()

    def digest(self, state: State) -> str:
        return hashlib.sha256(state.to_json().encode()).hexdigest()


def _seat(value: Any, where: str) -> str:
    if value != YOU and value not in BOTS:
        raise DataError(where, f"\u201cyou\u201d or a bot ({', '.join(BOTS)}), not {value!r}")
    return str(value)


def _yes(value: bool | str, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("true", "yes", "on"):
        return True
    if value in ("false", "no", "off", ""):
        return False
    raise DataError(where, f"yes or no (true or false), not {value!r}")


PLAY = InfernoPlay()

__all__ = ["CHAPTERS", "PLAY", "InfernoPlay", "SeatReferee", "scoring_lines"]
