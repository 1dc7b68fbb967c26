// The Mountain of Inferno board: the JavaScript half of rulesbook.widgets.InfernoBoard.
//
// It draws what the model holds and looks up what a click does in the lesson data that Python
// precomputed with the rules library (`lesson`: states, targets, refusals, sentences). No rule
// of the game is written here. With a kernel (live mode) every click is sent to Python, which
// checks it with the rules library and sets the new state; without one (the static site) the
// same answers are read from the lesson data.

const SVG = "http://www.w3.org/2000/svg";
const CARD_W = 64;
const CARD_H = 84;
const GAP = 8;
const AXIS = 16; // room for the row and column numbers the messages use
const PAWN_NAMES = { R: "red", Y: "yellow", B: "blue", K: "black" };
const DISCIPLE_CLASS = { MK: "mk", PM: "pm", SB: "sb", DH: "dh" };
const MOUNTAIN_LABEL = "The Mountain (arrow keys move the cursor, Enter clicks the card under it)";

function key(row, column) {
  return `${row},${column}`;
}

function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, attrs, parent, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** The whole board for one view: selection and keyboard cursor are local to the view. */
class Board {
  constructor(model, root) {
    this.model = model;
    this.root = root;
    this.live = false;
    this.quiet = false;
    this.picked = []; // hand indices, or ["step"]
    this.pawn = null; // the pawn colour the chosen cards act on
    this.cursor = null; // "row,column" of the keyboard cursor
    this.preselect();
    this.build();
    this.draw();
  }

  // --- reading the model ------------------------------------------------------------------
  lesson() {
    return this.model.get("lesson") || {};
  }

  history() {
    const history = this.model.get("history") || [];
    return history.length ? history : [[this.lesson().start, ""]];
  }

  node() {
    const lesson = this.lesson();
    const nodes = lesson.nodes || {};
    const history = this.history();
    return nodes[history[history.length - 1][0]] || null;
  }

  text(index) {
    const texts = this.lesson().texts || [];
    return typeof index === "number" ? texts[index] || "" : index || "";
  }

  mode() {
    return this.lesson().mode || "play";
  }

  choiceKey() {
    if (!this.picked.length) return null;
    if (this.picked[0] === "step") return "step";
    return [...this.picked].sort((a, b) => a - b).map((i) => `h${i}`).join("+");
  }

  choice(node) {
    const chosen = this.choiceKey();
    return chosen && node ? node.choices[chosen] || null : null;
  }

  option(node) {
    const choice = this.choice(node);
    if (!choice || !choice.options) return null;
    const pawn = this.pawn && this.pawn in choice.options ? this.pawn : choice.pawn;
    return { key: choice.options[pawn], pawn, data: node.options[choice.options[pawn]] };
  }

  /** An exercise starts with its cards already chosen. */
  preselect() {
    const exercise = this.lesson().exercise || {};
    this.picked = this.mode() === "find" && exercise.choice
      ? exercise.choice.split("+").map((h) => Number(h.slice(1)))
      : [];
    this.pawn = null;
  }

  /** A handler that, if anything breaks, says so on the message line instead of failing silently. */
  guard(handler) {
    return (event) => {
      try {
        handler(event);
      } catch (error) {
        this.messageLine.textContent = "Something went wrong on this board; press Start again to reset it.";
        this.messageLine.setAttribute("data-tone", "no");
        console.warn("rulesbook board:", error);
      }
    };
  }

