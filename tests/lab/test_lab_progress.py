"""lab.progress: the students' progress files (widgets/progress.js writes them) read into one table,
and every file that is not one refused with a DataError naming the file and the field."""

from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook import lab
from rulesbook.core.data import DataError

ENTRY = {"exercise": "book/inferno/red-boy.html#0123456789abcdef", "page": "book/inferno/red-boy.html", "title": "Where may the Red Boy go?",
         "total": 3, "found": 2, "attempts": 5, "misses": 3, "done": False, "updated": "2026-12-03T17:58:00.000Z"}
FILE = {"format": "rulesbook-progress", "version": 1, "exported": "2026-12-03T18:00:00.000Z", "exercises": [ENTRY]}


def write(folder, name, data) -> str:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_class_of_files_is_one_table_a_row_for_each_exercise_a_student_tried(tmp_path):
    done = {**ENTRY, "exercise": "book/hudai/x.html#fedcba9876543210", "page": "book/hudai/x.html", "found": 1, "total": 1, "done": True}
    ana = write(tmp_path, "ana.json", {**FILE, "exercises": [ENTRY, done]})
    ben = write(tmp_path, "ben.json", {**FILE, "exercises": []})
    table = lab.progress([ana, ben, write(tmp_path, "cai.json", FILE)], names={ana: "Ana P."})
    assert list(table.columns) == ["student", "exercise", "page", "title", "total", "found", "attempts", "misses", "done", "updated"]
    assert list(table["student"]) == ["Ana P.", "Ana P.", "cai"]  # ben tried nothing: no row
    assert table.groupby("student")["done"].sum().to_dict() == {"Ana P.": 1, "cai": 0}
    assert table.loc[0].to_dict() == {"student": "Ana P.", **ENTRY}


def test_a_class_keeps_its_table_when_told_to_leave_out_a_broken_file(tmp_path):
    """A teacher's audit: one file of thirty that is no progress file (a record handed in by
    mistake, a file cut short) stopped the whole class's table."""
    ana = write(tmp_path, "ana.json", FILE)
    record = write(tmp_path, "ben.json", {"game": "inferno", "actions": []})
    cut = write(tmp_path, "cai.json", json.dumps(FILE)[:40])
    with pytest.raises(DataError, match="ben.json: not a progress file"):
        lab.progress([ana, record, cut])
    with pytest.warns(UserWarning, match=r"2 of 3 files left out, being no progress files: ben.json: not a progress file .*; cai.json"):
        table = lab.progress([ana, record, cut], skip_bad=True)
    assert table.equals(lab.progress([ana]))


def test_one_file_may_be_given_alone_as_a_path(tmp_path):
    """Not read letter by letter, as files named 'a', 'n', 'a' ..., as before."""
    ana = write(tmp_path, "ana.json", FILE)
    assert lab.progress(ana).equals(lab.progress([ana])) and list(lab.progress(tmp_path / "ana.json")["student"]) == ["ana"]


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(format="rulesbook-record"), "ana.json.format"),
    (lambda d: d.update(version=2), "ana.json.version"),
    (lambda d: d.pop("exercises"), "ana.json.exercises"),
    (lambda d: d["exercises"][0].update(found=4), "ana.json.exercises[0].found"),
    (lambda d: d["exercises"][0].update(misses=6), "ana.json.exercises[0].misses"),
    (lambda d: d["exercises"][0].update(total=0), "ana.json.exercises[0].total"),
    (lambda d: d["exercises"][0].update(done="yes"), "ana.json.exercises[0].done"),
    (lambda d: d["exercises"][0].pop("page"), "ana.json.exercises[0].page"),
    (lambda d: d["exercises"].append(7), "ana.json.exercises[1]"),
    (lambda d: d["exercises"].append(dict(ENTRY)), "ana.json.exercises[1].exercise"),  # twice: two rows, counted twice
])
def test_a_file_that_is_not_one_is_refused_naming_the_field(tmp_path, change, field):
    data = copy.deepcopy(FILE)
    change(data)
    with pytest.raises(DataError) as refused:
        lab.progress([write(tmp_path, "ana.json", data)])
    assert refused.value.field == field


def test_text_that_is_no_progress_file_is_refused(tmp_path):
    for text in ("", "{", "[1, 2]", "\ufeffnull", "x" * (2**20 + 1)):
        with pytest.raises(DataError, match="ana.json"):
            lab.read_progress(write(tmp_path, "ana.json", text))
    with pytest.raises(DataError, match="cannot read"):
        lab.read_progress(tmp_path / "missing.json")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@given(st.sampled_from([*FILE, *(f"exercises.0.{name}" for name in ENTRY)]), JSON)
