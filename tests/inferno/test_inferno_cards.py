"""The deck as data: rulebook "Contents" and "Card Descriptions", rulings MOI-R01 and MOI-R02."""

from collections import Counter

from rulesbook.inferno import DECK, DISCIPLE_CARDS, EVENT_CARDS, Disciple, DiscipleCard, EventCard, EventKind


def test_deck_has_52_cards_36_disciples_16_events_MOI_R01():
    assert len(DECK) == 52
    assert len(DISCIPLE_CARDS) == 36
    assert len(EVENT_CARDS) == 16


def test_each_disciple_has_four_plus1_three_plus2_one_plus3_one_minus3():
    for disciple in Disciple:
        values = Counter(card.value for card in DISCIPLE_CARDS if card.disciple is disciple)
        assert values == {1: 4, 2: 3, 3: 1, -3: 1}


def test_event_counts_and_red_boy_pictures_MOI_R01_MOI_R02():
    kinds = Counter(card.kind for card in EVENT_CARDS)
    assert kinds == {
        EventKind.MIGHTY_BISON_KING: 3,
        EventKind.IRON_FAN_PRINCESS: 3,
        EventKind.RED_BOY: 8,
        EventKind.GUAN_YIN: 2,
    }
    pictures = Counter(card.picture for card in EVENT_CARDS if card.kind is EventKind.RED_BOY)
    assert pictures == {disciple: 2 for disciple in Disciple}
    assert all(card.picture is None for card in EVENT_CARDS if card.kind is not EventKind.RED_BOY)


def test_names_in_english_and_in_the_chinese_of_the_zh_tw_rulebook():
    assert [d.english for d in Disciple] == ["Monkey King", "Pig Monk", "Sandy Brother", "Dragon Horse"]
    assert [d.chinese for d in Disciple] == ["孫悟空", "豬八戒", "沙悟淨", "白龍馬"]
    assert [k.chinese for k in EventKind] == ["牛魔王", "鐵扇公主", "紅孩兒", "觀世音菩薩"]
    assert EventKind.GUAN_YIN.english == "Guan Yin"


def test_cards_refuse_values_and_pictures_the_deck_does_not_have():
    import pytest

    with pytest.raises(ValueError, match=r"^no disciple card is worth \+4; values are \+1, \+2, \+3, -3 \(rulebook, Card Descriptions\)$"):
        DiscipleCard(Disciple.PIG_MONK, 4)
    with pytest.raises(ValueError, match="MOI-R02"):
        EventCard(EventKind.RED_BOY)
    with pytest.raises(ValueError, match="MOI-R02"):
        EventCard(EventKind.GUAN_YIN, Disciple.PIG_MONK)


def test_guan_yin_saves_and_the_others_are_the_bison_king_family():
    """The family a card's picture names: Guan Yin cancels; the Bison King's family is discarded
    after use, even when cancelled."""
    assert EventKind.GUAN_YIN.family == "Saviour"
    assert {kind.family for kind in EventKind if kind is not EventKind.GUAN_YIN} == {"Bison King Family"}
