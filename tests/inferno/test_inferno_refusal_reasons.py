"""A refusal says what is wrong with this action, and cites the rule that forbids it: a Bison King
move, an Iron Fan drop and a card not held each name their own fault, in English and in zh-TW; an
action out of its phase cites the turn's order or who may cancel; the player count cites the
rulebook (the rules audit's findings F5-F9)."""

from __future__ import annotations

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import has_translation
from rulesbook.inferno import Colour, Position, Rules, apply, game_moment, new_game, refusal
from rulesbook.inferno import engine as ENGINE
from rulesbook.lessons.graph import refusal_text
from rulesbook.lessons.inferno.bison_turn import BisonLesson

#: Red at (0, 0), yellow at (1, 1); no card at (0, 3).
MOUNTAIN = """
MK+1@R PM+1 SB+1 .
DH+1 MK+2@Y PM+2 SB+2
"""


def said(state, action: str) -> tuple[str, str, str]:
    """The refusal's rule, English and zh-TW; every msgid it says has its zh-TW form."""
    error = refusal(state, action)
    assert error is not None, action
    absent = [key for key in error.said().msgids() if not has_translation("zh-TW", *key)
              and not (key[0] == "rule" and key[1].startswith("MOI-"))]
    assert not absent, (str(error), absent)
    return error.rule, str(error), error.say("zh-TW")


# --- F5: a Bison King move ---------------------------------------------------------------------------
@pytest.mark.parametrize("action, en, zh", [
    ("bison Y 0,0", "the red pawn stands on the MK+1 card at (0, 0): a pawn may pass over another pawn but never stop on it (MOI-R05)",
     "紅色唐僧標記在(0, 0)的MK+1上：唐僧標記可以經過其他唐僧標記，但不能停在它上方（MOI-R05）"),
    ("bison Y 1,1", "the pawn cannot end where it started: its path never visits a card twice, so it cannot come back (MOI-R05)",
     "唐僧標記不能停在出發的卡牌上：路線不能重複經過同一張卡牌，所以不能回到原處（MOI-R05）"),
    ("bison Y 0,3", "there is no card there: the Bison King moves a pawn from card to card and never over an empty place (MOI-R05)",
     "那裡沒有卡牌：牛魔王只能沿著卡牌移動唐僧標記，不能經過空位（MOI-R05）"),
    ("bison R 1,3", "one Mighty Bison King moves a pawn 1 to 3 cards, and no path from the MK+1 card at (0, 0) to the SB+2 card "
     "at (1, 3) that visits no card twice is that long: the shortest is 4 cards (MOI-R05)",
     "1張牛魔王卡可將唐僧標記移動1到3格，而從(0, 0)的MK+1到(1, 3)的SB+2、不重複經過卡牌的路線沒有一條是這個長度：最短的一條是4格（MOI-R05）"),
    ("bison2 Y 0,1", "two Mighty Bison Kings move a pawn 4 or 5 cards, and no path from the MK+2 card at (1, 1) to the PM+1 card "
     "at (0, 1) that visits no card twice is that long: the shortest is 1 card (MOI-R05)",
     "2張牛魔王卡可將唐僧標記移動4或5格，而從(1, 1)的MK+2到(0, 1)的PM+1、不重複經過卡牌的路線沒有一條是這個長度：最短的一條是1格（MOI-R05）"),
])
def test_a_refused_bison_king_move_names_its_own_fault_MOI_R05(action, en, zh):
    state = game_moment(MOUNTAIN, ["BISON BISON FAN", "GUANYIN"], draw_pile=10)
    assert said(state, action) == ("MOI-R05", en, zh)


def test_a_bison_king_reach_of_one_length_says_that_length_exactly():
    """A house rule's reach (`Rules.bison_reach`) may leave one length only: not "1 to 1 cards"."""
    state = game_moment(MOUNTAIN, ["BISON BISON", "GUANYIN"], draw_pile=10, rules=Rules(bison_reach=(1, 2)))
    assert said(state, "bison R 0,2")[1] == (
        "one Mighty Bison King moves a pawn exactly 1 card, and no path from the MK+1 card at (0, 0) to the SB+1 card at (0, 2) "
        "that visits no card twice is that long: the shortest is 2 cards (MOI-R05)")
    assert said(state, "bison2 R 0,1")[1:] == (
        "two Mighty Bison Kings move a pawn exactly 2 cards, and no path from the MK+1 card at (0, 0) to the PM+1 card at (0, 1) "
        "that visits no card twice is that long: the shortest is 1 card (MOI-R05)",
        "2張牛魔王卡可將唐僧標記移動剛好2格，而從(0, 0)的MK+1到(0, 1)的PM+1、不重複經過卡牌的路線沒有一條是這個長度：最短的一條是1格（MOI-R05）")


def test_two_pawns_on_a_full_card_stand_there_with_the_optional_rule_MOI_R13():
    state = game_moment("MK+1@RB PM+1 SB+1\nDH+1 MK+2@Y PM+2", ["BISON", "GUANYIN", "FAN"], draw_pile=10, rules=Rules(two_pawns=True))
    rule, en, zh = said(state, "bison Y 0,0")
    assert en == ("the red pawn and the blue pawn stand on the MK+1 card at (0, 0): a pawn may pass over other pawns but never "
                  "stop on a card with no room for it (MOI-R05)")
    assert zh == "紅色唐僧標記和藍色唐僧標記在(0, 0)的MK+1上：唐僧標記可以經過其他唐僧標記，但不能停在已經放不下唐僧標記的卡牌上（MOI-R05）"


