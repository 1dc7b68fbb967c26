"""The whole table of a Hudai Pass game as plain data: cards by place, cubes, and the pending decision.

Piles are lists of card codes; the top of the draw pile and of the mind deck is the *last* item.
Cube counts of the demon's powers are ordered left, centre, right (Rules.powers names them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields

from rulesbook.hudai.cards import POWER_NAMES
from rulesbook.hudai.rules import Rules

# What the monk is being asked (the phase of the turn).
COMBO = "combo"  # step 1: play, discard, take black, use a feature of the last card, or end
FLOW = "flow"  # step 1, after Flow: remove a combo card for good, or keep them (HUD-R04)
OBTAIN = "obtain"  # step 2: swap a river card, obtain one, or pass (HUD-R08)
OVER = "over"  # the game has ended; `outcome` says how

# Outcomes: the monk wins, or loses by one of the ways the rulebook's "Play" lists (HUD-R09).
WON = "won"
LOST_HEALTH = "health"
LOST_CORRUPTION = "corruption"
LOST_POWER = "power"
LOST_TURN_LIMIT = "turn_limit"
LOSSES = (LOST_HEALTH, LOST_CORRUPTION, LOST_POWER, LOST_TURN_LIMIT)

PILES = ("draw_pile", "hand", "discard", "combo", "removed", "black_supply", "mind_deck", "mind_discard", "mind_river")


@dataclass(repr=False)
class HudaiState:
    """Everything needed to continue (and replay) the game; `apply` never changes a state, it copies."""

    seed: int | str
    rules: Rules
    turn: int = 1
    phase: str = COMBO
    outcome: str | None = None
    # the monk's cards
    draw_pile: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    combo: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    black_supply: list[str] = field(default_factory=list)
    mind_deck: list[str] = field(default_factory=list)
    mind_discard: list[str] = field(default_factory=list)
    mind_river: list[str] = field(default_factory=list)
    # cubes
    monk_health: int = 12
    corruption: int = 0
    demon_health: int = 12
    powers: list[int] = field(default_factory=lambda: [0, 0, 0])
    pinned: list[int] = field(default_factory=lambda: [0, 0, 0])
    staged_damage: int = 0
    demon_block: int = 0  # Demon Defend: monk damage still to be blocked this turn (HUD-R07)
    entangled: bool = False  # Entangle: this turn's combo is a single card
    # this turn's combo
    purchase: int = 0
    current_card: str | None = None  # the card whose features may still be used (the last one played)
    open_features: list[str] = field(default_factory=list)  # its unused features: value, symbol, colour
    cards_played: int = 0
    whites_played: int = 0
    took_black: bool = False
    swapped: bool = False
    shuffles: int = 0  # how many reshuffles so far; labels the next one's randomness

    @property
    def last_card(self) -> str | None:
        return self.combo[-1] if self.combo else None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def won(self) -> bool:
        return self.outcome == WON

    def copy(self) -> HudaiState:
        """A copy whose lists may be changed without touching this state."""
        new = object.__new__(HudaiState)
        # A plain dict set as the copy's own: updating the dict Python makes for a new object keeps
        # the keys it shares with its class, and on CPython 3.11 every field read of such an
        # object takes a slower path (about 20 ns instead of 8).
        fields = dict(self.__dict__)
        for name in _LIST_FIELDS:
            fields[name] = list(fields[name])
        new.__dict__ = fields
        return new

    def all_cards(self) -> list[str]:
        """Every card of the game, wherever it lies (for the conservation check)."""
        cards: list[str] = []
        for pile in PILES:
            cards.extend(getattr(self, pile))
        return cards

    def to_dict(self) -> dict:
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        data["rules"] = self.rules.to_dict()
        for name in _LIST_FIELDS:
            data[name] = list(data[name])
        return data

    @classmethod
    def from_dict(cls, data: dict) -> HudaiState:
        unknown = set(data) - set(_FIELD_NAMES)
        if unknown:
            raise ValueError(f"unknown Hudai Pass state fields: {', '.join(sorted(unknown))}")
        values = dict(data)
        values["rules"] = Rules.from_dict(data["rules"]) if isinstance(data["rules"], dict) else data["rules"]
        for name in _LIST_FIELDS:
            if name in values:
                values[name] = list(values[name])
        return cls(**values)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> HudaiState:
        return cls.from_dict(json.loads(text))

    def __repr__(self) -> str:
        """Short and stable (a notebook shows it; nbval compares it): the summary, not every pile."""
        return f"HudaiState({self.summary()})"

    def summary(self) -> str:
        """One line a person can read: health, corruption, demon, powers."""
        names = self.rules.powers
        powers = ", ".join(
            f"{POWER_NAMES[name]} {count}" + (f" (+{pin} pinned)" if pin else "") for name, count, pin in zip(names, self.powers, self.pinned)
        )
        return (
            f"turn {self.turn}: monk health {self.monk_health}, corruption {self.corruption}/{self.rules.corruption_capacity}, "
            f"demon health {self.demon_health}, staged damage {self.staged_damage}; powers {powers}; "
            f"hand {' '.join(self.hand) or '-'}; mind river {' '.join(self.mind_river) or '-'}"
        )


_FIELD_NAMES = tuple(f.name for f in fields(HudaiState))
_LIST_FIELDS = (*PILES, "powers", "pinned", "open_features")
