"""Mountain of Inferno's Play page server: a whole game of 2, 3 and 4 players through the page's
messages, from the reader's seat against the bots; the record replayed by CPython to the same state;
a reload to the same moment; never another seat's hand in the page data; every decision of the
rules a click; bad set-ups refused naming the field."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from rulesbook.core.records import GameRecord
from rulesbook.inferno.actions import GUAN_YIN, Pass, parse_action
from rulesbook.inferno.cards import EventCard, EventKind
from rulesbook.inferno.engine import legal_actions
from rulesbook.inferno.state import Phase, State
from rulesbook.lessons.data import unpack
from rulesbook.lessons.graph import LessonGraph
from rulesbook.lessons.inferno.play import PLAY, SeatReferee
from rulesbook.lessons.play import PlayServer
from rulesbook.lessons.inferno import play as play_module
from rulesbook.inferno.moment import game_moment
from play_page import PlayPage
from simulation_scale import scaled


class Page(PlayPage):
    GAME = "inferno"

    def state(self, node_id: str) -> State:
        assert self.server.session is not None
        state: State = self.server.session.graph.state(node_id)
        return state


SETUPS = {
    2: {"seed": 7, "players": 2, "seats": ["greedy", "you"], "edition": "en", "two_pawns": False, "hint_bot": "greedy"},
    3: {"seed": "pass", "players": "3", "seats": ["you", "random", "greedy", "random"], "edition": "zh", "two_pawns": "false", "hint_bot": "random"},
    4: {"seed": 3, "players": 4, "seats": ["random", "greedy", "random", "you"], "edition": "en", "two_pawns": "true", "hint_bot": "random"},
}


@pytest.fixture(scope="module", params=sorted(SETUPS))
def played(request) -> Page:
    page = Page(SETUPS[request.param])
    page.moves = page.play_out()  # type: ignore[attr-defined]
    return page


def reader(page: Page) -> int:
    return page.setup["seats"].index("you")


def test_a_whole_game_is_played_to_its_scores_from_the_readers_seat(played):
    assert played.moves > 10
    final = played.state(played.here())
    assert final.is_over and len(final.results) == final.rules.rounds(final.players)
    ending = played.meta["over"][played.here()]
    names = [colour.english.capitalize() for colour in final.colours]
    assert all(f"{name} {total}" in ending for name, total in zip(names, final.totals))
    assert "ended" in ending and ("counted once (MOI-R17)" in ending or "counted twice (MOI-R11)" in ending)
    # The bots' moves came as clicks the page plays by itself, each a move of a bot's seat.
    autos = [node for node, _ in played.history if node in played.meta["auto"]]
    assert autos and all(played.state(node).decision.seat != reader(played) for node in autos)
    assert all(played.state(node).decision.seat == reader(played) for node, _ in played.history[:-1] if node not in played.meta["auto"])


def test_the_record_replays_in_cpython_to_the_same_state(played):
    reply = played.ask(type="record", history=played.history)
    record = GameRecord.from_json(reply["text"])
    assert record.game == "inferno" and record.players == played.setup["players"]
    assert record.bots == played.setup["seats"][: record.players]
    # The bots' moves are lines of the record too, and so are the passes the page played in silence.
    silent = silent_passes(record, reader(played))
    assert len(record.actions) == len(played.history) - 1 + sum(silent)
    final = record.final_state()
    assert final.is_over
    assert hashlib.sha256(final.to_json().encode()).hexdigest() == reply["digest"] == PLAY.digest(played.state(played.here()))
    assert reply["over"] == played.meta["over"][played.here()]


def test_a_reload_plays_the_record_back_to_the_same_moment(played):
    record = played.ask(type="record", history=played.history)["record"]
    again = Page(SETUPS[played.setup["players"]])
    reply = again.ask(type="resume", record=record, setup={"hint_bot": played.setup["hint_bot"]})
    assert reply["history"] == played.history
    assert {**reply["setup"], "seats": None} == {**played.setup, "seats": None}
    grown, packed = unpack(played.lesson), unpack(reply["lesson"])
    assert all(grown[node] == packed[node] for node, _ in played.history)
    # Half a game stops where the record stops; the page goes on from there (a bot's move, or the reader's).
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    reply = again.ask(type="resume", record=half, setup=played.setup)
    clicks = len(half["actions"]) - sum(silent_passes(GameRecord.from_dict(record), reader(played))[: len(half["actions"])])
    assert reply["history"] == played.history[: clicks + 1]


def silent_passes(record: GameRecord, seat: int) -> list[bool]:
    """For each action of a record, whether it is a bot's pass (another seat's), which the page
    played within the click before it."""
    return [isinstance(parse_action(step.text), Pass) and step.before.decision.seat != seat for step in record.steps()]


def page_strings(data: object) -> list[str]:
    """Every text in some page data."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in page_strings(value)]
    if isinstance(data, list):
        return [text for value in data for text in page_strings(value)]
    return []


