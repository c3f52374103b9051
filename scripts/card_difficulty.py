"""The solo card game's difficulty curve (a script, not a test): the win rate and mean margin of
bots for each number of tool cards, 1 to 9.

Runs ``sagrada simulate --game cards --json`` for each tool count (or reads the lines such runs
printed, with ``--from FILE``), then prints the Markdown table of ``docs/card-game.md`` and
draws the plot ``docs/card-game-curve.png``:

    .venv/bin/python scripts/card_difficulty.py --bots plan,greedy --games 200 --workers 2 \\
        --seed 1 --plot docs/card-game-curve.png

The rulebook: "With only 1 tool the game becomes very hard, with 5 or more tools the game
becomes very easy."
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_counts(bots: str, games: int, seed: int, workers: int) -> list[dict[str, Any]]:
    """Simulate each tool count 1-9 and return the JSON summaries."""
    out = []
    for tools in range(1, 10):
        command = [
            sys.executable,
            "-m",
            "sagrada",
            "simulate",
            "--game",
            "cards",
            "--bots",
            bots,
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--workers",
            str(workers),
            "--tools",
            str(tools),
            "--quiet",
            "--json",
        ]
        out.append(
            json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        )
    return out


def table(runs: list[dict[str, Any]]) -> str:
    """The Markdown table: per tool count and bot, wins (Wilson 95%) and mean margin (t 95%)."""
    names = [bot["name"] for bot in runs[0]["bots"]]
    head = (
        "| Tools | " + " | ".join(f"{n}: beats the target | {n}: mean margin" for n in names) + " |"
    )
    lines = [head, "|---|" + "---|---|" * len(names)]
    for run in sorted(runs, key=lambda r: r["config"]["tools"]):
        cells = []
        for bot in run["bots"]:
            low, high = bot["win_rate_ci95"]
            m_low, m_high = bot["mean_margin_ci95"]
            cells.append(f"{bot['win_rate']:.1%} [{low:.1%}, {high:.1%}]")
            cells.append(f"{bot['mean_margin']:+.1f} [{m_low:+.1f}, {m_high:+.1f}]")
        lines.append(f"| {run['config']['tools']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(runs: list[dict[str, Any]], path: str) -> None:
    """Win rate (with its interval) against the number of tool cards, a line per bot."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.5, 4))
    for bot in curve(runs)["bots"]:
        points = bot["points"]
        counts = [p["tools"] for p in points]
        axes.plot(counts, [p["win_rate"] * 100 for p in points], marker="o", label=bot["bot"])
        axes.fill_between(
            counts,
            [p["win_rate_ci95"][0] * 100 for p in points],
            [p["win_rate_ci95"][1] * 100 for p in points],
            alpha=0.2,
        )
    axes.set_xlabel("tool cards in play")
    axes.set_ylabel("games won against the target (%)")
    axes.set_xticks(range(1, 10))
    axes.set_ylim(0, 100)
    axes.legend()
    axes.set_title("Solo card game: 200 games per point, 95% intervals")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="plan,greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--from",
        dest="sources",
        action="append",
        help="read simulate's JSON lines from this file (may be given more than once)",
    )
    parser.add_argument("--plot", help="write the plot to this PNG file")
    parser.add_argument(
        "--data",
        help="write each bot's curve as JSON to this file (the rules help says it: "
        "src/sagrada/content/card_difficulty.json)",
    )
    args = parser.parse_args()
    if args.sources:
        lines = [ln for src in args.sources for ln in Path(src).read_text("utf-8").splitlines()]
        runs = [json.loads(line) for line in lines if line.startswith("{")]
    else:
        runs = run_counts(args.bots, args.games, args.seed, args.workers)
    print(table(runs))
    if args.plot:
        plot(runs, args.plot)
    if args.data:
        Path(args.data).write_text(json.dumps(curve(runs), indent=1) + "\n", encoding="utf-8")
    return 0


def curve(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each bot's win rate and mean margin per tool count, as the lobby shows them next to
    the choice (the strongest bot first)."""
    runs = sorted(runs, key=lambda r: r["config"]["tools"])
    bots: dict[str, dict[str, Any]] = {}
    for run in runs:
        for bot in run["bots"]:
            entry = bots.setdefault(
                bot["name"], {"bot": bot["name"], "games": bot["games"], "points": []}
            )
            entry["points"].append(
                {
                    "tools": run["config"]["tools"],
                    "win_rate": bot["win_rate"],
                    "win_rate_ci95": bot["win_rate_ci95"],
                    "mean_margin": bot["mean_margin"],
                }
            )
    return {"bots": list(bots.values())}


if __name__ == "__main__":
    sys.exit(main())
