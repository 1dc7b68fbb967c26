// The At the Mountains of Madness picture: draws the table as one seat sees it, from the view that
// rulesbook.lessons.madness writes (table_view): the mountain of spaces (SVG, one <g data-place>
// per space), the Encounter tile, the Sled with its Leadership tokens, the Sand Timer, the
// Penalty Die, the decks and each player's board (HTML, one element per place). No rule is
// decided here. Nothing is told by colour alone: every place says what it is in words.
//
// The Sand Timer is a reminder, never enforced (ruling MAD-P01): its countdown starts at the
// reader's first click in an Encounter and runs beside the timer place, not inside it.

import { html, svg } from "../board.js";

const COLUMN = 27;
const ROW = 44;
const SPACE_W = 48;
const SPACE_H = 32;
const LABELS = 62;
const REGION_CLASS = { Coast: "coast", Mountain: "mountain", City: "city", "Edge of Madness": "edge", Escape: "escape" };

function mark(element, key, targets, found) {
  if (targets.has(key)) html("span", { class: "rb-md-mark", "aria-hidden": "true" }, element, "\u25cf");
  if (found.has(key)) html("span", { class: "rb-md-mark", "aria-hidden": "true" }, element, "\u2713");
}

/** An element of the table: a place (clickable) when the node lists it, plain otherwise. */
function part(parent, key, classes, context) {
  const isPlace = context.places.includes(key);
  const element = html("div", { class: `${classes}${isPlace ? " rb-place" : ""}` }, parent);
  if (isPlace) element.setAttribute("data-place", key);
  return element;
}

function mountain(area, view, context) {
  const spaces = view.spaces;
  const top = Math.max(...spaces.map((s) => s[2]));
  const columns = Math.max(...spaces.map((s) => s[3]));
  const width = LABELS + columns * COLUMN + SPACE_W + 8;
  const height = top * ROW + SPACE_H + 8;
  const drawing = svg("svg", {
    class: "rb-md-map", viewBox: `0 0 ${width} ${height}`, width, height, role: "none",
  }, area);
  const at = new Map(spaces.map((s) => [s[0], s]));
  const centre = (s) => [LABELS + s[3] * COLUMN + SPACE_W / 2 + 4, (top - s[2]) * ROW + SPACE_H / 2 + 4];
  const lines = svg("g", { class: "rb-md-links", "aria-hidden": "true" }, drawing);
  for (const [a, b] of view.links) {
    const [x1, y1] = centre(at.get(a));
    const [x2, y2] = centre(at.get(b));
    svg("line", { x1, y1, x2, y2 }, lines);
  }
  const regions = new Map();
  for (const s of spaces) {
    if (!regions.has(s[1])) regions.set(s[1], []);
    regions.get(s[1]).push(s[2]);
  }
  const names = svg("g", { class: "rb-md-regions", "aria-hidden": "true" }, drawing);
  for (const [region, rows] of regions) {
    const y = (top - (Math.min(...rows) + Math.max(...rows)) / 2) * ROW + SPACE_H / 2 + 8;
    const words = region === "Edge of Madness" ? ["Edge of", "Madness"] : [region];
    words.forEach((word, index) => {
      svg("text", { x: 2, y: y + 14 * index - (words.length - 1) * 7 }, names).textContent = word;
    });
  }
  const [plane, escape] = view.airplane;
  const searched = view.search ? view.search.space : null;
  // A space no click acts on is said by the map's summary (below) alone: drawn as a fact too, D said
  // it twice, as a bare "C5 ?" the second time.
  if (!spaces.some(([name]) => context.places.includes(name))) drawing.setAttribute("aria-hidden", "true");
  for (const [name, region, , , tile] of spaces) {
    const [cx, cy] = centre(at.get(name));
    const here = plane === name;
    const status = here ? "plane" : searched === name ? "seen" : tile ? "?" : "empty";
    const isPlace = context.places.includes(name);
    const classes = ["rb-md-space", `rb-md-${REGION_CLASS[region] || "other"}`, tile ? "rb-md-down" : "rb-empty"];
    if (here) classes.push("rb-md-here");
    if (isPlace) classes.push("rb-place");
    const g = svg("g", { class: classes.join(" ") }, drawing);
    if (isPlace) g.setAttribute("data-place", name);
    else g.setAttribute("aria-hidden", "true");
    let label = `${name}, ${region}, ${here ? "the Airplane is here" : tile ? "a face-down tile" : "an empty space"}`;
    if (here && escape) label += `, escape ${escape} of 3`;
    if (searched === name) label += `, its tile ${view.search.name} face up for a moment (Search)`;
    if (context.targets.has(name)) label += ", open to the Airplane";
    if (context.found.has(name)) label += ", found";
    svg("title", {}, g).textContent = label;
    svg("rect", { x: cx - SPACE_W / 2, y: cy - SPACE_H / 2, width: SPACE_W, height: SPACE_H, rx: 6, class: "rb-face" }, g);
    svg("text", { x: cx, y: cy - 2, class: "rb-md-name" }, g).textContent = name;
    svg("text", { x: cx, y: cy + 12, class: "rb-md-status" }, g).textContent = status;
    if (context.targets.has(name)) svg("circle", { cx: cx - SPACE_W / 2 + 6, cy: cy - SPACE_H / 2 + 6, r: 5, class: "rb-target-mark" }, g);
    if (context.found.has(name)) svg("text", { x: cx + SPACE_W / 2 - 7, y: cy - 3, class: "rb-found-mark" }, g).textContent = "\u2713";
  }
  byRegion(area, view, context);
}

