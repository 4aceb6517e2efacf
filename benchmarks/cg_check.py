"""Instruction counts of seeded random hands against a committed baseline (callgrind).

    python benchmarks/cg_check.py            # compare; exit 1 if a variant costs > +2 %
    python benchmarks/cg_check.py --update   # measure and rewrite the baseline
    python benchmarks/cg_check.py --variant canasta

For every variant of ``benchmarks/cg_baseline.json`` (every built-in one), runs
``benchmarks/cg_hands.py`` under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``
and the collector off: one untimed hand (so the imports and the first plugin manager fall
outside the count), then the baseline's number of hands, counted. Prints variant,
baseline, now and the change in per cent. Instruction counts depend on the Python build
and the valgrind version, so when either differs from the baseline's the counts are
printed but not judged (exit 0) until ``--update`` measures a baseline for them.
See ``docs/guards.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "benchmarks" / "cg_baseline.json"
DRIVER = ROOT / "benchmarks" / "cg_hands.py"

LIMIT_PERCENT = 2.0
"""Above this increase a variant fails the check (counts of the same code and seeds agree
within 0.1 %)."""

WARMUP = 1

HANDS = {"american-samba": 16, "dutch-samba": 16, "samba": 20, "canasta": 40,
         "pennies-from-heaven": 10}
"""Counted hands per variant when no baseline exists yet: about a billion instructions
each, so the five runs take about a minute and a half under valgrind."""

_TOTAL = re.compile(r"^(?:summary|totals):\s*(\d+)", re.MULTILINE)


def interpreter() -> str:
    """The Python build that runs the hands (version, compiler, machine)."""
    return f"{platform.python_implementation()} {sys.version} {platform.machine()}"


def valgrind_version(valgrind: str) -> str:
    """``valgrind --version``, e.g. ``valgrind-3.19.0``."""
    return subprocess.run([valgrind, "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def count(valgrind: str, variant: str, hands: int) -> int:
    """Instructions of ``hands`` random hands of ``variant`` after one untimed hand."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run([valgrind, "--tool=callgrind", "--collect-atstart=no",
                        "--toggle-collect=functools_reduce", f"--callgrind-out-file={out}",
                        sys.executable, str(DRIVER), variant, str(WARMUP), str(hands)],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        found = _TOTAL.search(out.read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit(f"no instruction total in callgrind's output for {variant}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true",
                        help="measure and rewrite the baseline instead of comparing")
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help="only this variant (repeatable)")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    args = parser.parse_args(argv)
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed")
    old = (json.loads(args.baseline.read_text(encoding="utf-8"))
           if args.baseline.exists() else None)
    # A variant the baseline lacks is measured with the default hands, not judged.
    counted = {**HANDS, **{name: entry["hands"] for name, entry in old["variants"].items()}
               } if old else dict(HANDS)
    if args.variant:
        unknown = [name for name in args.variant if name not in counted]
        if unknown:
            raise SystemExit(f"no hand count for {', '.join(unknown)}; known: "
                             f"{', '.join(counted)}")
        counted = {name: counted[name] for name in args.variant}
    build = {"python": interpreter(), "valgrind": valgrind_version(valgrind)}
    comparable = old is not None and all(old[key] == value for key, value in build.items())
    if old is not None and not comparable and not args.update:
        print(f"baseline measured with {old['python']!r}, {old['valgrind']!r}; now "
              f"{build['python']!r}, {build['valgrind']!r}: counts not judged "
              "(--update measures a baseline for this build)")
    print(f"{'variant':20} {'hands':>5} {'baseline':>15} {'now':>15} {'change':>8}")
    now: dict[str, int] = {}
    worse = []
    started = time.monotonic()
    for name, hands in counted.items():
        now[name] = count(valgrind, name, hands)
        base = old["variants"][name]["instructions"] if old and name in old["variants"] else None
        change = "" if base is None else f"{100 * (now[name] - base) / base:+.2f} %"
        print(f"{name:20} {hands:5} {'' if base is None else f'{base:,}':>15} "
              f"{now[name]:15,} {change:>8}", flush=True)
        if base is not None and now[name] > base * (1 + LIMIT_PERCENT / 100):
            worse.append(name)
    print(f"({time.monotonic() - started:.0f} s under valgrind)")
    if args.update:
        variants = dict(old["variants"]) if old and args.variant else {}
        variants.update({name: {"hands": counted[name], "instructions": now[name]}
                         for name in now})
        data = {"about": "instructions of random hands; python benchmarks/cg_check.py "
                         "--update rewrites this file (docs/guards.md)",
                "warmup": WARMUP, **build, "variants": variants}
        args.baseline.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.baseline}")
        return 0
    if worse and comparable:
        print(f"more than {LIMIT_PERCENT} % above the baseline: {', '.join(worse)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