def test_a_bot_that_lets_an_effect_happen_is_never_shown_asked(played):
    """MOI-P01 asks only the players who hold a card that cancels. A bot's pass shown on the page
    (its own state, "Yellow lets it happen", "Yellow may cancel it now") would tell the reader that
    the bot holds one: the page plays it within the click before, and says only what the effect does."""
    seat, nodes = reader(played), unpack(played.lesson)
    names = {colour.english.capitalize() for colour in played.state(played.history[0][0]).colours}
    bots = names - {played.state(played.history[0][0]).colours[seat].english.capitalize()}
    for node_id in nodes:
        state = played.state(node_id)
        if state.phase is Phase.RESPOND and state.decision.seat != seat:
            assert not isinstance(played.server.session.graph.referee.bot_move(state), Pass)  # a bot here cancels
    texts = page_strings(played.lesson) + page_strings(played.meta)
    for text in texts:
        for bot in bots:
            assert f"{bot} lets it happen" not in text and not re.search(rf"\b{bot}\b[^.]* may cancel it now", text), text
    # The three- and four-player games have such passes, so the checks above were not idle: the page
    # played them, unseen (the games are the bots' seeds', and those read the state's phase).
    record = GameRecord.from_json(played.ask(type="record", history=played.history)["text"])
    assert played.setup["players"] == 2 or sum(silent_passes(record, seat)) >= 1


def test_a_hint_names_only_cards_the_reader_can_see(played):
    """The hint quotes the engine's first event of the hint bot's move: it may name the reader's own
    cards and the Mountain's, never a card of another hand or of the draw pile."""
    seat, hints = reader(played), 0
    for node_id, _ in played.history[:-1]:
        state = played.state(node_id)
        if state.decision is None or state.decision.seat != seat:
            continue
        text = played.ask(type="hint", node=node_id)["text"]
        hints += 1
        hand = state.hands[seat]
        seen = {card.code for card in hand} | {card.code for card in state.mountain.cards.values()}
        assert set(re.findall(r"\b(?:MK|PM|SB|DH)[+-]\d\b", text)) <= seen, text
        held = {card.kind.english for card in hand if isinstance(card, EventCard)}
        assert {kind.english for kind in EventKind if kind.english in text} <= held, text
    assert hints >= 20


def test_the_page_data_never_holds_another_seats_hand(played):
    seat = reader(played)
    nodes = unpack(played.lesson)
    assert len(nodes) >= len(played.history)
    for node_id, node in nodes.items():
        state = played.state(node_id)
        assert [card["code"] for card in node["hand"]] == [card.code for card in state.hands[seat]]
        decision = state.decision
        if decision is not None and decision.seat != seat:
            # A bot's state: one choice, one target (its move); no card of its hand is named.
            assert list(node["choices"]) == ["bot"]
            (option,) = node["options"].values()
            assert len(option["targets"]) == 1
            assert node_id in played.meta["auto"]


