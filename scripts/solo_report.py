"""Solo strength by difficulty (a script, not a test): for each number of tool cards, the win
rate against the target (Wilson 95% interval), the mean score and the mean margin (Student's t
95% intervals) of each bot, as a Markdown table and a plot.

Runs ``sagrada simulate --json`` once per tool count (the dice game: ``--players 1
--solo-tools N``, 1 to 5 tools; the card game: ``--game cards --tools N``, 1 to 9), or reads
lines such runs wrote before (``--from FILE``, as ``--save FILE`` writes them):

    .venv/bin/python scripts/solo_report.py --bots planner:1000,greedy --games 200 --seed 1 \\
        --workers 2 --save solo.jsonl --plot solo.png
    .venv/bin/python scripts/solo_report.py --game cards --bots planner:300,plan --games 200 \\
        --seed 1 --plot cards.png

The plot needs the ``plot`` extra (matplotlib).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

#: The tool counts each game's difficulty runs over (the rulebooks' ranges).
TOOL_COUNTS = {"sagrada": range(1, 6), "cards": range(1, 10)}


def simulate(game: str, tools: int, bots: str, games: int, seed: int, workers: int) -> Any:
    """One tournament at ``tools`` tool cards, ``games`` games a bot on the seeds from
    ``seed`` on: simulate's JSON summary, tagged with the game and the tool count."""
    if game != "cards":
        games *= len(bots.split(","))  # simulate's solo games are shared among the bots
    options = (
        ["--game", "cards", "--tools", str(tools)]
        if game == "cards"
        else ["--players", "1", "--solo-tools", str(tools)]
    )
    command = [
        sys.executable,
        "-m",
        "sagrada",
        "simulate",
        *options,
        "--bots",
        bots,
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--workers",
        str(workers),
        "--quiet",
        "--json",
    ]
    run = subprocess.run(command, check=True, capture_output=True, text=True)
    summary = json.loads(run.stdout)
    summary["report"] = {"game": game, "tools": tools, "seed": seed}
    return summary


def table(runs: list[Any]) -> str:
    """The Markdown table: per tool count and bot, games won, mean score, mean margin."""
    lines = [
        "| Tools | Bot | Games | Beats the target | Mean score | Mean margin |",
        "|---|---|---|---|---|---|",
    ]
    for run in sorted(runs, key=lambda r: r["report"]["tools"]):
        for bot in run["bots"]:
            low, high = bot["win_rate_ci95"]
            s_low, s_high = bot["mean_score_ci95"]
            m_low, m_high = bot["mean_margin_ci95"]
            lines.append(
                f"| {run['report']['tools']} | {bot['name']} | {bot['games']} "
                f"| {bot['win_rate']:.1%} [{low:.1%}, {high:.1%}] "
                f"| {bot['mean_score']:.1f} [{s_low:.1f}, {s_high:.1f}] "
                f"| {bot['mean_margin']:+.1f} [{m_low:+.1f}, {m_high:+.1f}] |"
            )
    return "\n".join(lines)


def plot(runs: list[Any], path: str) -> None:
    """Win rate (with its interval) and mean score against the number of tool cards, a line
    per bot."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = sorted(runs, key=lambda r: r["report"]["tools"])
    names = [bot["name"] for bot in runs[0]["bots"]]
    figure, (wins, scores) = plt.subplots(1, 2, figsize=(10, 4))
    for name in names:
        points = [
            (run["report"]["tools"], bot)
            for run in runs
            for bot in run["bots"]
            if bot["name"] == name
        ]
        counts = [tools for tools, _ in points]
        wins.plot(counts, [b["win_rate"] * 100 for _, b in points], marker="o", label=name)
        wins.fill_between(
            counts,
            [b["win_rate_ci95"][0] * 100 for _, b in points],
            [b["win_rate_ci95"][1] * 100 for _, b in points],
            alpha=0.2,
        )
        scores.errorbar(
            counts,
            [b["mean_score"] for _, b in points],
            yerr=[
                [b["mean_score"] - b["mean_score_ci95"][0] for _, b in points],
                [b["mean_score_ci95"][1] - b["mean_score"] for _, b in points],
            ],
            marker="o",
            capsize=3,
            label=name,
        )
    game = runs[0]["report"]["game"]
    sizes = sorted({bot["games"] for run in runs for bot in run["bots"]})
    games = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}–{sizes[-1]}"
    for axes in (wins, scores):
        axes.set_xlabel("tool cards in play")
        axes.set_xticks(list(TOOL_COUNTS[game]))
        axes.legend()
    wins.set_ylabel("games won against the target (%)")
    wins.set_ylim(0, 100)
    scores.set_ylabel("mean score (VP)")
    title = "Solo card game" if game == "cards" else "Solo Sagrada"
    figure.suptitle(f"{title}: {games} games per point, 95% intervals")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(TOOL_COUNTS), default="sagrada")
    parser.add_argument("--bots", default="planner:1000,greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--tools",
        help="the tool counts, comma-separated (default: 1-5 for sagrada, 1-9 for cards)",
    )
    parser.add_argument(
        "--from",
        dest="sources",
        action="append",
        help="read the summaries from this file instead of playing (may be given again)",
    )
    parser.add_argument("--save", help="append each summary to this file, a JSON line each")
    parser.add_argument("--plot", help="write the plot to this PNG file")
    args = parser.parse_args()
    if args.sources:
        lines = [ln for src in args.sources for ln in Path(src).read_text("utf-8").splitlines()]
        runs = [json.loads(line) for line in lines if line.startswith("{")]
    else:
        counts = [int(t) for t in args.tools.split(",")] if args.tools else TOOL_COUNTS[args.game]
        runs = []
        for tools in counts:
            run = simulate(args.game, tools, args.bots, args.games, args.seed, args.workers)
            runs.append(run)
            if args.save:
                with Path(args.save).open("a", encoding="utf-8") as out:
                    out.write(json.dumps(run) + "\n")
    print(table(runs))
    if args.plot:
        plot(runs, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
