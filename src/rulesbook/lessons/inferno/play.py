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
from collections.abc import Callable
from typing import Any

from rulesbook.core.data import DataError, items, only_fields, shown, take
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.messages import LANGUAGES, Capitalised, Listed, Message, term
from rulesbook.core.records import GameRecord
from rulesbook.core.words import whole_sentence
from rulesbook.inferno.actions import Action, Effect, Pass, parse_action
from rulesbook.inferno.bots import BOTS, make_bot
from rulesbook.inferno.position import Colour
from rulesbook.inferno.engine import apply, is_legal, legal_actions, new_game
from rulesbook.inferno.names import player_word, rule_word
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.state import Phase, State
from rulesbook.lessons.graph import Choice, Misclick, place_key
from rulesbook.lessons.inferno.whole_game import GameReferee, action_place, card_label, named_place, scoring_lines
from rulesbook.lessons.play import PlayGame, recorded_seats, seed_of, typed_number

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


def player(colour: Colour) -> Capitalised:
    """A seat as the Play page names it: "Red", 紅方."""
    return Capitalised(player_word(colour))


def bot_word(name: str) -> Message:
    """A bot level as a sentence names it: "greedy", 貪心."""
    return term(name, "bot")


def totals_words(state: State, language: str) -> str:
    """Each seat's total: "Red 12, Yellow 9", 「紅方 12 分，黃方 9 分」."""
    joiner = ", " if language == "en" else "，"
    return joiner.join(Message("{player} {points}", player=player(colour), points=total).say(language)
                       for colour, total in zip(state.colours, state.totals))


