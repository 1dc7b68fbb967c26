// A Play page: a whole game against the engine, on the chapters' board shell and pictures.
//
// The page (book/play/<game>.md) carries the set-up form and an empty board area in its HTML, so
// its text paints at once; this script (bundled by rulesbook.widgets.assets into a classic script,
// _static/rulesbook/play.js) starts the engine once the page has loaded: Pyodide in a Web Worker
// (play_worker.js) with the project's wheel, running rulesbook.lessons.play. The board is the
// shell's own (boardRender), on a model whose transport is the worker: the shell's "expand"
// message goes there instead of to a kernel, and the lesson grows a state at a time. No rule and
// no click is worked out here: the moves nobody decides (the demon's turn) come from the worker as
// clicks (`meta.auto`) that this page plays on the shell one at a time; undo goes back to before
// the reader's last action; the hint is a bot's move, worded by the engine; the record is the
// worker's. The game is kept in the browser (localStorage) as its record and played back on reload.
//
// Before the engine is up (about 6 MB on a first visit), a game may already begin: the page carries
// the engine's own answer to "new" for its form's set-up as loaded and a few seeds
// (rulesbook.widgets.play_site, `<script class="rb-play-openings">`); the form suggests one of those
// seeds, and a game started with it is on the board at once. Whatever the page then asks the engine
// waits until the engine is up and has taken the same game over.
//
// ?pace=MS sets the wait between the demon's steps (0: at once), for tests and the impatient.
// ?sand=S runs Madness's Sand Timer for S seconds (tests); the page's switch turns it off.

import { boardRender, fill, html, writeText } from "./board.js";
import { PageModel } from "./page_model.js";
import PLAY_WORDS from "./play_words.json" with { type: "json" };
import PLAY_WORDS_ZH_TW from "./play_words.zh-TW.json" with { type: "json" };
import hudai from "./pictures/hudai.js";
import inferno from "./pictures/inferno.js";
import madness from "./pictures/madness.js";

const PICTURES = { hudai, inferno, madness };
/** The page's own sentences by its language (the Play area's data-language; English when none):
 * play_words.json, and its zh-TW form made from the message catalogue (tools/catalogue.py). */
const LANGUAGE_WORDS = { en: PLAY_WORDS, "zh-TW": PLAY_WORDS_ZH_TW };

/** A set-up with its keys in order, to compare two as JSON. */
const sorted = (setup) => Object.fromEntries(Object.keys(setup).sort().map((key) => [key, setup[key]]));
const SCRIPT = document.currentScript ? document.currentScript.src : "";
const ROOT = SCRIPT.replace(/_static\/rulesbook\/play\.js(\?.*)?$/, "");
// The site's Pyodide: where the page's first script says (a book built into a folder of the site,
// the zh-TW one, is a folder further from it), else beside the site's root.
const PYODIDE = window.rulesbookPyodide || `${ROOT}lite/static/pyodide/`;
const PACE = (() => {
  const asked = new URLSearchParams(location.search).get("pace");
  return asked !== null && /^\d+$/.test(asked) ? Number(asked) : 700;
})();
/** ?sand=SECONDS: the Sand Timer's length on this visit, turned on (for tests); 0: the rules' own. */
const SAND = (() => {
  const asked = new URLSearchParams(location.search).get("sand");
  return asked !== null && /^\d+$/.test(asked) ? Number(asked) : 0;
})();

/** Seconds of the Sand Timer left when a screen reader is told it is running out (a third of
 * it, for a shorter one). */
const SAND_WARNING = 10;

/** The most bytes a card file may have (rulesbook.hudai.cards.MAX_CARD_FILE): a larger file is
 * not read into the page at all. */
const CARD_FILE_MOST = 1024 * 1024;

/** An "expanded" answer appended to the lesson (rulesbook.lessons.data.Packer.delta): the tables
 * only grow, so every index the page holds stays valid; a state sent again replaces its record. */
function grow(lesson, delta) {
  for (const table of ["texts", "parts", "views", "places"]) lesson[table].push(...delta[table]);
  Object.assign(lesson.nodes, delta.nodes);
}

/** The page's model (page_model.js) with the worker as the other side, as a kernel is a notebook's. */
class WorkerModel extends PageModel {
  constructor(play, state) {
    super(state);
    this.play = play;
  }

  /** The shell's messages: "hello" is answered at once (the engine is there: live mode), "expand"
   * goes to the worker with the move log's states, and its answer comes back as the kernel's would. */
  send(content) {
    if (content.type === "hello") {
      queueMicrotask(() => this.emit("msg:custom", { type: "live" }));
    } else if (content.type === "expand") {
      // A click before the engine is up (on a slow link, half a minute) is said, not left silent.
      if (!this.play.up && this.play.board) this.play.board.settle(this.play.say("moveLoading"), "info");
      const history = this.get("history").map(([id]) => id);
      const yours = !this.play.meta.auto[history[history.length - 1]];  // the reader's click, not a bot's
      this.play.ask({ type: "expand", node: content.node, history }).then((reply) => {
        if (reply.type !== "expanded") {
          this.play.status(reply.text || this.play.say("noAnswer"), "no");
          this.emit("msg:custom", { type: "failed" });
          return;
        }
        this.play.learn(reply);
        if (yours && typeof reply.ms === "number") (this.play.timings.yours = this.play.timings.yours || []).push(reply.ms);
        grow(this.get("lesson"), reply.delta);
        this.emit("msg:custom", { type: "expanded", node: content.node });
      });
    }
  }
}

/** Show or hide a part of the page. The focus inside a part that hides goes to `next`: a keyboard
 * or screen-reader user is never left on the page's <body> (as the hot-seat cover once did). */
function showIf(box, shown, next) {
  const focused = !shown && box.contains(document.activeElement);
  box.hidden = !shown;
  if (focused && next) next.focus();
}

