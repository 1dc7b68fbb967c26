// The Hudai Pass picture: the monk's table in HTML (it wraps on a phone), drawn from the view of
// rulesbook.lessons.hudai.table_view. Every card shows its colour letter and name, its value, its
// symbol as a small icon and its move in words, so colour is never the only cue; every cube track
// has its name and its count. Places (data-place) are the keys of that module's docstring. The
// picture works out no rule: what each hand card feeds, for one, comes in the view.

import { fill, html, svg } from "../board.js";

const COLOURS = { W: "white", G: "green", B: "blue", R: "red", Y: "yellow", K: "black" };
const MOVES = { drop: "Stab", hammers: "Build-up", circles: "3rd eye", stones: "Defend", cog: "Flow", arrow: "Pin" };
const SYMBOLS = { drop: "Drop", hammers: "Hammers", circles: "3 Circles", stones: "Stacked Stones", cog: "Cog", arrow: "Crop/Arrow" };
const STEPS = ["Combo", "Obtain", "Damage", "Fill", "Powers"];
const STEP_NAMES = ["Play one combo", "Obtain a new move", "Apply staged damage", "Fill your hand", "The demon's powers"];
// Icons on a 24-unit square: [element, attributes] pairs, drawn in the text colour.
const ICONS = {
  drop: [["path", { d: "M12 2.5C12 2.5 5 10.5 5 15.2a7 7 0 0 0 14 0C19 10.5 12 2.5 12 2.5z" }]],
  hammers: [
    ["path", { d: "M5 20L13.5 11.5M19 20L10.5 11.5", class: "hd-line" }],
    ["path", { d: "M9.5 6.5l6 6M14.5 6.5l-6 6", class: "hd-thick" }],
  ],
  circles: [["circle", { cx: 7, cy: 8, r: 4 }], ["circle", { cx: 17, cy: 8, r: 4 }], ["circle", { cx: 12, cy: 17, r: 4 }]],
  stones: [["ellipse", { cx: 12, cy: 19, rx: 9, ry: 3.2 }], ["ellipse", { cx: 12, cy: 12.6, rx: 6.6, ry: 2.8 }],
    ["ellipse", { cx: 12, cy: 6.8, rx: 4.2, ry: 2.4 }]],
  cog: [["circle", { cx: 12, cy: 12, r: 7.5, class: "hd-teeth" }], ["circle", { cx: 12, cy: 12, r: 6 }],
    ["circle", { cx: 12, cy: 12, r: 2.2, class: "hd-hole" }]],
  arrow: [["path", { d: "M4.5 19.5L18 6", class: "hd-line" }], ["path", { d: "M10 5.5h8.5V14", class: "hd-line" }]],
};

function icon(symbol, parent) {
  const picture = svg("svg", { viewBox: "0 0 24 24", class: "hd-icon", "aria-hidden": "true", focusable: "false" }, parent);
  for (const [tag, attrs] of ICONS[symbol] || []) svg(tag, attrs, picture);
  return picture;
}

const cubes = (count) => `${count} cube${count === 1 ? "" : "s"}`;

/** A card's words, as its face shows them: "R5 red Cog (Flow), value 5". */
function cardWords([code, symbol]) {
  return `${code} ${COLOURS[code[0]]} ${SYMBOLS[symbol]} (${MOVES[symbol]}), value ${code.slice(1)}`;
}

/** Draws into `parent` an element that is a place when the lesson lists `key` among its places. */
function spot(context, parent, key, classes, tag) {
  const element = html(tag || "div", { class: classes }, parent);
  if (key && context.places.includes(key)) {
    element.setAttribute("data-place", key);
    element.classList.add("rb-place", "hd-place");
    context.drawn.add(key);
  }
  return element;
}

function card(context, parent, item, key, extra) {
  const [code, symbol] = item;
  const face = spot(context, parent, key, `hd-card hd-${code[0]}${extra ? ` ${extra}` : ""}`);
  const band = html("span", { class: "hd-band" }, face);
  html("span", { class: "hd-letter" }, band, code[0]);
  html("span", { class: "hd-colour" }, band, ` ${COLOURS[code[0]]}`);
  const middle = html("span", { class: "hd-middle" }, face);
  html("span", { class: "hd-value" }, middle, code.slice(1));
  icon(symbol, middle);
  html("span", { class: "hd-move" }, face, MOVES[symbol]);
  html("span", { class: "hd-sr" }, face, `: ${code}, ${SYMBOLS[symbol]}, value ${code.slice(1)}`);
  return face;
}

