"""At the Mountains of Madness on the Play page (rulesbook.lessons.madness.play): a whole expedition
from the reader's seat through the page's messages for 3, 4 and 5 players, the record replayed by
CPython to the same state, a reload played back to the same moment, and in every state the page
holds only what the reader's seat may see (MAD-R08) and what the table said (MAD-P18)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.records import GameRecord
from rulesbook.lessons.data import unpack
from rulesbook.lessons.madness.play import FACE_DOWN, PLAY
from rulesbook.lessons.play import PlayServer
from play_page import PlayPage
from rulesbook.madness.actions import seat_text



class Page(PlayPage):
    GAME = "madness"

    def __init__(self, setup: dict[str, Any]):
        super().__init__(setup)
        self.reader = self.setup["seats"].index("you")


SETUPS = {
    3: {"players": "3", "seats": ["expedition", "you", "random", "expedition", "expedition"], "expert": "false", "seed": 7, "hint_bot": "expedition"},
    4: {"players": 4, "seats": ["you", "expedition", "expedition", "random"], "expert": True, "seed": 3, "hint_bot": "expedition"},
    5: {"players": 5, "seats": ["expedition", "expedition", "random", "expedition", "you"], "expert": False, "seed": "ice", "hint_bot": "random"},
}


@pytest.fixture(scope="module", params=sorted(SETUPS))
def played(request) -> Page:
    page = Page(SETUPS[request.param])
    page.moves = page.play_out()  # type: ignore[attr-defined]
    return page


def test_a_whole_expedition_is_played_through_the_pages_messages_to_its_end(played):
    assert played.moves > 5
    ending = played.meta["over"][played.here()]
    assert ending.startswith(("The expedition escaped the Mountain", "The expedition is lost"))
    assert "MAD-R03" in ending or "The End of the Game" in ending
    # The bots' moves came as clicks the page plays by itself, their cards face down.
    bots = [click for click in played.meta["auto"].values()]
    assert bots and all(click["choice"] == "go" and click["actor"] != str(played.reader) for click in bots)
    logs = [log for _, log in played.history]
    assert any(log.endswith(FACE_DOWN[6:]) for log in logs)
    assert not any(log.startswith(f"{seat_text(p)}: play ") and not log.endswith(FACE_DOWN[6:])
                   for log in logs for p in range(played.setup["players"]) if p != played.reader)


def test_the_record_replays_in_cpython_to_the_same_state(played):
    reply = played.ask(type="record", history=played.ids())
    record = GameRecord.from_dict(reply["record"])
    assert record.game == "madness" and record.players == played.setup["players"]
    assert record.bots == played.setup["seats"][: record.players]
    assert len(record.actions) == len(played.history) - 1
    final = record.final_state()
    assert final.is_over and hashlib.sha256(final.to_json().encode()).hexdigest() == reply["digest"]
    assert reply["over"] == played.meta["over"][played.here()]
    # A bot's face-down card is named in the record, never on the page.
    assert not any(text.endswith(FACE_DOWN[6:]) for text in record.actions)


def test_a_saved_record_is_played_back_to_the_same_moment(played):
    record = played.ask(type="record", history=played.ids())["record"]
    again = Page(SETUPS[played.setup["players"]])
    reply = again.ask(type="resume", record=record, setup={"hint_bot": played.setup["hint_bot"]})
    assert reply["history"] == played.history and reply["setup"] == played.setup
    grown, packed = unpack(played.lesson), unpack(reply["lesson"])
    assert all(grown[node]["view"] == packed[node]["view"] for node, _ in played.history)
    # The page sends its whole set-up back with the record (play_page.js, resume): the record's fields win.
    assert again.ask(type="resume", record=record, setup=played.setup)["history"] == played.history
    # Half an expedition played back stops where its record stops; the page goes on from there
    # (the bots' moves one at a time, as in play).
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    reply = again.ask(type="resume", record=half)
    assert reply["history"] == played.history[: len(reply["history"])]
    assert again.ask(type="record", history=[node for node, _ in reply["history"]])["record"]["actions"] == half["actions"]


def test_the_page_data_holds_only_the_readers_seat_in_every_state(played):
    """MAD-R08: no other seat's hand in any picture sent, nor any other seat's Madness card anywhere
    (what the bots said of their hands is the board's line, tested below: MAD-P18)."""
    session = played.server.session
    cards = session.graph.referee.state(session.graph.state(played.here())).rules.pack
    records = unpack(played.lesson)
    assert len(records) >= len(played.history)
    me = played.reader
    for node_id, record in records.items():
        state = session.graph.state(node_id).state
        text = json.dumps(record, ensure_ascii=False)
        mine = {cards.cards[c].name for c in state.hands[me]}
        shown = {cards.cards[c].name for _, c in state.sled} if record["view"].get("sled", {}).get("revealed") else set()
        assert [hand["code"] for hand in record["hand"]] == state.hands[me]
        for p in range(state.players):
            row = record["view"]["players"][p]
            if p == me:
                continue
            assert row[4] == [] and row[9] is None, (node_id, p)
            for card in state.madness[p]:
                madness = cards.madness[card]
                if madness.name not in {cards.madness[m].name for m in state.madness[me]}:
                    assert madness.name not in text and madness.description not in text, (node_id, madness.name)
            secret = {cards.cards[c].name for c in state.hands[p]} - mine - shown
            assert not any(f"({name})" in json.dumps(record["view"]) for name in secret), (node_id, secret)
        for player, label, name in record["view"].get("sled", {}).get("cards", []):
            assert label is None or player == me or record["view"]["sled"]["revealed"]


def test_a_refused_click_names_its_rule():
    page = Page(SETUPS[4])  # the reader leads the first turn
    node = page.node()
    hand = next(key for key in node["choices"] if key.startswith("h"))
    assert "refusal" in node["choices"][hand] and "(Action)" in node["choices"][hand]["refusal"]
    assert page.click("fly", "P2").endswith("(Movement Phase)")


@pytest.mark.parametrize(("setup", "says"), [
    ({"players": 2, "seats": ["you", "expedition"], "seed": 1}, "setup.players"),
    ({"players": "six", "seed": 1}, "setup.players"),
    ({"players": 3, "seats": ["you", "you", "random"], "seed": 1}, "setup.seats[1]"),
    ({"players": 3, "seats": ["expedition", "random", "random", "you"], "seed": 1}, "setup.seats: one of the 3 seats"),
    ({"players": 3, "seats": ["you", "oracle", "random"], "seed": 1}, "setup.seats[1]"),
    ({"players": 3, "seats": ["you", 7, "random"], "seed": 1}, "setup.seats[1]"),
    ({"players": 3, "seats": ["you"] * 6, "seed": 1}, "setup.seats"),
    ({"players": 3, "expert": "maybe", "seed": 1}, "setup.expert"),
    ({"players": 3, "seed": "  "}, "setup.seed"),
    ({"players": 3, "seed": 1, "hint_bot": "oracle"}, "setup.hint_bot"),
    ({"players": 3, "seed": 1, "powers": []}, "setup"),
])
def test_a_bad_set_up_is_refused_naming_the_field(setup, says):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "madness", "setup": setup})))
    assert reply["type"] == "error" and says in reply["text"], reply