  // --- building the DOM once --------------------------------------------------------------
  build() {
    const root = this.root;
    root.classList.add("rb-board");
    root.textContent = "";
    this.titleLine = html("div", { class: "rb-title" }, root);
    this.decisionLine = html("div", { class: "rb-decision" }, root);
    const stage = html("div", { class: "rb-stage" }, root);
    this.svg = el("svg", {
      class: "rb-mountain",
      role: "application",
      tabindex: "0",
      "aria-label": MOUNTAIN_LABEL,
    }, stage);
    this.svg.addEventListener("click", this.guard((event) => {
      const target = event.target.closest("[data-place]");
      if (target) this.clickPlace(target.getAttribute("data-place"));
    }));
    this.svg.addEventListener("keydown", this.guard((event) => this.onKey(event)));
    // Focus only moves the cursor mark: rebuilding the drawing between a mouse press and its
    // release would swallow the click.
    this.svg.addEventListener("focus", () => {
      if (!this.cursor) this.moveCursor(this.firstPlace());
    });
    const side = html("div", { class: "rb-side" }, stage);
    html("div", { class: "rb-label" }, side, "Hand");
    this.handBox = html("div", { class: "rb-hand", role: "group", "aria-label": "Hand" }, side);
    const tools = html("div", { class: "rb-tools" }, side);
    this.undoButton = html("button", { type: "button", class: "rb-undo" }, tools, "Undo");
    this.undoButton.addEventListener("click", this.guard(() => this.undo()));
    this.hintButton = html("button", { type: "button", class: "rb-hint" }, tools, "Hint");
    this.hintButton.addEventListener("click", this.guard(() => this.hint()));
    this.resetButton = html("button", { type: "button", class: "rb-reset" }, tools, "Start again");
    this.resetButton.addEventListener("click", this.guard(() => this.rewind(0)));
    html("div", { class: "rb-label" }, side, "Moves");
    this.logList = html("ol", { class: "rb-log", "aria-label": "Move log: click an entry to go back to it" }, side);
    this.messageLine = html("div", { class: "rb-message", role: "status", "aria-live": "polite" }, root);
  }

  moveCursor(placeKey) {
    this.cursor = placeKey;
    for (const old of this.svg.querySelectorAll(".rb-cursor")) old.classList.remove("rb-cursor");
    const here = placeKey ? this.svg.querySelector(`[data-place="${placeKey}"]`) : null;
    if (here) here.classList.add("rb-cursor");
    const where = here ? `; cursor on ${here.getAttribute("aria-label")}` : "";
    this.svg.setAttribute("aria-label", `${MOUNTAIN_LABEL}${where}`);
  }

  firstPlace() {
    const node = this.node();
    if (!node) return null;
    const card = node.places.find(([r, c]) => this.cardsAt(node).has(key(r, c)));
    return card ? key(card[0], card[1]) : null;
  }

  cardsAt(node) {
    const cards = new Map();
    for (const [r, c, code, name] of this.lesson().mountains[node.cards] || []) cards.set(key(r, c), [code, name]);
    return cards;
  }

  // --- drawing ----------------------------------------------------------------------------
  draw() {
    const node = this.node();
    const lesson = this.lesson();
    this.titleLine.textContent = lesson.title || "";
    this.titleLine.hidden = !lesson.title;
    if (!node) {
      this.decisionLine.textContent = "This board has no lesson loaded.";
      this.svg.textContent = "";
      return;
    }
    this.decisionLine.textContent = node.decision;
    this.root.setAttribute("data-node", node.id);
    this.drawMountain(node);
    this.drawHand(node);
    this.drawLog();
    const message = this.model.get("message") || "";
    this.messageLine.textContent = message;
    this.messageLine.setAttribute("data-tone", this.model.get("tone") || "info");
    this.undoButton.disabled = this.entries().length === 0;
  }