def test_the_bison_lesson_says_the_engines_reason_capitalised():
    """One source: the teaching board's refusal is the engine's, with a capital, in both languages."""
    position = Position.parse(MOUNTAIN)
    for language in ("en", "zh-TW"):
        lesson = BisonLesson(position, "Y", ("BISON", "BISON"), language=language)
        state = game_moment(MOUNTAIN, ["BISON BISON", "GUANYIN"], draw_pile=10)  # red moves the yellow pawn: the same move
        for place in [(row, column) for row in (-1, 0, 1, 2) for column in range(-1, 5)]:
            for cards in (1, 2):
                try:
                    lesson.play(lesson.start(), f"bison{cards}:Y", place)
                except IllegalAction as taught:
                    engine = refusal(state, f"bison{'2' if cards == 2 else ''} Y {place[0]},{place[1]}")
                    assert engine is not None and engine.message == ENGINE.bison_refusal(position, Colour.YELLOW, cards, place)
                    assert refusal_text(taught, language) == refusal_text(engine, language)
                    if language == "en":
                        assert refusal_text(taught)[0].isupper() and str(engine)[0].islower()


# --- F6: an Iron Fan Princess drop -------------------------------------------------------------------
@pytest.mark.parametrize("action, en, zh", [
    ("fan R 0,0", "the card already lies at (0, 0): Iron Fan Princess puts it down somewhere else (MOI-R15)",
     "這張卡牌原本就在(0, 0)：鐵扇公主須把它移到別的位置（MOI-R15）"),
    ("fan R 1,2", "a card already lies at (1, 2) (MOI-R15)", "(1, 2)已經有卡牌了（MOI-R15）"),
    ("fan R 5,5", "no card of the Mountain lies beside (5, 5): the card must touch the rest of the Mountain along a side (MOI-R15)",
     "(5, 5)旁邊沒有火焰山區的卡牌：卡牌須與火焰山區其餘的卡牌上、下、左、右相鄰（MOI-R15）"),
    ("fan R -1,-1", "no card of the Mountain lies beside (-1, -1): the card must touch the rest of the Mountain along a side (MOI-R15)",
     "(-1, -1)旁邊沒有火焰山區的卡牌：卡牌須與火焰山區其餘的卡牌上、下、左、右相鄰（MOI-R15）"),  # at a corner of the card lifted only
    ("fan R -1,0", "at (-1, 0) the card would touch only the place it was lifted from, not the rest of the Mountain (MOI-R15)",
     "放在(-1, 0)的話，這張卡牌只會碰到它原本的位置，碰不到火焰山區其餘的卡牌（MOI-R15）"),
])
def test_a_refused_iron_fan_drop_names_its_own_fault_MOI_R15(action, en, zh):
    state = game_moment(MOUNTAIN, ["FAN", "GUANYIN"], draw_pile=10)
    assert said(state, action) == ("MOI-R15", en, zh)


# --- F7: cards not held ------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, action, en, zh", [
    ("BISON REDBOY:MK", "bison2 Y 1,3", "you hold 1 Mighty Bison King, not 2 (rulebook I)",
     "你的手牌只有1張牛魔王，不是2張（中文規則書〈２.遊戲進行〉(1)）"),
    ("BISON REDBOY:MK", "redboy2 MK,PM 0,1", "you do not hold Red Boy (Pig Monk) (rulebook I)",
     "你的手牌沒有紅孩兒（豬八戒）（中文規則書〈２.遊戲進行〉(1)）"),
    ("FAN", "bison2 Y 1,3", "you do not hold Mighty Bison King (rulebook I)", "你的手牌沒有牛魔王（中文規則書〈２.遊戲進行〉(1)）"),
    ("FAN", "redboy2 MK,PM 0,1", "you do not hold Red Boy (Monkey King) and Red Boy (Pig Monk) (rulebook I)",
     "你的手牌沒有紅孩兒（孫悟空）和紅孩兒（豬八戒）（中文規則書〈２.遊戲進行〉(1)）"),
])
def test_a_card_not_held_is_named_alone_rulebook_I(hand, action, en, zh):
    state = game_moment(MOUNTAIN, [hand, "GUANYIN"], draw_pile=10)
    assert said(state, action) == ("rulebook I", en, zh)


# --- F8: an action out of its phase ------------------------------------------------------------------
def test_an_action_out_of_its_phase_cites_the_turns_order_or_who_may_cancel():
    step = game_moment(MOUNTAIN, ["MK+3", "GUANYIN"], draw_pile=10, phase="step")
    assert said(step, "lay MK+3 -1,0") == (
        "rulebook, Play", "red must now step a pawn or stay, not 'lay MK+3 -1,0' (rulebook, Play)",
        "現在紅方須移動唐僧標記1格，或不移動，而不是「lay MK+3 -1,0」（中文規則書〈２.遊戲進行〉）")
    asked, _ = apply(game_moment(MOUNTAIN, ["BISON MK+3", "FAN"], draw_pile=10), "bison Y 1,3")
    assert said(asked, "lay MK+3 -1,0") == (
        "MOI-R06", "yellow must now cancel the effect just played or pass, not 'lay MK+3 -1,0' (MOI-R06)",
        "現在黃方須反制剛打出的效果，或不反制，而不是「lay MK+3 -1,0」（MOI-R06）")


# --- F9: the player count ----------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [lambda players: new_game(players), lambda players: Rules().rounds(players)])
@pytest.mark.parametrize("players", [1, 5])
def test_the_player_count_cites_the_rulebooks_object_of_the_game(ask, players):
    with pytest.raises(DataError) as raised:
        ask(players)
    assert raised.value.field == "players"
    assert str(raised.value) == f"players: Mountain of Inferno is for 2 to 4 players, not {players} (rulebook, Object of the Game)"
    assert raised.value.say("zh-TW") == f"players：火焰山是2到4人的遊戲，不能{players}人玩（中文規則書〈遊戲人數〉）"
