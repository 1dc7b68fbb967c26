"""A progress bar for long simulations: drawn on a terminal, silent in a pipe or a test."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts finished items; redraws one line at most ten times a second when on a terminal."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30):
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = 0
        self.started = time.perf_counter()
        self._last_drawn = 0.0
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.perf_counter()
        if self.enabled and (now - self._last_drawn >= 0.1 or self.done >= self.total):
            self._last_drawn = now
            self.stream.write("\r" + self.line(now))
            self.stream.flush()

    def line(self, now: float | None = None) -> str:
        now = time.perf_counter() if now is None else now
        share = self.done / self.total if self.total else 1.0
        filled = int(round(share * self.width))
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        return f"{self.label} [{bar}] {self.done}/{self.total} {rate:,.0f}/s"

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + self.line() + "\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