def test_a_record_of_another_game_or_other_rules_is_refused():
    record = GameRecord.play("hudai", seed=1).to_dict()
    reply = json.loads(PlayServer().handle(json.dumps({"type": "resume", "game": "madness", "record": record})))
    assert reply["type"] == "error" and "record.game" in reply["text"]
    record = {"game": "madness", "version": 1, "players": 3, "seed": 1, "rules": {"timer_seconds": 5}, "actions": []}
    reply = json.loads(PlayServer().handle(json.dumps({"type": "resume", "game": "madness", "record": record})))
    assert reply["type"] == "error" and "record.rules" in reply["text"]


SETUP_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.text(max_size=12),
                         st.sampled_from(["you", "expedition", "random", "3", "true", "false"]),
                         st.lists(st.sampled_from(["you", "expedition", "random", "", 3]), max_size=7))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from([*PLAY.FIELDS, "extra"]), SETUP_VALUES, max_size=6))
def test_any_set_up_is_a_game_or_an_error_naming_the_field(setup):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "madness", "setup": setup})))
    if reply["type"] == "error":
        assert reply["text"].startswith("setup")
    else:
        assert reply["type"] == "started" and reply["setup"]["seats"].count("you") == 1


def test_every_rule_a_refusal_cites_links_a_chapter_that_exists(played):
    """The page links a refused click to the chapter that teaches its rule (`chapters`, with "started")."""
    from pathlib import Path

    from rulesbook.madness.pack import LEADERSHIP_COLUMN
    from rulesbook.madness.rulings import RULINGS
    from rulesbook.madness.state import Phase

    chapters = played.ask(type="resume", record=played.ask(type="record", history=played.ids())["record"])["chapters"]
    assert chapters == PLAY.chapters
    book = Path(__file__).resolve().parents[2] / "book" / "play"
    for page in set(chapters.values()):
        assert (book / page).with_suffix(".ipynb").resolve().is_file(), page
    cited = {phase.section for phase in Phase} | set(LEADERSHIP_COLUMN.values()) | {ruling.id for ruling in RULINGS}
    cited |= {"Action", "Search", "Arcane Equipment", "Gameplay", 'The "Edge of Madness" Tile', "Setting Up the Game"}
    assert cited <= set(chapters), cited - set(chapters)
    refusals = [text for record in unpack(played.lesson).values() for option in record["options"].values()
                for text in option["refusals"].values()]
    refusals += [choice["refusal"] for record in unpack(played.lesson).values() for choice in record["choices"].values() if "refusal" in choice]
    # A misclick (a bot's move clicked elsewhere) breaks no rule, cites none and links nothing.
    misclick = re.compile(r"P\d \(the [a-z-]+ bot\) makes this move at [^()]+")
    ruled = [text for text in refusals if not misclick.fullmatch(text)]
    assert ruled and all(any(text.endswith(f"({rule})") for rule in chapters) for text in ruled), \
        [text for text in ruled if not any(text.endswith(f"({rule})") for rule in chapters)][:3]


