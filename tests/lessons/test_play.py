"""The Play page's server (rulesbook.lessons.play): a whole game of Hudai Pass through the messages
the page sends, the record it gives back replayed by CPython to the same state, a reload played
back to the same moment, and only what the monk may see in the page data."""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from rulesbook import cli
from rulesbook.core.records import GameRecord
from rulesbook.core.words import sentence
from rulesbook.hudai.cards import CardSet, parse_card_file, reconstructed_cards
from rulesbook.lessons.data import unpack
from rulesbook.core.data import DataError
from rulesbook.lessons.play import PlayServer, play_game
from play_page import PlayPage
from simulation_scale import scaled


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
    # A state of the game that no click reaches from here: the node asked for is wrong, not the log.
    bad = json.loads(page.server.handle(json.dumps({"type": "expand", "node": start[0], "history": start})))
    assert bad == {"type": "error", "text": f"node: no click leads from {start[0]} to {start[0]}"}
    bad = json.loads(page.server.handle(json.dumps({"type": "record", "history": ["s0", "s0"]})))
    assert bad["type"] == "error" and "history" in bad["text"]
    bad = json.loads(page.server.handle(json.dumps({"type": "hint", "node": "s999"})))
    assert bad == {"type": "error", "text": "node: no state 's999' in this game"}
    assert page.ask(type="record", history=start)["record"]["actions"] == []


@pytest.mark.parametrize(("setup", "says"), [
    ({**SETUP, "powers": ["drain", "confuse", "drain"]}, "setup.powers[2]: Right tile: Drain is the left tile already; "
                                                       "the demon's three tiles are different (HUD-R12"),
    ({**SETUP, "powers": ["drain", "confuse"]}, "setup.powers: three demon tiles"),
    ({**SETUP, "seed": "  "}, "setup.seed"),
    ({**SETUP, "cards": "mine.csv"}, "setup.cards"),
    ({**SETUP, "cards": {"source": "mine.csv", "csv": "colour,symbol,value,deck\nwhite,drop,1,start"}}, "setup.cards: mine.csv, line 2, field 'deck'"),
    ({**SETUP, "hint_bot": "oracle"}, "setup.hint_bot"),
    ({**SETUP, "players": 2}, "players"),
])
def test_a_bad_set_up_is_refused_naming_the_field(setup, says):
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "setup": setup})))
    assert reply["type"] == "error" and says in reply["text"]


def test_a_seed_typed_as_a_number_is_the_number_and_a_word_stays_a_word():
    assert Page({"seed": " 42 "}).ask(type="record", history=["s0"])["record"]["seed"] == 42
    assert Page({"seed": "pass"}).ask(type="record", history=["s0"])["record"]["seed"] == "pass"


#: Digits of other scripts and kinds beside ASCII's: str.isdigit() takes them all, int() reads
#: "٣" and "３" as 3 and refuses "²" with words that name no field.
_TYPED = st.text(st.sampled_from("0123456789-+ ²٣３߁"), min_size=1, max_size=5)


@settings(max_examples=scaled(150), deadline=None)
@given(st.sampled_from(["hudai", "inferno", "madness"]), st.sampled_from(["seed", "players"]), _TYPED)
def test_a_number_typed_in_a_set_up_is_its_ascii_digits_or_refused_naming_the_field(name, field, text):
    game = play_game(name)
    if field not in game.FIELDS:
        return
    number = re.fullmatch(r"[+-]?[0-9]+", text.strip())
    try:
        setup = game.setup({"seed": 1, field: text})
    except DataError as error:
        assert error.field == f"setup.{field}" and (field == "players" or not text.strip())
        return
    typed = int(text.strip()) if number else text.strip()
    assert setup[field] == typed and (field == "seed" or number)


@settings(max_examples=scaled(200), deadline=None)
@given(st.text(st.sampled_from("0123456789-+ x٣\t"), min_size=1, max_size=20))
def test_a_seed_is_typed_by_one_rule_on_the_command_line_and_on_a_play_page(text):
    """"+7" was 7 on the command line and a word on a page; 1,000 digits a number there, 19 a word here."""
    try:
        typed = cli._seed(text)
    except argparse.ArgumentTypeError:
        with pytest.raises(DataError, match="setup.seed"):
            play_game("inferno").setup({"seed": text, "players": 2})
        return
    assert play_game("inferno").setup({"seed": text, "players": 2})["seed"] == typed
    assert isinstance(typed, int) == bool(re.fullmatch(r"[+-]?[0-9]{1,15}", text.strip()))


