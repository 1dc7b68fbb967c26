"""The zh-TW book (zh-TW/, built into the site's zh-TW/ folder; tools/languages.py): its pages are
built from its own table of contents, each marked as Traditional Chinese of Taiwan, each linked to
its English counterpart and back; and every page is visited as the English ones are (the checks
are page_visit.py's: links and widgets, the keyboard, axe-core, a phone, the robot)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import yaml
from page_visit import *  # noqa: F403 (the checks of a visit, collected here for this part)
from page_visit import visits
from robot import complete_boards
from site_browser import ROOT, SITE, open_chapter, watch
from test_site_every_chapter import PAGES as ENGLISH

BOOK = ROOT / "zh-TW"
TOC = (BOOK / "_toc.yml").read_text(encoding="utf-8")
PAGES = [f"zh-TW/{name}.html" for name in re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", TOC, re.M)]
visit = visits(PAGES)


def language_link(page: str) -> tuple[str, str]:
    """Where the page's link to the other book leads (from the site root), and its language."""
    html = (SITE / page).read_text(encoding="utf-8")
    links = re.findall(r'<p class="rb-language"><a href="([^"]+)" lang="([\w-]+)" hreflang="\2">', html)
    assert len(links) == 1, f"{page}: {len(links)} links to the other book"
    href, lang = links[0]
    return urlparse(urljoin(f"http://x/{page}", href)).path.lstrip("/"), lang


def test_the_zh_book_is_built_from_its_own_table_of_contents_and_opens_on_its_intro():
    assert PAGES[0] == "zh-TW/book/intro.html" and len(PAGES) >= 2
    for page in PAGES:
        assert (SITE / page).is_file(), f"{page} was not built"
    assert "book/intro.html" in (SITE / "zh-TW" / "index.html").read_text(encoding="utf-8")


def test_every_zh_page_says_it_is_traditional_chinese_of_taiwan():
    for page in PAGES:
        html = (SITE / page).read_text(encoding="utf-8")
        assert re.search(r'<html[^>]*\slang="zh-Hant-TW"', html), page
        # Once, on <html>: a span around each run of Chinese split a Play page's label into pieces.
        assert 'lang="zh-Hant"' not in html, page
    for page in ENGLISH[:3]:
        assert re.search(r'<html[^>]*\slang="en"', (SITE / page).read_text(encoding="utf-8")), page


def test_every_page_leads_to_its_counterpart_in_the_other_book_or_to_its_first_page():
    for page in PAGES:  # every zh-TW page has an English counterpart
        assert language_link(page) == (page.removeprefix("zh-TW/"), "en"), page
    paired = [page for page in ENGLISH if f"zh-TW/{page}" in PAGES]
    assert "book/inferno/the-game-at-a-glance.html" in paired
    for page in ENGLISH:
        target = f"zh-TW/{page}" if page in paired else "zh-TW/index.html"
        assert language_link(page) == (target, "zh-Hant-TW"), page
        assert (SITE / target).is_file()
        # The counterpart's link before the page's title; a page with none (a Hudai Pass or Madness
        # chapter) ends with the link to the other book, not starts with one to another game's.
        html = (SITE / page).read_text(encoding="utf-8")
        text = html[html.index("<article"):]  # the page's own text (the print layout has a title of its own before it)
        assert (text.index('class="rb-language"') < text.index("<h1")) == (page in paired), page


