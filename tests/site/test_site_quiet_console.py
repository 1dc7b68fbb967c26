"""A reader's console stays empty: the theme's notes to its own developers are kept off it
(tools/quiet_console.py), and its scripts still do their work.

Every browser test of the site fails on any console message at all (site_browser.watch); this file
shows the theme's scripts themselves quiet where they spoke: as a page loads, when the colour mode
is switched, a hidden part shown and the search opened.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from site_browser import SITE, site_pages, watch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from quiet_console import CHATTY_CALL, INLINE_SCRIPT, quiet, quiet_page, theirs  # noqa: E402

#: A chapter with a part the reader unfolds (sphinx-togglebutton's button on a dropdown admonition).
WITH_A_DROPDOWN = "book/madness/moving-the-airplane.html"


@pytest.mark.parametrize(("script", "quieted"), [
    ('a(),console.log(`[PST]: ${e}`),b()', 'a(),void(       `[PST]: ${e}`),b()'),
    ("console.info('x', y);", "void(        'x', y);"),
    ("if (a) console.debug(a)\nnext()", "if (a) void(         a)\nnext()"),
    ("console.log()", "void(0      )"),
    ("console.log( )", "void(0       )"),
])
def test_a_chatty_call_keeps_its_arguments_and_the_scripts_length(script, quieted):
    assert quiet(script) == quieted
    assert len(quiet(script)) == len(script)  # the source map still points where it did


@pytest.mark.parametrize("script", [
    "console.error(e)", "console.warn(`[PST] ${e}`)",  # something is wrong: said
    "my.console.log(x)", "theconsole.log(x)",  # not the console
    "console.log(...parts)",  # `void(...parts)` would not parse
])
def test_errors_warnings_and_other_calls_stay(script):
    assert quiet(script) == script


def test_quiet_is_the_same_twice():
    script = "console.log(a); console.debug(); console.error(b)"
    assert quiet(quiet(script)) == quiet(script) != script


def test_a_pages_inline_scripts_are_quieted_and_nothing_else():
    page = ('<p>console.log(x) in the text</p><script>\n  f();\n  console.log("[PST]: Set focus.");\n</script>'
            '<script type="application/vnd.jupyter.widget-state+json">{"a": "console.log(1)"}</script>'
            '<script src="a.js">console.log(2)</script>')
    assert quiet_page(page) == page.replace('console.log("[PST]', 'void(       "[PST]', 1)


PAGES = site_pages()


def test_no_inline_script_of_a_page_logs():
    assert len(PAGES) > 40
    logging = {path.relative_to(SITE).as_posix(): CHATTY_CALL.findall(script.group(2))
               for path in PAGES for script in INLINE_SCRIPT.finditer(path.read_text(encoding="utf-8"))
               if CHATTY_CALL.search(script.group(2))}
    assert logging == {}
    assert 'void(       "[PST]: Set focus' in (SITE / "search.html").read_text(encoding="utf-8")  # it spoke before


@pytest.mark.parametrize("static", [SITE / "_static", SITE / "zh-TW" / "_static"], ids=["en", "zh-TW"])
def test_no_script_of_the_theme_in_the_built_site_logs(static):
    scripts = {path.relative_to(static).as_posix(): path.read_text(encoding="utf-8") for path in theirs(static)}
    for name in ("scripts/pydata-sphinx-theme.js", "scripts/sphinx-book-theme.js", "togglebutton.js"):
        assert name in scripts and "void(" in scripts[name], name  # each spoke before
    assert {name: CHATTY_CALL.findall(text) for name, text in scripts.items() if CHATTY_CALL.search(text)} == {}
    assert "console.error(" in scripts["scripts/pydata-sphinx-theme.js"]  # its errors kept


def test_the_theme_works_and_says_nothing_on_the_console(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    page.emulate_media(color_scheme="light")
    page.goto(site_url + WITH_A_DROPDOWN)
    toggle = page.locator("button.toggle-button").first
    toggle.wait_for()  # sphinx-togglebutton ran ("Adding toggle buttons to 1 items" before)
    assert page.evaluate("document.documentElement.dataset.mode") == "auto"
    page.locator("button.theme-switch-button").first.click()  # "[PST]: Changed to dark mode ..." before
    assert page.evaluate("[document.documentElement.dataset.mode, document.documentElement.dataset.theme]") == ["dark", "dark"]
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    page.wait_for_function("b => b.getAttribute('aria-expanded') === 'true'", arg=toggle.element_handle())
    page.keyboard.press("Control+k")  # "[PST]: Set focus on search field." before
    page.locator("#pst-search-dialog input[name=q]").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)  # anything said late is seen
    assert seen["errors"] == [] and seen["outside"] == []
    page.close()
