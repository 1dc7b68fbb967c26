"""The settings of tests/conftest.py stay true: every file LONGEST_FIRST names exists, so a renamed
file is not silently left to run last; and every cache a game fills is one `empty_caches` empties,
so mutation testing keeps running the code behind it (see `caches_emptied_under_mutmut`)."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

from conftest import CACHES, LONGEST_FIRST, empty_caches

HERE = Path(__file__).resolve().parent


def test_every_file_run_first_exists_once():
    assert [name for name in LONGEST_FIRST if not (HERE / name).is_file()] == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)


#: Run in a fresh Python, where no test has filled a cache yet: every rulesbook module of the games
#: loaded, the size of every module-level dict and list noted (the `Memo`s apart: `empty_caches`
#: empties them all), a game of each game played by random bots and one by plain bots (which read
#: the seats' views), and the names of those that grew printed.
GROWN = """
import importlib, json, pkgutil, random, sys
import rulesbook
from rulesbook.core.harness import play
from rulesbook.inferno.position import Memo

for package in ("core", "inferno", "hudai", "madness"):
    for module in pkgutil.walk_packages(importlib.import_module(f"rulesbook.{package}").__path__, f"rulesbook.{package}."):
        importlib.import_module(module.name)

def piles():
    return {f"{name}.{key}": len(value) for name, module in list(sys.modules.items()) if name.startswith("rulesbook.")
            for key, value in vars(module).items() if isinstance(value, (dict, list)) and not isinstance(value, Memo)}

before = piles()
for name, bot in (("inferno", "greedy"), ("hudai", "heuristic"), ("madness", "expedition")):
    game, rng = rulesbook.game(name), random.Random(name)
    state = game.new_game(seed="caches")
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_actions(state))).state
    play(game, game.default_players, "caches", None, [bot] * game.default_players)
print(json.dumps(sorted(key for key, size in piles().items() if key in before and size != before[key])))
"""


def test_every_cache_a_game_fills_is_one_emptied_under_mutmut():
    grown = set(json.loads(subprocess.run([sys.executable, "-c", GROWN], capture_output=True, text=True, check=True).stdout))
    named = {f"{module}.{key}" for module, keys in CACHES.items() for key in keys}
    assert "rulesbook.madness.engine._LOOKUPS" in grown and grown <= named, f"filled by a game, not emptied: {sorted(grown - named)}"
    empty_caches()
    emptied = [getattr(importlib.import_module(module), key) for module, keys in CACHES.items() for key in keys]
    assert emptied and not any(emptied)


def test_every_file_of_the_library_that_is_not_python_is_copied_to_mutmut_every_run():
    """mutmut copies such files into mutants/ only when they are missing there: a catalogue changed
    since the last run stayed stale and failed mutmut's clean run ("Failed to run clean test")."""
    import tomllib

    also_copy = tomllib.loads((HERE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]["also_copy"]
    source = HERE.parent / "src"
    others = [path for path in source.rglob("*") if path.is_file() and path.suffix not in (".py", ".pyc")]
    assert others and all(any(str(path.relative_to(HERE.parent)).startswith(folder) for folder in also_copy) for path in others), others
