"""Starts that play can reach: the checks of a game's start read from a dict or a record.

A start is a game at the beginning of a deal (a :class:`~thousand.state.Match`). Its numbers
are checked against the rules (the barrel band, the bolts, Several Players on Barrel), and its
score sheet is replayed deal by deal through the engine itself: each row's contract is fixed
again and its tricks played again from the cards its seats played, and the row the engine
writes must be the row that was read. A sheet that no game can write (a card played twice,
points that do not follow from the tricks, a golden deal after the golden round) is refused
with the row, the field and the reason.
"""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from .actions import MIN_BID, Contract, Distribute, Play
from .auction import FIXED_GAME
from .cards import PACK, Card, Rank, mask_of
from .errors import IllegalActionError, ThousandError, shown
from .rules import Rules
from .scoring import sitter_score
from .seating import Seating
from .sheet import DealRecord
from .state import (
    Auction,
    Match,
    PerSeat,
    Phase,
    State,
    make_state,
    offers_hidden_game,
    skipped,
)

__all__ = ["FOLLOWING", "check_start", "opening_barrel"]

Barrel = tuple[int | None, ...]
#: The fields of a start besides its sheet: each follows from the sheet, checked in this order.
FOLLOWING: Final = (
    "dealer",
    "deal_number",
    "scores",
    "barrel",
    "bolts",
    "golden",
    "golden_made",
    "distributions",
    "falls",
)


def opening_barrel(
    rules: Rules,
    scores: PerSeat,
    name: str = "seat {seat}'s score",
    error: type[ValueError] = ThousandError,
) -> Barrel:
    """The barrel of a new game with ``scores`` (R-BARREL-1): a seat exactly at the threshold
    is on it with no deal used. Raises ``error`` for a score no game can start with: at or
    above the target, inside the barrel band, or a second seat on the barrel under Several
    Players on Barrel (A16). ``name`` names a seat's score in the message."""
    threshold, target = rules.barrel.threshold, rules.scoring.target
    barrel: list[int | None] = [None] * len(scores)
    for seat, score in enumerate(scores):
        what = name.format(seat=seat)
        if score >= target:
            raise error(f"{what} {score} has already reached the target {target}")
        if rules.barrel.enabled and score == threshold:
            barrel[seat] = 0
        elif rules.barrel.enabled and score > threshold:
            raise error(
                f"{what} {score} lies inside the barrel band [{threshold}, {target}): "
                f"only exactly {threshold} (on the barrel) may start a game there"
            )
    _one_on_barrel(rules, barrel, name, error)
    return tuple(barrel)


def _one_on_barrel(
    rules: Rules,
    barrel: list[int | None] | Barrel,
    name: str,
    error: type[ValueError] = ThousandError,
) -> None:
    on = [seat for seat, used in enumerate(barrel) if used is not None]
    if len(on) > 1 and not rules.barrel.several:
        first, second = (name.format(seat=seat) for seat in on[:2])
        raise error(
            f"{first} and {second} are both on the barrel: only one seat may be on it under "
            "Several Players on Barrel (A16)"
        )


def check_start(match: Match, where: str) -> None:
    """Raise :class:`~thousand.ThousandError` unless ``match`` is a start that play reaches:
    each value is checked against the rules, and every field that follows from the score
    sheet must be what the sheet's deals, replayed, give (``where`` names the start)."""

    def at(key: str) -> str:
        return f"{where}[{key!r}]"

    rules = match.rules
    threshold, target = rules.barrel.threshold, rules.scoring.target
    players = match.seating.players
    for seat in range(players):
        score, used = match.scores[seat], match.barrel[seat]
        if score >= target:
            raise ThousandError(f"{at('scores')}[{seat}] = {score} has reached the target {target}")
        if used is not None and not (rules.barrel.enabled and score == threshold):
            raise ThousandError(
                f"{at('barrel')}[{seat}] must be null: seat {seat} is not on the barrel "
                f"(score {score})"
            )
        if used is not None and used >= rules.barrel.deals:
            raise ThousandError(
                f"{at('barrel')}[{seat}] = {used}: at most {rules.barrel.deals - 1} barrel deals "
                "can be used before a deal"
            )
        if used is None and rules.barrel.enabled and threshold <= score:
            raise ThousandError(
                f"{at('scores')}[{seat}] = {score} lies in the barrel band but "
                f"{at('barrel')}[{seat}] is null"
            )
        if match.bolts[seat] and not rules.bolts.enabled:
            raise ThousandError(f"{at('bolts')}[{seat}] must be 0: bolts are not counted")
    _one_on_barrel(rules, match.barrel, f"{at('barrel')}[{{seat}}]")
    if not rules.golden_round.enabled and (match.golden is not None or match.golden_made):
        raise ThousandError(f"{at('golden')} must be null: the golden round is not played")
    sheet = match.sheet
    if len(sheet) != match.deal_number - 1:
        raise ThousandError(
            f"{at('sheet')} must hold the {match.deal_number - 1} deals before deal "
            f"{match.deal_number}, not {len(sheet)}"
        )
    for i, record in enumerate(sheet):
        row = f"{at('sheet')}[{i}]"
        if record.deal_number != i + 1:
            raise ThousandError(f"{row}['deal_number'] must be {i + 1}")
        if i == 0:
            continue
        before = sheet[i - 1]
        if record.dealer != (before.dealer + 1) % players:
            raise ThousandError(
                f"{row}['dealer'] must be {(before.dealer + 1) % players}: the deal passes left"
            )
        if record.scores != tuple(
            b + c for b, c in zip(before.scores, record.changes, strict=True)
        ):
            raise ThousandError(f"{row}['scores'] must be the scores before it plus its changes")
    if sheet:
        last = sheet[-1]
        if (last.scores, last.barrel, last.bolts) != (match.scores, match.barrel, match.bolts):
            raise ThousandError(
                f"{where}: scores, barrel and bolts must be those after the sheet's last deal"
            )
        if (last.dealer + 1) % players != match.dealer:
            raise ThousandError(
                f"{at('dealer')} must be {(last.dealer + 1) % players}: the deal passes left"
            )
    now = _opening(match, where)
    for i, record in enumerate(sheet):
        now = _replay(now, record, f"{at('sheet')}[{i}]", last=i == len(sheet) - 1)
    for key in FOLLOWING:
        expected, got = getattr(now, key), getattr(match, key)
        if expected != got:
            reason = "it follows from the sheet" if sheet else "a game starts so"
            raise ThousandError(
                f"{at(key)} must be {_plain(expected)}: {reason}, not {_plain(got)}"
            )


