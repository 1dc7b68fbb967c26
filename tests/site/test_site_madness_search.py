"""A Search on a chapter board: the tile it turns over is drawn face up beside the mountain for that
one moment, and turned face down again by the next action (ruling MAD-R09)."""

from __future__ import annotations

from site_browser import opened

from rulesbook.madness import examples, play_out
from rulesbook.madness.render import challenge_words

CHAPTER = "book/madness/resolution-and-rewards.html"


def test_a_searched_tile_is_drawn_face_up_beside_the_mountain_then_face_down_again(browser_context, site_url):
    seals = play_out(examples.seals(), "P1: play Tools 6", "P2: play Tools 3", "P3: play Books 4",
                     "P3: play Books 2", "P4: play Injury", "P1: time up", "P1: resolve", quiet=True)
    tile = seals.rules.pack.tiles[seals.board["M3"]]
    with opened(browser_context, site_url, CHAPTER) as page:
        board = page.locator(".rb-board").filter(has_text="Seals: reveal, then search")
        for selector in ('[data-choice="reveal"]', '[data-place="sled"]', '[data-choice="search"]'):
            board.locator(selector).click()
        assert board.locator(".rb-md-seen").count() == 0 and tile.name not in board.locator(".rb-md").text_content()
        board.locator('[data-place="M3"]').click()
        seen = board.locator(".rb-md-tile").filter(has=page.locator(".rb-md-seen"))
        assert seen.locator(".rb-md-seen").text_content() == "Search turns over M3 for this moment:"
        assert seen.locator(".rb-md-title").text_content() == tile.name
        assert seen.locator(".rb-md-challenge").all_text_contents() == [
            f"{c.type}: {challenge_words(c.text).split(' ', 1)[1]}" for c in tile.challenges]
        assert f"M3, Mountain, a face-down tile, its tile {tile.name} face up for a moment (Search)" in board.locator(
            ".rb-md-map title").all_text_contents()
        board.locator(".rb-undo").click()  # back before the search: face down, unseen
        assert board.locator(".rb-md-seen").count() == 0 and tile.name not in board.locator(".rb-md").text_content()
