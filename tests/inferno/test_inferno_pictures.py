"""The score-track chart: drawn by the library (no plotting package, so it also runs live in the
browser) and described in words from the totals it draws, which the site uses as its alt text."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.inferno import RandomBot, Rules, show_track
from rulesbook.inferno.render import track_totals

SVG = "{http://www.w3.org/2000/svg}"


def test_the_track_chart_draws_and_describes_every_players_totals_MOI_R12():
    final = GameRecord.play("inferno", 3, seed=5, rules=Rules(), bots=[RandomBot(1), RandomBot(2), RandomBot(3)]).final_state()
    track = track_totals(final)
    assert track[0] == (0, 0, 0) and track[-1] == final.totals and len(track) == len(final.results) + 1
    assert all(later >= earlier for before, after in zip(track, track[1:]) for earlier, later in zip(before, after))  # EN never loses points
    picture = show_track(final)
    svg = ElementTree.fromstring(picture._repr_svg_())
    desc = svg.find(f"{SVG}desc").text
    for seat, colour in enumerate(final.colours):
        assert f"{colour.english} (" in desc and ", ".join(str(totals[seat]) for totals in track) in desc
    assert len(list(svg.iter(f"{SVG}polyline"))) == 3  # one line a player
    assert repr(picture) == desc and re.search(r"after each of \d rounds", desc)


def test_the_track_of_a_game_not_yet_scored_is_all_zero():
    start = GameRecord("inferno", 2, 1, Rules(), []).start()
    assert track_totals(start) == [(0, 0)]
    assert "red (circles) 0." in show_track(start).__repr__()


# --- the descriptions in zh-TW (issue 26) ------------------------------------------------------------
from rulesbook.core.messages import speak, spoken  # noqa: E402
from rulesbook.inferno import Position, show, show_cards  # noqa: E402
from rulesbook.inferno.cards import parse_card  # noqa: E402
from rulesbook.inferno.render import describe_cards, describe_position, describe_track  # noqa: E402

#: Three English words in a row: a sentence left in English (the notation has none).
ENGLISH = re.compile(r"\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b")
MOUNTAIN = Position.parse("""
.     SB+1   DH+2
PM+2  MK+1@R SB+3@Y
.     DH+1   PM-3
""")


def desc(svg: str) -> str:
    return ElementTree.fromstring(svg).findtext("{http://www.w3.org/2000/svg}desc") or ""


def test_a_picture_is_described_in_zh_tw_when_asked_and_in_english_as_ever_otherwise():
    english = describe_position(MOUNTAIN, {(0, 0)}, {(1, 1)})
    assert english.startswith("A Mountain of 7 cards in rows 0 to 2 and columns 0 to 2. Row 0: Sandy Brother +1 at column 1")
    assert "Monkey King +1 at column 1 with the red pawn" in english and english.endswith("Ringed: Monkey King +1 at (1, 1).")
    chinese = describe_position(MOUNTAIN, {(0, 0)}, {(1, 1)}, title="紅方可以去哪裡", language="zh-TW")
    assert chinese.startswith("紅方可以去哪裡。火焰山區有7張卡牌，在第0到2列、第0到2行。")
    assert "第1行是孫悟空+1，上面有紅方的唐僧標記；第2行是沙悟淨+3，上面有黃方的唐僧標記。" in chinese
    assert chinese.endswith("框起來的位置：空位(0, 0)。圈起來的卡牌：(1, 1)的孫悟空+1。") and not ENGLISH.search(chinese)
    cards = [parse_card(code) for code in ("MK+2", "MK+2", "REDBOY:PM", "BISON")]
    assert describe_cards(cards, "Hand") == "Hand: 4 cards: Monkey King +2 \u00d72, Red Boy (Pig Monk picture), Mighty Bison King."
    assert describe_cards(cards, "手牌", "zh-TW") == "手牌：4張卡牌：孫悟空+2 \u00d72、紅孩兒（豬八戒圖像）、牛魔王。"
    assert describe_cards([], language="zh-TW") == "沒有卡牌。" and describe_position(Position.parse("."), language="zh-TW") == "火焰山區是空的。"


def test_a_pawn_is_marked_in_the_pictures_language():
    """A zh-TW audit: the pawns read R, Y, B, K on every Chinese board, letters of English words;
    a reader of Chinese tells them apart by 紅, 黃 (the notation keeps its letters: data-pawn)."""
    svg = "{http://www.w3.org/2000/svg}"
    for language, marks in (("en", ["R", "Y"]), ("zh-TW", ["紅", "黃"])):
        drawing = ElementTree.fromstring(show(MOUNTAIN, language=language).svg)
        pawns = drawing.iter(f"{svg}g")
        assert [(g.get("data-pawn"), g.findtext(f"{svg}text")) for g in pawns if g.get("data-pawn")] == list(zip("RY", marks))


def test_speak_makes_every_later_picture_describe_itself_in_its_language():
    try:
        speak("zh-TW")
        assert spoken() == "zh-TW"
        assert desc(show(MOUNTAIN).svg).startswith("火焰山區有7張卡牌")
        assert desc(show_cards([parse_card("FAN")]).svg) == "1張卡牌：鐵扇公主。"
        assert desc(show(MOUNTAIN, language="en").svg).startswith("A Mountain of 7 cards")  # one picture in English all the same
    finally:
        speak("en")
    assert desc(show(MOUNTAIN).svg).startswith("A Mountain of 7 cards")


def test_the_score_track_is_described_and_labelled_in_zh_tw():
    record = GameRecord.play("inferno", 3, seed=7, rules=Rules(edition="zh"), bots=[RandomBot(seed) for seed in range(3)])
    state = record.final_state()
    chinese = describe_track(state, language="zh-TW")
    assert chinese.startswith("計分表上的分數：第1回合開始前，以及之後3個回合每一回合結束時：紅方（圓形）0、") and not ENGLISH.search(chinese)
    svg = show_track(state, language="zh-TW").svg
    assert ">回合後<" in svg and ">分數<" in svg and ">黃方<" in svg
    assert describe_track(state).startswith("Points on the score track before round 1 and after each of 3 rounds: red (circles) 0, ")


def test_a_picture_writes_the_cards_names_in_its_language():
    """The names drawn on the cards follow the picture's language, as its description does: a zh-TW
    page showed 孫悟空 on its boards and "Monkey King" on its pictures."""
    drawn = lambda svg: re.findall(r">([^<>]{2,})</text>", svg)  # noqa: E731
    chinese = drawn(show(MOUNTAIN, language="zh-TW").svg)
    assert {"孫悟空", "沙悟淨"} <= set(chinese) and not [name for name in chinese if re.search("[a-z]", name)]  # codes only in Latin
    assert {"Monkey", "King", "Sandy", "Brother"} <= set(drawn(show(MOUNTAIN).svg))  # on two lines
    events = [parse_card(code) for code in ("BISON", "FAN", "REDBOY:PM", "GUANYIN", "DH+1")]
    assert drawn(show_cards(events, language="zh-TW").svg) == ["牛魔王家族", "牛魔王", "牛魔王家族", "鐵扇公主", "牛魔王家族", "紅孩兒",
                                                                  "PM", "救星", "觀世音菩薩", "DH", "+1", "白龍馬"]
    assert drawn(show_cards([parse_card("DH+1")]).svg) == ["DH", "+1", "Dragon", "Horse"]
    assert drawn(show_cards(events).svg)[:3] == ["Bison King Family", "Mighty", "Bison King"]


def test_show_cards_takes_the_codes_as_the_other_games_do_and_refuses_a_bad_argument_naming_it():
    """A hand written as game_moment's hands are ("MK+2 BISON"), not an AttributeError from the drawing."""
    cards = [parse_card("MK+2"), parse_card("BISON")]
    assert show_cards("MK+2 BISON").svg == show_cards(["MK+2", "BISON"]).svg == show_cards(cards).svg
    for bad, said in ((lambda: show_cards("MK+2 BISSON"), "cards: 'BISSON': unknown card"),
                      (lambda: show_cards(["MK+2", "BISSON"]), "cards[1]: 'BISSON': unknown card"),
                      (lambda: show_cards([parse_card("FAN"), 7]), "cards[1]: expected a card of Mountain of Inferno, not 7"),
                      (lambda: show_cards(5), "cards: expected card codes or a list of cards, not 5"),
                      (lambda: show_cards(cards, per_row=0), "per_row: expected a whole number at least 1, not 0"),
                      (lambda: show_cards(cards, title=5), "title is a text, not 5")):
        with pytest.raises(ValueError) as refused:
            bad()
        assert str(refused.value).startswith(said), str(refused.value)
