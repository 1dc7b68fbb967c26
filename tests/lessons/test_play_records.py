"""A record of bots alone, as `rulesbook simulate --record` writes it, loads on a Play page (issue 23).

The page's bots are seeded by the page's moments, the record's by its run: they choose other moves.
A record is played back as it was played, each bot's move the record's; the reader takes seat 1
when no seat of the record is theirs; the record the page gives back is the one loaded.
"""

from __future__ import annotations

import json

import pytest

import rulesbook
from rulesbook.core.harness import play
from rulesbook.core.records import GameRecord
from rulesbook.lessons.play import PlayServer

TABLES = [("inferno", 2, ["greedy", "random"]), ("inferno", 3, ["random"]), ("inferno", 4, ["random", "greedy"]),
          ("madness", 3, ["expedition"]), ("madness", 4, ["random", "expedition"]), ("madness", 5, ["expedition"]),
          ("hudai", 1, ["heuristic"])]


def simulated(name: str, players: int, bots: list[str], seed: str) -> GameRecord:
    game = rulesbook.game(name)
    seats = (bots * players)[:players]
    texts = play(game, players, seed, game.rules(), seats, record=True).texts
    return GameRecord(name, players, seed, game.rules(), texts, bots=seats if name != "hudai" else None)


def ask(server: PlayServer, **message: object) -> dict:
    return json.loads(server.handle(json.dumps(message)))


@pytest.mark.parametrize(("name", "players", "bots"), TABLES, ids=[f"{name}-{players}" for name, players, _ in TABLES])
@pytest.mark.parametrize("seed", ["simulate:0", "simulate:1"])
def test_a_record_of_bots_alone_plays_back_to_its_end_as_it_was_played(name, players, bots, seed):
    record = simulated(name, players, bots, seed)
    server = PlayServer()
    started = ask(server, type="resume", game=name, record=record.to_dict())
    assert started["type"] == "started", started
    if name != "hudai":
        assert started["setup"]["seats"][:players] == ["you", *record.bots[1:]]
    session = server.session
    final = session.graph.state(started["history"][-1][0])
    assert session.game.over(final) is not None, "the record's game is played back to its end"
    back = ask(server, type="record", game=name, history=started["history"])  # each state with its move-log entry, as the page sends it
    assert back["record"]["actions"] == record.actions
    replayed = GameRecord.from_dict(back["record"]).final_state()
    assert rulesbook.game(name).to_json(replayed) == rulesbook.game(name).to_json(record.final_state())


def test_a_move_no_bot_may_make_is_still_refused_naming_the_moment():
    record = simulated("inferno", 3, ["random"], "simulate:0")
    tampered = GameRecord(record.game, record.players, record.seed, record.rules,
                          [*record.actions[:5], "no such move", *record.actions[6:]], bots=record.bots)
    reply = ask(PlayServer(), type="resume", game="inferno", record=tampered.to_dict())
    assert reply["type"] == "error" and "no such move" in reply["text"], reply


@pytest.mark.parametrize(("name", "players", "pages"), [("inferno", 3, "random, greedy"), ("madness", 3, "expedition, random")])
def test_a_record_naming_a_bot_the_page_has_not_is_refused_naming_the_seat(name, players, pages):
    """A record of a bot written in Python (or edited by hand) names a bot the page cannot play
    past the record's end: refused by the seat's field, with the page's bots to choose from; the
    page's own game goes on untouched."""
    record = simulated(name, players, ["random"], "simulate:0")
    server = PlayServer()
    first = ask(server, type="new", game=name, setup={"seed": 3})
    for bots in (["random", "MyBot", "random"], ["MyBot", "random", "random"]):
        reply = ask(server, type="resume", game=name, record={**record.to_dict(), "bots": bots})
        seat = bots.index("MyBot")
        assert reply["type"] == "error" and reply["text"].startswith(f"record.bots[{seat}]: 'MyBot' is no bot of this page, which "
                                                                     f"plays {pages}"), reply
    assert ask(server, type="record", game=name, history=first["history"])["type"] == "record"  # the game before is still there
    zh = ask(PlayServer(), type="resume", game=name, record={**record.to_dict(), "bots": ["MyBot"] * players}, setup={"language": "zh-TW"})
    assert zh["type"] == "error" and "不是這個頁面的電腦玩家" in zh["text"], zh


def test_a_record_of_another_game_is_refused_by_its_name_where_that_game_is_not_there(monkeypatch):
    """A Play page's worker holds its own game's engine alone (tools/play_stdlib.mjs): a record of
    another game, loaded there, failed importing that game, and the page showed a traceback's end
    ("ModuleNotFoundError: No module named 'rulesbook.hudai'"). It is refused by its game's name."""
    import sys

    from rulesbook.core.protocol import GAMES

    record = simulated("hudai", 1, ["heuristic"], "simulate:0").to_dict()
    for module in ("rulesbook.hudai", GAMES["hudai"]):  # as in the Inferno page's worker
        monkeypatch.setitem(sys.modules, module, None)
    reply = ask(PlayServer(), type="resume", game="inferno", record=record)
    assert reply == {"type": "error", "text": "record.game: a record of inferno, not of hudai"}
    zh = ask(PlayServer(), type="resume", game="inferno", record=record, setup={"language": "zh-TW"})
    assert zh == {"type": "error", "text": "record.game：應為inferno的遊戲紀錄，而不是hudai的"}