def _plain(value: object) -> str:
    """A value as its dict form shows it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return shown(value)


def _opening(match: Match, where: str) -> Match:
    """The start of the game the sheet began with: :func:`~thousand.new_game`'s, with the
    scores before the sheet's first deal (the start's own without a sheet)."""
    rules = match.rules
    if match.sheet:
        first = match.sheet[0]
        scores = tuple(s - c for s, c in zip(first.scores, first.changes, strict=True))
        dealer = first.dealer
        name = f"{where}['sheet'][0]: seat {{seat}}'s score before it,"
    else:
        scores, dealer, name = match.scores, match.dealer, f"{where}['scores'][{{seat}}] ="
    barrel = opening_barrel(rules, scores, name)
    golden = 0 if rules.golden_round.enabled else None
    return Match(rules, dealer, 1, scores, barrel, (0,) * len(scores), (), None, golden)


def _replay(before: Match, record: DealRecord, row: str, *, last: bool) -> Match:
    """The game after ``record``'s deal played again from ``before``; raises ThousandError
    naming the row's field when the deal cannot be played so or gives another row."""
    declarer = record.declarer
    opener = before.seating.opener
    if declarer not in before.seating.active:
        raise ThousandError(
            f"{row}['declarer']: seat {declarer} {_not_playing(before.seating, declarer)}"
        )
    golden = before.golden is not None
    if golden and (declarer != opener or record.bid != FIXED_GAME):
        raise ThousandError(
            f"{row}: a golden deal is declared by the dealer's left neighbour, seat {opener}, "
            f"at {FIXED_GAME} (A10)"
        )
    if record.hidden and not (
        offers_hidden_game(before) and declarer == opener and record.bid == FIXED_GAME
    ):
        raise ThousandError(
            f"{row}['hidden']: no hidden game could be played in this deal (A15): only the "
            f"opener, seat {opener}, declares one, at {FIXED_GAME}, where the rules offer it"
        )
    if record.bid < MIN_BID:
        raise ThousandError(f"{row}['bid'] must be at least {MIN_BID} (R-BID-1), not {record.bid}")
    if not golden and skipped(before, declarer) and (declarer != opener or record.bid != MIN_BID):
        raise ThousandError(
            f"{row}: seat {declarer} may not bid under Skip Declaring (A6): it declares only as "
            f"the opener, at {MIN_BID}"
        )
    auction = (record.bid, declarer, 0, 0, int(record.hidden), ())
    if not record.tricks and record.contract != record.bid:
        raise ThousandError(f"{row}['contract'] of a distributed deal is its bid {record.bid}")
    # A row does not hold the talon; at a table of four the sitter's score is worked out from
    # it (R-FOUR-3), so the deal is played again with a talon of each worth it can have, the
    # likeliest first, and one of them must give the row.
    mismatch = ""
    for talon in _talons(before, record):
        if not record.tricks:
            zeros = before.seating.zeros
            giving = make_state(
                before, Phase.GIVING, declarer, zeros, 0, auction, declarer, None, talon, (),
                None, (), (), zeros, (), None, None,
            )  # fmt: skip
            try:
                after = _apply(giving, Distribute())
            except IllegalActionError as exc:
                raise ThousandError(
                    f"{row}: a deal without tricks is distributed, but {exc.reason}"
                ) from None
        else:
            after = _play(before, record, row, auction, talon)
        wrong = _differs(after._match.sheet[-1], record, row)
        if not wrong:
            break
        mismatch = mismatch or wrong
    else:
        raise ThousandError(mismatch)
    if after._phase is Phase.GAME_OVER:
        raise ThousandError(
            f"{row}: the game ended with this deal, so "
            + ("the start is not a game in progress" if last else "no deal may follow it")
        )
    return after._match


