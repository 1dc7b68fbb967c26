"""The illustrative data pack follows every count in the rulebook; malformed packs are refused clearly;
packs are values carried in the rules (MAD-P13), never stale, and records carry them whole."""

import copy
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.madness import GAME, PackError, Rules, default_pack, legal_actions, load_pack, new_game, parse_pack
from rulesbook.madness import pack as pack_module
from rulesbook.madness.pack import REGIONS
from madness_helpers import play_bots

SRC = Path(__file__).resolve().parents[2] / "src"


def test_pack_is_plainly_marked_illustrative():
    pack = default_pack()
    assert "ILLUSTRATIVE" in pack.note


def test_contents_counts_match_the_rulebook_contents_list():
    pack = default_pack()
    by_region = {r: sum(1 for t in pack.tiles.values() if t.region == r) for r in REGIONS}
    assert by_region == {"Coast": 12, "Mountain": 8, "City": 4, "Edge of Madness": 4, "Escape": 8}
    assert len(pack.equipment) == 40 and len(pack.arcane) == 8
    for kind in ("Crates", "Tools", "Weapons", "Books"):
        values = sorted(pack.cards[c].value for c in pack.equipment if pack.cards[c].type == kind)
        assert values == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert all(pack.cards[c].value == 10 for c in pack.arcane)  # MAD-R02
    assert len(pack.injuries) == 15
    assert sorted(r.category for r in pack.relics.values()).count("Specimen") == 4
    assert sorted(r.category for r in pack.relics.values()).count("Ruin") == 4
    assert sorted(r.category for r in pack.relics.values()).count("Knowledge") == 3
    assert [sum(1 for m in pack.madness.values() if m.level == lv) for lv in (1, 2, 3)] == [20, 20, 20]
    assert sorted(pack.die) == ["Accident", "Accident", "Confusion", "Confusion", "Loss of Confidence", "Loss of Confidence"]  # MAD-R06
    assert pack.leadership_tokens == 6


def test_tiles_have_two_or_three_challenges_and_only_escape_tiles_lack_rewards():
    pack = default_pack()
    for tile in pack.tiles.values():
        assert 2 <= len(tile.challenges) <= 3
        assert tile.reward is not None or tile.region == "Escape"
    assert any(t.reward is None for t in pack.tiles.values())
    assert {len(t.challenges) for t in pack.tiles.values()} == {2, 3}


def test_every_space_without_a_tile_shows_exactly_two_challenges_mad_r10():
    assert {len(space.challenges) for space in default_pack().spaces.values()} == {2}


def test_rulebook_tiles_exist_as_the_examples_describe():
    pack = default_pack()
    tiles = {t.name: t for t in pack.tiles.values()}
    assert [c.text for c in tiles["Seals"].challenges] == ["Tools 7-9", "Books 7-9"]
    assert tiles["Icy Cape"].reward == "Relic Specimen B"
    assert pack.relics[pack.relic_by_name["Specimen B"]].covers == "Resolution"
    assert {c.type for c in tiles["Bleak Coast"].challenges} == {"Weapons", "Crates"}


def _broken(change):
    data = copy.deepcopy(default_pack().raw)
    change(data)
    return data


