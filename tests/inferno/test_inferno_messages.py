"""Mountain of Inferno in zh-TW: every refusal of the engine and of its lessons says itself in the
zh-TW rulebook's words, with nothing English left but the notation and the rulings' ids; the
names table gives every card, event, colour and key term in both languages."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.messages import has_translation
from rulesbook.core.records import GameRecord
from rulesbook.inferno import (
    Cancel,
    Colour,
    Disciple,
    DiscardEvents,
    EndPlay,
    EventKind,
    LayDisciple,
    PlacePawn,
    PlayBison,
    PlayPrincess,
    PlayRedBoy,
    Position,
    Rules,
    Stay,
    Step,
    apply,
    game_moment,
    legal_actions,
    names_table,
    new_game,
    parse_card,
    red_boy_targets,
    refusal,
)
from rulesbook.inferno.actions import BISON, FAN, GUAN_YIN, parse_action
from rulesbook.inferno.cards import DISCIPLE_CARDS, EVENT_CARDS
from rulesbook.inferno.names import TERMS, card_word
from rulesbook.inferno.state import Phase
from rulesbook.lessons.graph import Misclick
from rulesbook.lessons.inferno.bison_turn import BisonLesson
from rulesbook.lessons.inferno.scoring_windows import WindowsReferee
from rulesbook.lessons.inferno.whole_game import GameReferee
from inferno_moments import played

#: What a zh-TW sentence may keep in Latin letters: rulings' ids, card codes, the action's own text.
NOTATION = re.compile(r"MOI-R\d+|(?<![A-Za-z])(?:MK|PM|SB|DH)[+-]\d(?!\d)|'fan [RYBK] \.\.\.'")


def english_left(text: str, action: object = None) -> list[str]:
    """The Latin words left in a sentence once its notation is taken out."""
    if action is not None:
        text = text.replace(str(action), "").replace(repr(action), "")
    return re.findall(r"[A-Za-z]+", NOTATION.sub("", text))


def untranslated(error: IllegalAction) -> list[tuple[str | None, str]]:
    """The msgids of a refusal the zh-TW catalogue lacks (a ruling's id is no msgid: it stays)."""
    return [(context, msgid) for context, msgid in error.said().msgids()
            if not has_translation("zh-TW", context, msgid) and not (context == "rule" and re.fullmatch(r"MOI-R\d+", msgid))]


def assert_said_in_zh_tw(error: IllegalAction, action: object = None) -> str:
    zh = error.say("zh-TW")
    assert not untranslated(error), untranslated(error)
    assert not english_left(zh, action), (str(error), zh)
    assert str(error) == (f"{error.reason} ({error.rule})" if error.rule else error.reason) == error.say("en")
    return zh


# --- the names -------------------------------------------------------------------------------------------
def test_the_names_table_has_every_card_kind_colour_and_the_rulebooks_terms():
    table = names_table()
    rows = {english: (notation, zh) for notation, english, zh in table}
    for kind in EventKind:
        assert rows[kind.english] == (kind.value, kind.chinese)
    for disciple in Disciple:
        assert rows[disciple.english] == (disciple.code, disciple.chinese)
    for colour in Colour:
        assert rows[colour.english] == (colour.letter, colour.chinese)
    for english, zh in [("disciple card", "徒弟卡"), ("event card", "事件卡"), ("Xuanzang pawn", "唐僧標記"), ("draw pile", "卡牌堆"),
                        ("round", "回合"), ("Mountain of Inferno", "火焰山"), ("cancel", "反制")]:
        assert rows[english][1] == zh
    assert len(table) == len(TERMS) and all(zh and zh != english for _, english, zh in table)
    assert names_table("en")[0] == ("MK", "Monkey King", "Monkey King")


def test_an_event_card_is_named_in_both_languages_and_a_disciple_card_keeps_its_code():
    assert [card_word(parse_card(code)).say("en") for code in ("BISON", "FAN", "GUANYIN", "REDBOY:DH")] == [
        "Mighty Bison King", "Iron Fan Princess", "Guan Yin", "Red Boy (Dragon Horse)"]
    assert [card_word(parse_card(code)).say("zh-TW") for code in ("BISON", "FAN", "GUANYIN", "REDBOY:DH")] == [
        "牛魔王", "鐵扇公主", "觀世音菩薩", "紅孩兒（白龍馬）"]
    assert card_word(parse_card("SB-3")) == "SB-3"


# --- the engine's refusals ---------------------------------------------------------------------------------
LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."
HANDS = ["MK+2 BISON FAN", "PM+2 GUANYIN", "SB+2"]


@pytest.mark.parametrize("moment, action, zh", [
    (lambda: new_game(2, seed=1), PlacePawn((5, 5)), "(5, 5)沒有卡牌可以放唐僧標記（MOI-R19）"),
    (lambda: new_game(2, seed=1), "stay", "現在紅方須放置唐僧標記，而不是「stay」（MOI-R19）"),
    (lambda: game_moment(LINE, HANDS), "lay MK+2 0,1", "(0, 1)已經有卡牌了（中文規則書〈２.遊戲進行〉(1)）"),
    (lambda: game_moment(LINE, HANDS), "lay PM+3 -1,0", "你的手牌沒有PM+3（中文規則書〈２.遊戲進行〉(1)）"),
    (lambda: game_moment(LINE, HANDS), DiscardEvents((GUAN_YIN, BISON)), "從手牌丟棄1~3張事件卡（MOI-R04）"),
    (lambda: game_moment(LINE, HANDS), PlayRedBoy((Disciple.DRAGON_HORSE,), (0, 3)), "你的手牌沒有紅孩兒（白龍馬）（中文規則書〈２.遊戲進行〉(1)）"),
    (lambda: game_moment(LINE, HANDS), PlayBison(Colour.BLUE, (0, 0), 1),
     "紅色唐僧標記在(0, 0)的MK+1上：唐僧標記可以經過其他唐僧標記，但不能停在它上方（MOI-R05）"),
    (lambda: game_moment(LINE, ["MK+2 REDBOY:PM", "PM+2", "SB+2"]), PlayRedBoy((Disciple.PIG_MONK,), (0, 3)),
     "1張紅孩兒卡只能移除與其圖像相同的豬八戒；2張紅孩兒卡可移除任何1張徒弟卡（中文規則書〈２.遊戲進行〉(1)）"),
    (lambda: game_moment(LINE, HANDS, phase=Phase.STEP), Step(Colour.BLUE, (0, 2)),
     "在這個版本中，移動階段只能移動自己的唐僧標記（MOI-R09）"),
    (lambda: game_moment(LINE, HANDS, phase=Phase.STEP), Step(Colour.RED, (1, 1)),
     "(1, 1)沒有卡牌：移動階段只能把唐僧標記移到卡牌上（MOI-R09）"),
    (lambda: game_moment(LINE, HANDS, rules=Rules(edition="zh")), DiscardEvents((BISON,)),
     "這個版本不能只丟棄事件卡而不發動效果（MOI-R04）"),
])
def test_a_refusal_of_the_engine_says_itself_in_the_zh_tw_rulebooks_words(moment, action, zh):
    error = refusal(moment(), action)
    assert error is not None and assert_said_in_zh_tw(error, action) == zh


def test_the_refusal_apply_raises_says_itself_in_zh_tw_and_its_english_is_unchanged():
    state = game_moment(LINE, HANDS)
    with pytest.raises(IllegalAction) as raised:
        apply(state, LayDisciple(parse_card("MK+2"), (0, 1)))
    assert str(raised.value) == "a card already lies at (0, 1) (rulebook I)"
    assert raised.value.say("zh-TW") == "(0, 1)已經有卡牌了（中文規則書〈２.遊戲進行〉(1)）"


#: The games the random refusals are asked in: each edition and the optional rule, some way in.


RULES = [Rules(), Rules(edition="zh"), Rules(two_pawns=True)]
MOMENTS = [played(seed, 2 + seed % 3, moves, RULES[seed % 3]) for seed, moves in
           ((1, 0), (2, 3), (3, 12), (4, 25), (5, 40), (6, 60), (7, 90), (8, 130), (9, 400))]
PLACES = st.tuples(st.integers(-2, 3), st.integers(-2, 4))
COLOURS = st.sampled_from(list(Colour))
ACTIONS = st.one_of(
    st.builds(PlacePawn, PLACES), st.builds(LayDisciple, st.sampled_from(DISCIPLE_CARDS), PLACES),
    st.builds(PlayBison, COLOURS, PLACES, st.sampled_from([1, 2])), st.builds(PlayPrincess, COLOURS, PLACES),
    st.builds(PlayRedBoy, st.lists(st.sampled_from(list(Disciple)), min_size=1, max_size=2, unique=True).map(tuple), PLACES),
    st.builds(DiscardEvents, st.lists(st.sampled_from(EVENT_CARDS), min_size=1, max_size=3).map(tuple)),
    st.builds(Cancel, st.sampled_from([(FAN,), (FAN, FAN), (GUAN_YIN,), (BISON,)])),
    st.just(EndPlay()), st.just(Stay()), st.builds(Step, COLOURS, PLACES),
)


@given(st.sampled_from(MOMENTS), ACTIONS)
def test_every_refusal_in_random_games_says_itself_in_zh_tw(state, action):
    error = refusal(state, action)
    if error is not None:
        assert_said_in_zh_tw(error, action)


def test_the_random_moments_meet_every_phase_and_the_game_over():
    assert {state.phase for state in MOMENTS} >= {Phase.PLACE_PAWN, Phase.PLAY, Phase.STEP, Phase.OVER}


# --- the lessons' refusals -----------------------------------------------------------------------------
def test_the_bison_lessons_refusals_say_themselves_in_zh_tw():
    referee = BisonLesson("MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y .", "R", ("BISON",), step=True)
    state = referee.start()
    said = {}
    for option in ("bison1:R", "bison2:R", "step:R", "step:B", "nonsense:R"):
        for place in [(row, column) for row in (-1, 0, 1) for column in range(-1, 5)]:
            try:
                referee.play(state, option, place)
            except IllegalAction as error:
                said[str(error)] = assert_said_in_zh_tw(error, option)
    assert len(said) >= 8
    assert said["only 1 Mighty Bison King card is left in hand (rulebook, I)"] == "手牌只剩1張牛魔王卡（中文規則書〈２.遊戲進行〉(1)）"


def test_the_windows_lessons_refusals_say_themselves_in_zh_tw():
    referee = WindowsReferee("MK+1@R PM+1 SB+1 DH+1\nPM+2 . DH+2 .\nSB-3 MK+2 . .", "R")
    said = set()
    for place in [(row, column) for row in range(-1, 4) for column in range(-1, 5)]:
        try:
            referee.play(referee.start(), "h0", place)
        except IllegalAction as error:
            said.add(assert_said_in_zh_tw(error))
    assert any("一段橫列" in zh or "一段直行" in zh for zh in said) and len(said) >= 3


# --- the engine's events ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULES, ids=["en", "zh", "two pawns"])
def test_every_event_of_whole_games_says_itself_in_zh_tw_and_its_text_is_the_english(rules):
    kinds = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed, rules=rules)
        while legal_actions(state):
            state, events = apply(state, rng.choice(legal_actions(state)))
            for event in events:
                message = event.message()
                assert event.say() == event.text == str(message)
                absent = [(context, msgid) for context, msgid in message.msgids() if not has_translation("zh-TW", context, msgid)]
                assert not absent, (event.text, absent)
                zh = event.say("zh-TW")
                assert not english_left(zh), (event.text, zh)
                assert zh.endswith("。") and event.text.endswith("."), (event.text, zh)      # whole sentences
                kinds.add(event.kind)
    assert kinds >= {"pawn", "deal", "lay", "effect", "resolve", "step", "stay", "draw", "pass", "round", "setup", "over"}


