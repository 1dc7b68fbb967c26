"""Hudai Pass on a Play page (`rulesbook.lessons.play`): the reader is the monk, over the table's
referee (`rulesbook.lessons.hudai.table`). Standard library only."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from rulesbook.core.data import DataError, expect, items, only_fields, shown, take
from rulesbook.core.records import GameRecord
from rulesbook.core.words import sentence
from rulesbook.hudai.actions import Action, Flow, SwapRiver
from rulesbook.hudai.bots import BOTS as HUDAI_BOTS, make_bot as make_hudai_bot
from rulesbook.hudai.cards import POWER_NAMES, RECONSTRUCTED, CardFileError, CardSet, parse_card_file
from rulesbook.hudai.engine import apply_steps, legal_actions, new_game as new_hudai_game
from rulesbook.hudai.rules import Rules as HudaiRules
from rulesbook.hudai.state import WON, State
from rulesbook.lessons.hudai.table import LOSS_WORDS, Moment, TableReferee, place_words
from rulesbook.lessons.play import PlayGame, seed_of

#: The card set's value on the form when the reader picked "your own card file" but no file yet.
OWN_FILE = "file"
#: The longest name a card file may go by (the page sends the file's name as its source).
MAX_SOURCE = 200
#: The form's names of the demon's three tiles (book/play/hudai.md), left to right.
TILES = ("Left tile", "Centre tile", "Right tile")


class PlayReferee(TableReferee):
    """The table as the Play page shows it: the demon's turn plays by itself, a step at a time (the
    page clicks Go on), where a chapter's board asks the reader to."""

    DEMON_TURN = "Now the demon's turn plays by itself, a step at a time: each step shows here and in the list below the board."


class HudaiPlay(PlayGame):
    """Hudai Pass on a Play page: the reader is the monk; the demon's turn is played step by step
    by the page (`auto`), each step the engine's events in words."""

    name = "hudai"
    picture = "hudai"
    #: The set-up's fields: the seed, the demon's three tiles left to right (HUD-R02, HUD-R12),
    #: the card set (HUD-R01: the reconstructed set by name, or a teacher's card file embedded,
    #: {"source", "csv"}, as `CardSet.to_data` writes it), the bot that gives hints.
    FIELDS = ("seed", "powers", "cards", "hint_bot")

    def setup(self, data: Any) -> dict[str, Any]:
        """The set-up from the page's form, checked (DataError naming the field); the rules made
        from it refuse a bad combination (three different tiles, HUD-R12)."""
        only_fields(data, self.FIELDS, "setup")
        seed = seed_of(data, "setup")
        powers = take(data, "powers", list, "setup", default=list(HudaiRules().powers))
        if len(powers) != 3 or not all(isinstance(power, str) for power in powers):
            raise DataError("setup.powers", "three demon tiles, left to right (HUD-R02)")
        for index, power in enumerate(powers):  # said as the form says it, naming the select
            if power in POWER_NAMES and power in powers[:index]:
                raise DataError(f"setup.powers[{index}]", f"{TILES[index]}: {POWER_NAMES[power]} is the {TILES[powers.index(power)].lower()} "
                                "already; the demon's three tiles are different (HUD-R12: the box has one tile of each symbol)")
        cards = card_set_data(take(data, "cards", (str, dict), "setup", default=RECONSTRUCTED))
        hint_bot = take(data, "hint_bot", str, "setup", default=next(iter(HUDAI_BOTS)))
        if hint_bot not in HUDAI_BOTS:
            raise DataError("setup.hint_bot", f"one of {', '.join(HUDAI_BOTS)}, not {shown(hint_bot)}")
        setup = {"seed": seed, "powers": powers, "cards": cards, "hint_bot": hint_bot}
        self.rules(setup)
        return setup

    def you(self, setup: dict[str, Any]) -> str:
        return "You are the monk; the demon plays his own turn."

    def rules(self, setup: dict[str, Any]) -> HudaiRules:
        try:
            return HudaiRules(powers=tuple(setup["powers"]), cards=_card_set(_key(setup["cards"])))
        except DataError as error:  # the tiles (HUD-R12), or a game these cards make too long (HUD-P05)
            raise DataError("setup.powers" if error.field == "Rules.powers" else "setup.cards", error.why) from None

    def record(self, setup: dict[str, Any], actions: list[str], referee: Any = None) -> GameRecord:
        return GameRecord("hudai", 1, setup["seed"], self.rules(setup), list(actions))

    def setup_of(self, record: GameRecord, choices: dict[str, Any]) -> dict[str, Any]:
        """The set-up of a record; `choices` gives what a record does not hold (the hint bot)."""
        if record.game != self.name:
            raise DataError("record.game", f"a record of {self.name}, not of {record.game}")
        rules = record.rules or HudaiRules()
        if rules != HudaiRules(powers=rules.powers, cards=rules.cards):
            raise DataError("record.rules", "this page plays the rulebook's numbers with a choice of demon tiles and card set only")
        return self.setup({**choices, "seed": record.seed, "powers": list(rules.powers), "cards": rules.cards.to_data()})

    def referee(self, setup: dict[str, Any]) -> TableReferee:
        return PlayReferee(new_hudai_game(seed=setup["seed"], rules=self.rules(setup)))

    def auto(self, referee: TableReferee, m: Moment) -> dict[str, str] | None:
        """The demon's next step, when the demon's turn is being walked: the shell's "Go on" click."""
        if not m.walk:
            return None
        following = referee.steps(m)[m.step + 1]
        return {"choice": "next", "place": following.place}

    def acts(self, m: Moment) -> bool:
        """Whether a click from this moment is the monk's action (a line of the record)."""
        return not m.walk

    def over(self, m: Moment) -> str | None:
        table = m.table
        if m.walk or table.outcome is None:
            return None
        turns = f"{table.turn} turn{'s' if table.turn != 1 else ''}"
        tiles = ", ".join(POWER_NAMES[name] for name in table.rules.powers)
        if table.outcome == WON:
            return (f"The monk has won in {turns}: the demon has no health left (the rulebook's Play). "
                    f"The monk kept {table.monk_health} health and {table.corruption} corruption; the demon's tiles were {tiles}.")
        why = LOSS_WORDS.get(table.outcome, table.outcome)
        powers = ", ".join(f"{place_words(f'power:{p}', table)} {n}" for p, n in zip(("left", "centre", "right"), table.powers))
        return (f"The monk has lost in {turns}: {why}. At the end: health {table.monk_health}, corruption "
                f"{table.corruption} of {table.rules.corruption_capacity}, demon health {table.demon_health}; "
                f"cubes on the powers: {powers} (more than {table.rules.power_limit} loses).")

    def won(self, referee: TableReferee, m: Moment) -> bool:
        """The monk won (the demon has no health left): the reader's side."""
        return not m.walk and m.table.outcome == WON

    def hint(self, m: Moment, bot: str, named: Callable[[str], str]) -> tuple[str, str | None]:
        """What the hint bot would do here in words, and its action: the action and what the monk
        can already see (`hint_words`), never a card still face down."""
        table = m.table
        if m.walk:
            return "Nothing to decide: the demon's turn plays itself, a step at a time.", None
        if table.outcome is not None:
            return "The game is over: Play again starts a new one.", None
        action = make_hudai_bot(bot, f"{table.seed}:hint:{table.turn}").choose(table, legal_actions(table))
        return f"The {bot} bot would choose \u201c{named(action.text())}\u201d: {hint_words(table, action)}", action.text()

    def digest(self, m: Moment) -> str:
        return hashlib.sha256(m.table.to_json().encode()).hexdigest()