class Play {
  constructor(root) {
    this.root = root;
    this.game = root.getAttribute("data-game");
    this.words = LANGUAGE_WORDS[root.getAttribute("data-language")] || PLAY_WORDS;
    // The game kept for a reload is its page's: the zh-TW page's speaks zh-TW, the English one's English.
    const language = root.getAttribute("data-language");
    this.key = `rulesbook.play.${this.game}${language ? `.${language}` : ""}`;
    this.form = root.querySelector("form.rb-play-setup");
    this.statusLine = root.querySelector(".rb-play-status");
    this.gameBox = root.querySelector(".rb-play-game");
    this.boardArea = root.querySelector(".rb-play-board");
    this.story = root.querySelector(".rb-play-story ol");
    this.endBox = root.querySelector(".rb-play-end");
    this.story.setAttribute("data-empty", this.say("nothingYet"));  // play.css shows it in an empty list
    // What a screen reader is told besides the board's message: the reader's turn after the bots'
    // moves, the Sand Timer running out (play.css keeps it off the screen).
    this.aside = html("p", { class: "rb-play-aside", role: "status" }, root);
    this.asked = new Map();
    this.asks = 0;
    this.meta = { auto: {}, over: {}, won: {}, last: {} };
    this.timer = null;
    this.quietMoves = [];  // the moves nobody decides shown while the page kept them quiet, to be told
    this.shownAt = null;  // the state moved() last showed
    this.board = null;
    this.model = null;
    this.setup = null;
    this.timings = { start: performance.now() };
    this.openings = this.readOpenings();
    this.opening = null;  // the set-up of a game begun from the page's openings, until the engine takes it over
    this.up = false;  // the engine is up (and has taken over any game begun before)
    this.engineUp = new Promise((resolve) => (this.engineIsUp = resolve));
    window.__rulesbookPlay = this;
    // A reload's game comes back a moment after the page: the browser's own scroll, restored to a
    // page not yet that tall, dropped the reader far below the board. The page places it (showGame).
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    // What made the last click on the board's buttons: a hint asked with no pointer (the keyboard,
    // a screen reader's own activation: pointerType "") says "press Enter", with one "click".
    this.pointer = "";
    this.boardArea.addEventListener("click", (event) => (this.pointer = event.pointerType || ""), true);
    this.wire();
    this.wireSand();
  }

  // --- the worker --------------------------------------------------------------------------
  start() {
    this.status(this.say("loading"), "info");
    if (location.protocol === "file:") return this.status(this.say("fromFile"), "no");
    try {  // the worker the page's first script started (play_site.early_engine), or a new one
      this.worker = window.rulesbookPlayWorker || new Worker(`${ROOT}_static/rulesbook/play_worker.js`, { type: "module" });
    } catch (error) {
      return this.status(this.say("noWorkers"), "no");
    }
    this.worker.onmessage = (event) => this.answered(event.data);
    this.worker.onerror = () => this.status(this.say("cannotStart"), "no");
    if (this.worker.failed) this.worker.onerror();
    return this.post({ type: "boot", pyodide: PYODIDE }).then((reply) => {
      if (reply.type !== "ready") {
        // The reader gets the sentence; the browser's own words (a file not found, a wrong type) go
        // to the console, for whoever publishes the site.
        console.warn(`rulesbook Play page: the engine could not start: ${reply.text}`);
        this.status(this.say("noPython"), "no");
        return;
      }
      this.timings.engine = performance.now();
      this.timings.bootSeconds = reply.seconds;
      this.timings.snapshot = reply.snapshot;  // started from the snapshot of an earlier visit
      if (this.opening) return this.takeOver();
      this.goUp();
      const saved = this.saved();
      if (saved && saved.record) return this.resume(saved);
      return this.ready();
    });
  }

  goUp() {
    this.up = true;
    this.engineIsUp();
  }

  /** The game begun from the page's openings, started in the engine with the same set-up: the same
   * game (the engine's answer is the page's); drawn again only if the engine's differs. */
  takeOver() {
    const setup = this.opening;
    return this.post({ type: "new", setup }).then((reply) => {
      const shown = this.openings.games[setup.seed];
      this.opening = null;
      this.goUp();
      const same = JSON.stringify(reply.lesson) === JSON.stringify(shown.lesson) && JSON.stringify(reply.history) === JSON.stringify(shown.history);
      this.timings.takeOver = same ? "kept" : "drawn again";
      if (!same) this.begin(reply);
    });
  }

  /** The openings the page carries ({setup, games: {seed: the engine's "started"}}), or null. A
   * return visit with a game kept plays that back instead, so the form waits for the engine. */
  readOpenings() {
    const script = document.querySelector("script.rb-play-openings");
    if (!script || this.saved()) return null;
    try {
      const openings = JSON.parse(script.textContent);
      return openings && openings.games && Object.keys(openings.games).length ? openings : null;
    } catch (error) {
      return null;
    }
  }

  /** The page's answer for this set-up, if it carries one: the form's set-up as loaded, a seed of its openings. */
  openingFor(setup) {
    if (!this.openings || this.up) return null;
    const { seed, ...rest } = setup;
    const shown = this.openings.games[seed];
    return shown && JSON.stringify(sorted(rest)) === JSON.stringify(sorted(this.openings.setup)) ? shown : null;
  }

  /** A message to the engine, once it is up (a game begun from the page is taken over first). */
  ask(message) {
    return this.up ? this.post(message) : this.engineUp.then(() => this.post(message));
  }

  post(message) {
    this.asks += 1;
    const id = this.asks;
    return new Promise((resolve) => {
      this.asked.set(id, resolve);
      this.worker.postMessage({ ...message, id, game: this.game });
    });
  }

  answered(reply) {
    // The worker's own failures come as one of the page's sentences (play_words.json), said here.
    if (reply.words) reply.text = this.say(reply.words, { text: reply.text || "" });
    const resolve = this.asked.get(reply.id);
    this.asked.delete(reply.id);
    if (resolve) resolve(reply);
  }

  /** What the worker says about the states of a lesson: the moves nobody decides, the endings,
   * the endings the reader's side won, what the moves that end the game did (by the state each was
   * made in, then its move-log entry: a page's openings, made before there was any, send none). */
  learn(reply) {
    Object.assign(this.meta.auto, reply.meta.auto);
    Object.assign(this.meta.over, reply.meta.over);
    Object.assign(this.meta.won, reply.meta.won);
    for (const [before, moves] of Object.entries(reply.meta.last || {})) this.meta.last[before] = { ...this.meta.last[before], ...moves };
    this.learnSeats(reply.meta);
    if (typeof reply.ms === "number") (this.timings.moves = this.timings.moves || []).push(reply.ms);
  }

