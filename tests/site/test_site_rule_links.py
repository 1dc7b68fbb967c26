"""A rule's id in a chapter is a link to its row on the part's reference page (a learner's audit:
"HUD-P06" in the second chapter, its text only on the part's last page, and nothing to click).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from site_browser import CHAPTER, SITE, opened, site_pages

LINK = re.compile(r'<a class="rb-rule-id" href="([^"]*)">((?:MOI|HUD|MAD)-[RP]\d+)</a>')


def test_every_rule_id_in_a_page_links_to_its_row():
    rows: dict[Path, set[str]] = {}
    linked = 0
    for path in site_pages():
        text = path.read_text(encoding="utf-8")
        for address, rule in LINK.findall(text):
            parts = urlparse(address)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert parts.fragment == rule.lower() and target.name == "reference.html", (path.relative_to(SITE), address)
            if target not in rows:
                rows[target] = set(re.findall(r'<tr id="([a-z]+-[rp]\d+)"', target.read_text(encoding="utf-8")))
            assert parts.fragment in rows[target], f"{path.relative_to(SITE)}: {rule} has no row on {target.relative_to(SITE)}"
            linked += 1
        # every id outside a link or code is one
        assert '<span class="rb-rule-id">' not in re.sub(r"<(a|code|pre)\b.*?</\1>", "", text, flags=re.S), path.relative_to(SITE)
    assert linked > 500 and len(rows) == 4  # the three parts' references and the zh-TW book's


# --- A rule id in a board's message (written in the browser, board.js writeText) -----------------
# The page says where the rows are (<meta name="rb-rule-rows">, site.py's rule_rows_meta); the board
# links each id in its message line, and a Play page's end words, as the chapter's text links its
# ids. Never inside a button, a label, a picture or an aria-hidden copy (the phone dock's talk).

#: The rule ids in the message line: [text, tag, class, href resolved, href as written] each.
MESSAGE_IDS = """within => [...document.querySelectorAll(`${within} .rb-message .rb-rule-id`)]
  .filter((id) => !id.closest('.rb-said-mark'))
  .map((id) => [id.textContent, id.tagName, id.className, id.href || '', id.getAttribute('href') || ''])"""
#: Links to rules where none may be: in a button, a label, the picture, an aria-hidden copy, a
#: screen reader's note; and how many rule ids are in such places at all (spans).
NO_LINK_THERE = """within => {
  const there = 'button, label, .rb-label, .rb-picture, [aria-hidden=true], .rb-said-mark, .rb-log';
  const ids = [...document.querySelectorAll(`${within} .rb-rule-id`)].filter((id) => id.closest(there));
  return { links: ids.filter((id) => id.tagName === 'A').map((id) => id.textContent), spans: ids.length };
}"""


def row_on_page(address: str) -> bool:
    """Whether the page at `address` (a URL of the served copy) has the row its fragment names."""
    from urllib.parse import unquote, urlparse

    parts = urlparse(address)
    page = SITE / unquote(parts.path).lstrip("/")
    return f'<tr id="{parts.fragment}"' in page.read_text(encoding="utf-8")


def assert_linked(found: list, rows_at: str) -> None:
    """Each id of the message a link of class rb-rule-id to its row on `rows_at`, the row there."""
    assert found, "no rule id in the message"
    for words, tag, css, address, written in found:
        assert (tag, css) == ("A", "rb-rule-id"), (words, tag)
        assert written == f"{rows_at}#{words.lower()}", written
        assert row_on_page(address), f"{words}: no row at {address}"


def test_a_boards_message_links_the_rule_id_it_cites_to_its_row(browser_context, site_url):
    """Learner: "(MOI-R05)" in a board's refusal linked nowhere, where the chapter's own text links
    each id. On the pilot chapter's first board, W-card chosen and a card-less place clicked: the
    refusal's id links to its row on the part's reference page (the row is there), and the message
    reads the same as the board's words; no link in a button, a label or the picture."""
    with opened(browser_context, site_url, CHAPTER) as page:
        assert page.locator('meta[name="rb-rule-rows"]').count() == 1
        board = page.locator(".rb-board").first
        board.locator("[data-hand]").first.click()
        board.locator(".rb-picture [data-place]:not(.rb-target)").first.click()
        found = board.evaluate("""b => [...b.querySelectorAll('.rb-message .rb-rule-id')]
          .map((id) => [id.textContent, id.tagName, id.className, id.href || '', id.getAttribute('href') || ''])""")
        assert [words for words, *_ in found] == ["MOI-R05"], found
        assert_linked(found, "reference.html")
        said = board.evaluate("b => (b.__rulesbookBoard || b.parentElement.__rulesbookBoard).model.get('message')")
        assert board.locator(".rb-message").text_content() == said and said.endswith("(MOI-R05)")
        assert page.evaluate(NO_LINK_THERE, ".bd-article")["links"] == []
        # Where the page does not say where the rows are (a notebook: no meta), the id stays a span.
        page.evaluate("document.querySelector('meta[name=\"rb-rule-rows\"]').remove()")
        board.locator("[data-hand]").first.click()  # the card put back, and chosen again: other messages
        board.locator("[data-hand]").first.click()
        board.locator(".rb-picture [data-place]:not(.rb-target)").first.click()
        assert board.locator(".rb-message").text_content() == said  # the refusal written again
        assert board.evaluate("b => [...b.querySelectorAll('.rb-message .rb-rule-id')].map((id) => id.tagName)") == ["SPAN"]


# --- The row a link opens ---------------------------------------------------------------------

#: The row the page was opened at (`:target`): its top on the screen, and what each cell shows
#: before its text (site.css: its column's name) beside the name in the table's header.
TARGET_ROW = """() => {
  const row = document.querySelector('tr:target');
  if (!row) return null;
  const heads = [...row.closest('table').querySelectorAll('thead th')].map((th) => th.textContent.trim());
  const shown = [...row.cells].map((cell) => {
    const before = getComputedStyle(cell, '::before').content;
    return before === 'none' || before === 'normal' ? '' : JSON.parse(before);
  });
  return { top: row.getBoundingClientRect().top, heads, shown, texts: [...row.cells].map((cell) => cell.textContent.trim()) };
}"""


def test_a_rule_link_opens_its_row_with_its_columns_named(browser_context, site_url):
    """Learner, on a phone: "MOI-R05" followed from the chapter opened the reference page at the
    row, whose header (id, question, EN, ZH, note) was three screens above: the row's cells each say
    their column, the row in sight; the zh-TW book's row says its own columns."""
    for chapter, heads in ((CHAPTER, ["id", "question", "EN (default)", "ZH preset", "note"]),
                           (f"zh-TW/{CHAPTER}", None)):
        with opened(browser_context, site_url, chapter, viewport={"width": 390, "height": 800}) as page:
            page.locator('.bd-article a.rb-rule-id[href$="#moi-r05"]').first.click()
            page.wait_for_url("**/reference.html#moi-r05")
            row = page.evaluate(TARGET_ROW)
            assert row is not None and 0 <= row["top"] < 400, row
            assert heads is None or row["heads"] == heads, row["heads"]
            # every cell with words says its column's name; an empty one (a blank note) nothing
            assert row["shown"] == [head if text else "" for head, text in zip(row["heads"], row["texts"])], row
            assert row["texts"][0] == "MOI-R05" and all(row["shown"][:4]), row
