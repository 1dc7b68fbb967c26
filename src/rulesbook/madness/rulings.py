"""The project's rulings for At the Mountains of Madness, as data: one source for the engine's docs and the book.

Two kinds, each with its own ids:

- MAD-R01..R10 settle what the rulebook leaves unclear or does not print (the project's rulings
  register, beside the project);
- MAD-P01.. are the engine's own decisions, where the rulebook is silent and software must still
  decide (real time, who may take a Relic, which pile a token comes from ...).

`fields` names the `Rules` switches through which a teacher can decide otherwise. Texts are the
project's own summaries; code, errors and tests cite the ids.
"""

from __future__ import annotations

from rulesbook.core.rulings import Ruling, by_id, cell, markdown_table

RULINGS: tuple[Ruling, ...] = (
    Ruling("MAD-R01", "What can a challenge value be?",
           "an exact number (Crates 14), a range (Tools 7-9) or either of two numbers (Books 13|15)"),
    Ruling("MAD-R02", "What are the Arcane Equipment cards worth?",
           "10 each, and each belongs to one equipment type; which types is data of the pack"),
    Ruling("MAD-R03", "When does an expedition that escapes win?",
           "when it holds at least as many Relic cards as there are Injury cards in play: a tie wins (the end-of-game "
           "text; the overview's \"more\" is looser)"),
    Ruling("MAD-R04", "Confusion asks for more cards than the Equipment deck holds?",
           "discard all it holds, then one Leadership token goes to the box"),
    Ruling("MAD-R05", "Where does the Leadership token that Rest takes go?", "back to the box, out of the game"),
    Ruling("MAD-R06", "Which faces does the Penalty Die have?",
           "six: 2 Accident, 2 Confusion, 2 Loss of Confidence (illustrative, data of the pack)"),
    Ruling("MAD-R07", "How are several failures suffered?",
           "the Leader picks the order of the failed challenges and, for each, a consequence; a Madness card may be "
           "given only to a player below Level 3; when a Madness must be drawn and every player is at Level 3, a "
           "Leadership token is discarded instead, or sent to the box when none is on the Sled; boxing the last one "
           "loses the game"),
    Ruling("MAD-R08", "What does the software do with Madness texts?",
           "they are rules of speech that software cannot enforce: shown only to the player they belong to, never "
           "enforced, never shown to the others (what the others do see, the level, is MAD-P11)"),
    Ruling("MAD-R09", "What does Search show, and for how long?",
           "the searched tile is shown to every player once (an event a board shows for a moment), then it is face "
           "down again in every view until the expedition reaches it: remembering it is the point"),
    Ruling("MAD-R10", "How many challenges does a space without a tile show?",
           "exactly two, as printed; a data pack with another count is refused"),
    Ruling("MAD-P01", "How is the real-time Encounter Phase played in software?",
           "as a sequence of plays by any player, ended by the Leader's \"time up\"; the table may talk until the "
           "first card is played, and again after a restart; the Sand Timer is shown, never enforced",
           fields=("timer_seconds",)),
    Ruling("MAD-P02", "What happens when a player speaks while communication is forbidden?",
           "the action \"speak\": the Penalty Die is rolled at once, with no reroll (rerolls belong to the Resolution "
           "Phase); its Confusion has no challenge to measure and discards a fixed number of cards (default 2)",
           fields=("speech_penalty", "speech_confusion_cards")),
    Ruling("MAD-P03", "What happens to the cards on the Sled when the Encounter is restarted?",
           "they stay on the Sled", fields=("cards_stay_on_restart",)),
    Ruling("MAD-P04", "Which revealed cards count toward which challenge?",
           "every card of a type counts toward every challenge of that type; Arcane cards for their type, Injuries "
           "for nothing; cards are never split between challenges"),
    Ruling("MAD-P05", "Where does a token sent to the box come from?",
           "from the Sled first, else from the discard (Loss of Confidence with fewer than 2 on the Sled, MAD-R04); "
           "the token paid for an impossible Madness draw follows the rulebook: Sled to discard, else discard to box",
           fields=("boxed_token_source",)),
    Ruling("MAD-P06", "Who may take a Relic?",
           "a player below Madness Level 3 while there is one, since its Madness draw could not be taken at Level 3; "
           "with the switch off anyone may, and a Level 3 player who takes it draws nothing and pays a token only "
           "when every player is at Level 3 (MAD-R07)",
           fields=("relic_recipient_below_level_3",)),
    Ruling("MAD-P07", "What do the Relic tokens cover?",
           "a Specimen token covers one phase of the Leadership column (Specimen B the Resolution Phase, as in the "
           "Icy Cape example), a Ruin token an equipment type (the Leader cannot play it), a Knowledge token the Rest "
           "Phase; all bite only while their owner leads; a Relic card's printed action is the Madness draw (the "
           "rulebook says only that the tokens cover parts of the Player Board, a Ruin token an equipment type)"),
    Ruling("MAD-P08", "When do the Heal and Praise rewards apply?",
           "at once: Heal returns the Injury most recently discarded (else one played this turn) to the Injury deck; "
           "Praise brings back as many tokens as the discard holds, up to two"),
    Ruling("MAD-P09", "How does the Leader deal when the deck cannot fill every hand?",
           "one card at a time, to a player of their choice below the limit (\"deal to P2\"); tokens that raise the "
           "limit are spent before the dealing ends"),
    Ruling("MAD-P10", "From which pile does Rest take its token?",
           "from the discard when it holds one, else from the Sled; both end the same, so the Leader is not asked"),
    Ruling("MAD-P11", "Who leads first, and what is public?",
           "the first player named leads the first turn; Madness levels are public (the card backs), their texts "
           "are not (MAD-R08)"),
    Ruling("MAD-P12", "How far does a total between the two numbers of an either-or value miss?",
           "by the nearer number, for Confusion (13|15 with 14 misses by 1)"),
    Ruling("MAD-P13", "Where do the board, tiles, cards and die come from?",
           "from a data pack, a value carried in the rules; the shipped pack is illustrative and marked so; a "
           "teacher's pack is checked field by field and refused with the field and the reason",
           fields=("pack",)),
    Ruling("MAD-P14", "The Bleak Coast example rerolls and \"shows the same result\", then applies Confusion?",
           "read as Loss of Confidence, a reroll, then Confusion"),
    Ruling("MAD-P15", "Whom may a Leadership token of the Movement Phase free from Madness?",
           "a player who holds a Madness card, at any level (a player with none has nothing to ignore), and each "
           "player once a turn: a second token frees a second player, never the same one again"),
    Ruling("MAD-P16", "How may the Airplane reach an Escape space?",
           "only from the Edge of Madness, and then the first, second and third Escape space in turn; whatever lines a "
           "pack's board draws, no other space leads there (the rulebook sends the expedition over them from the "
           "Edge and names no other way in)"),
    Ruling("MAD-P17", "Does talking about cards outside the Encounter Phase roll the Penalty Die?",
           "no: the rulebook forbids that talk, and the table keeps the rule; the die (the action \"speak\", "
           "MAD-P02) follows only speech in the Encounter's silence, from the first card played to the end of the "
           "phase"),
    Ruling("MAD-P18", "What does the table say in the Encounter Phase when software plays some seats?",
           "while talking is allowed (until the first card is played, and again after a restart), each player names "
           "every card in their hand, as the rulebook lets the team share all the information on its cards; a player "
           "at Madness Level 3, or with two Madness cards (Expert Variant), says nothing unless a Leadership token frees "
           "them this turn; no other Madness text is modelled (MAD-R08). On a Play page the reader's hand is said for "
           "them, and the board tells the reader what the bots said"),
    Ruling("MAD-P19", "At which level is a player who holds several Madness cards (Expert Variant)?",
           "at the level of their highest card: the next card they draw is one level above it, and a player who holds "
           "a Level 3 card is at Level 3, so is never chosen to draw another (MAD-R07)"),
)

