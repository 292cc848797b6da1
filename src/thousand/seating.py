"""Who plays a deal: the seats of a table of three or four, and the order of play among them.

At a table of three every seat plays every deal. At a table of four the dealer sits out ("sits
on the talon", R-FOUR-1) and the other three are the deal's active seats, clockwise from the
dealer's left; "the dealer's left neighbour", "clockwise" and "each opponent" of ``rulings.md``
are read among them. The engine reads the precomputed tables of a :class:`Seating` (one per
table size and dealer) instead of working seat arithmetic out at every step.
"""

from __future__ import annotations

from typing import Final

__all__ = ["AT_FOUR", "SEATINGS", "TO_TALON", "Seating"]

#: The seats that play a deal, whatever the size of the table (R-FOUR-1).
ACTIVE_PER_DEAL: Final = 3
#: In :attr:`Seating.deal_to`: a card dealt to the talon; added to a seat at a table of four.
TO_TALON: Final = -1
AT_FOUR: Final = 4


class Seating:
    """The active seats of a deal and the tables the engine moves by."""

    __slots__ = (
        "active",
        "auction_next",
        "card_seat",
        "deal_to",
        "dealer",
        "left",
        "mask",
        "nobody",
        "opener",
        "opponents",
        "players",
        "sitter",
        "zeros",
    )

    #: Seats at the table: 3 or 4.
    players: int
    dealer: int
    #: The seat that sits out the deal (the dealer at four), or None at three.
    sitter: int | None
    #: The three active seats, clockwise from the dealer's left: the opener first (R-BID-1).
    active: tuple[int, int, int]
    opener: int
    #: Per seat: the next active seat clockwise (R-TABLE-1, R-FOUR-1).
    left: tuple[int, ...]
    #: Per active seat: the other two active seats, from its left (R-TALON-2).
    opponents: tuple[tuple[int, int], ...]
    #: Per seat and mask of the seats that passed: the next active seat that has not (R-BID-2).
    auction_next: tuple[tuple[int, ...], ...]
    #: Per card dealt (k < 21): the seat that gets it (R-DEAL-1, R-FOUR-2).
    card_seat: tuple[int, ...]
    #: Where the next card goes, by the number of cards not dealt yet (24 down to 1), coded
    #: for the engine's dealing step: at a table of three the seat itself, at four the seat
    #: plus :data:`AT_FOUR`, and :data:`TO_TALON` for the talon's three (R-DEAL-1, R-FOUR-2).
    deal_to: tuple[int, ...]
    #: The active seats as a bit mask.
    mask: int
    #: One 0 and one None per seat: the empty hands, points and barrel of a deal.
    zeros: tuple[int, ...]
    nobody: tuple[None, ...]

    def __init__(self, players: int, dealer: int) -> None:
        self.players = players
        self.dealer = dealer
        self.sitter = dealer if players == 4 else None
        first = (dealer + 1) % players
        clockwise = [(first + i) % players for i in range(players)]
        active = [seat for seat in clockwise if seat != self.sitter]
        assert len(active) == ACTIVE_PER_DEAL
        self.active = (active[0], active[1], active[2])
        self.opener = first
        left = []
        for seat in range(players):
            nxt = (seat + 1) % players
            left.append((nxt + 1) % players if nxt == self.sitter else nxt)
        self.left = tuple(left)
        self.opponents = tuple(
            (self.left[seat], self.left[self.left[seat]]) for seat in range(players)
        )
        self.auction_next = tuple(
            tuple(self._next_in(seat, passed) for passed in range(1 << players))
            for seat in range(players)
        )
        self.card_seat = tuple(self.active[k % ACTIVE_PER_DEAL] for k in range(21))
        offset = 0 if players == 3 else AT_FOUR
        self.deal_to = (TO_TALON,) * 4 + tuple(seat + offset for seat in reversed(self.card_seat))
        self.mask = sum(1 << seat for seat in self.active)
        self.zeros = (0,) * players
        self.nobody = (None,) * players

    def _next_in(self, seat: int, passed: int) -> int:
        nxt = self.left[seat]
        return self.left[nxt] if passed >> nxt & 1 else nxt

    def __repr__(self) -> str:
        return f"<Seating of {self.players}, dealer {self.dealer}, active {self.active}>"


#: Per table size and dealer: its seating.
SEATINGS: Final = {n: tuple(Seating(n, d) for d in range(n)) for n in (3, 4)}