def test_every_decision_the_rules_give_the_reader_is_a_click(played):
    seat = reader(played)
    seen_phases = set()
    for node_id, _ in played.history[:-1]:
        state = played.state(node_id)
        if state.decision.seat != seat:
            continue
        seen_phases.add(state.phase)
        node = played.node(node_id) if node_id in played.lesson["nodes"] else None
        assert node is not None
        clicks = {entry[2] for option in node["options"].values() for entry in option["targets"].values()}
        assert clicks == {action.text() for action in legal_actions(state)}, node_id
    assert {Phase.PLACE_PAWN, Phase.PLAY, Phase.STEP} <= seen_phases


def first_move(graph: LessonGraph, state: State) -> State:
    """The state the first legal click of this one leads to."""
    node = graph.node(graph.id_of(state))
    entry = next(entry for option in node["options"].values() for entry in option["targets"].values())
    following: State = graph.state(entry[0])
    return following


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_a_hand_of_only_guan_yin_is_never_stuck(edition):
    """The live board got stuck here (issue 23): now the rules' way on is a button (EN: discard it,
    MOI-R04; ZH: end step I, MOI-R18)."""
    setup = PLAY.setup({"seed": 2, "players": 2, "seats": ["you", "random"], "edition": edition})
    referee = PLAY.referee(setup)
    graph = LessonGraph(referee)
    state = referee.start()
    while state.phase is not Phase.PLAY or state.seat != 0:
        state = first_move(graph, state)
    held = replace(state, hands=((GUAN_YIN,), *state.hands[1:]))
    node = graph.node(graph.id_of(held))
    clicks = {entry[2] for option in node["options"].values() for entry in option["targets"].values()}
    assert clicks == {action.text() for action in legal_actions(held)} == ({"discard GUANYIN"} if edition == "en" else {"end"})
    assert node["choices"]["h0"]["refusal"].endswith("(MOI-R06)")


def test_a_refused_click_names_its_rule():
    page = Page(SETUPS[2])
    while page.here() in page.meta["auto"]:
        click = page.meta["auto"][page.here()]
        page.click(click["choice"], click["place"], click.get("actor"))
    node = page.node()
    assert "pawn" in node["choices"]
    taken = next(place for place, entry in node["options"]["pawn"]["refusals"].items() if "," in place)
    assert page.click("pawn", taken).endswith(")")
    # A bot's seat never answers a hint: what it will do is its own hand's.
    bot_node = next(node for node in page.meta["auto"])
    assert page.ask(type="hint", node=bot_node)["click"] is None


@pytest.mark.parametrize(("change", "says"), [
    ({"players": 5}, "setup.players"),
    ({"players": "two"}, "setup.players"),
    ({"players": True}, "setup.players"),
    ({"seats": ["you", "oracle"]}, "setup.seats[1]"),
    ({"seats": ["greedy", "random"]}, "setup.seats: at least one"),
    ({"seats": ["you"]}, "setup.seats: one entry per seat"),
    ({"seats": "you"}, "setup.seats"),
    ({"edition": "fr"}, "setup.edition"),
    ({"two_pawns": "maybe"}, "setup.two_pawns"),
    ({"hint_bot": "oracle"}, "setup.hint_bot"),
    ({"language": "fr"}, "setup.language"),
    ({"language": "zh"}, "setup.language"),
    ({"seed": "  "}, "setup.seed"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_set_up_is_refused_naming_the_field(change, says):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "inferno", "setup": {**SETUPS[2], **change}})))
    assert reply["type"] == "error" and says in reply["text"], reply


def test_a_record_of_another_game_or_house_rules_is_refused():
    page = Page(SETUPS[2])
    record = page.ask(type="record", history=page.ids())["record"]
    reply = json.loads(page.server.handle(json.dumps({"type": "resume", "game": "inferno", "record": {**record, "rules": {**record["rules"], "play_limit": 2}}})))
    assert reply["type"] == "error" and "record.rules" in reply["text"]
    reply = json.loads(page.server.handle(json.dumps({"type": "resume", "game": "inferno", "record": {**record, "actions": ["end"]}})))
    assert reply["type"] == "error" and "record.actions" in reply["text"]


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 6), st.text(max_size=8),
                    st.sampled_from(["you", "greedy", "random", "en", "zh", "zh-TW", "true", "3"]),
                    st.lists(st.sampled_from(["you", "greedy", "random", "x", ""]), max_size=5))