/** The map in one hidden paragraph, region by region from the Coast up and row by row, each space
 * as the eye sees it at a glance (for a screen reader: the board's D key says it with the picture's
 * other facts). The spaces are places, one tile each: a reader walked 25 of them to learn where the
 * Airplane is. Spaces side by side that look alike are said together ("C1, C2 and C3 face down");
 * a searched space is "seen", as drawn: its tile is the Search panel's own fact, not said here again. */
function byRegion(area, view, context) {
  const [plane, escape] = view.airplane;
  const searched = view.search ? view.search.space : null;
  const looks = (name, tile) => {
    const said = plane === name ? "the Airplane" : searched === name ? "seen" : tile ? "face down" : "empty";
    // The legal spaces (dots) are left to Page Down and to their own names: in a Search all 24 are.
    const marks = [plane === name && escape && `escape ${escape} of 3`, context.found.has(name) && "found"].filter(Boolean);
    return marks.length ? `${said} (${marks.join(", ")})` : said;  // in brackets: a comma parts the spaces
  };
  const regions = new Map();  // region -> row -> runs of [names, looks]
  const ordered = [...view.spaces].sort((a, b) => a[2] - b[2] || a[3] - b[3]);
  for (const [name, region, row, , tile] of ordered) {
    if (!regions.has(region)) regions.set(region, new Map());
    const rows = regions.get(region);
    if (!rows.has(row)) rows.set(row, []);
    const runs = rows.get(row);
    const said = looks(name, tile);
    const last = runs[runs.length - 1];
    if (last && last[1] === said) last[0].push(name);
    else runs.push([[name], said]);
  }
  const names = (list) => (list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}` : list[0]);
  const said = [...regions].map(([region, rows]) => `${region}: ${[...rows.values()]
    .map((runs) => runs.map(([list, looked]) => `${names(list)} ${looked}`).join(", ")).join("; ")}.`);
  html("p", { class: "rb-said-mark" }, area, `The map, row by row from the Coast up. ${said.join(" ")}`);
}

/** A tile face up: the Encounter tile (`view.tile`, its challenges places where the node lists
 * them), or the tile a Search turned over for this one moment (`seen`: its space, MAD-R09). */
function tile(box, t, context, seen = null) {
  const element = html("div", { class: `rb-md-tile rb-md-${REGION_CLASS[t.region] || "other"}` }, box);
  if (seen) html("div", { class: "rb-md-seen" }, element, `Search turns over ${seen} for this moment:`);
  const head = html("div", { class: "rb-md-head" }, element);
  html("span", { class: "rb-md-title" }, head, t.name);
  html("span", { class: "rb-md-region" }, head, t.region);
  t.challenges.forEach(([type, value, verdict], index) => {
    const key = `challenge${index}`;
    const row = t.places ? part(element, key, "rb-md-challenge", context) : html("div", { class: "rb-md-challenge" }, element);
    row.classList.add(`rb-md-${type.toLowerCase()}`);
    html("span", { class: "rb-md-type" }, row, `${type}: `);
    html("span", {}, row, value);
    if (verdict) {
      const [total, ok] = verdict;
      html("span", { class: `rb-md-verdict ${ok ? "rb-md-ok" : "rb-md-no"}` }, row, ` total ${total}: ${ok ? "success \u2713" : "failure \u2717"}`);
    }
    mark(row, key, context.targets, context.found);
  });
  html("div", { class: "rb-md-reward" }, element, `Reward: ${t.reward}`);
}

function tokens(parent, [onSled, discard, box]) {
  const line = html("div", { class: "rb-md-tokens" }, parent);
  const group = (count, word, kind) => {
    const span = html("span", { class: "rb-md-token-group" }, line);
    html("span", {}, span, `${word} ${count}`);
    const discs = html("span", { class: `rb-md-discs rb-md-${kind}`, "aria-hidden": "true" }, span);
    discs.textContent = (kind === "boxed" ? "\u2297" : kind === "ring" ? "\u25cb" : "\u25cf").repeat(count);
  };
  html("span", { class: "rb-md-token-label" }, line, "Leadership tokens:");
  group(onSled, "on the Sled", "on");
  group(discard, "discarded", "ring");
  group(box, "in the box", "boxed");
}

function sled(box, view, context) {
  const element = part(box, "sled", "rb-md-sled", context);
  html("div", { class: "rb-md-title" }, element, view.sled && view.sled.revealed ? "The Sled, revealed" : "The Sled");
  const cards = html("div", { class: "rb-md-cards" }, element);
  const played = view.sled ? view.sled.cards : [];
  if (!played.length) html("span", { class: "rb-md-muted" }, cards, view.sled ? "no cards played yet" : "no Encounter now");
  for (const [player, label, name] of played) {
    const card = html("span", { class: `rb-md-card${label ? "" : " rb-md-back"}` }, cards);
    html("span", { class: "rb-md-owner" }, card, `P${player + 1}`);
    html("span", {}, card, label ? ` ${label}${name ? ` (${name})` : ""}` : " face down");
  }
  tokens(element, view.tokens);
  mark(element, "sled", context.targets, context.found);
}

/** The countdown beside the Sand Timer: started by the reader's first click in an Encounter. */
function clock(area, timer, count) {
  const state = area.__rbClock || (area.__rbClock = { key: null, started: 0, handle: null, draws: 0 });
  state.draws += 1;
  if (!timer) {
    if (state.handle) clearInterval(state.handle);
    state.handle = null;
    state.key = null;
    return;
  }
  const [seconds, key] = timer;
  if (state.key !== key && state.draws > 1) {
    state.key = key;
    state.started = Date.now();
  }
  const show = () => {
    const shown = area.querySelector(".rb-md-count");
    if (!shown) {
      clearInterval(state.handle);
      state.handle = null;
      return;
    }
    if (state.key !== key) {
      shown.textContent = `${seconds} s when it is turned`;
      return;
    }
    const left = Math.max(0, seconds - Math.floor((Date.now() - state.started) / 1000));
    shown.textContent = left ? `${left} s left` : "run out: call time";
  };
  count.textContent = "";
  show();
  if (state.key === key && !state.handle) state.handle = setInterval(show, 1000);
}

function timerAndDie(box, view, context, area) {
  const row = html("div", { class: "rb-md-row" }, box);
  if (view.timer || context.places.includes("timer")) {
    const holder = html("div", { class: "rb-md-clock" }, row);
    const element = part(holder, "timer", "rb-md-timer", context);
    html("span", { class: "rb-md-title" }, element, "Sand Timer");
    mark(element, "timer", context.targets, context.found);
    const count = html("span", { class: "rb-md-count", "aria-hidden": "true" }, holder);
    clock(area, view.timer, count);
  } else {
    clock(area, null, null);
  }
  if ("die" in view || context.places.includes("die")) {
    const element = part(row, "die", "rb-md-die", context);
    html("span", { class: "rb-md-title" }, element, "Penalty Die: ");
    html("span", { class: "rb-md-face" }, element, view.die || "not rolled");
    mark(element, "die", context.targets, context.found);
  }
  if (view.decks) {
    const [deck, discard, injuries, injuryDeck, limit] = view.decks;
    const element = part(row, "deck", "rb-md-deck", context);
    html("span", { class: "rb-md-title" }, element, "Equipment deck: ");
    html("span", {}, element, `${deck} cards; hand limit ${limit}`);
    mark(element, "deck", context.targets, context.found);
    const pile = html("div", { class: "rb-md-muted rb-md-piles" }, row);
    pile.textContent = `Discard: ${discard} cards (${injuries} Injur${injuries === 1 ? "y" : "ies"}). Injury deck: ${injuryDeck}.`;
  }
  if (context.places.includes("discard")) {
    const element = part(row, "discard", "rb-md-deck", context);
    html("span", { class: "rb-md-title" }, element, "Equipment discard");
    mark(element, "discard", context.targets, context.found);
  }
  if (!row.childElementCount) row.remove();
}

function players(box, view, context) {
  const list = html("div", { class: "rb-md-players" }, box);
  view.players.forEach(([name, roles, level, count, texts, hand, relics, covers, ignoring, injuries], index) => {
    const key = `P${index + 1}`;
    const element = part(list, key, `rb-md-player${roles.includes("Leader") ? " rb-md-leader" : ""}`, context);
    // The mark beside the name, at the panel's top: a panel is taller than a small phone's room
    // above the dock, and is brought into sight from its top (board.js's scrollNeeded).
    const title = html("div", { class: "rb-md-title" }, element, roles ? `${name} (${roles})` : name);
    const track = html("div", { class: "rb-md-level" }, element);
    html("span", { class: "rb-md-track", "aria-hidden": "true" }, track, "\u25a0".repeat(level) + "\u25a1".repeat(Math.max(0, 3 - level)));
    let madness = level ? ` Madness level ${level}` : " no Madness";
    if (count > 1) madness += ` (${count} cards)`;
    if (ignoring) madness += ", ignored this turn";
    html("span", {}, track, madness);
    for (const text of texts) html("div", { class: "rb-md-secret" }, element, `Your Madness: ${text}`);
    let held = `Hand: ${hand} card${hand === 1 ? "" : "s"}`;
    if (injuries !== null && injuries !== undefined) held += `, ${injuries} Injur${injuries === 1 ? "y" : "ies"}`;
    html("div", { class: "rb-md-muted" }, element, held);
    if (relics.length) html("div", {}, element, `Relics: ${relics.join(", ")}`);
    if (covers.length) html("div", { class: "rb-md-muted" }, element, `Relic tokens cover: ${covers.join(", ")}`);
    mark(title, key, context.targets, context.found);
  });
}

function column(box, view, context) {
  const [leader, phases] = view.column;
  const element = html("div", { class: "rb-md-column" }, box);
  html("div", { class: "rb-md-title" }, element, `The Leadership column of P${leader + 1}'s board`);
  for (const [phase, covered, does] of phases) {
    const key = `phase-${phase}`;
    const row = part(element, key, `rb-md-phase${covered ? " rb-md-covered" : ""}`, context);
    html("span", { class: "rb-md-type" }, row, `${phase} Phase: `);
    html("span", {}, row, covered ? "covered by a Relic token" : does);
    mark(row, key, context.targets, context.found);
  }
}

