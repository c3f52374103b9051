"""The dice game in the terminal: one human seat against bots, a decision at a time.

At each of the human's decisions the screen (:mod:`sagrada.games.dice.screen`) shows the table, what
they decide and their legal actions, numbered. They type a number, an action in notation
(``docs/notation.md``) or a command:

=========  ===========================================================================
``?``      list the numbered legal actions again
``hint``   the best three actions of the strongest bot (``hard``, a second's search), each
           with its number, its notation and what the bot expects of it
``undo``   take back the last decision of the turn in progress
``board``  show the table again
``help``   the notation and the commands
``quit``   stop (the end of the input stops too)
=========  ===========================================================================

Undo rebuilds the game from its record without the last decision (the same config, seed and
actions replay to the same game, dice included). Only the turn in progress can be taken back,
and not past an action that drew or rolled dice (:meth:`State.is_chance`): what the dice
showed is committed, and the screen says so when it happens.

Everything the game says is in the language it is played in (``--lang``): the engine's
messages and the terminal's own words (the catalogues' ``ui.*`` entries, :data:`HELP` among
them). The commands and the notation are the same in every language.
"""

from __future__ import annotations

from typing import Any, Final

from sagrada.core.errors import IllegalActionError, InvalidNotationError, SagradaError
from sagrada.core.messages import Message, msg, render
from sagrada.games.dice.bots import Bot, hint_bot
from sagrada.games.dice.rules.actions import Action, action_message, action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.record import GameRecord
from sagrada.games.dice.rules.state import State, new_game
from sagrada.games.dice.rules.views import make_view
from sagrada.games.dice.screen import (
    choices,
    colour_legend,
    make_console,
    score_table,
    table_screen,
)
from sagrada.search.advice import Adviser
from sagrada.textui import hint_text, read_command, thinking

#: The bot behind ``hint``: the strongest.
HINT_BOT: Final = hint_bot().name

#: What ``help`` shows: the notation, the commands and how a window is drawn.
HELP: Final = msg("ui.help", bot=HINT_BOT)

#: Where a decision stands: the phase, the round, the turn within it and who decides.
TurnKey = tuple[int, int, int, int]


