// The board shell: what every game's board shares. It picks hand cards and effects, sends or
// looks up clicks, keeps the move log, undo, hints and messages, and the keyboard; a game adds
// only its picture (widgets/pictures/<game>.js), which draws a view and names its places.
//
// The shell reads the page data of rulesbook.lessons.data (the `lesson` trait): no rule of any
// game is written here. The move log, undo, rewind and the messages are kept here for both
// transports. On the static site every click is answered from the lesson data. With a kernel
// (live mode) it is answered the same way; only when a move leads to a state the page data does
// not hold yet does the board ask Python ({type: "expand", node}), which referees that state with
// the rules library, adds its record to the lesson and answers {type: "expanded"} (or
// {type: "failed"}, logged in the Jupyter log). The sentences are in words.json (and in zh-TW in
// words.zh-TW.json, for a lesson whose "language" is "zh-TW"), which rulesbook.widgets.board reads too: its click(), undo() and rewind() play the same data the same
// way for a notebook or a test with no page (tests/site/test_widget_modules_browser.py compares).
//
// This is an ES module. It exports boardRender(pictures), which makes the anywidget `render` for
// boards drawn by those pictures ({name: picture}), and the helpers svg(), html() and fill() that
// pictures use. rulesbook.widgets.assets joins it with the pictures into one script. A picture
// (widgets/pictures/<game>.js, its default export) has
//   draw(area, context)        draw the view into `area` (a div), one element per clickable place
//                              carrying data-place="<place key>" and its name in words (a <title>
//                              in SVG, or an aria-label that contains the place's visible text);
//                              context = {node, view, places, targets: Set, found: Set, actor,
//                              words: the shell's words in the lesson's language, for its names}
//   actorsAt(view, place)      optional: the actors standing on a place (clicking one switches to it;
//                              the picture marks each actor it draws with data-actor="<actor>")
//   placeName(view, place, words) optional: a short name of a place for the move log ("MK+1 at (0, 0)")
//   label                      optional: what the drawing is, for screen readers ("The Mountain")
//   labelWord                  optional: the key of that label in the shell's words, said in the lesson's language
// Places with nothing on them carry the class rb-empty; the shell adds the classes rb-target (a
// legal place for the chosen cards, in a lesson), rb-found (an exercise's answer found),
// rb-cursor (the keyboard cursor) and rb-refused (a refused click, for a moment). Pictures may use
// the helpers svg(), html() and fill() below.

import WORDS from "./words.json" with { type: "json" };
import WORDS_ZH_TW from "./words.zh-TW.json" with { type: "json" };
import { answerTag, clueKey, entryKey, unseal } from "./seal.js";

/** The shell's words by the language a lesson says it speaks (its "language"; English when none). */
const LANGUAGE_WORDS = { en: WORDS, "zh-TW": WORDS_ZH_TW };
const SVG = "http://www.w3.org/2000/svg";
const HAND_CHOICE = /^h\d+(\+h\d+)*$/;
/** How long a refused place stays marked on the board, in milliseconds. */
const REFUSED_FOR = 1600;
/** The pixels showPlace leaves between a place brought into sight and the edge it came to. */
const SIGHT_EDGE = 4;
let boardsMade = 0;

// A printed page is a handout: each board is its question, with no answer marked (no target, no
// answer found; board.css leaves out the controls, the log and what the board said). The boards
// on show are drawn again as printing starts and as it ends.
const onShow = new Set();
const PRINT = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("print") : null;
let printing = false;

function whilePrinting(now) {
  if (printing === now) return;
  printing = now;
  for (const board of onShow) board.guard(() => board.draw())();
}

if (PRINT) {
  PRINT.addEventListener("change", (event) => whilePrinting(event.matches));
  window.addEventListener("beforeprint", () => whilePrinting(true));
  window.addEventListener("afterprint", () => whilePrinting(PRINT.matches));
}

export function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** An element, its text written by writeText (a rule's id in it kept whole on a line). */
export function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  if (text !== undefined) writeText(node, text);
  if (parent) parent.appendChild(node);
  return node;
}

/** The shell's sentences in a page's own language (its <html lang>: zh-TW's is "zh-Hant-TW"),
 * for the words a page says outside its boards (the skip link, the progress line). */
export function pageWords(doc = document) {
  return /^zh/i.test(doc.documentElement.lang || "") ? WORDS_ZH_TW : WORDS;
}

/** A rule's id, as the engine cites it ("MOI-R13"): the site's pages keep it whole on a line too
 * (rulesbook.widgets.site.rule_ids_whole). */
const RULE_ID = /\b(?:MOI|HUD|MAD)-[RP]\d+\b/g;

/** Put `text` in `node`, each rule id in it in <span class="rb-rule-id"> (board.css keeps it on
 * one line): a phone may break "MOI-R04" after its hyphen, as it did on the Play page's set-up.
 * `linked` (a message line, a Play page's end words; never a button, a label or an aria-hidden
 * copy): each id whose part's reference page the page names (`ruleRows`) is instead a link of that
 * class to its row, "<reference page>#moi-r05", as a chapter's ids are (site.py's rule_ids_whole);
 * the words stay the same. */
export function writeText(node, text, linked = false) {
  const words = text == null ? "" : String(text);
  const rows = linked ? ruleRows(node.ownerDocument) : {};
  node.textContent = "";
  let from = 0;
  for (const found of words.matchAll(RULE_ID)) {
    if (found.index > from) node.append(words.slice(from, found.index));
    const page = rows[found[0].slice(0, 3)];
    const id = document.createElement(typeof page === "string" ? "a" : "span");
    id.className = "rb-rule-id";
    if (typeof page === "string") id.setAttribute("href", `${page}#${found[0].toLowerCase()}`);
    id.textContent = found[0];
    node.append(id);
    from = found.index + found[0].length;
  }
  if (from < words.length) node.append(words.slice(from));
}

/** Where this page says each part's rules are listed, a row per rule: its
 * <meta name="rb-rule-rows" content='{"MOI": "../inferno/reference.html"}'> (site.py,
 * rule_rows_meta), only the parts whose reference page the book has ("" on that page itself).
 * A notebook says none: its ids stay spans. */
function ruleRows(doc) {
  const meta = doc && doc.querySelector('meta[name="rb-rule-rows"]');
  return meta ? JSON.parse(meta.getAttribute("content")) : {};
}

/** In `node` (written by writeText), the last `words` in its own text made a link to `address`
 * (a Play page's refusal: the chapter of the rule it cites, "… (Action)"), its words the same;
 * nothing when they are not there or are an id already linked. */
function linkWords(node, words, address) {
  const texts = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE);
  for (const text of texts.reverse()) {
    const at = text.data.lastIndexOf(words);
    if (at < 0) continue;
    const rest = text.splitText(at);
    rest.splitText(words.length);
    const link = document.createElement("a");
    link.setAttribute("href", address);
    link.setAttribute("data-rule", words);
    rest.replaceWith(link);
    link.append(rest);
    return;
  }
}

/** The words of an element as a screen reader reads them: its text (not its CSS upper-cased
 * rendering), a space between the texts of its parts, nothing of what is aria-hidden. */
function spokenText(element) {
  return [...readTexts(element)].map(([, words]) => words).join(" ");
}

/** The text nodes of `element` a screen reader reads (none under aria-hidden, no SVG title), each
 * with its words, spaces collapsed. */
function* readTexts(element) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const hidden = text.parentElement && text.parentElement.closest('[aria-hidden="true"], title');
    if (hidden && element.contains(hidden)) continue;
    const words = text.data.replace(/\s+/g, " ").trim();
    if (words) yield [text, words];
  }
}