/** A row of small cubes with its name and count (never colour alone). */
function track(context, parent, key, name, count, most, kind) {
  const box = spot(context, parent, key, `hd-track-box hd-${kind}`);
  html("span", { class: "hd-track-name" }, box, name);
  html("span", { class: "hd-count" }, box, most ? ` ${count}/${most}` : ` ${count}`);
  const row = html("span", { class: "hd-cubes", "aria-hidden": "true" }, box);
  for (let i = 0; i < Math.min(count, 12); i += 1) html("span", { class: "hd-cube" }, row);
  if (most) for (let i = count; i < Math.min(most, 12); i += 1) html("span", { class: "hd-cube hd-gone" }, row);
  return box;
}

function section(parent, title, kind) {
  const box = html("div", { class: `hd-section hd-${kind}` }, parent);
  html("div", { class: "hd-heading" }, box, title);
  return html("div", { class: "hd-row" }, box);
}

function drawSteps(context, table, turn) {
  if (turn.over) {
    html("div", { class: `hd-over hd-${turn.over === "won" ? "won" : "lost"}` }, table,
      turn.over === "won" ? "The monk has won: the demon has no health left." : `The monk has lost: ${turn.over}.`);
  }
  const steps = html("div", { class: "hd-steps" }, table);
  STEPS.forEach((word, index) => {
    const step = spot(context, steps, `step:${index + 1}`, `hd-step${turn.stage === index + 1 ? " hd-now" : ""}`);
    html("span", { class: "hd-step-number" }, step, String(index + 1));
    html("span", { class: "hd-step-word" }, step, ` ${word}`);
    html("span", { class: "hd-sr" }, step, `: ${STEP_NAMES[index]}${turn.stage === index + 1 ? ", now" : ""}`);
  });
}

/** The demon: health, staged damage, and the three powers with the cubes set aside above them. */
function drawDemon(context, table, demon, monk) {
  const demonRow = section(table, `Demon, turn ${monk.turn}`, "demon");
  track(context, demonRow, "demon", "Demon health", demon.health, demon.most, "yellow");
  track(context, demonRow, "staged", "Staged damage", demon.staged, 0, "red");
  if (demon.block) html("div", { class: "hd-note" }, demonRow, `Defend blocks ${demon.block} blow${demon.block === 1 ? "" : "s"}`);
  if (demon.entangled) html("div", { class: "hd-note" }, demonRow, "Entangled: one card this combo");
  const powers = html("div", { class: "hd-powers" }, table);
  demon.powers.forEach(([name, symbol, count, pinned], index) => {
    const position = ["left", "centre", "right"][index];
    const tile = spot(context, powers, `power:${position}`, "hd-power");
    tile.setAttribute("data-actor", position);
    const head = html("span", { class: "hd-power-head" }, tile);
    icon(symbol, head);
    html("span", { class: "hd-power-name" }, head, name);
    html("span", { class: "hd-position" }, tile, position);
    const row = html("span", { class: "hd-cubes", "aria-hidden": "true" }, tile);
    for (let i = 0; i < Math.min(count, 16); i += 1) html("span", { class: "hd-cube" }, row);
    html("span", { class: `hd-count${count > demon.limit - 3 ? " hd-danger" : ""}` }, tile, cubes(count));
    html("span", { class: "hd-limit" }, tile, `lost above ${demon.limit}`);
    // The cubes set aside are drawn on top (order -1 of the tile's column) but read last: the
    // power's name first ("none set aside Drain LEFT 2 cubes" was its name, read backwards).
    const pins = html("span", { class: "hd-pins", style: "order: -1" }, tile, pinned ? `set aside: ${pinned}` : "none set aside");
    if (!pinned) pins.classList.add("hd-quiet");
    // A space between its parts (no gap in a flex column): read as words by what joins the text
    // of an element's parts as it is (axe-core's "Drainleft2 cubes" did not match the name below).
    for (const part of [...tile.children].slice(1)) part.before(" ");
    // Named in words as the tile shows them, in that order (axe's label-in-name: a voice user says
    // what is seen), the position not upper-cased: "Drain, left: 2 cubes, lost above 12; none set aside".
    if (tile.hasAttribute("data-place")) {
      const key = `power:${position}`;
      let label = `${name}, ${position}: ${cubes(count)}, lost above ${demon.limit}; ${pinned ? `set aside: ${pinned}` : "none set aside"}`;
      if (context.targets.has(key)) label = fill(context.words.legalDestination, { label });
      if (context.found.has(key)) label = fill(context.words.foundThere, { label });
      tile.setAttribute("aria-label", label);
    }
  });
}

