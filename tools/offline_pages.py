"""Sphinx extension: a page the reader has opened online opens again with no network.

The site loads nothing from outside servers, so a page once loaded goes on working offline; but a
reload, or a chapter opened again the next day, asked the server and got the browser's error page.
So the site has a service worker at its root (`offline-worker.js`, from tools/offline_worker.js):
network first, the last good answer kept and given when the network fails (that file says what
it keeps and what it leaves alone: the live part's JupyterLite).

Both books' pages register it, the zh-TW book's too (its pages lie in the site's zh-TW/ folder:
`rulesbook_site_folder`), by an inline script that waits for the page's `load` (never on the first
paint, tools/light_pages.py), only over http(s) (a page opened from a file has no service worker),
and says nothing on the console. The worker's path is relative, from the root Sphinx writes on
the page (`data-content_root`), so the site works under any path. Whenever a worker takes the page
over, the page hands it what it loaded before (on a first visit, all of it; after a new build's
worker cleared the old caches, all of it again), and asks its Play engine (a Web Worker, whose
files the page's own timeline does not list; widgets/play_worker.js) on the channel
`rulesbook-offline` for its files.

Only the site's own book (the English one, at the root) writes the worker, at the end of its
build, with the build's id in its text: a browser updates a worker whose bytes changed, and the new
one clears the caches of the builds before it. The id is the build's time (or SOURCE_DATE_EPOCH's).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from rulesbook.widgets.play_site import to_site_root

#: The worker's name at the site's root, and its text (with the build's id in place of BUILD).
WORKER = "offline-worker.js"
SOURCE = Path(__file__).with_name("offline_worker.js")
BUILD = "__BUILD__"
#: The page's script. Whenever a worker takes the page over (the first visit's, a new build's), it is
#: handed what the page loaded (its timeline) and what its Play engine loaded (asked on the channel).
REGISTER = """if (/^https?:$/.test(location.protocol) && navigator.serviceWorker && document.documentElement.dataset.content_root != null) addEventListener("load", function () {
  var workers = navigator.serviceWorker, channel = window.BroadcastChannel && new BroadcastChannel("rulesbook-offline");
  function keep(urls) { if (workers.controller) workers.controller.postMessage({ keep: urls }); }
  function keepPage() {
    keep([location.href].concat(performance.getEntriesByType("resource").map(function (entry) { return entry.name; })));
    if (channel) channel.postMessage("loaded?");
  }
  if (channel) channel.onmessage = function (event) { if (event.data && event.data.keep) keep(event.data.keep); };
  workers.addEventListener("controllerchange", keepPage);
  workers.register(document.documentElement.dataset.content_root + "%(path)s").then(function () { if (workers.controller) keepPage(); }).catch(function () {});
});"""


def register_script(up: str) -> str:
    """The inline script every page of a book carries; `up` leads from the book's root to the site's."""
    return REGISTER % {"path": up + WORKER}


def add_register_script(app: Any, config: Any) -> None:
    """Once, before the builder is made (added in builder-inited, a script came twice on a page)."""
    app.add_js_file(None, body=register_script(to_site_root(config)))


def build_id() -> str:
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(stamp) if stamp and stamp.isdigit() else None))


def worker_text(build: str) -> str:
    return SOURCE.read_text(encoding="utf-8").replace(BUILD, build, 1)


def write_worker(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or to_site_root(app.config):  # the zh-TW book's pages use the site's
        return
    (Path(app.outdir) / WORKER).write_text(worker_text(build_id()), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", add_register_script)
    app.connect("build-finished", write_worker)
    # env_version: a new number makes Sphinx write every page again (raise it when the script changes)
    return {"env_version": 2, "parallel_read_safe": True, "parallel_write_safe": True}