def test_the_zh_configuration_is_the_english_one_but_for_its_language_and_paths():
    english = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    chinese = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    assert chinese["sphinx"]["config"].pop("language") == "zh_TW" and chinese.pop("title") != english.pop("title")
    assert chinese["execute"]["cache"] == english["execute"]["cache"]  # one cache: tools/chapters.py runs both books
    up = {key: f"../{value}" for key, value in english["sphinx"]["local_extensions"].items()}
    assert chinese["sphinx"].pop("local_extensions") == up
    english["sphinx"].pop("local_extensions")
    config, theirs = chinese["sphinx"]["config"], english["sphinx"]["config"]
    assert config.pop("rulesbook_site_folder") == "zh-TW"  # the live site and Pyodide one folder up
    for key in ("templates_path", "html_static_path", "locale_dirs"):
        assert config.pop(key) == [f"../{path}" for path in theirs.pop(key)]
    assert config.pop("html_favicon") == f"../{theirs.pop('html_favicon')}"
    chinese.pop("exclude_patterns"), english.pop("exclude_patterns")
    assert (chinese.pop("author"), english.pop("author")) == ("rulesbook 作者群", "the rulesbook authors")
    assert config["html_theme_options"].pop("search_bar_text") == "搜尋本書…"
    assert chinese == english


def test_every_picture_on_a_zh_page_is_described_in_zh_tw():
    for page in PAGES:
        alts = re.findall(r'<img\b[^>]*\balt="([^"]*)"', (SITE / page).read_text(encoding="utf-8"))
        images = len(re.findall(r"<img\b", (SITE / page).read_text(encoding="utf-8")))
        assert len(alts) == images and all(alt.strip() and not alt.endswith((".svg", ".png")) for alt in alts), page
        english = [alt for alt in alts if re.search(r"\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b", alt)]
        assert not english, f"{page}: pictures described in English (speak('zh-TW') at the chapter's top): {english[:2]}"


#: Characters only Simplified Chinese writes (their Traditional forms: 轉頁頂請啟條總顯碼導網編輯類...):
#: the theme's zh catalogue, which gettext took for zh_TW, put 跳转至主要内容 on every page.
SIMPLIFIED = set("转页顶请启条总显码导网编辑类务动书写读应该让给从两样间问题这们个为来说时会对过还没发经开关内")


def test_the_themes_words_on_a_zh_page_are_in_zh_tw():
    """The footer said "作者： the rulesbook authors", the search box "Search this book..." and the
    light/dark switch "Color mode"; a zh-TW audit found the theme's Simplified words (跳转至主要内容,
    回到顶部, 上一页) and its English ones (the sidebars' buttons, the contents' name)."""
    import pydata_sphinx_theme

    theirs = Path(pydata_sphinx_theme.__file__).parent / "locale/zh/LC_MESSAGES/sphinx.po"
    simplified = [said for said in re.findall(r'^msgstr "(.+)"$', theirs.read_text(encoding="utf-8"), re.M) if set(said) & SIMPLIFIED]
    assert len(simplified) > 10  # the theme's catalogue, to be sure none of it is on a page
    for page in [*PAGES, "zh-TW/search.html"]:
        text = (SITE / page).read_text(encoding="utf-8")
        assert not re.findall(r"the rulesbook authors|Search this book|Color mode|Toggle \w+ sidebar|aria-label=\"Main\"", text), page
        assert not set(text) & SIMPLIFIED and not [said for said in simplified if said in text], page
        assert 'placeholder="搜尋本書…"' in text and 'aria-label="顏色模式"' in text and ">跳到主要內容<" in text, page
        assert 'title="開啟或關閉全書目錄"' in text and 'aria-label="全書目錄"' in text, page
    assert 'title="下一頁"' in (SITE / "zh-TW/book/inferno/scoring.html").read_text(encoding="utf-8")
    english = (SITE / "book/inferno/the-game-at-a-glance.html").read_text(encoding="utf-8")
    assert 'aria-label="Color mode"' in english and 'title="Toggle primary sidebar"' in english and ">Skip to main content<" in english