  // --- the set-up --------------------------------------------------------------------------
  wire() {
    const seed = this.form.elements.seed;
    if (!seed.value) seed.value = this.newSeed();
    // Another tab of this page keeps its game under the same key, and a reload brings back the
    // game kept last: said here once it happens, not found out at the next reload.
    window.addEventListener("storage", (event) => {
      if (event.key === this.key && event.newValue && this.setup) this.status(this.say("otherTab"), "info");
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      // The new game's board in sight: on a phone it began below the fold, and nothing seemed to happen.
      this.formSetup().then((setup) => setup && this.newGame(setup)).then((started) => started === true && this.showGame());
    });
    // A card file chosen is the card set chosen (Hudai Pass, HUD-R01).
    const cardFile = this.form.querySelector("[data-card-file]");
    if (cardFile) cardFile.addEventListener("change", () => (this.form.elements[cardFile.getAttribute("data-card-file")].value = "file"));
    for (const button of this.root.querySelectorAll("[data-play]")) {
      button.addEventListener("click", () => this.tool(button.getAttribute("data-play")));
    }
    this.form.querySelector("[type=submit]").disabled = true;
    if (this.openings) this.earlySetup();
    const load = this.root.querySelector("[data-play-load]");
    if (load) load.addEventListener("change", () => this.load(load));
  }

  /** A record file (from Download the record, or `rulesbook simulate --record`) played back, to go on from its end. */
  load(input) {
    const file = input.files && input.files[0];
    if (!file || !this.worker) return;
    file.text().then((text) => {
      let record;
      try {
        record = JSON.parse(text);
      } catch (error) {
        return this.status(this.say("notJson", { file: file.name }), "no");
      }
      input.value = "";
      // What a record does not hold: the hint bot chosen, and the language the page speaks.
      const setup = {};
      for (const name of ["hint_bot", "language"]) if (this.form.elements[name]) setup[name] = this.form.elements[name].value;
      return this.resume({ record, setup }, file.name);
    });
  }

  /** A seed for a new game: one whose opening the page carries while the engine is not up, else any. */
  newSeed() {
    const seeds = this.openings && !this.up ? Object.keys(this.openings.games) : [];
    return seeds.length ? seeds[Math.floor(Math.random() * seeds.length)] : String(Math.floor(Math.random() * 1e6));
  }

  /** The form may be used: once the engine is up, or at once when the page's openings can start a game. */
  earlySetup() {
    this.form.querySelector("[type=submit]").disabled = false;
    this.root.setAttribute("data-play-ready", "setup");
  }

  ready() {
    this.earlySetup();
    this.status(this.say("ready"), "info");
  }

  /** The form's set-up, once any card file chosen is read (null, said on the page, when it is too big to be one). */
  formSetup() {
    const setup = {};
    for (const element of this.form.elements) {
      if (!element.name || element.type === "submit") continue;
      if (element.hasAttribute("data-list")) (setup[element.name] = setup[element.name] || []).push(element.value);
      else setup[element.name] = element.value;
    }
    return this.cardFile(setup);
  }

  /** "Your own card file": its name and text go to the engine, which reads it ({source, csv}; its
   * error names the line). With no file chosen, the set this game was set up with (after a reload)
   * stays; failing that the engine says to choose one. */
  cardFile(setup) {
    const input = this.form.querySelector("[data-card-file]");
    const name = input && input.getAttribute("data-card-file");
    if (!input || setup[name] !== "file") return Promise.resolve(setup);
    const file = input.files && input.files[0];
    if (!file) {
      const kept = this.setup && this.setup[name];
      if (kept && typeof kept === "object") setup[name] = kept;
      return Promise.resolve(setup);
    }
    if (file.size > CARD_FILE_MOST) {
      this.status(this.say("tooBig", { file: file.name, size: file.size.toLocaleString("en"), most: CARD_FILE_MOST.toLocaleString("en") }), "no");
      return Promise.resolve(null);
    }
    return file.text().then((csv) => ({ ...setup, [name]: { source: file.name, csv } }));
  }

  showSetup(setup) {
    const lists = {};
    for (const element of this.form.elements) {
      if (!element.name || !(element.name in setup)) continue;
      if (element.hasAttribute("data-list")) {
        const index = (lists[element.name] = (lists[element.name] || 0) + 1) - 1;
        element.value = setup[element.name][index];
      } else {
        const value = setup[element.name];
        element.value = value && typeof value === "object" ? "file" : String(value); // a card file embedded
      }
    }
  }

  newGame(setup) {
    if (!this.worker) return undefined;
    const shown = this.openingFor(setup);
    if (shown) {
      this.opening = setup;
      return this.begin(JSON.parse(JSON.stringify(shown)));
    }
    this.status(this.say(this.up ? "settingUp" : "settingUpLater"), "info");
    return this.ask({ type: "new", setup }).then((reply) => this.begin(reply));
  }

  resume({ record, setup, ahead, entries }, file) {
    this.status(file ? this.say("playingBack", { file }) : this.say("settingOut"), "info");
    return this.ask({ type: "resume", record, setup: setup || {} }).then((reply) => {
      if (reply.type !== "started") {
        if (file) return this.status(this.say("notPlayedBack", { file, text: reply.text }), "no");
        this.forget();
        this.ready();
        return this.status(this.say("savedNotPlayedBack", { text: reply.text }), "no");
      }
      // The game is back where the reader was, and the moves that waited ahead in the move log wait
      // there again: the record holds both, and the saved game how many entries were the reader's.
      const played = reply.history;
      const mine = Number.isInteger(entries) && Number.isInteger(ahead) ? entries - ahead : played.length;
      const at = mine >= 1 && mine < played.length ? mine : played.length;
      reply.history = played.slice(0, at);
      return this.begin(reply, file ? this.say("playedBack", { file }) : this.say("gameBack"), played.slice(at)) && this.showGame();
    });
  }

