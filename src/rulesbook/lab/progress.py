"""Students' progress files, read into one table for the teacher.

Each page of the book keeps what its reader did on every exercise in the browser, and its
"Download my progress" button writes all of it as one file (widgets/progress.js)::

    {"format": "rulesbook-progress", "version": 1, "exported": "2026-12-03T18:00:00.000Z",
     "exercises": [{"exercise": "book/inferno/red-boy.html#1f0c...", "page": "book/inferno/red-boy.html",
                    "title": "...", "total": 3, "found": 2, "attempts": 5, "misses": 2, "done": false,
                    "updated": "2026-12-03T17:58:00.000Z"}]}

`progress(files)` reads such files, one a student, into a table with a row for each exercise a
student tried. The student is the file's name without ".json" unless `names` says otherwise;
where two files have the same name (the board names every download rulesbook-progress.json, so a
class hands them in a folder each), it is the shortest tail of their paths that tells all the
files apart, without the board's name: "ana" for handed-in/ana/rulesbook-progress.json. A file
that is not one is refused with a DataError naming the file (by that tail) and the field; the
same file given twice, with a ValueError.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping
from os import PathLike
from pathlib import Path
from typing import Any

import pandas as pd

from rulesbook.core.data import DataError, items, parse_json, read_text, shown, take, whole

FORMAT = "rulesbook-progress"
COLUMNS = ["student", "exercise", "page", "title", "total", "found", "attempts", "misses", "done", "updated"]
#: A class's file is a few kilobytes; one larger than this is not a progress file.
MAX_BYTES = 2**20


def _exercise(entry: Any, where: str) -> dict[str, Any]:
    row = {name: take(entry, name, str, where) for name in ("exercise", "page", "title", "updated")}
    row["total"] = whole(take(entry, "total", int, where), f"{where}.total", low=1)
    row["found"] = whole(take(entry, "found", int, where), f"{where}.found", low=0, high=row["total"])
    row["attempts"] = whole(take(entry, "attempts", int, where), f"{where}.attempts", low=0)
    row["misses"] = whole(take(entry, "misses", int, where), f"{where}.misses", low=0, high=row["attempts"])
    row["done"] = take(entry, "done", bool, where)
    return row


def read_progress(path: str | PathLike[str], what: str | None = None) -> list[dict[str, Any]]:
    """One student's file: its exercises, each checked (DataError naming the file, as `what` says
    (default: its name), and the field)."""
    path = Path(path)
    what = what or path.name
    data = parse_json(read_text(path, what, MAX_BYTES), what, MAX_BYTES)
    if isinstance(data, dict) and "format" not in data:  # a record, or any other JSON: not a field gone missing
        raise DataError(what, "not a progress file (its 'format' is missing): a progress file is what a page's "
                              "'Download my progress' button writes")
    if take(data, "format", str, what) != FORMAT:
        raise DataError(f"{what}.format", f"not a progress file: expected {FORMAT!r}, not {data['format']!r}")
    if take(data, "version", int, what) != 1:
        raise DataError(f"{what}.version", f"only version 1 is read, not {data['version']}")
    rows = items(take(data, "exercises", list, what), f"{what}.exercises", _exercise)
    seen: dict[str, int] = {}
    for index, row in enumerate(rows):  # the board keeps one entry an exercise: two would count it twice
        if row["exercise"] in seen:
            raise DataError(f"{what}.exercises[{index}].exercise", f"{row['exercise']!r} is listed already, at "
                                                                   f"exercises[{seen[row['exercise']]}]: a file lists each exercise once")
        seen[row["exercise"]] = index
    return rows


def progress(files: Iterable[str | PathLike[str]], names: Mapping[str, str] | None = None, *,
             skip_bad: bool = False) -> pd.DataFrame:
    """Every student's file as one table: a row for each exercise a student tried. `files` is a
    list of paths, or one path; `names` gives a student's name by the file's path as given. No
    file at all is refused: a glob that matched nothing would be a class with no work done. A file
    that is no progress file is refused, naming it; with `skip_bad` it is left out instead, and a
    warning names each file left out and why (one broken file of thirty keeps the class's table).

    >>> progress([])
    Traceback (most recent call last):
    ...
    rulesbook.core.data.DataError: files: no progress file given: did the glob match nothing? (a folder each: Path("handed-in").rglob("*.json"))
    """
    if isinstance(files, (str, PathLike)):  # one file, not the letters of its name
        files = [files]
    if not isinstance(files, Iterable) or isinstance(files, (bytes, Mapping)):
        raise DataError("files", f"expected a path or a list of paths, not {shown(files)}")
    files = list(files)
    if not files:
        raise DataError("files", 'no progress file given: did the glob match nothing? (a folder each: Path("handed-in").rglob("*.json"))')
    for index, file in enumerate(files):
        if not isinstance(file, (str, PathLike)):
            raise DataError(f"files[{index}]", f"expected a path, not {shown(file)}")
    if names is not None and (not isinstance(names, Mapping) or not all(isinstance(name, str) for name in names.values())):
        raise DataError("names", f"expected a student's name by each file's path ({{path: name}}), not {shown(names)}")
    rows, left_out = [], []
    for file, (student, what) in zip(files, _students([Path(file) for file in files])):
        student = (names or {}).get(str(file), student)
        try:
            rows += [{"student": student, **row} for row in read_progress(file, what)]
        except DataError as error:
            if not skip_bad:
                raise
            left_out.append(str(error))
    if left_out:
        warnings.warn(f"{len(left_out)} of {len(files)} files left out, being no progress files: " + "; ".join(left_out),
                      UserWarning, stacklevel=2)
    return pd.DataFrame(rows, columns=COLUMNS)


def _students(paths: list[Path]) -> list[tuple[str, str]]:
    """Each file's student and the tail of its path that names it in errors: its name (without
    ".json"), unless two files have the same name; then the shortest tail of the paths that
    tells them all apart, without the board's own name (which says nothing of the student)."""
    real = [os.path.realpath(path) for path in paths]
    twice = [str(path) for path, where in zip(paths, real) if real.count(where) > 1]
    if twice:
        raise ValueError(f"one file is given twice ({', '.join(dict.fromkeys(twice))}): its student would be counted twice")
    if len({path.stem for path in paths}) == len(paths):
        return [(path.stem, path.name) for path in paths]
    parts = [Path(os.path.abspath(path)).parts for path in paths]
    for depth in range(2, max(map(len, parts)) + 1):
        tails = [part[-depth:] for part in parts]
        students = ["/".join(tail[:-1] if Path(tail[-1]).stem == FORMAT else (*tail[:-1], Path(tail[-1]).stem)) for tail in tails]
        if len(set(students)) == len(students):
            return [(student, "/".join(tail)) for student, tail in zip(students, tails)]
    return [(str(Path(*part)), str(Path(*part))) for part in parts]  # names that differ only after a dot, in one folder
