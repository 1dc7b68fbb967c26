"""The boards as a screen reader meets them (a screen-reader audit, keyboard only, with the live
regions and the accessibility tree read): ids that name the right thing, a status line said once
and a sentence said again when it is said again, arrows that walk a one-row board, a key to the
legal places, the cursor brought to them, and a short description that still reaches every fact.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from page_visit import axe, focused
from site_browser import SITE, open_chapter, opened
from play_browser import node, robot, settled
from play_browser import opened as play_opened
from test_site_every_chapter import PAGES

#: Every id the page uses twice, and every id a board's ARIA reference points to that is not there.
IDS = """() => {
  const seen = new Map();
  for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) || 0) + 1);
  const twice = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  const dangling = [];
  for (const element of document.querySelectorAll('.rb-board [aria-labelledby], .rb-board [aria-describedby], .rb-board [aria-activedescendant], .rb-board [aria-details]')) {
    for (const name of ['aria-labelledby', 'aria-describedby', 'aria-activedescendant', 'aria-details']) {
      for (const id of (element.getAttribute(name) || '').split(' ').filter(Boolean)) {
        if (!document.getElementById(id) || !element.closest('.rb-board').contains(document.getElementById(id))) dangling.push(`${name}=${id}`);
      }
    }
  }
  return {twice, dangling};
}"""

#: Record what a status line holds each time it changes (what a screen reader is given to say).
LISTEN = """element => {
  element.rbHeard = [];
  new MutationObserver(() => element.rbHeard.push(element.textContent)).observe(element, {childList: true, characterData: true, subtree: true});
}"""


#: Whether a picture's places are all drawn in one row (their middles at one height).
ONE_ROW = """a => {
  const middles = [...a.querySelectorAll('[data-place]')].map((p) => { const box = p.getBoundingClientRect(); return box.top + box.height / 2; });
  return middles.length > 1 && Math.max(...middles) - Math.min(...middles) < 4;
}"""


def heard(locator) -> list[str]:
    return locator.evaluate("e => e.rbHeard")


def pages_with_boards() -> list[str]:
    return [page for page in PAGES if 'application/vnd.jupyter.widget-view+json' in (SITE / page).read_text(encoding="utf-8")]


def test_no_id_is_used_twice_and_every_boards_reference_finds_its_element(browser_context, site_url):
    """A Hudai place "hand" got the dock label's id (rb1-hand): the hand's group was named after
    the cards on the table ("W white 2 Build-up : W2, Hammers, value 2 …"), not "Hand". Every
    chapter page with boards, after its boards are drawn."""
    pages = pages_with_boards()
    assert len(pages) > 20
    page = browser_context.new_page()
    try:
        for path in pages:
            open_chapter(page, site_url, path)
            assert page.evaluate(IDS) == {"twice": [], "dangling": []}, path
        open_chapter(page, site_url, "book/hudai/a-whole-game.html")
        board = page.locator(".rb-board").first
        expect(board.locator(".rb-hand")).to_have_accessible_name(board.locator(".rb-dock .rb-label").first.text_content().strip())
    finally:
        page.close()


def test_a_redraw_says_nothing_and_a_sentence_said_again_is_heard_again(browser_context, site_url):
    """The live message was written again on every redraw (the Play pages said "Red ends step I."
    twice); the same refusal twice must still be said twice: written afresh a tick later."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        board = page.locator(".rb-board").nth(3)
        message = board.locator(".rb-message")
        board.locator('[data-hand="0"]').click()
        message.evaluate(LISTEN)
        board.evaluate("root => root.__rulesbookBoard.draw()")  # what any change of the model does
        assert heard(message) == []
        wrong = board.locator(".rb-picture [data-place]:not(.rb-target)").first
        wrong.click()
        refusal = message.text_content()
        assert refusal and message.get_attribute("data-tone") == "no"
        wrong.click()
        expect(message).to_have_text(refusal)
        page.wait_for_function("e => e.rbHeard.length >= 2", arg=message.element_handle())
        assert heard(message) == [refusal, refusal]


def test_the_progress_line_is_written_only_when_its_count_changes(browser_context, site_url):
    """The progress line (role=status) was written with the same words on every click, right or
    wrong, ahead of the board's own answer."""
    with opened(browser_context, site_url, "book/inferno/red-boy.html") as page:
        line = page.locator(".rb-progress-line").first
        expect(line).to_contain_text("exercises done")
        line.evaluate(LISTEN)
        exercise = page.locator(".rb-board").nth(1)
        for place in exercise.locator(".rb-picture [data-place]").all()[:3]:
            place.click()
        done = page.evaluate("() => document.querySelector('.rb-progress-line').textContent")
        assert len(heard(line)) <= 1 and all(words == done for words in heard(line)), heard(line)