def test_an_event_says_the_zh_tw_rulebooks_words():
    state = game_moment(LINE, HANDS)
    _, events = apply(state, PlayBison(Colour.BLUE, (0, 3), 1))
    assert [event.say("zh-TW") for event in events] == ["紅方打出牛魔王：藍色唐僧標記移到(0, 3)。", "藍色唐僧標記現在位於(0, 3)。"]
    assert [event.text for event in events] == ["Red plays Mighty Bison King: the blue pawn to (0, 3).",
                                                "The blue pawn now stands at (0, 3)."]


#: A longer line, for two Bison Kings (4-5 cards) and a Red Boy with room to act.
LONG_LINE = "MK+1@R PM+1 SB+1@B DH+1 MK+3 PM+3\n. . DH+2@Y . . ."
#: Red and yellow share a card (the two-pawn rule, MOI-R13).
SHARED = "MK+1@RY PM+1 SB+1@B DH+1\n. . DH+2 ."


def on_long_line(*hands: str, rules: Rules | None = None):
    """Red to play on `LONG_LINE`, holding the first hand."""
    return game_moment(LONG_LINE, hands, rules=rules)


def _said(state, *actions) -> list[str]:
    """The English of every event the actions make, one after the other from `state`."""
    texts = []
    for action in actions:
        state, events = apply(state, action)
        texts += [event.text for event in events]
    return texts


