"""The design lab: simulations as tables, rule sweeps with confidence intervals, plots for slides.

    from rulesbook import lab
    games = lab.simulate("inferno", games=1000, players=4, seed=1, bots="greedy,random")
    lab.summarise(games)                       # win rate by seat, mean turns ..., with intervals
    lab.plot(games, "turns")                   # how long games last
    table = lab.sweep("inferno", {"edition": ["en", "zh"], "two_pawns": [False, True]},
                      games=500, players=3, seed=1)
    lab.plot(table, "win_rate_0")              # the first seat's win rate by variant, error bars
    lab.chart(table, "win_rate_0")             # the same, as a picture that says what it shows
    lab.strength("inferno", "random,greedy", games=200, players=4)  # each level against the other
    lab.progress(Path("class").glob("*.json"))  # the students' progress files, one table

Runs on one core, on every core (`workers=None`) or on a Dask cluster (`client=`), with the
same rows; game i of a run is seeded "<seed>:<i>". Needs the `rulesbook[lab]` extra (pandas,
tqdm, matplotlib; dask[distributed] for `client=`).
"""

from rulesbook.lab.plots import Chart, chart, describe, plot
from rulesbook.lab.progress import progress, read_progress
from rulesbook.core.stats import mean_interval, wilson
from rulesbook.lab.strength import strength
from rulesbook.lab.summary import summarise
from rulesbook.lab.sweep import sweep
from rulesbook.lab.tables import record, simulate
from rulesbook.lab.variants import label
from rulesbook.lab.workers import local_client

__all__ = ["Chart", "chart", "describe", "label", "local_client", "mean_interval", "plot", "progress", "read_progress", "record",
           "simulate", "strength", "summarise", "sweep", "wilson"]
