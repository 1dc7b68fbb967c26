"""The openings a Play page carries (rulesbook.widgets.play_site): its form's set-up as loaded, read
from the page's own HTML, and the engine's answer to "new" for it and each seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesbook.lessons.play import PlayServer
from rulesbook.widgets.play_site import OPENINGS, form_defaults, opening_seeds, openings

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book" / "play"


@pytest.mark.parametrize("game", ["hudai", "inferno", "madness"])
def test_a_play_pages_form_gives_the_set_up_its_openings_are_made_for(game):
    found, setup = form_defaults((BOOK / f"{game}.md").read_text(encoding="utf-8"))
    assert found == game and "seed" not in setup and setup["hint_bot"]
    seeds = opening_seeds(game)
    assert len(set(seeds)) == OPENINGS and all(len(seed) == 6 and seed.isdigit() for seed in seeds)
    games = openings(game, setup, count=2)
    for seed, reply in games.items():
        again = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": game, "setup": {**setup, "seed": seed}})))
        assert reply == again and reply["type"] == "started" and str(reply["setup"]["seed"]) == seed


def test_the_selected_option_is_read_and_a_list_keeps_its_order():
    page = """<div class="rb-play" data-game="inferno"><form class="rb-play-setup">
      <select name="players"><option value="2">2</option><option value="4" selected>4</option></select>
      <select name="seats" data-list><option value="you">you</option></select>
      <select name="seats" data-list><option value="you">you</option><option value="random" selected>r</option></select>
      <input name="seed" type="text"><input type="file" data-card-file="cards"></form></div>"""
    assert form_defaults(page) == ("inferno", {"players": "4", "seats": ["you", "random"]})


def test_a_page_without_a_game_or_a_seed_is_refused():
    with pytest.raises(ValueError, match="a Play area with its game"):
        form_defaults('<form><input name="seed" type="text"></form>')
    with pytest.raises(ValueError, match="a seed"):
        form_defaults('<div class="rb-play" data-game="hudai"><select name="cards"><option value="a">a</option></select></div>')


@pytest.mark.parametrize("page, language, said", [("book/play/hudai.md", "en", "built without"),
                                                   ("zh-TW/book/play/inferno.md", "zh_TW", "建置時沒有")])
def test_a_site_built_without_the_engine_says_so_on_its_play_pages(page, language, said):
    """`make book LITE=0` leaves out the engine's Python (Pyodide), which a Play page's games run
    on: the page's Play area is hidden, with a note before it in the book's language that says why and
    where to play; no script, style or openings are added. With the engine built, the page is as
    before: its area shown, its script deferred, its openings in the body."""
    from types import SimpleNamespace

    from rulesbook.widgets.play_site import play_page

    body = (ROOT / page).read_text(encoding="utf-8")  # the page's raw HTML is the body's part that matters
    added: list[str] = []
    for built in (False, True):
        app = SimpleNamespace(config=SimpleNamespace(rulesbook_run_live=built, language=language, rulesbook_site_folder=""),
                              add_js_file=lambda name, **_: added.append(name), add_css_file=added.append)
        context = {"body": body, "metatags": "", "pathto": lambda name, *_: name}
        play_page(app, page.removesuffix(".md"), "page.html", context, None)
        area = context["body"].index('class="rb-play"')
        if not built:
            assert added == [] and context["metatags"] == "" and "rb-play-openings" not in context["body"]
            assert context["body"].rindex("<div", 0, area) > context["body"].index(said) > 0
            assert context["body"][context["body"].rindex("<div", 0, area):area] == "<div hidden "
        else:
            assert added and "rb-play-openings" in context["body"] and "rulesbookPlayWorker" in context["metatags"]
            assert "<div hidden " not in context["body"] and said not in context["body"]
