"""The dice game's parts of the command line (:class:`sagrada.entry.GameCommands`):
``sagrada play`` (the terminal game on a Rich screen, the ``cli`` extra), ``score``,
``replay``, ``simulate`` and ``bench``."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from sagrada.games.dice.bots import hint_bot, make_bot
from sagrada.games.dice.bots.tournament import TournamentResult, run_tournament
from sagrada.games.dice.render import replay_text
from sagrada.games.dice.rules.actions import parse_action
from sagrada.games.dice.rules.config import MAX_PLAYERS, GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.games.dice.score_help import EPILOG
from sagrada.games.dice.score_players import score_text
from sagrada.search.tournament import seeds_needed
from sagrada.textui import CliError


class DiceCommands:
    """The dice game's command-line parts."""

    score_help: Final = EPILOG

    def check(self, args: argparse.Namespace) -> None:
        """Refuse a table the dice game cannot seat, a seat outside it, more bots than seats,
        and a plot without matplotlib."""
        players = args.players
        if not 1 <= players <= MAX_PLAYERS:
            raise CliError(f"--players must be 1-{MAX_PLAYERS}")
        if args.private_pools and players < 2:
            raise CliError(f"--private-pools needs 2-{MAX_PLAYERS} players")
        seat = getattr(args, "seat", None)
        if seat is not None and not 0 <= seat < players:
            raise CliError(f"--seat must be 0-{players - 1}")
        bots = getattr(args, "bot_list", None)
        if bots is not None and players > 1 and len(bots) > players:
            raise CliError(f"{len(bots)} bots do not fit {players} seats")
        if getattr(args, "plot", None):
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                raise CliError("--plot needs matplotlib: pip install 'sagrada[plot]'") from None

    def play(self, args: argparse.Namespace, config: GameConfig, seed: int) -> int:
        """Play a game in the terminal against ``args.bot`` in every other seat."""
        try:
            bots = {
                seat: make_bot(args.bot, random.SystemRandom().randrange(2**62))
                for seat in range(config.players)
                if seat != args.seat
            }
        except ValueError as exc:
            raise CliError(str(exc)) from None
        try:
            from sagrada.games.dice.terminal import TerminalGame
        except ModuleNotFoundError as exc:
            if (exc.name or "").partition(".")[0] != "rich":
                raise
            raise CliError("the terminal game needs Rich: pip install 'sagrada[cli]'") from None
        adviser = hint_bot(seed, args.hint_seconds, args.hint_iterations)
        return TerminalGame(config, seed, args.seat, bots, args.lang, adviser).play()

    def score(self, text: str, as_json: bool, language: str) -> tuple[str, list[str]]:
        """Score a physical game's finished window."""
        return score_text(text, as_json, language)

    def replay(self, record: GameRecord, as_json: bool) -> str:
        """Each player's score breakdown after the record."""
        return replay_text(record, as_json)

    def tournament(
        self,
        config: GameConfig,
        bots: Sequence[str],
        games: int,
        seed: int,
        workers: int,
        progress: Callable[[int, int, float], None] | None,
        backend: Any,
    ) -> TournamentResult:
        """Bots rotated round the table, every rotation on the same seeds."""
        return run_tournament(config, bots, games, seed, workers, progress, backend)

    def tournament_seeds(self, config: GameConfig, bots: Sequence[str], games: int) -> int:
        """The seeds the rotations need to play ``games`` games."""
        return seeds_needed(bots, config.players, games)

    def tournament_text(self, result: TournamentResult) -> str:
        """Mean score and win rate per bot, with their intervals, and the score's parts."""
        solo = result.config.solo
        lines = [
            f"{len(result.games)} games, {result.config.players} player(s), "
            f"{result.games_per_second:.2f} games/s"
        ]
        for summary in result.summaries:
            mean, rate = summary.mean_score, summary.win_rate
            label = "beats target" if solo else "wins"
            lines.append(
                f"{summary.name}: {summary.games} seats, mean score {mean.estimate:.1f} "
                f"[{mean.low:.1f}, {mean.high:.1f}], {label} {rate.estimate:.1%} "
                f"[{rate.low:.1%}, {rate.high:.1%}]"
            )
            if summary.margins:
                data = summary.to_json()
                low, high = data["mean_margin_ci95"]
                lines.append(
                    f"    mean margin over the target {data['mean_margin']:.1f} "
                    f"[{low:.1f}, {high:.1f}]"
                )
            parts = ", ".join(
                f"{name} {mean:.1f}" for name, mean in summary.component_means().items()
            )
            lines.append(f"    components: {parts}")
        return "\n".join(lines)

    def plot(self, result: TournamentResult, path: str) -> None:
        """Draw the score distribution of each bot (a box plot with the points) to ``path``."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        names = [s.name for s in result.summaries]
        data = [s.scores for s in result.summaries]
        figure, axes = plt.subplots(figsize=(1.8 * len(names) + 2, 4.5))
        axes.boxplot(data, showmeans=True)
        axes.set_xticks(range(1, len(names) + 1), names)
        for i, scores in enumerate(data, start=1):
            axes.scatter([i] * len(scores), scores, s=8, alpha=0.4)
        axes.set_ylabel("final score")
        axes.set_title(f"{len(result.games)} games, {result.config.players} player(s)")
        figure.tight_layout()
        try:
            figure.savefig(path)
        except OSError as exc:
            raise CliError(f"cannot write {path}: {exc.strerror}") from None
        finally:
            plt.close(figure)

    def bench_extra(self, args: argparse.Namespace) -> dict[str, float]:
        """MCTS iterations per second on :func:`mcts_position` (none for 0 iterations)."""
        if not args.mcts_iterations:
            return {}
        return {"mcts_iterations_per_second": measure_mcts(args.mcts_iterations)}


def mcts_position() -> State:
    """The fixed position of the MCTS measurement: a 2-player game at its first turn.

    Seed 0, both players take their first window option; then it is the first turn of round 1.
    """
    state = new_game(GameConfig(players=2), 0)
    state.apply(parse_action("W1"))
    state.apply(parse_action("W1"))
    return state


def measure_mcts(iterations: int) -> float:
    """Return MCTS iterations per second from :func:`mcts_position` (one decision)."""
    from sagrada.games.dice.bots.mcts import MctsBot

    state = mcts_position()
    bot = MctsBot(seed=0, iterations=iterations, seconds=None)
    player = state.current_player
    start = time.perf_counter()
    bot.choose(make_view(state, player), state.legal_actions())
    return bot.last_iterations / (time.perf_counter() - start)


#: The dice game's command-line parts, as its entry names them.
COMMANDS: Final = DiceCommands()