def test_a_seed_in_other_digits_is_a_word_and_a_superscript_is_no_crash():
    assert Page({"seed": "٣"}).ask(type="record", history=["s0"])["record"]["seed"] == "٣"
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": "inferno", "setup": {"seed": 1, "players": "²"}})))
    assert reply == {"type": "error", "text": "setup.players: Mountain of Inferno is for 2 to 4 players, not '²'"}


_LONG = "x" * 100_000


@pytest.mark.parametrize("message", [
    {"type": _LONG}, {"type": "new", "game": _LONG, "setup": {}}, {"type": "hint", "node": _LONG},
    *({"type": "new", "game": "hudai", "setup": {"seed": 1, field: _LONG}} for field in ("hint_bot", "cards")),
    *({"type": "new", "game": "inferno", "setup": {"seed": 1, field: _LONG}}
      for field in ("players", "edition", "hint_bot", "language", "two_pawns", "seats")),
    {"type": "new", "game": "inferno", "setup": {"seed": 1, "seats": ["you", _LONG]}},
    *({"type": "new", "game": "madness", "setup": {"seed": 1, field: _LONG}} for field in ("players", "expert", "hint_bot")),
    {"type": "new", "game": "madness", "setup": {"seed": 1, "seats": ["you", _LONG]}},
    {"type": "resume", "game": "hudai", "record": {"game": "hudai", "players": 1, "seed": 1, "actions": [_LONG]}},
])
def test_a_refusal_quotes_the_start_of_a_long_value_the_page_sent(message):
    """The page shows a refusal in one line: a value of 100,000 characters is quoted by its start
    (`shown`), as a record's action is on the command line, not sent back whole."""
    server = PlayServer()
    if message["type"] == "hint":
        server.handle(json.dumps({"type": "new", "setup": {"seed": 1}}))
    reply = json.loads(server.handle(json.dumps(message)))
    assert reply["type"] == "error" and "xxx..." in reply["text"] and len(reply["text"]) < 400, reply["text"][:300]


@pytest.mark.parametrize("name", ["hudai", "inferno", "madness"])
def test_a_tampered_record_is_refused_by_the_index_of_its_action_and_the_rule_as_replay_says_it(name):
    """The page said only "record.actions: the action 'play W2' is not a click of this moment", where
    `rulesbook replay` names the action's place and the game's reason (its rule)."""
    record = GameRecord.play(name, seed=3).to_dict()
    actions = record["actions"][:12]
    actions[3] = actions[4]  # a legal action, one move early
    tampered = {**record, "actions": actions}
    with pytest.raises(DataError) as replayed:
        GameRecord.from_dict(tampered).final_state()
    reply = json.loads(PlayServer().handle(json.dumps({"type": "resume", "game": name, "record": tampered})))
    assert reply == {"type": "error", "text": str(replayed.value)}
    assert re.match(r"record\.actions\[([34])\]: action [45] .* is refused: .*\)$", reply["text"]), reply["text"]


def test_unknown_messages_and_messages_before_a_game_are_refused():
    server = PlayServer()
    assert json.loads(server.handle('{"type": "dance"}'))["text"] == "message.type: unknown message 'dance'"
    assert "no game yet" in json.loads(server.handle('{"type": "hint", "node": "s0"}'))["text"]
    assert json.loads(server.handle("[1"))["type"] == "error"


# --- a teacher's own card file (HUD-R01), as the page's file input sends it -----------------------
def own_card_file() -> str:
    """A teacher's card file: the reconstructed set with the white start deck's symbols turned one
    place on (a set of its own, in the CSV format of data/cards.csv, a comment and all)."""
    lines = reconstructed_cards().to_csv().splitlines()
    white = [line for line in lines if line.startswith("white,")]
    symbols = [line.split(",")[1] for line in white]
    turned = [f"white,{symbol},{line.split(',')[2]},start" for line, symbol in zip(white, symbols[1:] + symbols[:1])]
    return "\n".join([lines[0], "# my class's white cards", *turned, *lines[1 + len(white):]]) + "\n"


OWN = {**SETUP, "cards": {"source": "my-class.csv", "csv": own_card_file()}}


@pytest.fixture(scope="module")
def played_own() -> Page:
    page = Page(OWN)
    page.moves = page.play_out()  # type: ignore[attr-defined]
    return page


