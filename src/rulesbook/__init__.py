"""rulesbook: exact rules engines for three mountain games, and the widgets and book that teach them.

The game packages (`rulesbook.inferno`, `rulesbook.hudai`, `rulesbook.madness`) use only the
standard library; `rulesbook.widgets` is the only part that knows about Jupyter. Every game
answers one protocol: `rulesbook.game("inferno")` (see `rulesbook.core.protocol`).
"""

from rulesbook.core.protocol import GAMES, Game, Step, game

__version__ = "0.1.0"
__all__ = ["GAMES", "Game", "Step", "game"]
