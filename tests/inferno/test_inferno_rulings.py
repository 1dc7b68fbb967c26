"""The project's rulings register (`rulesbook.inferno.rulings`) is whole and agrees with the engine.

The register is the project's own data: these tests read only the repository (the register, the
`Rules` switches, the code, the tests and the chapters), so they pass on any clone.
"""

import json
import pathlib
import re
from dataclasses import fields

import pytest
from test_inferno_rules import EDITION_FIELDS

from rulesbook.inferno import Rules
from rulesbook.inferno.rules import switch_docs
from rulesbook.core.rulings import Ruling
from rulesbook.inferno.rulings import BY_ID, RULEBOOK_FIELDS, RULINGS, SAME, house_rules_table, rulings_table, switches_table

ROOT = pathlib.Path(__file__).resolve().parents[2]
CITED = re.compile(r"MOI-[RP]\d\d")
ENGINE = sorted(path for path in (ROOT / "src/rulesbook/inferno").glob("*.py") if path.name != "rulings.py")
CODE = sorted((ROOT / "src/rulesbook").rglob("*.py"))
TESTS = sorted((ROOT / "tests/inferno").glob("*.py"))
CHAPTERS = sorted((ROOT / "book/inferno").glob("*.ipynb"))


def chapter_text(path: pathlib.Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"])


def switches() -> set[str]:
    """The edition switches: every field but the edition and the house rules."""
    return {field.name for field in fields(Rules)} - {"edition"} - set(RULEBOOK_FIELDS)


def test_ids_are_unique_and_numbered_in_order():
    ids = [ruling.id for ruling in RULINGS]
    rulings = [ruling_id for ruling_id in ids if ruling_id.startswith("MOI-R")]
    decisions = [ruling_id for ruling_id in ids if ruling_id.startswith("MOI-P")]
    assert rulings == [f"MOI-R{number:02d}" for number in range(1, 23)]
    assert decisions == [f"MOI-P{number:02d}" for number in range(1, len(decisions) + 1)] and decisions
    assert ids == rulings + decisions
    assert set(BY_ID) == set(ids)


def test_every_ruling_says_what_each_edition_does():
    for ruling in RULINGS:
        assert isinstance(ruling, Ruling) and ruling.question and ruling.ruling, ruling.id
        assert "|" not in ruling.question + ruling.ruling + ruling.variant + ruling.note, ruling.id  # it is a table cell
        assert (ruling.variant == "") == (not ruling.differs_by_edition), ruling.id


@pytest.mark.parametrize("where", ["the code", "the inferno tests", "the chapters"])
def test_every_id_cited_anywhere_is_in_the_register(where):
    texts = {
        "the code": [path.read_text(encoding="utf-8") for path in CODE],
        "the inferno tests": [path.read_text(encoding="utf-8").replace("MOI_R", "MOI-R").replace("MOI_P", "MOI-P") for path in TESTS],
        "the chapters": [chapter_text(path) for path in CHAPTERS],
    }[where]
    cited = {ruling_id for text in texts for ruling_id in CITED.findall(text)}
    assert cited, where
    assert cited <= set(BY_ID), f"{where} cite rulings the register lacks: {sorted(cited - set(BY_ID))}"


def test_every_ruling_is_applied_by_the_engine_and_named_by_a_test():
    engine = "\n".join(path.read_text(encoding="utf-8") for path in ENGINE)
    test_names = re.findall(r"^def (test_\w+)", "\n".join(path.read_text(encoding="utf-8") for path in TESTS), re.M)
    for ruling in RULINGS:
        assert ruling.id in engine, f"{ruling.id} is cited nowhere in the engine"
        tag = ruling.id.replace("-", "_")
        assert any(tag in name for name in test_names), f"no test in tests/inferno is named after {ruling.id}"


def test_every_switch_belongs_to_a_ruling_and_every_named_switch_exists():
    owned = {name for ruling in RULINGS for name in ruling.fields}
    assert owned == switches() == set(EDITION_FIELDS)


def test_every_other_field_is_a_house_rule_whose_default_both_editions_print():
    names = {field.name for field in fields(Rules)} - {"edition"}
    assert set(RULEBOOK_FIELDS) == names - switches() and not set(RULEBOOK_FIELDS) & switches()
    for name, sentence in RULEBOOK_FIELDS.items():
        assert getattr(Rules(), name) == getattr(Rules(edition="zh"), name), f"{name}: both rulebooks print the default"
        assert sentence.startswith(("Setup: ", "I: ", "Scoring: ")) and "'" in sentence, f"{name} quotes the rulebook's section"
        assert name in switch_docs(), f"the Rules docstring says what {name} changes"
    assert "3" in RULEBOOK_FIELDS["hand_size"] and Rules().hand_size == 3


def test_the_house_rules_table_shows_each_house_rule_with_its_default():
    lines = house_rules_table().splitlines()[2:]
    assert len(lines) == len(RULEBOOK_FIELDS)
    for line, (name, sentence) in zip(lines, RULEBOOK_FIELDS.items()):
        described, printed, default = (cell.strip() for cell in line.strip("|").split("|"))
        assert described == f"`{name}`: {switch_docs()[name]}" and printed == sentence.replace("|", "\\|")
        assert default == f"`{getattr(Rules(), name)!r}`"


@pytest.mark.parametrize("name", sorted(EDITION_FIELDS))
def test_each_switch_has_its_en_and_zh_values_and_is_documented_with_its_rulings(name):
    en, zh, ruling_ids = EDITION_FIELDS[name]
    assert getattr(Rules(), name) == en and getattr(Rules(edition="zh"), name) == zh
    assert {ruling.id for ruling in RULINGS if name in ruling.fields} == set(ruling_ids)
    entry = switch_docs()[name]
    for ruling_id in ruling_ids:
        assert ruling_id in entry, f"the Rules docstring for {name} does not cite {ruling_id}"


def test_the_presets_differ_on_every_edition_row():
    for ruling in RULINGS:
        if ruling.differs_by_edition:
            assert any(getattr(Rules(), name) != getattr(Rules(edition="zh"), name) for name in ruling.fields), ruling.id


def test_the_table_renders_every_ruling_once():
    lines = rulings_table().splitlines()
    assert len(lines) == len(RULINGS) + 2
    for line, ruling in zip(lines[2:], RULINGS):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells == [ruling.id, ruling.question, ruling.ruling, ruling.variant or SAME, ruling.note]


def test_the_switches_table_shows_every_switch_with_its_presets_and_rulings():
    lines = switches_table().splitlines()[2:]
    edition = {name: doc for name, doc in switch_docs().items() if name not in RULEBOOK_FIELDS}
    assert set(edition) == switches() and len(lines) == len(switches())
    for line, (name, doc) in zip(lines, edition.items()):
        described, owners, en, zh = (cell.strip() for cell in line.strip("|").split("|"))
        expected_en, expected_zh, ruling_ids = EDITION_FIELDS[name]
        assert described == f"`{name}`: {doc}" and owners == ", ".join(ruling_ids)
        assert (en, zh) == (f"`{expected_en!r}`", f"`{expected_zh!r}`")
