"""The message catalogue (rulesbook.core.messages) said in both languages: the behaviour that
mutation testing found no test for (whole sentences, counts, lists, a term's context)."""

from __future__ import annotations

import pytest

from rulesbook.core.messages import Listed, Message, counted, has_translation, spoken, term


def test_a_given_language_is_spoken_as_given():
    """A sentence asked for in zh-TW is said in zh-TW, whatever `speak` chose."""
    assert spoken("zh-TW") == "zh-TW" and spoken("en") == "en"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        spoken("fr")


def test_a_term_is_translated_by_its_context():
    """The catalogue keeps a game's words under their kind: "red" the colour is found, "red" alone is not."""
    assert has_translation("zh-TW", "colour", "red") and not has_translation("zh-TW", None, "red")
    assert term("red", "colour").say("zh-TW") == "紅"


def test_a_whole_sentence_has_its_languages_capital_and_full_stop():
    """`Message.sentence` shapes the sentence in each language; the same template without it is said as it is."""
    drawn = Message.sentence("{colour} draws {count}", colour=term("red", "colour"), count=2)
    assert drawn.say() == str(drawn) == "Red draws 2."
    assert drawn.say("zh-TW") == "紅補2張牌。"
    assert Message("{colour} draws {count}", colour=term("red", "colour"), count=2).say() == "red draws 2"


def test_a_whole_sentence_shows_and_compares_as_one():
    """A whole sentence is another value than the words it holds, and its repr says how it was made."""
    drawn = Message.sentence("{colour} draws {count}", colour="red", count=2)
    assert repr(drawn) == "Message.sentence('{colour} draws {count}', colour='red', count=2)"
    assert drawn != Message("{colour} draws {count}", colour="red", count=2)
    assert drawn == Message.sentence("{colour} draws {count}", colour="red", count=2)


def test_a_counted_message_says_one_for_one_and_many_otherwise():
    """English has a singular and a plural; the count and the other data fill the template."""
    one, many = "{count} {colour} card is left", "{count} {colour} cards are left"
    assert [str(counted(n, one, many, colour="red")) for n in (0, 1, 2)] == [
        "0 red cards are left", "1 red card is left", "2 red cards are left"]
    assert counted(1, one, many, colour="red") == Message(one, count=1, colour="red")
    assert counted(2, one, many, colour="red") == Message(many, count=2, colour="red")


def test_a_counted_message_says_both_forms_alike_in_zh_tw():
    """zh-TW has one form, so the catalogue gives both templates the same words."""
    one = "only {count} Mighty Bison King card is left in hand"
    many = "only {count} Mighty Bison King cards are left in hand"
    assert counted(1, one, many).say("zh-TW") == "手牌只剩1張牛魔王卡"
    assert counted(3, one, many).say("zh-TW") == "手牌只剩3張牛魔王卡"


def test_a_comma_list_sets_every_word_apart_alike_in_each_language():
    """The joiner "," has no last word of its own: a comma in English, 、 in zh-TW."""
    colours = Listed([term("red", "colour"), "b", "c"], ",")
    assert colours.say() == "red, b, c"
    assert colours.say("zh-TW") == "紅、b、c"


def test_a_list_in_zh_tw_joins_its_last_word_with_the_translated_joiner():
    """zh-TW sets words apart with 、 and says the joiner's own word before the last; one word stands alone."""
    assert Listed([term("red", "colour"), "b", "c"]).say("zh-TW") == "紅、b和c"
    assert Listed(["a", "b"], "or").say("zh-TW") == "a或b"
    assert Listed([term("red", "colour")], "or").say("zh-TW") == "紅"