class SeatReferee(GameReferee):
    """The whole-game referee seen from the reader's seats (`seats`: "you" or a bot's name each),
    speaking the page's `language`."""

    def __init__(self, state: State, seats: tuple[str, ...], language: str = "en"):
        super().__init__(state, language)
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

    # --- the bots that do not cancel --------------------------------------------------------------
    def _settled(self, state: State, said: list[str]) -> State:
        """Past the bots that let the effect just played happen: each pass is played within the
        click before it, and only what the effect then does is said. At a table a player who does
        not cancel says nothing; a bot's pass shown on its own would tell the reader that the bot
        was asked, that is, that it holds a card that cancels (MOI-P01 asks only holders)."""
        while (move := self._silent_pass(state)) is not None:
            after, events = apply(state, move)
            said.append(self._words(state, move, [event for event in events if event.kind != "pass"]))
            state = after
        return state

    def _silent_pass(self, state: State) -> Pass | None:
        """The pass of the bot that decides now, when it lets the effect happen; None otherwise,
        and without asking a bot outside a cancel window (where no pass is legal)."""
        if state.phase is not Phase.RESPOND:
            return None
        move = self.bot_move(state)
        return move if isinstance(move, Pass) else None

    def _waits(self, action: Action) -> bool:
        """An effect played and a pass wait for the click (a lazy graph's `Outcome.later`): the bots
        that then let the effect happen decide by a search each, a tenth of a second, which a
        state's record of thirty effects would pay thirty times before the reader clicks one. Every
        effect and pass waits, whoever holds what, so the page's data never tells which were asked."""
        return isinstance(action, Effect | Pass)

    def _asked(self, state: State) -> tuple[int, ...]:
        """Only the reader who decides now is named as one who may cancel: a bot that will cancel
        does so in its own move, and in a hot-seat game one reader does not learn the next's hand."""
        seat = self.deciding(state)
        return () if seat is None else (seat,)

    def with_passes(self, actions: list[str]) -> list[str]:
        """A move log's actions with the bots' silent passes put back (`_settled` plays them within
        the click before): the record's actions, every one of the game's."""
        state = self.first
        played: list[str] = []
        for text in actions:
            state = apply(state, parse_action(text))[0]
            played.append(text)
            while (move := self._silent_pass(state)) is not None:
                played.append(move.text())
                state = apply(state, move)[0]
        return played

    def clicks(self, actions: list[str]) -> list[str]:
        """A record's actions as this page's clicks: a bot's pass is no click of its own. Each bot
        is first set to make the record's moves (`as_recorded`), so that the clicks pass where the
        record's bots passed; from an action the engine refuses on, the rest stays as it is, for
        the page to refuse, saying why."""
        state = self.first
        clicks: list[str] = []
        for number, text in enumerate(actions):
            try:
                action = parse_action(text)
                self.as_recorded(state, text)
                following = apply(state, action)[0]
            except (NotationError, IllegalAction):
                return clicks + actions[number:]
            if not (isinstance(action, Pass) and self.deciding(state) is None):
                clicks.append(text)
            state = following
        return clicks

    # --- the board -------------------------------------------------------------------------------
    def picture(self, state: State) -> dict[str, Any]:
        view = super().picture(state)
        seat = self.viewer(state)
        if seat is None:
            view["hand"] = []
            view["hand_label"] = self._say(Message.text("The hands are hidden while the bots play"))
        else:
            view["hand"] = [{"code": card.code, "label": card_label(card, self.language)} for card in state.hands[seat]]
            view["hand_label"] = self._say(Message("Your hand ({player})", player=player(state.colours[seat])))
        view["decision"] = self._say(Message("{decision}. Round {round} of {rounds}; totals: {totals}; draw pile {cards}.",
                                             decision=view["decision"], round=state.round, rounds=state.rules.rounds(state.players),
                                             totals=totals_words(state, self.language), cards=len(state.draw_pile)))
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
            who, me = player(decision.colour), decision.colour.letter
            return [Choice("bot", self._say(Message("{who}'s move ({bot} bot)", who=who, bot=bot_word(self.seats[decision.seat]))),
                           {me: "bot"}, me, prompt=self._say(Message("{who} decides: the page plays the bot's move", who=who)))]
        return super().choices(state)

    # --- a click ---------------------------------------------------------------------------------
    def action(self, state: State, option: str, place: Any) -> Action:
        if option == "bot":
            move = self.bot_move(state)
            if move is not None and place_key(action_place(move)) == place_key(place):
                return move
            if state.decision is None:
                raise Misclick(Message("nobody is a bot and decides this move; wait for it"))
            raise Misclick(Message("{who} is a bot and decides this move; wait for it", who=player_word(state.colours[state.decision.seat])))
        return super().action(state, option, place)

    def idle(self, state: State) -> str:
        decision = state.decision
        if decision is not None and self.deciding(state) is None:
            return self._say(Message("{who} is a bot: its move plays itself.", who=player(decision.colour)))
        return super().idle(state)

    def hint(self, state: State) -> str:
        decision = state.decision
        if decision is not None and self.deciding(state) is None:
            return self.idle(state)
        return super().hint(state)