BY_ID: dict[str, Ruling] = by_id(RULINGS)

#: `Rules` fields that switch a variant the rulebook prints, by its section.
VARIANTS: dict[str, str] = {"expert": "Expert Variant"}

#: The house rules: Rules fields that change a number the rulebook prints (the pack holds it as
#: printed, and None keeps the pack's), with the rulebook's words; and `house`, house rules of
#: one's own as functions, none by default: the rulebook as printed.
RULEBOOK_FIELDS: dict[str, str] = {
    "hand_size": "Setup 10: '3 players: deal 5 cards each; 4 players: deal 4 cards each; 5 players: deal 3 cards each'",
    "leadership_tokens": "Contents: '6 Leadership tokens'",
    "house": "Turn: the five phases as printed, from the Movement Phase to the Rest Phase; no house rule of one's own",
}


def rulings_table() -> str:
    """The register as a Markdown table, for the book's reference chapter."""
    return markdown_table(("id", "question", "ruling", "switch"),
                          [(ruling.id, ruling.question, ruling.ruling, ", ".join(f"`{name}`" for name in ruling.fields))
                           for ruling in RULINGS])


__all__ = ["BY_ID", "RULEBOOK_FIELDS", "RULINGS", "VARIANTS", "Ruling", "cell", "rulings_table"]
