"""Every page of the Mountain of Inferno part of the built site, visited once: its links and widgets,
the keyboard, axe-core in light and dark mode, a phone, and a robot that completes every board
(the checks are page_visit.py's; a new page or board needs no new test code)."""

from __future__ import annotations

from page_visit import *  # noqa: F403 (the checks of a visit, collected here for this part)
from page_visit import visits
from test_site_every_chapter import PAGES

PART = [page for page in PAGES if page.startswith("book/inferno/")]
visit = visits(PART)


def test_the_part_has_pages():
    assert len(PART) >= 10
