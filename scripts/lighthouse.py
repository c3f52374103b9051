"""Lighthouse on the pages (``make lighthouse``; docs/measuring.md).

Starts a server of its own, creates a game with a seat (its window chosen), and runs
Lighthouse 12 (npm ``lighthouse@12.2.3``, installed into build/lighthouse when missing; Node 20
and Debian's Chromium) on the lobby, the seat's game page (its token in the fragment) and the
scoring page (the rulebook's example in its fragment), as a phone (the default, mobile) and a
desktop. Prints one table; with ``--check`` exits 1 when a number misses issue 28's goals.
``--keep DIR`` keeps each report's JSON; ``--only PAGE...`` measures those pages alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from local_server import act, create, local_server, score_page, seat_page, view

VERSION = "12.2.3"
INSTALL = Path(__file__).resolve().parent.parent / "build" / "lighthouse"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices")
#: The goals (issue 28): the most cumulative layout shift, the least score of each category.
MAX_CLS = 0.1
MIN_SCORE = {"performance": 0.90, "accessibility": 1.0, "best-practices": 1.0}
FORM_FACTORS = {"phone": [], "desktop": ["--preset=desktop"]}
PAGES = ("lobby", "game", "score")


def lighthouse() -> Path:
    """The lighthouse command, installed with npm into :data:`INSTALL` when missing."""
    command = INSTALL / "node_modules" / ".bin" / "lighthouse"
    if not command.exists():
        INSTALL.mkdir(parents=True, exist_ok=True)
        print(f"installing lighthouse@{VERSION} into {INSTALL}", file=sys.stderr)
        subprocess.run(
            ["npm", "install", "--no-save", "--silent", f"lighthouse@{VERSION}"],
            cwd=INSTALL,
            check=True,
        )
    return command


def measure(command: Path, url: str, flags: list[str], report: Path) -> dict[str, float]:
    """Run Lighthouse on ``url``; return its CLS and category scores."""
    subprocess.run(
        [
            str(command),
            url,
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={report}",
            "--chrome-flags=--headless=new --no-sandbox",
            "--quiet",
            *flags,
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        check=True,
    )
    result = json.loads(report.read_text())
    numbers = {"CLS": result["audits"]["cumulative-layout-shift"]["numericValue"]}
    numbers.update((name, result["categories"][name]["score"]) for name in CATEGORIES)
    return numbers


def misses(numbers: dict[str, float]) -> list[str]:
    """The goals ``numbers`` miss."""
    missed = [f"CLS {numbers['CLS']:.3f} > {MAX_CLS}"] if numbers["CLS"] > MAX_CLS else []
    missed += [
        f"{n} {numbers[n]:.2f} < {least}" for n, least in MIN_SCORE.items() if numbers[n] < least
    ]
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    parser.add_argument("--keep", type=Path, help="a folder to keep the JSON reports in")
    parser.add_argument("--only", nargs="*", choices=PAGES, help="these pages alone")
    args = parser.parse_args()
    command = lighthouse()
    reports = args.keep or Path(tempfile.mkdtemp(prefix="lighthouse-"))
    reports.mkdir(parents=True, exist_ok=True)
    missed = []
    print(f"{'page':<8}{'form':<9}{'CLS':>7}{'perf':>7}{'a11y':>7}{'best':>7}")
    with local_server(bot_delay=0.8) as url:
        game = create(url, seed=7, players=2, bots=[None, "easy"])
        act(url, game, view(url, game)["legal_actions"][0])  # a window: the game in play
        pages = {"lobby": f"{url}/", "game": seat_page(url, game), "score": score_page(url)}
        for name in args.only or PAGES:
            address = pages[name]
            for form, flags in FORM_FACTORS.items():
                numbers = measure(command, address, flags, reports / f"{name}-{form}.json")
                scores = "".join(f"{numbers[c]:>7.2f}" for c in CATEGORIES)
                print(f"{name:<8}{form:<9}{numbers['CLS']:>7.3f}{scores}", flush=True)
                missed += [f"{name} {form}: {miss}" for miss in misses(numbers)]
    if args.keep is None:
        print(f"reports in {reports}", file=sys.stderr)
    for miss in missed:
        print(f"missed: {miss}", file=sys.stderr)
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
