"""The boards as a reader sees them on the built site, in Chromium (issue 22).

- On a laptop screen (1280 px, and 960) nothing of a board is cut off at its right edge: a wide
  Mountain of Inferno gets its room, or goes above the choices.
- On a phone (390 px) a Mountain of six columns, a Hudai table and a Madness map show whole, with
  no scroll bar; a click on a place leaves the place, the message and the choices in view
  together: the dock (message and choices) stays at the foot of the screen.
- A hand is named by its owner: when the hand on show passes to another player the board says
  whose it is now (the Guan Yin exercise).
- A card that cannot be played says why when it is chosen (MOI-R04 on the Chinese board), never
  "0 cards it can reach".
"""

from __future__ import annotations

import pytest
from site_browser import PHONE, next_frame, opened

LAPTOP = {"width": 1280, "height": 900}

#: The boards' widest Mountains (both were cut off at 1280 px), and one board of each other game.
WIDE_PAGES = ["book/inferno/reading-a-mountain.html", "book/inferno/a-whole-game.html",
              "book/hudai/a-whole-game.html", "book/madness/moving-the-airplane.html"]
#: Tall boards: on a phone the picture alone is taller than the screen.
TALL_BOARDS = ["book/hudai/building-a-combo.html", "book/madness/moving-the-airplane.html"]

OVERFLOW = """() => [...document.querySelectorAll('.rb-board')].map((board) => {
  const right = board.getBoundingClientRect().right;
  const picture = board.querySelector('.rb-picture');
  let beyond = 0;
  for (const element of board.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width) beyond = Math.max(beyond, box.right - right);
  }
  return {beyond, hidden: picture.scrollWidth - picture.clientWidth};
})"""


def every_board_whole(page) -> None:
    """Nothing of any board on the page past its right edge, nothing of its picture behind a scroll bar."""
    next_frame(page)
    boards = page.evaluate(OVERFLOW)
    assert boards
    for index, board in enumerate(boards):
        assert board["beyond"] <= 0.5, f"board {index} reaches {board['beyond']:.0f} px past its right edge"
        assert board["hidden"] <= 0, f"board {index} hides {board['hidden']} px of its picture behind a scroll bar"


#: At 960 px the widest Mountain does not fit beside the choices even at its smallest: it goes above.
@pytest.mark.parametrize(("path", "width"), [*((path, LAPTOP["width"]) for path in WIDE_PAGES), (WIDE_PAGES[0], 960)])
def test_at_1280_px_nothing_of_a_board_is_cut_off(browser_context, site_url, path, width):
    with opened(browser_context, site_url, path, viewport={**LAPTOP, "width": width}) as page:
        every_board_whole(page)
        if width == 960:
            assert page.locator(".rb-board[data-stacked]").count() == 1, "the Mountain goes above the choices"


#: Boards a phone shows whole: a six-column Mountain (most chapters'), Hudai's table, Madness's map.
PHONE_PAGES = ["book/inferno/scoring.html", "book/hudai/a-whole-game.html", "book/madness/moving-the-airplane.html"]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_on_a_phone_a_board_of_six_columns_or_fewer_shows_its_whole_picture(browser_context, site_url, path):
    """Narrower Mountains and the other games' pictures need no scroll bar at 390 px; a wider one
    (the Mountains of seven columns and more) keeps its smallest size and scrolls in its box."""
    with opened(browser_context, site_url, path, viewport=PHONE) as page:
        every_board_whole(page)


def edge_shades(picture) -> tuple[float, float]:
    """How much darker than the board the picture is at its left and right edges, in the row of
    column numbers (where no card lies; below the rounded corners)."""
    from collections import Counter
    from io import BytesIO

    from PIL import Image

    shot = Image.open(BytesIO(picture.screenshot())).convert("L")
    width = shot.size[0]
    rows = range(8, 14)
    ground = Counter(shot.getpixel((x, y)) for y in rows for x in range(width)).most_common(1)[0][0]
    left = [ground - shot.getpixel((x, y)) for y in rows for x in range(3)]
    right = [ground - shot.getpixel((x, y)) for y in rows for x in range(width - 3, width)]
    return sum(left) / len(left), sum(right) / len(right)


def test_on_a_phone_a_picture_wider_than_the_screen_shows_which_side_it_goes_on(browser_context, site_url):
    """A phone shows no scroll bar until the reader scrolls: a Mountain of seven columns (a learner's
    audit: "no sideways cue") shades the side where more of it is, and only that side."""
    with opened(browser_context, site_url, "book/inferno/reading-a-mountain.html", viewport=PHONE) as page:
        picture = page.locator(".rb-picture").first
        picture.scroll_into_view_if_needed()
        assert picture.evaluate("p => p.scrollWidth - p.clientWidth") > 40
        left, right = edge_shades(picture)
        assert right > 6 and left < 1, (left, right)
        picture.evaluate("p => { p.scrollLeft = (p.scrollWidth - p.clientWidth) / 2; }")
        left, right = edge_shades(picture)
        assert right > 6 and left > 6, (left, right)
        picture.evaluate("p => { p.scrollLeft = p.scrollWidth; }")
        left, right = edge_shades(picture)
        assert left > 6 and right < 1, (left, right)


