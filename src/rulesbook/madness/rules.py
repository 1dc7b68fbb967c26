"""The Rules of an expedition: the Expert Variant, the data pack, and the project's decisions where
the rulebook is silent, each a switch a teacher may turn (decisions MAD-P01..P19).

Types are checked when a Rules is made, and so are the values that would make no game: a bad
Rules is refused before any game runs, by the command line and the lab alike.

>>> Rules(expert=True).expert
True
>>> Rules(timer_seconds=-5)
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.timer_seconds: expected a whole number from 0 to 3600, not -5
>>> Rules(boxed_token_source="box-first")
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.boxed_token_source: expected one of 'sled-first', 'discard-first', not 'box-first'

Two house rules change a number the pack holds as the rulebook prints it (`rulings.RULEBOOK_FIELDS`):

>>> Rules().hand(3), Rules(hand_size=4).hand(3), Rules().tokens, Rules(leadership_tokens=4).tokens
(5, 4, 6, 4)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from rulesbook.core.data import DataError, shown, whole
from rulesbook.core.house import HouseRule
from rulesbook.core.rules import RulesData
from rulesbook.madness.pack import MOST, Pack, PackError, default_pack, is_default, parse_pack

BoxedTokenSource = Literal["sled-first", "discard-first"]
#: The longest Sand Timer a table can mean (an hour): it is shown, never enforced (MAD-P01).
MOST_TIMER_SECONDS = 3600
#: The moments at which a house rule of one's own (`Rules.house`, `rulesbook.core.house`) runs:
#: "turn_start": a turn begun (the Sled passed to its Leader, or the first turn's in `new_game`),
#:     before the Movement Phase's first decision;
#: "turn_end": the Rest Phase over (rested or not), before the game's end is judged (three steps
#:     of escape: MAD-R03) and the Sled passes; a turn that loses the game earlier has no end.
MOMENTS = ("turn_start", "turn_end")


@dataclass(frozen=True, repr=False)  # RulesData's repr: what differs from the printed game
class Rules(RulesData):
    """The Expert Variant, the data pack, and the project's decisions where the rulebook is silent.

    expert: the Expert Variant: a player keeps their lower Madness cards when drawing the next level.
    pack: the components as data (MAD-P13): the shipped illustrative pack by default, or a
        teacher's, `Rules(pack=load_pack("my.json"))`. Records carry a pack other than the
        shipped one whole, so they replay anywhere. Its sizes are bounded (`pack.MOST`), so every
        game ends within the protocol's `max_actions`.
    timer_seconds: the Sand Timer, shown and never enforced; the Leader calls time (MAD-P01).
    speech_penalty: a player may break the silence; the Penalty Die is rolled at once (MAD-P02).
    speech_confusion_cards: what Confusion from a broken silence discards (MAD-P02), at most the
        pack's Equipment deck.
    cards_stay_on_restart: restarting the Encounter keeps the cards on the Sled (MAD-P03).
    boxed_token_source: where a token sent to the box comes from, "sled-first" or
        "discard-first" (MAD-P05).
    relic_recipient_below_level_3: a Relic goes to a player below Madness Level 3 while there is
        one (MAD-P06); when off, a Level 3 recipient draws nothing and pays a token only when
        everyone is at Level 3 (MAD-R07).

    House rules (None: the pack's number, which the shipped pack takes from the rulebook):
    hand_size: the Equipment cards dealt to each player, and the hand limit before tokens, at
        every table size; None: the pack's (3 players 5, 4 players 4, 5 players 3).
    leadership_tokens: how many Leadership tokens the expedition has; None: the pack's (6).
    house: house rules of one's own, functions run at a turn's start or end (`MOMENTS`,
        `rulesbook.core.house_rule`), which a record names; empty: none, the rulebook as printed.
    """

    game_title = "At the Mountains of Madness"
    house_moments = MOMENTS

    expert: bool = False
    timer_seconds: int = 30
    speech_penalty: bool = True
    speech_confusion_cards: int = 2
    boxed_token_source: BoxedTokenSource = "sled-first"
    relic_recipient_below_level_3: bool = True
    cards_stay_on_restart: bool = True
    pack: Pack = field(default_factory=default_pack)
    hand_size: int | None = None
    leadership_tokens: int | None = None
    house: tuple[HouseRule, ...] = ()

    def check_types(self) -> None:
        if not isinstance(self.pack, Pack):  # a file's name, most likely: say how a pack is read
            raise DataError("Rules.pack", f"a data pack, such as load_pack('my-pack.json'), not {shown(self.pack)} (MAD-P13)")
        super().check_types()

    def check(self) -> None:
        """Values that would make no game: a timer past an hour, more cards than the deck, and a pack
        whose Leadership tokens could keep an expedition going past the protocol's `max_actions`
        (a pack is checked when parsed; this guards a Pack built any other way)."""
        whole(self.timer_seconds, "Rules.timer_seconds", 0, MOST_TIMER_SECONDS)
        whole(self.pack.leadership_tokens, "Rules.pack.leadership_tokens", 1, MOST["leadership_tokens"])
        if self.leadership_tokens is not None:
            whole(self.leadership_tokens, "Rules.leadership_tokens", 1, MOST["leadership_tokens"])
        if self.hand_size is not None:
            whole(self.hand_size, "Rules.hand_size", 1, MOST["hand"])
            equipment = len(self.pack.equipment)
            for seats in sorted(self.pack.setup):
                if self.hand_size * seats > equipment:
                    raise DataError("Rules.hand_size", f"{seats} hands of {self.hand_size} need {self.hand_size * seats} "
                                    f"Equipment cards; the pack has {equipment}")
        whole(self.speech_confusion_cards, "Rules.speech_confusion_cards", 0, len(self.pack.equipment) + len(self.pack.arcane))

    def hand(self, players: int) -> int:
        """The Equipment cards each of that many players is dealt, and their hand limit before
        tokens (rulebook, Setup step 10): the pack's, or the house rule's `hand_size`."""
        return self.pack.setup[players][0] if self.hand_size is None else self.hand_size

    @property
    def tokens(self) -> int:
        """The expedition's Leadership tokens: the pack's, or the house rule's `leadership_tokens`."""
        return self.pack.leadership_tokens if self.leadership_tokens is None else self.leadership_tokens

    def field_to_data(self, name: str, value: Any) -> Any:
        """The shipped pack by its name, any other pack whole."""
        if name == "pack":
            return value.name if is_default(value) else json.loads(json.dumps(value.raw))
        return super().field_to_data(name, value)

    @classmethod
    def field_from_data(cls, name: str, value: Any) -> Any:
        return pack_from_data(value) if name == "pack" else super().field_from_data(name, value)


def pack_from_data(value: Any) -> Pack:
    """A pack as rules data give it: the shipped pack's name, or a whole pack (a field it gets
    wrong named under rules.pack, where a record holds it)."""
    if isinstance(value, dict):
        try:
            return parse_pack(value)
        except PackError as error:
            raise PackError(f"rules.pack.{error.field}" if error.field else "rules.pack", error.reason, error.source) from None
    default = default_pack()
    if value is None or value == default.name:
        return default
    raise DataError("rules.pack", f"names the data pack {value!r}; only the shipped pack ({default.name!r}) goes by its "
                                  "name, any other pack is carried whole")
