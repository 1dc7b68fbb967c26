"""A rule's id in a chapter is a link to its row on the part's reference page (a learner's audit:
"HUD-P06" in the second chapter, its text only on the part's last page, and nothing to click).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from site_browser import SITE, site_pages

LINK = re.compile(r'<a class="rb-rule-id" href="([^"]*)">((?:MOI|HUD|MAD)-[RP]\d+)</a>')


def test_every_rule_id_in_a_page_links_to_its_row():
    rows: dict[Path, set[str]] = {}
    linked = 0
    for path in site_pages():
        text = path.read_text(encoding="utf-8")
        for address, rule in LINK.findall(text):
            parts = urlparse(address)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert parts.fragment == rule.lower() and target.name == "reference.html", (path.relative_to(SITE), address)
            if target not in rows:
                rows[target] = set(re.findall(r'<tr id="([a-z]+-[rp]\d+)"', target.read_text(encoding="utf-8")))
            assert parts.fragment in rows[target], f"{path.relative_to(SITE)}: {rule} has no row on {target.relative_to(SITE)}"
            linked += 1
        # every id outside a link or code is one
        assert '<span class="rb-rule-id">' not in re.sub(r"<(a|code|pre)\b.*?</\1>", "", text, flags=re.S), path.relative_to(SITE)
    assert linked > 500 and len(rows) == 4  # the three parts' references and the zh-TW book's
