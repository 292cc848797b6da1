"""Watching a recorded game: ``python -m thousand replay RECORD [--review]``.

The game is shown as an umpire sees it, every hand open: each deal's table once the cards are
dealt, the auction, the talon and the gives, then trick by trick the cards with the seat that
played them and who took the trick, and the deal's row of the score sheet. With ``review`` each
card also gets the solver's verdict (:func:`thousand.analysis.review`): how many deal points it
cost its side against best play from there, and the best cards where it was not one of them,
and each deal ends with its seats' losses.

On a terminal the replay stops after every trick and every deal: Enter goes on, ``d`` goes to
the end of the deal, ``c`` to the end of the game, ``q`` stops.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from .actions import Action, Deal, DealCard, Give, Play
from .analysis import DealReview, PlayReview, review
from .engine import apply
from .sheet import format_sheet
from .state import Phase, State
from .view import table

__all__ = ["Replay"]


class Replay:
    """The replay of the game ``state`` holds (its whole history, from its start).

    ``ask`` is called with a prompt where the replay may stop and answers what the person
    typed (None: never stop); ``out`` is where it is written.
    """

    def __init__(
        self,
        state: State,
        *,
        with_review: bool = False,
        out: TextIO | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = state
        self.out = sys.stdout if out is None else out
        self.ask = ask
        self.mode = "step"  # or "deal": to the end of the deal; "game": to the end
        self.reviews: dict[int, DealReview] = {}
        if with_review:
            self.reviews = {deal.deal_number: deal for deal in review(state).deals}

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        """Show the game from its start; the exit status, 0."""
        data = self.game.to_dict()
        state = State.from_dict({**data, "history": []})
        self.say(f"A game of Thousand: {state.rules}, dealer {state.dealer}.")
        plays: list[PlayReview] = []
        for action in self.game.history:
            before = state
            state = apply(state, action)
            if self._show(before, action, state, plays) is False:
                return 0
        self.say()
        if state.is_terminal:
            self.say(format_sheet(state.sheet, state))
        else:
            self.say(f"The record ends here, in deal {state.deal_number}:")
            self.say(table(state))
        return 0

    def _show(self, before: State, action: Action, after: State, plays: list[PlayReview]) -> bool:
        """Tell one action; False when the person stops the replay."""
        number = before.deal_number
        seat = before.to_move
        if isinstance(action, DealCard | Deal):
            if not after.is_chance:  # the last card is dealt: the table
                self.say()
                sits = "" if after.sitter is None else " (sits out)"
                self.say(f"== deal {number}, dealer {before.dealer}{sits} ==")
                self.say(table(after))
                plays.clear()
                plays.extend(self.reviews[number].plays if number in self.reviews else ())
            return True
        if isinstance(action, Play):
            return self._play(before, action, after, plays)
        if isinstance(action, Give):
            self.say(f"seat {seat} gives {action.card.unicode} to seat {action.to}")
        else:
            self.say(f"seat {seat}: {action}")
        if after.phase is Phase.PLAYING and before.phase is not Phase.PLAYING:
            self.say(table(after))  # the hands as the play starts, after the gives
        if len(after.sheet) > len(before.sheet):
            return self._deal_over(after)
        return True

    def _play(self, before: State, action: Play, after: State, plays: list[PlayReview]) -> bool:
        seat = before.to_move
        verdict = ""
        if plays:
            played = plays.pop(0)
            best = " ".join(_play_text(p) for p in played.best)
            verdict = "   (best)" if played.optimal else f"   (costs {played.loss}; best {best})"
        marriage = " declaring its marriage" if action.marriage else ""
        self.say(f"  seat {seat} plays {action.card.unicode}{marriage}{verdict}")
        over = len(after.sheet) > len(before.sheet)  # the deal's last card
        done = after.sheet[-1].tricks if over else after.tricks
        if len(done) > len(before.tricks):
            winner, cards = done[-1]
            points = sum(card.points for _, card in cards)
            self.say(f"  trick {len(done)} to seat {winner} (+{points})")
            return self._deal_over(after) if over else self._pause("next trick")
        return True

    def _deal_over(self, after: State) -> bool:
        record = after.sheet[-1]
        self.say(format_sheet([record]).splitlines()[-1])
        reviewed = self.reviews.get(record.deal_number)
        if reviewed is not None:
            losses = ", ".join(
                f"seat {s} {reviewed.losses_per_seat[s]}"
                for s in range(after.players)
                if s != record.sitter
            )
            self.say(f"  deal points lost against best play: {losses}")
        if self.mode == "deal":
            self.mode = "step"
        return self._pause("next deal")

    def _pause(self, what: str) -> bool:
        """Wait for the person where the replay may stop; False on ``q``."""
        if self.ask is None or self.mode != "step":
            return True
        answer = self.ask(f"[Enter] {what}, d: end of deal, c: to the end, q: quit> ")
        answer = answer.strip().lower()
        if answer == "q":
            return False
        if answer == "d":
            self.mode = "deal"
        elif answer == "c":
            self.mode = "game"
        return True


def _play_text(play: Play) -> str:
    return play.card.unicode + (" marriage" if play.marriage else "")
