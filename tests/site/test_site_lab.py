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


#: A 390 px phone's page leaves a picture 358 px of width; letters of 9.5 px are the least a reader
#: reads there without zooming (a board's card text is held to 11).
PHONE_PICTURE = 358


@pytest.mark.parametrize("page_path", EXPERIMENT_PAGES)
def test_each_charts_letters_are_readable_on_a_phone(page_path):
    """A chart is drawn small (lab.plots.FIGURE_SIZE) with 11 pt letters: shrunk to a phone's page,
    its labels stay about 11 px (a slide's 8-inch chart of 10 pt letters showed them at 6)."""
    parser = Pictures()
    parser.feed((SITE / page_path).read_text(encoding="utf-8"))
    for source, _ in parser.alts:
        picture = (SITE / urljoin(page_path, source)).read_text(encoding="utf-8")
        width = float(re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', picture).group(1))  # points
        shown = min(PHONE_PICTURE, width * 96 / 72) / width  # CSS px of the phone for a point of the chart
        sizes = sorted(float(size) * shown for size in re.findall(r"font-size: ([\d.]+)px", picture))
        assert sizes and sizes[0] >= 9.5, f"{source}: letters of {sizes[0]:.1f} px on a phone"
        assert sizes[len(sizes) // 2] >= 10.5, f"{source}: most letters under 10.5 px on a phone"
