"""The project's rulings for Mountain of Inferno, as data: one source for the engine's docs and the book.

Each ruling settles a point the rulebooks leave vague or on which the English (EN) and Chinese (ZH)
editions differ (MOI-R..); a decision of the engine's own, where no ruling speaks, is a MOI-P...
`fields` names the `Rules` switches that carry an edition difference; a ruling with no fields reads
the same in both editions. Texts are the project's own summaries; `note`
says why, where the rulebooks leave the point open. The other `Rules` fields are house rules:
each changes a rule both rulebooks print alike (`RULEBOOK_FIELDS`).
"""

from __future__ import annotations

from rulesbook.core.rulings import Ruling, by_id, markdown_table
from rulesbook.inferno.rules import Rules, switch_docs

SAME = "as EN"


def _ruling(id: str, question: str, en: str, zh: str, fields: tuple[str, ...] = (), note: str = "") -> Ruling:
    """A ruling of this register: `ruling` is the EN reading (the default), `variant` the ZH preset's
    ("" where it reads as EN)."""
    return Ruling(id, question, en, note=note, fields=fields, variant="" if zh == SAME else zh)


RULINGS: tuple[Ruling, ...] = (
    _ruling("MOI-R01", "How many event cards?", "16: 3 Mighty Bison King, 3 Iron Fan Princess, 8 Red Boy, 2 Guan Yin", SAME,
           note="the EN contents say 18 but list 16; 36 + 16 = 52"),
    _ruling("MOI-R02", "Which pictures do the Red Boys carry?", "two Red Boys for each of the four disciples", SAME,
           note="neither text prints them"),
    _ruling("MOI-R03", "How many rounds?", "2 players: 4; 3 players: 3; 4 players: 4", "as many rounds as players (2 players: 2)", ("rounds_by_players",)),
    _ruling("MOI-R04", "What may a turn's step I play?", "one or more cards, disciples and events mixed; or instead discard 1-3 events with no effect", "1-3 cards, all disciples or all events; no discarding", ("play_limit", "mixed_plays", "event_discard")),
    _ruling("MOI-R05", "How does a Mighty Bison King move a pawn?", "exactly 1-3 steps with one card, 4-5 with two; each step to an orthogonally adjacent card, never over an empty place; the path may pass pawns but visits no card twice and may not end on an occupied card (with the optional rule, MOI-R13: on a full one)", SAME,
           note="EN only forbids ending on the start card; only a path through distinct cards makes 4-5 differ from 1-3"),
    _ruling("MOI-R06", "Who may cancel an effect?", "Bison King and Iron Fan: only the owner of the targeted pawn (nobody when it is the player's own); Red Boy: any other player, with Guan Yin", "any opponent may cancel any of the three", ("any_opponent_cancels",)),
    _ruling("MOI-R07", "May a cancel be answered?", "no: one answer per effect played", SAME, note="neither text allows chains"),
    _ruling("MOI-R08", "When does a player who cancelled refill?", "not at once: at the end of their own next turn", SAME),
    _ruling("MOI-R09", "Which pawn does the step of step II move?", "optional; your own pawn, one card orthogonally, onto a free card (with the optional rule, MOI-R13: one with room)", "optional; any player's pawn", ("step_any_pawn",)),
    _ruling("MOI-R10", "When does an empty draw pile end the round (condition b)?", "at step III, if the draw pile is empty", "when the player who just finished cannot refill to three", ("ends_when_refill_short",)),
    _ruling("MOI-R11", "Who counts a card twice when a complete cross ends the round (condition a)?",
           "the owner of every pawn standing alone at a complete cross: its best complete row and column, the crossing card counted in both, even a -3",
           "only the player who ended the round: the best windows through their own pawn, wherever it stands, its card counted twice when that raises the score; everyone else counts it once",
           ("doubled_cross_for_ender_only", "doubling_optional"),
           note="ZH ends the round at a cross under any pawn, and lets the ender count the card under their own pawn a second time; EN doubles the card of the pawn at the cross"),
    _ruling("MOI-R12", "What happens to negative scores?", "a negative round score counts as 0", "the running total never drops below 0", ("floor_total_at_zero",)),
    _ruling("MOI-R13", "The optional rule: pawns sharing a card", "up to two pawns on a card; a card with two never completes a cross", "two or more pawns on a card", ("two_pawns", "shared_card_limit"),
           note="off by default in both editions; ZH's \"two or more\" is modelled as four, every pawn"),
    _ruling("MOI-R14", "What happens between rounds?", "all 52 cards reshuffled, a new Mountain, pawns placed again; the first player moves one seat clockwise", SAME,
           note="neither text says who starts the next round; ZH's start player is read as the round's dealer, and with as many rounds as players each player deals once"),
    _ruling("MOI-R15", "Must the Mountain stay in one piece?", "yes, at every moment: no laying, Red Boy discard or Iron Fan lift or drop may split it; Iron Fan puts the card somewhere else, touching the Mountain", SAME,
           note="stricter than judging only the end result; one rule for every effect is easier to teach"),
    _ruling("MOI-R16", "May a Red Boy discard a card with a pawn?", "never, with one Red Boy or two", SAME, note="ZH says it only for one Red Boy"),
    _ruling("MOI-R17", "What does a pawn score (condition b)?", "a row window and a column window of 1-4 adjacent cards through its card, no disciple twice in either, the best pair; its own card counts once", SAME),
    _ruling("MOI-R18", "What if no card can be played?", "an empty hand skips step I; otherwise a player must play or discard at least one card", SAME),
    _ruling("MOI-R19", "How is the Mountain set up?", "2 rows of as many disciples as players; events drawn meanwhile are shuffled back; pawns placed in seat order from the first player, one per card", SAME),
    _ruling("MOI-R20", "What if a round cannot progress?", "if a full cycle of turns passes in which nobody plays, discards or moves a card, the round ends, scored as condition b", SAME,
           note="neither text says; it guarantees that every round ends"),
    _ruling("MOI-R21", "What does a cancelled Red Boy leave?", "the whole effect is undone: the disciple stays in the Mountain; the Red Boy and the cancelling card are discarded", SAME,
           note="the ZH sentence that also discards the removed disciple describes nothing removed once the effect is cancelled"),
    _ruling("MOI-R22", "Iron Fan Princess on a card holding two pawns (optional rule)", "one play per card, moving both pawns; every owner of a pawn on it, other than the player, may cancel", "one play per card; any opponent may cancel", ("any_opponent_cancels",),
           note="only with the optional rule"),
    _ruling("MOI-P01", "In what order are those who may cancel an effect asked?",
            "one at a time, clockwise from the player, only those who hold a card that cancels it; the first to cancel ends the asking", SAME,
            note="neither text gives an order: at a table whoever speaks first would answer; the engine needs one. Asking only "
                 "those who can answer tells the table that the others hold no such card, as a table asking everyone at once "
                 "would not: accepted, so that no turn waits on a player with nothing to say"),
    _ruling("MOI-P02", "Does a disciple laid earlier in the same turn count as part of the Mountain?",
            "yes: each card is laid against the Mountain as it is at that moment, so a turn may lay a line of cards "
            "going away from it, each touching the one before", SAME,
            note="EN asks for a card 'already in the Mountain' and ZH for a card of the Mountain; neither says when; "
                 "cards are laid one at a time"),
    _ruling("MOI-P03", "What if step III finds a complete cross and the end of the draw pile at once?",
            "the round ends by condition a, the complete cross, and is scored as such", SAME,
            note="neither text says which condition counts when both hold; the cross is what the turn did, and both texts "
                 "name it first. In EN it can cost points: the crossing card counts twice even when it is a -3"),
    _ruling("MOI-P04", "Does condition b end the round when the player who just finished needs no card?",
            "yes: condition b is an empty draw pile, whatever the player holds",
            "no: the player holds three cards and refills nothing, so play goes on with the pile empty until a player who "
            "finishes cannot refill, or a cycle of turns changes nothing (MOI-R20)", ("ends_when_refill_short",),
            note="the ZH text ends the round when a player who finished cannot refill: one who needs no card can"),
)