@settings(max_examples=scaled(80), deadline=None)
@given(st.dictionaries(st.sampled_from(["seed", "players", "seats", "edition", "two_pawns", "hint_bot", "language", "x"]), _VALUES, max_size=8))
def test_any_set_up_is_played_or_refused_in_words(data):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "inferno", "setup": data})))
    assert reply["type"] in ("started", "error")
    if reply["type"] == "error":
        assert reply["text"].startswith(("setup", "message"))
    else:
        assert reply["setup"]["players"] in (2, 3, 4)


def test_hot_seat_names_the_reader_who_decides_and_hides_the_hands_between():
    setup = PLAY.setup({"seed": 4, "players": 3, "seats": ["you", "greedy", "you"]})
    referee: SeatReferee = PLAY.referee(setup)
    graph = LessonGraph(referee)
    state = referee.start()
    assert PLAY.seat(referee, state) == "Red"
    seen = set()
    for _ in range(40):
        node = graph.node(graph.id_of(state))
        who = PLAY.seat(referee, state)
        if who is None:
            assert node["hand"] == []  # a bot's move: neither reader's hand is shown
        else:
            seat = ["Red", "Yellow", "Blue"].index(who)
            seen.add(who)
            assert [card["code"] for card in node["hand"]] == [card.code for card in state.hands[seat]]
        state = first_move(graph, state)
    assert seen == {"Red", "Blue"}


def test_a_hot_seat_game_sends_the_deciding_reader_and_a_one_reader_game_none():
    alone = Page(SETUPS[2])
    assert alone.meta["seat"] == {}
    together = Page({"seed": 4, "players": 3, "seats": ["you", "greedy", "you"]})
    assert together.meta["seat"] == {together.here(): "Red"}
    assert together.ask(type="new", setup=SETUPS[2])["chapters"] == PLAY.chapters


def test_every_rule_a_refusal_cites_links_a_chapter_of_the_inferno_part():
    from pathlib import Path

    book = Path(__file__).resolve().parents[2] / "book" / "inferno"
    assert all(page.startswith("../inferno/") and (book / page.removeprefix("../inferno/")).with_suffix(".ipynb").is_file()
               for page in PLAY.chapters.values())
    assert {f"MOI-R{number:02}" for number in range(3, 23)} <= set(PLAY.chapters)


def test_a_readers_state_is_answered_before_any_bot_is_asked_and_tells_nobodys_hand(monkeypatch):
    """A state of the reader's whose every effect the bots may answer: its record is made without
    asking a bot (a search each: a record of thirty effects took up to a second in the browser).
    Every effect waits for its click under an id that names no state yet, whether a bot holds
    Guan Yin or not, so the page's data is the same either way (MOI-P01); the click then plays the
    bots' answers, a pass unseen. A disciple laid, which nobody answers, names its state at once."""
    line = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."
    seen = []
    for hands in (["BISON FAN SB+2", "GUANYIN PM+2", "MK+2"], ["BISON FAN SB+2", "PM+2", "MK+2"]):
        referee = SeatReferee(game_moment(line, hands, draw_pile=5), ("you", "quick-search", "quick-search"))
        graph = LessonGraph(referee, lazy=True)
        with monkeypatch.context() as patched:
            patched.setattr(play_module, "make_bot", lambda *_: pytest.fail("a bot was asked before the reader clicked"))
            record = graph.node(graph.start_id)
        seen.append(json.dumps(record))
        targets = {option: list(answers["targets"].values()) for option, answers in record["options"].items()}
        effects = [entry for option, entries in targets.items() if option.startswith(("bison", "fan")) for entry in entries]
        assert len(effects) > 15 and len(targets["lay:2"]) > 5
        assert all(isinstance(graph.state(entry[0]), State) for entry in targets["lay:2"])
        for entry in effects:
            with pytest.raises(KeyError, match="still to be worked out"):
                graph.state(entry[0])
            reached = graph.state(graph.settle(graph.start_id, entry[0]))
            assert referee._silent_pass(reached) is None  # every bot that let it happen did so within the click
            assert reached.phase is not Phase.RESPOND or (reached.decision.seat == 1 and "GUANYIN" in hands[1])
    assert seen[0] == seen[1]


