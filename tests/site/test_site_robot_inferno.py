"""A robot completes every board of the Mountain of Inferno part of the built site (robot.complete_page).

Every exercise is solved to "all found" and every lesson walked through its states (all of them,
or the first robot.WALKED_STATES of a long one), from the lesson data the page carries, clicking as
a reader would; every refusal met leaves the board as it was. New boards need no new test code.
"""

from __future__ import annotations

import pytest
from robot import complete_page
from test_site_every_chapter import PAGES

PART = [page for page in PAGES if page.startswith("book/inferno/")]


def test_the_part_has_pages():
    assert len(PART) >= 10


@pytest.mark.parametrize("page_path", PART)
def test_a_robot_completes_every_board_on_the_page(browser_context, site_url, page_path):
    complete_page(browser_context, site_url, page_path)