@pytest.mark.parametrize("moment, actions, texts", [
    (lambda: game_moment(LINE, HANDS), [DiscardEvents((BISON, FAN))], ["Red discards Mighty Bison King, Iron Fan Princess with no effect."]),
    (lambda: game_moment(LINE, ["BISON BISON FAN", "GUANYIN FAN", "SB+2"]),
     [PlayBison(Colour.YELLOW, (0, 1), 1), Cancel((GUAN_YIN,))],
     ["Red plays Mighty Bison King: the yellow pawn to (0, 1).",
      "Yellow cancels it with Guan Yin; both go to the discard pile, and no answer to a cancel is allowed (MOI-R07); "
      "yellow refills only at the end of their own next turn (MOI-R08)."]),
    (lambda: on_long_line("BISON BISON FAN", "PM+2 BISON", "SB+2"), [PlayBison(Colour.YELLOW, (0, 5), 2)],
     ["Red plays two Mighty Bison Kings: the yellow pawn to (0, 5).", "The yellow pawn now stands at (0, 5)."]),
    (lambda: on_long_line("BISON BISON", "FAN FAN", "SB+2"),
     [PlayBison(Colour.YELLOW, (0, 5), 2), Cancel((FAN, FAN))],
     ["Red plays two Mighty Bison Kings: the yellow pawn to (0, 5).",
      "Yellow cancels it with Iron Fan Princess, Iron Fan Princess; both go to the discard pile, and no answer to a cancel is allowed (MOI-R07); "
      "yellow refills only at the end of their own next turn (MOI-R08)."]),
    (lambda: game_moment(SHARED, ["FAN MK+2 SB+2", "PM+2", "SB+3"], rules=Rules(two_pawns=True)),
     [PlayPrincess(Colour.RED, (-1, 1))],
     ["Red plays Iron Fan Princess: the card under the red and yellow pawns, pawns and all, to (-1, 1).",
      "The card under the red and yellow pawns, with its pawns, now lies at (-1, 1)."]),
])
def test_an_event_says_in_english_what_happened(moment, actions, texts):
    assert _said(moment(), *actions) == texts


