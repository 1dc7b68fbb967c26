"""The robot: completes a board of the built site from the lesson data the page carries.

It knows no game. It reads each board's page data (`rulesbook.lessons.data`: the widget state
of the page) and clicks the board's controls as a reader would, through the DOM of the board
shell (widgets/board.js):

- the board root `.rb-board`, one per widget view in page order, with `data-node` (the state on
  show), `data-chosen` (the choice made) and, if it broke, `data-board-error`;
- `[data-place=<key>]` for every place of the state, classes rb-target, rb-found, rb-refused;
- buttons `[data-hand=<i>]`, `[data-choice=<key>]`, `[data-actor-choice=<actor>]` (aria-pressed),
  `.rb-undo`, `.rb-hint`, `.rb-reset`, and the move log `.rb-log`;
- the message `.rb-message` with `data-tone` ("info", "ok", "no").

A lesson ("play") is walked through its states, each move checked to show the next state and
say its sentence, undone, and the next tried: every state of a lesson of up to WALKED_STATES
states; in a longer one (a whole game's worth of branches), that many, depth first: the first line
of play to its end and the branches nearest it (the lesson data of every state is checked in
Python, tests/widgets). An exercise ("find") is solved to "all found". Every refusal met (a refused place, a refused choice) must leave the board as it was and
mark the place. Every hint must be in words, with no internal code of the lesson in it.

The robot reads the DOM, not pixels: while it clicks, the boards are out of the page's layout
(site_browser.undrawn), which spares the browser a frame after each call.
"""

from __future__ import annotations

import re
from typing import Any

from site_browser import undrawn

from rulesbook.lessons import unpack
from rulesbook.lessons.data import opened_exercise
from rulesbook.widgets.board import LANGUAGE_WORDS

HAND_CHOICE = re.compile(r"^h\d+(\+h\d+)*$")
#: How many states of a lesson the robot walks at most (see above): clicks cost time in a browser.
WALKED_STATES = 24

#: Every board's state, in the order its view appears on the page.
READ_BOARDS = """() => {
  const script = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
  if (!script) return [];
  const state = JSON.parse(script.textContent).state;
  return [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
    .map((view) => state[JSON.parse(view.textContent).model_id])
    .filter((record) => record && record.state._picture)
    .map((record) => record.state);
}"""

#: Click controls of board `index` one after the other (CSS selectors inside it) and return what the
#: board shows after each (with no selector: what it shows). One call for several clicks: the page
#: draws a frame between two calls, which costs four times what a click does, and the robot reads
#: the board, not its pixels (a board draws a click's answer before the click returns).
CLICKS = """([index, selectors]) => {
  const root = document.querySelectorAll('.rb-board')[index];
  const looks = [];
  for (const selector of selectors.length ? selectors : [null]) {
    if (selector) {
      const target = root.querySelector(selector);
      if (!target) return [...looks, { missing: selector }];
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    }
    looks.push(look(root));
  }
  return looks;
}"""

#: In the page: what a board shows.
LOOK = """(root) => {
  const places = [...root.querySelectorAll('[data-place]')];
  const clean = (element) => element.getAttribute('class').replace(/\\s*\\brb-(cursor|refused|target)\\b/g, '');
  const shown = (element) => {  // the place's drawing, without its name (which says "a legal destination")
    const copy = element.cloneNode(true);
    for (const title of copy.querySelectorAll('title')) title.remove();
    return copy.textContent;
  };
  return {
    node: root.getAttribute('data-node'),
    chosen: root.getAttribute('data-chosen'),
    error: root.getAttribute('data-board-error'),
    message: root.querySelector('.rb-message').textContent,
    tone: root.querySelector('.rb-message').getAttribute('data-tone'),
    found: places.filter((p) => p.classList.contains('rb-found')).map((p) => p.getAttribute('data-place')),
    targets: places.filter((p) => p.classList.contains('rb-target')).map((p) => p.getAttribute('data-place')),
    refused: places.filter((p) => p.classList.contains('rb-refused')).map((p) => p.getAttribute('data-place')),
    picture: places.map((p) => `${p.getAttribute('data-place')}|${clean(p)}|${shown(p)}`).join('\\n'),
    actors: Object.fromEntries(places.map((p) => [p.getAttribute('data-place'),
      [...p.querySelectorAll('[data-actor]')].map((a) => a.getAttribute('data-actor'))])),
    log: [...root.querySelectorAll('.rb-log li')].map((item) => item.textContent),
    pressed: [...root.querySelectorAll('[aria-pressed="true"]')].map((b) => b.getAttribute('data-hand') !== null
      ? `h${b.getAttribute('data-hand')}` : b.getAttribute('data-choice') || `actor:${b.getAttribute('data-actor-choice')}`),
  };
}"""
#: The two together, as the page runs them.
ACT = f"(() => {{ const look = {LOOK}; return {CLICKS}; }})()"


