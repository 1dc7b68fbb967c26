"""The message catalogue (rulesbook.core.messages): every message the library says has its zh-TW
form with the same placeholders, the committed .mo is the .po compiled, and English stays as it was."""

from __future__ import annotations

import gettext
import io
import json
import string
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Capitalised, Listed, Message, catalogue, has_translation, term, translated

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogue as tool  # noqa: E402  (tools/catalogue.py)

ENTRIES = tool.read_po(tool.PO.read_text(encoding="utf-8"))


def placeholders(template: str) -> set[tuple[str, str | None, str]]:
    """The named fields of a template, each with its conversion and format spec."""
    return {(name, conversion, spec or "") for _, name, spec, conversion in string.Formatter().parse(template)
            if name is not None}


# --- the catalogue is complete, consistent and compiled -----------------------------------------------
def test_every_message_the_library_says_has_its_zh_tw_form():
    absent = tool.missing(ENTRIES)
    listed = "\n".join(f"  {msgid!r} ({context or 'no context'}; {where})" for (context, msgid), where in absent.items())
    assert not absent, f"messages with no zh-TW form (python tools/catalogue.py update, then translate):\n{listed}"


def test_a_new_english_message_with_no_translation_is_found(tmp_path):
    """The check above can fail: a Message, a Message.text or a term the .po lacks is named."""
    package = tmp_path / "rulesbook"
    package.mkdir()
    (package / "new.py").write_text(
        'from rulesbook.core.messages import Message, term\n'
        'A = Message("a sentence nobody translated yet: {card}", card="MK+1")\n'
        'B = Message.text("another one")\n'
        'C = term("a word", "term")\n'
        'D = Message("the game is over")\n'
        'E = counted(2, "{count} new thing", "{count} new things")\n', encoding="utf-8")
    found = tool.source_msgids(package)
    assert set(tool.missing(ENTRIES, found)) == {
        (None, "a sentence nobody translated yet: {card}"), (None, "another one"), ("term", "a word"),
        (None, "{count} new thing"), (None, "{count} new things")}


def test_the_scan_finds_the_engines_refusals():
    found = tool.msgids()
    assert (None, "a card already lies at {place}") in found and ("colour", "red") in found and ("board", "Undo") in found
    assert found[(None, "a card already lies at {place}")] == "rulesbook/inferno/engine.py"


def test_each_zh_tw_form_has_the_placeholders_of_its_english():
    differ = [(msgid, msgstr) for (_, msgid), msgstr in ENTRIES.items() if placeholders(msgid) != placeholders(msgstr)]
    assert not differ
    assert placeholders("{most:+d} and {option!r} of {x}") == {("most", None, "+d"), ("option", "r", ""), ("x", None, "")}


def test_the_catalogue_holds_no_entry_the_library_does_not_say():
    assert set(ENTRIES) <= set(tool.msgids())


def test_zh_tw_forms_are_traditional_chinese_with_no_simplified_characters():
    simplified = set("们这说从发动时门对应戏张后处无与执")  # each has a distinct traditional form
    # 游 alone is no sign: Taiwan's cursor is 游標; its game is 遊戲, where 游戏 would be simplified
    found = {msgstr for msgstr in ENTRIES.values() if simplified & set(msgstr) or "游戲" in msgstr or "游戏" in msgstr}
    assert not found


def test_the_committed_mo_is_the_po_compiled_and_words_zh_tw_is_up_to_date():
    assert tool.MO.read_bytes() == tool.mo_bytes(ENTRIES), "run python tools/catalogue.py"
    assert tool.WORDS_ZH.read_text(encoding="utf-8") == tool.board_words(ENTRIES), "run python tools/catalogue.py"
    assert tool.check() == []


def test_gettext_reads_the_compiled_catalogue_back_entry_for_entry():
    translations = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(ENTRIES)))
    for (context, msgid), msgstr in ENTRIES.items():
        said = translations.gettext(msgid) if context is None else translations.pgettext(context, msgid)
        assert said == msgstr
        assert has_translation("zh-TW", context, msgid) and translated("zh-TW", context, msgid) == msgstr
    assert translations.info()["content-type"] == "text/plain; charset=UTF-8"


def test_the_po_reader_reads_contexts_continued_lines_and_escapes():
    text = ('msgid ""\nmsgstr ""\n"Language: zh_TW\\n"\n\n# a comment\nmsgctxt "c"\nmsgid "say \\"{x}\\""\n'
            'msgstr ""\n"說「{x}」"\n"\\n"\n\nmsgid "plain"\nmsgstr "平"\n')
    assert tool.read_po(text) == {("c", 'say "{x}"'): "說「{x}」\n", (None, "plain"): "平"}
    with pytest.raises(ValueError, match="line 1"):
        tool.read_po("msgid plain")


def test_the_board_shells_words_in_zh_tw_keep_their_keys_and_placeholders():
    english = json.loads(tool.WORDS.read_text(encoding="utf-8"))
    chinese = json.loads(tool.WORDS_ZH.read_text(encoding="utf-8"))
    assert list(chinese) == list(english)
    for key, text in english.items():
        assert placeholders(chinese[key]) == placeholders(text) and chinese[key] != text, key
    assert english["undone"] == "Undone." and chinese["undone"] == "已復原。"


# --- a message, said -----------------------------------------------------------------------------------
def test_a_message_says_its_english_template_with_its_data_and_str_is_the_english():
    message = Message("a card already lies at {place}", place="(0, 1)")
    assert str(message) == message.say() == message.say("en") == "a card already lies at (0, 1)"
    assert message.say("zh-TW") == "(0, 1)已經有卡牌了"
    assert message == Message("a card already lies at {place}", place="(0, 1)") != Message("a card already lies at {place}", place="(0, 2)")
    assert repr(message) == "Message('a card already lies at {place}', place='(0, 1)')"


