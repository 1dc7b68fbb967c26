"""A book page stays light for a phone (issue 22): what a page loads and what holds up its text.

Font Awesome's script (1.5 MB; the theme's stylesheet draws the same icons from its font) is on no
page; Sphinx's search scripts and index only on the search page, where a search from any page's
search box leads; every script of a chapter's head is deferred, but the one its inline code reads,
whose text the page holds (tools/light_pages.py); its stylesheets come as one file, named by its
content (a fresh build and a rebuild), cut to the rules the site can match; and a page with all it
loads weighs well under a megabyte as a server that compresses sends it. The first-paint figures
on a slow 4G link are measured, not asserted (README); the bytes that hold up the first text are
(tests/site/test_site_styles.py).
"""

from __future__ import annotations

import gzip
import hashlib
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from site_browser import SITE, site_pages, watch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from light_styles import rules  # noqa: E402

PAGES = site_pages()
BOOK_PAGES = [path for path in PAGES if path.relative_to(SITE).parts[0] == "book"]
HEAVIEST = max(BOOK_PAGES, key=lambda path: path.stat().st_size) if BOOK_PAGES else None


def head(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text[: text.index("</head>")]


def test_the_site_has_its_pages():
    assert len(BOOK_PAGES) >= 40 and (SITE / "search.html").is_file()


def test_no_page_loads_the_icon_script_and_only_the_search_page_the_search_index():
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        assert "fontawesome.js" not in text, path
        on_search_page = path in (SITE / "search.html", SITE / "zh-TW" / "search.html")
        for script in ("searchindex.js", "searchtools.js"):
            assert (script in text) == on_search_page, (path, script)


@pytest.mark.parametrize("path", BOOK_PAGES[:: max(1, len(BOOK_PAGES) // 8)], ids=lambda path: path.stem)
def test_a_pages_head_scripts_wait_for_the_page(path):
    scripts = re.findall(r"<script([^>]*)\bsrc=\"([^\"]+)\"", head(path))
    assert scripts
    for attributes, source in scripts:
        assert re.search(r"\b(defer|async)\b", attributes), f"{path.name}: {source} holds up the first paint"
    # What the page's inline code reads at once is in the page (no request before the first text).
    assert "documentation_options.js" not in head(path) and "const DOCUMENTATION_OPTIONS = {" in head(path)


def test_a_search_from_a_chapter_finds_the_chapter(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    page.goto(site_url + "book/inferno/scoring.html")
    page.keyboard.press("Control+k")
    field = page.locator("#pst-search-dialog input[name=q]")
    field.wait_for(state="visible")
    field.fill("windows")
    field.press("Enter")
    page.wait_for_url("**/search.html?q=windows*")
    page.locator("#search-results li a").first.wait_for()
    found = page.locator("#search-results li a").evaluate_all("links => links.map(link => link.href)")
    assert any(link.split("?")[0].endswith("book/inferno/scoring.html") for link in found), found
    assert seen["errors"] == [] and seen["outside"] == []
    page.close()


def test_the_heaviest_chapter_with_all_it_loads_weighs_under_half_a_megabyte_compressed(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    loaded: set[str] = set()
    page.on("requestfinished", lambda request: loaded.add(request.url))
    page.goto(site_url + str(HEAVIEST.relative_to(SITE)), wait_until="networkidle")
    raw = compressed = 0
    for url in loaded:
        file = SITE / unquote(urlparse(url).path).lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        body = file.read_bytes()
        raw += len(body)
        compressed += len(gzip.compress(body)) if file.suffix not in (".woff2", ".png", ".jpg") else len(body)
    assert "fontawesome.js" not in " ".join(loaded)
    assert compressed < 500_000, f"{HEAVIEST.name}: {compressed:,} bytes compressed ({raw:,} raw)"
    assert raw < 1_500_000, f"{HEAVIEST.name}: {raw:,} bytes raw"
    assert seen["errors"] == [] and seen["outside"] == []
    page.close()


STYLESHEET = re.compile(r'<link rel="stylesheet"[^>]*href="([^"?]+)(?:\?[^"]*)?"')
LIGHT = re.compile(r'<link data-light-bundle="\w+"[^>]*href="([^"?]+)"')


def _rules(text: str) -> list[str]:
    """A stylesheet's rules, those inside @media and the like one by one (each with its at-rule)."""
    found = []
    for prelude, block in rules(text):
        if block is not None and re.match(r"@(media|supports|container|layer)\b", prelude):
            found += [f"{prelude} {rule}" for rule in _rules(block[1:-1])]
        else:
            found.append(prelude + (block or ""))
    # url()s moved; an icon font's sources, its cut copy (tools/light_fonts.py)
    found = [re.sub(r"src:[^;}]*", "src:", rule) if rule.startswith("@font-face") else rule for rule in found]
    return [re.sub(r"url\([^)]*\)", "url()", re.sub(r"\s+", "", rule)) for rule in found]


@pytest.mark.parametrize("path", BOOK_PAGES[:: max(1, len(BOOK_PAGES) // 8)], ids=lambda path: path.stem)
def test_a_pages_stylesheets_arrive_in_one_file_which_holds_its_members_rules_in_order(path):
    """The theme's two and the extensions' (tools/light_pages.py): each stylesheet the head waits
    for costs a phone a round trip. Our own members are whole; the others keep some of their
    rules, unchanged and in their order (tests/site/test_site_styles.py: what they leave out
    changes no element's style)."""
    sheets = STYLESHEET.findall(head(path)) + LIGHT.findall(head(path))
    assert len(sheets) == 1 and "/_static/rulesbook/styles/" in f"/{sheets[0]}", sheets
    bundle = (path.parent / sheets[0]).resolve()
    text = bundle.read_text(encoding="utf-8")
    assert bundle.stem == hashlib.sha256(text.encode()).hexdigest()[:16]
    members = re.findall(r"^/\* (_static/\S+) \*/$", text, re.M)
    assert members[:2] == ["_static/styles/theme.css", "_static/styles/pydata-sphinx-theme.css"]
    assert "_static/rulesbook/boards.css" in members and "_static/pygments.css" in members
    sections = re.split(r"^/\* _static/\S+ \*/$", text, flags=re.M)[1:]
    for member, section in zip(members, sections):
        own = (SITE / member).read_text(encoding="utf-8")
        if member == "_static/styles/theme.css":  # its @import of basic.css, in its place
            own = (SITE / "_static/basic.css").read_text(encoding="utf-8") + own.split(";", 1)[1]
        own_rules, kept = _rules(own), _rules(section)
        if member.startswith("_static/rulesbook/"):
            assert kept == own_rules, member
        else:
            assert 0 < len(kept) <= len(own_rules), member
            position = 0
            for rule in kept:  # each of the member's, in its order
                position = own_rules.index(rule, position) + 1
    for url in re.findall(r'url\("([^"]+)"\)', text):
        assert url.startswith("data:") or (bundle.parent / url).resolve().is_file(), url


def _build(source: Path, out: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr


def _linked(out: Path) -> dict[str, str]:
    """Each page's bundle (the file its light link names)."""
    found = {}
    for page in ("index.html", "more/other.html"):
        href = re.search(r'<link data-light-bundle="\w+"[^>]*href="([^"]+)"', (out / page).read_text(encoding="utf-8"))
        assert href, page
        found[page] = str(((out / page).parent / href.group(1)).resolve().relative_to(out))
    return found


def test_a_bundle_is_named_by_its_content_on_a_fresh_build_and_on_a_rebuild(tmp_path):
    """A member's bytes changed: every page (the one whose source did not change too) takes a
    bundle of a new name, which holds the new bytes; the old one is gone. (Sphinx copies the static
    files again only when some page is out of date: each rebuild here changes the other page.)"""
    source, out = tmp_path / "source", tmp_path / "out"
    (source / "_static").mkdir(parents=True)
    (source / "more").mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(Path(__file__).resolve().parents[2] / 'tools')!r})\n"
        "extensions = ['light_pages']\nhtml_theme = 'basic'\nhtml_static_path = ['_static']\n"
        "html_css_files = ['mine.css']\n", encoding="utf-8")
    (source / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   more/other\n", encoding="utf-8")
    (source / "more" / "other.rst").write_text("Other\n=====\n\n.. container:: zqx-seen\n\n   Text.\n", encoding="utf-8")
    (source / "_static" / "mine.css").write_text(".zqx-seen { color: red }\n.zqx-never { color: blue }\n", encoding="utf-8")
    _build(source, out)
    first = _linked(out)
    name = first["index.html"]
    assert first["more/other.html"] == name and re.fullmatch(r"_static/rulesbook/styles/[0-9a-f]{16}\.css", name)
    text = (out / name).read_text(encoding="utf-8")
    assert Path(name).stem == hashlib.sha256(text.encode()).hexdigest()[:16]  # named by its content
    assert re.search(r"\.zqx-seen\s*\{ color: red }", text) and "zqx-never" not in text  # cut to what a page has
    assert "documentation_options.js" not in (out / "index.html").read_text(encoding="utf-8")  # inlined

    (source / "_static" / "mine.css").write_text(".zqx-seen { color: green }\n", encoding="utf-8")
    (source / "more" / "other.rst").write_text("Other\n=====\n\n.. container:: zqx-seen\n\n   More text.\n", encoding="utf-8")
    _build(source, out)
    second = _linked(out)
    assert second["index.html"] == second["more/other.html"] != name
    assert "color: green" in (out / second["index.html"]).read_text(encoding="utf-8")
    assert not (out / name).exists()
    assert sorted(path.name for path in (out / "_static/rulesbook/styles").iterdir()) == [Path(second["index.html"]).name]

    (source / "more" / "other.rst").write_text("Other\n=====\n\nText without the class.\n", encoding="utf-8")
    (source / "_static" / "mine.css").write_text(".zqx-seen { color: green }\n.other { color: red }\n", encoding="utf-8")
    _build(source, out)  # one page written again, one not: both take the same new bundle
    third = _linked(out)
    assert third["index.html"] == third["more/other.html"] != second["index.html"]
    assert "color: green" not in (out / third["index.html"]).read_text(encoding="utf-8")  # no page has .zqx-seen now
