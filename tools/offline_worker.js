// The site's service worker (tools/offline_pages.py writes it at the site's root as
// offline-worker.js, with the build's id): a page the reader has opened online opens again with no
// network, its boards and its Play page's engine with it, in both books.
//
// Network first, always: online, every answer is the server's (a page is asked for again, never
// taken from the browser's HTTP cache unchecked), so a new publish is seen at once; the last good
// answer is kept in Cache Storage and given only when the network fails. Kept: same-origin GETs
// answered 200 in full (no error, no redirect, no part of a range). The live part (lite/) is
// JupyterLite's, with its own service worker and drive: its pages and their requests are left
// alone; of it, only the files a Play page's engine loads (its Pyodide and its zip) are kept.
// A page tells the worker what it loaded before the worker was there (its first visit): `keep`.

const BUILD = "__BUILD__";
const PREFIX = "rulesbook-offline-";
const CACHE = PREFIX + BUILD;
const ROOT = new URL("./", self.location.href).href; // the site's root, wherever it is published
const LITE = ROOT + "lite/";
const ENGINE = /^static\/pyodide\/(pyodide[\w.-]*|play_python_\w+\.zip)$/; // under lite/, a Play page's

/** Whether this worker answers (and keeps) a request. */
function ours(request) {
  if (request.method !== "GET" || !request.url.startsWith(ROOT) || request.headers.has("range")) return false;
  if (!request.url.startsWith(LITE)) return true;
  return request.mode !== "navigate" && ENGINE.test(new URL(request.url).pathname.slice(new URL(LITE).pathname.length));
}

function keepable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

async function answer(event) {
  const request = event.request;
  try {
    // A page is asked of the server again ("no-cache": a 304 costs a few bytes); its files as the browser would.
    const response = await fetch(request, request.mode === "navigate" ? { cache: "no-cache" } : {});
    if (keepable(response)) event.waitUntil(keepNew(request, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request) || (request.mode === "navigate" && await cache.match(request, { ignoreSearch: true }));
    return kept || Response.error();
  }
}

/** Whether two answers are the same file: the same ETag, or (with none) the same Last-Modified
 * and length. */
function sameFile(kept, response) {
  const tag = (answer) => answer.headers.get("etag");
  if (tag(kept) || tag(response)) return tag(kept) === tag(response);
  const stamp = (answer) => `${answer.headers.get("last-modified")} ${answer.headers.get("content-length")}`;
  return Boolean(kept.headers.get("last-modified")) && stamp(kept) === stamp(response);
}

/** Keep an answer, unless the same file is kept already: a Play page's Pyodide (some 10 MB) is
 * not written to the disk again at every visit. */
async function keepNew(request, response) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (!kept || !sameFile(kept, response)) await cache.put(request, response);
}

/** Keep the files a page loaded before this worker answered for it (those not kept yet). */
async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all([...new Set(urls)].map(async (url) => {
    try {
      const request = new Request(url);
      if (!ours(request) || await cache.match(request)) return;
      const response = await fetch(request);
      if (keepable(response)) await cache.put(request, response);
    } catch (error) {} // not a URL, or the network failed meanwhile: kept at its next visit
  }));
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(keep([ROOT])); // the site's front door (it sends the reader on to the book)
});

// A new build's worker clears the caches of the builds before it, and answers for the open pages.
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
  await self.clients.claim();
})()));

self.addEventListener("fetch", (event) => {
  if (ours(event.request)) event.respondWith(answer(event));
});

self.addEventListener("message", (event) => {
  const urls = event.data && event.data.keep;
  if (Array.isArray(urls)) event.waitUntil(keep(urls.filter((url) => typeof url === "string")));
});
