"""Mountain of Inferno: cards, positions in notation, what each effect could do, and scoring.

Everything a chapter, a widget or a bot needs is importable from here. Standard library only.
"""

from rulesbook.inferno.cards import (
    DECK,
    DISCIPLE_CARDS,
    DISCIPLE_VALUES,
    EVENT_CARDS,
    EVENT_COUNTS,
    Card,
    Disciple,
    DiscipleCard,
    EventCard,
    EventKind,
    full_deck,
)
from rulesbook.inferno.effects import (
    bison_destinations,
    placements,
    princess_destinations,
    red_boy_targets,
    step_destinations,
)
from rulesbook.inferno.position import Colour, Coord, Position, cut_places, is_connected
from rulesbook.inferno.render import position_svg, show
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.scoring import complete_crosses, score, windows

__all__ = [
    "DECK",
    "DISCIPLE_CARDS",
    "DISCIPLE_VALUES",
    "EVENT_CARDS",
    "EVENT_COUNTS",
    "Card",
    "Colour",
    "Coord",
    "Disciple",
    "DiscipleCard",
    "EventCard",
    "EventKind",
    "Position",
    "Rules",
    "bison_destinations",
    "complete_crosses",
    "cut_places",
    "full_deck",
    "is_connected",
    "placements",
    "position_svg",
    "princess_destinations",
    "red_boy_targets",
    "score",
    "show",
    "step_destinations",
    "windows",
]
