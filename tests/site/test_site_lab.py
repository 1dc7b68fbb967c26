"""The design lab's pages on the built site: every experiment shows its charts as pictures, each
described by its numbers (the chart's own <desc>, which lab.chart writes from the table it draws)."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from site_browser import SITE
from test_site_every_chapter import CHAPTERS
from test_site_quality import Pictures

from rulesbook.widgets.site import picture_description

LAB_PAGES = [f"{chapter}.html" for chapter in CHAPTERS if chapter.startswith("book/lab/")]
#: The introduction explains; every other page of the part is an experiment with its charts.
EXPERIMENT_PAGES = [page for page in LAB_PAGES if not page.endswith("/reading-experiments.html")]


def test_the_part_has_seven_experiment_pages_all_built():
    assert len(EXPERIMENT_PAGES) == 7 and len(LAB_PAGES) == 8
    assert all((SITE / page).is_file() for page in LAB_PAGES)


@pytest.mark.parametrize("page_path", EXPERIMENT_PAGES)
def test_each_chart_is_a_picture_described_by_its_numbers(page_path):
    parser = Pictures()
    parser.feed((SITE / page_path).read_text(encoding="utf-8"))
    assert parser.alts, f"{page_path} shows no chart"
    for source, alt in parser.alts:
        assert re.match(r"(Bar chart|Histograms?) of ", alt), f"{source}: {alt!r}"
        assert len(alt.split()) >= 15 and len(re.findall(r"\d+(?:\.\d+)?", alt)) >= 6, f"{source}: {alt!r} says too little"
        picture = (SITE / urljoin(page_path, source)).read_text(encoding="utf-8")
        assert source.endswith(".svg") and picture_description(picture) == alt, f"{source}: not the picture's own description"