IN_VIEW = """([board, place]) => {
  const seen = (element) => {
    const box = element.getBoundingClientRect();
    if (!box.height || box.top < 0 || box.bottom > innerHeight + 0.5) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  };
  return {
    place: seen(place),
    message: seen(board.querySelector('.rb-message')),
    choices: [...board.querySelectorAll('.rb-hand button')].map(seen),
  };
}"""


@pytest.mark.parametrize("path", TALL_BOARDS)
def test_on_a_phone_the_place_the_message_and_the_choices_are_in_view_together(browser_context, site_url, path):
    with opened(browser_context, site_url, path, viewport=PHONE) as page:
        board = page.locator(".rb-board").first
        assert board.locator(".rb-picture").bounding_box()["height"] > PHONE["height"] * 0.6, "a tall board"
        place = board.locator("[data-place]").first
        place.evaluate("(element) => element.scrollIntoView({block: 'center'})")
        key = place.get_attribute("data-place")
        place.click()
        next_frame(page)
        assert board.locator(".rb-message").text_content(), "the click is answered"
        seen = page.evaluate(IN_VIEW, [board.element_handle(), board.locator(f'[data-place="{key}"]').element_handle()])
        assert seen["place"], "the place clicked is still in view, not covered"
        assert seen["message"], "the message is in view, not covered"
        assert seen["choices"] and all(seen["choices"]), f"every choice is in view, not covered: {seen['choices']}"


def board_titled(page, title: str):
    board = page.locator(".rb-board", has=page.locator(".rb-title", has_text=title))
    assert board.count() == 1
    return board


def test_a_hand_that_passes_to_another_player_says_whose_it_is(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/guan-yin-and-cancelling.html", viewport=LAPTOP) as page:
        board = board_titled(page, "red moves blue's card")
        label = board.locator(".rb-hand").get_attribute("aria-labelledby")
        owner = board.locator(f"#{label}")
        assert owner.text_content() == "Red's hand"
        board.locator('[data-hand="0"]').click()  # red's Iron Fan Princess
        board.locator('[data-place]:has([data-pawn="B"])').click()  # on blue's card instead
        board.locator('[data-place="1,1"]').click()
        assert "Yellow or blue may cancel it now" in board.locator(".rb-message").text_content()
        assert owner.text_content() == "Yellow's hand"  # yellow's cards now (asked first), and the board says so
        assert board.locator(".rb-hand-card").all_text_contents() == ["Guan Yin", "Iron Fan Princess"]
        board.locator(".rb-undo").click()
        assert owner.text_content() == "Red's hand"


def test_a_hand_card_with_nothing_to_do_says_so_not_to_choose_a_card(browser_context, site_url):
    """It said "First choose a card of your hand or an action button ..." to one who just had."""
    with opened(browser_context, site_url, "book/hudai/a-cards-three-parts.html", viewport=LAPTOP) as page:
        board = board_titled(page, "B4 against 3 staged damage")
        card = board.locator('.rb-hand-card[data-code="W1"]')
        card.click()
        assert board.locator(".rb-message").text_content() == (f"{card.text_content()} has nothing to do here: choose another "
                                                               "card or an action button.")
        assert board.locator(".rb-message").get_attribute("data-tone") == "no" and card.get_attribute("aria-pressed") == "false"


def test_a_card_the_chinese_rules_forbid_now_says_why_MOI_R04(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/two-editions.html", viewport=LAPTOP) as page:
        board = board_titled(page, "Chinese rules: red is about to lay MK+2")
        board.locator('[data-hand="0"]').click()  # the MK+2, laid first: the moment of the exercise
        board.locator('[data-place="-1,0"]').click()
        assert "Red lays MK+2 at (-1, 0)." in board.locator(".rb-message").text_content()
        board.locator('[data-hand="0"]').click()  # the Mighty Bison King, after a disciple
        said = board.locator(".rb-message").text_content()
        assert "all disciples or all events (MOI-R04)" in said and "0 cards" not in said
        assert board.locator(".rb-message").get_attribute("data-tone") == "no"
        assert board.locator('[data-hand="0"]').get_attribute("aria-pressed") == "false"
        assert board.locator(".rb-target").count() == 0