  /** A game begun, or back after a reload, in sight from its status line ("Seed 5. You are Red…"),
   * below the page's sticky header; the keyboard on its board. `kept`: where the status line is in
   * sight already, nothing moves (Play again, pressed just below it). The board focused from the
   * keyboard brings its cursor into sight in the next frame (board.js's focus handler), as the
   * reader's first turn does its dock and cursor (moved): on a phone Madness's cursor, low on its
   * map, took the status line off the top (−87 px) after Start pressed with Enter. So the status
   * line is looked at again in that frame, after them (nothing is drawn between), and brought back. */
  showGame(kept = false) {
    if (!kept || !this.board.inSight(this.statusLine)) this.statusLine.scrollIntoView({ block: "start" });
    const focused = document.activeElement;
    // A hot-seat game begins covered: its board hidden, the focus goes to the cover's button (it
    // stayed on Start a new game, and the keyboard had to find the way on).
    const next = this.root.hasAttribute("data-play-covered") ? this.coverButton : this.board.area;
    if (!focused || focused === document.body || this.root.contains(focused)) next.focus({ preventScroll: true });
    requestAnimationFrame(() => {
      if (!this.board.inSight(this.statusLine)) this.statusLine.scrollIntoView({ block: "start" });
    });
    return true;
  }

