"""After `mutmut run`: the score of each rules package and every surviving mutant, with its diff.

Usage: python tools/mutation_report.py [--output mutation-survivors.txt]

Run from the project root (where mutmut keeps mutants/), as `make mutate` does. Asks mutmut's own
commands (`mutmut results --all true`, `mutmut show NAME`), in this process, for what its last runs
found; prints one score line per package and writes the survivors (names, then each one's diff,
grouped by file) to the output file. Mutants of a package that was not run yet (`make mutate
ONLY=hudai`) count as "not checked" and are left out of the score.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections import Counter, defaultdict

PACKAGES = ("core", "inferno", "hudai", "madness")
LINE = re.compile(r"^\s*(?P<name>\S+__mutmut_\d+): (?P<status>.+?)\s*$")


def mutmut(*args: str) -> str:
    """The text a mutmut command prints, run in this process (one start-up for hundreds of diffs)."""
    from mutmut.__main__ import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            cli.main(list(args), prog_name="mutmut", standalone_mode=False)
        except SystemExit as stop:
            if stop.code:
                raise
    return out.getvalue()


def package_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "rulesbook" else parts[0]


def score_line(package: str, counts: Counter) -> str:
    checked = sum(n for status, n in counts.items() if status != "not checked")
    killed = counts["killed"]
    percent = f"{100 * killed / checked:.1f}%" if checked else "-"
    others = ", ".join(f"{n} {status}" for status, n in sorted(counts.items())
                       if status not in ("killed", "survived", "timeout") and n)
    return (f"{package:8} killed {killed} / {checked} ({percent}), survived {counts['survived']}, "
            f"timeout {counts['timeout']}" + (f", {others}" if others else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="mutation-survivors.txt")
    args = parser.parse_args(argv)

    status_by_name = {}
    for line in mutmut("results", "--all", "true").splitlines():
        match = LINE.match(line)
        if match:
            status_by_name[match["name"]] = match["status"]
    if not status_by_name:
        print("No mutation results yet: run `make mutate` (mutmut run) first.", file=sys.stderr)
        return 1

    counts: dict[str, Counter] = {package: Counter() for package in PACKAGES}
    for name, status in status_by_name.items():
        counts.setdefault(package_of(name), Counter())[status] += 1
    total = sum(counts.values(), Counter())
    scores = [score_line(package, counts[package]) for package in counts] + [score_line("all", total)]

    survivors = sorted(name for name, status in status_by_name.items() if status == "survived")
    by_module: dict[str, list[str]] = defaultdict(list)
    for name in survivors:
        by_module[name.partition(".x")[0]].append(name)
    timeouts = sorted(name for name, status in status_by_name.items() if status == "timeout")
    others = sorted(f"{name}: {status}" for name, status in status_by_name.items()
                    if status not in ("killed", "survived", "timeout", "not checked"))

    with open(args.output, "w", encoding="utf-8") as out:
        scale = os.environ.get("RULESBOOK_TEST_SCALE")
        out.write("Mutation testing of the rules packages (make mutate; mutmut"
                  + (f", tests at RULESBOOK_TEST_SCALE={scale}" if scale else "") + ")\n\n")
        out.write("\n".join(scores) + "\n\n")
        out.write(f"Surviving mutants: {len(survivors)}\n")
        for module, names in sorted(by_module.items()):
            out.write(f"  {module}: {len(names)}\n")
        if timeouts:
            out.write(f"\nTimed out ({len(timeouts)}; the tests did not finish under this mutant, counted apart):\n")
            out.write("".join(f"  {name}\n" for name in timeouts))
        if others:
            out.write(f"\nOther results ({len(others)}):\n")
            out.write("".join(f"  {line}\n" for line in others))
        for module, names in sorted(by_module.items()):
            out.write(f"\n{'=' * 100}\n{module}\n{'=' * 100}\n")
            for name in names:
                out.write("\n" + mutmut("show", name).rstrip() + "\n")

    print("\n".join(scores))
    print(f"{len(survivors)} surviving mutants listed with their diffs in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