def test_the_refill_takes_the_piles_top_cards_top_first():
    """Step IV: the hand is filled from the top of the draw pile (its last card), one card at a time."""
    state = game_moment(LINE, ["MK+2 SB+3", "", ""], draw_pile="PM+3 DH+3 MK+3")
    state, _ = apply(state, LayDisciple(parse_card("MK+2"), (1, 1)))
    state, _ = apply(state, EndPlay())
    state, events = apply(state, Stay())
    assert state.hands[0] == tuple(map(parse_card, ["SB+3", "MK+3", "DH+3"]))
    assert state.draw_pile == (parse_card("PM+3"),)
    drawn = [event for event in events if event.kind == "draw"]
    assert [(event.text, event.seat) for event in drawn] == [("Red draws 2.", 0)]


def test_a_full_hand_draws_nothing_and_says_nothing_of_drawing():
    """In ZH, with no discarding (MOI-R04), Guan Yins cannot be played: step I ends with the hand full
    (MOI-R18; a house hand of two, as the deck has two) and step IV has nothing to draw."""
    state = game_moment(LINE, ["GUANYIN GUANYIN", "SB+2", "SB+3"], rules=Rules(edition="zh", hand_size=2))
    assert _said(state, EndPlay(), Stay()) == ["Red ends step I.", "Red leaves the pawns where they are."]
    after, _ = apply(apply(state, EndPlay())[0], Stay())
    assert (after.hands[0], after.draw_pile) == (state.hands[0], state.draw_pile)


