"""The one value that holds every number, variant and house rule of a Hudai Pass game.

Decisions the project took where neither the rulebook nor RULINGS.md settles a question (the
engine's comments say "decision" where each applies):

- the opening hand (`opening_hand`), the turn limit (`max_turns`) and the mind-deck reshuffle
  (`reshuffle_mind_deck`) are fields below;
- a new card is placed at the end of the combo row; after a Flow removal the row is what is left
  (the next card must fit the new last card), and the white limit counts every white played;
- a card removed by Flow loses its unused features;
- Defend and blue need staged damage to remove; Pin and yellow set aside what the power has
  (at most 3 and 1); a power's cubes "exceeding 12" are its cubes on the tile (pinned cubes are
  counted again when they come back, and may lose the game then);
- step 4 feeds the demon and step 2 prices a card by the printed value (the green +1 and the
  black 6 apply only when the monk plays the card, as HUD-R06 says for the powers);
- the demon's Defend blocks Stab and red damage until the monk's combo ends (HUD-R07);
- the Mind River swap draws its replacement before the swapped card reaches the mind discard
  pile, so the replacement is always "a new drawn card".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from rulesbook.hudai.cards import POWER_SYMBOLS, CardSet, load_cards

POSITIONS = ("left", "centre", "right")
POSITION_INDEX = {"left": 0, "centre": 1, "center": 1, "right": 2}


@dataclass(frozen=True)
class Rules:
    """Numbers from the rulebook's Setup, the rulings' defaults, and the project's decisions on gaps.

    Fields marked "decision" are not settled by the rulebook or RULINGS.md (see the module docs).
    """

    # Setup: "Take 12 green cubes as your health and set 12 blue cubes as the maximum ... corruption".
    monk_health: int = 12
    corruption_capacity: int = 12
    # Setup: "Give him 12 yellow cubes as his health ... distribute 2 onto each demon power".
    demon_health: int = 12
    cubes_per_power: int = 2
    # HUD-R02: Drop, Cog, 3 Circles from left to right.
    powers: tuple[str, str, str] = ("drain", "confuse", "mind_pierce")
    hand_size: int = 4  # "Fill your hand up to four cards"
    river_size: int = 3  # "Draw three of these cards openly ... This is your Mind River"
    power_limit: int = 12  # HUD-R09: a power above this loses at once
    max_white_per_combo: int = 2  # HUD-R03
    # decision: the Setup deals no hand, yet turn 1 starts by playing a combo; we deal this many
    # cards at set-up without feeding the demon (0 gives the literal reading).
    opening_hand: int = 4
    # decision: a game still running after this many turns is lost ("turn_limit"), so a bot
    # that never acts cannot loop for ever.
    max_turns: int = 100
    # decision: when the mind deck runs out, its discard pile is shuffled into a new mind deck.
    reshuffle_mind_deck: bool = True
    # A teacher's card file (same format as data/cards.csv); None = the reconstructed set, HUD-R01.
    cards_path: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "powers", tuple(self.powers))
        if len(self.powers) != 3:
            raise ValueError(f"the demon has three powers (rulebook, Setup); got {len(self.powers)}")
        for power in self.powers:
            if power not in POWER_SYMBOLS:
                raise ValueError(f"{power!r} is not a demon power; use {', '.join(POWER_SYMBOLS)}")
        for name in ("monk_health", "corruption_capacity", "demon_health", "hand_size", "power_limit"):
            if getattr(self, name) < 1:
                raise ValueError(f"Rules.{name} must be at least 1")
        for name in ("cubes_per_power", "river_size", "opening_hand", "max_white_per_combo"):
            if getattr(self, name) < 0:
                raise ValueError(f"Rules.{name} must not be negative")

    @property
    def cards(self) -> CardSet:
        return load_cards(self.cards_path)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["powers"] = list(self.powers)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        known = {field.name for field in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Rules fields: {', '.join(sorted(unknown))}")
        return cls(**data)
