"""Shared test settings: hypothesis without deadlines (CI machines vary), examples fixed per run.

How many games the random simulations play, and how many examples hypothesis draws, follows one
knob, the RULESBOOK_TEST_SCALE environment variable (1 unless set; `make mutate` sets 0.05): see
tests/simulation_scale.py, which the simulation tests import.

Under mutmut, every test starts with the engines' caches empty (`caches_emptied_under_mutmut`).
"""

import os
import sys

import pytest
from hypothesis import HealthCheck, settings
from simulation_scale import scaled

from rulesbook.inferno.position import Memo

settings.register_profile(
    "rulesbook",
    deadline=None,
    max_examples=scaled(100),  # hypothesis's own default at scale 1
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rulesbook")

#: The longest test files, longest first (measured 2026-12-02, the Play pages' screen reader file
#: 2026-12-08: seconds of one worker, both cores busy), run first: pytest-xdist hands a file to the first free worker in collection order
#: (`--dist loadfile --no-loadscope-reorder`, Makefile), so that a long one started last does not
#: leave a core idle at the end. The tests that need no built book, then those of the built site.
LONGEST_FIRST = (
    "test_docs.py", "core/test_protocol_random_games.py", "madness/test_madness_legal_vs_check.py",
    "core/test_cli.py", "inferno/test_inferno_simulation.py", "madness/test_madness_random_games.py",
    "hudai/test_hudai_legality.py", "hudai/test_hudai_hardening.py", "madness/test_madness_hardening.py",
    "lessons/test_play_madness.py", "hudai/test_hudai_random_games.py", "lab/test_lab_tables.py",
    "site/test_play_screen_reader.py", "site/test_site_pages_inferno.py", "site/test_site_pages_madness.py", "site/test_site_pages_hudai.py",
    "site/test_site_styles.py", "site/test_play_madness_browser.py", "site/test_lite_chapters_pyodide.py",
    "site/test_lite_offline_unshare.py", "site/test_play_inferno_browser.py", "site/test_site_pages_others.py",
    "site/test_play_hudai_browser.py", "book/test_nbval_cache.py", "site/test_lab_live_board.py",
)


def pytest_collection_modifyitems(items: list) -> None:
    def rank(item: object) -> int:
        path = item.nodeid.split("::", 1)[0].removeprefix("tests/")
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every other test keeps its order


#: The module-level dicts (and one list) in which the engines keep what they work out once (a
#: hand's plan, a laid-out Mountain's shape, a pack's lookups ...); tests/test_test_order.py checks
#: that a game fills no other. The other module-level dicts are registries (the house rules
#: defined, each card made once so that it is the same object) and stay as they are.
CACHES = {
    "rulesbook.inferno.engine": ("_PLANS", "_SORTED_PLANS"),
    "rulesbook.inferno.position": ("_LAID_OUT",),
    "rulesbook.madness.engine": ("_LOOKUPS",),
    "rulesbook.madness.pack": ("_PARSED", "_DEFAULT", "_SHIPPED"),
    "rulesbook.madness.views": ("_PRINTED",),
}


def empty_caches() -> None:
    """Empty every cache of the rulesbook modules loaded: the dicts of `CACHES`, every `Memo`
    and every `functools` cache."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("rulesbook."):
            continue
        kept = CACHES.get(name, ())
        for key, value in vars(module).items():
            if isinstance(value, Memo) or key in kept:
                value.clear()
            elif callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@pytest.fixture(autouse=True)
def caches_emptied_under_mutmut() -> None:
    """While mutmut runs the tests (its stats run and each mutant's), every test starts with the
    caches empty. Otherwise the code behind a cache would run only in the first test to fill it:
    mutmut would link that code to that one test, and a mutant of it, run with the caches as
    that test left them, would seem to survive whatever the other tests check."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        empty_caches()
