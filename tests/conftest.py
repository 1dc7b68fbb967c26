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

#: The longest test files (minutes each: a browser visiting every page, a whole game played in
#: Pyodide), run first: pytest-xdist hands a file to the first free worker in collection order
#: (`--dist loadfile`), so the longest ones started last would leave a core idle at the end.
LONGEST_FIRST = (
    "site/test_site_pages_inferno.py", "site/test_site_pages_madness.py", "site/test_play_inferno_browser.py",
    "site/test_lite_offline_unshare.py", "site/test_play_madness_browser.py", "site/test_site_pages_hudai.py",
    "site/test_site_pages_others.py", "site/test_lite_chapters_pyodide.py", "site/test_play_hudai_browser.py",
    "site/test_site_styles.py",
)


def pytest_collection_modifyitems(items: list) -> None:
    def rank(item: object) -> int:
        path = item.nodeid.split("::", 1)[0].removeprefix("tests/")
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every other test keeps its order