class InfernoPlay(PlayGame):
    """Mountain of Inferno on a Play page: the reader's seats and the bots' (`SeatReferee`), said
    in the page's `language` (`speaking` gives the game of a set-up's)."""

    name = "inferno"
    picture = "inferno"
    #: The set-up's fields: the seed, the players (2-4), who sits in each seat ("you" or a bot),
    #: the edition (MOI-R03 and the other switches), the optional two-pawn rule (MOI-R13), the hint
    #: bot, and the page's language (a record holds none: "en" unless the page says another).
    FIELDS = ("seed", "players", "seats", "edition", "two_pawns", "hint_bot", "language")
    chapters = CHAPTERS

    def __init__(self, language: str = "en"):
        self.language = language
        # A refusal cites a rulebook section in the page's language (中文規則書〈２.遊戲進行〉(1)): its chapter too.
        self.chapters = {**CHAPTERS, **{rule_word(rule).say(language): page for rule, page in CHAPTERS.items()}}

    def speaking(self, setup: dict[str, Any]) -> InfernoPlay:
        """The game as a page of the set-up's language says it."""
        return self if setup["language"] == self.language else InfernoPlay(setup["language"])

    def _say(self, message: Message | Capitalised) -> str:
        return str(message.say(self.language))

    def setup(self, data: Any) -> dict[str, Any]:
        """The set-up from the page's form, checked (DataError naming the field)."""
        only_fields(data, self.FIELDS, "setup")
        seed = seed_of(data, "setup")
        players = take(data, "players", (int, str), "setup", default=2)
        if isinstance(players, str):
            players = typed_number(players)
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise DataError("setup.players", Message("Mountain of Inferno is for 2 to 4 players, not {players}", players=shown(players)))
        seats = items(take(data, "seats", list, "setup", default=[YOU, *["greedy"] * (players - 1)]), "setup.seats", _seat, most=4)
        if len(seats) < players:
            raise DataError("setup.seats", Message("one entry per seat: {players} players, {given} given", players=players, given=len(seats)))
        if YOU not in seats[:players]:
            raise DataError("setup.seats", Message("at least one of the {players} seats is yours (\u201cyou\u201d)", players=players))
        edition = take(data, "edition", str, "setup", default="en")
        if edition not in ("en", "zh"):
            raise DataError("setup.edition", Message("'en' (English) or 'zh' (Chinese), not {edition}", edition=shown(edition)))
        two_pawns = _yes(take(data, "two_pawns", (bool, str), "setup", default=False), "setup.two_pawns")
        hint_bot = take(data, "hint_bot", str, "setup", default="greedy")
        if hint_bot not in BOTS:
            raise DataError("setup.hint_bot", Message("one of {names}, not {name}", names=", ".join(BOTS), name=shown(hint_bot)))
        language = take(data, "language", str, "setup", default="en")
        if language not in LANGUAGES:
            raise DataError("setup.language", Message("one of {names}, not {name}", names=", ".join(LANGUAGES), name=shown(language)))
        return {"seed": seed, "players": players, "seats": seats, "edition": edition, "two_pawns": two_pawns, "hint_bot": hint_bot,
                "language": language}

    def seats(self, setup: dict[str, Any]) -> tuple[str, ...]:
        return tuple(setup["seats"][: setup["players"]])

    def you(self, setup: dict[str, Any]) -> str:
        seats = self.seats(setup)
        colours = new_game(len(seats)).colours
        yours = Listed([player(colour) for colour, who in zip(colours, seats) if who == YOU])
        bots = [Message("{player} the {bot} bot", player=player(colour), bot=bot_word(who)) for colour, who in zip(colours, seats) if who != YOU]
        if len(yours.items) > 1:
            mine = Message("You are {players} (hot-seat: pass the device between you)", players=yours)
        else:
            mine = Message("You are {players}", players=yours)
        if not bots:
            return self._say(Message("{mine}.", mine=mine))
        if len(bots) == 1:
            return self._say(Message("{mine}; {bots} plays against you.", mine=mine, bots=Listed(bots)))
        return self._say(Message("{mine}; {bots} play against you.", mine=mine, bots=Listed(bots)))

    def rules(self, setup: dict[str, Any]) -> Rules:
        return Rules(edition=setup["edition"], two_pawns=setup["two_pawns"])

    def record(self, setup: dict[str, Any], actions: list[str], referee: Any = None) -> GameRecord:
        played = referee.with_passes(actions) if isinstance(referee, SeatReferee) else list(actions)
        return GameRecord("inferno", setup["players"], setup["seed"], self.rules(setup), played, list(self.seats(setup)))

    def clicks(self, referee: SeatReferee, actions: list[str]) -> list[str]:
        return referee.clicks(actions)

    def setup_of(self, record: GameRecord, choices: dict[str, Any]) -> dict[str, Any]:
        """The set-up of a record; `choices` gives what a record does not hold (the hint bot, and
        the seats when the record names none)."""
        if record.game != self.name:
            raise DataError("record.game", Message("a record of {name}, not of {game}", name=self.name, game=record.game))
        rules = record.rules or Rules()
        if rules != Rules(edition=rules.edition, two_pawns=rules.two_pawns):
            raise DataError("record.rules", Message("this page plays an edition as printed, with or without the two-pawn rule"))
        seats = recorded_seats(record, BOTS, YOU)
        given = dict(choices) if isinstance(choices, dict) else {}
        if seats is not None:
            given["seats"] = seats
        return self.setup({**given, "seed": record.seed, "players": record.players, "edition": rules.edition, "two_pawns": rules.two_pawns})

    def referee(self, setup: dict[str, Any]) -> SeatReferee:
        return SeatReferee(new_game(setup["players"], setup["seed"], self.rules(setup)), self.seats(setup), setup["language"])

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
        return None if seat is None or len(referee.readers) < 2 else self._say(player(state.colours[seat]))

    def acts(self, state: State) -> bool:
        """Every click is an engine action, a line of the record (a bot's too)."""
        return True

    def over(self, state: State) -> str | None:
        if not state.is_over:
            return None
        language, players = self.language, [player(colour) for colour in state.colours]
        joiner = ", " if language == "en" else "，"
        winners = Listed([players[seat] for seat in state.winners])
        rounds = []
        for result in state.results:
            scores = joiner.join(self._say(Message("{player} {points}", player=name, points=f"{raw:+d}") if scored == raw else
                                           Message("{player} {points} (counts {scored}, MOI-R12)", player=name, points=f"{raw:+d}", scored=f"{scored:+d}"))
                                 for name, raw, scored in zip(players, result.raw, result.scored))
            turns = Message("{count} turn", count=1) if result.turns == 1 else Message("{count} turns", count=result.turns)
            data = {"round": result.round, "turns": turns, "player": players[result.ender], "scores": scores}
            rounds.append(self._say(Message("round {round} ({turns}) ended by a complete cross, on {player}'s turn: {scores}", **data)
                                    if result.reason == "a" else
                                    Message("round {round} ({turns}) ended when the draw pile ran out, on {player}'s turn: {scores}", **data)))
        last = state.results[-1]
        lines = scoring_lines(state, last.reason, last.ender, language)
        if tuple(points for _, points in lines) == last.raw:
            rounds[-1] += " \u2014 " + ("; " if language == "en" else "；").join(words for words, _ in lines)
        data = {"winners": winners, "points": max(state.totals), "totals": totals_words(state, language)}
        won = self._say(Message("{winners} wins with {points} (totals: {totals}).", **data) if len(state.winners) == 1 else
                        Message("{winners} share the win with {points} (totals: {totals}).", **data))
        return ("" if language == "zh-TW" else " ").join([won, *(whole_sentence(words, language) for words in rounds)])

    def won(self, referee: SeatReferee, state: State) -> bool:
        """A reader's seat has the most points, or shares them (a tie shares the victory): in a
        hot-seat game, one reader's win is the page's too."""
        return state.is_over and any(seat in referee.readers for seat in state.winners)

    def hint(self, state: State, bot: str, named: Callable[[str], str]) -> tuple[str, str | None]:
        decision = state.decision
        if decision is None:
            return self._say(Message.text("The game is over: Play again starts a new one.")), None
        action = make_bot(bot, f"hint:{bot_seed(state, decision.seat)}").choose(state, legal_actions(state))
        first = apply(state, action)[1][0]
        # That a hint sees no more than the reader is said once, in the page's How to play.
        return self._say(Message("The {bot} bot would play \u201c{action}\u201d: {what}",
                                 bot=bot_word(bot), action=named(action.text()), what=first.say(self.language))), action.text()

    def digest(self, state: State) -> str:
        return hashlib.sha256(state.to_json().encode()).hexdigest()


def _seat(value: Any, where: str) -> str:
    if value != YOU and value not in BOTS:
        raise DataError(where, Message("\u201cyou\u201d or a bot ({names}), not {value}", names=", ".join(BOTS), value=shown(value)))
    return str(value)


def _yes(value: bool | str, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("true", "yes", "on"):
        return True
    if value in ("false", "no", "off", ""):
        return False
    raise DataError(where, Message("yes or no (true or false), not {value}", value=shown(value)))


PLAY = InfernoPlay()

__all__ = ["CHAPTERS", "PLAY", "InfernoPlay", "SeatReferee", "scoring_lines"]