def test_a_zh_search_finds_the_pages_of_a_chinese_word(browser_context, site_url):
    """The search index held no Chinese word (Sphinx cuts Chinese only with jieba): 反制 found
    nothing, 牛魔王 only the page of that title. A game's term is one word and its parts (唐僧標記, 唐僧)."""
    index = (SITE / "zh-TW/searchindex.js").read_text(encoding="utf-8")
    terms = json.loads(index[index.index("(") + 1:index.rindex(")")])["terms"]
    assert {"反制", "唐僧標記", "唐僧", "牛魔王", "計分表"} <= set(terms)
    page = browser_context.new_page()
    try:
        page.goto(f"{site_url}zh-TW/search.html?q=反制")
        page.wait_for_selector("#search-results li", timeout=30_000)
        found = page.eval_on_selector_all("#search-results li a", "links => links.map((a) => a.getAttribute('href'))")
        assert any("guan-yin-and-cancelling" in href for href in found) and len(found) >= 3, found
    finally:
        page.close()


def test_a_zh_pages_copy_button_speaks_chinese(browser_context, site_url):
    """sphinx-copybutton picks its words by the page's lang, which it has only for zh-CN: a zh-TW
    code cell's button said "Copy" (tools/languages.py adds zh-Hant-TW's)."""
    page = browser_context.new_page()
    try:
        open_chapter(page, site_url, "zh-TW/book/inferno/scoring.html")
        button = page.locator(".copybtn").first
        button.wait_for(state="attached")
        assert button.get_attribute("data-tooltip") == "複製"
        assert button.locator("title").text_content() == "複製到剪貼簿"
    finally:
        page.close()
    english = browser_context.new_page()
    try:
        open_chapter(english, site_url, "book/inferno/scoring.html")
        assert english.locator(".copybtn").first.get_attribute("data-tooltip") == "Copy"
    finally:
        english.close()


GLANCE = "zh-TW/book/inferno/the-game-at-a-glance.html"
#: What the zh-TW board's shell shows, in the words of widgets/words.zh-TW.json (made from the catalogue).
SHELL = {".rb-undo": "復原", ".rb-hint": "提示", ".rb-reset": "重新開始", ".rb-log-label": "行動紀錄"}


def test_the_board_of_the_game_at_a_glance_speaks_zh_tw_and_the_robot_completes_it(browser_context, site_url):
    page = browser_context.new_page()
    page.seen = watch(page)
    try:
        open_chapter(page, site_url, GLANCE)
        # The page's own words outside the boards speak its language too (its <html lang>).
        assert re.fullmatch(r"跳到第一個盤面（本頁共 \d+ 個）|跳到盤面", page.locator("a.rb-skip").text_content())
        page.wait_for_function("() => /個練習已完成/.test((document.querySelector('.rb-progress-line') || {}).textContent || '')")
        assert re.fullmatch(r"你在「火焰山」的進度：\d+ 個練習已完成 0 個。", page.locator(".rb-progress-line").text_content())
        assert page.locator(".rb-progress-export").text_content() == "下載我的進度"
        board = page.locator(".rb-board").first
        assert {selector: board.locator(selector).text_content() for selector in SHELL} == SHELL
        assert board.locator(".rb-decision").text_content() == "輪到紅方行動"
        assert board.locator(".rb-log li").all_text_contents() == ["開始", "還沒有找到任何答案。"]
        assert board.locator(".rb-picture").get_attribute("aria-label") == f"{board.locator('.rb-title').text_content()}——「火焰山」區"
        assert "空位(-1, -1)" in board.locator('[data-place="-1,-1"] title').text_content()
        # A pawn is marked 紅, not R (an English word's letter); the notation's letter stays its data.
        pawns = board.locator(".rb-pawn").all()
        assert pawns and [(pawn.get_attribute("data-pawn"), pawn.locator("text").text_content()) for pawn in pawns] == [
            (pawn.get_attribute("data-pawn"), "紅黃藍黑"["RYBK".index(pawn.get_attribute("data-pawn"))]) for pawn in pawns]
        board.locator(".rb-hint").click()
        assert re.fullmatch(r"還差8個位置：看看\(\d, \d\)的\w\w[+-]\d旁邊。", board.locator(".rb-message").text_content())
        board.locator('[data-place="-1,-1"]').click()  # a corner: the engine's refusal, in the zh-TW rulebook's words
        assert board.locator(".rb-message").text_content() == "徒弟卡須擺放在火焰山區卡牌的上、下、左、右相鄰位置，不能只碰到斜角（中文規則書〈２.遊戲進行〉(1)）"
        board.locator('[data-place="2,1"]').click()
        assert board.locator(".rb-message").text_content() == "答對了：MK+2可以放在(2, 1)：它的一邊和火焰山區的卡牌相鄰。已找到1個，共8個。"
        assert board.locator(".rb-log li").all_text_contents() == ["開始", "空位(2, 1)"]  # the place found, named in zh-TW
        board.locator(".rb-undo").click()
        assert board.locator(".rb-message").text_content() == "已復原。"
        complete_boards(page)  # the robot reads the zh-TW lesson data and the zh-TW shell words
        assert page.seen == {"errors": [], "outside": []}, page.seen
    finally:
        page.close()


