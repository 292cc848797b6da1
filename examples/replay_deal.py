"""Replay one deal of Thousand from its text form and print every trick and the score.

The deal is the one of the documentation's walkthrough: a list of actions in their text form
(``str(action)``), one per line, read back with ``th.parse_action``. The first line deals all
24 cards at once: the hands of seats 0, 1 and 2 and the talon, separated by ``/``.

    python examples/replay_deal.py
"""

from __future__ import annotations

import thousand as th

DEAL = """
deal JS KS 9C AC JC JD TH / AS QC TC 9D QH KH AH / QS TS QD KD TD AD 9H / 9S KC JH
bid 100
bid 110
bid 120
bid 130
bid 140
pass
bid 150
pass
give 9D 0
give 9S 2
contract 200
play AS
play 9S
play JS
play KC marriage
play QS
play AC
play 9D
play QC
play TD
play KH marriage
play 9H
play TH
play KS
play JH
play TS
play AH
play QD
play 9C
play QH
play KD
play JC
play TC
play AD
play JD
"""

Trick = list[tuple[int, th.Card]]


def describe(row: th.DealRecord) -> str:
    """The score sheet row of a deal, in words."""
    outcome = "made" if row.made else "failed" if row.made is False else "distributed"
    marriages = ", ".join(
        f"seat {seat} {'aces' if suit is None else suit.symbol}" for seat, suit in row.marriages
    )
    lines = [
        f"deal {row.deal_number}: dealer {row.dealer}, declarer seat {row.declarer}, "
        f"bid {row.bid}, contract {row.contract} {outcome}",
        f"  marriages:   {marriages or 'none'}",
    ]
    for seat in range(3):
        lines.append(
            f"  seat {seat}: {row.card_points[seat]:3d} card points, "
            f"{row.points[seat]:3d} deal points, {row.changes[seat]:+5d} -> {row.scores[seat]}"
        )
    lines.extend(f"  {event}" for event in row.events)
    return "\n".join(lines)


def replay(text: str, rules: th.Rules | None = None, dealer: int = 0) -> th.State:
    """Apply the actions of ``text`` from a new game, printing the auction and each trick."""
    state = th.new_game(rules, dealer=dealer)
    trick: Trick = []
    trump: th.Suit | None = None
    number = 0
    for line in text.strip().splitlines():
        action = th.parse_action(line)
        seat = state.to_move
        state = th.apply(state, action)
        if isinstance(action, th.Play):
            assert seat is not None
            trick.append((seat, action.card))
            if len(trick) == 1:
                trump = state.trump  # a marriage lead has already made its suit trump
            if action.marriage:
                suit = action.card.suit
                print(f"  seat {seat} declares the {suit.symbol} marriage (+{suit.marriage_value})")
            if len(trick) == 3:
                number += 1
                winner = th.trick_winner(tuple(trick), trump)  # R-PLAY-3
                if state.phase is th.Phase.PLAYING:  # the winner leads the next trick
                    assert state.to_move == winner
                cards = ", ".join(f"{card.unicode} (seat {s})" for s, card in trick)
                points = sum(card.points for _, card in trick)
                shown = "none" if trump is None else trump.symbol
                print(f"trick {number}: {cards} -> seat {winner}, {points} points, trump {shown}")
                trick = []
        elif isinstance(action, th.Deal):
            for hand_seat, hand in enumerate(action.hands):
                print(f"seat {hand_seat}: {' '.join(c.unicode for c in sorted(hand))}")
            print(f"talon:  {' '.join(c.unicode for c in sorted(action.talon))}")
        else:
            print(f"seat {seat}: {action}")
    return state


def main() -> None:
    state = replay(DEAL)
    print()
    print(describe(state.sheet[-1]))


if __name__ == "__main__":
    main()