  /** The game a reply starts, shown, with the moves `ahead` of it waiting in the move log (a game
   * kept for a reload); true once it is (a refusal is said in the status line). */
  begin(reply, words, ahead = []) {
    const named = reply.type === "started" ? null : /^setup\.(\w+)(?:\[(\d+)\])?[.:\[]/.exec(reply.text || "");
    const field = named && this.form.querySelectorAll(`[name="${CSS.escape(named[1])}"]`)[Number(named[2] || 0)];
    this.invalid(field);
    // The field at fault is marked and focused: its path ("setup.powers[1]: ") is no word for a reader.
    if (reply.type !== "started") return this.status(field ? reply.text.replace(/^setup\.[\w.[\]]+: /, "") : reply.text, "no");
    this.meta = { auto: {}, over: {}, won: {}, last: {} };
    this.learn(reply);
    this.setup = reply.setup;
    this.chapters = reply.chapters || {};
    this.shownSeat = null;
    this.showSetup(reply.setup);
    this.story.textContent = "";
    const state = { _picture: this.game, lesson: reply.lesson, history: reply.history, message: words || "", tone: "info", found: [] };
    this.messageAt = reply.history[reply.history.length - 1][0];  // a game back at its end: its words are told (endsQuietly)
    if (!this.model) {
      this.model = new WorkerModel(this, state);
      boardRender(PICTURES)({ model: this.model, el: this.boardArea });
      this.board = this.boardArea.__rulesbookBoard;
      this.board.undo = () => this.undo();
      this.board.hint = () => this.hint();
      // The board learns from the engine where the game is over: the hand is offered no more there,
      // and the move that ends it has a tick only when the reader's side won (a game lost was not
      // a right answer).
      this.board.over = (node) => Boolean(node && this.meta.over[node.id]);
      this.board.won = (node) => Boolean(node && this.meta.won[node.id]);
      this.dockTools = this.makeDockTools();
      this.makeDockEncounter();
      this.model.on("change:history", () => setTimeout(() => this.moved(), 0));
      // Before the board writes a new message: the moves nobody decides are kept quiet, a reader's
      // own action is told again; the move that ends the game is shown, and told with the ending
      // by what it did (endsQuietly).
      this.model.on("change:message", () => {
        if (this.endsQuietly()) this.hush(true);
        else if (!this.stepped) this.hush(false);
        this.ruleLink();
      });
    } else {
      this.stepped = false;
      this.hush(false);
      this.model.set(state);
    }
    this.gameBox.hidden = false;
    this.form.querySelector("[type=submit]").disabled = false;
    this.status(this.say("seedYou", { seed: reply.setup.seed, you: reply.you }), "info");
    this.timings.playable = this.timings.playable || performance.now();
    performance.mark("rulesbook-play-ready");
    if (ahead.length) {
      this.board.keepAhead(reply.history, ahead);
      this.board.drawLog();
    }
    this.fresh = true;  // its first decision is told (moved)
    this.shownAt = null;  // and come to (moved), even where that state is the one shown (the same seed again)
    this.quietMoves = [];
    this.moved();
    return true;
  }

  /** Whether the message the board writes now is the one of the move that ended the game (the
   * first at an ending state): the move's words say its result ("… The game is over: yellow wins
   * with 56. Scoring: …", "… you won (MAD-R03). The result, in the pack's own words: …") and the
   * ending, told next (moved), says it again in full: a screen reader heard the same sentences
   * twice (Madness's pack sentence, Inferno's scoring). It is shown, and the story below the board
   * keeps a bot's; what is told is what the move did (lastMove), then the ending, once. */
  endsQuietly() {
    const here = this.here();
    const first = here !== this.messageAt;
    this.messageAt = here;
    return first && Boolean(this.meta.over[here]);
  }

  /** What the move that ended the game did (the last of `history`), in the engine's words without
   * the game's result (`meta.last`): the ending, told after them, tells the result in full. "" when
   * the engine sent none. */
  lastMove(history) {
    if (history.length < 2) return "";
    const [before, after] = history.slice(-2);
    return (this.meta.last[before[0]] || {})[after[1]] || "";
  }

  /** On a phone the board's tools (Undo, Hint) come after its sticky dock, off the screen while the
   * reader plays from the dock: a compact copy of them at the dock's foot, which play.css draws on
   * a phone only. It is for the thumb: out of the tab order and of what a screen reader reads
   * (aria-hidden), which have the tools themselves, once each; it holds no id. */
  makeDockTools() {
    const box = html("div", { class: "rb-play-dock-tools", "aria-hidden": "true" }, this.boardArea.querySelector(".rb-dock"));
    for (const [tool, act] of [["undo", () => this.undo()], ["hint", () => this.hint()]]) {
      const button = html("button", { type: "button", tabindex: "-1", "data-dock-tool": tool }, box, this.board.words()[tool]);
      button.addEventListener("click", this.board.guard(act));
    }
    this.watchDockTools(box);
    return box;
  }

  /** On a phone the board's own tools row, after the dock, comes into sight as the reader scrolls
   * down to it, and the dock's copy was still there above it: two Undos and two Hints on the
   * screen. While the board's row is wholly in sight below the page's header the dock's pair steps
   * aside (play.css: unseen, its room kept, so nothing moves under the reader's scroll); the
   * browser says when (an IntersectionObserver, made with the first game: no work on scroll). A
   * pair focused by a tap as it steps aside hands the focus to the board's same tool, in sight. */
  watchDockTools(box) {
    if (typeof IntersectionObserver === "undefined") return;
    const tools = this.board.undoButton.parentElement;
    const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];  // the latest, of a scroll's few
      const seen = entry.isIntersecting && entry.intersectionRatio > 0.99;
      const focused = seen && box.contains(document.activeElement) ? document.activeElement.getAttribute("data-dock-tool") : null;
      box.toggleAttribute("data-tools-seen", seen);
      if (focused) tools.querySelector(`[data-tool=${focused}]`).focus({ preventScroll: true });
    }, { rootMargin: `${-Math.round(header)}px 0px 0px 0px`, threshold: [0, 1] }).observe(tools);
  }

  /** Madness's Encounter on a phone: what the table said (MAD-P18) is in the decision line at the
   * board's top and the Sand Timer's countdown above the board, both far off the screen while the
   * reader plays from the dock. A copy of each in the dock, which play.css draws on a phone only:
   * the talk as the engine says it (the view's `talk`, the decision's part that is news), after the
   * message, and the time left in the row of the dock's Undo and Hint. They are for the eye (aria-hidden): a screen reader has the
   * decision line, and the countdown it is not made to hear every second (sandTimer). */
  makeDockEncounter() {
    const message = this.board.messageLine;
    this.dockTalk = html("p", { class: "rb-play-dock-talk", "aria-hidden": "true", hidden: "" });
    message.after(this.dockTalk);
    this.dockSand = html("span", { class: "rb-play-dock-sand", hidden: "" });
    this.dockTools.prepend(this.dockSand);
  }

  /** The dock's copies shown for the state `node`: the talk in any Encounter, the time left while
   * the Sand Timer runs on this page. */
  dockEncounter(node, sand) {
    const record = node && (this.board.lesson().nodes || {})[node];
    const talk = (record && this.encounter(node) && this.board.view(record).talk) || "";
    if (this.dockTalk.textContent !== talk) writeText(this.dockTalk, talk);
    this.dockTalk.hidden = !talk;
    this.dockSand.hidden = !sand;
  }

  /** The set-up's field a refusal names ("setup.seats[1]: one seat is yours…") is marked invalid,
   * described by the status line and given the focus: a screen reader says which and why. The
   * mark goes once a game starts. */
  invalid(field) {
    for (const element of this.form.querySelectorAll("[aria-invalid]")) {
      element.removeAttribute("aria-invalid");
      element.removeAttribute("aria-describedby");
    }
    if (!field) return;
    this.statusLine.id = this.statusLine.id || `rb-play-status-${this.game}`;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", this.statusLine.id);
    field.focus();
  }

  /** A refused set-up's words in sight: on a phone the status line was below the screen, the
   * focus on the field at fault (a ring and no words). As far as needed, once laid out. */
  revealStatus() {
    requestAnimationFrame(() => {
      const box = this.statusLine.getBoundingClientRect();
      if (box.height && (box.top < 0 || box.bottom > window.innerHeight)) this.statusLine.scrollIntoView({ block: "nearest" });
    });
  }

  // --- after every move --------------------------------------------------------------------
  history() {
    return this.model ? this.model.get("history") : [];
  }

  here() {
    const history = this.history();
    return history.length ? history[history.length - 1][0] : null;
  }

  moved() {
    clearTimeout(this.timer);
    const stepped = this.stepped;
    const fresh = this.fresh;  // a game begun (or back): its first decision is told
    this.stepped = this.fresh = false;
    const history = this.history();
    const here = this.here();
    const ending = this.meta.over[here];
    if (stepped && history.length > 1 && this.meta.auto[history[history.length - 2][0]]) {
      const words = this.model.get("message");
      html("li", {}, this.story, words);
      // Shown, not yet told; the move that ends the game by what it did, with the ending (lastMove).
      if (this.board.messageLine.getAttribute("aria-live") === "off" && !ending) this.quietMoves.push(words);
    } else if (this.meta.auto[here]) {
      this.story.textContent = "";
    }
    const undo = this.dockTools && this.dockTools.querySelector("[data-dock-tool=undo]");
    if (undo) undo.setAttribute("aria-disabled", this.board.undoButton.getAttribute("aria-disabled") || "false");
    const ended = Boolean(ending) && this.endBox.hidden && !fresh;  // by play now, not on coming back
    writeText(this.endBox.querySelector(".rb-play-end-words"), ending || "", true);  // its rule ids linked to their rows
    showIf(this.endBox, Boolean(ending), this.board.area);  // "Play again" pressed: on to the new game's board
    if (ended) this.showEnd();
    const auto = this.meta.auto[here];
    this.root.setAttribute("data-play-ready", ending ? "over" : auto ? "demon" : "reader");
    this.root.setAttribute("data-play-moves", String(history.length - 1));
    if (auto) this.timer = setTimeout(() => this.autoClick(here, auto), this.autoPace(here));
    this.sandTimer(here);
    this.cover(here);
    // A state come to now, not one told again (a new game's model tells its history after begin).
    const arrived = here !== this.shownAt;
    this.shownAt = here;
    if (!auto && !ending) {
      this.board.chooseOnly();
      if (arrived) {
        requestAnimationFrame(() => {
          this.dockToChoice();
          if (!fresh) this.targetInSight();  // a game begun is shown from its status line (showGame)
          this.cursorInSight();  // last: the keyboard's cursor is where Enter acts
        });
      }
    }
    // The moves nobody decides were shown but not told (autoClick): when the reader's turn comes
    // back, or the game ends, they are told at once, as the list below the board has them; at the
    // end, the last move by what it did (a game back at its end: its ending alone).
    const played = this.quietMoves;
    if (ending && (played.length || fresh || here !== this.toldAt)) {
      this.tell(this.joined(...played, fresh ? "" : this.lastMove(history), ending, this.say("playAgainWhere")), here);
    } else if ((stepped || fresh) && !auto && !ending && !this.root.hasAttribute("data-play-covered")) {
      this.tell(this.joined(...played, this.say("yourTurn", { decision: this.board.decisionLine.textContent })), here);
    } else if (played.length && !auto && !ending) {
      this.tell(this.joined(...played), here);  // hot-seat: the moves are told; the cover says whose turn it is
    } else if (here !== this.toldAt) {
      this.tell("");  // what it told is past (a bot moves, Undo, Start again): not left to be read
    }
    if (!auto) this.quietMoves = [];
    // Kept after every move: kept at the reader's moments only, the reader's action was lost to a
    // reload while the bots' replies to it were still being shown. A reload plays on from here.
    this.save();
  }

  /** On a phone the dock (at most 40 % of the screen) scrolls within, and the message and an
   * Encounter's talk can fill it, leaving the cards and the one button that moves the game on
   * ("Call time", "deal") below its compact tools row or below the screen (the dock cannot stick
   * higher than the top of its board), and a phone shows no scroll bar. The reader's turn come,
   * the dock is scrolled (the page only as far as the dock's own foot needs) so that the first
   * card or button they may press is in sight above that row, and the last too when they fit
   * together; from the message's start when all fits. A desktop's dock does not scroll. */
  dockToChoice() {
    const dock = this.board.stickyDock();
    if (!dock || dock.scrollHeight <= dock.clientHeight) return;
    const offered = [...dock.querySelectorAll("[data-hand], [data-choice]")]
      .filter((button) => button.getAttribute("aria-disabled") !== "true" && button.getClientRects().length);
    if (!offered.length) return;
    // The dock stuck at its board's top (a game begun, the page on its status line) can reach below
    // the screen's foot, its tools row too: the page goes up that little, or no scroll of the dock
    // brings its last row into sight.
    const below = dock.getBoundingClientRect().bottom - window.innerHeight;
    if (below > 0) window.scrollBy(0, below);
    const box = dock.getBoundingClientRect();
    const top = box.top + dock.clientTop;
    const tools = this.dockTools.getBoundingClientRect();
    const bottom = Math.min(tools.height ? tools.top : box.bottom, box.bottom, window.innerHeight);
    const first = offered[0].getBoundingClientRect();
    const last = offered[offered.length - 1].getBoundingClientRect();
    const end = last.bottom - first.top + 8 <= bottom - top ? last.bottom : first.bottom;
    const message = this.board.messageLine.getBoundingClientRect().top - top - 2;
    dock.scrollTop += Math.max(message, end - bottom + 4);
  }

  /** On a phone, a choice made for the reader (the only one offered: chooseOnly; the page on to a
   * step whose places the reader must pick) marks its places "each marked with a dot", and no tap
   * brought the first into sight (board.js's dock listener does after a tap): when none of them is
   * in sight, the first comes (showPlace: as far as needed). One in sight moves nothing; nor does a
   * desktop's page (its dock not sticky), under the mouse. */
  targetInSight() {
    if (!this.board.stickyDock()) return;
    const targets = [...this.board.area.querySelectorAll("[data-place].rb-target")];
    if (targets.length && !targets.some((place) => this.board.inSight(place))) this.board.showPlace(targets[0].getAttribute("data-place"));
  }

  /** The keyboard left on the board (:focus-visible; a mouse's or a tap's focus scrolls nothing)
   * while the bots moved: the turn come back, their moves have redrawn the picture (a player's
   * panel grew) and the cursor's place can be below the screen, where Enter acts on it unseen. It
   * comes into sight (showPlace: as far as needed; nothing when in sight). */
  cursorInSight() {
    const area = this.board.area;
    if (document.activeElement === area && area.matches(":focus-visible") && this.board.cursor) this.board.showPlace(this.board.cursor);
  }

  /** A game ended by play: on a phone the end's words and Play again, above the board, were out of
   * sight (the screen on the board and its dock). Brought into sight, below the page's header; where
   * they are in sight already (a desktop, mostly), nothing moves. The focus stays where it is. */
  showEnd() {
    requestAnimationFrame(() => {
      if (!this.endBox.hidden && !this.board.inSight(this.endBox)) this.endBox.scrollIntoView({ block: "start" });
    });
  }

  // --- the Sand Timer: Madness's real-time Encounter (its own functions, called from moved()) -----
  /** The Sand Timer of a state, when it runs on this page: its seconds and which Encounter it
   * times (a Madness view's `timer`, [seconds, "turn.restarts"]); null when off or not timed. */
  sand(node) {
    const box = this.root.querySelector("[data-play-sand]");
    const timer = box && box.checked ? this.encounter(node) : null;
    return timer ? { seconds: this.sandSeconds || timer[0], key: timer[1] } : null;
  }

  /** The timer of the Encounter a state is in (its view's), whether or not it runs on this page;
   * null outside an Encounter or once the game is over. */
  encounter(node) {
    const record = node && this.model && (this.model.get("lesson").nodes || {})[node];
    if (!record || this.meta.over[node]) return null;
    return this.board.view(record).timer || null;
  }

  /** The wait before a bot's move: within a running Encounter the bots' cards are spaced out, so
   * the reader may play between them. */
  autoPace(node) {
    const sand = this.sand(node);
    return sand ? Math.max(PACE, Math.round((sand.seconds * 1000) / 15)) : PACE;
  }

  /** The countdown of the Encounter this state is in; when it runs out, time is up: the page
   * plays the "time" click (the engine's action, a line of the record) at the Sand Timer. An
   * undo, a reload or a new game turns the timer again. */
  sandTimer(node) {
    clearInterval(this.sandHandle);
    const shown = this.root.querySelector(".rb-play-sand");
    const sand = this.sand(node);
    const length = this.history().length;
    if (!this.sandStarts || length < (this.sandLength || 0) || length === 1) this.sandStarts = {};
    if (!Object.keys(this.sandStarts).length) this.sandWarned = {};
    this.sandLength = length;
    if (shown) shown.hidden = !sand;
    if (this.dockTalk) this.dockEncounter(node, sand);
    if (!sand) return;
    const started = (this.sandStarts[sand.key] = this.sandStarts[sand.key] || Date.now());
    // The countdown itself is silent (role=timer): its last seconds are told once an Encounter (it
    // was told again after every card played in them).
    const tick = () => {
      if (this.here() !== node) return clearInterval(this.sandHandle);
      const left = Math.max(0, sand.seconds - (Date.now() - started) / 1000);
      const words = left > 0 ? this.say("sandLeft", { seconds: Math.ceil(left) }) : this.say("sandUp");
      if (shown && shown.textContent !== words) shown.textContent = words;  // a change once a second, not four
      if (this.dockSand && this.dockSand.textContent !== words) this.dockSand.textContent = words;
      if (!this.sandWarned[sand.key] && left > 0 && left <= Math.min(SAND_WARNING, sand.seconds / 3)) {
        this.sandWarned[sand.key] = true;
        this.tell(this.say("sandSoon"));
      }
      if (left > 0) return undefined;
      clearInterval(this.sandHandle);
      clearTimeout(this.timer);
      return this.autoClick(node, { choice: "time", place: "timer" });
    };
    tick();
    this.sandHandle = setInterval(tick, 250);
  }

  /** The Sand Timer's switch, kept in the browser: on unless the reader turned it off (or ?pace=0
   * without ?sand, for tests). */
  wireSand() {
    const box = this.root.querySelector("[data-play-sand]");
    if (!box) return;
    let kept = null;
    try {
      kept = localStorage.getItem(`${this.key}.sand`);
    } catch (error) {
      kept = null;
    }
    this.sandSeconds = SAND;
    box.checked = SAND ? true : kept !== null ? kept === "on" : PACE !== 0;
    box.addEventListener("change", () => {
      try {
        localStorage.setItem(`${this.key}.sand`, box.checked ? "on" : "off");
      } catch (error) {
        // Not kept: the switch holds for this visit.
      }
      if (this.model) this.sandTimer(this.here());
    });
  }

  /** A move nobody decides, played on the shell as a click of its own choice and place. */
  autoClick(node, click) {
    if (this.here() !== node || !this.board) return;
    this.stepped = true;
    // Quiet, but in a running Encounter: the bots' cards come seconds apart there, and each is news.
    this.hush(!this.sand(node));
    this.board.chosen = click.choice;
    this.board.actor = click.actor || null;
    this.board.clickPlace(click.place, false, true);
  }

  /** Back to before the reader's last action: the demon's steps after it go too. */
  undo() {
    clearTimeout(this.timer);
    this.stepped = false;
    this.quietMoves = [];
    this.hush(false);
    const history = this.history();
    for (let index = history.length - 1; index > 0; index -= 1) {
      if (!this.meta.auto[history[index - 1][0]]) return this.board.rewind(index - 1, this.undone(history, index));
    }
    return this.board.settle(this.board.words().nothingToUndo, "info");
  }

  /** What Undo takes back, said: the reader's action (from the state history[index - 1]) by its
   * sentence, how many moves followed it, and the decision it goes back to. Two Undos in a row
   * say two things, and a screen reader hears where the game is now. */
  undone(history, index) {
    const move = this.board.said(history[index - 1], history[index]).replace(/\s*[.。]$/, "");
    const after = history.length - 1 - index;
    const node = (this.board.lesson().nodes || {})[history[index - 1][0]];
    const decision = node ? this.board.text(node.decision) : "";
    const key = !move ? "undoneLast" : after === 0 ? "undoneMove" : after === 1 ? "undoneAndOne" : "undoneAndMore";
    return this.joined(this.say(key, { move, count: after }), decision);
  }

  /** The board's message line out of a screen reader's hearing (aria-live off) while the moves
   * nobody decides play, one after another (a burst of polite sentences, 5 to 10 in a few
   * seconds, which a screen reader queued for a minute or cut short), or back in. Shown all the
   * while; told at once when the reader's turn comes back (moved). */
  hush(quiet) {
    if (this.board) this.board.messageLine.setAttribute("aria-live", quiet ? "off" : "polite");
  }

  hint() {
    const node = this.here();
    const keys = !this.pointer;
    if (!this.up) this.board.settle(this.say("hintLoading"), "info");
    this.ask({ type: "hint", node }).then((reply) => {
      if (this.here() !== node) return;
      if (reply.type !== "hint") return this.board.settle(reply.text, "no");
      // The hint's move made ready on the board: its button chosen, its place marked, said by name.
      const place = reply.click ? this.board.ready(reply.click) : "";
      // Asked from the keyboard, the hint's place gets the focus: Enter plays it; a click for the mouse.
      const ready = keys ? "hintKeys" : "hintReady";
      this.board.settle(place ? this.joined(reply.text, this.say(ready, { place })) : reply.text, "info");
      // On a phone the place was often off the screen: it comes into sight, the keyboard on it.
      if (place) this.board.focusPlace(reply.click.place);
    });
  }

  /** The game kept for a reload: the record of its moves and of those taken back that wait ahead
   * in the move log (`ahead`: how many of the log's entries are those), so a reload loses neither. */
  save() {
    const history = this.history(); // [id, entry] pairs: the entries tell apart two clicks to one state
    const ahead = this.board ? this.board.ahead() : [];
    this.ask({ type: "record", history: [...history, ...ahead] }).then((reply) => {
      if (reply.type !== "record") return;
      try {
        const kept = { record: reply.record, setup: this.setup, ahead: ahead.length, entries: history.length + ahead.length };
        localStorage.setItem(this.key, JSON.stringify(kept));
      } catch (error) {
        // No storage (private mode, full): the game goes on, it is only not kept.
      }
    });
  }

  saved() {
    try {
      const text = localStorage.getItem(this.key);
      return text ? JSON.parse(text) : null;
    } catch (error) {
      return null;
    }
  }

  forget() {
    try {
      localStorage.removeItem(this.key);
    } catch (error) {
      // Nothing was kept.
    }
  }

  tool(name) {
    if (name === "again") {
      this.form.elements.seed.value = this.newSeed();
      // The new game in sight from its status line, as one begun from the form. Play again hides
      // with the end box and its focus goes to the board (moved: showIf), which scrolls to it and,
      // from the keyboard, to its cursor in the next frame (board.js's focus handler): the status
      // line was left off the top. showGame looks at it after those, in that same frame; in
      // sight, it stays where it is.
      return this.formSetup().then((setup) => setup && this.newGame(setup)).then((started) => started === true && this.showGame(true));
    }
    if (name === "download") return this.download();
    if (name === "setup") {  // the form from its first field, as a reader goes through it
      this.form.scrollIntoView({ block: "start" });
      return this.form.querySelector("select, input").focus();
    }
    return undefined;
  }

  download() {
    const history = this.history();
    return this.ask({ type: "record", history }).then((reply) => {
      if (reply.type !== "record") return this.status(reply.text, "no");
      const blob = new Blob([`${reply.text}\n`], { type: "application/json" });
      const link = html("a", { href: URL.createObjectURL(blob), download: `${this.game}-seed-${this.setup.seed}.json` }, document.body);
      link.click();
      setTimeout(() => {
        URL.revokeObjectURL(link.href);
        link.remove();
      }, 0);
      return undefined;
    });
  }

  // --- hot-seat and the rules' chapters (meta.seat, "chapters") ---------------------------------
  learnSeats(meta) {
    this.meta.seat = Object.assign(this.meta.seat || {}, meta.seat || {});
  }

  /** Hot-seat: before a reader's decision that follows another reader's, the board is covered
   * (hidden, not only drawn over) until the next reader asks to see it: no hand is shown to the
   * wrong player. A game with one reader sends no seats, and nothing is covered. */
  cover(here) {
    const seat = (this.meta.seat || {})[here];
    if (!this.coverBox) {
      this.coverBox = html("section", { class: "rb-play-cover", hidden: "", "aria-live": "polite" });
      this.boardArea.before(this.coverBox);
      this.coverWords = html("p", {}, this.coverBox);
      this.coverButton = html("button", { type: "button", "data-play-show": "" }, this.coverBox);
      this.coverButton.addEventListener("click", () => this.uncover());
    }
    const covered = Boolean(seat) && seat !== this.shownSeat;
    if (covered) {
      this.coverSeat = seat;
      this.coverWords.textContent = this.say("passDevice", { seat });
      this.coverButton.textContent = this.say("showMine", { seat });
      this.root.setAttribute("data-play-covered", seat);
    } else {
      this.root.removeAttribute("data-play-covered");
    }
    // The part shown first, then the other hidden: the focus goes from the board to the cover's
    // button (its words written first, so they are what is said), and from it back to the board.
    const [shown, hidden, next] = covered ? [this.coverBox, this.boardArea, this.coverButton] : [this.boardArea, this.coverBox, this.board && this.board.area];
    showIf(shown, true);
    showIf(hidden, false, next);
  }

  uncover() {
    this.shownSeat = this.coverSeat;
    this.cover(this.here());
    if (this.board) this.board.draw();
  }

  /** Beside a refused click whose words cite a rule the game's chapters teach ("… (MAD-R07)"),
   * a link to that chapter (`chapters`, {rule: page}, sent with "started"); hidden otherwise. */
  ruleLink() {
    if (!this.model) return;
    let box = this.root.querySelector(".rb-play-rule");
    if (!box) {
      box = html("p", { class: "rb-play-rule", hidden: "" });
      this.boardArea.after(box);
    }
    // The rules a refusal cites are in its last brackets: "… (MOI-R04, MOI-R15)", "… (Action)";
    // in zh-TW full-width ones, which may hold a section's own: 「…（中文規則書〈２.遊戲進行〉(1)、MOI-R15）」.
    const cited = /（([^（）]*)）\s*。?$|\(([^()]*)\)\s*\.?$/.exec(String(this.model.get("message") || ""));
    const inside = cited ? cited[1] || cited[2] : "";
    const rules = inside ? [inside, ...inside.split(/[,、，]\s*/)] : [];  // "rulebook, Play" is one
    const rule = this.model.get("tone") === "no" ? rules.find((name) => name in (this.chapters || {})) : undefined;
    box.textContent = "";
    box.hidden = !rule;
    // The refusal says where its link is, to a screen reader (the board writes it after the
    // refusal, off the screen): the link, after the board, came unannounced.
    const space = this.root.getAttribute("data-language") === "zh-TW" ? "" : " ";  // none after Chinese's 。, as joined()
    if (this.board) this.board.messageNote = rule ? `${space}${this.say("ruleFollows", { rule })}` : "";
    // The words cited are a link to the chapter in the message itself (board.js writeMessage): on a
    // phone this link, after the board, is far below the dock. An id cited links to its row there.
    if (this.board) this.board.messageLink = rule ? { rule, address: this.chapters[rule] } : null;
    if (!rule) return;
    const [before, after] = this.say("refusedBy").split("{rule}");
    box.append(before);
    html("a", { href: this.chapters[rule], "data-rule": rule }, box, rule);
    box.append(after);
  }

  /** One of the page's sentences (play_words.json), in the page's language, its {names} filled. */
  say(key, values = {}) {
    return fill(this.words[key], values);
  }

  /** Sentences one after another: a space between them in English, none after Chinese's 。 */
  joined(...sentences) {
    return sentences.filter(Boolean).join(this.root.getAttribute("data-language") === "zh-TW" ? "" : " ");
  }

  /** Told to a screen reader only (the `aside` status line): emptied first, so the same words
   * are told again. */
  tell(words, at = null) {
    this.toldAt = at;  // the state it was told at: a second look at the same state (moved again) keeps it
    this.aside.textContent = "";
    setTimeout(() => (this.aside.textContent = words), 50);
  }

  status(words, tone) {
    writeText(this.statusLine, words);
    this.statusLine.setAttribute("data-tone", tone);
    if (tone === "no") this.revealStatus();  // a refusal (a set-up, a file) or a failure: its words in sight
  }
}

/** Start every Play area of the page, and its engine at once: the worker's files (the interpreter,
 * its zip) then load in parallel with the page's own last ones, not after them. */
function startPlay() {
  for (const root of document.querySelectorAll(".rb-play[data-game]")) new Play(root).start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startPlay, { once: true });
else startPlay();