#: Red's step onto SB+1 stands its pawn alone where a row and a column each hold all four disciples.
CROSS = ". MK+2@Y . .\nPM+1@R SB+1 DH+1 MK+1\n. PM+2 . .\n. DH+2 . ."


def test_a_round_ended_by_a_complete_cross_says_so_and_belongs_to_its_ender():
    state, events = apply(game_moment(CROSS, ["", "SB+2"], phase=Phase.STEP), Step(Colour.RED, (1, 1)))
    assert [(event.kind, event.text, event.seat) for event in events] == [
        ("step", "Red steps the red pawn to (1, 1).", 0),
        ("round", "Round 1 ends: a complete cross (condition a); scores red +11, yellow +7.", 0),  # EN: the row and column, SB+1 in both
        ("setup", "Round 2: a new Mountain; yellow places first (MOI-R14).", None),
    ]
    assert state.results[0].reason == "a"


#: One round to a game, so that a stay with the draw pile empty ends the game.
ONE_ROUND = Rules(rounds_by_players=((2, 1), (3, 1), (4, 1)))


@pytest.mark.parametrize("totals, over", [
    ((3, 5, 1), "The game is over: yellow wins with 8."),
    ((4, 5, 1), "The game is over: red and yellow win with 8."),
])
def test_the_last_round_end_says_the_scores_and_the_winners(totals, over):
    state = game_moment(LINE, ["", "", ""], draw_pile=0, phase=Phase.STEP, rules=ONE_ROUND, totals=totals)
    assert _said(state, Stay()) == [
        "Red leaves the pawns where they are.",
        "Round 1 ends: the draw pile ran out (condition b); scores red +4, yellow +3, blue +6.",
        over,
    ]


def test_a_game_over_keeps_no_card_of_its_last_turn_as_played():
    state, _ = apply(game_moment(LINE, ["MK+2", "", ""], draw_pile=0, rules=ONE_ROUND), LayDisciple(parse_card("MK+2"), (1, 1)))
    assert state.played == (parse_card("MK+2"),) and state.phase is Phase.STEP  # the hand is empty: on to the step
    over, _ = apply(state, Stay())
    assert over.is_over and over.played == () and over.decision is None


