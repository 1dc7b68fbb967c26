"""Hudai Pass: the solo deck-builder of a monk against a demon, exactly as its rulebook says.

The package has the shape of the three games: `state` (State, Phase), `rules` (Rules), `actions`
(each action's text and parser), `engine` (new_game, legal_actions, refusal, apply, apply_legal),
`moment` (game_moment, play_out), `render` (show), `rulings`, `bots` and `protocol`.
Where the rulebook is silent or unclear, the register in `rulesbook.hudai.rulings` decides: the
project's rulings HUD-R01..R12 and its own decisions HUD-P01... Standard library only. The
common protocol (`rulesbook.game("hudai")`) gives records, simulations and the command line.

>>> state = new_game(seed=1)
>>> state, events = apply(state, legal_actions(state)[0])
>>> my_rules = Rules(cards=load_cards(), powers=("crush", "defend", "entangle"))
>>> show(game_moment("R5 W1 G3 K6", powers=(3, 5, 2)), "demon")   # a picture; alt text from the state
The demon has 12 of 12 health. Staged damage: 0. Powers: left, Drain (Drop), 3 cubes; centre, Confuse (Cog), 5 cubes; right, Mind pierce (3 Circles), 2 cubes. More than 12 cubes on a power loses the game.
"""

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.events import Event
from rulesbook.hudai import actions
from rulesbook.hudai.actions import *  # noqa: F403  (the action values: actions.__all__)
from rulesbook.hudai.bots import BOTS, GreedyMonk, HeuristicMonk, RandomMonk, SearchMonk, make_bot
from rulesbook.hudai.cards import (
    COLOURS,
    POWERS,
    SYMBOLS,
    Card,
    CardFileError,
    CardSet,
    card_code,
    is_legal_combo,
    load_cards,
    parse_card,
    parse_card_file,
    parse_cards,
    reconstructed_cards,
)
from rulesbook.hudai.engine import (
    apply,
    apply_legal,
    apply_steps,
    describe_decision,
    feeds,
    is_legal,
    legal_actions,
    new_game,
    refusal,
)
from rulesbook.hudai.moment import game_moment, play_out
from rulesbook.hudai.protocol import GAME
from rulesbook.hudai.render import show, show_cards
from rulesbook.hudai.rules import MOMENTS, POSITIONS, Rules
from rulesbook.hudai.rulings import BY_ID, RULINGS, rulings_table
from rulesbook.hudai.state import Decision, Phase, State

__all__ = [
    "BOTS",
    "BY_ID",
    "COLOURS",
    "Card",
    "CardFileError",
    "CardSet",
    "Decision",
    "Event",
    "GAME",
    "GreedyMonk",
    "HeuristicMonk",
    "IllegalAction",
    "MOMENTS",
    "NotationError",
    "POSITIONS",
    "POWERS",
    "Phase",
    "RULINGS",
    "RandomMonk",
    "SearchMonk",
    "Rules",
    "SYMBOLS",
    "State",
    "apply",
    "apply_legal",
    "apply_steps",
    "card_code",
    "describe_decision",
    "feeds",
    "game_moment",
    "is_legal",
    "is_legal_combo",
    "legal_actions",
    "load_cards",
    "make_bot",
    "new_game",
    "parse_card",
    "parse_card_file",
    "parse_cards",
    "play_out",
    "reconstructed_cards",
    "refusal",
    "rulings_table",
    "show",
    "show_cards",
]
__all__ += actions.__all__
