"""The last move of a game on a Play page, its words parted from its result (`meta.last`,
`Outcome.result`, each engine's ENDING_EVENTS): the move that ends a game says what it did and then
the game's result ("… Yellow leaves the pawns where they are. Round 4 ends: … The game is over:
yellow wins with 38. Scoring: …"), and the page's ending tells that result again in full. The page
tells a screen reader what the move did (its words before the result) and then the ending, so the
result is heard once and the last move is not lost (widgets/play_page.js, lastMove)."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from play_page import HudaiPage, InfernoPage, MadnessPage, PlayPage
from rulesbook.core.events import Event, result_start
from rulesbook.core.records import GameRecord
from rulesbook.core.words import sentence
from rulesbook.lessons.graph import Outcome


Hudai, Madness, Inferno = HudaiPage, MadnessPage, InfernoPage


#: Whole games played with the hint's moves: both ways an Inferno game ends (its last round by a
#: complete cross, MOI-R11, or by the draw pile run out, MOI-R10), in English and in zh-TW (the
#: reader's own last move there), and Hudai's and Madness's won and lost.
GAMES = {
    "inferno cross": (Inferno, {"seed": 5, "players": 2, "seats": ["you", "greedy"], "hint_bot": "random"}, "a"),
    "inferno pile": (Inferno, {"seed": 4, "players": 2, "seats": ["you", "greedy"], "hint_bot": "random"}, "b"),
    "inferno zh-TW": (Inferno, {"seed": 1, "players": 2, "seats": ["you", "greedy"], "hint_bot": "random", "language": "zh-TW",
                                "edition": "zh"}, "b"),
    "hudai won": (Hudai, {"seed": 2, "hint_bot": "heuristic"}, "won"),
    "hudai lost": (Hudai, {"seed": 35, "hint_bot": "random"}, "health"),
    "madness won": (Madness, {"seed": 11, "players": 3, "seats": ["you", "expedition", "expedition"], "hint_bot": "expedition"},
                    "escaped"),
    "madness lost": (Madness, {"seed": 19, "players": 4, "seats": ["you", "random", "random", "random"], "hint_bot": "random"},
                     "no hope"),
}


def ended(page: PlayPage) -> tuple[str, str, str]:
    """The last move's words as the page shows them (its target's sentence), what it did by
    `meta.last`, and the ending; the move is the one from the last state but one."""
    (before, _), (here, log) = page.history[-2:]
    words = [target[1] for option in page.node(before)["options"].values() for target in option["targets"].values()
             if target[0] == here and target[2] == log]
    return words[0], page.meta["last"][before][log], page.meta["over"][here]


def how(page: PlayPage) -> str:
    """How the game ended: the reason of an Inferno game's last round, a Hudai or Madness outcome."""
    state = page.server.session.graph.state(page.here())
    if page.GAME == "inferno":
        return state.results[-1].reason
    return (state.table if page.GAME == "hudai" else state.state).outcome  # a lesson's Moment of the engine's state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_last_move_says_what_it_did_apart_from_the_result(name):
    page_class, setup, way = GAMES[name]
    page = page_class(setup)
    page.play_out()
    assert how(page) == way
    words, did, ending = ended(page)
    zh = setup.get("language") == "zh-TW"
    # What the move did comes first in its words, and the result follows it.
    assert did and words.startswith(did) and len(words) > len(did), (did, words)
    result = words[len(did):]
    assert result.startswith("" if zh else " ") and result.strip(), result
    # The result is the engine's events that tell how the game ended (ENDING_EVENTS), each said
    # there and not among what the move did; the move's other events are what it did.
    record = GameRecord.from_dict(page.ask(type="record", history=page.ids())["record"])
    events = record.replay()[1][-1][1]
    engine = importlib.import_module(f"rulesbook.{page.GAME}.engine")
    start = result_start(events, engine.ENDING_EVENTS)
    assert 0 < start < len(events), [event.kind for event in events]
    language = "zh-TW" if zh else "en"
    for event in events[start:]:
        told = event.say(language) if page.GAME == "inferno" else sentence(event.text)
        assert told in result and told not in did, (told, did)
    if page.GAME != "hudai":  # Hudai's last move may be a step of the demon's turn, whose first events are told before it
        assert did.startswith(events[0].say(language) if page.GAME == "inferno" else sentence(events[0].text)), did
    assert ending and ending not in words


@pytest.mark.parametrize("name", ["inferno pile", "madness lost"])
def test_a_game_played_back_to_its_end_sends_its_last_move_too(name):
    """A reload of a finished game (a record played back, "resume"): "started" carries the last
    move's words for the move log, as "expanded" did when it was made (the page may go back and
    forward to the end without asking the engine again)."""
    page_class, setup, _ = GAMES[name]
    page = page_class(setup)
    page.play_out()
    words, did, _ = ended(page)
    record = page.ask(type="record", history=page.ids())["record"]
    reply = page.ask(type="resume", record=record, setup={"hint_bot": setup["hint_bot"]})
    (before, _), (_, log) = reply["history"][-2:]
    assert reply["meta"]["last"] == {before: {log: did}}


def test_only_the_click_made_is_sent_and_a_move_that_does_not_end_the_game_has_none():
    """The page learns what a move that ends the game did only once it is made (a click not made
    sends no sentence: it may name a card still to be drawn), and only for the moves that end it:
    an Inferno round that ends before the last one is told with the move, scores and all."""
    page = Inferno(GAMES["inferno cross"][1])
    page.play_out()
    (before, _), (_, log) = page.history[-2:]
    assert page.meta["last"] == {before: {log: page.meta["last"][before][log]}}
    graph = page.server.session.graph
    rounds = [index for index, (node, _) in enumerate(page.history[1:], 1)
              if graph.state(node).round != graph.state(page.history[index - 1][0]).round]
    assert rounds, "no round ended before the last"
    for index in rounds:
        assert graph.own_words(page.history[index - 1][0], page.history[index][0]) == {}


def test_an_outcomes_result_is_the_end_of_its_words():
    """`Outcome.result` is the end of `say` (a referee that words them apart is refused at once),
    and `own` what comes before it, whatever the language's spacing."""
    outcome = Outcome("s1", "Red stays. Round 1 ends: a complete cross. The game is over.", "stay",
                      result="Round 1 ends: a complete cross. The game is over.")
    assert outcome.own == "Red stays."
    assert Outcome("s1", "紅方不移動。遊戲結束。", "stay", result="遊戲結束。").own == "紅方不移動。"
    assert Outcome("s1", "Red stays.", "stay").own == "Red stays."
    with pytest.raises(ValueError, match="the end of its sentence"):
        Outcome("s1", "Red stays.", "stay", result="The game is over.")


KINDS = st.sampled_from(["lay", "step", "draw", "round", "over", "won", "lost", "escaped", "turn"])


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(KINDS, max_size=8), st.sets(KINDS, max_size=3))
def test_a_result_starts_at_the_first_ending_event(kinds, ending):
    """Property: the events before `result_start` have no ending kind, the one at it has, and none
    is skipped: the result is the whole tail from the first event that tells the game's end."""
    events = [Event(kind, f"{kind} {index}") for index, kind in enumerate(kinds)]
    start = result_start(events, ending)
    assert all(event.kind not in ending for event in events[:start])
    assert start == len(events) or events[start].kind in ending