def test_words_inside_a_message_are_said_in_its_language_and_numbers_keep_their_format():
    message = Message("A {name} window reaching {card} scores at most {most:+d}; the best {name} window scores {best:+d}",
                      name=term("row", "window"), card="MK+2", most=3, best=-1)
    assert str(message) == "A row window reaching MK+2 scores at most +3; the best row window scores -1"
    assert message.say("zh-TW") == "包含MK+2的一段橫列最多得+3分；最好的一段橫列得-1分"


def test_lists_are_joined_as_each_language_joins_them():
    words = [term("red", "colour"), term("blue", "colour"), term("black", "colour")]
    assert str(Listed(words)) == "red, blue and black" and Listed(words).say("zh-TW") == "紅、藍和黑"
    assert Listed(words[:2], "or").say("zh-TW") == "紅或藍" and Listed([]).say("zh-TW") == "無"
    assert Listed(words[:1]).say("zh-TW") == "紅" and list(Listed(words[:1]).msgids()) == [("colour", "red")]
    assert str(Listed(["BISON", "MK+2"], ",")) == "BISON, MK+2" and Listed(words[:2], ",").say("zh-TW") == "紅、藍"
    assert Listed(words) == Listed(list(words)) != Listed(words, "or")
    assert Capitalised(Message("the {colour} pawn", colour=words[0])).say() == "The red pawn"


def test_a_sentence_given_as_text_is_said_as_it_is_braces_and_all():
    assert Message.text("Thing({'a': 1}) is odd").say("zh-TW") == "Thing({'a': 1}) is odd"
    assert Message.text("the game is over").say("zh-TW") == "遊戲已經結束"


def test_a_template_the_catalogue_lacks_is_said_in_english_and_an_unknown_language_is_refused():
    assert Message("nothing like this is in the catalogue {x}", x=1).say("zh-TW") == "nothing like this is in the catalogue 1"
    assert not has_translation("zh-TW", None, "nothing like this is in the catalogue {x}")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Message("the game is over").say("fr")
    assert catalogue("zh-TW") is catalogue("zh-TW")  # read once


# --- a refusal, said ---------------------------------------------------------------------------------
def test_a_refusal_keeps_its_english_reason_and_rule_and_says_itself_in_zh_tw():
    error = IllegalAction(Message("there is no {colour} pawn on the Mountain", colour=term("blue", "colour")), "MOI-R09")
    assert (error.reason, error.rule, str(error)) == ("there is no blue pawn on the Mountain", "MOI-R09",
                                                       "there is no blue pawn on the Mountain (MOI-R09)")
    assert error.say() == str(error)
    assert error.say("zh-TW") == "火焰山區沒有藍色唐僧標記（MOI-R09）"


def test_a_refusal_given_as_text_is_translated_when_the_catalogue_has_it_and_its_rule_section_too():
    error = IllegalAction("the game is over", "rulebook, End of the Game")
    assert str(error) == "the game is over (rulebook, End of the Game)"
    assert error.say("zh-TW") == "遊戲已經結束（中文規則書〈３.遊戲結束〉）"
    other = IllegalAction("a reason of another game", "HUD-R06")
    assert other.say("zh-TW") == "a reason of another game（HUD-R06）"


def test_the_catalogue_is_read_from_a_zip_as_a_play_page_imports_the_library_with_no_module_more(tmp_path):
    """A Play page imports rulesbook from a zip holding only the modules its game's run imported
    (tools/play_stdlib.mjs): saying a refusal in zh-TW reads the .mo from there and imports nothing."""
    library = tmp_path / "library.zip"
    with zipfile.ZipFile(library, "w") as archive:
        for path in sorted((ROOT / "src" / "rulesbook").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                archive.write(path, path.relative_to(ROOT / "src").as_posix())
    script = (f"import sys; sys.path.insert(0, {str(library)!r})\n"
              "from rulesbook.inferno import PlacePawn, new_game, refusal\n"
              "error = refusal(new_game(2), PlacePawn((9, 9)))\n"
              "before = set(sys.modules)\n"
              "print(error.say('zh-TW'), sorted(set(sys.modules) - before), __import__('rulesbook').__file__)\n")
    said = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert said == f"(9, 9)沒有卡牌可以放唐僧標記（MOI-R19） [] {library / 'rulesbook' / '__init__.py'}\n"


def test_a_sentence_message_is_said_whole_in_each_language_from_the_fragments_msgid():
    """Message.sentence: the event's words as a whole sentence (a capital and a full stop; 。 in
    zh-TW), from the same msgid as the words inside a longer sentence."""
    red = term("red", "player")
    fragment = Message("{colour} draws {count}", colour=red, count=2)
    whole = Message.sentence("{colour} draws {count}", colour=red, count=2)
    assert (fragment.say(), whole.say()) == ("red draws 2", "Red draws 2.")
    assert (fragment.say("zh-TW"), whole.say("zh-TW")) == ("紅方補2張牌", "紅方補2張牌。")
    assert list(whole.msgids()) == list(fragment.msgids()) and whole != fragment and whole == Message.sentence(whole.template, **whole.data)
    assert repr(whole) == "Message.sentence('{colour} draws {count}', colour=term('red', 'player'), count=2)"
    assert Message.sentence("may {colour} cancel it?", colour=red).say() == "May red cancel it?"