/** The monk: health, corruption, purchase value; the piles. */
function drawMonk(context, table, monk, piles) {
  const monkRow = section(table, "Monk", "monk");
  track(context, monkRow, "health", "Health", monk.health, monk.most, "green");
  track(context, monkRow, "corruption", "Corruption", monk.corruption, monk.capacity, "blue");
  track(context, monkRow, "purchase", "Purchase value", monk.purchase, 0, "purchase");
  const pile = (key, name, count) => {
    const box = spot(context, monkRow, key, "hd-pile");
    html("span", { class: "hd-pile-name" }, box, name);
    html("span", { class: "hd-count" }, box, count);
  };
  pile("draw", "Draw pile", String(piles.draw));
  pile("discard", "Discard pile", String(piles.discard));
  pile("", "Out of the game", piles.removed.length ? piles.removed.map((item) => item[0]).join(" ") : "none");
}

/** The combo being built, with its open slot, and the hand beside it. */
function drawCombo(context, table, combo, held) {
  const pair = html("div", { class: "hd-pair" }, table);
  const comboRow = section(pair, "Combo", "combo");
  combo.cards.forEach((item, index) => {
    const last = index === combo.cards.length - 1;
    card(context, comboRow, item, `combo:${item[0]}`, last && combo.open.length ? "hd-current" : "");
  });
  const slot = spot(context, comboRow, "combo", "hd-slot");
  if (slot.hasAttribute("data-place")) {
    slot.classList.add("rb-empty");
    html("span", {}, slot, combo.cards.length ? "Next card" : "First card");
  } else if (!combo.cards.length) {
    slot.textContent = "(empty)";
  }
  if (combo.open.length) {
    const last = combo.cards[combo.cards.length - 1][0];
    html("div", { class: "hd-note hd-open" }, comboRow.parentNode, `${last}: ${combo.open.join(", ")} still open`);
  }
  const handRow = section(pair, "Hand", "hand");
  const handPlace = spot(context, handRow, "hand", "hd-held");
  held.cards.forEach((item, index) => {
    const face = card(context, handPlace, item, `hand:${item[0]}`);
    if (held.feeds.length) html("span", { class: "hd-feeds" }, face, `feeds ${held.feeds[index]}`);
  });
  if (!held.cards.length) html("span", { class: "hd-quiet" }, handPlace, "(no cards)");
}

/** The Mind River and the black supply. */
function drawMarket(context, table, river, black, piles) {
  const market = html("div", { class: "hd-pair" }, table);
  const riverRow = section(market, `Mind River (mind deck: ${piles.mind})`, "river");
  for (const item of river) card(context, riverRow, item, `river:${item[0]}`);
  if (!river.length) html("span", { class: "hd-quiet" }, riverRow, "(empty)");
  if (black.length) {
    const blackRow = section(market, "Black supply (open)", "black");
    for (const item of black) card(context, blackRow, item, `black:${item[0]}`, "hd-small");
  }
}

function draw(area, context) {
  const { view } = context;
  context.drawn = new Set();
  const table = html("div", { class: "hd-table" }, area);
  const { demon, monk, held, combo, river, black, piles, turn } = view;
  drawSteps(context, table, turn);
  drawDemon(context, table, demon, monk);
  drawMonk(context, table, monk, piles);
  drawCombo(context, table, combo, held);
  drawMarket(context, table, river, black, piles);
  // A place the view does not show (a card that left the table) is still drawn, so that every
  // place of the lesson can be clicked and heard.
  for (const key of context.places) {
    if (!context.drawn.has(key)) spot(context, table, key, "hd-extra").textContent = placeName(view, key);
  }
}

function actorsAt(view, place) {
  return place.startsWith("power:") ? [place.slice(6)] : [];
}

function placeName(view, place) {
  const [kind, what] = place.split(":");
  if (kind === "power") {
    const index = ["left", "centre", "right"].indexOf(what);
    return `the ${what} power (${view.demon.powers[index][0]})`;
  }
  if (kind === "step") return `step ${what} (${STEP_NAMES[Number(what) - 1]})`;
  if (what) {
    const rows = { hand: view.held.cards, combo: view.combo.cards, river: view.river, black: view.black };
    const item = (rows[kind] || []).find(([code]) => code === what);
    return item ? cardWords(item) : what;
  }
  return { combo: "the combo's next slot", discard: "the discard pile", draw: "the draw pile", purchase: "the purchase value",
    demon: "the demon's health", staged: "the staged damage", hand: "your hand", health: "your health",
    corruption: "your corruption" }[kind] || place;
}

export default { label: "The table", draw, actorsAt, placeName };