@pytest.mark.parametrize("change, field, why", [
    (lambda d: d["tiles"][0].update(challenges=["Tools 9-7", "Books 2"]), "tiles[0].challenges[0]", "smaller"),
    (lambda d: d["tiles"][0].update(challenges=["Tools 7"]), "tiles[0].challenges", "2 to 3"),
    (lambda d: d["tiles"][0].update(reward="Treasure"), "tiles[0].reward", "not a reward"),
    (lambda d: d["tiles"][0].update(reward=None), "tiles[0].reward", "only Escape"),
    (lambda d: d["tiles"][1].update(id=d["tiles"][0]["id"]), "tiles[1].id", "used twice"),
    (lambda d: d["spaces"][0]["adjacent"].append("Z9"), "spaces[0].adjacent", "unknown space"),
    (lambda d: d["spaces"][0]["adjacent"].remove("C2"), "spaces[1].adjacent", "mutual"),
    (lambda d: d["equipment"][0].update(type="Food"), "equipment[0].type", "not an equipment type"),
    (lambda d: d["equipment"][0].update(value="six"), "equipment[0].value", "must be int"),
    (lambda d: d["die"].append("Eclipse"), "die[6]", "(Penalty Die)"),
    (lambda d: d.pop("relics"), "relics", "missing"),
    (lambda d: d["relics"][0].update(covers="Lunch"), "relics[0].covers", "neither a phase"),
    (lambda d: d["madness"][0].update(level=4), "madness[0].level", "1, 2 or 3"),
    (lambda d: d["setup"]["4"].update(hand=0), "setup.4.hand", "at least 1"),
    (lambda d: d["tiles_used"].update(Coast=10), "spaces", "setup places"),
    (lambda d: d["spaces"][0]["challenges"].append("Books 4-6"), "spaces[0].challenges",
     "exactly 2 challenges, not 3: a space without a tile shows two challenges (MAD-R10)"),
    (lambda d: d["spaces"][3]["challenges"].pop(), "spaces[3].challenges", "exactly 2 challenges, not 1"),
    (lambda d: d["tiles"][2].update(challenges=["Tools 7", "Books 2", "Crates 3", "Weapons 4"]), "tiles[2].challenges",
     "2 to 3 challenges, not 4"),
])
def test_malformed_pack_names_field_and_why(change, field, why):
    with pytest.raises(PackError) as error:
        parse_pack(_broken(change))
    assert error.value.field == field
    assert why in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("rows, missing", [
    (slice(1, 3), "the scores 0 to 3"),
    (slice(1, 2), "the score 0"),
    (slice(0, 1), "the scores -15 to -1"),
    (slice(0, 6), "the scores -15 to 11"),
])
def test_a_pack_whose_results_leave_a_score_without_words_is_refused_mad_p13(rows, missing):
    """Every score an escape can reach (Relic cards minus Injury cards: -15 to 11 with the shipped
    pack's 15 Injuries and 11 Relics) needs a result, or the game would end in no words at all."""
    with pytest.raises(PackError) as error:
        parse_pack(_broken(lambda d: d["results"].__delitem__(rows)))
    assert error.value.field == "results"
    assert str(error.value) == (f"data pack: field results: no result covers {missing}; every score an escape can reach, "
                                "Relic cards minus Injury cards (-15 to 11 with this pack), needs one (MAD-P13)")


def test_results_with_bounds_at_both_ends_load_when_they_cover_every_reachable_score():
    def bounded(data):
        data["results"][0]["min"], data["results"][-1]["max"] = -15, 11
    pack = parse_pack(_broken(bounded))
    assert pack.result_text(-15) and pack.result_text(11) and pack.result_text(2) == default_pack().result_text(2)
    with pytest.raises(PackError, match="no result covers the score 11;"):
        parse_pack(_broken(lambda d: (bounded(d), d["results"][-1].update(min=12, max=12))))


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["results"][2].update(max=5), "results[3]", "covers the score 4, which results[2] covers already"),
    (lambda d: d["results"].append({"min": None, "max": None, "text": "x"}), "results[6]", "covers the score -1, which results[0]"),
    (lambda d: d["results"][2].update(min=4, max=2), "results[2]", "min 4 is above max 2: the result covers no score"),
    (lambda d: d["results"][0].update(max=10**5), "results[0].max", "from -1000 to 1000, or null"),
    (lambda d: d["spaces"][0].update(row=10**400), "spaces[0].row", "from 0 to 60 (a pack has at most 60 spaces), not 100000"),
    (lambda d: d["spaces"][0].update(column=-1), "spaces[0].column", "from 0 to 60 (a pack has at most 60 spaces), not -1"),
])
def test_results_that_overlap_or_cover_nothing_and_places_off_the_board_are_refused_mad_p13(change, field, words):
    """Each score has one result (the first that covers it would hide the other's words), and a
    space's place in the picture is a small whole number (one of 400 digits broke the drawing)."""
    with pytest.raises(PackError) as error:
        parse_pack(_broken(change))
    assert error.value.field == field and words in str(error.value)


def _pack_file(path, change=None, name="teacher"):
    data = copy.deepcopy(default_pack().raw)
    data["name"] = name
    if change is not None:
        change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_teacher_can_load_another_pack_from_a_file_mad_p13(tmp_path):
    path = _pack_file(tmp_path / "harder.json", lambda d: d.update(die=["Accident"] * 6))
    pack = load_pack(str(path))
    state = new_game(3, 5, Rules(pack=pack))
    assert state.rules.pack is pack and state.rules.pack.name == "teacher" and pack.die == ("Accident",) * 6
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(PackError, match="bad.json.*not JSON"):
        load_pack(str(bad))


