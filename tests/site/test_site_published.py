"""The built site as a publisher copies it to a server: a course server's folder, GitHub Pages.

Every page loads only what the site holds, by relative links (test_site_offline_urls.py), so the
site works under any path. What a copy of _build/html keeps besides: its files' modes (rsync -a,
scp -p) and its folders whose names start with "_", which GitHub Pages, publishing a branch, leaves
out unless the site holds a .nojekyll file (Jekyll's rule).
"""

from __future__ import annotations

import subprocess

import pytest
from site_browser import CHAPTER, ROOT, SITE


@pytest.fixture(scope="module")
def site() -> None:
    if not (SITE / CHAPTER).is_file():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")


def test_github_pages_keeps_the_folders_whose_names_start_with_an_underscore(site):
    assert (SITE / "_static" / "rulesbook" / "boards.js").is_file()
    assert (SITE / ".nojekyll").is_file(), "without it, GitHub Pages leaves out _static: no page has its scripts or styles"


def test_no_file_of_the_site_is_writable_by_others(site):
    """A copy that keeps the modes would let any user of the server change what readers' browsers
    run (the live site's Python, the Play pages' engine)."""
    writable = [str(path.relative_to(SITE)) for path in SITE.rglob("*") if path.is_file() and path.stat().st_mode & 0o002]
    assert writable == []


@pytest.mark.parametrize("lite", ["1", "0"])
def test_the_builds_last_line_says_what_needs_a_server(lite):
    """`make book` ends by saying how to read the site: the pages from a file, but the live part
    and the Play pages (Python in the browser, which a page opened from a file cannot start) from
    a server; a site built with LITE=0 has neither."""
    said = subprocess.run(["make", "-s", "--no-print-directory", f"LITE={lite}", "--eval", "said: ; @echo '$(BOOK_BUILT)'", "said"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=True).stdout
    assert said.startswith(f"The book is built: open file://{ROOT}/_build/html/index.html")
    assert ("Play pages" in said and "http.server" in said) == (lite == "1"), said
