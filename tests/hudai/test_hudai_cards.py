"""Cards, notation, the card file (HUD-R01) and the combo adjacency rule (HUD-R03)."""

from __future__ import annotations

import json
import pickle

import pytest
from hudai_testkit import bot_game
from hypothesis import given
from hypothesis import strategies as st

from rulesbook import cli
from rulesbook.core.data import DataError
from rulesbook.core.errors import NotationError
from rulesbook.core.records import GameRecord
from rulesbook.hudai import (
    Card,
    CardFileError,
    CardSet,
    Obtain,
    Pin,
    PlayCard,
    Rules,
    State,
    ThirdEye,
    UseValue,
    apply,
    apply_steps,
    card_code,
    game_moment,
    is_legal_combo,
    load_cards,
    new_game,
    parse_action,
    parse_card,
    parse_card_file,
    parse_cards,
    reconstructed_cards,
)
from rulesbook.hudai.actions import WORDS

HEADER = "colour,symbol,value,deck\n"


def test_hud_r01_default_card_set_is_36_cards_value_fixed_by_symbol():
    """HUD-R01: 36 cards = 6 colours x 6 symbols; Drop 1, Hammers 2, 3 Circles 3, Stacked Stones 4, Cog 5, Crop/Arrow 6."""
    cards = load_cards()
    assert len(cards.cards) == 36
    values = {"drop": 1, "hammers": 2, "circles": 3, "stones": 4, "cog": 5, "arrow": 6}
    for card in cards.cards:
        assert card.value == values[card.symbol]
    assert cards.deck("start") == ["W1", "W2", "W3", "W4", "W5", "W6"]
    assert cards.deck("corruption") == ["K1", "K2", "K3", "K4", "K5", "K6"]
    assert len(cards.deck("mind")) == 24 and all(code[0] in "GBRY" for code in cards.deck("mind"))
    assert cards["R5"].symbol == "cog" and cards["R5"].move == "flow"
    with pytest.raises(ValueError, match="no deck 'starting'; the decks are start, mind, corruption"):
        cards.deck("starting")


def test_hud_r01_data_file_states_its_provenance():
    """HUD-R01: the card set is reconstructed and marked as such in its data file."""
    import importlib.resources

    text = importlib.resources.files("rulesbook.hudai").joinpath("data/cards.csv").read_text()
    assert "RECONSTRUCTED" in text and "HUD-R01" in text


def test_notation_parse_and_format_round_trip():
    """Card notation: colour letter W G B R Y K and value 1-6; R5 is the red Cog."""
    for colour in "WGBRYK":
        for value in range(1, 7):
            assert card_code(f"{colour.lower()}{value}") == f"{colour}{value}"
    for card in reconstructed_cards().cards:  # parse_card's other half is the card's code
        assert parse_card(card.code) == card and str(card) == card.code
    for bad in ["R", "R2.0", 5, None]:
        with pytest.raises(NotationError, match="a card is"):
            card_code(bad)
    assert parse_cards("w1, R2 r3") == ["W1", "R2", "R3"]


def test_parse_card_gives_the_card_as_the_other_games_do():
    """The one shape: `parse_card` gives the package's Card (Inferno's a Card, Madness's a card face),
    its symbol and deck those of the card set it is read in."""
    assert parse_card(" r5") == reconstructed_cards()["R5"] == Card("R", "cog", 5, "mind")
    assert all(parse_card(card.code) is card for card in reconstructed_cards().cards)
    teachers = parse_card_file(reconstructed_cards().to_csv().replace("red,cog,5", "red,drop,5"), "my.csv")
    assert parse_card("R5", teachers).symbol == "drop"
    missing = parse_card_file(reconstructed_cards().to_csv().replace("red,cog,5,mind\n", ""), "my.csv")
    with pytest.raises(NotationError, match=r"^'R5': R5 is not a card of this set \(my.csv\)$"):
        parse_card("R5", missing)


@pytest.mark.parametrize("token", ["", "R", "R7", "R0", "X5", "RR", "R55", "5R", "R-1"])
def test_malformed_card_raises_notation_error_naming_the_token(token):
    for read in (parse_card, card_code):
        with pytest.raises(NotationError) as error:
            read(token)
        assert error.value.token == token
        assert isinstance(error.value, ValueError)


