"""What every game shares: errors that cite rules, seeded randomness, the progress bar (the CLI:
test_cli.py), a Rules field's type check in words."""

import io
import pickle
from typing import Literal

import pytest
from hypothesis import given, strategies as st

import rulesbook
from rulesbook.core import IllegalAction, NotationError, Progress, seeded_random, shuffled
from rulesbook.core import progress as progress_module
from rulesbook.core.data import DataError, kind_name, parse_json, shown, within
from rulesbook.core.events import Event
from rulesbook.core.messages import Capitalised, Listed, Message, has_translation, speak, term
from rulesbook.core.words import listed, plural, sentence, whole_sentence
from rulesbook.core.house import HouseRule
from rulesbook.core.rules import check_value, describe


def test_illegal_action_names_the_rule_and_is_a_value_error():
    error = IllegalAction("the path visits a card twice", "MOI-R05")
    assert isinstance(error, ValueError)
    assert error.rule == "MOI-R05" and str(error) == "the path visits a card twice (MOI-R05)"


def test_notation_error_names_token_row_and_column():
    error = NotationError("MK+4", "no such card", 2, 3)
    assert str(error) == "'MK+4' at row 2, column 3: no such card"
    assert error.args == ("'MK+4' at row 2, column 3: no such card",)  # args stay English
    assert str(NotationError("W9", "bad value")) == "'W9': bad value"
    assert str(NotationError("W9", "bad value", row=0)) == "'W9' at row 0: bad value"
    assert str(NotationError("W9", "bad value", column=4)) == "'W9' at column 4: bad value"
    # A reason given as plain text is a message of the catalogue all the same: said in zh-TW where it has a form.
    assert NotationError("BISON", "only a disciple is laid in the Mountain").say("zh-TW") == "'BISON'：只有徒弟卡能擺進火焰山區"


def test_a_value_an_error_quotes_is_cut_at_sixty_characters():
    assert shown("x" * 58) == repr("x" * 58)  # 60 characters with its quotes: whole
    assert shown("x" * 59) == repr("x" * 59)[:57] + "..." and len(shown("x" * 59)) == 60
    assert shown([1, "a"]) == "[1, 'a']"
    assert shown(10**5000) == shown([10**5000]) == "a number too long to write out"  # past the digit limit repr itself refuses


def test_a_kind_an_error_names_is_said_in_words_or_by_its_class_name():
    assert kind_name(int) == "a whole number" and kind_name((str, int)) == "text or a whole number"
    assert kind_name(HouseRule) == "HouseRule" and kind_name((bool, HouseRule)) == "true or false or HouseRule"


def test_seeded_randomness_is_fixed_by_seed_and_labels():
    assert shuffled(range(20), 7, "deck") == shuffled(range(20), 7, "deck")
    assert shuffled(range(20), 7, "deck") != shuffled(range(20), 7, "deck", 2)
    assert seeded_random(1, "x").random() == seeded_random("1", "x").random()
    # fixed across Python versions: string seeding hashes with SHA-512
    assert shuffled(range(6), 1, "deck") == [0, 5, 3, 2, 4, 1]


@given(st.lists(st.integers(), max_size=60), st.one_of(st.integers(), st.text(max_size=8)), st.text(max_size=8))
def test_shuffled_is_the_standard_shuffle_exactly(items, seed, label):
    """`shuffled` inlines `random.shuffle` for speed; every deck and replay depends on it being
    the same order from the same generator, on whatever Python runs it."""
    expected = list(items)
    seeded_random(seed, label).shuffle(expected)
    assert shuffled(items, seed, label) == expected


def test_progress_draws_only_on_a_terminal():
    quiet = io.StringIO()
    with Progress(10, "games", stream=quiet) as progress:
        progress.advance(10)
    assert quiet.getvalue() == ""

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    loud = Terminal()
    with Progress(4, "games", stream=loud) as progress:
        for _ in range(4):
            progress.advance()
    assert "games [" in loud.getvalue() and "4/4" in loud.getvalue() and loud.getvalue().endswith("\n")


def test_a_progress_line_shows_the_share_done_the_counts_and_the_rate():
    progress = Progress(4, "games", stream=io.StringIO(), width=8)
    progress.started = 100.0
    assert progress.line(now=100.0) == "games [--------] 0/4 0/s"  # no time gone: no rate yet
    progress.done = 3
    assert progress.line(now=100.5) == "games [######--] 3/4 6/s, 1 s left"
    progress.done = 4
    assert progress.line(now=102.0) == "games [########] 4/4 2/s"
    assert Progress(0, "none", width=4).line(now=0.0).startswith("none [####] 0/0")  # nothing to do is all done
    assert Progress(-3).total == 0
    assert Progress(4, stream=io.StringIO()).line().startswith(" [" + "-" * 30 + "] 0/4 ")  # by default: no label, 30 wide