BY_ID: dict[str, Ruling] = by_id(RULINGS)


def rulings_table() -> str:
    """The register as a Markdown table, for the book's reference chapter."""
    rows = [(r.id, r.question, r.ruling, r.variant or SAME, r.note) for r in RULINGS]
    return markdown_table(("id", "question", "EN (default)", "ZH preset", "note"), rows)


#: The Rules fields that hold a rule both rulebooks print alike (the house rules' defaults), with
#: the sentence of the English rulebook that prints it.
RULEBOOK_FIELDS: dict[str, str] = {
    "pawns_placed_in_reverse": "Setup: 'Each player, starting with the 1st player, then places his \"Xuanzhang\" pawn'",
    "starting_points": "Setup: each player's marker 'he places on the \"0\" space of the score track'",
    "hand_size": "Setup: 'Finally, deal 3 cards to each player'; IV: 'draws until he has three cards in Hand'",
    "bison_reach": "I: 'a single \"Mighty Bison\" card lets you move a \"Xuanzhang\" pawn ... from one to three cards', two 'from four to five cards'",
    "negative_scores_kept": "Scoring: 'If a player has a negative score at the end of a Round, his score for that Round is considered to be zero' (MOI-R12: ZH floors the total instead)",
    "house": "Setup: the rules as printed at every moment, from the set-up ('Finally, deal 3 cards to each player') to a turn's end and the Scoring; no house rule of one's own",
}


def switches_table() -> str:
    """Every edition switch of `Rules` as a Markdown table: the rulings it carries, its EN and ZH
    presets and what it decides, for the book's reference chapter."""
    en, zh = Rules(), Rules(edition="zh")
    rows = []
    for name, doc in switch_docs().items():
        if name in RULEBOOK_FIELDS:
            continue
        owners = ", ".join(ruling.id for ruling in RULINGS if name in ruling.fields)
        rows.append((f"`{name}`: {doc}", owners, f"`{getattr(en, name)!r}`", f"`{getattr(zh, name)!r}`"))
    return markdown_table(("switch: what it decides", "ruling", "EN", "ZH"), rows)


def house_rules_table() -> str:
    """The house rules of `Rules` as a Markdown table: what each changes, the rule both rulebooks
    print (its default), for the book's reference chapter."""
    default, docs = Rules(), switch_docs()
    rows = [(f"`{name}`: {docs[name]}", printed, f"`{getattr(default, name)!r}`") for name, printed in RULEBOOK_FIELDS.items()]
    return markdown_table(("house rule: what it changes", "the rulebooks", "default"), rows)