def test_a_teachers_card_file_is_played_to_its_end_and_its_record_embeds_the_set(played_own, tmp_path):
    cards = played_own.setup["cards"]
    assert cards["source"] == "my-class.csv" and "white,hammers,1,start" in cards["csv"]
    assert CardSet.from_data(cards) == parse_card_file(own_card_file()) != reconstructed_cards()
    assert played_own.meta["over"][played_own.here()].startswith(("The monk has won", "The monk has lost"))
    reply = played_own.ask(type="record", history=played_own.history)
    assert reply["record"]["rules"]["cards"] == cards       # embedded: the record needs no file
    path = tmp_path / "own.json"
    path.write_text(reply["text"] + "\n")
    replay = subprocess.run([sys.executable, "-m", "rulesbook", "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0 and "the game is over" in replay.stdout, replay.stderr
    final = GameRecord.read(path).final_state()
    assert final.rules.cards == CardSet.from_data(cards)
    assert hashlib.sha256(final.to_json().encode()).hexdigest() == reply["digest"]
    # Set out again from the record (a reload, or Load a record): the same set, the same moment.
    again = Page(SETUP).ask(type="resume", record=reply["record"], setup={"hint_bot": "greedy"})
    assert again["setup"]["cards"] == cards and again["history"] == played_own.history


@pytest.mark.parametrize(("change", "says"), [
    (lambda text: text.replace("green,cog,5,mind", "green,cog,9,mind"), "my-class.csv, line 13, field 'value': 9 is outside 1-6"),
    (lambda text: text.replace("blue,drop,1,mind", "blue,drip,1,mind"), "my-class.csv, line 15, field 'symbol': 'drip' is not a symbol"),
    (lambda text: text.replace("red,drop,1,mind", "red,drop,1,mind,extra"), "my-class.csv, line 21, field '(row)': expected 4 fields"),
    (lambda text: text.replace("yellow,arrow,6,mind", "yellow,arrow,5,mind"), "my-class.csv, line 32, field 'value': Y5 is already defined on line 31"),
    (lambda text: text.replace("colour,symbol", "color,symbol"), "my-class.csv, line 1, field 'colour': the header row must name"),
    (lambda text: "", "my-class.csv, line 1, field '(header)': the file has no header row and no cards"),
])
def test_a_broken_card_file_is_refused_with_its_line_and_nothing_starts(change, says):
    server = PlayServer()
    bad = {**SETUP, "cards": {"source": "my-class.csv", "csv": change(own_card_file())}}
    reply = json.loads(server.handle(json.dumps({"type": "new", "setup": bad})))
    assert reply == {"type": "error", "text": reply["text"]} and reply["text"].startswith(f"setup.cards: {says}"), reply
    assert server.session is None
    number = int(says.split("line ")[1].split(",")[0])
    original, changed = own_card_file().splitlines(), change(own_card_file()).splitlines()
    assert not changed or changed[number - 1] != original[number - 1]   # the line named is the line at fault


def test_the_card_set_choice_without_a_file_or_of_another_shape_is_refused_in_words():
    for cards, says in (("file", "choose your card file"), ({"csv": 3}, "setup.cards.csv"),
                        ({"source": "a.csv", "csv": "x", "deck": "mind"}, "no field 'deck'"),
                        ({"source": "x" * 300, "csv": own_card_file()}, "setup.cards.source")):
        reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "setup": {**SETUP, "cards": cards}})))
        assert reply["type"] == "error" and says in reply["text"], reply


@settings(max_examples=scaled(60), deadline=None)
@given(st.lists(st.sampled_from(["colour,symbol,value,deck", "white,drop,1,start", "green,cog,5,mind", "black,arrow,6,corruption",
                                 "white,drop,1", "red,stones,7,mind", "#", "", "yellow,,2,mind", '"a', "blue,arrow,3,corruption"]), max_size=8)
       | st.text(max_size=200))
def test_any_card_file_starts_a_game_or_is_refused_naming_the_card_set(lines):
    text = lines if isinstance(lines, str) else "\n".join(lines)
    reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "setup": {**SETUP, "cards": {"source": "f.csv", "csv": text}}})))
    assert reply["type"] == "started" or reply["text"].startswith("setup.cards: f.csv"), reply


# --- what a hint and a turn may show: nothing still face down -------------------------------------
#: Games whose hints choose Flow (on an empty draw pile too: seeds 7 and 8) and swaps, one per hint bot.
HIDDEN_GAMES = [
    {"seed": 7, "powers": ["drain", "confuse", "mind_pierce"], "hint_bot": "heuristic"},
    {"seed": 8, "powers": ["crush", "entangle", "defend"], "hint_bot": "heuristic"},
    {"seed": 11, "powers": ["drain", "confuse", "mind_pierce"], "hint_bot": "greedy"},
    {"seed": 7, "powers": ["drain", "confuse", "mind_pierce"], "hint_bot": "random"},
]
CARD_CODE = re.compile(r"\b[WGBRYK][1-6]\b")