def test_an_edited_pack_loaded_again_gives_the_new_data(tmp_path):
    path = _pack_file(tmp_path / "mine.json", lambda d: d.update(die=["Accident"] * 6))
    first = load_pack(path)
    _pack_file(path, lambda d: d.update(die=["Confusion"] * 6))  # the teacher edits the file, same name
    second = load_pack(path)
    assert first.die == ("Accident",) * 6 and second.die == ("Confusion",) * 6
    assert first != second
    games = [GAME.new_game(3, "edit-check", Rules(pack=pack)) for pack in (first, second)]
    assert [g.rules.pack.die[0] for g in games] == ["Accident", "Confusion"]
    _pack_file(path, lambda d: d.update(die=["Accident"] * 6))  # and back: equal to the first again
    assert load_pack(path) == first


def test_the_shipped_pack_is_read_once_and_again_when_its_file_changes(tmp_path, monkeypatch):
    # The shipped file, here a copy: a teacher who edits it sees the edit at the next game, without
    # restarting Python; a file left as it was is not read again.
    shipped = _pack_file(tmp_path / "pack.json", name="illustrative")
    monkeypatch.setattr(pack_module, "_SHIPPED", [shipped])
    monkeypatch.setattr(pack_module, "_DEFAULT", {})
    read = []
    monkeypatch.setattr(pack_module, "_pack_from_text", lambda text, name: read.append(name) or load_pack(json.loads(text)))
    first = default_pack()
    assert default_pack() is first and first.die != ("Accident",) * 6 and read == ["data/pack.json"]
    _pack_file(shipped, lambda d: d.update(die=["Accident"] * 6), name="illustrative")
    edited = default_pack()
    assert edited.die == ("Accident",) * 6 and default_pack() is edited and len(read) == 2


def test_the_shipped_pack_is_the_package_data_file():
    assert default_pack().raw == json.loads((SRC / "rulesbook/madness/data/pack.json").read_text(encoding="utf-8-sig"))


def test_an_escape_space_beside_a_city_space_is_reached_only_from_the_edge_of_madness(tmp_path):
    # A teacher's board may put an Escape space beside any other; the Airplane still escapes only
    # from the Edge of Madness, one Escape space a turn (rulebook, The "Edge of Madness" Tile).
    def shortcut(data):
        for space in data["spaces"]:
            if space["id"] in ("Y1", "X2"):
                space["adjacent"].append({"Y1": "X2", "X2": "Y1"}[space["id"]])
    pack = load_pack(_pack_file(tmp_path / "shortcut.json", shortcut))
    state = new_game(3, 1, Rules(pack=pack))
    state.airplane = "Y1"
    moves = [action.text() for action in legal_actions(state)]
    assert "X2" in pack.spaces["Y1"].adjacent and "P1: move to E1" in moves and "P1: move to X2" not in moves


def test_a_pack_holding_half_of_a_utf16_pair_is_refused_not_crashed_on(tmp_path):
    # JSON may write a lone surrogate; no Unicode text holds one, and a record could not be written with it.
    path = _pack_file(tmp_path / "surrogate.json", lambda data: data["spaces"][0].update(id="M\ud800"))
    with pytest.raises(PackError) as refused:
        load_pack(path)
    assert "'M\\ud800' is not Unicode text (it holds half of a UTF-16 pair)" in str(refused.value)


def test_a_copied_pack_loads_under_any_file_name(tmp_path):
    original = _pack_file(tmp_path / "pack.json", name="illustrative")
    for name in ("Copy of pack (2).json", "pack.txt", "no-extension", "évaluation.JSON"):
        copy_path = tmp_path / name
        copy_path.write_bytes(original.read_bytes())
        assert load_pack(copy_path) == load_pack(original)
    assert load_pack(original) == default_pack()  # the same data is the same pack, whatever the file


def test_a_pack_with_a_utf8_byte_order_mark_loads(tmp_path):
    path = tmp_path / "excel.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(default_pack().raw).encode("utf-8"))
    assert load_pack(path) == default_pack()


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"),
    (b"\xff\xfe{", "is not UTF-8 text"),
    (b"[1, 2]", "a pack must be a JSON object"),
    (b'{"name": "x"}', "equipment_types: is missing"),
    (b'{"name": "x",' * 100 + b'[' * 100, "not JSON"),
])
def test_a_bad_pack_file_is_a_pack_error_naming_the_file(tmp_path, content, says):
    path = tmp_path / "broken.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(PackError) as error:
        load_pack(path)
    assert "broken.json" in str(error.value) and says in str(error.value)
    assert isinstance(error.value, ValueError) and "\n" not in str(error.value)


