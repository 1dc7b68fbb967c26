"""The rulings register in the library matches the project's RULINGS.md and the Rules switches."""

import pathlib
import re
from dataclasses import fields

from rulesbook.inferno import Rules
from rulesbook.inferno.rulings import BY_ID, RULINGS, SAME, rulings_table

SHARED = pathlib.Path(__file__).resolve().parents[3] / "shared" / "RULINGS.md"


def test_the_register_has_the_ids_and_edition_marks_of_rulings_md():
    text = SHARED.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (MOI-R\d\d) \|(.*)\|\s*$", text, re.M)
    assert [ruling_id for ruling_id, _ in rows] == [ruling.id for ruling in RULINGS]
    for ruling_id, rest in rows:
        note = rest.split("|")[-1]
        assert ("edition" in note) == BY_ID[ruling_id].differs_by_edition, ruling_id


def test_every_switch_belongs_to_one_ruling_and_the_presets_differ_there():
    switches = {field.name for field in fields(Rules)} - {"edition"}
    owned = [name for ruling in RULINGS for name in ruling.fields]
    assert sorted(owned) == sorted(switches)
    for ruling in RULINGS:
        for name in ruling.fields:
            if name != "two_pawns":  # the optional rule is off in both presets; its reach differs
                assert getattr(Rules(), name) != getattr(Rules(edition="zh"), name), name
            assert ruling.id in Rules.__doc__
        if not ruling.fields:
            assert ruling.zh == SAME


def test_the_two_pawn_rule_reaches_further_in_zh():
    assert Rules(two_pawns=True).max_pawns_per_card < Rules(edition="zh", two_pawns=True).max_pawns_per_card


def test_the_table_renders_every_ruling():
    table = rulings_table()
    assert all(f"| {ruling.id} |" in table for ruling in RULINGS)
    assert len(table.splitlines()) == len(RULINGS) + 2
