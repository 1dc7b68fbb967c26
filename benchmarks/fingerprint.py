"""A game's behaviour as one hash: the same hash before and after a speed change means the change
made no difference a playout, a bot, a check or an event could see.

Seeded games are played through the protocol, random and (for a few) with the game's first
bot that searches nothing (`PLAIN_BOTS`), under the default rules and a few switched rules; every legal-action list (in
order, each action's repr and text), every action taken, every event (kind, seat, who sees it,
data, sentence), the state's JSON every few steps and at the end, and the refusal of actions
taken from earlier states (through the checked `apply`) go into the hash.

    python benchmarks/fingerprint.py inferno [--quick]

Not a test: the hash changes whenever the game's behaviour does, on purpose or not; it is kept
nowhere, only compared by hand before and after a change meant to change nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from typing import Any

import rulesbook
from rulesbook.core.errors import IllegalAction


#: Each game's strongest bot that searches nothing: quick, and it reads more of the state than a random one.
PLAIN_BOTS = {"inferno": "greedy", "hudai": "heuristic", "madness": "expedition"}


def rule_sets(name: str) -> list[Any]:
    """The rules each game is played under: the default (None) and a few switched."""
    if name == "inferno":
        from rulesbook.inferno import Rules as InfernoRules

        return [
            None,
            InfernoRules(edition="zh"),
            InfernoRules(two_pawns=True),
            InfernoRules(edition="zh", two_pawns=True),
            InfernoRules(two_pawns=True, shared_card_limit=3),
            InfernoRules(pawns_placed_in_reverse=True, starting_points=(0, 1), hand_size=4, negative_scores_kept=True),  # two seats: every table
            InfernoRules(edition="zh", bison_reach=(2, 6)),
            InfernoRules(hand_size=2, bison_reach=(4, 7), play_limit=2),
        ]
    if name == "madness":
        from rulesbook.madness import Rules as MadnessRules

        return [
            None,
            MadnessRules(expert=True),
            MadnessRules(speech_penalty=False, cards_stay_on_restart=False),
            MadnessRules(speech_confusion_cards=1, hand_size=4, leadership_tokens=4),
        ]
    from rulesbook.hudai import Rules as HudaiRules

    return [None, HudaiRules(reshuffle_mind_deck=False), HudaiRules(hand_size=5, demon_health=16, max_white_per_combo=3)]


def play(game: Any, digest: Any, players: int, seed: str, rules: Any, bot: bool, refusals: random.Random | None) -> int:
    """One seeded game into the digest; how many actions it took."""
    state = game.new_game(players, seed=seed, rules=rules)
    chooser = random.Random(seed)
    bots = game.make_bots([PLAIN_BOTS[game.name]] * players, seed) if bot else None
    earlier: list[Any] = []
    steps = 0
    while not game.is_over(state):
        actions = game.legal_actions(state)
        digest.update(repr(actions).encode())
        digest.update("|".join(game.action_to_text(state, action) for action in actions).encode())
        seat = game.current_player(state)
        action = bots[seat].choose(state, actions) if bots else chooser.choice(actions)
        digest.update(repr(action).encode())
        if refusals is not None and earlier:  # the checked path: actions of earlier states, taken now
            for other in refusals.sample(earlier, min(3, len(earlier))):
                try:
                    game.apply(state, other)
                except IllegalAction as refused:
                    digest.update(b"R" + str(refused).encode())
                else:
                    digest.update(b"ok")
        if len(earlier) < 400:
            earlier.append(action)
        step = game.apply(state, action) if refusals is not None and steps % 2 else game.apply_legal(state, action)
        state = step.state
        for event in step.events:
            digest.update(f"{event.kind}|{event.seat}|{event.seen_by}|{sorted(event.data.items(), key=str)!r}|{event.text}".encode())
        if steps % 16 == 0:
            digest.update(game.to_json(state).encode())
        steps += 1
    digest.update(game.to_json(state).encode())
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("inferno", "hudai", "madness"))
    parser.add_argument("--quick", action="store_true", help="fewer games: a first look")
    options = parser.parse_args()
    game = rulesbook.game(options.game)
    low, high = game.min_players, game.max_players
    started = time.process_time()
    total = hashlib.sha256()
    games = steps = 0
    for index, rules in enumerate(rule_sets(options.game)):
        part = hashlib.sha256()
        for number in range(30 if options.quick else 120):
            players = low + number % (high - low + 1)
            checked = random.Random(f"refusals:{index}:{number}") if number % 4 == 0 else None
            steps += play(game, part, players, f"fingerprint:{index}:{number}", rules, number % 10 == 9, checked)
            games += 1
        print(f"rules {index}: {part.hexdigest()[:16]}", flush=True)
        total.update(part.digest())
    print(f"{games} games, {steps} actions, {time.process_time() - started:.1f} s CPU")
    print("fingerprint", total.hexdigest())


if __name__ == "__main__":
    main()