@given(st.text(max_size=4))
def test_fuzzed_card_text_parses_or_raises_notation_error(text):
    try:
        card = parse_card(text)
    except NotationError as error:
        assert error.token == text
    else:
        assert card.code == card_code(text) == text.strip().upper()


def test_an_unknown_action_word_is_named_in_inferno_words():
    """The one shape: an unknown word is named alone, with the words there are, as Inferno names it."""
    with pytest.raises(NotationError) as refused:
        parse_action("fly left")
    assert refused.value.token == "fly"
    assert str(refused.value) == "'fly': unknown action; expected one of: " + ", ".join(WORDS)
    assert refused.value.say("zh-TW").startswith("'fly'：沒有這個行動")
    with pytest.raises(NotationError, match="^'': empty action; expected one of: play, "):
        parse_action("")


def test_parse_action_reads_text_only_as_the_other_games_do():
    """An action value is no text: refused as Inferno and Madness refuse it; `apply` and
    `apply_steps` are where a value or a text is taken."""
    action = PlayCard("R5")
    with pytest.raises(NotationError, match="an action is text"):
        parse_action(action)
    state = game_moment("R5")
    assert apply_steps(state, action)[-1][1] == apply_steps(state, "play R5")[-1][1] == apply(state, action)[0]


@given(st.text(alphabet="playdscrkenmovbt WGBRYK0123456lfi", max_size=14))
def test_fuzzed_action_text_parses_back_or_raises_notation_error(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(action.text()) == action


@pytest.mark.parametrize(
    "make", [lambda: PlayCard("Z9"), lambda: Obtain(5), lambda: UseValue("up"), lambda: Pin("middle"), lambda: ThirdEye("left", "top")]
)
def test_an_action_naming_no_card_or_power_is_refused_when_made(make):
    """Bad input never breaks anything: an action value made in Python with a card or a power that
    does not exist is a NotationError at once, not a failure when it is applied."""
    with pytest.raises(NotationError):
        make()


def test_hud_r03_combo_adjacency():
    """HUD-R03: two neighbours must share a colour unless one of them is white or black; at most two white cards."""
    assert is_legal_combo(["W1", "R2", "R3"])
    assert is_legal_combo(["R2", "W1", "G3"])
    assert is_legal_combo(["G2", "K6", "B1"])
    assert not is_legal_combo(["R2", "G3"])
    assert not is_legal_combo(["W1", "R2", "G3"])
    assert not is_legal_combo(["W1", "W2", "W3"])  # "Only two white cards are allowed per combo."
    assert is_legal_combo([]) and is_legal_combo("Y4")
    with pytest.raises(NotationError):
        is_legal_combo(["R9"])


TINY = ["white,drop,1,start", "white,drop,2,start", "red,drop,1,mind", "red,arrow,6,mind", "black,cog,5,corruption"]


def write_cards(path, rows=TINY, *, encoding="utf-8", newline="\n", comment="# a tiny deck"):
    path.write_bytes((newline.join([comment, HEADER.strip(), *rows]) + newline).encode(encoding))
    return path


def test_hud_r01_a_teacher_card_set_is_a_value_in_the_rules(tmp_path):
    """HUD-R01: a teacher's file, loaded and passed in Rules(cards=...), is the game's card set."""
    rules = Rules(cards=load_cards(write_cards(tmp_path / "cards.csv")), river_size=1, opening_hand=1)
    state = new_game(seed=3, rules=rules)
    assert sorted(state.all_cards()) == ["K5", "R1", "R6", "W1", "W2"]
    assert rules.cards["W2"].symbol == "drop"
    assert Rules().cards == reconstructed_cards() == load_cards() and Rules().cards.is_reconstructed


def test_an_edited_card_file_loaded_again_gives_the_new_cards(tmp_path):
    """Issue 10: data a teacher edits is never stale; nothing is cached by path."""
    path = write_cards(tmp_path / "cards.csv")
    first = load_cards(path)
    write_cards(path, [row.replace("white,drop,2", "white,hammers,2") for row in TINY])
    again = load_cards(path)
    assert first["W2"].symbol == "drop" and again["W2"].symbol == "hammers"
    assert first != again
    assert new_game(seed=1, rules=Rules(cards=again)).rules.cards["W2"].symbol == "hammers"


@pytest.mark.parametrize("name", ["Kopie von cards.csv", "my deck (2).CSV", "cards.txt", "no-extension"])
def test_a_copied_card_file_loads_under_any_name(tmp_path, name):
    """Issue 10: a copy loads whatever it is called; the copy of the reconstructed set is that set."""
    default = load_cards()
    copy = tmp_path / name
    copy.write_text(default.to_csv(), encoding="utf-8")
    loaded = load_cards(copy)
    assert loaded == default and loaded.is_reconstructed and loaded.source == str(copy)


def test_an_excel_csv_utf8_file_loads(tmp_path):
    """Issue 10: Excel's "CSV UTF-8" writes a byte-order mark, Windows line ends, and pads every row
    with empty cells up to the widest row (a comment split at its commas)."""
    rows = [row + ",,," for row in TINY]
    path = write_cards(tmp_path / "excel.csv", rows, encoding="utf-8-sig", newline="\r\n",
                       comment="# a tiny deck, edited in Excel, saved as CSV UTF-8")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert load_cards(path) == load_cards(write_cards(tmp_path / "plain.csv"))
    assert sorted(card.code for card in parse_card_file("\ufeff" + HEADER + TINY[0] + "\r\n" + TINY[2]).cards) == ["R1", "W1"]


def test_a_file_that_is_not_utf8_names_its_byte(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes((HEADER + "white,drop,1,start\n# Fran\xe7ois's deck\n").encode("latin-1"))
    with pytest.raises(CardFileError, match=r"latin1.csv: .*not UTF-8 text \(byte 50\)") as error:
        load_cards(path)
    assert error.value.line == 0


def test_a_file_saved_with_semicolons_says_so():
    """A spreadsheet in a European locale saves CSV with semicolons: the header was one field."""
    with pytest.raises(CardFileError, match=r"got colour;symbol;value;deck; the fields are separated by semicolons: save the file as CSV with commas$"):
        parse_card_file((HEADER + "white,drop,1,start\n").replace(",", ";"))
    with pytest.raises(CardFileError, match=r"got colour, symbol, value$"):  # a column missing: no word of semicolons
        parse_card_file("colour,symbol,value\nwhite,drop,1\n")


def test_hud_r01_the_rules_dict_names_the_default_and_embeds_any_other_set(tmp_path):
    """HUD-R01: the reconstructed set is written by its name; a teacher's set is embedded whole, so a
    state or a record replays where the file is not."""
    assert Rules().to_dict()["cards"] == "reconstructed"
    path = write_cards(tmp_path / "cards.csv")
    rules = Rules(cards=load_cards(path), river_size=1, opening_hand=1)
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["cards"]["source"] == str(path) and data["cards"]["csv"][1:] == TINY
    path.unlink()
    again = Rules.from_dict(data)
    assert again == rules and again.cards.source == str(path) and again.cards["R6"].symbol == "arrow"
    assert Rules.from_dict({**data, "cards": "reconstructed"}) == Rules(river_size=1, opening_hand=1)


def test_a_record_with_a_teacher_card_set_replays_without_the_file(tmp_path):
    path = write_cards(tmp_path / "cards.csv")
    rules = Rules(cards=load_cards(path), river_size=1, opening_hand=1)
    played = bot_game("greedy", 5, rules, record=True)
    text = GameRecord("hudai", 1, 5, rules, played.texts).to_json()
    path.unlink()
    record = GameRecord.from_json(text)
    assert record.rules == rules and record.final_state() == played.state


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ("my.csv", "rules.cards: a card set is written 'reconstructed' (HUD-R01) or as {'source': NAME, 'csv': [LINES]}, not 'my.csv'"),
        ({"source": "x"}, "rules.cards: a card set is written 'reconstructed' (HUD-R01) or as {'source': NAME, 'csv': [LINES]}, not {'source': 'x'}"),
        ({"source": "x.csv", "csv": ["colour,symbol,value,deck", "white,drop,7,start"]},
         "rules.cards.csv: line 2, field 'value': 7 is outside 1-6 (the embedded lines counted from 1; the set was read from x.csv)"),
        ({"source": "x.csv", "csv": ["colour,symbol,value,deck", "white,drop,1,start\nwhite,drop,2,start"]},
         "rules.cards.csv[1]: one line of a card file, not several: 'white,drop,1,start\\nwhite,drop,2,start'"),
    ],
)
def test_bad_card_data_in_a_record_is_a_clear_error(data, says):
    with pytest.raises(DataError) as error:
        Rules.from_dict({"cards": data})
    assert str(error.value) == says


