"""Mountain of Inferno: cards, positions in notation, what each effect could do, scoring, the game.

The package has the shape of every game of the book: `state` (State, Phase), `rules` (Rules),
`actions` (each action's text form and parser side by side), `engine` (new_game, legal_actions,
refusal, apply), `moment` (game_moment, play_out), `render`, `rulings`, `bots` and `protocol`.
Everything a chapter, a widget or a bot needs is importable from here. Standard library only.

>>> mountain = Position.parse("MK+1 SB-3@R\\nDH+2@B PM+1")   # one line of text per row of the Mountain
>>> sorted(bison_destinations(mountain, "R"))                # Blue's card is full: one pawn to a card
[(0, 0), (1, 1)]
>>> score(mountain, "R"), score(mountain, "B")               # best row plus best column, the pawn's card once
(-1, 4)
>>> state = new_game(3, seed=1)
>>> state.decision.colour, legal_actions(state)[0]
(<Colour.RED: 'R'>, PlacePawn(place=(0, 0)))
>>> state, events = apply(state, legal_actions(state)[0])
"""

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.events import Event
from rulesbook.inferno import actions
from rulesbook.inferno.actions import *  # noqa: F403  (the action values: actions.__all__)
from rulesbook.inferno.bots import BOTS, GreedyBot, RandomBot, SearchBot, make_bot
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
from rulesbook.inferno.engine import (
    MountainLayout,
    apply,
    apply_legal,
    is_legal,
    legal_actions,
    mountain_layout,
    new_game,
    refusal,
    round_scores,
)
from rulesbook.inferno.moment import game_moment, play_out
from rulesbook.inferno.names import names_table
from rulesbook.inferno.protocol import GAME
from rulesbook.inferno.position import REACH, Colour, Coord, Position, cut_places, is_connected
from rulesbook.inferno.render import cards_svg, position_svg, show, show_cards, show_track
from rulesbook.inferno.rules import MOMENTS, Rules
from rulesbook.inferno.rulings import BY_ID, RULINGS, rulings_table
from rulesbook.inferno.scoring import COLUMN, ROW, best_window, complete_crosses, score, windows
from rulesbook.inferno.state import HAND_SIZE, Decision, Phase, RoundResult, State

__all__ = [
    "BOTS", "BY_ID", "COLUMN", "Card", "Colour", "Coord", "DECK", "DISCIPLE_CARDS", "DISCIPLE_VALUES", "Decision",
    "Disciple", "DiscipleCard", "EVENT_CARDS", "EVENT_COUNTS", "Event", "EventCard", "EventKind", "GAME", "GreedyBot",
    "HAND_SIZE", "IllegalAction", "MOMENTS", "MountainLayout", "NotationError", "Phase", "Position", "REACH", "ROW", "RULINGS",
    "RandomBot", "RoundResult", "Rules", "SearchBot", "State", "apply", "apply_legal", "best_window", "bison_destinations",
    "cards_svg", "complete_crosses", "cut_places", "full_deck", "game_moment", "is_connected", "is_legal",
    "legal_actions", "make_bot", "mountain_layout", "names_table", "new_game", "parse_card", "placements", "play_out", "position_svg",
    "princess_destinations", "red_boy_targets", "refusal", "round_scores", "rulings_table", "score", "show",
    "show_cards", "show_track", "step_destinations", "windows",
]
__all__ += actions.__all__
