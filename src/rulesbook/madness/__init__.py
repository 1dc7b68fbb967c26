"""At the Mountains of Madness (3-5 players, cooperative): the whole expedition as a rules engine.

Standard library only. The data pack shipped in data/pack.json is ILLUSTRATIVE (rulings
MAD-R02, MAD-R06): the rulebook does not print the board, the challenges or the card texts.

Where the rulebook is silent and no ruling decides, the engine decides as follows (the
switchable ones are fields of `Rules`):

- Real time: the Encounter Phase is a sequence of plays by any player, ended by the Leader's
  "time up"; talking is allowed until the first card is played (and again after a restart).
  `Rules.timer_seconds` is shown, never enforced. Breaking the silence is the action "speak"
  (`Rules.speech_penalty`): the die is rolled at once, with no reroll (rerolls belong to the
  Resolution Phase); its Confusion has no challenge to measure and discards
  `Rules.speech_confusion_cards` cards (default 2).
- A restarted Encounter keeps the cards already on the Sled (`Rules.cards_stay_on_restart`).
- Card assignment: every revealed card of a type counts toward every challenge of that type
  (see challenges.py); either-or values (13|15) missed in between count the nearer number for
  Confusion.
- A token sent to the box (Loss of Confidence with fewer than 2 on the Sled, MAD-R04) comes
  from the Sled first, else from the discard (`Rules.boxed_token_source`); the MAD-R07 token
  paid for an impossible Madness draw follows the rulebook: Sled to discard, else discard to box.
- A Relic goes to a player below Madness Level 3 while there is one, since its Madness draw
  could not be taken by a Level 3 player (`Rules.relic_recipient_below_level_3`).
- Relic tokens: Specimen cards cover one phase of the Leadership column (Specimen B covers the
  Resolution Phase, as in the Icy Cape example), Ruin cards an equipment type (the Leader
  cannot play it), Knowledge cards the Rest Phase; all bite only while their owner leads. Each
  Relic's printed action is the Madness draw the rulebook asks for.
- Rewards Heal and Praise apply at once (Praise takes as many as it can, up to two); Search
  shows one face-down tile to everyone, remembered until that tile is met.
- Draw Phase: Leadership tokens are spent before dealing; when the deck cannot fill every hand,
  the Leader deals one card at a time ("deal to P2").
- Rest (MAD-R05): the token taken goes to the box; taking it from the discard or the Sled ends
  the same way, so the Leader is not asked.
- The first named player leads the first turn; Madness levels are public (the card backs), the
  texts are not (MAD-R08).
- The Bleak Coast example says the reroll "shows the same result" yet goes on with Confusion;
  the tests read it as Loss of Confidence, reroll, Confusion.
"""

from rulesbook.madness import examples
from rulesbook.madness.bots import ExpeditionBot, RandomBot, play_game, team_plan
from rulesbook.madness.challenges import Challenge, CardFace, parse_card, parse_challenge, resolve_challenges
from rulesbook.madness.engine import (
    apply,
    challenges,
    covered,
    decision,
    destinations,
    explain_illegal,
    failure_options,
    hand_limit,
    injuries_in_play,
    legal_actions,
    level,
    new_game,
    pack_of,
    register_pack,
    relic_count,
    score,
)
from rulesbook.madness.pack import Pack, PackError, default_pack, load_pack, parse_pack
from rulesbook.madness.records import make_record, replay_record, replay_steps
from rulesbook.madness.state import Action, Event, Rules, State, parse_action
from rulesbook.madness.views import player_view

__all__ = [
    "Action", "CardFace", "Challenge", "Event", "ExpeditionBot", "Pack", "PackError", "RandomBot", "Rules", "State",
    "apply", "challenges", "examples", "covered", "decision", "default_pack", "destinations", "explain_illegal", "failure_options", "hand_limit",
    "injuries_in_play", "legal_actions", "level", "load_pack", "make_record", "new_game", "pack_of", "parse_action",
    "parse_card", "parse_challenge", "parse_pack", "play_game", "player_view", "register_pack", "relic_count",
    "replay_record", "replay_steps", "resolve_challenges", "score", "team_plan",
]
