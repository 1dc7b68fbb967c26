"""The search bots' stored games (book/lab/search-strength.csv, which "How strong are the bots?"
reads): well formed, and not stale: today's bots play the cheapest of them again, from their
seeds, to the same end."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from rulesbook.core.data import DataError
from rulesbook.lab.stored import COLUMNS, read_games, read_notes, replay

ROOT = Path(__file__).resolve().parents[2]
STORED = ROOT / "book" / "lab" / "search-strength.csv"
MEASURE = "measure again with `make bench BENCH=strength` (benchmarks/bench_strength.py) and commit the new file"


@pytest.fixture(scope="module")
def games():
    return read_games(STORED)


def test_the_stored_file_says_how_it_was_measured_and_holds_every_search_level(games):
    notes = " ".join(read_notes(STORED))
    assert "make bench BENCH=strength" in notes and "commit:" in notes and "Started:" in notes
    runs = games.groupby(["game", "level", "players"]).size()
    assert runs[("hudai", "search", 1)] >= 32 and runs[("hudai", "heuristic", 1)] == runs[("hudai", "search", 1)]
    for players in (3, 4, 5):
        assert runs[("madness", "quick-search", players)] >= 24
        assert runs[("madness", "expedition", players)] == runs[("madness", "quick-search", players)]
    assert runs[("madness", "search", 4)] >= 12
    # the levels compared played the same seeds
    for (game, players), part in games.groupby(["game", "players"]):
        seeds = [set(run["seed"]) for _, run in part.groupby("level")]
        assert all(seeds[0] <= other or other <= seeds[0] for other in seeds), (game, players)


def test_a_new_measurement_runs_the_chapter_again():
    sys.path.insert(0, str(ROOT / "tools"))
    import chapters

    chapter = STORED.parent / "how-strong-are-the-bots.ipynb"
    code = chapters.code_of(json.loads(chapter.read_text(encoding="utf-8")))
    assert chapters.data_files(chapter, code) == [STORED]  # among the chapter's inputs (tools/chapters.py)


@pytest.mark.parametrize("game, level", [("hudai", "search"), ("madness", "quick-search")])
def test_the_cheapest_stored_game_replays_to_the_same_end_with_todays_bots(games, game, level):
    part = games[(games["game"] == game) & (games["level"] == level)]
    row = part.loc[part["seconds"].idxmin()]
    result = replay(row)
    where = f"{game} {level}, {row['players']} players, seed {row['seed']!r}"
    assert result.seed == row["seed"]
    assert (result.actions, float(bool(result.winners))) == (row["actions"], row["win"]), (
        f"{where}: stored {row['actions']} actions and win {row['win']}, today {result.actions} actions and win "
        f"{float(bool(result.winners))}: the bots changed since {STORED.name} was measured; {MEASURE}")


def test_a_broken_file_is_refused_naming_the_field(tmp_path):
    lines = STORED.read_text(encoding="utf-8").splitlines(keepends=True)
    head = next(number for number, line in enumerate(lines) if not line.startswith("#"))
    columns, first = list(csv.reader(lines[head:head + 2]))
    assert tuple(columns) == COLUMNS
    for field, value, message in (("win", "2", "'win' is a number from 0 to 1"), ("level", "genius", "'level' is one of"),
                                  ("seed", "strength:999", "'seed' is the game's seed"),
                                  ("actions", "many", "'actions' is a whole number")):
        broken = tmp_path / f"{field}.csv"
        with broken.open("w", newline="", encoding="utf-8") as file:
            file.write("".join(lines[:head]))
            csv.writer(file, lineterminator="\n").writerows([columns, [value if name == field else item
                                                                     for name, item in zip(columns, first)]])
        with pytest.raises(DataError, match=f"game 1: the field {message}"):
            read_games(broken)
    missing = tmp_path / "missing.csv"
    missing.write_text("game,level\nhudai,search\n", encoding="utf-8")
    with pytest.raises(DataError, match="no column 'against'"):
        read_games(missing)
