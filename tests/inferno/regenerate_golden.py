"""Record a golden game again, with the bots and seed its file names, after a rule change.

    .venv/bin/python tests/inferno/regenerate_golden.py 4p-zh-greedy 4p-en-two-pawns

Each bot is seeded "<game seed>:<seat>", as `rulesbook simulate` seeds them. Regenerate only the
games a rule change alters, and say which in the commit.
"""

from __future__ import annotations

import json
import pathlib
import sys

from rulesbook.core.records import GameRecord
from rulesbook.inferno import make_bot

GOLDEN = pathlib.Path(__file__).parent / "golden"


def regenerate(name: str) -> dict:
    path = GOLDEN / f"{name}.json"
    old = GameRecord.from_dict(json.loads(path.read_text()))
    bots = [make_bot(bot, f"{old.seed}:{seat}") for seat, bot in enumerate(old.bots)]
    record = GameRecord.play("inferno", old.players, old.seed, old.rules, bots)
    record.bots = old.bots
    state = record.final_state()
    data = record.to_dict()
    data["expected"] = {
        "totals": list(state.totals),
        "rounds": [
            {"reason": r.reason, "ender": r.ender, "raw": list(r.raw), "scored": list(r.scored), "turns": r.turns}
            for r in state.results
        ],
        "winners": list(state.winners),
        "final_mountain": str(state.mountain),
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return data


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, regenerate(name)["expected"]["totals"])
