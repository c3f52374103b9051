"""Measure the bots' fixed ratings from bot-against-bot games (docs/ratings.md).

For every game of the registry that seats two players or more, and every rating mode a game of
it can be (``sagrada.players.ratings.MODES``), the bots a player meets play ``--games`` games
among themselves: each game's seats are distinct bots drawn from the list, the number of seats
going round the mode's sizes, every seed fixed. Then each bot's rating is fitted with
OpenSkill's Plackett-Luce model, the model that rates the players: ``--passes`` times over the
games, each time in another shuffled order, every bot starting from a new account's rating;
each bot's ``mu`` and ``sigma`` are the means over the passes (averaging the orders removes
the luck of which games came last). Last, every ``mu`` is shifted by one amount so that the
anchor bot (``--anchor``; by default the game's default bot, the one the lobby's "play against
bots" seats) stands where a new account starts: a newcomer is placed level with it.

    nice -n 10 python scripts/bot_ratings.py --games 50 --results games.jsonl \\
        --out src/sagrada/players/bot_ratings.json

``--results`` keeps each game's seats and places as it ends (JSON lines); ``--refit FILE``
fits again from such a file without playing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sagrada.entry import GameEntry, Player
from sagrada.players.ratings import MODES, START, Rating, ranks_of, rate
from sagrada.registry import entries, entry, make_player

#: The bots a player meets, by game; a game not named here has all its bots measured.
DEFAULT_BOTS = {"sagrada": ("random", "greedy", "easy", "medium", "hard")}
#: Where the measured ratings go by default.
DEFAULT_OUT = Path("src/sagrada/players/bot_ratings.json")


@dataclass(frozen=True, slots=True)
class Played:
    """One bot-against-bot game: its game, mode and seed, the bots by seat, their places and
    the processor seconds it took."""

    game: str
    mode: str
    seed: int
    bots: tuple[str, ...]
    ranks: tuple[int, ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The game as one JSON line's data."""
        return {
            "game": self.game,
            "mode": self.mode,
            "seed": self.seed,
            "bots": list(self.bots),
            "ranks": list(self.ranks),
            "seconds": round(self.seconds, 2),
        }


def configure(chosen: GameEntry[Any, Any, Any], players: int) -> Any:
    """The default configuration of ``chosen`` for ``players`` seats, or None if it cannot
    seat that many (its option ``players`` where it has one, else the seats it has)."""
    rules = chosen.game
    data = {"players": players} if any(o.name == "players" for o in rules.options()) else {}
    try:
        config = rules.config_from_json(data)
    except Exception:  # the game's own refusal of that many players
        return None
    return config if rules.num_players(config) == players else None


def bot(chosen: GameEntry[Any, Any, Any], spec: str, seed: int, seconds: float | None) -> Player:
    """The bot ``spec``; the game's hint bot (its strongest, a search) with ``seconds`` a
    decision when given."""
    if seconds is not None and spec == chosen.bots.hint:
        return chosen.bots.adviser(seed, seconds, None)
    return make_player(chosen.name, spec, seed)


def play(
    chosen: GameEntry[Any, Any, Any],
    config: Any,
    bots: Sequence[str],
    seed: int,
    seconds: float | None,
) -> tuple[int, ...]:
    """Play one game of ``bots`` (by seat) from ``seed``; the seats' places."""
    rules = chosen.game
    players = [bot(chosen, spec, seed * 10 + seat, seconds) for seat, spec in enumerate(bots)]
    state = rules.new_state(config, seed)
    while not state.is_over:
        seat = state.current_player
        state.apply(players[seat].choose(rules.view(state, seat), state.legal_actions()))
    return tuple(ranks_of(rules.outcome(state)))


def schedule(
    chosen: GameEntry[Any, Any, Any], bots: Sequence[str], games: int, seed: int
) -> Iterator[tuple[str, Any, int, tuple[str, ...]]]:
    """The games to play: mode, configuration, seed and bots by seat; each mode's sizes in
    turn, distinct bots drawn at random for the seats."""
    for number, mode in enumerate(MODES):
        sizes = [
            (n, config)
            for n in range(mode.least, min(mode.most, chosen.seats.most, len(bots)) + 1)
            if (config := configure(chosen, n)) is not None
        ]
        if not sizes:
            continue
        draw = random.Random(f"{chosen.name} {mode.name} {seed}")
        for index in range(games):
            n, config = sizes[index % len(sizes)]
            yield mode.name, config, seed + 100_000 * number + index, tuple(draw.sample(bots, n))


def fit(played: Sequence[Played], passes: int, seed: int) -> dict[str, tuple[float, float]]:
    """Each bot's (mu, sigma) from the games of one mode: the mean over ``passes`` passes in
    shuffled orders, every bot starting each pass from a new account's rating."""
    bots = sorted({name for game in played for name in game.bots})
    mus: dict[str, list[float]] = {name: [] for name in bots}
    sigmas: dict[str, list[float]] = {name: [] for name in bots}
    order = list(played)
    shuffler = random.Random(seed)
    for _ in range(passes):
        shuffler.shuffle(order)
        ratings: dict[str, Rating] = dict.fromkeys(bots, START)
        for game in order:
            after = rate(
                game.mode,
                [ratings[name] for name in game.bots],
                [False] * len(game.bots),
                list(game.ranks),
            )
            ratings.update(zip(game.bots, after, strict=True))
        for name in bots:
            mus[name].append(ratings[name].mu)
            sigmas[name].append(ratings[name].sigma)
    return {name: (statistics.fmean(mus[name]), statistics.fmean(sigmas[name])) for name in bots}