def controls(key: str) -> list[str]:
    """The buttons pressed, in turn, for a choice: its hand cards ("h0+h2"), or its one button."""
    if HAND_CHOICE.match(key):
        return [f'[data-hand="{card[1:]}"]' for card in key.split("+")]
    return [f'[data-choice="{key}"]']


def fill(template: str, **values: Any) -> str:
    return re.sub(r"\{(\w+)\}", lambda match: str(values.get(match.group(1), match.group(0))), template)


class Robot:
    """Completes board `index` of an open page from its page data `state` (the synced traits)."""

    def __init__(self, page: Any, index: int, state: dict[str, Any]):
        self.page = page
        self.index = index
        self.lesson = state["lesson"]
        self.nodes = unpack(self.lesson)
        self.where = f"board {index + 1} ({self.lesson.get('title') or 'untitled'})"
        #: The shell's words the board says, in its lesson's language (widgets/words*.json).
        self.words = LANGUAGE_WORDS[self.lesson.get("language", "en")]
        self.clicks = 0
        self.shown: dict[str, Any] | None = None
        #: Words that must never reach a learner: the lesson's internal codes ("bison1:R", "h0+h1").
        self.codes = {key for node in self.nodes.values() for key in [*node["options"], *node["choices"]]
                      if re.search(r"[:+]|\d", key)}

    # --- acting -------------------------------------------------------------------------------
    def look(self, selector: str | None = None) -> dict[str, Any]:
        """What the board shows, after a click on `selector` if one is given. A board changes only
        when clicked (it draws a click's answer before the click returns), so a look with no click
        reads what the last click showed: half the robot's round trips to the page."""
        if selector is None and self.shown is not None:
            return self.shown
        return self.looks([selector] if selector else [])[-1]

    def looks(self, selectors: list[str]) -> list[dict[str, Any]]:
        """What the board shows after each of these clicks, made one after the other in one call."""
        shown = self.page.evaluate(ACT, [self.index, selectors])
        for one in shown:
            assert "missing" not in one, f"{self.where}: nothing to click at {one.get('missing')}"
            assert not one["error"], f"{self.where}: the board broke: {one['error']}"
            assert "{" not in one["message"], f"{self.where}: a sentence was not filled in: {one['message']!r}"
        self.clicks += len(selectors)
        self.shown = shown[-1]
        return shown

    def place(self, key: str) -> dict[str, Any]:
        return self.look(f'[data-place="{key}"]')

    def release(self) -> None:
        """Put back every pressed hand card and effect, so that nothing is chosen."""
        for _ in range(8):
            shown = self.look()
            if not shown["chosen"]:
                return
            pressed = [key for key in shown["pressed"] if not key.startswith("actor:")]
            assert pressed, f"{self.where}: {shown['chosen']!r} is chosen and no control shows it"
            key = pressed[0]
            self.look(f'[data-hand="{key[1:]}"]' if HAND_CHOICE.match(key) else f'[data-choice="{key}"]')
        raise AssertionError(f"{self.where}: the chosen cards cannot be put back")

    def choose(self, node: dict[str, Any], key: str, actor: str) -> None:
        """Press the cards (or the choice) `key`, then the actor they act on if it is not the first."""
        self.release()
        choice = node["choices"][key]
        buttons = controls(key)
        switch = [f'[data-actor-choice="{actor}"]'] if actor != choice["actor"] else []
        pressed = self.looks(buttons + switch)
        shown = pressed[len(buttons) - 1]
        assert shown["chosen"] == key, f"{self.where}: pressing {key} chose {shown['chosen']!r}: {shown['message']}"
        assert shown["message"] == choice["says"][choice["actor"]], (self.where, key, shown["message"])
        if switch:
            assert pressed[-1]["message"] == choice["says"][actor], (self.where, key, actor, pressed[-1]["message"])

    # --- checks -------------------------------------------------------------------------------
    def unchanged(self, before: dict[str, Any], after: dict[str, Any], what: str) -> None:
        for name in ("node", "found", "picture", "log"):
            assert before[name] == after[name], f"{self.where}: {what} changed the board ({name})"

    def refuse(self, refusals: list[tuple[str, str]]) -> None:
        """Each refused place (with its reason), clicked in turn: the reason, the tone "no", the
        place marked, nothing else changed."""
        if not refusals:
            return
        before = self.look()
        for (key, reason), shown in zip(refusals, self.looks([f'[data-place="{key}"]' for key, _ in refusals])):
            assert shown["tone"] == "no" and shown["message"] == reason, (self.where, key, shown["message"], reason)
            assert shown["refused"] == [key], f"{self.where}: the refused place {key} is not marked on the board"
            self.unchanged(before, shown, f"the refused click on {key}")

    def hint(self, expected: str, shown: dict[str, Any] | None = None) -> None:
        """The hint button says `expected`, in words (`shown`: what it showed, if already pressed)."""
        shown = shown or self.look(".rb-hint")
        assert shown["tone"] == "info" and shown["message"] == expected, (self.where, shown["message"], expected)
        words = set(re.findall(r"[\w:+,-]+", shown["message"]))
        assert not words & self.codes, f"{self.where}: the hint shows internal codes {words & self.codes}"
        assert not re.search(r"\d+ \u00d7 \w", shown["message"]), f"{self.where}: the hint counts codes: {shown['message']}"

    def refused_choices(self, node: dict[str, Any]) -> None:
        """Each refused choice says why, chooses nothing it cannot play and changes nothing."""
        for key, choice in node["choices"].items():
            if "refusal" not in choice:
                continue
            self.release()
            before = self.look()
            cards = controls(key)
            shown = self.looks(cards)[-1]
            assert shown["tone"] == "no", f"{self.where}: the refused choice {key} says {shown['message']!r}"
            if len(cards) == 1:
                assert shown["message"] == choice["refusal"] and shown["chosen"] == "", (self.where, key, shown["message"])
            assert shown["chosen"] != key, f"{self.where}: the refused choice {key} was chosen"
            self.unchanged(before, shown, f"the refused choice {key}")
        self.release()

    # --- lessons ------------------------------------------------------------------------------
    def complete(self) -> int:
        """Complete the board; the number of clicks it took."""
        shown = self.look()
        assert shown["node"] in self.nodes, f"{self.where}: shows {shown['node']!r}, not a state of its lesson"
        if self.lesson["mode"] == "find":
            self.solve()
        else:
            self.walk_all(shown["node"])
        return self.clicks

    def walk_all(self, first: str) -> None:
        seen: set[str] = set()
        self.walk(first, seen, first=True)
        shown = self.look(".rb-reset")
        assert shown["node"] == self.lesson["start"] and shown["tone"] == "info", (self.where, shown["node"])
        self.walk(self.lesson["start"], seen, first=True)
        reached = {target[0] for node in self.nodes.values() for option in node["options"].values()
                   for target in option["targets"].values()}
        missed = (reached & set(self.nodes)) - seen - {first, self.lesson["start"]}
        if len(self.nodes) <= WALKED_STATES:
            assert not missed, f"{self.where}: states of the lesson no click reached: {sorted(missed)}"
        else:
            assert len(seen) >= WALKED_STATES, f"{self.where}: walked {len(seen)} of its {len(self.nodes)} states"

    def walk(self, node_id: str, seen: set[str], first: bool = False, hinted: dict[str, Any] | None = None) -> None:
        """Check this state, then play every move to a state not seen yet, walk on, and undo it
        (`hinted`: what the hint said, pressed on arriving here)."""
        node = self.nodes[node_id]
        shown = self.look()
        assert shown["node"] == node_id, f"{self.where}: expected state {node_id}, the board shows {shown['node']}"
        if node_id in seen:
            return
        seen.add(node_id)
        self.hint(node["hint"], hinted)
        self.refused_choices(node)
        beyond_tried = False
        for key, choice in node["choices"].items():
            for actor, option_key in choice.get("options", {}).items():
                option = node["options"][option_key]
                if not option["targets"] and not option["refusals"]:
                    continue
                if len(choice["options"]) == 1 and list(option["targets"]) == [key]:
                    # A button that is its own move (Inferno's "End step I"): pressed, it is played.
                    next_id, say, _log, _reach = option["targets"][key]
                    if next_id in seen or (next_id not in self.nodes and beyond_tried) or (
                            len(seen) >= WALKED_STATES and next_id in self.nodes):
                        continue
                    self.release()
                    if next_id not in self.nodes:
                        before = self.look()
                        shown = self.look(controls(key)[0])
                        assert shown["tone"] == "info" and shown["message"].startswith(say), (self.where, shown["message"])
                        self.unchanged(before, shown, "a move beyond the lesson")
                        beyond_tried = True
                        continue
                    shown, hinted = self.looks([*controls(key), ".rb-hint"])  # the move, and the hint there
                    assert shown["node"] == next_id, f"{self.where}: the button {key} showed {shown['node']}, not {next_id}"
                    assert shown["tone"] == "ok" and shown["message"] == say, (self.where, shown["message"], say)
                    self.walk(next_id, seen, hinted=hinted)
                    shown = self.look(".rb-undo")
                    assert shown["node"] == node_id and shown["tone"] == "info", f"{self.where}: undo after the button {key}"
                    continue
                self.choose(node, key, actor)
                shown = self.look()
                assert set(shown["targets"]) == set(option["targets"]), f"{self.where}: {key} for {actor} marks the wrong places"
                reasons = {}
                for place, reason in option["refusals"].items():
                    # A click on another actor the cards may act on switches to it, not a refusal.
                    if not set(shown["actors"].get(place, ())) & (set(choice["options"]) - {actor}):
                        reasons.setdefault(reason, place)
                self.refuse([(place, reason) for reason, place in list(reasons.items())[: None if first else 1]])
                for place, (next_id, say, _log, _reach) in option["targets"].items():
                    if (next_id not in self.nodes and beyond_tried) or next_id in seen:
                        continue
                    if len(seen) >= WALKED_STATES and next_id in self.nodes:
                        continue
                    if not self.look()["chosen"]:
                        self.choose(node, key, actor)
                    if next_id not in self.nodes:
                        if not beyond_tried:
                            before = self.look()
                            shown = self.place(place)
                            assert shown["tone"] == "info" and shown["message"].startswith(say), (self.where, shown["message"])
                            self.unchanged(before, shown, "a move beyond the lesson")
                            beyond_tried = True
                        continue
                    shown, hinted = self.looks([f'[data-place="{place}"]', ".rb-hint"])  # the move, and the hint there
                    assert shown["node"] == next_id, f"{self.where}: {key} on {place} showed {shown['node']}, not {next_id}"
                    assert shown["tone"] == "ok" and shown["message"] == say, (self.where, shown["message"], say)
                    self.walk(next_id, seen, hinted=hinted)
                    shown = self.look(".rb-undo")
                    assert shown["node"] == node_id and shown["tone"] == "info", f"{self.where}: undo after {key} on {place}"
        self.release()

    # --- exercises ----------------------------------------------------------------------------
    def solve(self) -> None:
        exercise = opened_exercise(self.lesson)
        node = self.nodes[self.look()["node"]]
        answers = exercise["answers"]
        total = len(answers)
        option = node["options"][exercise["option"]]
        assert set(option["targets"]) == set(answers), f"{self.where}: the answers are not the lesson's targets"
        shown = self.look()
        assert shown["chosen"] == exercise["choice"], f"{self.where}: the exercise's choice is not made ({shown['chosen']!r})"
        assert not shown["targets"], f"{self.where}: an exercise shows its answers"
        found = list(shown["found"])
        if found:  # found already on the page (set from Python): start again
            shown = self.look(".rb-reset")
            assert not shown["found"], self.where
        self.hint(fill(exercise["missing"][total], clue=exercise["clues"][answers[0]]))
        for shown in self.looks(controls(exercise["choice"])):
            assert shown["chosen"] == exercise["choice"] and shown["tone"] == "info", f"{self.where}: the exercise's choice came undone"
        self.refuse([(place, reason) for reason, place in {reason: place for place, reason in option["refusals"].items()}.items()])
        for count, place in enumerate(answers, start=1):
            shown = self.place(place)
            template = exercise["done"] if count == total else exercise["right"]
            say = option["targets"][place][3]
            assert shown["tone"] == "ok" and shown["message"] == fill(template, say=say, Say=say[:1].upper() + say[1:], found=count, total=total), (
                self.where, place, shown["message"])
            assert len(shown["found"]) == count and place in shown["found"], (self.where, place, shown["found"])
            assert not any(self.words["nothingYet"] in entry for entry in shown["log"]), f"{self.where}: the log still says nothing is found"
            if count == 1:
                again = self.place(place)
                assert again["tone"] == "info" and again["message"] == fill(exercise["again"], found=1, total=total), self.where
                self.unchanged(shown, again, "finding an answer twice")
            if count < total:
                left = answers[count:]
                self.hint(fill(exercise["missing"][len(left)], clue=exercise["clues"][left[0]]))
        shown = self.look()
        assert sorted(shown["found"]) == sorted(answers) and len(shown["log"]) == total + 1, (self.where, shown["log"])
        self.hint(exercise["missing"][0])
        shown = self.look(".rb-undo")
        assert len(shown["found"]) == total - 1, f"{self.where}: undo did not take back the last answer"
        shown = self.look(".rb-reset")
        assert shown["found"] == [] and any(self.words["nothingYet"] in entry for entry in shown["log"]), self.where


def complete_boards(page: Any) -> None:
    """Every board of an open page completed by a Robot (page_visit.py's last check of a page)."""
    boards = page.evaluate(READ_BOARDS)
    assert page.locator(".rb-board").count() == len(boards), "every board of the page's data is on the page"
    with undrawn(page):
        for index, state in enumerate(boards):
            Robot(page, index, state).complete()
