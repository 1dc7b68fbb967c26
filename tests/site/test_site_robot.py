"""A robot completes every board on every page of the built site (see robot.py).

Every exercise is solved to "all found" and every lesson walked through its states (all of them,
or the first robot.WALKED_STATES of a long one), from the lesson data the page carries, clicking as
a reader would; every refusal met leaves the board as it was. A board that cannot be completed fails. New boards and pages need no new test code.
"""

from __future__ import annotations

import pytest
from robot import READ_BOARDS, Robot
from site_browser import open_chapter, watch
from test_site_every_chapter import PAGES


@pytest.mark.parametrize("page_path", PAGES)
def test_a_robot_completes_every_board_on_the_page(browser_context, site_url, page_path):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        open_chapter(page, site_url, page_path)
        boards = page.evaluate(READ_BOARDS)
        assert page.locator(".rb-board").count() == len(boards), "every board of the page's data is on the page"
        for index, state in enumerate(boards):
            Robot(page, index, state).complete()
    finally:
        page.close()
    assert not seen["errors"], seen["errors"]
    assert not seen["outside"], seen["outside"]