def test_a_slow_runs_line_says_seconds_each_and_the_time_left():
    """Five search-bot games of Hudai in 221 s drew "0/s" and no end in sight (a first-time reader's audit)."""
    progress = Progress(500, "hudai", stream=io.StringIO(), width=4)
    progress.started, progress.done = 0.0, 5
    assert progress.line(now=221.0) == "hudai [----] 5/500 44 s each, 6 h 5 min left"
    progress.done = 300
    assert progress.line(now=400.0) == "hudai [##--] 300/500 0.8/s, 4 min left"
    progress.done = 500
    assert progress.line(now=600.0) == "hudai [####] 500/500 0.8/s"  # done: nothing left to say


def test_a_progress_bar_redraws_once_a_tenth_of_a_second_has_gone_and_ends_its_line(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    clock = iter([0.0, 0.1, 0.15, 0.2, 0.25, 1.0])  # made; four games done; closed
    monkeypatch.setattr(progress_module.time, "perf_counter", lambda: next(clock))
    terminal = Terminal()
    progress = Progress(5, "games", stream=terminal, width=5)
    for _ in range(4):
        progress.advance()
    progress.close()
    assert terminal.getvalue() == "\rgames [#----] 1/5 10/s, 1 s left\rgames [###--] 3/5 15/s, 1 s left\rgames [####-] 4/5 4/s, 1 s left \n"  # padded over the longer line
    shorter = Terminal()
    monkeypatch.setattr(progress_module.time, "perf_counter", lambda: 0.0)
    progress = Progress(5, "games", stream=shorter, width=5)
    progress._draw("games [#----] 1/5 1/s, 4 s left")
    progress._draw("games [#####] 5/5 5/s", "\n")
    assert shorter.getvalue().split("\r")[-1] == "games [#####] 5/5 5/s" + " " * 10 + "\n"  # the longer line covered


def test_a_progress_bar_redraws_at_most_ten_times_a_second_and_always_at_the_end():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    progress = Progress(3, "games", stream=terminal, width=3)
    progress.advance()
    progress.advance()  # within a tenth of a second of the last drawing: not drawn
    assert terminal.getvalue().count("\r") == 1 and "1/3" in terminal.getvalue()
    progress.advance()  # the last: drawn
    assert terminal.getvalue().count("\r") == 2 and terminal.getvalue().split("\r")[-1].startswith("games [###] 3/3 ")


@pytest.mark.parametrize(("hint", "value", "said"), [
    (int | None, "x", "expected a whole number or none (null), not 'x'"),
    (Literal["en", "zh"], "fr", "expected one of 'en', 'zh', not 'fr'"),
    (tuple[int, ...], (1, "2"), "expected a list of whole numbers, not (1, '2')"),
    (tuple[int, str], (1,), "expected a list of 2: a whole number, text, not (1,)"),
    (tuple[str, ...] | None, [1], "expected a list of texts or none (null), not [1]"),
    (HouseRule, 3, "expected a HouseRule, not 3"),
])
def test_a_rules_field_of_the_wrong_kind_is_named_with_what_it_expects(hint, value, said):
    with pytest.raises(DataError) as refused:
        check_value(value, hint, "Rules.field")
    assert str(refused.value) == f"Rules.field: {said}"


def test_an_annotation_described_by_its_name_or_else_its_text():
    assert describe(None) == describe(type(None)) == "none (null)"
    assert describe(list[int]) == "a list" and describe("Pack") == "a Pack"


@pytest.mark.parametrize("text", ['{"seed": "a\\ud800"}', '{"a\\udfff": 1}', '[["\\udc00"]]'])
def test_json_holding_half_of_a_utf16_pair_is_refused_by_what_it_is(text):
    with pytest.raises(DataError) as refused:
        parse_json(text, "record")
    assert refused.value.field == "record" and refused.value.why.endswith("is not Unicode text (it holds half of a UTF-16 pair)")
    assert parse_json('{"seed": "\\ud83d\\ude00 \\u00e9"}', "record") == {"seed": "\U0001f600 \u00e9"}  # a whole pair is text


def test_an_event_shows_itself_as_it_is_made_and_is_a_value():
    event = Event("play", "Red plays Red Boy.", seat=0, seen_by=(0, 2), data={"card": "RB"})
    assert repr(event) == "Event('play', 'Red plays Red Boy.', seat=0, seen_by=(0, 2), data={'card': 'RB'})"
    assert repr(Event("end", "The game ends.")) == "Event('end', 'The game ends.')"
    worded = Event.worded("play", lambda card: f"Red plays {card}.", {"card": "RB"}, seat=0)
    assert worded == Event("play", "Red plays RB.", seat=0, data={"card": "RB"}) != Event("play", "Red plays RB.", seat=1)
    assert hash(worded) == hash(Event("play", "Red plays RB.", seat=0, data={"card": "RB"}))
    assert event.message() == Message.text("Red plays Red Boy.") and worded.message() == Message.text("Red plays RB.")
    again = pickle.loads(pickle.dumps(event))
    assert again == event and (again.seat, again.seen_by, dict(again.data)) == (0, (0, 2), {"card": "RB"})


def test_a_message_and_a_list_show_themselves_and_compare_by_what_they_say():
    found = Message("a card lies at {place}", place="(0, 1)")
    assert repr(found) == "Message('a card lies at {place}', place='(0, 1)')"
    assert repr(term("Red Boy", "card")) == "term('Red Boy', 'card')"
    assert found == Message("a card lies at {place}", place="(0, 1)") != Message("a card lies at {place}", place="(0, 2)")
    assert found != term("a card lies at {place}", "rule") and hash(found) == hash(Message("a card lies at {place}", place="(0, 1)"))
    assert repr(Listed(["a", "b"], "or")) == "Listed(['a', 'b'], 'or')"
    assert Listed(["a", "b"], "or") == Listed(("a", "b"), "or") != Listed(["a", "b"]) != Listed(["a", "b"], empty="nothing")
    assert hash(Listed(["a", "b"], "or")) == hash(Listed(("a", "b"), "or"))
    assert (found == "a card lies at (0, 1)") is False and (Listed([]) == []) is False  # another kind is never equal


def test_the_protocols_own_wording_of_events_and_rules():
    inferno, hudai = rulesbook.game("inferno"), rulesbook.game("hudai")
    event = Event("end", "The game ends.")
    assert inferno.event_text(event) == "The game ends."
    assert inferno.rules_to_text(inferno.rules(edition="zh", hand_size=4)).startswith("edition=zh, two_pawns=False, rounds_by_players=")
    assert ", hand_size=4, " in inferno.rules_to_text(inferno.rules(hand_size=4))
    assert hudai.rules_to_text(hudai.rules()).endswith(", reshuffle_mind_deck=True, cards=reconstructed")  # a data set by its source


def test_a_tables_bots_are_made_seat_by_seat_from_the_games_seed():
    protocol = rulesbook.game("inferno")
    state = protocol.new_game(players=2, seed=5)
    table = protocol.make_bots(["random", "greedy"], "s")
    alone = [protocol.make_bot("random", 0, "s:0"), protocol.make_bot("greedy", 1, "s:1")]
    for _ in range(6):  # the same choices, one after another, as bots made one by one
        actions = protocol.legal_actions(state)
        seat = protocol.current_player(state)
        choice = table[seat].choose(state, actions)
        assert choice == alone[seat].choose(state, actions)
        state = protocol.apply(state, choice).state


def test_the_library_speaks_english_and_zh_tw_and_says_so_to_any_other_language():
    with pytest.raises(ValueError) as unknown:
        speak("fr")
    assert str(unknown.value) == "unknown language 'fr'; the library speaks en and zh-TW"
    assert has_translation("en", None, "any words at all")  # English is every msgid itself
    assert has_translation("zh-TW", None, "nested deeper than {limit} levels")
    assert not has_translation("zh-TW", None, "words no catalogue holds") and not has_translation("zh-TW", "card", "Red Boy!")


def test_a_message_names_every_msgid_it_holds_for_the_catalogue():
    """What tools/catalogue.py collects: the message's own template and those of its data, each
    once in order, with a list's joiner only where a language has a word to translate for it."""
    cards = Listed([term("BISON", "card"), "MK+2"])
    message = Message("you do not hold {cards} ({who})", cards=cards, who=Capitalised(term("red", "colour")), count=3)
    assert list(message.msgids()) == [(None, "you do not hold {cards} ({who})"), ("list", "and"), ("card", "BISON"), ("colour", "red")]
    assert list(Listed([term("red", "colour")], "or").msgids()) == [("colour", "red")]  # one word: no joiner said
    assert list(Listed([], "or", "nobody").msgids()) == [("list", "nobody")]  # none: the word for none
    assert list(Listed(["x", "y", "z"], "or").msgids()) == [("list", "or")]
    assert list(Listed([term("a", "k"), term("b", "k")], ",").msgids()) == [("k", "a"), ("k", "b")]  # commas are no word
    assert list(Capitalised("plain text").msgids()) == []
    assert Capitalised(term("red", "colour")).say() == str(Capitalised(term("red", "colour"))) == "Red"  # English unless asked


def test_an_empty_list_says_its_word_for_none_in_each_language():
    assert Listed([], "or", "nobody").say() == "nobody" and Listed([]).say() == "none"
    assert Listed([], "and", "none").say("zh-TW") == "無"  # the catalogue's word for an empty list


def test_a_game_is_named_by_its_text_only():
    import rulesbook

    for name in (["inferno"], {"inferno": 1}, 5):  # not looked up (a list could not be): refused in words
        with pytest.raises(ValueError) as refused:
            rulesbook.game(name)
        assert str(refused.value) == f"unknown game {name!r}; the games are inferno, hudai, madness"
    assert repr(Message("{a} then {b}", a=1, b="two")) == "Message('{a} then {b}', a=1, b='two')"


def test_one_rule_is_read_as_a_records_json_holds_it():
    """`Game.rule_from_data`: lists for tuples, a game's own data as data, and the record's refusal
    naming the field (the lab reads a sweep's values this way)."""
    hudai, inferno = rulesbook.game("hudai"), rulesbook.game("inferno")
    assert hudai.rule_from_data("powers", ["drain", "crush", "confuse"]) == ("drain", "crush", "confuse")
    assert inferno.rule_from_data("rounds_by_players", [[2, 2], [3, 3], [4, 4]]) == ((2, 2), (3, 3), (4, 4))
    assert inferno.rule_from_data("hand_size", 4) == 4
    with pytest.raises(DataError, match=r"^Rules\.hand_size: expected a whole number, not 'x'$"):
        inferno.rule_from_data("hand_size", "x")
    with pytest.raises(DataError, match=r"^rules: no field 'colour'; the fields are any_opponent_cancels, "):
        inferno.rule_from_data("colour", 1)


def test_a_term_is_said_as_it_is_never_formatted():
    """A word of the game is text, not a template: braces in it stay (a teacher's house rule may
    be named "{bonus}")."""
    assert term("{bonus} round", "rule").say() == "{bonus} round" == term("{bonus} round", "rule").say("zh-TW")


def test_an_svg_document_holds_only_its_elements_title_first_with_their_attributes():
    """What the pictures are built on: the root's attributes as written, its title and description
    first, no stray text between the elements, and text escaped as xml.sax.saxutils.escape does
    (quotes as they are)."""
    from xml.etree import ElementTree

    from rulesbook.core.picture import escape, svg_document

    svg = svg_document(10, 20, "A <title>", "the 'desc' & \"more\"", ['<circle r="1"/>'], "white")
    root = ElementTree.fromstring(svg)
    assert (root.get("viewBox"), root.get("font-family"), root.get("role")) == ("0 0 10 20", "sans-serif", "img")
    assert [child.tag.rpartition("}")[2] for child in root] == ["title", "desc", "rect", "circle"]
    assert not (root.text or "").strip() and all(not (child.tail or "").strip() for child in root)
    assert (root[0].text, root[1].text) == ("A <title>", "the 'desc' & \"more\"")
    assert escape("it's \"x\" & <y>") == "it's \"x\" &amp; &lt;y&gt;"


def test_play_out_prints_an_action_given_as_a_value_in_its_notation(capsys):
    from rulesbook.inferno import LayDisciple, game_moment, parse_card, play_out

    moment = game_moment("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "GUANYIN"])
    play_out(moment, LayDisciple(parse_card("MK+2"), (1, 0)), quiet=False)
    assert capsys.readouterr().out.splitlines()[0] == "> lay MK+2 1,0"


def test_within_names_a_parts_refusal_from_the_documents_root():
    """The part's own root (its reader's name for itself) gives way to the document's; a field that
    only begins with the same letters keeps them; a refusal of another kind is named by `where`."""
    def refusing(error):
        def make():
            raise error
        return make
    cases = [(DataError("Rules.hand_size", "too big"), "state.rules", "state.rules.hand_size"),
             (DataError("rules", "no field 'x'"), "state.rules", "state.rules"),
             (DataError("rules_text", "odd"), "state.rules", "state.rules.rules_text"),
             (DataError("players", "is for 2 to 4 players, not 7"), "record.players", "record.players"),
             (DataError("state.seat", "kept"), "state.rules", "state.seat"),  # already named from the document's root
             (NotationError("XX", "unknown card"), "pile", "pile"),
             (TypeError("bad"), "record.rules", "record.rules")]
    for error, where, field in cases:
        with pytest.raises(DataError) as raised:
            within(refusing(error), where)
        assert raised.value.field == field, (error, raised.value.field)
    assert within(lambda: 7, "state") == 7


def test_the_shared_words_a_sentence_a_count_and_a_list():
    """core.words, which every game's sentences go through (its doctests run too, but not under mutmut)."""
    assert sentence("the demon attacks") == sentence(" the demon attacks. ") == "The demon attacks."   # one full stop
    assert sentence("a card called X.") == "A card called X." and sentence("may red cancel it?") == "May red cancel it?"
    assert sentence("yes!") == "Yes!" and sentence("...and so on") == "...and so on."
    assert whole_sentence("red draws 2") == "Red draws 2." and whole_sentence("紅方補2張牌", "zh-TW") == "紅方補2張牌。"
    assert whole_sentence("紅方要反制嗎？", "zh-TW") == "紅方要反制嗎？" and whole_sentence("好。", "zh-TW") == "好。"
    assert whole_sentence("探險隊逃出來了！", "zh-TW") == "探險隊逃出來了！"  # an exclamation keeps its own mark
    assert (plural(1, "cube"), plural(0, "cube"), plural(2, "Injury", "Injuries")) == ("1 cube", "0 cubes", "2 Injuries")
    assert (listed([]), listed(["a"]), listed(["a", "b", "c"], "or")) == ("none", "a", "a, b or c")


@pytest.fixture
def made_errors():
    """`_errors`, and no house rule of theirs left defined for the tests after."""
    from rulesbook.core.house import forget

    try:
        yield _errors
    finally:
        forget("test-pickled")


def _errors() -> list[Exception]:
    """One of each error the library raises on purpose, made as its callers make them."""
    from rulesbook.core.house import HouseRuleError, forget, house_rule
    from rulesbook.core.records import ReplayError
    from rulesbook.hudai.cards import CardFileError
    from rulesbook.lessons.graph import Misclick
    from rulesbook.madness.pack import PackError

    rule = house_rule("test-pickled", "scoring")(lambda state: state)
    made = [
        IllegalAction(Message("a card already lies at {place}", place="(0, 1)"), "rulebook I"),
        Misclick(Message("that button is \u201c{button}\u201d", button="End step I")),
        NotationError("MK+5", Message("malformed value {value}", value="'+5'"), 1, 2),
        DataError("state.hands[2]", Message("expected {count} cards", count=3)),
        PackError("tiles[0]", "no name", "my.json"),
        ReplayError(4, "stay", IllegalAction("the pawn must move", "MOI-R05")),
        CardFileError("my.csv", 3, "value", "expected 1 to 6"),
        HouseRuleError(rule, "scoring", "the function raised RuntimeError: oops"),
    ]
    forget("test-pickled")
    house_rule("test-pickled", "scoring")(lambda state: state)  # defined again where it is read back, as a forked worker has it
    return made


def test_every_error_crosses_processes_whole(made_errors):
    """A lab worker's error comes back to the teacher pickled: it was rebuilt by calling its class
    with its English text, which took no rule (TypeError), and a failing house rule in a pool of
    two workers ended in BrokenProcessPool instead of its HouseRuleError."""
    for error in made_errors():
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and again.args == error.args, error
        assert str(again) == str(error) and again.say("zh-TW") == error.say("zh-TW")
        assert {name: repr(value) for name, value in vars(again).items()} == {name: repr(value) for name, value in vars(error).items()}


def test_an_errors_args_are_its_whole_english_text_in_any_language_spoken(made_errors):
    """RulesbookError's promise: `str()` follows the language spoken, the args stay English (what a
    log or another process reads). A mutant that gave IllegalAction no args survived every test."""
    speak("zh-TW")
    try:
        errors = made_errors()
        assert str(errors[0]) == errors[0].say("zh-TW") != errors[0].say("en")
    finally:
        speak("en")
    for error in errors:
        assert error.args == (error.say("en"),), type(error).__name__
