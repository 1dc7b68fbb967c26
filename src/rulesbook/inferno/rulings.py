"""The project's rulings for Mountain of Inferno, as data: one source for the engine's docs and the book.

Each ruling settles a point the rulebooks leave vague or on which the English (EN) and Chinese (ZH)
editions differ. `fields` names the `Rules` switches that carry an edition difference; a ruling
with no fields reads the same in both editions. Texts are the project's own summaries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ruling:
    id: str
    question: str
    en: str
    zh: str
    fields: tuple[str, ...] = ()

    @property
    def differs_by_edition(self) -> bool:
        return bool(self.fields)


SAME = "as EN"

RULINGS: tuple[Ruling, ...] = (
    Ruling("MOI-R01", "How many event cards?", "16: 3 Mighty Bison King, 3 Iron Fan Princess, 8 Red Boy, 2 Guan Yin (the EN text says 18 but lists 16; 36 + 16 = 52)", SAME),
    Ruling("MOI-R02", "Which pictures do the Red Boys carry?", "two Red Boys for each of the four disciples", SAME),
    Ruling("MOI-R03", "How many rounds?", "2 players: 4; 3 players: 3; 4 players: 4", "as many rounds as players (2 players: 2)", ("rounds_by_players",)),
    Ruling("MOI-R04", "What may a turn's step I play?", "one or more cards, disciples and events mixed; or instead discard 1-3 events with no effect", "1-3 cards, all disciples or all events; no discarding", ("play_limit", "mixed_plays", "event_discard")),
    Ruling("MOI-R05", "How does a Mighty Bison King move a pawn?", "exactly 1-3 steps with one card, 4-5 with two; each step to an orthogonally adjacent card, never over an empty place; the path may pass pawns but visits no card twice and may not end on an occupied card", SAME),
    Ruling("MOI-R06", "Who may cancel an effect?", "Bison King and Iron Fan: only the owner of the targeted pawn (nobody when it is the player's own); Red Boy: any other player, with Guan Yin", "any opponent may cancel any of the three", ("any_opponent_cancels",)),
    Ruling("MOI-R07", "May a cancel be answered?", "no: one answer per effect played", SAME),
    Ruling("MOI-R08", "When does a player who cancelled refill?", "not at once: at the end of their own next turn", SAME),
    Ruling("MOI-R09", "Which pawn does the step of phase II move?", "optional; your own pawn, one card orthogonally, onto a free card", "optional; any player's pawn", ("step_any_pawn",)),
    Ruling("MOI-R10", "When does an empty draw pile end the round (condition b)?", "at step III, if the draw pile is empty", "when the player who just finished cannot refill to three", ("ends_when_refill_short",)),
    Ruling("MOI-R11", "Who scores a complete cross doubled (condition a)?", "the owner of every pawn standing alone at a complete cross, the best cross if there are several", "only the player who ended the round, with their own pawn", ("doubled_cross_for_ender_only",)),
    Ruling("MOI-R12", "What happens to negative scores?", "a negative round score counts as 0", "the running total never drops below 0", ("floor_total_at_zero",)),
    Ruling("MOI-R13", "The optional rule: pawns sharing a card", "up to two pawns on a card; a card with two never completes a cross", "two or more pawns on a card", ("two_pawns",)),
    Ruling("MOI-R14", "What happens between rounds?", "all 52 cards reshuffled, a new Mountain, pawns placed again; the first player moves one seat clockwise", SAME),
    Ruling("MOI-R15", "Must the Mountain stay in one piece?", "yes: no laying, Red Boy discard or Iron Fan lift or drop may split it; Iron Fan puts the card somewhere else, touching the Mountain", SAME),
    Ruling("MOI-R16", "May a Red Boy discard a card with a pawn?", "never, with one Red Boy or two", SAME),
    Ruling("MOI-R17", "What does a pawn score (condition b)?", "a row window and a column window of 1-4 adjacent cards through its card, no disciple twice in either, the best pair; its own card counts once", SAME),
    Ruling("MOI-R18", "What if no card can be played?", "an empty hand skips step I; otherwise a player must play or discard at least one card", SAME),
    Ruling("MOI-R19", "How is the Mountain set up?", "2 rows of as many disciples as players; events drawn meanwhile are shuffled back; pawns placed in seat order from the first player, one per card", SAME),
)

BY_ID: dict[str, Ruling] = {ruling.id: ruling for ruling in RULINGS}


def rulings_table() -> str:
    """The register as a Markdown table, for the book's reference chapter."""
    lines = ["| id | question | EN (default) | ZH preset |", "|---|---|---|---|"]
    for ruling in RULINGS:
        lines.append(f"| {ruling.id} | {ruling.question} | {ruling.en} | {ruling.zh} |")
    return "\n".join(lines)