def hint_words(table: State, action: Action) -> str:
    """What an action does, as a hint says it before it is made: the engine's sentence, except for
    the actions that draw a card still face down (Flow from the draw pile, a swap from the mind
    deck), whose sentence would name that card; those say what they do, and no card drawn."""
    removal = "then you may remove one card of the combo from the game (HUD-R04)"
    if isinstance(action, Flow):
        if not table.draw_pile and not table.discard:
            return f"Flow draws nothing, the draw pile and the discard pile being empty; {removal}."
        shuffle = "" if table.draw_pile else ", once the discard pile is shuffled into a new one (HUD-P04)"
        return f"Flow draws the top card of your draw pile{shuffle}; {removal}."
    if isinstance(action, SwapRiver):
        return (f"{action.card} leaves the Mind River for the mind discard pile, and a new card from the mind deck "
                "takes its place (HUD-R08).")
    first = next(event for event, _ in apply_steps(table, action) if event.kind != "reshuffle")
    return sentence(first.text)


def card_set_data(value: str | dict[str, Any]) -> str | dict[str, Any]:
    """The set-up's card set as `CardSet.to_data` writes it: the reconstructed set by name
    (HUD-R01), or a teacher's card file, {"source": its name, "csv": its text or its lines}, read
    now; DataError with the card file's own error, naming the line, for a file that cannot be used."""
    if value == RECONSTRUCTED:
        return RECONSTRUCTED
    if value == OWN_FILE:
        raise DataError("setup.cards", "choose your card file (the CSV format of data/cards.csv) next to the card set, or the reconstructed set (HUD-R01)")
    if not isinstance(value, dict):
        raise DataError("setup.cards", f"{RECONSTRUCTED!r} (HUD-R01) or a card file, {{'source': NAME, 'csv': TEXT}}, not {shown(value)}")
    only_fields(value, ("source", "csv"), "setup.cards")
    source = take(value, "source", str, "setup.cards", default="") or "your card file"
    if len(source) > MAX_SOURCE:
        raise DataError("setup.cards.source", f"a file name of {len(source):,} characters; at most {MAX_SOURCE}")
    text = take(value, "csv", (str, list), "setup.cards")
    if isinstance(text, list):
        text = "\n".join(items(text, "setup.cards.csv", lambda line, where: str(expect(line, str, where))))
    try:
        return parse_card_file(text, source).to_data()
    except CardFileError as error:
        raise DataError("setup.cards", str(error)) from None


def _key(data: str | dict[str, Any]) -> tuple[str, ...]:
    """A card set's data as a hashable key: its name, or its source and lines."""
    return (data,) if isinstance(data, str) else (data["source"], *data["csv"])


@functools.lru_cache(maxsize=8)
def _card_set(key: tuple[str, ...]) -> CardSet:
    """The card set of a set-up, read once per set (the rules are made at every record and board)."""
    return CardSet.from_data(key[0] if len(key) == 1 else {"source": key[0], "csv": list(key[1:])})


PLAY = HudaiPlay()

__all__ = ["OWN_FILE", "PLAY", "HudaiPlay", "PlayReferee", "card_set_data", "hint_words"]
