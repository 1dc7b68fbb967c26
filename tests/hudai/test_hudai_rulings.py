"""The rulings register (rulesbook.hudai.rulings) held against the code, and the rulings HUD-R10 and
HUD-R12 (HUD-R11 is pinned at its threshold in test_hudai_thresholds.py)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from hudai_testkit import HARMLESS, play

import rulesbook.hudai
from rulesbook import cli
from rulesbook.hudai import Rules, new_game
from rulesbook.hudai.rulings import BY_ID, RULEBOOK_FIELDS, RULINGS, rulings_table

PACKAGE = Path(rulesbook.hudai.__file__).parent
CODE = {path.name: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.glob("*.py")) if path.name != "rulings.py"}
TESTS = {path.name: path.read_text(encoding="utf-8") for path in sorted(Path(__file__).parent.glob("*.py"))}
RULE_ID = re.compile(r"HUD-[RP]\d\d")


def test_the_register_has_unique_ids_in_order():
    ids = [ruling.id for ruling in RULINGS]
    assert len(set(ids)) == len(ids) == len(BY_ID)
    rulings = [i for i in ids if i.startswith("HUD-R")]
    decisions = [i for i in ids if i.startswith("HUD-P")]
    assert rulings == [f"HUD-R{n:02d}" for n in range(1, 13)]
    assert decisions == [f"HUD-P{n:02d}" for n in range(1, len(decisions) + 1)] and decisions
    assert ids == rulings + decisions
    assert all(ruling.question.endswith("?") and ruling.ruling for ruling in RULINGS)


@pytest.mark.parametrize("ruling", RULINGS, ids=[ruling.id for ruling in RULINGS])
def test_every_ruling_is_cited_where_the_code_decides_it(ruling):
    assert any(ruling.id in text for text in CODE.values()), f"{ruling.id} is cited nowhere in rulesbook.hudai"


def test_every_id_the_code_and_tests_cite_is_in_the_register():
    cited = {(name, rule) for name, text in {**CODE, **TESTS}.items() for rule in RULE_ID.findall(text)}
    unknown = sorted((name, rule) for name, rule in cited if rule not in BY_ID)
    assert not unknown, f"cited but not in the register: {unknown}"


def test_every_rules_field_is_printed_in_the_rulebook_or_set_by_a_ruling():
    """Each decision field of Rules has its ruling (cited beside the field); the rest print the rulebook's numbers."""
    names = {field.name for field in fields(Rules)}
    decided = {name for ruling in RULINGS for name in ruling.fields}
    assert decided <= names and set(RULEBOOK_FIELDS) <= names
    assert not decided & set(RULEBOOK_FIELDS)
    assert decided | set(RULEBOOK_FIELDS) == names, f"fields without a ruling: {sorted(names - decided - set(RULEBOOK_FIELDS))}"
    for ruling in RULINGS:
        if ruling.fields:
            assert ruling.id in CODE["rules.py"], f"{ruling.id} sets {ruling.fields} but rules.py does not cite it"
    for name, sentence in RULEBOOK_FIELDS.items():
        if name == "house":  # a rule of one's own as a function: none is the rulebook as printed
            assert Rules().house == () and "as printed" in sentence
            continue
        number = re.search(r"\d+|four|three|two", sentence).group()
        assert str(getattr(Rules(), name)) == {"four": "4", "three": "3", "two": "2"}.get(number, number), name


def test_the_table_renders_every_ruling():
    table = rulings_table()
    assert all(f"| {ruling.id} |" in table for ruling in RULINGS)
    assert len(table.splitlines()) == len(RULINGS) + 2


# ---------------------------------------------------------------- HUD-R10


@pytest.mark.parametrize("seed", range(5))
def test_hud_r10_the_monk_opens_with_four_cards_that_do_not_feed_the_demon(seed):
    """HUD-R10: set-up ends with four cards from the shuffled starting deck; the demon keeps its
    2 cubes per power and the monk takes no corruption: feeding belongs to step 4 of a turn."""
    state = new_game(seed=seed)
    assert len(state.hand) == 4 and all(code[0] == "W" for code in state.hand)
    assert sorted(state.hand + state.draw_pile) == ["W1", "W2", "W3", "W4", "W5", "W6"]
    assert state.powers == [2, 2, 2] and state.corruption == 0 and state.turn == 1
    assert state.hand == new_game(seed=seed).hand


def test_hud_r10_the_opening_hand_differs_from_step_4_which_feeds():
    """HUD-R10: the same deck with no opening hand: the four cards drawn in step 4 feed the demon
    one cube each (under powers that spend no cubes)."""
    state = new_game(seed=3, rules=Rules(powers=HARMLESS, opening_hand=0))
    assert state.hand == [] and state.powers == [2, 2, 2]
    state, _ = play(state, "end", "pass")
    fed = [2, 2, 2]
    for code in state.hand:
        fed[(int(code[1]) - 1) // 2] += 1
    assert len(state.hand) == 4 and state.powers == fed and sum(fed) == 10


def test_hud_r10_opening_hand_is_a_house_rule_field():
    assert [len(new_game(seed=1, rules=Rules(opening_hand=n)).hand) for n in (0, 2, 4, 6, 9)] == [0, 2, 4, 6, 6]


# ---------------------------------------------------------------- HUD-R12


@pytest.mark.parametrize("powers", [("drain", "drain", "confuse"), ("crush", "entangle", "crush"), ("defend",) * 3])
def test_hud_r12_the_same_demon_tile_twice_is_refused(powers):
    """HUD-R12: three different tiles; the box has one tile of each symbol."""
    with pytest.raises(ValueError, match="HUD-R12"):
        Rules(powers=powers)
    with pytest.raises(ValueError, match="HUD-R12"):
        Rules.from_dict({"powers": list(powers)})


def test_hud_r12_any_three_different_tiles_are_allowed():
    from itertools import permutations

    from rulesbook.hudai import POWERS

    for powers in permutations(POWERS.values(), 3):
        assert new_game(seed=1, rules=Rules(powers=powers)).rules.powers == powers


def test_hud_r12_on_the_command_line_is_one_line_exit_2(capsys):
    assert cli.main(["simulate", "hudai", "--rules", "powers=drain/confuse/drain"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "HUD-R12" in err and "drain" in err


# ---------------------------------------------------------------- HUD-P15


def test_hud_p15_an_ended_combo_goes_to_the_discard_pile_but_a_removed_card_does_not():
    """HUD-P15: the rulebook never says where a played combo goes; the engine puts it on the discard
    pile and says it is the project's decision. A card Flow removed (HUD-R04) stays out of the game."""
    from hudai_testkit import arrange

    state = arrange(hand=["W1", "W5"], draw_pile=["W6"], discard=[])
    state, events = play(state, "play W1", "play W5", "flow", "remove W1", "end")
    assert state.discard == ["W5"] and "W1" in state.removed and "W1" not in state.discard
    assert "ends and goes to the discard pile (HUD-P15)" in events[-1].text
    assert "HUD-P15" in BY_ID and "HUD-P15" in CODE["engine.py"]