def test_an_embedded_card_set_names_its_own_line_not_the_teachers_file(tmp_path):
    """A record embeds a teacher's set as its cards' lines, without the file's comments, so a bad
    line is named by where it stands in the record (a state's JSON here), not by the file's line."""
    path = tmp_path / "commented.csv"
    path.write_text("# our class's deck\n# (white drop and cog swapped)\n" + reconstructed_cards().to_csv().replace("white,drop,1", "white,cog,1", 1).replace("white,cog,5", "white,drop,5", 1))
    state = new_game(rules=Rules(cards=load_cards(path)))
    data = json.loads(state.to_json())
    assert data["rules"]["cards"]["csv"][1] == "white,cog,1,start"       # line 4 of the file
    data["rules"]["cards"]["csv"][2] = "white,cog,3,start"               # W3 twice, as the file's lines 5 and 6
    with pytest.raises(DataError) as error:
        State.from_json(json.dumps(data))
    assert error.value.field == "state.rules.cards.csv"
    assert error.value.why == ("line 4, field 'value': W3 is already defined on line 3; each colour has each value once "
                               f"(the embedded lines counted from 1; the set was read from {path})")


def test_card_sets_are_values_that_hash_and_pickle():
    """The harness sends rules to worker processes; caches may key on them."""
    cards = load_cards()
    assert pickle.loads(pickle.dumps(cards)) == cards and pickle.loads(pickle.dumps(Rules())) == Rules()
    assert hash(CardSet(cards.cards, "elsewhere.csv")) == hash(cards) and len({Rules(), Rules()}) == 1
    with pytest.raises(ValueError, match="HUD-R01"):
        Rules(cards="my.csv")


