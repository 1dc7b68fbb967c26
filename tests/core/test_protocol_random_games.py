"""One random-simulation test for the three games, through the common protocol only.

Seeded random games of every game and player count are played to the end. After every action: the
state's JSON and the action's text round-trip, `current_player` names a seat that may act and nobody
has won yet, the game's own invariants hold (cards and tokens conserved), the action's events report
it under the seat that took it (`Event.seat`), each event says a whole sentence, the checked and the
fast `apply` agree, and near-miss actions (a legal action's text with one word changed) are either
legal or refused with IllegalAction and the state unchanged. Each game ends within its bound, and its record replays to the same final
state; its counts (`Game.counts`) are whole numbers, never below 0, and a game won or lost returns 1 or 0.
"""

from __future__ import annotations

import random
import re

import pytest

import rulesbook
from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.records import GameRecord
from rulesbook.core.words import sentence
from simulation_scale import scaled

#: (game, seats, games, rules per game index): at least 150 games of each game per run (at
#: RULESBOOK_TEST_SCALE 1; `scaled` plays that share of them, see tests/simulation_scale.py).
TABLES = [
    ("inferno", 2, 50, lambda i: {"edition": ("en", "zh")[i % 2], "two_pawns": i % 5 == 0}),
    ("inferno", 3, 50, lambda i: {"edition": ("en", "zh")[i % 2], "two_pawns": i % 5 == 1}),
    ("inferno", 4, 50, lambda i: {"edition": ("en", "zh")[i % 2], "two_pawns": i % 5 == 2}),
    ("hudai", 1, 150, lambda i: {}),
    ("madness", 3, 50, lambda i: {"expert": i % 4 == 0}),
    ("madness", 4, 50, lambda i: {"expert": i % 4 == 1, "relic_recipient_below_level_3": i % 3 != 0}),
    ("madness", 5, 50, lambda i: {"expert": i % 4 == 2, "boxed_token_source": ("sled-first", "discard-first")[i % 2]}),
]
#: Every how many states all legal actions' texts, the JSON round trip and the fast path are checked in
#: full (and the final state's JSON always): the other states are still checked to be unchanged by
#: apply, refused near misses and invariants, at every step.
FULL_CHECK_EVERY = 7
NEAR_MISSES_PER_STATE = 2


def near_miss(texts: list[str], words: list[str], rng: random.Random) -> str:
    """A legal action's text with one word swapped for another seen in this game, or a number moved by one."""
    tokens = rng.choice(texts).split(" ")
    index = rng.randrange(len(tokens))
    numbers = re.findall(r"-?\d+", tokens[index])
    if numbers and rng.random() < 0.5:
        old = rng.choice(numbers)
        tokens[index] = tokens[index].replace(old, str(int(old) + rng.choice((-1, 1))), 1)
    else:
        tokens[index] = rng.choice(words)
    return " ".join(tokens)


def play_checked(game: rulesbook.Game, players: int, seed: str, rules: object) -> None:
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed, rules=rules)
    assert game.to_json(state) == game.to_json(game.new_game(players=players, seed=seed, rules=rules)), "set-up is fixed by the seed"
    words: set[str] = set()
    texts_played: list[str] = []
    after = game.to_json(state)
    for count in range(game.max_actions + 1):
        if game.is_over(state):
            break
        assert count < game.max_actions, f"{game.name} seed {seed!r}: no end within {game.max_actions} actions"
        seat = game.current_player(state)
        assert seat is not None and 0 <= seat < players, f"current_player {seat!r} in a game of {players}"
        legal = game.legal_actions(state)
        assert legal, "a game that is not over has something to do"
        assert len(set(legal)) == len(legal), "legal actions are distinct values"
        texts = [game.action_to_text(state, action) for action in legal]
        words.update(word for text in texts for word in text.split(" "))
        full = count % FULL_CHECK_EVERY == 0
        before = after
        for text, action in zip(texts, legal) if full else ():
            assert game.parse_action(state, text) == action, f"text round trip of {text!r}"
        assert not full or game.winners(state) == (), "nobody has won a game that is not over"
        legal_set = set(legal)
        for _ in range(NEAR_MISSES_PER_STATE):
            text = near_miss(texts, sorted(words), rng)
            try:
                candidate = game.parse_action(state, text)
            except NotationError:
                continue
            if candidate in legal_set:
                game.apply(state, candidate)
                continue
            with pytest.raises(IllegalAction):
                game.apply(state, candidate)
            assert game.to_json(state) == before, f"a refused {text!r} changed the state"
        action = rng.choice(legal)
        text = game.action_to_text(state, action)
        assert game.parse_action(state, text) == action, f"text round trip of {text!r}"
        step = game.apply(state, action)
        assert game.to_json(state) == before, f"apply({text!r}) changed the state it was given"
        # Madness's Encounter lets every player act, and each action names the player who takes it.
        actor = action.player if game.name == "madness" else seat
        seats = {event.seat for event in step.events}
        assert actor in seats and seats <= {actor, None}, f"{text!r}, taken by seat {actor}: its events' seats are {seats}"
        said = [event.text for event in step.events]
        assert said == [sentence(words) for words in said], f"{text!r}: every event says a whole sentence, not {said}"
        if full:
            assert game.to_json(game.apply_legal(state, action).state) == game.to_json(step.state), "fast path agrees"
        state = step.state
        texts_played.append(text)
        after = game.to_json(state)
        if full or game.is_over(state):
            again = game.from_json(after)
            assert game.to_json(again) == after, "JSON round trip"
            if not game.is_over(state):
                assert game.legal_actions(again) == game.legal_actions(state), "a state read back from JSON plays the same"
        assert game.invariants(state) == [], f"after {text!r}: {game.invariants(state)}"
    assert game.is_over(state)
    assert game.current_player(state) is None and game.legal_actions(state) == []
    assert len(game.returns(state)) == players == game.players(state)
    for name in game.counts:  # what lab.summarise stops at 0: a whole number, never below it
        held = [figures[name] for figures in (game.facts(state), *game.rounds(state)) if name in figures]
        assert held and all(type(value) is int and value >= 0 for value in held), f"count {name!r}: {held}"
    if game.win_loss:  # a mean result is then a share of games won, with Wilson's interval
        assert set(game.returns(state)) == {1.0 if game.winners(state) else 0.0}, game.returns(state)
    record = GameRecord.from_json(GameRecord(game.name, players, seed, rules, texts_played).to_json())
    assert game.to_json(record.final_state()) == game.to_json(state), "the record replays to the same final state"


@pytest.mark.parametrize(("name", "players", "games", "variant"), TABLES, ids=[f"{t[0]}-{t[1]}p" for t in TABLES])
def test_random_games_through_the_protocol(name, players, games, variant):
    game = rulesbook.game(name)
    for index in range(scaled(games)):
        play_checked(game, players, f"protocol:{index}", game.rules(**variant(index)))