def test_a_move_log_naming_a_click_not_yet_made_is_refused(played):
    """A click's id that names no state yet (it waits for the click: an effect, a pass) is no state
    of a move log: a tampered log naming one is refused, naming the field, and nothing is worked out."""
    graph = played.server.session.graph
    for node_id, _ in played.history:
        waiting = [entry[0] for answers in graph.node(node_id)["options"].values() for entry in answers["targets"].values()
                   if entry[0] not in played.lesson["nodes"] and entry[0] not in graph._settled.values()]
        for target in waiting[:1]:
            try:
                graph.state(target)
            except KeyError:
                history = played.ids()[: played.ids().index(node_id) + 1] + [target]
                bad = json.loads(played.server.handle(json.dumps({"game": "inferno", "type": "record", "history": history})))
                assert bad == {"type": "error", "text": f"node: no state '{target}' in this game"}
                return
    pytest.fail("no click waited in this game")


def test_a_cancel_window_of_the_reader_is_asked_on_the_board():
    """When a bot's effect may be cancelled by the reader (MOI-R06), the board asks: every way to
    cancel, and letting it happen, are buttons below the Mountain, and nothing else plays (a hand
    card pressed says which button answers, or why it cannot)."""
    page = Page({"seed": 1, "players": 2, "seats": ["you", "greedy"], "edition": "zh", "hint_bot": "random"})
    page.play_out()
    windows = [node for node, _ in page.history[:-1] if page.state(node).decision.seat == 0 and page.state(node).phase is Phase.RESPOND]
    assert windows
    for node_id in windows:
        node = page.node(node_id)
        playing = {key for key, choice in node["choices"].items() if "options" in choice}
        assert playing <= {"cancel", "pass"} and "pass" in playing
        assert all(choice["refusal"] for key, choice in node["choices"].items() if key not in playing)
        clicks = {entry[2]: place for option in node["options"].values() for place, entry in option["targets"].items()}
        assert set(clicks) == {action.text() for action in legal_actions(page.state(node_id))}
        assert set(clicks.values()) <= {"cancel", "pass"}


# --- the zh-TW page ------------------------------------------------------------------------------------
#: Three English words in a row: a sentence left in English (the notation has at most two: "lay DH+1 0,1").
ENGLISH = re.compile(r"\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b")


def test_a_zh_tw_page_says_every_sentence_in_zh_tw_and_plays_the_same_game():
    setup = {**SETUPS[3], "seats": ["you", "greedy", "random", "random"]}
    chinese, english = Page({**setup, "language": "zh-TW"}), Page(setup)
    assert chinese.lesson["language"] == "zh-TW" and "language" not in english.lesson
    assert chinese.you == "你是紅方；黃方（貪心電腦玩家）和藍方（隨機電腦玩家）是你的對手。"
    assert english.you == "You are Red; Yellow the greedy bot and Blue the random bot play against you."
    first = chinese.ask(type="hint", node=chinese.here())
    assert first["text"].startswith("隨機電腦玩家會選「") and first["click"] == english.ask(type="hint", node=english.here())["click"]
    chinese.play_out(), english.play_out()
    assert [node for node, _ in chinese.history] == [node for node, _ in english.history]  # the same clicks, the same game
    said = [text for text in chinese.lesson["texts"] if isinstance(text, str)]
    assert said and not [text for text in said if ENGLISH.search(text)]
    final = chinese.state(chinese.here())
    ending = chinese.meta["over"][chinese.here()]
    assert "獲勝" in ending and not ENGLISH.search(ending)
    names = {"R": "紅方", "Y": "黃方", "B": "藍方"}
    assert all(f"{names[colour.letter]}{total}分" in ending for colour, total in zip(final.colours, final.totals))
    assert ending.count("回合（") == len(final.results) and ("只計算一次（MOI-R17）" in ending or "計算兩次（MOI-R11）" in ending)
    bot = next(iter(chinese.meta["auto"]))
    assert chinese.ask(type="hint", node=bot)["text"] == "現在不用你決定：電腦玩家正在做它的一步。"
    record = GameRecord.from_json(chinese.ask(type="record", history=chinese.history)["text"])
    assert record.to_dict() == GameRecord.from_json(english.ask(type="record", history=english.history)["text"]).to_dict()