def test_the_command_line_loads_a_card_file(tmp_path, capsys):
    """`rulesbook simulate hudai --rules cards=PATH` plays with that file's cards; the summary names the file."""
    path = write_cards(tmp_path / "cards.csv")
    assert cli.main(["simulate", "hudai", "--games", "2", "--bots", "random", "--json",
                     "--rules", f"cards={path},river_size=1,opening_hand=1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"]["cards"]["source"] == str(path) and summary["games"] == 2
    assert cli.main(["simulate", "hudai", "--games", "1", "--rules", f"cards={path},river_size=1,opening_hand=1"]) == 0
    assert f"cards={path}" in capsys.readouterr().out


def test_a_bad_card_file_on_the_command_line_is_one_line_naming_the_line(tmp_path, capsys):
    path = write_cards(tmp_path / "bad.csv", [*TINY, "purple,drop,3,mind"])
    assert cli.main(["simulate", "hudai", "--rules", f"cards={path}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"bad value for the rule 'cards': {path}, line 8, field 'colour'" in err, err
    assert cli.main(["simulate", "hudai", "--rules", f"cards={tmp_path / 'none.csv'}"]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "line", "field"),
    [
        (HEADER + "white,drop,1,start\npurple,drop,1,mind\n", 3, "colour"),
        (HEADER + "white,drop,1,start\nred,sword,1,mind\n", 3, "symbol"),
        (HEADER + "white,drop,one,start\n", 2, "value"),
        (HEADER + "white,drop,9,start\n", 2, "value"),
        (HEADER + "white,drop,1,attic\n", 2, "deck"),
        (HEADER + "white,drop,1,start\nwhite,drop,1,start\n", 3, "value"),
        (HEADER + "white,drop,1\n", 2, "deck"),  # a blank last field is read as blank, and refused
        (HEADER + "white,drop,1,start,mind\n", 2, "(row)"),
        (HEADER + "white,drop,1,start\n", 2, "deck"),  # no mind deck (HUD-R01)
        ("colour,symbol,value\nwhite,drop,1\n", 1, "deck"),
        (HEADER + "white,drop,1,start\nred,drop,2,corruption\n", 3, "deck"),
    ],
)
def test_malformed_card_file_names_line_and_field(body, line, field):
    with pytest.raises(CardFileError) as error:
        parse_card_file(body, "teacher.csv")
    assert (error.value.line, error.value.field) == (line, field)
    assert "teacher.csv" in str(error.value) and f"line {line}" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_missing_card_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(str(tmp_path / "nothing.csv"))