/** The elements whose texts the key D sets apart (`factText`). */
const BLOCKS = "div, p, li, section, h1, h2, h3, h4, h5, h6, td, th";

/** A fact of the picture as the key D says it: its text, each block (a panel's heading, a card, a
 * track) set apart by a comma, no space before a colon. Run together, a Hudai panel was one breath:
 * "Combo (empty) Hand R red 5 Flow : R5, Cog, value 5 W white 1 …". */
function factText(element) {
  const parts = [];
  let last = null;
  for (const [text, words] of readTexts(element)) {
    const block = text.parentElement.closest(BLOCKS);
    if (parts.length) parts.push(block === last ? " " : ", ");
    parts.push(words);
    last = block;
  }
  return parts.join("").replace(/,? +(?=[:;])|,(?=[:;])/g, "");
}

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The whole board for one view: the choice, the actor and the keyboard cursor are local to it. */
class Board {
  constructor(model, root, pictures) {
    this.model = model;
    this.root = root;
    this.pictures = pictures;
    this.uid = `rb${(boardsMade += 1)}`;
    this.live = false;
    this.quiet = false;
    this.chosen = ""; // a choice key with options, or "" (never a refused one)
    this.actor = null; // the actor the choice acts on, when the reader switched to another
    this.cursor = null; // the place key under the keyboard cursor
    this.lostPlace = null; // the reader's place while a move has taken it off the board (see draw)
    this.pending = null; // live mode: the click waiting for Python to record the state it leads to
    this.preselect();
    this.build();
    this.guard(() => this.draw())();
  }

  // --- reading the model ------------------------------------------------------------------
  lesson() {
    return this.model.get("lesson") || {};
  }

  /** The shell's sentences in the lesson's language (words.json, or words.<language>.json). */
  words() {
    return LANGUAGE_WORDS[this.lesson().language] || WORDS;
  }

  mode() {
    return this.lesson().mode || "play";
  }

  exercise() {
    return this.lesson().exercise || {};
  }

  picture() {
    return this.pictures[this.lesson().picture] || null;
  }

  history() {
    const history = this.model.get("history") || [];
    return history.length ? history : [[this.lesson().start, ""]];
  }

  found() {
    return this.mode() === "find" ? this.model.get("found") || [] : [];
  }

  node() {
    const history = this.history();
    return (this.lesson().nodes || {})[history[history.length - 1][0]] || null;
  }

  text(index) {
    const texts = this.lesson().texts || [];
    return typeof index === "number" ? texts[index] || "" : index || "";
  }

  places(node) {
    return (this.lesson().places || [])[node.places] || [];
  }

  /** The picture's view of a state, put together from its shared parts. */
  view(node) {
    const lesson = this.lesson();
    const parts = lesson.parts || [];
    const view = (lesson.views || [])[node.view] || {};
    return Object.fromEntries(Object.entries(view).map(([name, part]) => [name, parts[part]]));
  }

  choice(node) {
    return this.chosen && node ? node.choices[this.chosen] || null : null;
  }

  /** The option the chosen cards play now: {key, actor, entries} (one entry per place). */
  option(node) {
    const choice = this.choice(node);
    if (!choice || !choice.options) return null;
    if (this.mode() === "find") {
      const key = this.exercise().option;
      const actor = Object.keys(choice.options).find((name) => choice.options[name] === key) || choice.actor;
      return { key, actor, entries: node.options[key] || [] };
    }
    const actor = this.actor && this.actor in choice.options ? this.actor : choice.actor;
    const key = choice.options[actor];
    return { key, actor, entries: node.options[key] || [] };
  }

  /** What a click on `place` leads to: a refusal (a text), or [next node, say, log, reach]. An
   * exercise's entries are sealed (widgets/seal.js): only the place clicked is opened. */
  entry(node, option, place) {
    const index = this.places(node).indexOf(place);
    if (index < 0) return undefined;
    const entry = option.entries[index];
    return this.mode() === "find" ? unseal(entry, entryKey(this.exercise().salt, place)) : entry;
  }

  targets(node, option) {
    const places = this.places(node);
    return new Set(option ? places.filter((place, index) => Array.isArray(option.entries[index])) : []);
  }

  pressedHand() {
    return HAND_CHOICE.test(this.chosen) ? this.chosen.split("+").map((h) => Number(h.slice(1))) : [];
  }

  /** An exercise starts with its own choice made; a lesson with nothing chosen. */
  preselect() {
    this.chosen = this.mode() === "find" ? this.exercise().choice || "" : "";
    this.actor = null;
  }

  /** A handler that, if anything breaks, says so on the board and logs the error in the console. */
  guard(handler) {
    return (event) => {
      try {
        handler(event);
      } catch (error) {
        this.fail(error);
      }
    };
  }

  /** The learner reads a friendly line; the developer finds the error, with its stack, in the console. */
  fail(error, words = this.words().broken) {
    this.messageLine.textContent = words;
    this.messageLine.setAttribute("data-tone", "no");
    this.root.setAttribute("data-board-error", String((error && error.message) || error));
    console.error("rulesbook board:", error);
  }

