"""Mountain of Inferno: cards, positions in notation, what each effect could do, scoring, the game.

Everything a chapter, a widget or a bot needs is importable from here. Standard library only.
"""

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.inferno.actions import (
    Action,
    Cancel,
    DiscardEvents,
    EndPlay,
    LayDisciple,
    Pass,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    Stay,
    Step,
    parse_action,
)
from rulesbook.inferno.bots import GreedyBot, RandomBot, make_bot
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
    parse_card,
)
from rulesbook.inferno.effects import (
    bison_destinations,
    placements,
    princess_destinations,
    red_boy_targets,
    step_destinations,
)
from rulesbook.inferno.game import Decision, GameEvent, GameState, Phase, RoundResult, apply, legal_actions, new_game
from rulesbook.inferno.position import Colour, Coord, Position, cut_places, is_connected
from rulesbook.inferno.records import GameRecord, play_game, state_from_dict, state_from_json, state_to_dict, state_to_json
from rulesbook.inferno.render import cards_svg, position_svg, show, show_cards
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.scoring import complete_crosses, score, windows

__all__ = [
    "Action",
    "Cancel",
    "Card",
    "Colour",
    "Coord",
    "DECK",
    "DISCIPLE_CARDS",
    "DISCIPLE_VALUES",
    "Decision",
    "DiscardEvents",
    "Disciple",
    "DiscipleCard",
    "EVENT_CARDS",
    "EVENT_COUNTS",
    "EndPlay",
    "EventCard",
    "EventKind",
    "GameEvent",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "IllegalAction",
    "LayDisciple",
    "NotationError",
    "Pass",
    "Phase",
    "PlacePawn",
    "PlayBison",
    "PlayPrincess",
    "PlayRedBoy",
    "Position",
    "RandomBot",
    "RoundResult",
    "Rules",
    "Stay",
    "Step",
    "apply",
    "bison_destinations",
    "complete_crosses",
    "cut_places",
    "full_deck",
    "is_connected",
    "legal_actions",
    "make_bot",
    "new_game",
    "parse_action",
    "parse_card",
    "placements",
    "play_game",
    "position_svg",
    "princess_destinations",
    "red_boy_targets",
    "score",
    "show",
    "show_cards",
    "cards_svg",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "step_destinations",
    "windows",
]