def summary(played: Sequence[Played], fitted: dict[str, tuple[float, float]]) -> str:
    """A table for people: each bot's games, mean place, mu, sigma and displayed rating."""
    lines = [f"{'bot':10} {'games':>5} {'place':>5} {'mu':>7} {'sigma':>6} {'shown':>6}"]
    for name, (mu, sigma) in sorted(fitted.items(), key=lambda item: -item[1][0]):
        seats = [g.ranks[g.bots.index(name)] for g in played if name in g.bots]
        shown = Rating(mu, sigma).display
        lines.append(
            f"{name:10} {len(seats):5} {statistics.fmean(seats):5.2f} {mu:7.2f} {sigma:6.2f}"
            f" {shown:6.1f}"
        )
    return "\n".join(lines)


def command(args: argparse.Namespace) -> str:
    """The command line that measures what ``args`` asks for: its measuring flags, without
    the files it reads and writes."""
    words = ["python scripts/bot_ratings.py"]
    for flag in ("game", "bots", "games", "seed", "seconds", "passes", "anchor"):
        value = getattr(args, flag)
        if value is not None:
            words.append(f"--{flag} {value}")
    return " ".join(words)


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game of the registry (default: every game of 2+ seats)")
    parser.add_argument(
        "--bots", help="the bots measured, comma-separated (default: those a player meets)"
    )
    parser.add_argument("--games", type=int, default=50, help="games per mode (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument(
        "--seconds",
        type=float,
        help="the hint bot's seconds a decision (default: its own budget, as on the server)",
    )
    parser.add_argument("--passes", type=int, default=50, help="fitting passes (default 50)")
    parser.add_argument("--anchor", help="the bot a new account is placed level with")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON file written")
    parser.add_argument("--results", type=Path, help="write each game as a JSON line here")
    parser.add_argument("--refit", type=Path, help="fit the games of this file; play none")
    args = parser.parse_args(argv)
    if args.bots and not args.game:
        parser.error("--bots needs --game")
    if args.games < 1 or args.passes < 1:
        parser.error("--games and --passes must be at least 1")
    return args


def chosen_games(args: argparse.Namespace) -> list[GameEntry[Any, Any, Any]]:
    """The games measured: ``--game``, else every game that seats two players or more."""
    if args.game:
        return [entry(args.game)]
    return [e for e in entries() if e.seats.most >= 2]


def bots_of(chosen: GameEntry[Any, Any, Any], args: argparse.Namespace) -> tuple[str, ...]:
    """The bots measured in ``chosen``: ``--bots``, else the default table's, else all."""
    if args.bots:
        return tuple(b.strip() for b in args.bots.split(",") if b.strip())
    return DEFAULT_BOTS.get(chosen.name, chosen.bots.names)


def play_all(args: argparse.Namespace) -> list[Played]:
    """Play every scheduled game, printing each as it ends and keeping it in ``--results``."""
    played: list[Played] = []
    sink = args.results.open("w", encoding="utf-8") if args.results else None
    start = time.process_time()
    for chosen in chosen_games(args):
        bots = bots_of(chosen, args)
        for mode, config, seed, seating in schedule(chosen, bots, args.games, args.seed):
            clock = time.process_time()
            ranks = play(chosen, config, seating, seed, args.seconds)
            spent = time.process_time() - clock
            game = Played(chosen.name, mode, seed, seating, ranks, spent)
            played.append(game)
            if sink:
                sink.write(json.dumps(game.to_json()) + "\n")
                sink.flush()
            print(
                f"{chosen.name} {mode} #{len(played)} {','.join(seating)} places {ranks}"
                f" {spent:.1f}s (total {time.process_time() - start:.0f}s)",
                file=sys.stderr,
            )
    if sink:
        sink.close()
    return played


def read_played(path: Path) -> list[Played]:
    """The games of a ``--results`` file."""
    played = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        played.append(
            Played(
                data["game"],
                data["mode"],
                data["seed"],
                tuple(data["bots"]),
                tuple(data["ranks"]),
                data["seconds"],
            )
        )
    return played


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    played = read_played(args.refit) if args.refit else play_all(args)
    ratings: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    counts: dict[str, dict[str, int]] = {}
    anchors: dict[str, str] = {}
    for chosen in chosen_games(args):
        anchor = args.anchor or chosen.bots.default
        for mode in MODES:
            games = [g for g in played if g.game == chosen.name and g.mode == mode.name]
            if not games:
                continue
            fitted = fit(games, args.passes, args.seed)
            if anchor not in fitted:
                raise SystemExit(f"the anchor {anchor!r} played no game of {chosen.name}")
            shift = START.mu - fitted[anchor][0]
            fitted = {name: (mu + shift, sigma) for name, (mu, sigma) in fitted.items()}
            print(f"{chosen.name} {mode.name}: {len(games)} games\n{summary(games, fitted)}\n")
            ratings.setdefault(chosen.name, {})[mode.name] = {
                name: {"mu": round(mu, 3), "sigma": round(sigma, 3)}
                for name, (mu, sigma) in fitted.items()
            }
            counts.setdefault(chosen.name, {})[mode.name] = len(games)
            anchors[chosen.name] = anchor
    header = {
        "command": command(args),
        "date": datetime.now(UTC).date().isoformat(),
        "games": counts,
        "fit": f"OpenSkill Plackett-Luce, {args.passes} passes in shuffled orders, means",
        "anchor": anchors,
        "seconds": args.seconds,
        "cpu_seconds": round(sum(g.seconds for g in played)),
    }
    data = {"header": header, "ratings": ratings}
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