class TerminalGame:
    """One game between the human at ``seat`` and ``bots`` in every other seat; ``adviser``
    answers ``hint`` (default: :func:`~sagrada.games.dice.bots.hint_bot` seeded with the game's
    seed).

    Attributes:
        state: the game; undo replaces it by a replay of its record.
    """

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        seat: int,
        bots: dict[int, Bot],
        language: str,
        adviser: Adviser | None = None,
    ) -> None:
        self.config = config
        self.seed = seed
        self.seat = seat
        self.bots = bots
        self.language = language
        self.help_text = self.text(HELP)
        self.state: State = new_game(config, seed)
        self.console = make_console()
        self.adviser = adviser if adviser is not None else hint_bot(seed)
        # The history lengths to go back to, one per decision of the turn in progress.
        self.undo_points: list[int] = []
        # The action of this turn that drew or rolled dice, and the turn it was in.
        self.committed: tuple[TurnKey, str] | None = None

    # -- the game loop -----------------------------------------------------------------------

    def play(self) -> int:
        """Play to the end, or until the player quits; return the exit code (0)."""
        self.say(self.text(msg("ui.welcome", players=self.config.players, seat=self.seat)))
        self.say(self.help_text)
        self.say(self.text(msg("ui.colours", legend=colour_legend(self.language))))
        shown = -1
        while not self.state.is_over:
            seat = self.state.current_player
            if seat in self.bots:
                self.bot_decides(self.bots[seat])
                continue
            if shown != len(self.state.history):
                self.show()
                shown = len(self.state.history)
            line = read_command(self.list_choices, self.help_text)
            if line is None:
                return 0
            self.command(line)
        self.finish()
        return 0

    def command(self, line: str) -> None:
        """Answer one line the human typed (not ``?``, ``help`` or ``quit``)."""
        if line == "board":
            self.show()
        elif line == "hint":
            self.hint()
        elif line == "undo":
            self.undo()
        elif line:
            action = self.action_of(line)
            if action is not None:
                self.take(action)

    def bot_decides(self, bot: Bot) -> None:
        """Let the bot of the current seat decide, and say what it did."""
        seat = self.state.current_player
        action = bot.choose(make_view(self.state, seat), self.state.legal_actions())
        self.say(self.log_line(self.player(seat), action))
        self.state.apply(action)

    def log_line(self, who: str, action: Action) -> str:
        """``player 1: R3@B4 (placed the R3 on B4)``: who did what, in the game's language."""
        return f"{who}: {action_to_str(action)} ({render(action_message(action), self.language)})"

    # -- the screen --------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Print a line (wrapped at the screen's width)."""
        self.console.print(text)

    def text(self, message: Message) -> str:
        """``message`` in the game's language."""
        return render(message, self.language)

    def player(self, seat: int) -> str:
        """A seat's name in the game's language (``player 1``)."""
        return render(msg("player", seat=seat), self.language)

    def actions(self) -> list[dict[str, Any]]:
        """The human's legal actions as the engine lists them (``notation``, ``kind``,
        ``chance``...): the numbered choices, in order."""
        return make_view(self.state, self.seat).actions_json()

    def show(self) -> None:
        """Show the table, and at a decision of the human's what they decide and their
        choices."""
        data = make_view(self.state, self.seat).to_json()
        self.console.print(table_screen(data, self.language))
        if data["actions"]:
            self.say(render(self.state.describe_decision(), self.language))
            self.console.print(choices(data["actions"], self.language))

    def list_choices(self) -> None:
        """``?``: the numbered choices again."""
        self.console.print(choices(self.actions(), self.language))

    def text_of(self, error: SagradaError) -> str:
        """The reason of a refused input, in the game's language."""
        if error.message is None:
            return str(error)
        if isinstance(error, IllegalActionError):
            return self.text(msg("ui.illegal", action=repr(error.action), reason=error.message))
        return self.text(error.message)

    # -- the human's decisions ---------------------------------------------------------------

    def action_of(self, line: str) -> Action | None:
        """The action a line names, by its number or in notation; ``None`` (said why) if it
        names none."""
        if line.isdigit():
            listed = self.actions()
            number = int(line)
            if 1 <= number <= len(listed):
                return parse_action(listed[number - 1]["notation"])
            self.say(self.text(msg("ui.no_choice", number=number, last=len(listed))))
            return None
        try:
            return parse_action(line)
        except InvalidNotationError as exc:
            self.say(self.text_of(exc))
            return None

    def turn_key(self) -> TurnKey:
        s = self.state
        return (int(s.phase), s.round, s.turn, s.current)

    def take(self, action: Action) -> None:
        """Apply the human's action, and keep what undo needs to take it back."""
        key = self.turn_key()
        before = len(self.state.history)
        try:
            chance = self.state.is_chance(action)
            self.state.apply(action)
        except IllegalActionError as exc:
            self.say(self.text_of(exc))
            return
        self.say(self.log_line(self.text(msg("ui.you")), action))
        if self.turn_key() != key or self.state.current_player != self.seat:
            self.undo_points.clear()  # the turn is over: it stands
            self.committed = None
        elif chance:
            self.undo_points.clear()
            self.committed = (key, action_to_str(action))
            self.say(self.text(msg("ui.committed", action=action_to_str(action))))
        else:
            self.undo_points.append(before)

    def undo(self) -> None:
        """Take back the human's last decision of this turn, or say why not."""
        if self.undo_points:
            keep = self.undo_points.pop()
            dropped = self.state.history[keep:]
            record = GameRecord(self.config, self.seed, tuple(self.state.history[:keep]))
            self.state = record.replay()
            undone = " ".join(action_to_str(a) for a in dropped)
            self.say(self.text(msg("ui.undone", actions=undone)))
        elif self.committed is not None and self.committed[0] == self.turn_key():
            self.say(self.text(msg("ui.cannot_undo", action=self.committed[1])))
        else:
            self.say(self.text(msg("ui.nothing_to_undo")))

    def hint(self) -> None:
        """Say the hint bot's best three actions: number, notation and value of each."""
        self.say(thinking(self.adviser.name, self.language))
        view = make_view(self.state, self.seat)
        ranked = self.adviser.rank(view, view.legal_actions())
        numbers = {parse_action(a["notation"]): n for n, a in enumerate(self.actions(), start=1)}
        self.say(hint_text(ranked, self.adviser.name, action_to_str, numbers, self.language))

    # -- the end -----------------------------------------------------------------------------

    def finish(self) -> None:
        """Show the final table, each player's score breakdown and who won."""
        self.show()
        outcome = self.state.outcome()
        for seat, breakdown in enumerate(outcome.scores):
            mine = seat == self.seat
            whose = msg("ui.score_of_you", seat=seat) if mine else msg("ui.score_of", seat=seat)
            self.say("\n" + self.text(whose))
            self.console.print(score_table(breakdown, self.language))
        if outcome.target is not None:
            verdict = msg("ui.you_win") if outcome.winners else msg("ui.you_lose")
            self.say("\n" + self.text(msg("ui.target", target=outcome.target, verdict=verdict)))
        else:
            winners = ", ".join(self.player(seat) for seat in outcome.winners)
            self.say("\n" + self.text(msg("ui.winners", players=winners)))
        # The seed decides every die to come: it is shown only now.
        self.say(self.text(msg("ui.seed", seed=self.seed)))


__all__ = ["HELP", "HINT_BOT", "TerminalGame"]