def test_arrow_down_walks_a_one_row_board_place_by_place(browser_context, site_url):
    """ArrowDown on a one-row board (Hudai's "The combo ends with B3") did nothing: a listbox's
    reader expects Down to go on. With no place below, Down and Right go to the next place in
    order, Up and Left to the one before."""
    with opened(browser_context, site_url, "book/hudai/building-a-combo.html") as page:
        rows = 0
        for board in page.locator(".rb-board").all():
            area = board.locator(".rb-picture")
            places = area.evaluate("a => [...a.querySelectorAll('[data-place]')].map((p) => p.getAttribute('data-place'))")
            if area.evaluate(ONE_ROW) is False:
                continue
            rows += 1
            area.focus()
            page.keyboard.press("Home")
            visited = {area.locator(".rb-cursor").get_attribute("data-place")}
            for _ in places:
                page.keyboard.press("ArrowDown")
                visited.add(area.locator(".rb-cursor").get_attribute("data-place"))
            assert visited == set(places), (board.locator(".rb-title").text_content(), sorted(set(places) - visited))
            page.keyboard.press("End")
            for _ in places:
                page.keyboard.press("ArrowUp")
            assert area.locator(".rb-cursor").get_attribute("data-place") == places[0]
        assert rows >= 2


def test_page_down_and_page_up_jump_between_the_legal_places_and_the_help_says_so(browser_context, site_url):
    """To find the 8 legal places of a card among 17 a screen-reader user arrowed over every
    empty place, listening for "a legal destination": Page Down and Page Up go to the next and
    previous one (going round), and the board's description says so."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        board = page.locator(".rb-board").nth(3)
        area = board.locator(".rb-picture")
        expect(area).to_have_accessible_description(re.compile("Page Down and Page Up"))
        board.locator('[data-hand="0"]').click()
        targets = area.evaluate("a => [...a.querySelectorAll('[data-place].rb-target')].map((p) => p.getAttribute('data-place'))")
        assert len(targets) >= 2
        area.focus()
        page.keyboard.press("Home")
        seen = []
        for _ in range(len(targets) + 1):
            page.keyboard.press("PageDown")
            seen.append(area.locator(".rb-cursor").get_attribute("data-place"))
        assert seen == targets + targets[:1]
        page.keyboard.press("PageUp")
        assert area.locator(".rb-cursor").get_attribute("data-place") == targets[-1]
        assert area.get_attribute("aria-activedescendant") == area.locator(".rb-cursor").get_attribute("id")


def test_a_pressed_card_brings_the_cursor_to_its_first_legal_place_and_keeps_the_focus(browser_context, site_url):
    """A learner pressed R2 and the cursor stayed on "step:1": five arrows to the combo. The
    cursor (aria-activedescendant) goes to the first legal place; the focus stays on the card."""
    with opened(browser_context, site_url, "book/hudai/building-a-combo.html") as page:
        board = page.locator(".rb-board").first
        area = board.locator(".rb-picture")
        card = board.locator(".rb-hand-card").first
        card.focus()
        page.keyboard.press(" ")
        first = area.locator("[data-place].rb-target").first
        assert first.count(), board.locator(".rb-message").text_content()
        assert focused(page) == f"rb-hand-card|{card.get_attribute('data-hand')}"
        assert area.locator(".rb-cursor").get_attribute("data-place") == first.get_attribute("data-place")
        assert area.get_attribute("aria-activedescendant") == first.get_attribute("id")
        page.keyboard.press("Shift+Tab")
        while focused(page) and not focused(page).startswith("rb-picture"):
            page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
        expect(board.locator(".rb-message")).to_have_attribute("data-tone", "ok")


def test_the_board_is_described_by_its_question_whose_turn_and_a_short_count(browser_context, site_url):
    """Coming to a board said its title and every fact of the picture (Madness: all 26 tiles,
    about 1,050 characters, on every focus), never whose turn it is. Now: the decision, the keys
    (the question is the board's name), a count of the rest and its key; D says the rest, which
    stays the listbox's details."""
    with opened(browser_context, site_url, "book/madness/failures-step-by-step.html") as page:
        for board in page.locator(".rb-board").all():
            area = board.locator(".rb-picture")
            decision = board.locator(".rb-decision").inner_text().strip()
            description = area.evaluate("""a => a.getAttribute('aria-describedby').split(' ')
                .map((id) => document.getElementById(id).textContent.trim()).filter(Boolean).join(' ')""")
            assert decision and decision in description, (decision, description)
            assert len(description) < 400, description
            details = area.get_attribute("aria-details")
            if not details:
                continue
            assert "Press D" in description
            facts = area.evaluate("a => a.getAttribute('aria-details').split(' ').map((id) => document.getElementById(id).textContent)")
            area.focus()
            page.keyboard.press("d")
            told = board.locator(".rb-message").text_content()
            assert len(told) > 100 and all(re.sub(r"[\s,]+", "", fact)[:8] in re.sub(r"[\s,]+", "", told) for fact in facts), told


def test_a_marked_place_is_named_without_a_stray_space_and_a_power_in_reading_order(browser_context, site_url):
    """A legal place of Hudai's table was read "First card , a legal destination"; a demon's power
    "none set aside Drain LEFT 2 cubes lost above 12", its state first."""
    with opened(browser_context, site_url, "book/hudai/building-a-combo.html") as page:
        board = page.locator(".rb-board").first
        board.locator(".rb-hand-card").first.click()
        for place in board.locator(".rb-picture [data-place].rb-target").all():
            expect(place).to_have_accessible_name(re.compile(r"\S, a legal destination$"))
        power = board.locator('.rb-picture [data-place^="power:"]').first
        expect(power).to_have_accessible_name(re.compile(r"^\w[\w ]*, (left|centre|right): \d+ cubes?, lost above \d+; (none set aside|set aside: .+)$"))


def test_each_board_is_named_by_its_question_and_described_by_its_keys(browser_context, site_url):
    """SR L2: every listbox of a page had one name, "The Mountain: arrow keys move between places,
    …": in a screen reader's list of form fields the six boards of the Bison King page could not be
    told apart. Each is named by its question and what it shows; the keys are its description.
    SR L1: nothing said that a place "marked with a dot" is heard as ", a legal destination" (a
    button, ", a legal choice"): the keys' help says so once."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        names = []
        for board in page.locator(".rb-board").all():
            area = board.locator(".rb-picture")
            title = board.locator(".rb-title").inner_text().strip()
            assert title
            expect(area).to_have_accessible_name(f"{title} \u2014 The Mountain")
            expect(area).to_have_accessible_description(re.compile(
                r"^Red to play\.? Arrow keys move between places.*Page Down and Page Up.*marked with a dot.*"
                r"\u201ca legal destination\u201d.*\u201ca legal choice\u201d.*Enter or Space"))
            names.append(area.evaluate("a => a.getAttribute('aria-label')"))
        assert len(set(names)) == len(names) == 6, names


def test_a_move_log_entry_is_named_by_its_sentence_then_its_notation(browser_context, site_url):
    """SR L6: a move log's entries were named by their notation ("redboy DH 1,-1", "P1: resolve"),
    the sentence only their description, read after a pause. The sentence is heard first, the
    notation shown stays at the name's end (a voice-control user says what is shown); a move taken
    back says so after them."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        board = page.locator(".rb-board").nth(3)
        board.locator('[data-hand="0"]').click()
        board.locator(".rb-picture [data-place].rb-target").first.click()
        said = board.locator(".rb-message").text_content()
        assert said.startswith("Red ") and board.locator(".rb-message").get_attribute("data-tone") == "ok"
        entry = board.locator('.rb-log-entry[data-entry="1"]')
        notation = entry.text_content()
        assert notation and notation not in said
        expect(entry).to_have_accessible_name(f"{said} \u2014 {notation}")
        expect(board.locator(".rb-log-said")).to_have_text(said)  # shown under the notation still (a phone has no tooltip)
        board.locator('[data-tool="reset"]').click()
        entry = board.locator('.rb-log-ahead .rb-log-entry[data-entry="1"]')
        expect(entry).to_have_accessible_name(f"{said} \u2014 {notation}, taken back: press to play it again")
        assert axe(page, ["label-content-name-mismatch"]) == []  # what is shown is in the name (not in brackets, which axe drops)


def map_words(view: dict) -> str:
    """The Madness map as D says it (madness.js byRegion), from the table view the picture draws:
    region by region from the Coast up, row by row, the spaces side by side that look alike said
    together."""
    plane, escape = view["airplane"]
    searched = (view.get("search") or {}).get("space")
    regions: dict[str, dict[int, list]] = {}
    for name, region, row, _column, tile in sorted(view["spaces"], key=lambda space: (space[2], space[3])):
        looks = "the Airplane" if name == plane else "seen" if name == searched else "face down" if tile else "empty"
        if name == plane and escape:
            looks += f" (escape {escape} of 3)"
        runs = regions.setdefault(region, {}).setdefault(row, [])
        if runs and runs[-1][1] == looks:
            runs[-1][0].append(name)
        else:
            runs.append(([name], looks))

    def names(group: list[str]) -> str:
        return group[0] if len(group) == 1 else f"{', '.join(group[:-1])} and {group[-1]}"

    said = [f"{region}: " + "; ".join(", ".join(f"{names(group)} {looks}" for group, looks in runs) for runs in rows.values()) + "."
            for region, rows in regions.items()]
    return "The map, row by row from the Coast up. " + " ".join(said)


#: The facts D says that are drawn inside the map (its spaces said one by one, "C1 empty C5 ?").
FACTS_IN_THE_MAP = "a => (a.getAttribute('aria-details') || '').split(' ').filter((id) => document.getElementById(id).closest('svg'))"


def test_the_key_d_says_the_madness_map_region_by_region(browser_context, site_url):
    """A screen reader learnt the map only by walking its 25 spaces (where is the Airplane, which
    tiles are gone): D says it in one hidden sentence, region by region from the Coast up and row by
    row, first of the picture's facts, with the reader's found marks. The spaces no click acts on (a
    Play page between moves) were themselves facts, said as "C1 empty C2 empty … C5 ?": said once
    now, in the sentence."""
    with opened(browser_context, site_url, "book/madness/moving-the-airplane.html") as page:
        board = page.locator(".rb-board").filter(has_text="From M3: find every space")
        area = board.locator(".rb-picture")
        board.locator('[data-place="M6"]').click()  # a right answer: ticked
        expected = ("The map, row by row from the Coast up. Coast: C1, C2, C3 and C4 face down; C5, C6, C7 and C8 face down; "
                    "C9 face down, C10 and C11 empty. Mountain: M1 and M2 face down, M3 the Airplane, M4 face down; "
                    "M5 face down, M6 empty (found), M7 face down. City: Y1, Y2 and Y3 face down. "
                    "Edge of Madness: E1 face down. Escape: X1 face down; X2 face down; X3 face down.")
        area.focus()
        page.keyboard.press("d")
        told = board.locator(".rb-message").text_content()
        assert told == f"{expected[:-1]}; Leadership tokens: on the Sled 6 discarded 0 in the box 0", told  # one sentence: no ".;"
        summary = area.locator("p.rb-said-mark")
        assert summary.text_content() == expected and summary.bounding_box()["width"] <= 1  # for the ear only
        assert "(2 more)" in board.locator(".rb-facts-count").text_content() and area.evaluate(FACTS_IN_THE_MAP) == []
    with play_opened(browser_context, site_url, "book/play/madness.html", viewport=None) as page:
        page.wait_for_selector(".rb-play-setup button[type=submit]:not([disabled])", state="attached", timeout=120_000)
        page.select_option("select[name=players]", "5")
        for index, seat in enumerate(["random", "random", "random", "random", "you"]):
            page.locator("select[name=seats]").nth(index).select_option(seat)
        page.fill("input[name=seed]", "6")
        page.select_option("select[name=hint_bot]", "random")
        page.click(".rb-play-setup button[type=submit]")
        page.wait_for_function("() => document.querySelector('.rb-play-status').textContent.startsWith('Seed 6. ')")
        settled(page, -1)
        robot(page, 12)  # the hint's moves and the bots': spaces emptied, an Encounter on, no space a place
        board = page.locator(".rb-play .rb-board")
        area = board.locator(".rb-picture")
        view = node(page)["view"]
        expected = map_words(view)
        assert view["airplane"][0] and f"{view['airplane'][0]} the Airplane" in expected, expected
        assert area.locator(".rb-md-space[data-place]").count() == 0  # no space a place: each was a fact
        area.focus()
        page.keyboard.press("d")
        told = board.locator(".rb-message").text_content()
        assert told.startswith(f"{expected[:-1]}; ") and len(re.findall(r"\bC1\b", told)) == 1, told
        assert area.evaluate(FACTS_IN_THE_MAP) == [] and len(told) < 1000, told


def test_the_key_d_says_a_hudai_panel_part_by_part(browser_context, site_url):
    """The audit after stop 68: D said a Hudai panel in one breath, its parts run together and a
    space before each colon ("Combo (empty) Hand R red 5 Flow : R5, Cog, value 5 W white 1 …"):
    each part is set apart by a comma now, and the facts make one sentence (no ".;")."""
    with opened(browser_context, site_url, "book/hudai/the-demons-turn.html") as page:
        board = page.locator(".rb-board").first
        board.locator(".rb-picture").focus()
        page.keyboard.press("d")
        told = board.locator(".rb-message").text_content()
        assert "Health 12/12; Corruption 0/12; " in told, told
        assert "Combo, (empty), Hand, R red 5 Flow: R5, Cog, value 5, W white 1 Stab: W1, Drop, value 1, " in told, told
        assert " :" not in told and ".;" not in told and ", ," not in told, told
