"""The project's rulings for Hudai Pass, as data: one source for the engine's docs, tests and the book.

HUD-R.. are the project's rulings on points the rulebook leaves open or unclear; HUD-P.. are the
decisions the engine had to take where no ruling speaks. Texts are the project's own summaries.
`fields` names the `Rules` fields a ruling sets; the other fields are numbers the rulebook prints
(`RULEBOOK_FIELDS`). The code cites each id where it decides the point.
"""

from __future__ import annotations

from rulesbook.core.rulings import Ruling, by_id, markdown_table


RULINGS: tuple[Ruling, ...] = (
    Ruling("HUD-R01", "Which cards are in the game?",
           "36 cards: six colours (white, green, blue, red, yellow, black) times six symbols, each card's value set by its "
           "symbol (Drop 1, Hammers 2, 3 Circles 3, Stacked Stones 4, Cog 5, Crop/Arrow 6). White is the starting deck, "
           "black the open corruption supply, the other 24 the mind deck.",
           "reconstructed: the rulebook does not print its card list; a teacher may pass another set, "
           "Rules(cards=load_cards(path))", ("cards",)),
    Ruling("HUD-R02", "Which tiles are the demon's powers?",
           "Drop, Cog and 3 Circles from left to right (Drain, Confuse, Mind pierce), with 2 red cubes on each.",
           "the rulebook's own recommendation; any three tiles may be dealt", ("powers",)),
    Ruling("HUD-R03", "Which cards may lie side by side in a combo?",
           "A combo is a row: neighbours share a colour unless one of the two is white or black; at most two white cards "
           "per combo.", "the two white cards are the rulebook's (Colors)"),
    Ruling("HUD-R04", "What does Flow's 'remove one card from your pattern' remove?",
           "If the monk wishes, one card of the combo being played leaves the game for good."),
    Ruling("HUD-R05", "When do black cards bring corruption?",
           "One corruption per black card in hand once the hand is filled (step 4). 'Whenever you begin a turn with this "
           "card in hand' names the same moment and does not corrupt a second time."),
    Ruling("HUD-R06", "Which value do the demon's thresholds read (Crush, Confuse, Entangle)?",
           "The printed value: green's +1 and black's 6 count only when the monk plays the card."),
    Ruling("HUD-R07", "What does the demon's Defend block, and when?",
           "The monk's damage to the demon (Stab and red cards) during the monk's next combo: one blow for each started "
           "3 cubes."),
    Ruling("HUD-R08", "How is a new move obtained?",
           "First one Mind River card may be discarded and replaced; then at most one river card whose value is at most "
           "the purchase value goes to the hand, and the river is filled again."),
    Ruling("HUD-R09", "What if a power holds more than 12 cubes?",
           "The monk loses at once. The red cubes are not limited, so a power can hold that many.",
           "the limit of 12 is the rulebook's (Play)"),
    Ruling("HUD-R10", "Does the monk start with a hand?",
           "Yes: set-up ends with the monk drawing four cards from the shuffled starting deck. These four do not feed the "
           "demon; feeding belongs to step 4 of a turn.",
           "the text never deals a first hand, yet step 1 needs one; opening_hand=0 gives the literal reading",
           ("opening_hand",)),
    Ruling("HUD-R11", "What does Entangle compare?",
           "The cubes on the power, doubled, with the sum of the printed values of the cards in the monk's hand when "
           "Entangle acts. If the doubled cubes are more, the monk's next combo is a single card.",
           "'the numeric values in your hand', read as their total"),
    Ruling("HUD-R12", "May the demon have the same tile twice?",
           "No: three different tiles; the same symbol twice is refused.", "the box has one tile of each symbol",
           ("powers",)),
    Ruling("HUD-P01", "Where does a played card go, and what counts towards the two white cards?",
           "At the end of the row, next to the last card played. After a Flow removal the row is what is left, so the "
           "next card must fit the new last card. Every white card played this turn counts, even one Flow removed."),
    Ruling("HUD-P02", "How long may a card's value, symbol and colour be used?",
           "While it is the last card played. Playing the next card, removing it with Flow or ending the combo loses its "
           "unused features.", "the rulebook resolves the effects 'as you play them'"),
    Ruling("HUD-P03", "When does Mind pierce deal its second corruption?",
           "With more than 6 cubes, the second corruption comes only with the first (when the corruption is below double "
           "the cubes) and is taken after it; if no resistance is left for it, the monk loses.",
           "with 12 resistance cubes the first condition always holds above 6 cubes; it matters for other capacities"),
    Ruling("HUD-P04", "What happens when a deck runs out?",
           "Whenever a draw (Flow or step 4) finds the draw pile empty, the discard pile, if any, is shuffled into a new "
           "draw pile; the mind deck is made again from the mind discard pile the same way. Every shuffle comes from the "
           "game's seed, so a replay repeats it.",
           "the rulebook says 'reshuffle as necessary' for the draw pile only; reshuffle_mind_deck=False lets the Mind "
           "River run dry", ("reshuffle_mind_deck",)),
    Ruling("HUD-P05", "Does every game end?",
           "A game still running after 100 turns is lost for the monk (the ending 'turn_limit').",
           "a guard for a game that cannot end otherwise: a program that never attacks, or a monk left with no card in hand, "
           "draw pile or discard (Crush can take them all), who can only pass; the bots reach it only there", ("max_turns",)),
    Ruling("HUD-P06", "May an effect be used with nothing to act on?",
           "No. Defend and blue need staged damage; a value, Pin, yellow or 3rd eye needs a cube on the power it takes "
           "from. Pin and yellow set aside what the power has, up to 3 and 1."),
    Ruling("HUD-P07", "What counts towards a power's 12, and when do set-aside cubes come back?",
           "The cubes on the tile, checked after feeding (step 4), after a 3rd eye move, and when the cubes set aside by "
           "Pin and yellow come back, after all three powers have acted; a pin postpones a loss but does not prevent it.",
           "the Pin text's 'when a new turn starts' is read as the Powers text's 'Lastly'"),
    Ruling("HUD-P08", "Which value prices a card in step 2 and feeds the demon in step 4?",
           "The printed value, as HUD-R06 says for the powers: green's +1 and black's 6 count only when the monk plays "
           "the card."),
    Ruling("HUD-P09", "When does a swapped Mind River card reach the discard pile?",
           "After its replacement is drawn, so the replacement is always a new card."),
    Ruling("HUD-P10", "How do Crush and Confuse choose cards?",
           "The hand card with the highest printed value that is at most the cubes, then again with the cubes left over, "
           "while a card fits. A tie is broken at random from the game's seed, so a replay repeats it."),
    Ruling("HUD-P11", "In which order does step 4 happen?",
           "Draw up to the hand size, feed the demon from every card in hand, check the powers' limit (HUD-R09), then "
           "take one corruption per black card in hand, one at a time."),
    Ruling("HUD-P12", "When may the free black card be taken?",
           "At any moment of step 1, once per turn, any card of the open supply. It goes to the hand, to be played at "
           "once, discarded or kept (then HUD-R05 applies)."),
    Ruling("HUD-P13", "When may cards be discarded for purchase value?",
           "Any hand card, at any moment of step 1, also between plays and under Entangle; each gives 1 purchase value."),
    Ruling("HUD-P14", "How short may a combo be?",
           "As short as the monk likes: step 1 may end after a single card or before any card is played, and the turn "
           "goes on to step 2.", "'play one combo' names no least length"),
    Ruling("HUD-P15", "Where do the cards of a combo go once it ends?",
           "To the discard pile, where discarded cards go too, so that a later reshuffle (HUD-P04) brings them back. "
           "Only a card Flow removed (HUD-R04) or Crush took leaves the game.",
           "the rulebook never says; Flow's and Crush's 'permanently remove' imply the other cards stay in the deck"),
    Ruling("HUD-P16", "May a Mind River card be swapped when no new card can be drawn?",
           "No. The swap is offered only while the mind deck, or its discard pile to be reshuffled (HUD-P04), holds a "
           "card; otherwise the monk may still obtain a river card or pass.",
           "the rulebook's swap replaces the card 'with a new drawn card'; a swap that only shrank the river is not one"),
)