@pytest.mark.parametrize("moment, before, action, said", [
    (lambda: game_moment(SHARED, ["FAN MK+2 SB+2", "PM+2", "SB+3"], rules=Rules(two_pawns=True)), None,
     PlayPrincess(Colour.YELLOW, (-1, 1)),
     "the card under the yellow pawn also holds the red pawn: one Iron Fan Princess moves the card with both, and the play "
     "names it by the red pawn ('fan R ...') (MOI-R22)"),
    (lambda: on_long_line("BISON BISON FAN", "GUANYIN FAN", "SB+2"), None, PlayBison(Colour.YELLOW, (0, 1), 2),
     "two Mighty Bison Kings move a pawn 4 or 5 cards, and no path from the DH+2 card at (1, 2) to the PM+1 card at (0, 1) "
     "that visits no card twice is that long: the shortest is 2 cards (MOI-R05)"),
    (lambda: on_long_line("BISON FAN", "", "", rules=Rules(bison_reach=(1, 2))), None, PlayBison(Colour.YELLOW, (0, 1), 1),
     "one Mighty Bison King moves a pawn exactly 1 card, and no path from the DH+2 card at (1, 2) to the PM+1 card at (0, 1) "
     "that visits no card twice is that long: the shortest is 2 cards (MOI-R05)"),
    (lambda: on_long_line("BISON BISON FAN", "GUANYIN FAN", "SB+2"), PlayBison(Colour.YELLOW, (0, 1), 1), Cancel((BISON,)),
     "'Mighty Bison King: the yellow pawn to (0, 1)' is cancelled with one Iron Fan Princess or one Guan Yin, from your hand (rulebook I)"),
    (lambda: on_long_line("BISON BISON FAN", "GUANYIN FAN", "SB+2"), PlayBison(Colour.YELLOW, (0, 5), 2), Cancel((FAN,)),
     "'two Mighty Bison Kings: the yellow pawn to (0, 5)' is cancelled with two Iron Fan Princesses or one Guan Yin, from your hand (rulebook I)"),
    (lambda: on_long_line("BISON REDBOY:PM FAN", "GUANYIN FAN", "SB+2"), PlayPrincess(Colour.YELLOW, (1, 1)), Cancel((FAN,)),
     "'Iron Fan Princess: the card under the yellow pawn, pawn and all, to (1, 1)' is cancelled with one Mighty Bison King or one Guan Yin, from your hand (rulebook I)"),
    (lambda: on_long_line("BISON REDBOY:PM FAN", "GUANYIN FAN", "SB+2"), PlayRedBoy((Disciple.PIG_MONK,), (0, 5)), Cancel((FAN,)),
     "'Red Boy (Pig Monk): discard the card at (0, 5)' is cancelled with one Guan Yin, from your hand (rulebook I)"),
    (lambda: on_long_line(*HANDS), LayDisciple(parse_card("MK+2"), (1, 1)), DiscardEvents((FAN,)),
     "discarding events replaces playing: not after a card was played (MOI-R04)"),
    (lambda: on_long_line(*HANDS), None, PlayBison(Colour.BLACK, (0, 1), 1),
     "there is no black pawn on the Mountain (rulebook I)"),
    (lambda: game_moment(LINE, HANDS, phase=Phase.STEP), None, Step(Colour.YELLOW, (0, 1)),
     "in this edition the step moves only your own pawn (MOI-R09)"),
    (lambda: game_moment(LINE, HANDS, phase=Phase.STEP, rules=Rules(edition="zh")), None, Step(Colour.BLACK, (0, 1)),
     "there is no black pawn on the Mountain (MOI-R09)"),
    (lambda: on_long_line("BISON BISON FAN", "GUANYIN FAN", "SB+2"), PlayBison(Colour.YELLOW, (0, 1), 1), Stay(),
     "yellow must now cancel the effect just played or pass, not 'stay' (MOI-R06)"),
    (lambda: on_long_line(*HANDS), None, Stay(), "red must now play cards (or end step I), not 'stay' (rulebook I)"),
    (lambda: game_moment(LINE, HANDS, phase=Phase.STEP), None, EndPlay(), "red must now step a pawn or stay, not 'end' (rulebook, Play)"),
    (lambda: on_long_line(*HANDS), None, EndPlay(), "play or discard at least one card before ending step I (MOI-R18)"),
    (lambda: on_long_line("MK+2 BISON BISON", "", "", rules=Rules(play_limit=2)), LayDisciple(parse_card("MK+2"), (1, 1)),
     PlayBison(Colour.YELLOW, (0, 5), 2), "at most 2 cards may be played in one turn (MOI-R04)"),
    (lambda: on_long_line("MK+2 BISON BISON", "", "", rules=Rules(play_limit=1)), LayDisciple(parse_card("MK+2"), (1, 1)),
     PlayBison(Colour.YELLOW, (0, 1), 1), "at most 1 card may be played in one turn (MOI-R04)"),
    (lambda: on_long_line("BISON FAN", "", ""), None, PlayBison(Colour.YELLOW, (0, 5), 1),
     "one Mighty Bison King moves a pawn 1 to 3 cards, and no path from the DH+2 card at (1, 2) to the PM+3 card at (0, 5) "
     "that visits no card twice is that long: the shortest is 4 cards (MOI-R05)"),
    (lambda: on_long_line(*HANDS), None, b"x" * 57,
     "b'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not an action of Mountain of Inferno (rulebook, Play)"),
    (lambda: on_long_line(*HANDS), None, b"x" * 58,
     "b'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... is not an action of Mountain of Inferno (rulebook, Play)"),
])
def test_a_refusal_says_in_english_what_and_why(moment, before, action, said):
    """What a learner reads: the rule's words, what was given (its first 60 characters) and the rule's id."""
    state = moment()
    if before is not None:
        state, _ = apply(state, before)
    with pytest.raises(IllegalAction) as raised:
        apply(state, action)
    assert str(raised.value) == said


