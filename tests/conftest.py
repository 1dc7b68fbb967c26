"""Shared test settings: hypothesis without deadlines (CI machines vary), examples fixed per run.

How many games the random simulations play, and how many examples hypothesis draws, follows one
knob, the RULESBOOK_TEST_SCALE environment variable (1 unless set; `make mutate` sets 0.05): see
tests/simulation_scale.py, which the simulation tests import.
"""

from hypothesis import HealthCheck, settings
from simulation_scale import scaled

settings.register_profile(
    "rulesbook",
    deadline=None,
    max_examples=scaled(100),  # hypothesis's own default at scale 1
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rulesbook")

#: The longest test files, longest first (measured 2026-12-02: seconds of one worker, both cores
#: busy), run first: pytest-xdist hands a file to the first free worker in collection order
#: (`--dist loadfile --no-loadscope-reorder`, Makefile), so that a long one started last does not
#: leave a core idle at the end. The tests that need no built book, then those of the built site.
LONGEST_FIRST = (
    "test_docs.py", "core/test_protocol_random_games.py", "madness/test_madness_legal_vs_check.py",
    "core/test_cli.py", "inferno/test_inferno_simulation.py", "madness/test_madness_random_games.py",
    "hudai/test_hudai_legality.py", "hudai/test_hudai_hardening.py", "madness/test_madness_hardening.py",
    "lessons/test_play_madness.py", "hudai/test_hudai_random_games.py", "lab/test_lab_tables.py",
    "site/test_site_pages_inferno.py", "site/test_site_pages_madness.py", "site/test_site_pages_hudai.py",
    "site/test_site_styles.py", "site/test_play_madness_browser.py", "site/test_lite_chapters_pyodide.py",
    "site/test_lite_offline_unshare.py", "site/test_play_inferno_browser.py", "site/test_site_pages_others.py",
    "site/test_play_hudai_browser.py", "book/test_nbval_cache.py", "site/test_lab_live_board.py",
)


def pytest_collection_modifyitems(items: list) -> None:
    def rank(item: object) -> int:
        path = item.nodeid.split("::", 1)[0].removeprefix("tests/")
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every other test keeps its order