BY_ID: dict[str, Ruling] = by_id(RULINGS)

#: The Rules fields that hold a number the rulebook prints, with the sentence that prints it; and
#: `house`, the house rules of one's own as functions, none by default: the rulebook as printed.
RULEBOOK_FIELDS: dict[str, str] = {
    "monk_health": "Setup: 'Take 12 green cubes as your health'",
    "corruption_capacity": "Setup: 'set 12 blue cubes as the maximum amount of corruption you can take'",
    "demon_health": "Setup: 'Give him 12 yellow cubes as his health'",
    "cubes_per_power": "Setup: 'distribute 2 onto each demon power'",
    "hand_size": "Play: 'Fill your hand up to four cards'",
    "power_limit": "Play: 'any of the demon's powers exceeds 12, you lose' (HUD-R09: at once)",
    "max_white_per_combo": "Colors: 'Only two white cards are allowed per combo'",
    "river_size": "Setup: 'Draw three of these cards openly ... This is your Mind River'",
    "house": "Play: every step of a turn as printed, from its start to the demon's powers; no house rule of one's own",
}


def rulings_table() -> str:
    """The register as a Markdown table, for the book's reference chapter."""
    return markdown_table(("id", "question", "ruling", "note"),
                          [(ruling.id, ruling.question, ruling.ruling, ruling.note) for ruling in RULINGS])


__all__ = ["BY_ID", "RULEBOOK_FIELDS", "RULINGS", "Ruling", "rulings_table"]