@pytest.mark.parametrize("option, place, zh", [
    ("do:end", (0, 0), "「結束打牌」是火焰山區下方的按鈕"),
    ("lay:0", "end", "那是「結束打牌」按鈕：先選擇它，再按它"),
    ("bogus:1", (0, 0), "「bogus:1」現在不是這個盤面上的選項"),
])
def test_the_whole_game_boards_misclicks_say_themselves_in_zh_tw_and_cite_no_rule(option, place, zh):
    """A click in the wrong place breaks no rule: it cites none (and the Play page links no chapter)."""
    state = game_moment(LINE, HANDS)
    with pytest.raises(Misclick) as raised:
        GameReferee(state).action(state, option, place)
    assert assert_said_in_zh_tw(raised.value, option) == zh and raised.value.rule == ""


# --- notation that does not parse, data that cannot be read -------------------------------------------------
#: Three English words in a row, once quoted values (a token, a field's value) are taken out.
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def assert_error_said_in_zh_tw(error: Exception) -> str:
    """A NotationError or DataError: every msgid it says has its zh-TW form, no English sentence is
    left, and its English is str() word for word."""
    said = error.said()  # type: ignore[attr-defined]
    missing = [(context, msgid) for context, msgid in said.msgids()
               if not has_translation("zh-TW", context, msgid) and not (context == "rule" and re.fullmatch(r"MOI-R\d+", msgid))]
    assert not missing, (str(error), missing)
    zh = error.say("zh-TW")  # type: ignore[attr-defined]
    assert not ENGLISH_RUN.search(QUOTED.sub("", zh)), (str(error), zh)
    assert error.say("en") == str(error)  # type: ignore[attr-defined]
    return zh


POSITION_TEXT = st.text(alphabet="..MKPSBDH+-0123456789@RYK X\n", max_size=40)


@given(POSITION_TEXT)
def test_a_position_that_does_not_parse_says_why_in_zh_tw(text):
    try:
        Position.parse(text)
    except NotationError as error:
        assert_error_said_in_zh_tw(error)


@given(st.lists(st.sampled_from(["lay", "pawn", "bison", "bison2", "fan", "redboy", "redboy2", "discard", "step", "end", "cancel",
                                 "fly", "MK+2", "MK+5", "BISON", "FAN", "REDBOY:PM", "REDBOY:XX", "GUANYIN", "0,1", "9,9", "0",
                                 "MK,PM", "XX", "R", "Q", ""]), max_size=4).map(" ".join))
def test_an_action_that_does_not_parse_says_why_in_zh_tw(text):
    try:
        parse_action(text)
    except NotationError as error:
        assert_error_said_in_zh_tw(error)


