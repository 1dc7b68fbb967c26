"""The Play page as the tests of its server play it (tests/lessons/test_play*.py): the messages
the page sends (widgets/play_page.js), the lesson it grows, the clicks it makes."""

from __future__ import annotations

import json
from typing import Any

from rulesbook.lessons.data import unpack
from rulesbook.lessons.play import PlayServer


def grow(lesson: dict[str, Any], delta: dict[str, Any]) -> None:
    """What the page does with an "expanded" answer (widgets/play_page.js, grow)."""
    for table in ("texts", "parts", "views", "places"):
        lesson[table].extend(delta[table])
    lesson["nodes"].update(delta["nodes"])


class PlayPage:
    """Plays as the Play page does: the shell's clicks (the reader's, here the hint's) and the
    moves nobody decides (`meta.auto`: the demon's steps, the bots' moves)."""

    #: The game of the page (`message.game`); the server's default (Hudai Pass) when None.
    GAME: str | None = None

    def __init__(self, setup: dict[str, Any]):
        self.server = PlayServer()
        reply = self.ask(type="new", setup=setup)
        self.setup, self.lesson, self.meta, self.history = reply["setup"], reply["lesson"], reply["meta"], reply["history"]
        self.you: str = reply["you"]

    def ask(self, **message: Any) -> dict[str, Any]:
        game = {"game": self.GAME} if self.GAME else {}
        reply = json.loads(self.server.handle(json.dumps({**game, **message})))
        assert reply["type"] != "error", reply
        return reply

    def here(self) -> str:
        return self.history[-1][0]

    def ids(self) -> list[str]:
        return [node for node, _ in self.history]

    def node(self, node_id: str | None = None) -> dict[str, Any]:
        """One state's record written out (`unpack` of the page data, for that state only)."""
        node_id = node_id or self.here()
        return unpack({**self.lesson, "nodes": {node_id: self.lesson["nodes"][node_id]}})[node_id]

    def click(self, choice: str, place: str, actor: str | None = None) -> str:
        """The shell's answer() in live mode: a target beyond the data is expanded first."""
        node = self.node()
        picked = node["choices"][choice]
        option = picked["options"][actor or picked["actor"]]
        entry = node["options"][option]
        if place in entry["refusals"]:
            return str(entry["refusals"][place])
        next_id = entry["targets"][place][0]
        if next_id not in self.lesson["nodes"]:
            reply = self.ask(type="expand", node=next_id, history=self.ids())
            grow(self.lesson, reply["delta"])
            for name in ("auto", "over", "won"):
                self.meta[name].update(reply["meta"][name])
            for before, words in reply["meta"]["last"].items():  # by the state clicked in, then by the click
                self.meta["last"].setdefault(before, {}).update(words)
        # Read again, as the shell does: a click whose rest waited (a bot's answer) now names its state.
        target = self.node()["options"][option]["targets"][place]
        self.history.append([target[0], target[2]])
        return str(target[1])

    def play_out(self, most: int = 5000) -> int:
        """The reader plays the hint's clicks, the others theirs, to the end; the reader's moves."""
        moves = 0
        for _ in range(most):
            here = self.here()
            if here in self.meta["over"]:
                return moves
            click = self.meta["auto"].get(here)
            if click is None:
                click = self.ask(type="hint", node=here)["click"]
                assert click is not None, self.ask(type="hint", node=here)
                moves += 1
            self.click(click["choice"], click["place"], click.get("actor"))
        raise AssertionError("the game did not end")


class HudaiPage(PlayPage):
    GAME = "hudai"


class MadnessPage(PlayPage):
    GAME = "madness"


class InfernoPage(PlayPage):
    GAME = "inferno"