@pytest.fixture(scope="module")
def hinted_games() -> list[list[tuple[str, str, set[str], str]]]:
    """Whole games played by their hints: at each state (the hint, the cards still face down in the
    draw pile and the mind deck, the walk of the demon's turn under way, if any)."""
    games = []
    for setup in HIDDEN_GAMES:
        page, seen = Page(setup), []
        while page.here() not in page.meta["over"]:
            moment = page.server.session.graph.state(page.here())
            reply = page.ask(type="hint", node=page.here())
            seen.append((reply["text"], {*moment.table.draw_pile, *moment.table.mind_deck}, moment.walk))
            click = page.meta["auto"].get(page.here()) or reply["click"]
            page.click(click["choice"], click["place"], click.get("actor"))
        games.append(seen)
    return games


def test_no_hint_names_a_card_still_face_down(hinted_games):
    """A hint names the action and what the monk can see: never the card a Flow or a swap would
    draw, nor any other card of the draw pile or the mind deck before it is revealed."""
    hints = [(text, hidden) for seen in hinted_games for text, hidden, _ in seen]
    assert any(re.search(r"\u201cFlow of \w+\u201d", text) for text, _ in hints)
    assert any("\u201cSwap a river card\u201d" in text for text, _ in hints)
    leaks = [(text, sorted(set(CARD_CODE.findall(text)) & hidden)) for text, hidden in hints if set(CARD_CODE.findall(text)) & hidden]
    assert leaks == []


def test_the_demons_turn_is_walked_only_after_step_2(hinted_games):
    """Only obtaining a move, or nothing, hands the turn to the demon: a Flow that reshuffles the draw
    pile is the monk's step 1, not "the demon's turn, step 5" (seeds 7 and 8)."""
    walks = {walk.split()[0] for seen in hinted_games for _, _, walk in seen if walk}
    assert walks == {"pass", "obtain"}


def test_a_game_lost_at_the_turn_limit_names_the_projects_decision():
    """The rulebook has no turn limit: the end of such a game names it as the decision HUD-P05."""
    from rulesbook.hudai import Rules, game_moment
    from rulesbook.hudai.engine import apply
    from rulesbook.lessons.hudai.play import PLAY
    from rulesbook.lessons.hudai.table import moment

    lost = apply(game_moment(phase="obtain", turn=3, rules=Rules(max_turns=3), powers=(0, 0, 0)), "pass")[0]
    words = PLAY.over(moment(lost))
    assert lost.outcome == "turn_limit" and words.startswith("The monk has lost in 3 turns") and "HUD-P05" in words


HINTED = {
    None: {"seed": 3, "hint_bot": "heuristic"},
    "inferno": {"players": 3, "seats": ["you", "greedy", "greedy"], "seed": 3, "hint_bot": "greedy"},
    "madness": {"players": 3, "seats": ["you", "expedition", "expedition"], "seed": 3, "hint_bot": "expedition"},
}


@pytest.mark.parametrize("game", list(HINTED), ids=lambda game: game or "hudai")
def test_a_hint_names_its_move_by_the_button_the_reader_presses_not_its_notation(game):
    """A learner has not met the notation ("redboy DH 0,0", "P1: resolve"): a hint names the card
    or button whose click makes the move ("Red Boy (DH)", "Reveal the Sled"), and the page makes
    that click ready. Madness adds where a move acts, which its button does not say ("move to C1")."""
    page = type("Hinted", (PlayPage,), {"GAME": game})(HINTED[game])
    named = 0
    while page.here() not in page.meta["over"] and named < 40:
        click = page.meta["auto"].get(page.here())
        if click is not None:
            page.click(click["choice"], click["place"], click.get("actor"))
            continue
        reply = page.ask(type="hint", node=page.here())
        click = reply["click"]
        label = page.node()["choices"][click["choice"]]["label"]
        page.click(click["choice"], click["place"], click.get("actor"))
        notation = page.history[-1][1]  # the move log's entry: the move's notation
        quoted = re.findall(r"\u201c([^\u201d]*)\u201d", reply["text"])
        assert notation not in quoted and (label in quoted or "click the Sand Timer" in reply["text"]), reply["text"]
        assert ". (a hint only" not in reply["text"], reply["text"]  # the aside comes before the move's own sentence
        if notation.startswith("P1: move to "):
            assert re.search(rf"\u201c{re.escape(label)}\u201d: move to {notation[12:]}[ .]", reply["text"]), reply["text"]
        named += label in quoted
    assert named >= 10