function draw(area, context) {
  const { view } = context;
  const root = html("div", { class: "rb-md" }, area);
  if (view.spaces) mountain(root, view, context);
  const table = html("div", { class: "rb-md-table" }, root);
  if (view.outcome) {
    const [how, won] = view.outcome;
    html("div", { class: "rb-md-result" }, table, how === "escaped" ? `Escaped: the expedition ${won ? "won" : "lost"}` : "The expedition is lost");
  }
  if (view.tile) tile(table, view.tile, context);
  if (view.search) tile(table, view.search, context, view.search.space);
  if (view.sled || context.places.includes("sled")) sled(table, view, context);
  else tokens(table, view.tokens);
  timerAndDie(table, view, context, area);
  if (view.column) column(table, view, context);
  players(table, view, context);
}

const WORDS = { sled: "the Sled", timer: "the Sand Timer", die: "the Penalty Die", deck: "the Equipment deck", discard: "the Equipment discard" };

function placeName(view, place) {
  if (place in WORDS) return WORDS[place];
  if (place.startsWith("challenge") && view.tile) {
    const [type, value] = view.tile.challenges[Number(place.slice(9))] || [];
    return `${type} ${value}`;
  }
  if (place.startsWith("phase-")) return `the ${place.slice(6)} Phase`;
  return place;
}

export default { label: "The expedition", draw, placeName };