def test_every_decision_the_rules_give_the_reader_is_a_click_of_the_board(played):
    """In each state where the reader decides, the board's clicks are exactly the engine's legal
    actions of the reader's seat (the Leader's when they lead; their cards, time and speech in the
    Encounter Phase); where a bot decides, its one move ("go"), beside the reader's own cards."""
    from rulesbook.madness.actions import PlayCard, Speak, TimeUp
    from rulesbook.madness.engine import legal_actions
    from rulesbook.madness.state import Phase

    session = played.server.session
    me = played.reader
    for node_id, _ in played.history:
        state = session.graph.state(node_id).state
        record = session.graph.node(node_id)
        clicks = {entry[2] for key, option in record["options"].items() if key != "bot" for entry in option["targets"].values()}
        if state.is_over:
            assert clicks == set() and not record["choices"]
            continue
        legal = legal_actions(state)
        if state.phase is Phase.ENCOUNTER:
            wanted = {a.text() for a in legal if isinstance(a, (PlayCard, Speak)) and a.player == me or isinstance(a, TimeUp)}
        elif state.leader == me:
            wanted = {a.text() for a in legal}
        else:
            wanted = set()
            assert list(record["choices"]) == [key for key in record["choices"] if key.startswith("h")] + ["go"]
        assert clicks == wanted, (node_id, state.phase, clicks ^ wanted)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bots_remember_a_searched_tile_until_the_expedition_meets_it(seed):
    """MAD-R09: a Search shows its tile for one moment; the page's bots, new each moment, are given
    what the team remembers (as a simulation's Table bots keep it), carried along the game."""
    from rulesbook.madness.bots import ExpeditionPlayer
    from rulesbook.madness.views import SeatViews

    server = PlayServer()
    started = json.loads(server.handle(json.dumps({"type": "new", "game": "madness", "setup": {
        "seed": seed, "players": 4, "seats": ["expedition", "you", "expedition", "expedition"]}})))
    session = server.session
    history = [list(entry) for entry in started["history"]]
    referee = session.graph.referee
    watcher = ExpeditionPlayer(0)  # a Table's bot, shown every moment: what the team must remember
    searched = 0
    seen = 0
    for _ in range(600):
        session.walk(history)  # the bots' moves, up to the reader's decision
        for node, _ in history[seen:]:
            moment = session.graph.state(node)
            watcher.observe(SeatViews(moment.state)[0])
            assert referee.memory(moment) == watcher.memory, moment.state.turn
            searched += moment.state.search_shown is not None
        seen = len(history)
        moment = session.graph.state(history[-1][0])
        if session.game.over(moment) is not None:
            break
        session.follow(session.game.hint(moment, "expedition", str)[1], history)
    assert session.game.over(moment) is not None
    assert searched, "the expedition searched no tile: pick another seed"


def _said(decision: str, who: str) -> tuple[str, list[str]] | None:
    """What the board's line says a seat said: ("says"/"said", the cards; [] for silence), or None."""
    found = re.search(rf"{re.escape(who)} (says|said) ([^;.]*)", decision)
    if found is None:
        return None
    words = found.group(2)
    return found.group(1), [] if words.startswith("nothing") else re.split(r", | and ", words)


def test_the_board_tells_the_reader_what_the_bots_said_in_the_encounter_phase_only(played):
    """Encounter Phase: the team "can share all of the information present on your cards", and "the only
    time you are able to communicate anything about them is during the Encounter Phase while the Sand
    Timer is running, before any cards have been played". The bots hear each talking player's hand
    (MAD-P18); the board's line tells the reader what each bot said, in the Encounter Phase only, and
    says it as present talk exactly while talking is allowed."""
    from rulesbook.lessons.madness.play import table_talk
    from rulesbook.madness.state import Phase

    session = played.server.session
    referee = session.graph.referee
    me = played.reader
    encounters = 0
    for node_id, _ in played.history:
        state = session.graph.state(node_id).state
        record = session.graph.node(node_id)
        decision = record["decision"]
        others = [p for p in range(state.players) if p != me]
        if state.phase is not Phase.ENCOUNTER:
            assert all(_said(decision, referee.who(p)) is None for p in others), decision
            assert "talk" not in record["view"]
            continue
        encounters += 1
        # The talk apart too, as the decision says it (a phone's dock shows it beside the hand).
        assert record["view"]["talk"] in decision and record["view"]["talk"].startswith(("P", "you")), record["view"]
        talk = table_talk(state)
        for p in others:
            said = _said(decision, seat_text(p))
            assert said is not None, decision
            tense, cards = said
            assert tense == ("says" if state.talking else "said"), decision
            assert cards == sorted(talk[p] or []), (decision, talk[p])  # sorted: a card put down since keeps its place
    assert encounters


