"""rulesbook.teach: a teacher's own exercise on a moment of each game, in a few lines, its wording
on the board and in Python alike, and every mistake in making one a clear error naming it."""

from __future__ import annotations

import json

import pytest

from rulesbook import teach
from rulesbook.core.data import DataError
from rulesbook.core.words import capitalised
from rulesbook.hudai import game_moment as hudai_moment
from rulesbook.inferno import game_moment as inferno_moment
from rulesbook.lessons.data import opened_exercise, unpack
from rulesbook.madness import game_moment as madness_moment
from rulesbook.widgets import HudaiTable, InfernoBoard, MadnessExpedition

LINE = "MK+1@R PM+1 SB+1@B DH+1"


def inferno() -> object:
    return inferno_moment(LINE, ["MK+2 BISON FAN", "SB+2"])


def test_an_inferno_exercise_in_a_few_lines_says_what_the_teacher_wrote():
    board = teach.exercise(inferno(), "h0", prompt="Where may MK+2 be laid?", right="Yes. {Say} {found} of {total}.",
                           done="All {total}: well done.", hint="look beside the cards")
    answers = board.exercise["answers"]
    assert len(answers) > 2 and board.lesson["title"] == "Where may MK+2 be laid?"
    say = unpack(board.lesson)["s0"]["options"][board.exercise["option"]]["targets"][answers[0]][3]
    first = board.click(tuple(map(int, answers[0].split(","))))
    assert first == f"Yes. {capitalised(say)} 1 of {len(answers)}."  # {Say}: the clause with a capital
    for key in answers[1:]:
        board.click(tuple(map(int, key.split(","))))
    assert board.message == f"All {len(answers)}: well done."
    page = opened_exercise(board.lesson)  # the page's sealed data opens to the same words and answers
    assert page["right"] == "Yes. {Say} {found} of {total}." and page["answers"] == answers
    assert set(page["clues"].values()) == {"look beside the cards"}
    # A hint for each answer, its place named as a click names it, (row, column), or as "row,column".
    by_place = {tuple(map(int, key.split(","))): f"near {key}" for key in answers}
    assert teach.exercise(inferno(), "h0", hint=by_place).exercise["clues"] == {key: f"near {key}" for key in answers}


def test_a_hudai_and_a_madness_exercise_are_made_the_same_way():
    shop = hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4")
    board = teach.exercise(shop, "obtain", prompt="Which cards may the monk take?")
    assert sorted(board.exercise["answers"]) == ["river:G2", "river:R4"]
    escape = teach.exercise(madness_moment(4, space="X1"), "fly", prompt="Where may the Airplane go?", done="That is all {total}.")
    assert escape.exercise["answers"] and escape.exercise["done"] == "That is all {total}."


def test_each_mistake_in_making_an_exercise_is_named():
    with pytest.raises(DataError, match=r"hands\[0\]: .BISSON.: unknown card"):
        teach.exercise(inferno_moment(LINE, ["MK+2 BISSON"]), "h0")  # a card name with a typo
    with pytest.raises(ValueError) as refused:
        teach.exercise(inferno(), "h7")
    assert str(refused.value) == "the choice 'h7' is not offered here; the choices are h0, h1, h2"  # 'discard' is a button, nothing to find
    with pytest.raises(ValueError, match=r"right: no placeholder \{count\}"):
        teach.exercise(inferno(), "h0", right="Found {count}.")
    with pytest.raises(ValueError, match="done: a sentence is needed"):
        teach.exercise(inferno(), "h0", done="  ")
    with pytest.raises(ValueError, match="hint: 9,9 is not among the answers"):
        teach.exercise(inferno(), "h0", hint={"9,9": "there"})
    answers = teach.exercise(inferno(), "h0").exercise["answers"]
    with pytest.raises(ValueError, match=r"hint: '-?\d+,-?\d+' and \(-?\d+, -?\d+\) name the same answer; give each answer once"):
        teach.exercise(inferno(), "h0", hint={answers[0]: "here", tuple(map(int, answers[0].split(","))): "there"} | {
            answer: "near" for answer in answers[1:]})
    with pytest.raises(TypeError, match="moment: a moment of one of the games"):
        teach.exercise("MK+1@R", "h0")

BRACES = [
    ("right", "{ found } of {total}", "right: no placeholder { found }; write {found}, with no blanks, conversion or format"),
    ("right", "{found!r} of {total}", "right: no placeholder {found!r}; write {found}, with no blanks"),
    ("done", "{found:>3} of {total}", "done: no placeholder {found:>3}; write {found}, with no blanks"),
    ("right", "found {found} of {total", "right: the '{' at character 18 of 'found {found} of {total' belongs to no placeholder"),
    ("right", "{{found}} so far", "right: the '{' at character 1 of '{{found}} so far' belongs to no placeholder"),  # shown as {1}
    ("done", "all } found", "done: the '}' at character 5 of 'all } found' belongs to no placeholder"),
    ("right", "{} found", "right: no placeholder {}; this sentence may use {say}, {Say}, {found}, {total}"),
    ("again", "{Say} again", "again: no placeholder {Say}; this sentence may use {found}, {total}"),  # no answer to say
    ("hint", "look at {total}", "hint: no placeholder {total}; a hint is shown as written, with no placeholders"),
]


