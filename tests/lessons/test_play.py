"""The Play page's server (rulesbook.lessons.play): a whole game of Hudai Pass through the messages
the page sends, the record it gives back replayed by CPython to the same state, a reload played
back to the same moment, and only what the monk may see in the page data."""

from __future__ import annotations

import hashlib
import json

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.core.words import sentence
from rulesbook.lessons.data import unpack
from rulesbook.lessons.play import PlayServer
from play_page import PlayPage


class Page(PlayPage):
    """Hudai Pass's page (the server's default game)."""


SETUP = {"seed": 11, "powers": ["drain", "confuse", "mind_pierce"], "hint_bot": "greedy"}


@pytest.fixture(scope="module")
def played() -> Page:
    page = Page(SETUP)
    page.moves = page.play_out()  # type: ignore[attr-defined]
    return page


def test_a_whole_game_is_played_through_the_pages_messages_to_its_end(played):
    assert played.moves > 5
    ending = played.meta["over"][played.here()]
    assert ending.startswith(("The monk has won", "The monk has lost"))
    # The demon's turn came as steps the page plays by itself, each a click of the shell ("Go on").
    assert any(click["choice"] == "next" for click in played.meta["auto"].values())


def test_the_record_of_the_move_log_replays_in_cpython_to_the_same_state(played):
    reply = played.ask(type="record", history=played.ids())
    record = GameRecord.from_dict(reply["record"])
    assert record.game == "hudai" and record.seed == 11 and len(record.actions) == played.moves
    final = record.final_state()
    assert final.is_over
    assert hashlib.sha256(final.to_json().encode()).hexdigest() == reply["digest"]
    assert GameRecord.from_json(reply["text"]).actions == record.actions
    assert reply["over"] == played.meta["over"][played.here()]


def test_a_saved_record_is_played_back_to_the_same_moment_with_the_same_move_log(played):
    record = played.ask(type="record", history=played.ids())["record"]
    again = Page(SETUP)
    reply = again.ask(type="resume", record=record, setup={"hint_bot": "greedy"})
    assert reply["history"] == played.history and reply["setup"] == {**SETUP, "cards": "reconstructed"}
    assert reply["history"][-1][0] in reply["meta"]["over"]
    # The lesson the page grew a state at a time says what the lesson packed at once says.
    grown, packed = unpack(played.lesson), unpack(reply["lesson"])
    assert all(grown[node] == packed[node] for node, _ in played.history)
    # Half a game played back stops where the record stops, at the monk's decision.
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    reply = again.ask(type="resume", record=half)
    assert reply["history"][-1][0] not in reply["meta"]["auto"]
    assert sum(1 for node, _ in reply["history"][:-1] if node not in reply["meta"]["auto"]) == len(half["actions"])


def test_a_clicks_sentence_reaches_the_page_only_once_the_click_is_made():
    page = Page(SETUP)
    for _ in range(12):
        node = page.node()
        for option in node["options"].values():
            for entry in option["targets"].values():
                # Not yet made: it reads as its move-log entry (a Flow's would name the card drawn).
                assert entry[1] == sentence(entry[2])
        click = page.meta["auto"].get(page.here()) or page.ask(type="hint", node=page.here())["click"]
        said = page.click(click["choice"], click["place"], click.get("actor"))
        assert said != sentence(page.history[-1][1]) or page.history[-1][1] == said


def test_a_refused_click_names_its_rule_and_a_bad_message_changes_nothing():
    page = Page(SETUP)
    hand = next(key for key in page.node()["choices"] if key.startswith("h"))
    refusal = page.click(hand, "demon")
    assert refusal.endswith("(Play one combo)")
    start = page.ids()
    bad = json.loads(page.server.handle(json.dumps({"type": "expand", "node": "s999", "history": start})))
    assert bad["type"] == "error" and "s999" in bad["text"]
    bad = json.loads(page.server.handle(json.dumps({"type": "record", "history": ["s0", "s0"]})))
    assert bad["type"] == "error" and "history" in bad["text"]
    assert page.ask(type="record", history=start)["record"]["actions"] == []


@pytest.mark.parametrize(("setup", "says"), [
    ({**SETUP, "powers": ["drain", "drain", "confuse"]}, "HUD-R12"),
    ({**SETUP, "powers": ["drain", "confuse"]}, "setup.powers: three demon tiles"),
    ({**SETUP, "seed": "  "}, "setup.seed"),
    ({**SETUP, "cards": "mine.csv"}, "setup.cards"),
    ({**SETUP, "hint_bot": "oracle"}, "setup.hint_bot"),
    ({**SETUP, "players": 2}, "players"),
])
def test_a_bad_set_up_is_refused_naming_the_field(setup, says):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "setup": setup})))
    assert reply["type"] == "error" and says in reply["text"]


def test_a_seed_typed_as_a_number_is_the_number_and_a_word_stays_a_word():
    assert Page({"seed": " 42 "}).ask(type="record", history=["s0"])["record"]["seed"] == 42
    assert Page({"seed": "pass"}).ask(type="record", history=["s0"])["record"]["seed"] == "pass"


def test_unknown_messages_and_messages_before_a_game_are_refused():
    server = PlayServer()
    assert json.loads(server.handle('{"type": "dance"}'))["text"] == "message.type: unknown message 'dance'"
    assert "no game yet" in json.loads(server.handle('{"type": "hint", "node": "s0"}'))["text"]
    assert json.loads(server.handle("[1"))["type"] == "error"