  // --- building the DOM once --------------------------------------------------------------
  build() {
    const root = this.root;
    root.classList.add("rb-board");
    root.textContent = "";
    this.titleLine = html("div", { class: "rb-title", id: `${this.uid}-title` }, root);
    this.decisionLine = html("div", { class: "rb-decision", id: `${this.uid}-decision` }, root);
    // How much more the picture shows than its places, and the key that says it (describePicture):
    // part of the board's short description, never shown.
    this.factsLine = html("div", { class: "rb-facts-count", id: `${this.uid}-facts`, hidden: "" }, root);
    // The keys of the picture and the words its marks are said with: part of the board's
    // description (describePicture), never shown. They were the listbox's name, the same for
    // every board of a page: a screen reader's list of a page's boards could not tell them apart.
    this.keysLine = html("div", { class: "rb-keys", id: `${this.uid}-keys`, hidden: "" }, root);
    const stage = html("div", { class: "rb-stage" }, root);
    this.area = html("div", { class: "rb-picture", role: "listbox", tabindex: "0" }, stage);
    this.area.addEventListener("click", this.guard((event) => {
      const target = event.target.closest("[data-place]");
      if (target && this.area.contains(target)) this.clickPlace(target.getAttribute("data-place"));
    }));
    this.area.addEventListener("keydown", this.guard((event) => this.onKey(event)));
    root.addEventListener("keydown", this.guard((event) => {
      if (event.key === "Escape" && this.putBack()) event.preventDefault();
    }));
    // Focus only moves the cursor mark: redrawing between a mouse press and its release would
    // swallow the click.
    // Come back to by the keyboard (Shift+Tab from the dock), the cursor comes into sight: on a
    // phone it was left under the dock. A mouse's focus scrolls nothing, or the click would move.
    this.area.addEventListener("focus", this.guard(() => {
      if (!this.cursor) this.placeCursor(this.firstPlace());
      if (this.area.matches(":focus-visible")) requestAnimationFrame(() => this.showPlace(this.cursor));
    }));
    // The dock: the message and the choices, together. On a narrow board it stays in view at the
    // foot of the screen while the picture scrolls under it (board.css).
    const dock = html("div", { class: "rb-dock" }, stage);
    // A card or button pressed by a pointer (a tap, a mouse; a key's press has detail 0): the
    // cursor went to its first legal place (cursorToTarget), which comes into sight when it is not
    // (under a phone's dock, off the screen, beyond the picture's own scroll box): the message says
    // "each marked with a dot". One in sight moves nothing (showPlace). A key leaves the focus on
    // the button; Shift+Tab back to the board shows the place (the focus handler).
    dock.addEventListener("click", this.guard((event) => {
      if (!event.detail || !event.target.closest("[data-hand], [data-choice], [data-actor-choice]")) return;
      const place = this.chosen && this.area.querySelector("[data-place].rb-target.rb-cursor");
      if (place) requestAnimationFrame(() => this.showPlace(place.getAttribute("data-place")));
    }));
    this.messageLine = html("div", { class: "rb-message", role: "status", "aria-live": "polite" }, dock);
    // Words the page says after every message, for a screen reader only (writeMessage): a Play
    // page's "the link to the rule's chapter follows the board", while that link is shown.
    this.messageNote = "";
    this.handLabel = html("div", { class: "rb-label", id: `${this.uid}-hand` }, dock, this.words().hand);
    this.handBox = html("div", { class: "rb-hand", role: "group", "aria-labelledby": `${this.uid}-hand` }, dock);
    this.actorLabel = html("div", { class: "rb-label", id: `${this.uid}-actor` }, dock, this.words().actsOn);
    this.actorBox = html("div", { class: "rb-actors", role: "group", "aria-labelledby": `${this.uid}-actor` }, dock);
    const side = html("div", { class: "rb-side" }, stage);
    const tools = html("div", { class: "rb-tools" }, side);
    this.undoButton = html("button", { type: "button", class: "rb-undo", "data-tool": "undo" }, tools, this.words().undo);
    this.undoButton.addEventListener("click", this.guard(() => this.undo()));
    this.hintButton = html("button", { type: "button", class: "rb-hint", "data-tool": "hint" }, tools, this.words().hint);
    this.hintButton.addEventListener("click", this.guard(() => this.hint()));
    this.resetButton = html("button", { type: "button", class: "rb-reset", "data-tool": "reset" }, tools, this.words().reset);
    this.resetButton.addEventListener("click", this.guard(() => this.rewind(0)));
    html("div", { class: "rb-label rb-log-label" }, side, this.words().moves);
    this.logList = html("ol", { class: "rb-log", "aria-label": this.words().log }, side);
    this.logList.addEventListener("keydown", this.guard((event) => this.onLogKey(event)));
    // Drawn while hidden (a hot-seat cover, a page not yet shown), a log keeps its current entry
    // in sight once it is laid out.
    if (typeof ResizeObserver !== "undefined") new ResizeObserver(this.guard(() => this.keepInSight(this.logList))).observe(this.logList);
  }

  // --- drawing ----------------------------------------------------------------------------
  draw() {
    const node = this.node();
    const lesson = this.lesson();
    const focused = this.focusedControl();
    writeText(this.titleLine, lesson.title || "");
    this.titleLine.hidden = !lesson.title;
    const picture = this.picture();
    if (!node || !picture) {
      this.decisionLine.textContent = this.words().noLesson;
      this.area.textContent = "";
      this.drawnFor = undefined;
      return;
    }
    writeText(this.decisionLine, this.text(node.decision));
    this.root.setAttribute("data-node", node.id);
    this.root.setAttribute("data-chosen", this.chosen);
    const option = this.option(node);
    const context = {
      node,
      places: this.places(node),
      targets: printing || this.mode() === "find" ? new Set() : this.targets(node, option),
      found: new Set(printing ? [] : this.found()),
      actor: option ? option.actor : null,
      words: this.words(),
    };
    // A picture is drawn from its context alone: when that is the same (a refused place, a hint,
    // a message), the picture on show is kept, and the page has only the words to draw again.
    const marks = [context.actor, [...context.targets].join(" "), [...context.found].join(" ")].join("|");
    const drawn = this.drawnFor;
    if (!drawn || drawn.lesson !== lesson || drawn.node !== node || drawn.picture !== picture || drawn.marks !== marks) {
      this.drawnFor = undefined;
      this.area.textContent = "";
      picture.draw(this.area, { ...context, view: this.view(node) });
      this.describePicture();
      this.drawnFor = { lesson, node, picture, marks };
    }
    // Named by its question and what it shows ("Where can one Bison King take the red pawn? — The
    // Mountain"): each board of a page told apart; its keys are in its description.
    const label = (picture.labelWord && this.words()[picture.labelWord]) || picture.label || this.words().board;
    this.area.setAttribute("aria-label", lesson.title ? fill(this.words().pictureTitled, { title: lesson.title, label }) : label);
    if (this.keysLine.textContent !== this.words().picture) this.keysLine.textContent = this.words().picture;
    for (const place of this.area.querySelectorAll("[data-place]")) {
      const key = place.getAttribute("data-place");
      place.classList.toggle("rb-target", context.targets.has(key));
      place.classList.toggle("rb-found", context.found.has(key));
      place.classList.remove("rb-refused");
      place.setAttribute("role", "option");
      place.setAttribute("id", `${this.uid}-place-${key}`);  // a prefix of its own: Hudai's place "hand" took the dock label's id
      place.setAttribute("aria-selected", "false");
    }
    // A picture with no place (an expedition over) is a group: a listbox with no option is one a
    // screen reader says holds nothing, and axe-core calls it broken (aria-required-children).
    this.area.setAttribute("role", this.area.querySelector("[data-place]") ? "listbox" : "group");
    // A move that takes the cursor's place off the board (the Sled revealed: the players' panels
    // now) leaves the keyboard on the first place, not on none, where Enter did nothing and Space
    // scrolled the page; the reader's own place comes back to the cursor when it comes back (after
    // the bots' moves), unless the reader has moved the cursor meanwhile.
    const wanted = [this.lostPlace, this.cursor].find((place) => place && this.placeElement(place));
    if (printing || wanted) {
      this.lostPlace = null;
      this.moveCursor(printing ? null : wanted);
    } else {
      this.lostPlace = this.lostPlace || this.cursor;
      this.moveCursor(document.activeElement === this.area ? this.firstPlace() : null);
    }
    this.markPlaces(context);
    this.drawHand(node);
    this.drawLog();
    // A status line is said again whenever it is written: a redraw (a hint, the only choice chosen
    // for the reader) leaves the same words alone; a sentence said again on purpose is settle's.
    const message = this.model.get("message") || "";
    if (this.sayAgain && this.sayAgain.message !== message) {
      clearTimeout(this.sayAgain.timer);  // other words came first: the sentence waiting is past
      this.sayAgain = null;
    }
    if (this.messageLine.textContent !== this.spoken(message)) this.writeMessage(message);
    this.messageLine.setAttribute("data-tone", this.model.get("tone") || "info");
    this.undoButton.setAttribute("aria-disabled", this.entries().length === 0 ? "true" : "false");
    this.restoreFocus(focused);
    this.fit();
  }

  /** A picture too wide to sit beside the choices goes above them (data-stacked, board.css):
   * nothing on the board is cut off at its right edge. Measured a frame later, once laid out. */
  fit() {
    requestAnimationFrame(() => {
      const stage = this.root.querySelector(".rb-stage");
      if (!stage || this.root.hasAttribute("data-stacked")) return;
      if (stage.scrollWidth > stage.clientWidth + 1) this.root.setAttribute("data-stacked", "");
    });
  }