@pytest.mark.parametrize(("name", "sentence", "says"), BRACES, ids=[sentence for _, sentence, _ in BRACES])
def test_a_placeholder_the_board_would_not_fill_is_refused(name, sentence, says):
    """The board fills {name} for the names it is given (board.js fill) and shows every other brace
    as written: these were accepted, and a reader saw '{ found }' or '{1}'."""
    with pytest.raises(ValueError) as refused:
        teach.exercise(inferno(), "h0", **{name: sentence})
    assert str(refused.value).startswith(says), refused.value


def test_each_sentence_is_said_as_the_board_fills_it():
    board = teach.exercise(inferno(), "h0", right="{Say} {found}/{total}", again="Found already: {found} of {total}.")
    place = tuple(map(int, board.exercise["answers"][0].split(",")))
    assert "{" not in board.click(place) and board.click(place) == f"Found already: 1 of {len(board.exercise['answers'])}."


@pytest.mark.parametrize(("make", "says"), [
    (lambda: teach.exercise(inferno(), "h0", actor="purple"), "the choice 'h0' is made for R here, not 'purple'"),
    (lambda: teach.exercise(inferno(), "h1", actor=3), "the choice 'h1' is made for R, B here, not '3'"),  # the Bison moves either pawn
    (lambda: teach.exercise(hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4"), "obtain", actor="x"),
     "actor: Hudai Pass has one player, the monk, who makes every choice; leave actor out, not 'x'"),
    (lambda: teach.exercise(hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4"), "obtain", actor="M"),
     "actor: Hudai Pass has one player, the monk, who makes every choice; leave actor out, not 'M'"),
    (lambda: teach.exercise(hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4"), "fly"),
     "the choice 'fly' is not offered here; the choices are swap, obtain, pass"),
    (lambda: teach.exercise(madness_moment(4, space="X1"), "fly", actor="1"), "actor: a seat of the table, 0 to 3, not '1'"),
    (lambda: teach.exercise(madness_moment(4, space="X1"), "fly", actor=True), "actor: a seat of the table, 0 to 3, not True"),
    (lambda: teach.exercise(madness_moment(4, space="X1"), "fly", actor=9), "there is no seat 9 at this table of 4 (seats count from 0)"),
    (lambda: teach.exercise(inferno(), "h0", prompt=5), "prompt: a question is text, not 5"),
    (lambda: teach.exercise(inferno(), "h0", hint=5), "hint: one sentence, or a sentence for each answer ({answer: sentence}), not 5"),
    (lambda: teach.exercise(inferno(), "h0").targets("h9"), "the choice 'h9' is not offered here; the choices are h0, h1, h2, discard"),
    (lambda: teach.exercise(inferno(), "h0").targets("h1", "Q"), "the choice 'h1' is made for R, B here, not 'Q'"),
])
def test_a_choice_or_actor_a_teacher_names_wrongly_is_a_value_error_listing_what_there_is(make, says):
    """Named by hand in a notebook, not clicked: a KeyError, TypeError or AttributeError before."""
    with pytest.raises(ValueError) as refused:
        make()
    assert str(refused.value) == says


def test_a_named_actor_picks_the_option_it_makes():
    assert teach.exercise(inferno(), "h1", actor="B").exercise["option"] == "bison1:B"  # the Bison moves the blue pawn
    assert teach.exercise(inferno(), "h1").exercise["option"] == "bison1:R"  # the choice's own actor: the red player's pawn
    assert teach.exercise(madness_moment(4, space="X1"), "fly", actor=1).exercise["answers"]


def shop() -> object:
    return hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4")


@pytest.mark.parametrize(("board", "place", "says"), [
    (inferno, "x", "'x' is not a place on this board; its places are -1,-1, -1,0, "),
    (inferno, (1,), "place: a (row, column) pair or the name of a place, not (1,)"),
    (inferno, None, "place: a (row, column) pair or the name of a place, not None"),
    (inferno, (0.5, 1), "place: a (row, column) pair or the name of a place, not (0.5, 1)"),
    (inferno, (True, 0), "place: a (row, column) pair or the name of a place, not (True, 0)"),
    (shop, "nowhere", "'nowhere' is not a place on this board; its places are demon, discard, draw, "),
    (shop, (1, 2), "'1,2' is not a place on this board; its places are demon, "),  # a table of named places has no grid
    (lambda: madness_moment(4, space="X1"), "X9", "'X9' is not a place on this board; its places are C1, "),
])
def test_a_click_typed_in_python_on_a_place_the_board_has_not_is_a_value_error(board, place, says):
    """Not the board's "Something went wrong" with a traceback in the log, as before."""
    made = teach.exercise(board(), {inferno: "h0", shop: "obtain"}.get(board, "fly"))
    with pytest.raises(ValueError) as refused:
        made.click(place)
    assert str(refused.value).startswith(says) and made.found == []


def test_a_grid_place_off_the_picture_is_the_referees_to_refuse_in_both_languages():
    for language, said in [("en", "No Mountain reaches (101, 0): in one piece, of at most 52 cards laid around (0, 0), "
                                   "it stays within 100 rows and columns of it (MOI-R15)"),
                           ("zh-TW", "火焰山區延伸不到(101, 0)：它連成一片、最多 52 張卡牌、圍繞 (0, 0) 擺放，"
                                     "不會離 (0, 0) 超過 100 橫列或直行（MOI-R15）")]:
        board = teach.exercise(inferno(), "h0", language=language)
        assert board.click((101, 0)) == said and board.click((0, -10**30), "h1").startswith(said[:8])
        assert board.click((100, 0)) != said and board.click([100, 0]) == board.click("100,0")  # within reach: the rule that refuses it


@pytest.mark.parametrize(("make", "says"), [
    (lambda: InfernoBoard.find_in_game("MK+1@R", "h0"),
     "a Mountain of Inferno board starts from a game State (game_moment, new_game), not str"),
    (lambda: HudaiTable.find("W1 R5", "obtain"), "a Hudai Pass board starts from a game State (game_moment, new_game), not str"),
    (lambda: MadnessExpedition.sled("X1"), "a Madness board starts from an expedition State, not str"),
    (lambda: MadnessExpedition.leadership(madness_moment(4, space="X1"), seat="P2"), "there is no seat 'P2' at this table of 4 (seats count from 0)"),
    (lambda: MadnessExpedition.sled(madness_moment(4, tile="Seals", sled=[(1, "Tools 3")]), seat=True),
     "there is no seat True at this table of 4 (seats count from 0)"),
])
def test_a_board_made_from_what_is_no_moment_or_for_no_seat_says_so(make, says):
    """An AttributeError or a TypeError from inside before (the Madness turn board already said so)."""
    with pytest.raises(ValueError) as refused:
        make()
    assert str(refused.value) == says


#: What a teacher might type in the wrong place.
TYPED = [None, 0, 1, 2.5, True, "", "x", "R", "h0", "0,1", "zh", "zh-TW", "{found}", "{", [], [1], ["x"], {}, {0: 1},
         {"a": 1}, (1, 2), b"x", object()]


@pytest.mark.parametrize(("moment", "ask"), [(inferno, "h0"), (shop, "obtain"), (lambda: madness_moment(4, space="X1"), "fly")])
def test_any_value_for_any_argument_makes_an_exercise_or_a_value_error(moment, ask):
    """Each argument of teach.exercise alone with each kind of value: an exercise, or a ValueError
    in words (the question given as a list, a language as a dict and hints keyed by numbers
    raised TypeErrors and AttributeErrors from inside)."""
    made = moment()
    calls = [{"ask": value} for value in TYPED]
    calls += [{"ask": ask, name: value} for name in ("actor", "prompt", "right", "again", "done", "hint", "language") for value in TYPED]
    for arguments in calls:
        try:
            teach.exercise(made, **arguments)
        except ValueError as error:
            assert str(error), arguments


def test_a_hint_for_some_answers_leaves_the_others_the_boards_own():
    own = teach.exercise(inferno(), "h0").exercise
    first, *others = own["answers"]
    clues = teach.exercise(inferno(), "h0", hint={first: "look left of the Monkey King"}).exercise["clues"]
    assert clues[first] == "look left of the Monkey King" and others
    assert [clues[place] for place in others] == [own["clues"][place] for place in others]
    assert own["clues"][first] == "look beside the MK+1 card at (0, 0)"  # the board's own, replaced



def test_a_find_exercises_page_data_keeps_the_states_own_hint_out():
    """The state's own hint names what may be bought ("G2 or R4 cost 4 or less"): a lesson's Hint
    says it, but in an exercise it would give the answers away in the page source."""
    shop = hudai_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4")
    assert "G2 or R4" in unpack(HudaiTable.game(shop).lesson)["s0"]["hint"]
    buying = teach.exercise(shop, "obtain")
    assert sorted(buying.exercise["answers"]) == ["river:G2", "river:R4"]
    assert "G2 or R4" not in json.dumps(buying.lesson, ensure_ascii=False)
    assert all(node["hint"] == "" for node in unpack(buying.lesson).values())


def test_a_language_no_board_speaks_is_refused_naming_the_argument_as_for_the_other_games():
    """Hudai's and Madness's exercises said "language: ..."; Inferno's board said only "a board
    speaks en or zh-TW, not 'fr'", naming no argument."""
    moment = inferno_moment("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "SB+2"])
    for make in (lambda: teach.exercise(moment, "h0", language="fr"), lambda: InfernoBoard.game(moment, language="zh")):
        with pytest.raises(ValueError) as refused:
            make()
        assert str(refused.value).startswith("language: a board speaks en or zh-TW, not '")
