"""A reader's progress on the static site, in Chromium (widgets/progress.js; issue 24).

Each exercise's answers found and its attempts are kept in the browser: a reload shows them again,
the page counts the exercises done in its part of the book (the parts and their exercises are
_static/rulesbook/exercises.js, which the build writes from every page), and "Download my
progress" gives the file that `rulesbook.lab.progress` reads into the teacher's table. What the
browser kept, if unreadable, is said in the console and the page starts again; a board never breaks.
"""

from __future__ import annotations

import json
import re

from robot import READ_BOARDS
from site_browser import SITE, open_chapter, watch

from rulesbook import lab
from rulesbook.lessons.data import opened_exercise
from rulesbook.widgets.site import page_exercises

PAGE = "book/inferno/red-boy.html"
KEEP = "window.name = 'rb-keep-progress'"  # the tests' browser clears progress on a page unless told (conftest.py)


def inferno_exercises() -> list[str]:
    text = (SITE / "_static" / "rulesbook" / "exercises.js").read_text(encoding="utf-8")
    parts = json.loads(re.fullmatch(r"\(window\.rulesbookExercises \|\| function \(\) \{\}\)\((.*)\);\n", text, re.S).group(1))["parts"]
    assert [part["title"] for part in parts] == ["Mountain of Inferno", "Hudai Pass", "At the Mountains of Madness", "For teachers"]
    return parts[0]["exercises"]


def test_the_list_of_exercises_holds_every_built_exercise_of_each_part():
    listed = inferno_exercises()
    built = [key for page in sorted((SITE / "book" / "inferno").glob("*.html"))
             for key in page_exercises(page, f"book/inferno/{page.name}")]
    assert sorted(listed) == sorted(built) and len(listed) > 10 and len(set(listed)) == len(listed)


def test_progress_survives_a_reload_is_counted_for_the_part_and_downloads_for_the_teacher(browser_context, site_url, tmp_path):
    total = len(inferno_exercises())
    page = browser_context.new_page()
    seen = watch(page)
    try:
        open_chapter(page, site_url, PAGE)
        page.evaluate(KEEP)
        line = page.locator(".rb-progress-line")
        line.wait_for()
        page.wait_for_function("() => /of \\d+ exercises/.test(document.querySelector('.rb-progress-line').textContent)")
        assert line.text_content() == f"Your progress in Mountain of Inferno: 0 of {total} exercises done."
        assert page.locator(".rb-progress").count() == 1
        index = next(i for i, state in enumerate(page.evaluate(READ_BOARDS)) if state["lesson"]["mode"] == "find")
        exercise = opened_exercise(page.evaluate(READ_BOARDS)[index]["lesson"])
        board = page.locator(".rb-board").nth(index)
        answers, wrong = exercise["answers"], next(iter(set(board.locator("[data-place]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('data-place'))")) - set(exercise["answers"])))
        board.locator(f'[data-place="{answers[0]}"]').click()
        board.locator(f'[data-place="{wrong}"]').click()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached")
        board = page.locator(".rb-board").nth(index)
        assert board.locator(".rb-found").evaluate_all("nodes => nodes.map(n => n.getAttribute('data-place'))") == [answers[0]]
        assert board.locator(".rb-log-entry").count() == 2  # the start and the answer found before the reload
        for place in answers[1:]:
            board.locator(f'[data-place="{place}"]').click()
        assert "That is all" in board.locator(".rb-message").text_content()
        page.wait_for_function(f"() => document.querySelector('.rb-progress-line').textContent.includes('1 of {total}')")
        board.locator(".rb-reset").click()  # starting again keeps the exercise done
        page.reload()
        page.wait_for_function(f"() => (document.querySelector('.rb-progress-line') || {{}}).textContent === "
                               f"'Your progress in Mountain of Inferno: 1 of {total} exercises done.'")
        with page.expect_download() as download:
            page.locator(".rb-progress-export").click()
        handed_in = tmp_path / "ana.json"
        download.value.save_as(handed_in)
    finally:
        page.close()
    assert seen == {"errors": [], "outside": []}, seen
    table = lab.progress([handed_in])
    assert len(table) == 1
    row = table.iloc[0]
    assert row["student"] == "ana" and row["page"] == PAGE and row["exercise"].startswith(f"{PAGE}#")
    assert row["done"] and row["found"] == 0 and row["total"] == len(answers)  # done, then started again
    assert row["attempts"] == len(answers) + 1 and row["misses"] == 1


def test_unreadable_progress_is_said_in_the_console_and_the_page_starts_again(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        open_chapter(page, site_url, PAGE)
        page.evaluate(KEEP)
        page.evaluate("localStorage.setItem('rulesbook-progress', '{\"format\": \"rulesbook-progress\", \"version\": 9')")
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached")
        assert page.evaluate("document.documentElement.dataset.boardsReady") != "failed"
        assert page.locator(".rb-found").count() == 0
        board = page.locator(".rb-board").first
        board.locator("[data-place]").first.click()
        assert board.locator(".rb-message").text_content()
    finally:
        page.close()
    assert len(seen["errors"]) == 1 and "could not be read, so it starts again" in seen["errors"][0], seen
