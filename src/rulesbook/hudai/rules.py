"""The one value that holds every number, variant and house rule of a Hudai Pass game.

Each field is either a number the rulebook prints (its Setup and turn structure) or settled by a
ruling of the register in `rulesbook.hudai.rulings` (HUD-R.. from the project's rulings, HUD-P..
the project's own decisions on gaps); `rulings.RULEBOOK_FIELDS` and `Ruling.fields` say which.
The card set is a value too (HUD-R01): `Rules(cards=load_cards("my.csv"))`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from rulesbook.hudai.cards import POWER_SYMBOLS, CardSet, reconstructed_cards

POSITIONS = ("left", "centre", "right")
POSITION_INDEX = {"left": 0, "centre": 1, "center": 1, "right": 2}


@dataclass(frozen=True)
class Rules:
    """Numbers from the rulebook's Setup, the rulings' defaults, and the project's decisions on gaps."""

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
    power_limit: int = 12  # HUD-R09: a power above this loses at once
    max_white_per_combo: int = 2  # HUD-R03
    # HUD-R10: the monk starts with this many cards, which do not feed the demon (0: the literal
    # Setup, which deals no hand).
    opening_hand: int = 4
    # HUD-P05: a game still running after this many turns is lost ("turn_limit").
    max_turns: int = 100
    # HUD-P04: when the mind deck runs out, its discard pile is shuffled into a new mind deck.
    reshuffle_mind_deck: bool = True
    # HUD-R01: the cards of the game; the reconstructed set unless a teacher loads another.
    cards: CardSet = field(default_factory=reconstructed_cards)

    def __post_init__(self) -> None:
        if isinstance(self.powers, str) or not hasattr(self.powers, "__iter__"):
            raise ValueError(f"Rules.powers is three power names, left to right, not {self.powers!r} (HUD-R02)")
        object.__setattr__(self, "powers", tuple(self.powers))
        if len(self.powers) != 3:
            raise ValueError(f"the demon has three powers (rulebook, Setup); got {len(self.powers)}")
        for power in self.powers:
            if not isinstance(power, str) or power not in POWER_SYMBOLS:
                raise ValueError(f"{power!r} is not a demon power; use {', '.join(POWER_SYMBOLS)}")
        twice = sorted({power for power in self.powers if self.powers.count(power) > 1})
        if twice:
            raise ValueError(
                f"the demon's three tiles are different; {', '.join(twice)} ({', '.join(POWER_SYMBOLS[p] for p in twice)}) "
                "is given twice (HUD-R12: the box has one tile of each symbol)"
            )
        for name in ("monk_health", "corruption_capacity", "demon_health", "cubes_per_power", "hand_size",
                     "river_size", "power_limit", "opening_hand", "max_white_per_combo", "max_turns"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Rules.{name} is a whole number, not {value!r}")
        for name in ("monk_health", "corruption_capacity", "demon_health", "hand_size", "power_limit", "max_turns"):
            if getattr(self, name) < 1:
                raise ValueError(f"Rules.{name} must be at least 1")
        for name in ("cubes_per_power", "river_size", "opening_hand", "max_white_per_combo"):
            if getattr(self, name) < 0:
                raise ValueError(f"Rules.{name} must not be negative")
        if not isinstance(self.cards, CardSet):
            raise ValueError(f"Rules.cards is a card set, such as load_cards('my.csv'), not {self.cards!r:.60} (HUD-R01)")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; a card set other than the reconstructed one is embedded whole, so a
        record or a state replays anywhere (HUD-R01)."""
        data: dict[str, Any] = {item.name: getattr(self, item.name) for item in fields(self)}
        data["powers"] = list(self.powers)
        data["cards"] = self.cards.to_data()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The rules that `to_dict` wrote; ValueError naming an unknown field or bad data."""
        known = {item.name for item in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Rules fields: {', '.join(sorted(unknown))}")
        values = dict(data)
        if "cards" in values:
            values["cards"] = CardSet.from_data(values["cards"])
        return cls(**values)
