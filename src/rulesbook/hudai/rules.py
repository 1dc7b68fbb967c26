"""The one value that holds every number, variant and house rule of a Hudai Pass game.

Each field is either a number the rulebook prints (its Setup and turn structure) or settled by a
ruling of the register in `rulesbook.hudai.rulings` (HUD-R.. from the project's rulings, HUD-P..
the project's own decisions on gaps); `rulings.RULEBOOK_FIELDS` and `Ruling.fields` say which.
The card set is a value too (HUD-R01): `Rules(cards=load_cards("my.csv"))`. Types and
combinations are checked when the rules are made, so a bad one never starts a game:

>>> Rules(max_turns="100")
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.max_turns: expected a whole number, not '100'
>>> Rules(powers=("drain", "drain", "confuse"))
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.powers: the demon's three tiles are different; drain (drop) is given twice (HUD-R12: the box has one tile of each symbol)
>>> most_actions(Rules()) <= MAX_ACTIONS
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesbook.core.data import DataError
from rulesbook.core.errors import shown
from rulesbook.core.house import HouseRule
from rulesbook.core.rules import RulesData
from rulesbook.hudai.cards import MOST_CARDS, POWER_SYMBOLS, CardSet, reconstructed_cards

POSITIONS = ("left", "centre", "right")
POSITION_INDEX = {"left": 0, "centre": 1, "center": 1, "right": 2}

#: The most actions one game may take (the protocol's `max_actions`); rules that could make a game
#: longer are refused when made (see `most_actions`).
MAX_ACTIONS = 25_000

_AT_LEAST_ONE = ("monk_health", "corruption_capacity", "demon_health", "hand_size", "power_limit", "max_turns")
_NOT_NEGATIVE = ("cubes_per_power", "river_size", "opening_hand", "max_white_per_combo")
#: Counts of cards to draw (a hand filled, the Mind River dealt): no card set holds more than `MOST_CARDS`.
_CARDS_DRAWN = ("hand_size", "river_size", "opening_hand")
#: Cubes (health, corruption, a power): a table holds no more than this many; more would be no game
#: anyone sets up, and numbers past what a float holds would break the statistics of a run.
MOST_CUBES = 999
_CUBES = ("monk_health", "corruption_capacity", "demon_health", "cubes_per_power", "power_limit")

#: The moments at which a house rule of one's own (`Rules.house`, `rulesbook.core.house`) runs:
#: "turn_start": a turn begun (the turn counted, its counters at zero; the first turn's in
#:     `new_game`, after the opening hand), before the monk's first decision of step 1;
#: "turn_end": the monk's part of the turn over (step 2's card obtained or passed, the Mind River
#:     refilled), before the demon's turn, steps 3-5 (staged damage, filling the hand, the powers).
MOMENTS = ("turn_start", "turn_end")


@dataclass(frozen=True, repr=False)  # RulesData's repr: what differs from the printed game
class Rules(RulesData):
    """Numbers from the rulebook's Setup, the rulings' defaults, and the project's decisions on gaps;
    `house`: house rules of one's own, functions run at a turn's start or end (`MOMENTS`,
    `rulesbook.core.house_rule`), which a record names (empty: none, the rulebook as printed)."""

    game_title = "Hudai Pass"
    house_moments = MOMENTS

    # Setup: "Take 12 green cubes as your health and set 12 blue cubes as the maximum ... corruption".
    monk_health: int = 12
    corruption_capacity: int = 12
    # Setup: "Give him 12 yellow cubes as his health ... distribute 2 onto each demon power".
    demon_health: int = 12
    cubes_per_power: int = 2
    # HUD-R02: Drop, Cog, 3 Circles from left to right; HUD-R12: three different tiles.
    powers: tuple[str, str, str] = ("drain", "confuse", "mind_pierce")
    hand_size: int = 4  # "Fill your hand up to four cards"
    river_size: int = 3  # "Draw three of these cards openly ... This is your Mind River"
    power_limit: int = 12  # "any of the demon's powers exceeds 12, you lose" (HUD-R09: at once)
    max_white_per_combo: int = 2  # "Only two white cards are allowed per combo"
    # HUD-R10: the monk starts with this many cards, which do not feed the demon (0: the literal
    # Setup, which deals no hand).
    opening_hand: int = 4
    # HUD-P05: a game still running after this many turns is lost ("turn_limit").
    max_turns: int = 100
    # HUD-P04: when the mind deck runs out, its discard pile is shuffled into a new mind deck.
    reshuffle_mind_deck: bool = True
    # HUD-R01: the cards of the game; the reconstructed set unless a teacher loads another.
    cards: CardSet = field(default_factory=reconstructed_cards)
    # House rules of one's own, as functions (none: the rulebook as printed).
    house: tuple[HouseRule, ...] = ()

    def check_types(self) -> None:
        if not isinstance(self.cards, CardSet):
            raise DataError("Rules.cards", f"a card set, such as load_cards('my.csv'), not {self.cards!r:.60} (HUD-R01)")
        powers = self.powers
        if not isinstance(powers, tuple) or len(powers) != 3 or not all(isinstance(power, str) for power in powers):
            raise DataError("Rules.powers", f"three power names, left to right, not {powers!r:.60} (HUD-R02)")
        super().check_types()

    def check(self) -> None:
        """The checks of values and combinations, once every field has its type (HUD-R02, HUD-R12)."""
        for power in self.powers:
            if power not in POWER_SYMBOLS:
                raise DataError("Rules.powers", f"{power!r} is not a demon power; use {', '.join(POWER_SYMBOLS)}")
        twice = sorted({power for power in self.powers if self.powers.count(power) > 1})
        if twice:
            raise DataError("Rules.powers", f"the demon's three tiles are different; {', '.join(twice)} "
                            f"({', '.join(POWER_SYMBOLS[p] for p in twice)}) is given twice (HUD-R12: the box has one tile of each symbol)")
        for name in _AT_LEAST_ONE:
            if getattr(self, name) < 1:
                raise DataError(f"Rules.{name}", f"must be at least 1, not {shown(getattr(self, name))}")
        for name in _NOT_NEGATIVE:
            if getattr(self, name) < 0:
                raise DataError(f"Rules.{name}", f"must not be negative, not {shown(getattr(self, name))}")
        for name in _CUBES:
            if getattr(self, name) > MOST_CUBES:
                raise DataError(f"Rules.{name}", f"at most {MOST_CUBES} cubes, not {shown(getattr(self, name))}")
        for name in _CARDS_DRAWN:
            if getattr(self, name) > MOST_CARDS:
                raise DataError(f"Rules.{name}", f"at most {MOST_CARDS}, not {shown(getattr(self, name))}: no card set holds more cards "
                                                 f"(each colour has each value 1-6 once, HUD-R01), so no more can be drawn")
        self._check_set_up()
        if self.max_turns > MAX_ACTIONS:  # each turn takes an action at least
            raise DataError("Rules.max_turns", f"at most {MAX_ACTIONS:,} turns, not {shown(self.max_turns)}: a game may take "
                                               f"{MAX_ACTIONS:,} actions (HUD-P05)")
        most = most_actions(self)
        if most > MAX_ACTIONS:
            turns = MAX_ACTIONS // actions_per_turn(self.cards)
            raise DataError("Rules.max_turns", f"a game of {self.max_turns} turns could take {most:,} actions, more than the "
                            f"{MAX_ACTIONS:,} a game may take; with these {len(self.cards)} cards at most {turns} turns (HUD-P05)")

    def _check_set_up(self) -> None:
        """Set-up puts cubes_per_power on each power, and a power above the limit loses at once
        (HUD-R09): more than the limit would start a game already lost. Set-up deals the opening hand
        and the Mind River as far as their decks allow, as a turn fills "if possible", so those may be
        larger than a small card set's decks."""
        if self.cubes_per_power > self.power_limit:
            raise DataError("Rules.cubes_per_power", f"at most the power_limit ({self.power_limit}), not {self.cubes_per_power}: "
                                                     "a power above the limit loses at once (HUD-R09), so the game would be lost at set-up")

    def field_to_data(self, name: str, value: Any) -> Any:
        """A card set other than the reconstructed one is embedded whole, so a record or a state
        replays anywhere (HUD-R01)."""
        if name == "cards":
            return self.cards.to_data()
        return super().field_to_data(name, value)

    @classmethod
    def field_from_data(cls, name: str, value: Any) -> Any:
        if name == "cards":
            return CardSet.from_data(value)
        return super().field_from_data(name, value)


def actions_per_turn(cards: CardSet) -> int:
    """A bound on one turn's actions with this card set. A card is played at most once a turn
    (it stays in the combo), and each play opens at most three features and one Flow decision; a
    discard needs a card in hand, and cards come to hand in step 1 only by the free black card and
    by Flow, which itself needs a play: so at most a card each, and one black card. Then the black
    card, the end of the combo, a swap and the obtain (or pass)."""
    count = len(cards)
    return 5 * count + (count + 1) + 4


def most_actions(rules: Rules) -> int:
    """A bound on the actions of a whole game under these rules (HUD-P05 ends it after max_turns)."""
    return rules.max_turns * actions_per_turn(rules.cards)