  drawHand(node) {
    const box = this.handBox;
    box.textContent = "";
    // Whose hand it is: the lesson names it ("Red's hand"), so a hand that passes to another
    // player never changes silently.
    this.handLabel.textContent = node.handLabel === undefined ? this.words().hand : this.text(node.handLabel);
    const pressed = new Set(this.pressedHand());
    // A game over (a Play page's): the hand and the buttons are shown as they were, offered no
    // more; a press says the moment's own line (pressHand, pressEffect).
    const over = this.over(node) ? { "aria-disabled": "true" } : {};
    node.hand.forEach(([code, label], index) => {
      const button = html("button", {
        type: "button",
        class: "rb-hand-card",
        "data-hand": index,
        "data-code": code,
        "aria-pressed": pressed.has(index) ? "true" : "false",
        ...over,
      }, box, this.text(label));
      button.addEventListener("click", this.guard(() => this.pressHand(index)));
    });
    const effects = Object.entries(node.choices).filter(([key]) => !HAND_CHOICE.test(key));
    // An empty box says so; a box of buttons alone (Madness's question, a step with no card left)
    // is not empty, and "(no cards)" above a question's button read as something missing.
    if (!node.hand.length && !effects.length) html("span", { class: "rb-empty-hand" }, box, this.words().noCards);
    for (const [key, choice] of effects) {
      const button = html("button", {
        type: "button",
        class: "rb-effect",
        "data-choice": key,
        "aria-pressed": this.chosen === key ? "true" : "false",
        ...over,
      }, box, this.text(choice.label));
      button.addEventListener("click", this.guard(() => this.pressEffect(key)));
    }
    this.drawActors(node);
  }

  /** When the chosen cards may act on several actors (pawns), one button for each. */
  drawActors(node) {
    const box = this.actorBox;
    box.textContent = "";
    const choice = this.choice(node);
    const option = this.option(node);
    const actors = this.mode() !== "find" && choice && choice.actors && !this.over(node) ? Object.keys(choice.actors) : [];
    this.actorLabel.hidden = box.hidden = actors.length < 2;
    if (actors.length < 2) return;
    for (const actor of actors) {
      const button = html("button", {
        type: "button",
        class: "rb-actor",
        "data-actor-choice": actor,
        "aria-pressed": option.actor === actor ? "true" : "false",
      }, box, this.text(choice.actors[actor]));
      button.addEventListener("click", this.guard(() => this.pressActor(actor)));
    }
  }

  /** The move log's entries after the start: [key, words] for each move or each place found. */
  entries() {
    if (this.mode() === "find") {
      const node = this.node();
      const picture = this.picture();
      const view = node ? this.view(node) : null;
      return this.found().map((place) => [place, picture && picture.placeName ? picture.placeName(view, place, this.words()) : place]);
    }
    return this.history().slice(1);
  }

  /** The moves that Undo, Start again or a press on the log took back, kept until another move
   * is made: pressing one goes forward again, so a slip loses nothing. They hold only while the
   * move log and the lesson are those they were taken from (a new game, or Python, changes them). */
  ahead() {
    const taken = this.taken;
    if (!taken || this.mode() === "find" || taken.lesson !== this.lesson()) return [];
    return JSON.stringify(this.history()) === taken.base ? taken.entries : [];
  }

  /** Keep `entries` as the moves ahead of the move log `history`. */
  keepAhead(history, entries) {
    this.taken = entries.length ? { lesson: this.lesson(), base: JSON.stringify(history), entries } : null;
  }

  /** The sentence a move said when it was made: the one its click has in the lesson data, from
   * the state `before` to `after` ([id, log entry] each); "" if the lesson has none. */
  said(before, after) {
    const node = (this.lesson().nodes || {})[before[0]];
    for (const entries of Object.values((node && node.options) || {})) {
      const entry = entries.find((each) => Array.isArray(each) && each[0] === after[0] && this.text(each[2]) === after[1]);
      if (entry) return this.text(entry[1]);
    }
    return "";
  }

  drawLog() {
    const list = this.logList;
    list.textContent = "";
    const entries = this.entries();
    const start = html("li", {}, list);
    const startButton = html("button", { type: "button", class: "rb-log-entry", "data-entry": 0 }, start, this.words().start);
    startButton.addEventListener("click", this.guard(() => this.rewind(0)));
    if (!entries.length) {
      startButton.setAttribute("aria-current", "step");
      if (this.mode() === "find") html("li", { class: "rb-log-note" }, list, this.words().nothingYet);
    }
    const history = this.history();
    entries.forEach((entry, index) => {
      const item = html("li", {}, list);
      const button = html("button", { type: "button", class: "rb-log-entry", "data-entry": index + 1 }, item, entry[1]);
      if (index === entries.length - 1) button.setAttribute("aria-current", "step");
      if (this.mode() !== "find") this.describe(item, button, this.said(history[index], entry));
      button.addEventListener("click", this.guard(() => this.rewind(index + 1)));
    });
    const ahead = this.ahead();
    ahead.forEach((entry, index) => {
      const item = html("li", { class: "rb-log-ahead" }, list);
      const button = html("button", { type: "button", class: "rb-log-entry", "data-entry": entries.length + index + 1 }, item, entry[1]);
      const name = this.describe(item, button, this.said(index ? ahead[index - 1] : history[history.length - 1], entry));
      button.setAttribute("aria-label", fill(this.words().takenBack, { entry: name }));
      button.addEventListener("click", this.guard(() => this.forward(index + 1)));
    });
    this.keepInSight(list);
    // One Tab stop for the whole log (a game's is hundreds of entries long), at its current entry:
    // the arrow keys, Home and End move between the entries (onLogKey).
    const buttons = [...list.querySelectorAll(".rb-log-entry")];
    const stop = list.querySelector("[aria-current]") || buttons[buttons.length - 1];
    for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
  }