def test_the_pack_keeps_its_own_copy_of_the_data():
    data = copy.deepcopy(default_pack().raw)
    data["name"] = "mutable"
    pack = parse_pack(data)
    data["die"].append("Accident")
    data["name"] = "changed"
    assert pack.name == "mutable" and len(pack.die) == 6 and pack.raw["name"] == "mutable"


def test_rules_name_the_shipped_pack_and_carry_any_other_whole():
    assert Rules().to_dict()["pack"] == "illustrative"
    assert Rules.from_dict({"pack": "illustrative"}) == Rules() == Rules.from_dict({})
    data = copy.deepcopy(default_pack().raw)
    data["die"] = ["Confusion"] * 6  # the shipped name on other data: still carried whole
    rules = Rules(expert=True, pack=parse_pack(data))
    carried = json.loads(json.dumps(rules.to_dict()))
    assert carried["pack"]["die"] == ["Confusion"] * 6
    assert Rules.from_dict(carried) == rules and Rules.from_dict(carried).to_dict() == rules.to_dict()
    with pytest.raises(ValueError, match="carried whole"):
        Rules.from_dict({"pack": "harder"})
    with pytest.raises(PackError):
        Rules.from_dict({"pack": {"name": "half a pack"}})


def test_states_and_rules_with_a_pack_pickle_and_round_trip_json_exactly():
    data = copy.deepcopy(default_pack().raw)
    data["name"] = "pickled"
    rules = Rules(pack=parse_pack(data), speech_confusion_cards=3)
    state = GAME.new_game(4, "pickle-check", rules)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert pickle.loads(pickle.dumps(state)) == state
    text = GAME.to_json(state)
    again = GAME.from_json(text)
    assert again == state and GAME.to_json(again) == text


def test_a_record_carries_a_teachers_pack_and_replays_anywhere(tmp_path):
    path = _pack_file(tmp_path / "easy.json", lambda d: d.update(die=["Confusion"] * 6), name="teacher-easy")
    rules = GAME.rules_from_text(f"pack={path},expert=true")
    state, actions = play_bots(3, "record-check", rules)
    record = GameRecord("madness", 3, "record-check", rules, actions)
    saved = tmp_path / "game.json"
    saved.write_text(record.to_json(), encoding="utf-8")
    path.unlink()  # the pack's file is gone: the record carries the pack itself
    assert json.loads(saved.read_text())["rules"]["pack"]["name"] == "teacher-easy"
    assert GameRecord.from_json(saved.read_text()).final_state() == state
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([sys.executable, "-m", "rulesbook", "replay", str(saved)], capture_output=True, text=True,
                          cwd=elsewhere, env={"PYTHONPATH": str(SRC)})
    assert done.returncode == 0, done.stderr
    assert "the game is over" in done.stdout and "Confusion" in done.stdout


def test_the_shipped_pack_is_named_compactly_in_records():
    state, actions = play_bots(3, "compact-check")
    record = json.loads(GameRecord("madness", 3, "compact-check", state.rules, actions).to_json())
    assert record["rules"]["pack"] == "illustrative"
    assert len(json.dumps(record["rules"])) < 400


def _mutated(rng):
    data = copy.deepcopy(default_pack().raw)
    for _ in range(rng.randint(1, 3)):
        parent, key = data, rng.choice(list(data))
        while isinstance(parent[key], (dict, list)) and parent[key] and rng.random() < 0.7:
            parent = parent[key]
            key = rng.choice(list(parent)) if isinstance(parent, dict) else rng.randrange(len(parent))
        parent[key] = rng.choice([None, 0, -1, 7, "x", "", [], {}, [1], {"id": "C1"}, True, 2.5, "Tools 7-9", ["C1"]])
    return data


def test_fuzzed_packs_load_or_raise_a_pack_error():
    rng = random.Random("pack fuzz")
    refused = 0
    for _ in range(400):
        data = _mutated(rng)
        try:
            pack = parse_pack(data)
        except PackError as error:
            refused += 1
            assert error.field and error.reason and "\n" not in str(error)
        else:
            new_game(3, 1, Rules(pack=pack))
    assert refused > 100