  drawMountain(node) {
    const svg = this.svg;
    svg.textContent = "";
    const places = node.places;
    const rows = places.map((p) => p[0]);
    const columns = places.map((p) => p[1]);
    const top = Math.min(...rows);
    const left = Math.min(...columns);
    const right = Math.max(...columns);
    const bottom = Math.max(...rows);
    const width = AXIS + (right - left + 1) * (CARD_W + GAP) + GAP;
    const height = AXIS + (bottom - top + 1) * (CARD_H + GAP) + GAP;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    const cards = this.cardsAt(node);
    const pawns = new Map();
    for (const [colour, r, c] of node.pawns) {
      const k = key(r, c);
      if (!pawns.has(k)) pawns.set(k, []);
      pawns.get(k).push(colour);
    }
    const option = this.option(node);
    const find = this.mode() === "find";
    const targets = option && option.data && !find ? option.data.targets : {};
    const found = new Set(find ? this.model.get("found") || [] : []);
    const moving = option ? option.pawn : null;
    const axis = el("g", { class: "rb-axis", "aria-hidden": "true" }, svg);
    for (let c = left; c <= right; c += 1) {
      el("text", { x: AXIS + GAP + (c - left) * (CARD_W + GAP) + CARD_W / 2, y: AXIS - 4 }, axis).textContent = c;
    }
    for (let r = top; r <= bottom; r += 1) {
      el("text", { x: AXIS / 2, y: AXIS + GAP + (r - top) * (CARD_H + GAP) + CARD_H / 2 + 4 }, axis).textContent = r;
    }
    for (const [r, c] of places) {
      const k = key(r, c);
      const x = AXIS + GAP + (c - left) * (CARD_W + GAP);
      const y = AXIS + GAP + (r - top) * (CARD_H + GAP);
      const card = cards.get(k);
      const classes = ["rb-place", card ? "rb-card" : "rb-empty"];
      if (card) classes.push(`rb-${DISCIPLE_CLASS[card[0].slice(0, 2)] || "other"}`);
      if (card && card[0].includes("-")) classes.push("rb-negative");
      if (k in targets) classes.push("rb-target");
      if (found.has(k)) classes.push("rb-found");
      if (this.cursor === k) classes.push("rb-cursor");
      const here = pawns.get(k) || [];
      let label = card ? `${card[1]} ${card[0]} at row ${r}, column ${c}` : `empty place at row ${r}, column ${c}`;
      if (here.length) label += `, ${here.map((p) => PAWN_NAMES[p]).join(" and ")} pawn`;
      if (k in targets) label += ", a legal destination";
      if (found.has(k)) label += ", found";
      const g = el("g", { class: classes.join(" "), "data-place": k, "aria-label": label }, svg);
      el("rect", { x, y, width: CARD_W, height: CARD_H, rx: 7, class: "rb-face" }, g);
      if (card) {
        const [code, name] = card;
        const value = code.slice(2).replace("-", "\u2212");
        el("text", { x: x + 7, y: y + 18, class: "rb-code" }, g).textContent = code.slice(0, 2);
        el("text", { x: x + CARD_W / 2, y: y + 54, class: "rb-value" }, g).textContent = value;
        el("text", { x: x + CARD_W / 2, y: y + CARD_H - 8, class: "rb-name" }, g).textContent = name;
      }
      if (k in targets) {
        el("circle", { cx: x + 12, cy: y + CARD_H - 26, r: 6, class: "rb-target-mark" }, g);
      }
      if (found.has(k)) {
        el("text", { x: x + 12, y: y + CARD_H - 21, class: "rb-found-mark" }, g).textContent = "\u2713";
      }
      here.forEach((colour, index) => {
        const cx = x + CARD_W - 14 - index * 22;
        const cy = y + 16;
        const pawn = el("g", { class: `rb-pawn rb-pawn-${colour}${colour === moving ? " rb-moving" : ""}`, "data-pawn": colour }, g);
        el("circle", { cx, cy, r: 11 }, pawn);
        el("text", { x: cx, y: cy + 4 }, pawn).textContent = colour;
      });
    }
  }