  onLogKey(event) {
    const buttons = [...this.logList.querySelectorAll(".rb-log-entry")];
    const here = buttons.indexOf(document.activeElement);
    const to = { ArrowUp: here - 1, ArrowLeft: here - 1, ArrowDown: here + 1, ArrowRight: here + 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (here < 0 || to === undefined) return;
    event.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  }

  /** Who moved and what it did, in words, under the entry's notation: shown, since a phone has no
   * tooltip; and the button's name, the sentence first ("Red plays Red Boy …"), which a screen
   * reader says first (the notation alone, "redboy DH 1,-1", said little), and the notation shown
   * at its end (a voice-control user says what is shown). The entry's name. */
  describe(item, button, sentence) {
    const entry = button.textContent;
    if (!sentence || sentence === entry) return entry;
    html("span", { class: "rb-log-said", "aria-hidden": "true" }, item, sentence);  // in the name already
    const name = fill(this.words().logEntry, { said: sentence, entry });
    button.setAttribute("aria-label", name);
    return name;
  }

  /** A log taller than its box (a whole game, on a Play page) keeps its current entry in sight,
   * scrolling the box alone, never the page. */
  keepInSight(list) {
    const current = list.querySelector("[aria-current]");
    if (!current || list.scrollHeight <= list.clientHeight) return;
    const item = current.parentElement;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    // Its end at the box's foot, or its start at the top when it is taller than the box.
    if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = Math.min(top, bottom - list.clientHeight);
    else if (top < list.scrollTop) list.scrollTop = top;
  }

  /** What the picture shows outside its places (a heading, a note, a panel no click acts on) is
   * no option of the listbox, so the arrow keys never reach it: it becomes the listbox's
   * description, which a screen reader says when the reader comes to the board. */
  describePicture() {
    const facts = [];
    const visit = (element) => {
      for (const child of element.children) {
        if (child.hasAttribute("data-place") || child.getAttribute("aria-hidden") === "true") continue;
        if (child.querySelector("[data-place]")) visit(child);
        else if (child.textContent.trim()) facts.push(child);
      }
    };
    visit(this.area);
    facts.forEach((fact, index) => fact.setAttribute("id", `${this.uid}-fact${index}`));
    this.facts = facts;
    // The board's question is its name (draw): a screen reader coming to the board by the skip
    // link or Tab hears what it asks, and each board of a page is told apart; its description says
    // whose turn it is and what to decide, then the keys. What else the picture shows is only counted, with
    // the key that says it (D): said whole, it was re-read on every focus (Madness's 26 tiles,
    // about 1,000 characters). The facts stay the listbox's details (aria-details).
    const ids = [this.decisionLine.id, this.keysLine.id];
    if (facts.length) {
      writeText(this.factsLine, fill(this.words().factsCount, { count: facts.length }));
      ids.push(this.factsLine.id);
      this.area.setAttribute("aria-details", facts.map((fact) => fact.id).join(" "));
    } else {
      this.factsLine.textContent = "";
      this.area.removeAttribute("aria-details");
    }
    this.area.setAttribute("aria-describedby", ids.join(" "));
  }

  // --- focus and the keyboard cursor ------------------------------------------------------
  focusedControl() {
    const active = document.activeElement;
    if (!active || !this.root.contains(active)) return null;
    for (const name of ["data-hand", "data-choice", "data-actor-choice", "data-entry", "data-tool"]) {
      if (active.hasAttribute(name)) return [name, active.getAttribute(name)];
    }
    return null;
  }

  /** Redrawing replaces the buttons: the reader's focus goes to the same control again. */
  restoreFocus(focused) {
    if (!focused) return;
    const [name, value] = focused;
    let again = this.root.querySelector(`[${name}="${CSS.escape(value)}"]`);
    if (!again && name === "data-entry") again = this.logList.querySelector("[aria-current]");
    if (!again) again = this.area;
    if (document.activeElement !== again) again.focus({ preventScroll: true });
  }

  placeElement(place) {
    return place ? this.area.querySelector(`[data-place="${CSS.escape(place)}"]`) : null;
  }

  /** The reader puts the cursor on a place (a key, a click, a hint): it stays there. */
  placeCursor(place) {
    this.lostPlace = null;
    this.moveCursor(place);
  }

  moveCursor(place) {
    this.cursor = place;
    for (const old of this.area.querySelectorAll(".rb-cursor")) {
      old.classList.remove("rb-cursor");
      old.setAttribute("aria-selected", "false");
    }
    const here = this.placeElement(place);
    if (here) {
      here.classList.add("rb-cursor");
      here.setAttribute("aria-selected", "true");
      this.area.setAttribute("aria-activedescendant", here.id);
    } else {
      this.area.removeAttribute("aria-activedescendant");
    }
  }

  /** The part of the screen where a place is in sight: below the page's sticky header (its
   * scroll-padding-top), above the board's dock where it sticks to the foot of a phone's screen,
   * and sideways within the picture (it scrolls sideways). The dock is counted where it sticks:
   * while it is below the screen, or stands lower on its board's top (a game begun), it comes up as
   * the page scrolls down, and it covered a place that had been brought to the screen's foot. */
  room() {
    const area = this.area.getBoundingClientRect();
    const dock = this.stickyDock();
    const docked = dock && dock.getBoundingClientRect();
    const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const bottom = docked ? Math.min(docked.top, window.innerHeight - docked.height) : window.innerHeight;
    return { top, bottom, left: area.left, right: area.right };
  }

  /** The board's dock where it sticks to the foot of the screen (a phone's layout, board.css); null
   * on a desktop, where it stands in the page's flow. */
  stickyDock() {
    const dock = this.root.querySelector(".rb-dock");
    return dock && getComputedStyle(dock).position === "sticky" ? dock : null;
  }

  /** How far the page must scroll for a box to be in the room (0: it is in sight), SIGHT_EDGE clear
   * of the edge it comes to (less where it barely fits). A box taller than the room is in sight
   * from its top, as much of it as fits: a place's name is at its top (a Madness player's panel,
   * 316 px, is taller than the room on a small phone; its dot is beside its name). */
  scrollNeeded(box, room) {
    const tall = box.height > room.bottom - room.top;
    const edge = tall ? SIGHT_EDGE : Math.max(0, Math.min(SIGHT_EDGE, (room.bottom - room.top - box.height) / 2));
    if (box.top < room.top - 1 || (tall && box.top > room.top + SIGHT_EDGE + 1)) return box.top - room.top - edge;
    if (!tall && box.bottom > room.bottom + 1) return box.bottom - room.bottom + edge;
    return 0;
  }

  /** A place (or another part of the page) in sight (room, scrollNeeded); a place also within the
   * picture sideways. */
  inSight(element) {
    const box = element && element.getBoundingClientRect();
    if (!box || !box.height) return false;
    const room = this.room();
    const sideways = !this.area.contains(element) || (box.left >= room.left - 1 && box.right <= room.right + 1);
    return sideways && this.scrollNeeded(box, room) === 0;
  }

  /** Bring a place into sight (inSight): within the picture sideways, then the page only as far as
   * needed; never when it is in sight already. */
  showPlace(place) {
    const element = this.placeElement(place);
    const box = element && element.getBoundingClientRect();
    if (!box || !box.height) return;
    const room = this.room();
    if (box.left < room.left) this.area.scrollLeft -= room.left - box.left + 2 * SIGHT_EDGE;
    else if (box.right > room.right) this.area.scrollLeft += box.right - room.right + 2 * SIGHT_EDGE;
    const by = this.scrollNeeded(box, room);
    if (by) window.scrollBy(0, by);
  }

  /** The keyboard on a place: the board focused, its cursor there and in sight (a hint's move,
   * which Enter then makes). */
  focusPlace(place) {
    this.placeCursor(place);
    this.area.focus({ preventScroll: true });
    requestAnimationFrame(() => this.showPlace(place));
  }

  firstPlace() {
    const first = this.area.querySelector("[data-place]:not(.rb-empty)") || this.area.querySelector("[data-place]");
    return first ? first.getAttribute("data-place") : null;
  }

  /** The place drawn nearest in the arrow's direction: works for any picture's layout. Distances
   * count in places (the cursor's width and height), a place off the arrow's line costing half as
   * much again as along it: on a map whose rows are set half a space apart (Madness's), Down
   * reaches the space joined below, not the one two rows down (pixels, and a cost of 3, did). */
  nextPlace(dx, dy) {
    const here = this.placeElement(this.cursor || this.firstPlace());
    if (!here) return null;
    const centre = (element) => {
      const box = element.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    const [x, y] = centre(here);
    const size = here.getBoundingClientRect();
    const [alongSize, acrossSize] = (dx ? [size.width, size.height] : [size.height, size.width]).map((side) => Math.max(side, 1));
    let best = null;
    let bestScore = Infinity;
    for (const other of this.area.querySelectorAll("[data-place]")) {
      if (other === here) continue;
      const [ox, oy] = centre(other);
      const along = (ox - x) * dx + (oy - y) * dy;
      if (along < 1) continue;
      const score = along / alongSize + 1.5 * Math.abs(dx ? oy - y : ox - x) / acrossSize;
      if (score < bestScore) {
        bestScore = score;
        best = other;
      }
    }
    if (best) return best.getAttribute("data-place");
    // Nothing drawn that way (ArrowDown on a one-row board): a listbox's reader expects Down and
    // Right to go on to the next option, Up and Left back, so the order of the places does.
    const all = [...this.area.querySelectorAll("[data-place]")];
    const next = all[all.indexOf(here) + (dx + dy > 0 ? 1 : -1)];
    return next ? next.getAttribute("data-place") : this.cursor;
  }

  /** An arrow's move, which the opposite arrow takes back: on a picture whose places are not in
   * a grid the nearest place back is not always the one the cursor came from, so the arrows
   * remember their way (forgotten when the cursor moves otherwise or that place is gone). */
  arrowPlace(key) {
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const back = { ArrowUp: "ArrowDown", ArrowDown: "ArrowUp", ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft" };
    const trail = this.arrowTrail && this.arrowTrail.length && this.arrowTrail[this.arrowTrail.length - 1].to === this.cursor ? this.arrowTrail : [];
    const last = trail[trail.length - 1];
    if (last && last.back === key && this.placeElement(last.from)) {
      trail.pop();
      this.arrowTrail = trail.length ? trail : null;
      return last.from;
    }
    const from = this.cursor;
    const to = this.nextPlace(...moves[key]);
    if (from && to && to !== from) trail.push({ from, to, back: back[key] });
    this.arrowTrail = trail;
    return to;
  }

  onKey(event) {
    const arrows = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
    if (arrows.includes(event.key) || event.key === "Home" || event.key === "End") {
      event.preventDefault();  // the board's keys move its cursor, never the page
      const all = [...this.area.querySelectorAll("[data-place]")];
      const place = arrows.includes(event.key) ? this.arrowPlace(event.key) : (event.key === "Home" ? all[0] : all[all.length - 1]);
      this.placeCursor(typeof place === "string" || place === null ? place : place.getAttribute("data-place"));
      this.showPlace(this.cursor);
      return;
    }
    if ((event.key === "PageDown" || event.key === "PageUp") && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const place = this.nextTarget(event.key === "PageDown" ? 1 : -1);
      if (!place) return;  // no legal place marked: the key scrolls the page, as it does elsewhere
      event.preventDefault();
      this.placeCursor(place);
      this.showPlace(place);
      return;
    }
    if ((event.key === "d" || event.key === "D") && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      this.tellFacts();
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (this.cursor) this.clickPlace(this.cursor);
      else {
        this.placeCursor(this.firstPlace());
        this.showPlace(this.cursor);
      }
    }
  }

  /** The legal place (marked rb-target) after the cursor (`step` 1) or before it (-1), in the
   * places' order, going round; null when none is marked. Page Down and Page Up: a listbox's
   * "a page further", which on a board means the next place the reader may click, so a reader who
   * cannot see the dots does not walk through every empty place to find them. */
  nextTarget(step) {
    const all = [...this.area.querySelectorAll("[data-place]")];
    const here = all.indexOf(this.placeElement(this.cursor));
    for (let i = 1; i <= all.length; i += 1) {
      const place = all[(((here < 0 ? (step > 0 ? -1 : 0) : here) + step * i) % all.length + all.length) % all.length];
      if (place.classList.contains("rb-target")) return place.getAttribute("data-place");
    }
    return null;
  }

  /** D on the board: what the picture shows besides its places (the players' health, the piles,
   * the map's tiles), said in the message line; the listbox's description only counts it. */
  tellFacts() {
    const facts = (this.facts || []).filter((fact) => this.area.contains(fact)).map(factText).filter(Boolean);
    // One sentence of them: a fact's own full stop would stand before the next one's semicolon.
    const said = facts.map((fact, index) => (index < facts.length - 1 ? fact.replace(/\.$/, "") : fact));
    this.settle(said.length ? said.join("; ") : this.decisionLine.textContent, "info");
  }

  /** A legal place and a found one are said as well as drawn: a picture of HTML places (Hudai's
   * table, Madness's panels) gets the words for a screen reader; an SVG picture says them in its
   * places' titles itself (Inferno's Mountain, Madness's mountain). */
  markPlaces(context) {
    for (const place of this.area.querySelectorAll("[data-place]")) {
      for (const old of place.querySelectorAll(":scope > .rb-said-mark")) old.remove();
      if (place instanceof SVGElement) continue;
      if (place.hasAttribute("data-rb-marked")) {
        place.removeAttribute("aria-label");
        place.removeAttribute("data-rb-marked");
      }
      // A place the picture names itself (Inferno's buttons, Hudai's powers) says its marks itself.
      if (place.hasAttribute("aria-label")) continue;
      const key = place.getAttribute("data-place");
      const words = [context.targets.has(key) && "legalDestination", context.found.has(key) && "foundThere"].filter(Boolean);
      if (!words.length) continue;
      const walker = document.createTreeWalker(place, NodeFilter.SHOW_TEXT);
      let texts = 0;
      for (let text = walker.nextNode(); text; text = walker.nextNode()) texts += Boolean(text.data.trim());
      if (texts === 1) {
        // Words alone, its own and the mark in one name ("First card, a legal destination"): a
        // hidden mark after them was read with a stray space ("First card , a legal destination").
        let label = spokenText(place);
        for (const word of words) label = fill(this.words()[word], { label });
        place.setAttribute("aria-label", label);
        place.setAttribute("data-rb-marked", "");
      } else {
        // A place of several parts (a pile's name and count, a player's board) keeps its content as
        // its name, which must hold what is seen as axe-core joins it, and the mark after it.
        for (const word of words) html("span", { class: "rb-said-mark" }, place, fill(this.words()[word], { label: "" }));
      }
    }
  }

  /** Escape, anywhere on the board: the chosen cards or button go back (not in an exercise,
   * whose cards stay chosen). Whether there was a choice to put back. */
  putBack() {
    const node = this.node();
    if (!node || this.mode() === "find" || !this.chosen) return false;
    this.chosen = "";
    this.actor = null;
    this.settle(this.text(node.idle), "info");
    return true;
  }

  /** A refused place is marked on the board for a moment, where the reader's eye is. */
  markRefused(place) {
    const element = this.placeElement(place);
    if (!element) return;
    element.classList.add("rb-refused");
    clearTimeout(element.rbRefused);  // the same place refused again while marked (a kept picture, see draw)
    element.rbRefused = setTimeout(() => element.classList.remove("rb-refused"), REFUSED_FOR);
  }

  /** On a small screen the message may be out of sight: bring it in (once the frame is laid out). */
  reveal() {
    requestAnimationFrame(() => {
      const box = this.messageLine.getBoundingClientRect();
      if (box.height && (box.top < 0 || box.bottom > window.innerHeight)) {
        this.messageLine.scrollIntoView({ block: "nearest" });
      }
    });
  }

  // --- what the reader does ---------------------------------------------------------------
  say(message, tone) {
    this.set({ message, tone });
  }

  /** Change the model without redrawing once per attribute: one drawing follows. */
  set(values) {
    this.quiet = true;
    try {
      this.model.set(values);
    } finally {
      this.quiet = false;
    }
  }

  save() {
    try {
      this.model.save_changes();
    } catch (error) {
      // No kernel to save to: the page keeps its state locally, which is all a static page needs.
    }
  }

  send(content) {
    try {
      this.model.send(content);
    } catch (error) {
      // No kernel: static mode.
    }
  }

  /** Say, save and draw after a reader's action; a refused place is marked afterwards. */
  settle(message, tone, refused) {
    const again = Boolean(message) && this.spoken(message) === this.messageLine.textContent;
    this.say(message, tone);
    this.save();
    if (again) this.repeat(message);
    this.draw();
    if (refused) this.markRefused(refused);
    this.reveal();
  }

  /** The same sentence said again (the same refusal twice): a status line that is not written
   * says nothing new, so on the next tick (a change of its own, apart from the redraw, as a Play
   * page's tell() does) its words are written afresh, which a screen reader says again. They
   * stay on show meanwhile: what the page shows never blinks empty. */
  repeat(message) {
    clearTimeout(this.sayAgain && this.sayAgain.timer);
    const timer = setTimeout(() => {
      if (!this.sayAgain || this.sayAgain.timer !== timer) return;
      this.sayAgain = null;
      if (this.messageLine.textContent === this.spoken(message) && (this.model.get("message") || "") === message) this.writeMessage(message);
    }, 50);
    this.sayAgain = { message, timer };
  }

  /** What the message line says of `message`: its words, then the page's note (messageNote). */
  spoken(message) {
    return message && this.messageNote ? `${message}${this.messageNote}` : message;
  }

  /** The message written, its rule ids kept whole (each a link to its row where the page says
   * where the rows are), and the page's note after it for a screen reader only (board.css's
   * rb-said-mark): what is shown is the message alone. A Play page's refusal that cites a section
   * its chapters teach ("… (Action)", the page's `messageLink`, {rule, address}) has those words a
   * link to that chapter: in the dock, in sight on a phone, not only after the board. */
  writeMessage(message) {
    writeText(this.messageLine, message, true);
    const link = message && this.messageLink;
    if (link && !link.rule.match(RULE_ID)) linkWords(this.messageLine, link.rule, link.address);
    if (message && this.messageNote) html("span", { class: "rb-said-mark" }, this.messageLine, this.messageNote);
  }

  /** Whether the game is over at `node`: nothing more to play, the hand offered no more, the move
   * that ended it said in no tone of a right answer (a game may end lost). A board alone never
   * knows (a chapter's lesson is no whole game); a Play page says so (its `meta.over`). */
  over(node) {
    return false;
  }

  /** Whether the game over at `node` was won by the reader's side: the move that ended it is then
   * said as a success (a tick), as a lost game's is not. A Play page says so (its `meta.won`). */
  won(node) {
    return false;
  }

  chosenSay(node) {
    const choice = this.choice(node);
    const option = this.option(node);
    return choice && option ? this.text(choice.says[option.actor]) : this.text(node.idle);
  }

  /**
   * A hand card pressed: chosen alone, or with the cards already pressed when the rules play them
   * together. Cards that are not played together leave only the card pressed last chosen (or
   * none, when it cannot be played alone), and the message says why. Pressing a chosen card
   * again puts it back. In an exercise the cards it asks about stay chosen.
   */
  pressHand(index) {
    const node = this.node();
    if (!node) return;
    if (this.over(node)) return this.settle(this.text(node.idle), "info");
    if (this.mode() === "find") {
      const choice = node.choices[this.exercise().choice];
      return this.settle(fill(this.words().fixed, { label: choice ? this.text(choice.label) : "" }), "info");
    }
    const before = this.pressedHand();
    const pressed = before.includes(index) ? before.filter((i) => i !== index) : [...before, index].sort((a, b) => a - b);
    const key = pressed.map((i) => `h${i}`).join("+");
    this.actor = null;
    if (!key) {
      this.chosen = "";
      return this.settle(this.text(node.idle), "info");
    }
    const together = node.choices[key];
    if (together && together.options) {
      this.chosen = key;
      this.settle(this.chosenSay(node), "info");
      return this.cursorToTarget();
    }
    const alone = node.choices[`h${index}`];
    const refusal = together ? this.text(together.refusal) : "";
    if (before.length && alone && alone.options && pressed.includes(index)) {
      this.chosen = `h${index}`;
      this.settle(fill(this.words().alone, { refusal, label: this.text(alone.label) }).trim(), "no");
      return this.cursorToTarget();
    }
    this.chosen = "";
    if (alone && alone.refusal !== undefined) return this.settle(this.text(alone.refusal), "no");
    // No choice at all for this card here: saying "choose a card" to one who just did helps no one;
    // where nothing at all can be chosen (the game over, a bot's turn), the moment's own line, not
    // that this card "has nothing to do here" as if another would.
    if (!refusal && !Object.values(node.choices).some((choice) => choice.options)) return this.settle(this.text(node.idle), "info");
    return this.settle(refusal || fill(this.words().unused, { label: this.text(node.hand[index][1]) }), "no");
  }

  /** An effect button ("Move one card", "Place your pawn"): pressed or put back; or, when its one
   * legal place bears its own name, played. */
  pressEffect(key) {
    const node = this.node();
    if (!node) return;
    if (this.over(node)) return this.settle(this.text(node.idle), "info");
    const choice = node.choices[key];
    if (this.mode() === "find") {
      return this.settle(fill(this.words().fixed, { label: this.text((node.choices[this.exercise().choice] || choice).label) }), "info");
    }
    this.actor = null;
    if (choice.refusal !== undefined) {
      this.chosen = "";
      return this.settle(this.text(choice.refusal), "no");
    }
    const before = this.chosen;
    this.chosen = key;
    // A button that is its own move (Inferno's "End step I", "Stay where you are", also drawn below
    // the Mountain): pressed, it is played; it said "press the End step I button below the
    // Mountain", a second thing of the same name. A button with several card sets still asks which.
    const option = Object.keys(choice.options).length === 1 ? this.option(node) : null;
    const targets = option ? [...this.targets(node, option)] : [];
    if (targets.length === 1 && targets[0] === key) {
      this.clickPlace(key, false);
      // Not played here (beyond the lesson data, or waiting for the kernel, which keeps the choice
      // with the click): the button does not stay pressed, as if a second press would undo it.
      const now = this.node();
      if (this.chosen === key && now && now.id === node.id) {
        this.chosen = "";
        this.draw();
      }
      return undefined;
    }
    this.chosen = before === key ? "" : key;
    this.settle(this.chosen ? this.chosenSay(node) : this.text(node.idle), "info");
    return this.cursorToTarget();
  }

  /** Cards or a button pressed: the picture's cursor goes to their first legal place, so that
   * the arrows, Enter, or Shift+Tab back to the board start there. The focus stays on the button
   * pressed (only aria-activedescendant moves), and the page does not scroll. */
  cursorToTarget() {
    const first = this.chosen && this.area.querySelector("[data-place].rb-target");
    if (first) this.placeCursor(first.getAttribute("data-place"));
  }

  /** A click made ready for the reader, as a Play page's hint shows it: its cards or button
   * chosen, and its actor (`focusPlace` then puts the keyboard on its place). Returns the place's
   * name, or "" when this board holds no such click; what the board says is the caller's. */
  ready(click) {
    const node = this.node();
    const choice = node && node.choices[click.choice];
    if (!choice || !choice.options || !(click.actor in choice.options) || this.mode() === "find") return "";
    this.chosen = click.choice;
    this.actor = click.actor;
    const picture = this.picture();
    return picture && picture.placeName ? picture.placeName(this.view(node), click.place, this.words()) : click.place;
  }

  /** The one choice a moment offers, chosen for the reader, its legal places marked at once (a
   * Play page's first move: "Place your pawn", with no card in hand); nothing when there are
   * several, when one is chosen, or in an exercise. */
  chooseOnly() {
    const node = this.node();
    if (!node || this.chosen || this.mode() === "find") return;
    const open = Object.keys(node.choices).filter((key) => node.choices[key].options);
    if (open.length !== 1) return;
    this.chosen = open[0];
    this.draw();
  }

  /** An actor button: the chosen cards act on that actor now. */
  pressActor(actor) {
    const node = this.node();
    if (!node || !this.choice(node) || this.over(node)) return;
    this.actor = actor;
    this.settle(this.chosenSay(node), "info");
    this.cursorToTarget();
  }

  /** A click on a place. A move the page plays itself (a bot's) passes `cursor` false: the
   * reader's keyboard cursor, and what a screen reader says is selected, stay where they were;
   * and `news` true: nobody at the board decided it (a bot, the demon, the Sand Timer), so it is
   * said as news, without the tick of a move well chosen. */
  clickPlace(place, cursor = true, news = false) {
    const node = this.node();
    if (!node) return;
    if (cursor) this.placeCursor(place);
    const choice = this.choice(node);
    if (!choice) return this.settle(this.text(node.idle), "info");
    const option = this.option(node);
    // Clicking another actor that the chosen cards could act on switches to it, unless the place
    // is a target (not in an exercise, which asks about one actor).
    const picture = this.picture();
    if (this.mode() !== "find" && picture.actorsAt && !Array.isArray(this.entry(node, option, place))) {
      const other = picture.actorsAt(this.view(node), place).find((actor) => actor !== option.actor && actor in choice.options);
      if (other) {
        this.actor = other;
        return this.settle(this.chosenSay(node), "info");
      }
    }
    return this.answer(node, option, place, news);
  }

  /** The answer Python wrote down for this click, in the lesson data (both transports). */
  answer(node, option, place, news = false) {
    const entry = this.entry(node, option, place);
    const target = Array.isArray(entry) ? entry : null;
    const refusal = entry === undefined ? null : this.text(entry);
    if (this.mode() === "find") {
      const exercise = this.exercise();
      const found = [...this.found()];
      const total = exercise.total;
      if (!target) {
        this.attempted(false);
        return this.settle(refusal || this.words().notAsked, "no", place);
      }
      if (found.includes(place)) return this.settle(fill(exercise.again, { found: found.length, total }), "info");
      this.attempted(true);
      found.push(place);
      this.set({ found });
      const template = found.length === total ? exercise.done : exercise.right;
      const say = this.text(target[3]);
      return this.settle(fill(template, { say, Say: say.charAt(0).toUpperCase() + say.slice(1), found: found.length, total }), "ok");
    }
    if (!target) return this.settle(refusal || this.words().nothing, "no", place);
    const [nextId, say, log] = target;
    if (!(this.lesson().nodes || {})[nextId]) {
      // Legal, but further than the lesson data goes: a kernel records that state; a page says so and stays.
      if (this.live) return this.expand(node, place, nextId, news);
      return this.settle(fill(this.words().beyond, { say: this.text(say) }), "info");
    }
    const history = this.history().map((entry) => [...entry]);
    history.push([nextId, this.text(log)]);
    // The move taken back made again keeps the rest ahead; another move drops them.
    const [next, ...rest] = this.ahead();
    this.keepAhead(history, next && next[0] === nextId && next[1] === this.text(log) ? rest : []);
    this.preselect();
    this.set({ history });
    // A move the reader chose has the tick; a bot's or the demon's is news (a tick praised the
    // demon's blow), and so is the move that ends a game, unless the reader's side won it.
    const reached = this.lesson().nodes[nextId];
    const tick = this.over(reached) ? this.won(reached) : !news;
    return this.settle(this.text(say), tick ? "ok" : "info");
  }

  /** An exercise's answer or miss, told to the page (rb-attempt; the static site counts them). */
  attempted(right) {
    this.root.dispatchEvent(new CustomEvent("rb-attempt", { bubbles: true, detail: { right } }));
  }

  /** Live mode: ask Python for the record of the state a legal click leads to; the click is
   * answered again once it is there (`expanded`). */
  expand(node, place, nextId, news) {
    this.pending = { node: node.id, chosen: this.chosen, actor: this.actor, place, news };
    this.send({ type: "expand", node: nextId });
    return undefined;
  }

  /** What Python answered about the pending click. */
  answered(content) {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return undefined;
    if (content.type === "failed") {
      console.error("rulesbook board: the kernel could not referee that move; its traceback is in the Jupyter log");
      return this.settle(this.words().failed, "no");
    }
    const node = this.node();
    if (!node || node.id !== pending.node) return undefined; // the reader went elsewhere meanwhile
    this.chosen = pending.chosen;
    this.actor = pending.actor;
    return this.answer(node, this.option(node), pending.place, pending.news);
  }

  undo() {
    const entries = this.entries();
    if (!entries.length) return this.settle(this.words().nothingToUndo, "info");
    return this.rewind(entries.length - 1, this.words().undone);
  }

  rewind(count, words) {
    this.preselect();
    this.pending = null;
    if (this.mode() === "find") this.set({ found: this.found().slice(0, count) });
    else {
      const history = this.history();
      const kept = history.slice(0, count + 1);
      this.keepAhead(kept, [...history.slice(count + 1), ...this.ahead()]);
      this.set({ history: kept });
    }
    const said = words || (count === 0 ? this.words().back : fill(this.words().backTo, { count }));
    // Start again, Undo or a press on the log loses nothing, and says so: the moves wait ahead.
    if (!this.ahead().length) return this.settle(said, "info");
    return this.settle(`${said}${/[。！？]$/.test(said) ? "" : " "}${this.words().aheadKept}`, "info"); // no space after a full-width stop
  }

  /** Forward again through `count` of the moves taken back; the last one's sentence is said again. */
  forward(count) {
    this.preselect();
    this.pending = null;
    const ahead = this.ahead();
    const history = [...this.history(), ...ahead.slice(0, count)];
    this.keepAhead(history, ahead.slice(count));
    this.set({ history });
    const said = history.length > 1 ? this.said(history[history.length - 2], history[history.length - 1]) : "";
    return this.settle(said || fill(this.words().backTo, { count: history.length - 1 }), "info");
  }

  /** A hint in the learner's words: in an exercise, how many answers are left and where to look. */
  hint() {
    const node = this.node();
    if (!node) return undefined;
    if (this.mode() !== "find") return this.settle(this.text(node.hint), "info");
    const exercise = this.exercise();
    const found = new Set(this.found().map((place) => answerTag(exercise.salt, place)));
    const left = exercise.clues.filter(([tag]) => !found.has(tag));
    const clue = left.length ? unseal(left[0][1], clueKey(exercise.salt, left[0][0])) : "";
    return this.settle(fill(exercise.missing[left.length], { clue }), "info");
  }
}

/**
 * The anywidget `render` of boards drawn by `pictures` ({name: picture}): one Board per view.
 * Changes made elsewhere (Python, another view of the same model) redraw here; this view's own
 * changes draw once when they are all made.
 */
export function boardRender(pictures) {
  return function render({ model, el: root }) {
    const board = new Board(model, root, pictures);
    const redraw = board.guard(() => {
      if (!board.quiet) board.draw();
    });
    const moved = board.guard(() => {
      if (board.quiet) return;
      board.preselect();
      board.draw();
    });
    const names = ["change:lesson", "change:message", "change:tone", "change:found"];
    for (const name of names) model.on(name, redraw);
    model.on("change:history", moved);
    const onMessage = board.guard((content) => {
      const kind = content && content.type;
      if (kind === "live") {
        board.live = true;
        root.setAttribute("data-live", "true");
      } else if (kind === "expanded" || kind === "failed") {
        board.answered(content);
      }
    });
    model.on("msg:custom", onMessage);
    board.send({ type: "hello" });
    root.__rulesbookBoard = board;
    onShow.add(board);
    return () => {
      onShow.delete(board);
      for (const name of names) model.off(name, redraw);
      model.off("change:history", moved);
      model.off("msg:custom", onMessage);
    };
  };
}
