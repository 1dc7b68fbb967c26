"""A ruling, and the register of them as a table: the same shape for every game's `rulings.py`.

A ruling settles a point the rulebook leaves open (ids like MOI-R05, HUD-R07, MAD-R09) or records
a decision the engine had to take where no ruling speaks (the project's own, MOI-P.., HUD-P..,
MAD-P..). `fields` names the `Rules` switches through which a teacher can decide otherwise.

>>> ruling = Ruling("HUD-P01", "When is the first hand drawn?", "at set-up", fields=("opening_hand",))
>>> ruling.is_project_decision, ruling.game
(True, 'HUD')
>>> print(markdown_table(("id", "ruling"), [(ruling.id, "either 13|15")]))
| id | ruling |
|---|---|
| HUD-P01 | either 13\\|15 |
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Ruling:
    """One entry of a game's register. `variant` is what the ruling reads under the other preset of
    its switches, where a game has presets (Mountain of Inferno's ZH edition); `note` says why."""

    id: str
    question: str
    ruling: str
    note: str = ""
    fields: tuple[str, ...] = ()
    variant: str = ""

    @property
    def game(self) -> str:
        """The game's prefix: MOI, HUD or MAD."""
        return self.id.split("-", 1)[0]

    @property
    def is_project_decision(self) -> bool:
        """A decision of the engine (..-P..) rather than a ruling on the rulebook's text (..-R..)."""
        return self.id.split("-", 1)[1].startswith("P")

    @property
    def differs_by_edition(self) -> bool:
        """Whether a `Rules` switch carries the point (so a teacher or an edition may decide otherwise)."""
        return bool(self.fields)


def by_id(rulings: Iterable[Ruling]) -> dict[str, Ruling]:
    """The register keyed by id; ValueError for an id given twice."""
    table: dict[str, Ruling] = {}
    for ruling in rulings:
        if ruling.id in table:
            raise ValueError(f"the ruling {ruling.id} is given twice")
        table[ruling.id] = ruling
    return table


def cell(text: str) -> str:
    """Text for a cell of a Markdown table: a bar in the text ("13|15") must not end the cell."""
    return text.replace("|", "\\|")


def markdown_table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Rows as a Markdown table, for the book's reference chapters."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell(text) for text in row) + " |" for row in rows]
    return "\n".join(lines)
