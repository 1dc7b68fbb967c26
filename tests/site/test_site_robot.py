"""A robot completes every board on every page of the built site (see robot.py).

Every exercise is solved to "all found" and every lesson walked through its states (all of them,
or the first robot.WALKED_STATES of a long one), from the lesson data the page carries, clicking as
a reader would; every refusal met leaves the board as it was. A board that cannot be completed fails. New boards and pages need no new test code.

Here: every page outside the three games' parts (the introduction, the Play pages, the design lab);
each game's part has its own file (test_site_robot_<game>.py), so that the test workers share them.
"""

from __future__ import annotations

import pytest
from robot import complete_page
from test_site_every_chapter import PAGES

GAME_PARTS = ("book/inferno/", "book/hudai/", "book/madness/")
OTHERS = [page for page in PAGES if not page.startswith(GAME_PARTS)]


@pytest.mark.parametrize("page_path", OTHERS)
def test_a_robot_completes_every_board_on_the_page(browser_context, site_url, page_path):
    complete_page(browser_context, site_url, page_path)