def test_what_a_bot_said_follows_its_madness_and_hides_which_card_it_put_down():
    """MAD-P18: a bot at Madness Level 3 says nothing, one freed by a token talks; once a card is down
    the board recalls what was said, in the same order, so the face-down card does not show."""
    from rulesbook.lessons.madness.play import PlayReferee
    from rulesbook.madness import apply, game_moment

    state = game_moment(4, tile="Frozen Bay", levels={0: 0, 1: 2, 2: 3, 3: 3},
                        hands={0: ["Tools 2"], 1: ["Books 5", "Crates 3"], 2: ["Books 4"], 3: ["Weapons 2"]})
    state.ignoring = [3]
    referee = PlayReferee(state, ["you", "expedition", "expedition", "random"], 0)
    talking = referee.decision(state)
    assert "(MAD-P18)" in talking and talking.endswith("you call time (MAD-P01)") and "bot)" not in talking
    assert _said(talking, "P2") == ("says", ["Books 5", "Crates 3"])
    assert _said(talking, "P3") == ("says", [])
    assert _said(talking, "P4") == ("says", ["Weapons 2"])
    silent, _ = apply(state, "P2: play Books 5")
    assert _said(referee.decision(silent), "P2") == ("said", ["Books 5", "Crates 3"])
    timer, _ = apply(silent, "P1: time up")
    assert _said(referee.decision(timer), "P2") is None
    assert PlayReferee(state, ["expedition", "you", "expedition", "random"], 1).decision(state).endswith("P1 calls time (MAD-P01)")


def test_the_hint_claims_only_what_its_bot_knows():
    """The hint bot hears the table talk as the bots do: the hint says so, and never that it knows
    nothing of the others' hands (the talk is their hands); outside the Encounter it hears no talk."""
    page = Page(SETUPS[4])  # the reader leads the first turn
    texts = []
    for _ in range(300):
        here = page.here()
        if here in page.meta["over"]:
            break
        click = page.meta["auto"].get(here)
        if click is None:
            reply = page.ask(type="hint", node=here)
            texts.append((page.server.session.graph.state(here).state.phase.value, reply["text"]))
            click = reply["click"]
        page.click(click["choice"], click["place"], click.get("actor"))
    phases = {phase for phase, _ in texts}
    assert "encounter" in phases and phases - {"encounter"}
    for phase, text in texts:
        assert "never the others' hands" not in text
        if phase == "encounter":
            assert "what the table said (MAD-P18)" in text, text
        else:
            assert "what the table said" not in text, text


def test_the_end_names_the_rulebooks_row_and_marks_the_packs_sentence_as_the_projects():
    """The End of the Game: the rulebook's result table has its own rows ("Between 1 and 3" ...); the
    sentences on this page are the illustrative pack's, the project's own (MAD-P13)."""
    from rulesbook.lessons.madness.play import Moment, PlayReferee
    from rulesbook.madness import game_moment
    from rulesbook.madness.state import Phase

    relics = {0: ["Specimen A", "Specimen B"], 1: ["Ruin A", "Ruin B"], 2: ["Knowledge A", "Knowledge B"], 3: ["Ruin C"]}
    state = game_moment(4, space="C7", relics=relics)  # 7 Relics, 4 Injury cards in play
    state.phase, state.outcome, state.won = Phase.OVER, "escaped", True
    ending = PLAY.over(Moment("end", state, PlayReferee(state, ["you"] * 4, 0)))
    pack_words = state.rules.pack.result_text(3)
    assert "7 \u2212 4 = 3 falls in the row \u201cbetween 1 and 3\u201d" in ending and "rulebook's result table" in ending
    assert f"MAD-P13): \u201c{pack_words}\u201d" in ending and "the project's, not the rulebook's" in ending
    assert "The result table, for" not in ending


def test_the_reader_is_told_where_hidden_hands_and_madness_texts_come_from():
    """Setting Up the Game, step 10: "do not show them to other players" (the hands); MAD-R08: a Madness
    text is shown only to its owner. The set-up line cites each for its own part."""
    words = PLAY.you(PLAY.setup({"players": 4, "seats": ["you"], "seed": 1}))
    assert "own hand (Setting Up the Game, step 10)" in words and "own Madness cards (MAD-R08)" in words
