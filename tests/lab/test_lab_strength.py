"""lab.strength: every bot level against every other on the same deals, with Wilson intervals."""

from __future__ import annotations

import re

import pytest

from rulesbook import lab


def test_each_level_takes_a_seat_against_the_other_in_all_the_rest():
    table = lab.strength("inferno", "random,greedy", games=12, players=3, seed=3)
    assert list(zip(table["level"], table["against"])) == [("random", "greedy"), ("greedy", "random")]
    assert (table["games"] == 12).all() and (table["parity"] == 1 / 3).all()
    assert list(table["pairing"]) == ["random against greedy", "greedy against random"]
    assert lab.describe(table, "win_rate", x="pairing", reference=1 / 3).startswith("Bar chart of ")
    greedy = table.set_index("level").loc["greedy"]
    assert greedy["win_rate_low"] <= greedy["win_rate"] <= greedy["win_rate_high"] and greedy["win_rate"] > 0.5
    # the same games as simulate's with those bots: one greedy seat, turning one place a game
    games = lab.simulate("inferno", games=12, players=3, seed=3, bots="greedy,random,random")
    wins = sum(games[f"win_{seat}"].where(games[f"bot_{seat}"] == "greedy", 0).sum() for seat in range(3))
    assert greedy["win_rate"] == pytest.approx(wins / 12)
    assert table.attrs["game"] == "inferno" and table.attrs["players"] == 3


def test_where_seats_play_alone_or_together_each_level_plays_them_all():
    monk = lab.strength("hudai", ["random", "heuristic"], games=10, seed=2)
    assert list(monk["level"]) == ["random", "heuristic"] and list(monk["against"]) == ["", ""]
    assert monk["parity"].isna().all()
    heuristic = lab.simulate("hudai", games=10, seed=2, bots="heuristic")
    assert monk.loc[1, "win_rate"] == pytest.approx(heuristic["won"].mean())
    team = lab.strength("madness", "expedition", games=4, players=3)
    assert len(team) == 1 and team.loc[0, "level"] == "expedition"


def test_a_bad_level_or_a_lone_level_where_seats_compete_is_refused_before_any_game():
    with pytest.raises(ValueError, match="has no bot 'genius'; its bots are random, greedy"):
        lab.strength("inferno", "greedy,genius", games=2)
    with pytest.raises(ValueError, match=re.escape("name at least two levels to set against each other, or give against= the "
                                                   "level to play them against (against='random')")):
        lab.strength("inferno", "greedy", games=2)
    with pytest.raises(ValueError, match="is for 2 to 4 players"):
        lab.strength("inferno", "random,greedy", games=2, players=7)


def test_against_sets_each_level_against_one_only():
    table = lab.strength("inferno", "random,greedy", against="greedy", games=6, players=2, seed=4)
    assert list(zip(table["level"], table["against"])) == [("random", "greedy")]
    both = lab.strength("inferno", "random,greedy", games=6, players=2, seed=4)
    assert table.loc[0, "win_rate"] == both.loc[0, "win_rate"], "the same games as in the full table"
    with pytest.raises(ValueError, match="has no bot 'boss'"):
        lab.strength("inferno", "random", against="boss", games=2)
    with pytest.raises(ValueError, match="^greedy against greedy: a level set against itself measures nothing$"):
        lab.strength("inferno", "greedy", against="greedy", games=2)
    with pytest.raises(ValueError, match="do not compete"):
        lab.strength("hudai", "random", against="greedy", games=2)


@pytest.mark.parametrize("levels", ["random,random", "random,greedy,random", ["random", "greedy", "random"]])
def test_a_level_named_twice_is_refused_not_dropped(levels):
    """A level is one row: "random, random against None" said nothing useful, and a list naming a
    level twice measured it once, unsaid."""
    with pytest.raises(ValueError, match="^levels name random more than once; each level is measured once$"):
        lab.strength("inferno", levels, games=2, players=2)


@pytest.mark.parametrize(("kwargs", "said"), [
    ({"bots": ","}, "bots name one bot or more, comma-separated, not ','"),
    ({"seed": " "}, "the seed is a number or a word, not nothing"),
])
def test_the_lab_refuses_the_slips_the_command_line_refuses(kwargs, said):
    """`--bots ,` and `--seed ""` were refused on the command line and played the default in the lab."""
    with pytest.raises(ValueError) as refused:
        lab.simulate("hudai", games=1, **kwargs)
    assert str(refused.value) == said


def test_its_progress_bar_says_what_is_measured(capsys):
    """It said "hudai sweep": the sweep it plays through is no sweep to the teacher watching."""
    lab.strength("hudai", "random", games=2, progress=True)
    assert "hudai strength" in capsys.readouterr().err
    lab.sweep("hudai", {"monk_health": [7]}, games=2, progress=True)
    assert "hudai sweep" in capsys.readouterr().err
    lab.sweep("hudai", {"monk_health": [7]}, games=2, progress=True, label="health")
    err = capsys.readouterr().err
    assert "health" in err and "sweep" not in err
