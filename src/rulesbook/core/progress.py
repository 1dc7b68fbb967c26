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
        self._drawn = 0  # the length of the line on the terminal
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.perf_counter()
        if self.enabled and (now - self._last_drawn >= 0.1 or self.done >= self.total):
            self._last_drawn = now
            self._draw(self.line(now))

    def _draw(self, line: str, end: str = "") -> None:
        """The line over the last one, padded to cover a longer one ("6 h 5 min left" before "4 min left")."""
        self.stream.write("\r" + line.ljust(self._drawn) + end)
        self.stream.flush()
        self._drawn = len(line)

    def line(self, now: float | None = None) -> str:
        now = time.perf_counter() if now is None else now
        share = self.done / self.total if self.total else 1.0
        filled = int(round(share * self.width))
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {self.done}/{self.total} {_rate(rate)}"
        if rate > 0 and self.done < self.total:
            line += f", {_duration((self.total - self.done) / rate)} left"
        return line

    def close(self) -> None:
        if self.enabled:
            self._draw(self.line(), "\n")

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _rate(rate: float) -> str:
    """Items a second, or seconds an item where fewer than one a second finish (a search bot's
    games: "0/s" said nothing)."""
    if rate >= 1 or rate == 0:
        return f"{rate:,.0f}/s"
    return f"{1 / rate:,.0f} s each" if rate < 0.5 else f"{rate:.1f}/s"


def _duration(seconds: float) -> str:
    """A time left, as a reader says it: "40 s", "12 min", "6 h 10 min"."""
    minutes = round(seconds / 60)
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"

