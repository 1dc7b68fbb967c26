"""`make bench`: runs every benchmarks/bench_*.py module's main() in turn and prints its figures."""

from __future__ import annotations

import importlib.util
import pathlib
import sys


def main(names: list[str]) -> int:
    here = pathlib.Path(__file__).parent
    for path in sorted(here.glob("bench_*.py")):
        if names and path.stem.removeprefix("bench_") not in names:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {path.stem.removeprefix('bench_')} ==", flush=True)
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