def test_a_refused_click_on_the_zh_tw_page_names_its_rule_in_zh_tw():
    page = Page({**SETUPS[2], "language": "zh-TW"})
    while page.here() in page.meta["auto"]:
        click = page.meta["auto"][page.here()]
        page.click(click["choice"], click["place"], click.get("actor"))
    node = page.node()
    taken = next(place for place, entry in node["options"]["pawn"]["refusals"].items() if "," in place)
    said = page.click("pawn", taken)
    assert re.search(r"（MOI-R\d+）。?$", said) and not ENGLISH.search(said), said


#: A value the reader typed or a file held, quoted in a refusal as it is.
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


@settings(max_examples=scaled(60), deadline=None)
@given(st.dictionaries(st.sampled_from(["seed", "players", "seats", "edition", "two_pawns", "hint_bot", "x"]), _VALUES, max_size=8))
def test_a_set_up_the_zh_tw_page_refuses_is_refused_in_zh_tw(data):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "inferno", "setup": {**data, "language": "zh-TW"}})))
    if reply["type"] == "error":
        assert reply["text"].startswith("setup") and "：" in reply["text"], reply
        assert not ENGLISH.search(QUOTED.sub("", reply["text"])), reply


@pytest.mark.parametrize("change, field", [
    ({"players": 7}, "record.players"), ({"x": 1}, "record"), ({"actions": [5]}, "record.actions[0]"),
    ({"actions": ["lay MK+9 0,0"]}, "record.actions[0]"), ({"actions": ["fly"]}, "record.actions[0]"), ({"version": 3}, "record.version"),
    ({"game": "hudai", "players": 1, "rules": {}, "bots": None}, "record.game"), ({"rules": {"play_limit": 2}}, "record.rules"), ({"bots": ["greedy"]}, "record.bots"),
])
def test_a_record_the_zh_tw_page_cannot_play_back_is_refused_in_zh_tw_naming_the_field(change, field):
    page = Page({**SETUPS[2], "language": "zh-TW"})
    record = {**page.ask(type="record", history=page.ids())["record"], **change}
    chinese = json.loads(page.server.handle(json.dumps({"type": "resume", "game": "inferno", "record": record, "setup": {"language": "zh-TW"}})))
    english = json.loads(page.server.handle(json.dumps({"type": "resume", "game": "inferno", "record": record, "setup": {"language": "en"}})))
    assert chinese["type"] == english["type"] == "error"
    assert chinese["text"].startswith(field + "：") and english["text"].startswith(field + ": "), (chinese, english)
    assert not ENGLISH.search(QUOTED.sub("", chinese["text"])), chinese


def test_a_record_loaded_on_the_zh_tw_page_plays_on_in_zh_tw():
    english = Page(SETUPS[2])
    record = english.ask(type="record", history=english.ids())["record"]
    reply = json.loads(english.server.handle(json.dumps({"type": "resume", "game": "inferno", "record": record, "setup": {"language": "zh-TW"}})))
    assert reply["type"] == "started" and reply["setup"]["language"] == "zh-TW" and reply["lesson"]["language"] == "zh-TW"