  drawHand(node) {
    const box = this.handBox;
    box.textContent = "";
    const chosen = this.choiceKey();
    const picked = new Set(this.picked);
    node.hand.forEach((card, index) => {
      const button = html("button", {
        type: "button",
        class: "rb-hand-card",
        "data-hand": index,
        "aria-pressed": picked.has(index) ? "true" : "false",
      }, box, card.label);
      button.addEventListener("click", this.guard(() => this.pick(index)));
    });
    if (!node.hand.length) html("span", { class: "rb-empty-hand" }, box, "(no cards)");
    if (node.choices.step) {
      const button = html("button", {
        type: "button",
        class: "rb-effect",
        "data-choice": "step",
        "aria-pressed": chosen === "step" ? "true" : "false",
      }, box, node.choices.step.label);
      button.addEventListener("click", this.guard(() => this.pick("step")));
    }
  }

  entries() {
    if (this.mode() === "find") {
      const node = this.node();
      const cards = node ? this.cardsAt(node) : new Map();
      return (this.model.get("found") || []).map((k) => {
        const card = cards.get(k);
        return [k, `${card ? card[0] : "place"} at (${k.replace(",", ", ")})`];
      });
    }
    return this.history().slice(1);
  }

  drawLog() {
    const list = this.logList;
    list.textContent = "";
    const entries = this.entries();
    const start = html("li", {}, list);
    const startButton = html("button", { type: "button", class: "rb-log-entry", "data-entry": 0 }, start,
      this.mode() === "find" ? "(nothing found yet)" : "Start");
    startButton.addEventListener("click", this.guard(() => this.rewind(0)));
    entries.forEach((entry, index) => {
      const item = html("li", {}, list);
      const button = html("button", { type: "button", class: "rb-log-entry", "data-entry": index + 1 }, item, entry[1]);
      if (index === entries.length - 1) button.setAttribute("aria-current", "step");
      button.addEventListener("click", this.guard(() => this.rewind(index + 1)));
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

  pick(index) {
    const node = this.node();
    if (!node) return;
    if (index === "step") {
      this.picked = this.picked[0] === "step" ? [] : ["step"];
    } else {
      const picked = this.picked.filter((i) => i !== "step");
      this.picked = picked.includes(index) ? picked.filter((i) => i !== index) : [...picked, index];
    }
    this.pawn = null;
    const choice = this.choice(node);
    if (!choice) this.say(this.text(node.idle), "info");
    else if ("refusal" in choice) this.say(this.text(choice.refusal), "no");
    else {
      const option = this.option(node);
      const count = Object.keys(option.data.targets).length;
      if (choice.prompt) {
        const what = this.mode() === "find" ? "find them all" : `${count} highlighted`;
        this.say(`${choice.prompt.replace("{count}", count)}; ${what}.`, "info");
      } else {
        const what = this.mode() === "find" ? "find every card it can reach" : `${count} highlighted`;
        this.say(`${choice.label}: moving the ${PAWN_NAMES[option.pawn]} pawn; ${what}.`, "info");
      }
    }
    this.save();
    this.draw();
  }

  clickPlace(placeKey) {
    const node = this.node();
    if (!node) return;
    this.cursor = placeKey;
    const choice = this.choice(node);
    if (!choice) {
      this.say(this.text(node.idle), "info");
      this.save();
      return this.draw();
    }
    if ("refusal" in choice) {
      this.say(this.text(choice.refusal), "no");
      this.save();
      return this.draw();
    }
    const option = this.option(node);
    // Clicking another pawn that the chosen cards could move switches to it.
    const other = node.pawns.find(([colour, r, c]) => key(r, c) === placeKey && colour !== option.pawn && colour in choice.options);
    if (other) {
      this.pawn = other[0];
      const next = this.option(node);
      const count = Object.keys(next.data.targets).length;
      this.say(`${choice.label}: now moving the ${PAWN_NAMES[other[0]]} pawn; ${count} highlighted.`, "info");
      this.save();
      return this.draw();
    }
    if (this.live) {
      this.send({ type: "click", node: node.id, choice: this.choiceKey(), pawn: option.pawn, place: placeKey });
      return;
    }
    this.answer(node, option, placeKey);
  }

  /** Static mode: the answer Python wrote down for this click. */
  answer(node, option, placeKey) {
    const target = option.data.targets[placeKey];
    if (this.mode() === "find") {
      const exercise = this.lesson().exercise || {};
      const found = [...(this.model.get("found") || [])];
      if (!target || option.key !== exercise.option) {
        const reason = option.data.refusals[placeKey];
        this.say(reason === undefined ? "That is not one of the places this exercise asks for." : this.text(reason), "no");
      } else if (found.includes(placeKey)) {
        this.say(fill(exercise.again, { found: found.length, total: exercise.answers.length }), "info");
      } else {
        found.push(placeKey);
        this.set({ found });
        const template = found.length === exercise.answers.length ? exercise.done : exercise.right;
        const reach = this.text(target.length > 3 ? target[3] : target[1]);
        this.say(fill(template, { say: reach, found: found.length, total: exercise.answers.length }), "ok");
      }
      this.save();
      return this.draw();
    }
    if (!target) {
      const reason = option.data.refusals[placeKey];
      this.say(reason === undefined ? "Nothing to play there." : this.text(reason), "no");
      this.save();
      return this.draw();
    }
    const [nextId, say, log] = target;
    if (!(this.lesson().nodes || {})[nextId]) {
      // Legal, but further than this page's lesson was computed: say so and stay.
      this.say(`${this.text(say)} This page's lesson stops before that move, so the board stays as it is; `
        + "undo to try another way, or run the chapter in a notebook to go on.", "info");
      this.save();
      return this.draw();
    }
    const history = this.history().map((entry) => [...entry]);
    history.push([nextId, this.text(log)]);
    this.preselect();
    this.set({ history });
    this.say(this.text(say), "ok");
    this.save();
    this.draw();
  }

  undo() {
    const entries = this.entries();
    if (!entries.length) return;
    this.rewind(entries.length - 1, "Undone.");
  }

  rewind(count, words) {
    this.preselect();
    if (this.live) {
      this.send({ type: "rewind", to: count });
      return;
    }
    if (this.mode() === "find") {
      this.set({ found: (this.model.get("found") || []).slice(0, count) });
    } else {
      this.set({ history: this.history().slice(0, count + 1) });
    }
    this.say(words || (count === 0 ? "Back to the start." : `Back to move ${count}.`), "info");
    this.save();
    this.draw();
  }

  hint() {
    const node = this.node();
    if (!node) return;
    this.say(this.text(node.hint), "info");
    this.save();
    this.draw();
  }

  onKey(event) {
    const node = this.node();
    if (!node) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const places = new Set(node.places.map(([r, c]) => key(r, c)));
      const [dr, dc] = moves[event.key];
      let [r, c] = (this.cursor || this.firstPlace() || "0,0").split(",").map(Number);
      for (let step = 0; step < 12; step += 1) {
        r += dr;
        c += dc;
        if (places.has(key(r, c))) {
          this.moveCursor(key(r, c));
          break;
        }
      }
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && this.cursor) {
      event.preventDefault();
      this.clickPlace(this.cursor);
    }
  }
}

function render({ model, el: root }) {
  const board = new Board(model, root);
  // Changes made elsewhere (Python in live mode, another view of the same model) redraw here;
  // this view's own changes draw once when they are all made.
  const redraw = () => {
    if (!board.quiet) board.draw();
  };
  const moved = () => {
    if (board.quiet) return;
    board.preselect();
    board.draw();
  };
  const names = ["change:lesson", "change:message", "change:tone", "change:found"];
  for (const name of names) model.on(name, redraw);
  model.on("change:history", moved);
  const onMessage = (content) => {
    if (content && content.type === "live") {
      board.live = true;
      root.setAttribute("data-live", "true");
    }
  };
  model.on("msg:custom", onMessage);
  board.send({ type: "hello" });
  root.__rulesbookBoard = board;
  return () => {
    for (const name of names) model.off(name, redraw);
    model.off("change:history", moved);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
