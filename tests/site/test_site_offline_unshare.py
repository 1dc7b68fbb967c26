"""The pilot chapter works with no network at all: server and browser inside `unshare -n`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_browser import CHAPTER, CHROMIUM, SITE

HERE = Path(__file__).resolve().parent


def test_the_chapter_plays_with_no_network_at_all():
    if not (SITE / CHAPTER).is_file():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")
    if not shutil.which("unshare") or not shutil.which("ip"):
        pytest.fail("unshare or ip is missing")
    if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        pytest.fail("this user may not create a network namespace (unshare -n needs root)")
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}")
    script = f"ip link set lo up && exec {sys.executable} {HERE / 'offline_check.py'}"
    done = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["cards"] == 10 and report["targets"] == 7
    assert report["moved"] and "(1, 3)" in report["message"]
    assert report["errors"] == [] and report["outside"] == [] and report["failed"] == []