def _differs(expected: DealRecord, record: DealRecord, row: str) -> str:
    """What the first field of ``record`` that is not ``expected``'s should be ("" if none)."""
    for field in attrs.fields(DealRecord):
        want, got = getattr(expected, field.name), getattr(record, field.name)
        if want != got:
            return (
                f"{row}[{field.name!r}] must be {shown(want)}, not {shown(got)}: it does not "
                "follow from the deal"
            )
    return ""


def _talons(before: Match, record: DealRecord) -> list[int]:
    """The talons to play a row's deal again with: none needed at a table of three; at four,
    one talon of each worth to the sitter (R-FOUR-3), the one its score change shows first."""
    sitter = before.seating.sitter
    if sitter is None:
        return [0]
    worths = _worths(before.rules)
    shown = record.changes[sitter] // (2 if before.golden is not None else 1)
    return sorted(worths.values(), key=lambda talon: worths.get(shown) != talon)


def _worths(rules: Rules) -> dict[int, int]:
    """A talon of each worth the sitter can score under ``rules``, by that worth."""
    key = (rules.table.sitter_scores, rules.table.ace_value)
    if key not in _WORTHS:
        found: dict[int, int] = {}
        for talon in itertools.combinations(PACK, 3):
            mask = mask_of(talon)
            found.setdefault(sitter_score(rules, mask), mask)
        _WORTHS[key] = found
    return _WORTHS[key]


_WORTHS: dict[tuple[str, int], dict[int, int]] = {}


def _play(before: Match, record: DealRecord, row: str, auction: Auction, talon: int = 0) -> State:
    """Fix the record's contract and play its tricks again."""
    seating = before.seating
    hands = [0] * seating.players
    seen: dict[Card, str] = {}
    if len(record.tricks) != 8:
        raise ThousandError(
            f"{row}['tricks'] must hold 8 tricks (R-PLAY-1), not {len(record.tricks)}"
        )
    for i, (_, cards) in enumerate(record.tricks):
        if len(cards) != 3:
            raise ThousandError(f"{row}['tricks'][{i}] must hold 3 cards, not {len(cards)}")
        for j, (seat, card) in enumerate(cards):
            place = f"{row}['tricks'][{i}][1][{j}]"
            if card in seen:
                raise ThousandError(f"{place}: {card} is played twice (also at {seen[card]})")
            seen[card] = place
            if seat not in seating.active:
                raise ThousandError(f"{place}: seat {seat} {_not_playing(seating, seat)}")
            hands[seat] |= card.mask
    state = make_state(
        before, Phase.CONTRACT, record.declarer, tuple(hands), 0, auction,
        record.declarer, None, talon, (), None, (), (), seating.zeros, (), None, None,
    )  # fmt: skip
    for seat in seating.active:
        if hands[seat].bit_count() != 8:
            raise ThousandError(
                f"{row}['tricks']: seat {seat} plays {hands[seat].bit_count()} cards, not 8"
            )
    try:
        state = _apply(state, Contract(record.contract))
    except IllegalActionError as exc:
        raise ThousandError(f"{row}['contract']: {exc.reason}") from None
    for k, marriage in enumerate(record.marriages):
        if marriage[1:] in (m[1:] for m in record.marriages[:k]):
            what = "ace" if marriage[1] is None else marriage[1].symbol
            raise ThousandError(
                f"{row}['marriages'][{k}]: the {what} marriage is declared twice (R-MARRIAGE-1)"
            )
    pending = list(record.marriages)
    for i, (_, cards) in enumerate(record.tricks):
        for j, (seat, card) in enumerate(cards):
            place = f"{row}['tricks'][{i}][1][{j}]"
            if seat != state._to_move:
                raise ThousandError(
                    f"{place}: seat {seat} plays {card}, but seat {state._to_move} is to play"
                )
            declares = j == 0 and bool(pending) and _declares(pending[0], seat, card)
            try:
                state = _apply(state, Play(card, declares))
            except IllegalActionError as exc:
                raise ThousandError(f"{place}: {exc.reason}") from None
            if declares:
                pending.pop(0)
    if pending:
        k = len(record.marriages) - len(pending)
        raise ThousandError(
            f"{row}['marriages'][{k}]: no lead of the tricks declares it (R-MARRIAGE-1)"
        )
    return state


def _not_playing(seating: Seating, seat: int) -> str:
    """Why ``seat`` takes no part in a deal of ``seating``."""
    if seat == seating.sitter:
        return "sits out this deal (R-FOUR-1)"
    return f"is not a seat of a table of {seating.players}"


def _declares(marriage: tuple[int, object], seat: int, card: Card) -> bool:
    """Whether leading ``card`` declares the marriage next in the sheet's order."""
    by, suit = marriage
    if by != seat:
        return False
    if suit is None:
        return card.rank is Rank.ACE
    return card.suit is suit and card.rank in (Rank.KING, Rank.QUEEN)


def _apply(state: State, action: Distribute | Contract | Play) -> State:
    from .engine import apply

    return apply(state, action)
