"""The illustrative data pack follows every count in the rulebook; malformed packs are refused clearly."""

import copy
import json

import pytest

from rulesbook.madness import PackError, default_pack, load_pack, new_game, parse_pack
from rulesbook.madness.pack import REGIONS


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
    (lambda d: d["die"].append("Eclipse"), "die[6]", "MAD-R06"),
    (lambda d: d.pop("relics"), "relics", "missing"),
    (lambda d: d["relics"][0].update(covers="Lunch"), "relics[0].covers", "neither a phase"),
    (lambda d: d["madness"][0].update(level=4), "madness[0].level", "1, 2 or 3"),
    (lambda d: d["setup"]["4"].update(hand=0), "setup.4.hand", "at least 1"),
    (lambda d: d["tiles_used"].update(Coast=10), "spaces", "setup places"),
])
def test_malformed_pack_names_field_and_why(change, field, why):
    with pytest.raises(PackError) as error:
        parse_pack(_broken(change))
    assert error.value.field == field
    assert why in str(error.value)
    assert isinstance(error.value, ValueError)


def test_a_teacher_can_load_another_pack_from_a_file(tmp_path):
    data = copy.deepcopy(default_pack().raw)
    data["name"] = "harder"
    data["die"] = ["Accident"] * 6
    path = tmp_path / "harder.json"
    path.write_text(json.dumps(data))
    pack = load_pack(str(path))
    state = new_game(3, 5, pack=pack)
    assert state.pack_name == "harder"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(PackError, match="not valid JSON"):
        load_pack(str(bad))


def test_a_changed_pack_needs_its_own_name():
    data = copy.deepcopy(default_pack().raw)
    data["die"] = ["Accident"] * 6
    with pytest.raises(ValueError, match="its own"):
        new_game(3, 1, pack=parse_pack(data))


def test_a_record_embeds_a_teachers_pack_and_replays():
    from rulesbook.madness import make_record, play_game, replay_record

    data = copy.deepcopy(default_pack().raw)
    data["name"] = "teacher-easy"
    data["die"] = ["Confusion"] * 6
    pack = parse_pack(data)
    state, actions = play_game(3, 2, pack=pack)
    record = json.loads(json.dumps(make_record(state, actions)))
    assert record["pack"]["name"] == "teacher-easy"
    assert replay_record(record) == state