#: Two Chinese characters (or full-width marks) with a source line break between them, which a
#: browser shows as a space: Chinese puts none there.
SPACED = re.compile("[\u3000-\u303f\u3400-\u9fff\uff00-\uffef][ \\t]*\\n\\s*[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


#: Chinese punctuation followed by a space.
AFTER_MARK = re.compile("[。，、；：！？]\\s+\\S.{0,7}")


def test_a_zh_paragraph_written_over_several_lines_reads_without_spaces_between_its_characters():
    """tools/languages.py joins a zh-TW paragraph's lines where Chinese stands on both sides of the
    break ("可以反制。 這一頁" read with a space), next to an emphasis too; English and code keep theirs."""
    import sys

    from docutils.core import publish_doctree
    from myst_parser.parsers.docutils_ import Parser

    sys.path.insert(0, str(ROOT / "tools"))
    from languages import join_chinese_lines

    source = "可以反制。\n這一頁；\n**復原**會收回，Python 在\nEnglish words\nstay apart，\n中文 `code`\n接著，\n2 到 4 人，\n`code`。\n\n```\n程式\n碼\n```\n"
    for language, said in (("zh_TW", "可以反制。這一頁；復原會收回，Python 在\nEnglish words\nstay apart，中文 code\n接著，2 到 4 人，code。"),
                           ("en", "可以反制。\n這一頁；\n復原會收回，Python 在\nEnglish words\nstay apart，\n中文 code\n接著，\n2 到 4 人，\ncode。")):
        app = type("App", (), {"config": type("Config", (), {"language": language})})
        tree = publish_doctree(source, parser=Parser())
        join_chinese_lines(app, tree)
        assert tree.children[0].astext() == said and tree.children[1].astext() == "程式\n碼\n"
    for page in PAGES:
        paragraphs = re.findall(r"<p\b[^>]*>(.*?)</p>", (SITE / page).read_text(encoding="utf-8"), re.S)
        spaced = [match.group() for text in paragraphs for match in [SPACED.search(re.sub(r"<[^>]+>", "", text))] if match]
        assert not spaced, f"{page}: {spaced[:3]}"
        # A space after Chinese punctuation, from the source's text or its line break (a zh-TW audit found 80).
        marked = [match.group() for text in paragraphs for match in [AFTER_MARK.search(re.sub(r"<[^>]+>", "", text))] if match]
        assert not marked, f"{page}: {marked[:3]}"


def test_a_zh_pages_hidden_cells_open_and_close_in_chinese():
    """myst-nb fills its toggles' {type} in English ("Show code cell output"); tools/languages.py
    gives the zh-TW book its own words for each of them."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from languages import TOGGLES_ZH

    toggles = []
    for page in PAGES:
        html = (SITE / page).read_text(encoding="utf-8")
        assert "code cell" not in html, page
        toggles += [re.sub(r"<[^>]+>", "", said) for said in re.findall(r'<p class="(?:collapsed|expanded) admonition-title">(.*?)</p>', html)]
    assert "顯示程式碼的輸出" in toggles and "隱藏程式碼的輸出" in toggles  # A whole game's play-by-play
    assert set(toggles) <= set(TOGGLES_ZH.values())
