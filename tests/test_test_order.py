"""The order the test files run in (tests/conftest.py): every file LONGEST_FIRST names exists, so a
renamed file is not silently left to run last."""

from pathlib import Path

from conftest import LONGEST_FIRST

HERE = Path(__file__).resolve().parent


def test_every_file_run_first_exists_once():
    assert [name for name in LONGEST_FIRST if not (HERE / name).is_file()] == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
