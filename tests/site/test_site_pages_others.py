"""Every page of the built site outside the three games' parts (the introduction, the Play pages,
the design lab, the part for teachers), visited once: its links and widgets, the keyboard, axe-core in light and dark
mode, a phone, and a robot that completes every board (the checks are page_visit.py's)."""

from __future__ import annotations

from page_visit import *  # noqa: F403 (the checks of a visit, collected here for these pages)
from page_visit import visits
from test_site_every_chapter import PAGES

GAME_PARTS = ("book/inferno/", "book/hudai/", "book/madness/")
OTHERS = [page for page in PAGES if not page.startswith(GAME_PARTS)]
visit = visits(OTHERS)


def test_the_pages_are_the_intro_the_play_pages_the_lab_and_the_teachers():
    assert OTHERS[0] == "book/intro.html"
    assert {page for page in OTHERS if page.startswith("book/play/")} == {f"book/play/{game}.html" for game in ("hudai", "inferno", "madness")}
    assert len([page for page in OTHERS if page.startswith("book/lab/")]) >= 7
    assert "book/teachers/your-own-exercises.html" in OTHERS
