"""rulesbook: exact rules engines for three mountain games, and the widgets and book that teach them.

The game packages (`rulesbook.inferno`, `rulesbook.hudai`, `rulesbook.madness`) use only the
standard library; `rulesbook.widgets` is the only part that knows about Jupyter.
"""

__version__ = "0.1.0"
