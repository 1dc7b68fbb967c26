"""The interactive boards: anywidget classes, the only part of rulesbook that imports Jupyter.

All boards share one shell and each game adds only its picture:

- Python: `Board` (rulesbook.widgets.board) holds a lesson and answers clicks in a notebook;
  a game's board subclasses it, names its picture and adds constructors, like `InfernoBoard`.
- Lesson data: a referee over the game's engine (see `rulesbook.lessons.graph.Referee`) is asked
  about every click by `LessonGraph`; `rulesbook.lessons.data` packs the answers into the page
  data every board carries (the contract the shell's JavaScript and the site's robot test read).
- JavaScript and CSS: widgets/board.js and board.css are the shell (hand cards and effects,
  undo, move log, hints, messages, keyboard, answering clicks from the lesson data; its sentences
  in widgets/words.json); widgets/pictures/<game>.js and .css draw one game. The JavaScript files
  are ES modules; `rulesbook.widgets.assets.bundle` joins them into one script: in a notebook a
  board's module is the shell plus its picture (`board_module`); the static site loads one script
  and one stylesheet for every board of every game (`site_module`, `rulesbook.widgets.site`).

A new game's board plugs in like this:

1. Write a referee in `rulesbook.lessons` (standard library only): `start`, `picture` (the view
   as plain JSON, plus "decision", "hand" and "hand_label", whose hand it is), `choices`, `places`
   (keys: "row,column" or any string), `play` (an `Outcome`, or `IllegalAction` citing the rule;
   its log entry is the action's text form, as on every board), `idle` and `hint` in the
   learner's words. Exercises come from `rulesbook.lessons.exercise(record, choice, noun=...)`.
2. Subclass `Board` with ``picture = "<game>"`` and constructors for its lessons.
3. Add widgets/pictures/<game>.js, an ES module that imports the helpers it needs from the shell
   (``import { html, svg } from "../board.js";``) and ``export default``s its picture
   ``{label, draw, actorsAt, placeName}`` (see the top of widgets/board.js): `draw` puts one
   element with ``data-place="<key>"`` and an ``aria-label`` for each place of the view; and
   <game>.css.

Nothing else changes: the bundle finds every picture in widgets/pictures/, and the site tests (the robot that
completes every board, axe-core, the phone and keyboard checks) cover the new boards unchanged.

A board's language. A board speaks English unless told otherwise. The Mountain of Inferno boards on a game
moment speak zh-TW (issue 26) when asked, one board at a time or for the whole chapter::

    from rulesbook.widgets import InfernoBoard, speak

    speak("zh-TW")                                  # once, at a zh-TW chapter's top: every board after it
    InfernoBoard.find_in_game(moment, "h0")          # its lesson's sentences in zh-TW
    InfernoBoard.game(moment, language="en")         # this one board in English all the same

A referee says its sentences in its `language` ("en" or "zh-TW"): the decision line, prompts, what a
click says (the engine's refusal, an effect's outcome), hints, idle lines, choice and hand labels and
the exercise's sentences, all through the message catalogue (`rulesbook.core.messages`). The lesson
data then says ``"language": "zh-TW"`` (English data carries no such key and is as it always was), and
the shell takes its own words from widgets/words.zh-TW.json instead of words.json, in the notebook and
on the static site alike (`Board.words` in Python). Every Mountain of Inferno board speaks zh-TW so:
the game moments', the Bison King lessons' (`bison`, `find`) and the scoring-window exercise's
(`find_windows`); the other games' boards speak English only, for now: `speak` leaves them as they are.
"""

from rulesbook.widgets.assets import asset_path, asset_text, board_module, site_module, site_style
from rulesbook.widgets.board import Board, speak, spoken
from rulesbook.widgets.hudai import HudaiTable
from rulesbook.widgets.inferno import InfernoBoard
from rulesbook.widgets.madness import MadnessExpedition

__all__ = ["Board", "HudaiTable", "InfernoBoard", "MadnessExpedition", "asset_path", "asset_text", "board_module", "site_module", "site_style",
           "speak", "spoken"]
