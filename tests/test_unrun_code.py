"""The code `make test` never runs whole (the benchmarks, the tools' commands) is read by mypy for
the mistakes only running it would show: a name used before it is defined, or never defined.
`make bench BENCH=board` stopped with an UnboundLocalError for weeks: its last loop named a row
`label`, the function the tables before it call, which made `label` local to the whole function.
(Their types are not checked here: `make typecheck` checks src/.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: mypy's codes for a name that is not there when the line runs.
UNDEFINED = ("used-before-def", "name-defined")


def test_the_benchmarks_and_tools_use_no_name_that_is_not_defined(tmp_path):
    files = sorted(str(path.relative_to(ROOT)) for folder in ("benchmarks", "tools") for path in (ROOT / folder).glob("*.py"))
    assert len(files) > 15, files
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-version", "3.11", "--ignore-missing-imports", "--follow-imports=silent",
         "--no-error-summary", "--cache-dir", str(tmp_path / "mypy"), *files],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1) and not result.stderr, result.stderr  # 1: other errors, not this test's
    undefined = [line for line in result.stdout.splitlines() if line.endswith(tuple(f"[{code}]" for code in UNDEFINED))]
    assert not undefined, "\n".join(undefined)
