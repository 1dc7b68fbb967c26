"""A page's one light stylesheet styles every element as the theme's full stylesheets do (issue 22).

tools/light_pages.py gives each page one bundle of its stylesheets, cut to the rules that can
match something on the site (tools/light_styles.py). Here, in Chromium, a few pages (boards of the
three games, a Play page, the search page with results) are drawn with that bundle and then, in
place, with the full stylesheets it was made from (its members, named in it, linked in order):
every element's and pseudo-element's computed style must be the same, in light and dark, on a
phone and on a desktop, with the theme's menus and dialogs open, the hidden cells shown and a
tooltip up. And a page's render-blocking bytes (what the browser must have before the first text:
the page and its one stylesheet, as a server that compresses sends them) stay under a budget.
"""

from __future__ import annotations

import gzip
import re

import pytest
from site_browser import SITE

PAGES = ["book/inferno/scoring.html", "book/madness/relics.html", "book/hudai/building-a-combo.html",
         "book/intro.html", "book/play/hudai.html", "search.html?q=windows"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LINK = re.compile(r'<link\b[^>]*\bdata-light-bundle="\w+"[^>]*\bhref="([^"]+)"')

#: In the page: every element's computed style (and its ::before, ::after, ::marker, ::backdrop,
#: ::placeholder when drawn) as one list of strings.
SNAPSHOT = """() => {
  const out = [];
  for (const el of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after", "::marker", "::backdrop", "::placeholder"]) {
      const style = getComputedStyle(el, pseudo);
      if (pseudo && (style.content === "none" || style.content === "normal") && pseudo !== "::backdrop"
          && pseudo !== "::placeholder" && pseudo !== "::marker") continue;
      if (pseudo === "::backdrop" && el.tagName !== "DIALOG") continue;
      if (pseudo === "::placeholder" && !["INPUT", "TEXTAREA"].includes(el.tagName)) continue;
      if (pseudo === "::marker" && style.display !== "list-item" && el.tagName !== "SUMMARY") continue;
      const where = (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + [...el.classList].join(".")) + (pseudo || "");
      for (let i = 0; i < style.length; i++) out.push(where + " " + style[i] + ": " + style.getPropertyValue(style[i]));
    }
  }
  return out;
}"""

#: In the page: animations settled, so that both drawings are taken at rest (a transition the swap
#: starts is run to its end; one that never ends is held at its start).
SETTLE = """async () => {
  await document.fonts.ready;
  for (const animation of document.getAnimations()) {
    try { animation.finish(); } catch (error) { animation.pause(); animation.currentTime = 0; }
  }
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""

#: In the page: the light bundle swapped for its members (`full` true), or back.
SWAP = """async ([members, full]) => {
  const light = document.querySelector("link[data-light-bundle]");
  if (full) {
    const root = new URL(document.documentElement.dataset.content_root || "./", location.href);
    await Promise.all(members.map(member => new Promise((done, failed) => {
      const link = Object.assign(document.createElement("link"), {rel: "stylesheet", href: new URL(member, root).href});
      link.dataset.fullMember = member;
      link.onload = done;
      link.onerror = () => failed(new Error("no " + member));
      light.before(link);
    })));
    light.disabled = true;
  } else {
    light.disabled = false;
    document.querySelectorAll("link[data-full-member]").forEach(link => link.remove());
  }
}"""

#: What is opened before the two drawings, each alone (a page reloaded between them).
STATES = {
    "page": "() => {}",
    "menus": """() => {
      document.querySelectorAll("details").forEach(details => { details.open = true; });
      document.querySelectorAll("button.toggle-button").forEach(button => button.click());
      document.querySelector(".dropdown-toggle")?.click();
    }""",
    "search": """() => { document.querySelector("button.search-button")?.click(); }""",
    "sidebar": """() => { document.querySelector("button.primary-toggle")?.click(); }""",
}


def members(path: str) -> list[str]:
    html = (SITE / path.split("?")[0]).read_text(encoding="utf-8")
    found = LINK.search(html)
    assert found, f"{path}: no light stylesheet"
    bundle = ((SITE / path).parent / found.group(1)).resolve()
    names = re.findall(r"^/\* (_static/\S+) \*/$", bundle.read_text(encoding="utf-8"), re.M)
    assert names[:2] == ["_static/styles/theme.css", "_static/styles/pydata-sphinx-theme.css"], names
    return names


def differences(page, path: str) -> list[str]:
    """The computed styles that differ between the light bundle and the full stylesheets, as drawn."""
    page.evaluate(SETTLE)
    light = page.evaluate(SNAPSHOT)
    page.evaluate(SWAP, [members(path), True])
    page.evaluate(SETTLE)
    full = page.evaluate(SNAPSHOT)
    page.evaluate(SWAP, [members(path), False])
    assert len(light) > 10_000, len(light)
    if len(light) != len(full):
        return [f"{len(light)} values light, {len(full)} full"]
    return [f"light {a}\n       full  {b}" for a, b in zip(light, full) if a != b][:20]


def _open(browser_context, site_url, path, viewport, mode, state):
    page = browser_context.new_page()
    page.set_viewport_size(viewport)
    page.goto(site_url + path, wait_until="networkidle")
    if path.startswith("search.html"):
        page.locator("#search-results li").first.wait_for()
    page.evaluate("mode => { document.documentElement.dataset.theme = mode; document.documentElement.dataset.mode = mode; }", mode)
    page.evaluate(STATES[state])
    page.wait_for_timeout(400)  # Bootstrap's and the dialogs' own transitions
    return page


@pytest.mark.parametrize("path", PAGES, ids=lambda path: path.split("/")[-1].split(".")[0])
def test_the_light_stylesheet_styles_every_element_as_the_full_ones(browser_context, site_url, path):
    problems = {}
    for viewport, mode, state in [(PHONE, "light", "page"), (PHONE, "dark", "page"), (PHONE, "dark", "menus"),
                                  (PHONE, "light", "sidebar"), (PHONE, "light", "search"),
                                  (DESKTOP, "light", "page"), (DESKTOP, "dark", "menus")]:
        page = _open(browser_context, site_url, path, viewport, mode, state)
        found = differences(page, path)
        if found:
            problems[f"{viewport['width']} {mode} {state}"] = found
        page.close()
    assert problems == {}


def test_the_light_stylesheet_styles_a_tooltip_and_a_printed_page_as_the_full_ones(browser_context, site_url):
    path = "book/inferno/scoring.html"
    page = _open(browser_context, site_url, path, DESKTOP, "dark", "page")
    page.locator("[data-bs-toggle='tooltip']:visible").first.hover()
    page.locator(".tooltip").first.wait_for()
    assert differences(page, path) == []
    page.emulate_media(media="print")
    assert differences(page, path) == []
    page.close()


#: The page and its one stylesheet, gzipped: what a phone must have before it can draw the first
#: text. Measured 2026-12-01: scoring.html 14.4 KB + 32.5 KB (before the light stylesheet: the page
#: and five files, 14.4 KB + 96.6 KB).
BLOCKING_BUDGET = 60_000


@pytest.mark.parametrize("path", ["book/inferno/scoring.html", "book/madness/relics.html", "book/intro.html"],
                         ids=lambda path: path.split("/")[-1].split(".")[0])
def test_a_pages_render_blocking_bytes_stay_under_the_budget(path):
    html = (SITE / path).read_text(encoding="utf-8")
    head = html[: html.index("</head>")]
    sheets = re.findall(r'<link\b[^>]*\brel="stylesheet"[^>]*>', head)
    blocking_scripts = [tag for tag in re.findall(r"<script\b[^>]*>", head)
                        if " src=" in tag and not re.search(r"\b(defer|async)\b|type=\"module\"", tag)]
    assert len(sheets) == 1 and blocking_scripts == [], (sheets, blocking_scripts)
    sheet = ((SITE / path).parent / re.search(r'href="([^"?]+)', sheets[0]).group(1)).resolve()
    total = len(gzip.compress(html.encode())) + len(gzip.compress(sheet.read_bytes()))
    assert total < BLOCKING_BUDGET, f"{path}: {total:,} render-blocking bytes compressed"