def test_any_field_tampered_with_reads_or_is_refused_by_name(tmp_path_factory, where, value):
    data = copy.deepcopy(FILE)
    *path, name = where.split(".")
    target = data
    for step in path:
        target = target[int(step)] if step.isdigit() else target[step]
    target[name] = value
    path_file = write(tmp_path_factory.mktemp("p"), "ana.json", data)
    try:
        rows = lab.read_progress(path_file)
    except DataError as error:
        assert error.field.startswith("ana.json"), error
        return
    assert all(row["found"] <= row["total"] and row["misses"] <= row["attempts"] for row in rows)


def test_files_the_board_named_alike_are_told_apart_by_their_folders(tmp_path):
    """The download button names every file rulesbook-progress.json: handed in a folder each, the
    students were all called 'rulesbook-progress' and a groupby added the class together."""
    files = []
    for student, found in (("ana", 1), ("ben", 2)):
        (tmp_path / "handed-in" / student).mkdir(parents=True)
        files.append(write(tmp_path / "handed-in" / student, "rulesbook-progress.json",
                           {**FILE, "exercises": [{**ENTRY, "found": found}]}))
    table = lab.progress(files)
    assert table.groupby("student")["found"].sum().to_dict() == {"ana": 1, "ben": 2}
    # The book's line finds them, a folder each or not; a glob that finds nothing is refused, not an empty class.
    assert lab.progress(sorted((tmp_path / "handed-in").rglob("*.json"))).equals(table)
    with pytest.raises(DataError, match=r"^files: no progress file given: did the glob match nothing\?"):
        lab.progress(sorted((tmp_path / "handed-in").glob("*.json")))
    assert list(lab.progress(files, names={files[1]: "Ben K."})["student"]) == ["ana", "Ben K."]
    with pytest.raises(DataError) as refused:  # which of the two files is wrong, by the same tail
        lab.progress([files[0], write(tmp_path / "handed-in" / "ben", "rulesbook-progress.json", "{")])
    assert refused.value.field == "ben/rulesbook-progress.json"


def test_clashing_names_take_the_shortest_tail_that_tells_every_file_apart(tmp_path):
    folders = ("2025/ana", "2026/ana", "2026/ben")
    for folder in folders:
        (tmp_path / folder).mkdir(parents=True)
    board = [write(tmp_path / folder, "rulesbook-progress.json", FILE) for folder in folders]
    assert list(lab.progress(board)["student"]) == ["2025/ana", "2026/ana", "2026/ben"]
    own = [write(tmp_path / folder, "ana.json", FILE) for folder in folders[:2]] + [write(tmp_path, "ben.json", FILE)]
    assert list(lab.progress(own)["student"]) == ["2025/ana/ana", "2026/ana/ana", f"{tmp_path.parent.name}/{tmp_path.name}/ben"]  # one depth for all


def test_one_file_given_twice_is_refused_as_it_would_count_twice(tmp_path, monkeypatch):
    ana = write(tmp_path, "ana.json", FILE)
    monkeypatch.chdir(tmp_path)
    for twice in ([ana, ana], [ana, "ana.json"], [ana, tmp_path / "." / "ana.json"]):
        with pytest.raises(ValueError, match=re.escape("one file is given twice (") + ".*its student would be counted twice"):
            lab.progress(twice)


@pytest.mark.parametrize(("files", "names", "field", "why"), [
    (5, None, "files", "expected a path or a list of paths, not 5"),
    (None, None, "files", "expected a path or a list of paths, not None"),
    (b"ana.json", None, "files", "expected a path or a list of paths, not b'ana.json'"),
    ([5], None, "files[0]", "expected a path, not 5"),
    (None, 5, "names", "expected a student's name by each file's path ({path: name}), not 5"),
    (None, ["a"], "names", "expected a student's name by each file's path ({path: name}), not ['a']"),
    (None, {"ana.json": 7}, "names", "expected a student's name by each file's path ({path: name}), not {'ana.json': 7}"),
])
def test_arguments_that_are_no_files_or_names_are_refused_naming_them(tmp_path, files, names, field, why):
    """They raised TypeError ("not iterable") or AttributeError ("has no attribute 'get'")."""
    with pytest.raises(DataError) as refused:
        lab.progress(files if names is None else write(tmp_path, "ana.json", FILE), names=names)
    assert (refused.value.field, refused.value.why) == (field, why)