@pytest.mark.parametrize("text, zh", [
    ("MK+5 .", "第0列第0行的'MK+5'：沒有點數+5的孫悟空卡；整副卡牌只有 +1、+2、+3 和 -3（英文規則書〈Card Descriptions〉）"),
    ("MK+2@RR", "第0列第0行的'MK+2@RR'：紅色唐僧標記寫了兩次"),
    ("MK+2@R PM+1@R", "第0列第1行的'PM+1@R'：紅色唐僧標記已經在第0列第0行；每種顏色只有1個唐僧標記"),
    ("MK+2 . PM+1", "第0列第2行的'PM+1'：這張卡牌沒有和火焰山區其餘的卡牌相鄰：火焰山區是一整塊，卡牌上下左右相鄰（MOI-R15）"),
])
def test_a_notation_error_names_the_token_and_its_place_in_zh_tw(text, zh):
    with pytest.raises(NotationError) as raised:
        Position.parse(text)
    assert raised.value.say("zh-TW") == zh
    assert (raised.value.row, raised.value.column) == tuple(int(n) for n in re.findall(r"第(\d+)", zh)[:2])  # the token's, first


@pytest.mark.parametrize("make", [
    lambda: parse_card("REDBOY:XX"), lambda: parse_card("SB+7"), lambda: parse_card(7), lambda: parse_card("FAN:MK"),
    lambda: new_game(5), lambda: Rules(edition="fr"), lambda: Rules(play_limit=0), lambda: Rules(hand_size=0),
    lambda: Rules(bison_reach=(3, 3)), lambda: Rules(rounds_by_players=((5, 2),)), lambda: Rules(rounds_by_players=((2, 0),)),
    lambda: Rules(rounds_by_players=((2, 1), (2, 1))), lambda: Rules(starting_points=(10**6,)), lambda: Rules(shared_card_limit=9),
    lambda: Rules(rounds_by_players=((2, 1),)).rounds(3), lambda: game_moment("MK+2@R", [["MK+1"], ["PM+1"]], seat=5),
    lambda: game_moment("MK+2@R", [["BISON"] * 4, []]), lambda: game_moment("MK+2@B", [[], []]), lambda: game_moment("MK+2@R", "MK+1"),
    lambda: game_moment("MK+2@R", [[], []], draw_pile=99), lambda: game_moment("MK+2@R", [[], []], totals=[-1, 0]),
    lambda: game_moment("MK+2@R", [[], [], []], colours="RR"), lambda: game_moment("MK+2@R MK+2 MK+2", [["MK+2"], []]),
    lambda: game_moment("MK+2@R", [[], []], phase="playing"), lambda: red_boy_targets("MK+2@R PM+1", "XX"),
    lambda: Position.parse("MK+2").with_card((0, 1), 5), lambda: Position.parse("MK+2").with_card((0, 1), "BISON"),
    lambda: Position.parse("MK+2", "zh"),
    lambda: LayDisciple(BISON, (0, 0)), lambda: PlayBison(Colour.RED, (0, 0), 3), lambda: PlayRedBoy((), (0, 0)),
    lambda: GameRecord.from_dict({"game": "inferno", "players": 3, "seed": 1, "actions": [], "x": 1}),
    lambda: GameRecord.from_dict({"game": "inferno", "players": 7, "seed": 1, "actions": []}),
    lambda: GameRecord.from_dict({"game": "inferno", "players": 3, "seed": 1, "actions": [5]}),
    lambda: GameRecord.from_dict({"game": "inferno", "players": 3, "seed": "s" * 10_000, "actions": []}),
    lambda: GameRecord.from_dict({"version": 9, "game": "inferno", "players": 3, "seed": 1, "actions": []}),
    lambda: GameRecord.from_dict({"game": "inferno", "players": 3, "seed": 1, "actions": [], "bots": ["greedy"]}),
    lambda: list(GameRecord.from_dict({"game": "inferno", "players": 2, "seed": 1, "actions": ["lay MK+9 0,0"]}).replay()),
    lambda: list(GameRecord.from_dict({"game": "inferno", "players": 2, "seed": 1, "actions": ["end"]}).replay()),
    lambda: GameRecord.from_json("{bad"), lambda: GameRecord.from_json("[" * 100 + "]" * 100),
])
def test_data_that_cannot_be_read_says_why_in_zh_tw_naming_the_field(make):
    with pytest.raises((NotationError, DataError)) as raised:
        make()
    zh = assert_error_said_in_zh_tw(raised.value)
    if isinstance(raised.value, DataError) and raised.value.field:
        assert zh.startswith(raised.value.field + "：")
