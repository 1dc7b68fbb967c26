"""At the Mountains of Madness (3-5 players, cooperative): the whole expedition as a rules engine.

Standard library only. The data pack shipped in data/pack.json is ILLUSTRATIVE (rulings
MAD-R02, MAD-R06, MAD-P13): the rulebook does not print the board, the challenges or the card
texts. A teacher passes another pack in the rules: `Rules(pack=load_pack("my.json"))`.

The project's rulings (MAD-R01..R10) and its own decisions where the rulebook is silent
(MAD-P01..P19; the switchable ones are fields of `Rules`) are data in `rulings.RULINGS`:

>>> from rulesbook.madness.rulings import BY_ID
>>> BY_ID["MAD-P03"].fields
('cards_stay_on_restart',)

The game answers the common protocol as `rulesbook.game("madness")`: one game record, one
simulation harness and one command line (`rulesbook simulate madness`) serve it with the others.

For the book: `game_moment(...)` sets any moment of an expedition up by hand and
`play_out(state, ...)` plays on from it; `show(state, seat)` and its parts (`show_mountain`, `show_tile`, `show_cards`,
`show_sled`, `show_players`) draw the table as one seat sees it, never what that seat may not see
(MAD-R08). The clickable board is `rulesbook.widgets.MadnessExpedition`.
"""

from rulesbook.madness import actions, engine, examples
from rulesbook.madness.actions import *  # noqa: F403  (the action values: actions.__all__)
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.events import Event
from rulesbook.madness.bots import (
    BOTS, PLAYERS, ExpeditionBot, ExpeditionPlayer, RandomBot, RandomPlayer, SearchBot, Table, make_bot, make_player, team_plan,
)
from rulesbook.madness.challenges import CardFace, Challenge, parse_card, parse_challenge, resolve_challenges
from rulesbook.madness.engine import *  # noqa: F403  (the engine's functions: engine.__all__)
from rulesbook.madness.moment import game_moment, play_out
from rulesbook.madness.pack import Pack, PackError, default_pack, load_pack, parse_pack
from rulesbook.madness.protocol import GAME, event_text
from rulesbook.madness.render import show, show_cards, show_mountain, show_players, show_sled, show_tile
from rulesbook.madness.rulings import BY_ID, RULINGS, rulings_table
from rulesbook.madness.rules import MOMENTS, Rules
from rulesbook.madness.state import Decision, Phase, State
from rulesbook.madness.views import player_view

__all__ = [
    "BOTS", "BY_ID", "CardFace", "Challenge", "Decision", "Event", "ExpeditionBot", "ExpeditionPlayer", "GAME", "IllegalAction", "MOMENTS",
    "NotationError", "PLAYERS", "Pack", "PackError", "Phase", "RULINGS", "RandomBot", "RandomPlayer", "Rules", "SearchBot", "State",
    "Table", "default_pack", "event_text", "examples", "game_moment", "load_pack", "make_bot", "make_player", "parse_card", "parse_challenge", "parse_pack", "play_out", "player_view",
    "resolve_challenges", "rulings_table", "show", "show_cards", "show_mountain", "show_players", "show_sled", "show_tile", "team_plan",
]
__all__ += actions.__all__
__all__ += engine.__all__
