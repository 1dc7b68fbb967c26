"""An exercise built on a game moment (Laying disciples), clicked in Chromium on the static site.

The test knows the rule itself: a disciple goes on an empty place that shares a side with a card
(rulebook I). It clicks every place the board draws and checks that exactly those places
are accepted, that a corner-only place is refused citing the rulebook's
section I, and that nothing else changes.
"""

from __future__ import annotations

from site_browser import watch

PAGE = "book/inferno/laying-disciples.html"


def places(board, selector: str) -> set[tuple[int, int]]:
    keys = board.locator(selector).evaluate_all("nodes => nodes.map(n => n.getAttribute('data-place'))")
    return {tuple(int(part) for part in key.split(",")) for key in keys}


def test_the_laying_exercise_accepts_exactly_the_places_beside_a_card_MOI_R15(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        page.goto(site_url + PAGE)
        page.wait_for_selector(".rb-board [data-place]", timeout=20_000)
        board = page.locator(".rb-board").last
        cards = places(board, ".rb-card")
        empty = places(board, ".rb-empty")
        beside = {p for p in empty if any((p[0] + dr, p[1] + dc) in cards for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))}
        corner_only = empty - beside
        assert beside and corner_only, "the board draws the places beside the Mountain and the corner places"
        assert board.locator(".rb-target").count() == 0  # the answers are hidden
        row, column = sorted(corner_only)[0]
        board.locator(f'[data-place="{row},{column}"]').click()
        assert "(rulebook I)" in board.locator(".rb-message").text_content()
        assert board.locator(".rb-found").count() == 0
        for row, column in sorted(beside):
            board.locator(f'[data-place="{row},{column}"]').click()
            assert board.locator(".rb-message").text_content().startswith("Right")
        assert places(board, ".rb-found") == beside
        assert "well done" in board.locator(".rb-message").text_content()
        assert places(board, ".rb-card") == cards  # finding changes nothing on the Mountain
    finally:
        page.close()
    assert not seen["errors"], seen["errors"]
    assert not seen["outside"], seen["outside"]
