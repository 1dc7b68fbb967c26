"""Referees over the At the Mountains of Madness engine: any expedition moment becomes a board.

`table` draws a seat's view of the table as page data, `referee` follows an expedition from any
moment, `exercises` asks what the engine allows (find, judge a Sled, the Leadership column).

The engine (`apply`, with its `IllegalAction`s citing the rule) answers every click; this module
only maps the board's vocabulary to the engine's actions and words the outcome for one seat.
The reader sits at `seat` (the Leader of the moment unless told otherwise) and takes the
Leader's decisions; in the Encounter Phase they play the cards of their own hand. Every picture
and every sentence comes from that seat's player view and the events that seat may see, so a
board never shows another player's hand or Madness text (ruling MAD-R08).

A decision is a choice (a button) and then a place on the picture:

- Movement: "Move the Airplane", then a space; "a player ignores their Madness", then a player;
- Encounter: a hand card, then the Sled; "Call time", then the Sand Timer;
- the timer has run out: "Spend a token", then the timer; "Reveal the Sled", then the Sled;
- rewards: "Give the Relic", then a player; "Search", then a space; an Arcane card, then the discard;
- failures (MAD-R07): a failed challenge, then a player (a Madness card) or the Penalty Die;
- the die: "Apply" or "Spend a token: roll again", then the die;
- Draw: "Deal" or "Spend a token", then the Equipment deck; "Deal one card", then a player;
- Rest: "Rest" or "Go on without resting", then the Sled.

Standard library only.
"""

from rulesbook.lessons.madness.exercises import (
    PHASES,
    LeadershipColumn,
    SledJudge,
    choice_key,
    find_in_expedition,
    leadership_exercise,
    sled_exercise,
)
from rulesbook.lessons.madness.referee import AT_A_PLAYER, AT_ONE_PLACE, STOPS, ExpeditionReferee, refusal_words
from rulesbook.lessons.madness.table import DECK, DIE, DISCARD, PLACE_WORDS, SLED, TIMER, player_of, player_place, table_view

__all__ = ["AT_A_PLAYER", "AT_ONE_PLACE", "DECK", "DIE", "DISCARD", "ExpeditionReferee", "LeadershipColumn", "PHASES",
           "PLACE_WORDS", "SLED", "STOPS", "SledJudge", "TIMER", "choice_key", "find_in_expedition", "leadership_exercise",
           "player_of", "player_place", "refusal_words", "sled_exercise", "table_view"]
