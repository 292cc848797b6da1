"""Determinization: a full state consistent with what one seat knows, drawn uniformly.

A seat's information state fixes some cards (its own, the talon when shown, the cards it gave
or received, every card played) and the public actions. :func:`sample_state` draws the other
cards so that every consistent world is equally likely: the cards are first spread over the
deal's places (the three hands and the talon) uniformly among the spreads that respect what
play revealed about where a card could have come from, then unseen gives are drawn uniformly,
and the deal is replayed action by action; a world where some action would be illegal (a bid
above the limit, a card that does not follow suit, a card given away and then played) is
rejected and drawn again. Rejection keeps the draw uniform over the consistent worlds.

After high bids few spreads may give the bidders the marriages they need. When many draws
have been rejected, the spreads are drawn only among those where each bid (and the contract)
is within its hand's limit (``_spreads.LimitedSpread``), still uniformly, and
rejection goes on from there. Every consistent world meets those limits, so both kinds of draw
are uniform over the consistent worlds, and so is their mix.
"""

from __future__ import annotations

import random
from typing import Final

from . import _spreads
from .actions import Bid, Contract, DealCard, Distribute, Give, Play, Redeal, Unhide
from .cards import PACK, Card, Rank, Suit, marriage_total
from .engine import apply
from .errors import IllegalActionError, check_seat, shown
from .observation import (
    Acted,
    Dealt,
    Given,
    HandSeen,
    InfoState,
    Observation,
    Sight,
    TalonTaken,
    information_state,
    observe,
)
from .rules import SCORE_LIMIT, Rules
from .seating import SEATINGS, Seating
from .sheet import EventKind
from .state import NO_AUCTION, Match, Phase, State, start_of_deal

__all__ = ["sample_state"]

#: The group index of the talon; seats are 0..3 (at a table of three group 3 is never filled,
#: and an empty group draws nothing from the generator, so draws stay as they were).
TALON: Final = _spreads.TALON
GROUPS: Final = _spreads.GROUPS
#: Every group allowed.
ANYWHERE: Final = (1 << (TALON + 1)) - 1
#: How many draws to try before giving up on an inconsistent information state.
MAX_TRIES: Final = 20_000
#: How many draws to try among all spreads before drawing only among those whose hands allow
#: the bids seen. Every consistent world is among those, so both ways are uniform over the
#: consistent worlds, and so is their mix.
PLAIN_TRIES: Final = 1_000


def _place(seating: Seating, k: int) -> int:
    """R-DEAL-1, R-FOUR-2: the group that the k-th card of the deal goes to."""
    return seating.card_seat[k] if k < 21 else TALON


def sample_state(info: InfoState | Observation, rng: random.Random) -> State:
    """A full state of the current deal consistent with everything the seat of ``info`` (an
    information state or an observation) knows, uniformly among such states. Its history
    starts at the deal's first card; the game's earlier deals are summed up in its scores and
    sheet.

    Raises ``ValueError`` when the game is over, and when no state is consistent with
    ``info`` (it was not made by :func:`~thousand.information_state` or
    :func:`~thousand.observe`): a state is returned only if the seat's information state (or
    observation) of it is ``info``.
    """
    seen: Observation | None = None
    if isinstance(info, (InfoState, Observation)):  # a hand-built one may hold anything
        players = info.rules.table.players if isinstance(info.rules, Rules) else 3
        check_seat(info.seat, "seat", players=players)
        check_seat(info.dealer, "dealer", players=players)
    if isinstance(info, Observation):
        if info.phase is Phase.GAME_OVER:
            raise ValueError("the game is over: there is no deal to sample")
        seen, info = info, _from_observation(info)
    if not isinstance(info, InfoState):
        raise TypeError(
            f"sample_state takes an InfoState or an Observation, not {type(info).__name__}"
        )
    _check_header(info)
    if len(info.sheet) >= info.deal_number:
        raise ValueError("the game is over: there is no deal to sample")
    _check_sights(info)
    match = Match(
        info.rules,
        info.dealer,
        info.deal_number,
        info.scores,
        info.barrel,
        info.bolts,
        info.sheet,
        None,
        info.golden,
        info.distributions,
        info.falls,
        info.golden_made,
    )
    seating = match.seating
    start = start_of_deal(match, Phase.DEALING, None, seating.zeros, 0, NO_AUCTION, None, None)
    dealt, groups, known = _dealt(info, seating)
    unknown, masks, capacity = _unseen(info, dealt, groups, known)
    memo: dict[tuple[int, ...], int] = {}
    check = _Check(info, known) if len(dealt) == 24 else None
    limited: _spreads.LimitedSpread | None = None
    for tries in range(MAX_TRIES):
        if tries == PLAIN_TRIES and check is not None:
            # Rejection is failing: draw only spreads whose hands allow the bids seen and
            # where each opponent played at most the one card given to it from elsewhere,
            # unless that asks nothing of a spread.
            tagged, received = check.receivers(unknown, masks)
            limited = _spreads.LimitedSpread(
                info.rules, unknown, tagged, (*capacity, *received), known, check.needs
            )
            if limited.met():
                limited = None
        if len(dealt) < 24:
            spread: list[int] | None = _spread_while_dealing(len(unknown), capacity, rng)
        elif limited is not None:
            spread = limited.draw(rng)
        else:
            spread = _spreads.spread(masks, tuple(capacity), rng, memo)
        if spread is None:
            break
        state = _replay(start, info, dealt, groups, unknown, spread, rng, check)
        if state is not None:
            # A world that replays is the seat's view of the game unless ``info`` is not one:
            # then no world is.
            if (
                information_state(state, info.seat) != info
                if seen is None
                else observe(state, info.seat) != seen
            ):
                break
            return state
    raise ValueError(f"no state is consistent with this information state of seat {info.seat}")


def _dealt(info: InfoState, seating: Seating) -> tuple[list[Dealt], list[int], dict[Card, int]]:
    """The cards dealt so far as the seat saw them, the group each went to, and the group of
    each card the seat saw dealt."""
    dealt = [s for s in info.sights if isinstance(s, Dealt)]
    groups = [_place(seating, k) for k in range(len(dealt))]
    known = {d.card: groups[k] for k, d in enumerate(dealt) if d.card is not None}
    return dealt, groups, known


def _unseen(
    info: InfoState, dealt: list[Dealt], groups: list[int], known: dict[Card, int]
) -> tuple[list[Card], list[int], list[int]]:
    """The cards the seat did not see dealt, the groups each may have been dealt to (as a
    mask), and how many of them each group got."""
    allowed = _allowed_groups(info, known)
    unknown = [c for c in PACK if c not in known]
    capacity = [0] * len(GROUPS)
    for k, d in enumerate(dealt):
        if d.card is None:
            capacity[groups[k]] += 1
    return unknown, [allowed.get(c, ANYWHERE) for c in unknown], capacity


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_header(info: InfoState) -> None:
    """Raise ``ValueError`` when a hand-built information state's game facts are not values a
    game has: the rules, a deal number within the cap, per-seat numbers within the limits."""
    if not isinstance(info.rules, Rules):
        raise ValueError(f"the information state's rules are not a Rules: {shown(info.rules)}")
    if not _whole(info.deal_number, 1, info.rules.scoring.max_deals):
        raise ValueError(
            f"the information state's deal_number must be a whole number from 1 to "
            f"{info.rules.scoring.max_deals}, not {shown(info.deal_number)}"
        )
    players = info.rules.table.players
    for name in ("scores", "bolts", "distributions", "falls", "barrel"):
        values = getattr(info, name)
        if not (
            isinstance(values, tuple)
            and len(values) == players
            and all(
                (name == "barrel" and v is None) or _whole(v, -SCORE_LIMIT, SCORE_LIMIT)
                for v in values
            )
        ):
            count = "three" if players == 3 else "four"
            raise ValueError(
                f"the information state's {name} must be {count} whole numbers, not {shown(values)}"
            )
    golden = info.golden
    if not (golden is None or _whole(golden, 0, players - 1)) or type(info.golden_made) is not bool:
        raise ValueError(
            f"the information state's place in the golden round is not one: "
            f"{shown(info.golden)}, {shown(info.golden_made)}"
        )


def _check_sights(info: InfoState) -> None:
    """Raise ``ValueError`` when the sights cannot be a seat's: the cards are dealt first, to
    their places in dealing order (R-DEAL-1), each card once, the seat seeing only its own;
    every decision comes after the 24th card."""
    seat = info.seat
    seating = SEATINGS[info.rules.table.players][info.dealer]
    cards: set[Card] = set()
    dealt = 0
    for i, sight in enumerate(info.sights):
        if isinstance(sight, Dealt):
            if dealt != i or dealt >= 24:
                raise ValueError(f"sight {i}: a card is dealt after the deal's 24 cards")
            place = _place(seating, dealt)
            if sight.seat != (None if place == TALON else place):
                raise ValueError(
                    f"sight {i}: card {dealt + 1} of the deal goes elsewhere ({sight})"
                )
            if sight.card is not None:
                if sight.seat != seat:
                    raise ValueError(f"sight {i}: seat {seat} cannot see that card ({sight})")
                if sight.card in cards:
                    raise ValueError(f"sight {i}: {sight.card} is dealt twice")
                cards.add(sight.card)
            dealt += 1
        elif dealt < 24:
            raise ValueError(
                f"sight {i}: nothing happens before the 24 cards are dealt ({shown(sight)})"
            )


def _spread_while_dealing(unknown: int, capacity: list[int], rng: random.Random) -> list[int]:
    """While dealing: the unseen places dealt so far get cards uniformly, the other cards stay
    in the pack (group -1)."""
    chosen = rng.sample(range(unknown), sum(capacity))
    groups = [-1] * unknown
    places = [g for g in GROUPS for _ in range(capacity[g])]
    rng.shuffle(places)
    for i, g in zip(chosen, places, strict=True):
        groups[i] = g
    return groups


def _allowed_groups(info: InfoState, known: dict[Card, int]) -> dict[Card, int]:
    """For each card the seat saw after the deal, the deal places it may have come from."""
    seat = info.seat
    allowed: dict[Card, int] = {}
    declarer: int | None = None
    talon_known = False
    received_unknown: set[int] = set()
    for sight in info.sights:
        if isinstance(sight, HandSeen):
            if declarer is None:  # looked or unhidden: its seven dealt cards
                for card in sight.cards:
                    allowed[card] = 1 << seat
            else:  # took the talon blind: the talon is known too (the declarer sees it)
                for card in sight.cards:
                    allowed.setdefault(card, 1 << seat)
        elif isinstance(sight, TalonTaken):
            declarer = sight.declarer
            if sight.cards is not None:
                talon_known = True
                for card in sight.cards:
                    allowed[card] = 1 << TALON
        elif isinstance(sight, Given):
            if sight.card is None:
                received_unknown.add(sight.to)
            elif sight.card not in known and sight.card not in allowed and declarer is not None:
                # a card given to this seat came from the declarer's hand or the talon
                allowed[sight.card] = 1 << declarer | (0 if talon_known else 1 << TALON)
        elif isinstance(sight, Acted) and isinstance(sight.action, Play):
            card = sight.action.card
            if card in known or card in allowed:
                continue
            mask = 1 << sight.seat
            if declarer is not None:
                if sight.seat == declarer and not talon_known:
                    mask |= 1 << TALON
                if sight.seat != declarer and (
                    sight.seat in received_unknown or info.rules.talon.quiet_drop
                ):
                    mask |= 1 << declarer | (0 if talon_known else 1 << TALON)
            allowed[card] = mask
    voids = _voids(info)
    for card in PACK:
        if card in known or card in allowed or declarer is None:
            continue
        # An unplayed card of a suit an opponent has shown it lacks was never in its hand:
        # the opponent's dealt cards are all still in its hand or played.
        barred = 0
        for other in range(len(voids)):
            if other not in (seat, declarer) and voids[other] >> card.suit & 1:
                barred |= 1 << other
        if barred:
            allowed[card] = ANYWHERE ^ barred
    return allowed


def _voids(info: InfoState) -> list[int]:
    """Per seat, a 4-bit mask of the suits its play has shown it lacks (R-PLAY-2): it did not
    follow the suit led, and under must-trump did not trump either."""
    voids = [0] * info.rules.table.players
    trick: list[tuple[int, Card]] = []
    trump: Suit | None = None
    rules = info.rules.play
    for sight in info.sights:
        if not (isinstance(sight, Acted) and isinstance(sight.action, Play)):
            continue
        card = sight.action.card
        if not trick and sight.action.marriage and card.rank is not Rank.ACE:
            trump = card.suit
        if trick:
            lead = trick[0][1].suit
            if card.suit is not lead:
                voids[sight.seat] |= 1 << lead
                if (
                    trump is not None
                    and card.suit is not trump
                    and rules.must_trump
                    and rules.opponent_trumps
                ):
                    voids[sight.seat] |= 1 << trump
        trick.append((sight.seat, card))
        if len(trick) == 3:
            trick = []
    return voids


class _Check:
    """Quick tests that a drawn spread of the cards can replay, made before the replay: every
    world they turn down has an illegal action, and they draw from the generator just what the
    replay would have drawn before finding it, so that the draws stay what they were.

    The bids must be within the bidders' hands' limits (R-BID-3), an unhide needs a marriage
    (A15): these are the only calls a hand can make illegal, so a world that passes reaches
    the gives. Where the deal took the usual course (the talon to the declarer, then its gives,
    no Quiet Drop), the gives this seat did not see are drawn as the replay draws them; the
    declarer must hold what it gives, the contract must be within its hand's limit
    (R-TALON-3), and every card played must have come to its player's hand, with the other
    card of a marriage declared."""

    def __init__(self, info: InfoState, known: dict[Card, int]) -> None:
        self.rules = info.rules
        self.base = [0] * len(GROUPS)
        for card, group in known.items():
            self.base[group] |= card.mask
        self.bids = [
            (s.seat, s.action.value, isinstance(s.action, Unhide))
            for s in info.sights
            if isinstance(s, Acted)
            and isinstance(s.action, Bid | Unhide)
            and (s.action.value > 120 or isinstance(s.action, Unhide))
        ]
        # What the calls ask of the dealt hands, for LimitedSpread (the contract's need is
        # added below): a bidder's highest bid asks the most.
        highest: dict[tuple[int, bool], int] = {}
        for seat, value, unhides in self.bids:
            highest[seat, unhides] = max(value, highest.get((seat, unhides), 0))
        self.needs = [
            _spreads.Need(1 << seat, 0, value, unhides)
            for (seat, unhides), value in highest.items()
        ]
        self.declarer: int | None = None
        self.given: list[tuple[int, Card | None]] = []
        self.plays: list[tuple[int, Card, bool]] = []
        taken = [i for i, s in enumerate(info.sights) if isinstance(s, TalonTaken)]
        # Otherwise the replay alone tests the gives and the contract (the contract's need
        # would hold under Quiet Drop too, but it is left to rejection there).
        if len(taken) != 1 or info.rules.talon.quiet_drop:
            return
        after = info.sights[taken[0] + 1 :]
        if not all(
            isinstance(s, Given | HandSeen)
            or (isinstance(s, Acted) and isinstance(s.action, Contract | Play))
            for s in after
        ):
            return
        talon = info.sights[taken[0]]
        assert isinstance(talon, TalonTaken)
        self.declarer = talon.declarer
        self.given = [(s.to, s.card) for s in after if isinstance(s, Given)]
        # The winning bid, where it is above 120 (no hand's limit is below).
        self.high = max(
            (
                s.action.value
                for s in info.sights
                if isinstance(s, Acted) and isinstance(s.action, Bid | Unhide)
            ),
            default=0,
        )
        self.contract = next(
            (
                s.action.value
                for s in after
                if isinstance(s, Acted) and isinstance(s.action, Contract)
            ),
            None,
        )
        self.plays = [
            (s.seat, s.action.card, s.action.marriage)
            for s in after
            if isinstance(s, Acted) and isinstance(s.action, Play)
        ]
        if self.contract is not None and self.contract > self.high:
            # The hand after the gives: the declarer's and the talon's cards less two, and
            # less any card seen given or played by another seat, or of a suit the declarer
            # showed it lacks and not played by it (R-PLAY-2).
            gone = sum(card.mask for _, card in self.given if card is not None)
            gone |= sum(card.mask for seat, card, _ in self.plays if seat != self.declarer)
            lacks = _voids(info)[self.declarer]
            gone |= sum(suit.mask for suit in Suit if lacks >> suit & 1) & ~sum(
                card.mask for seat, card, _ in self.plays if seat == self.declarer
            )
            self.needs.append(
                _spreads.Need(1 << self.declarer | 1 << TALON, gone, self.contract, False)
            )

    def receivers(self, unknown: list[Card], masks: list[int]) -> tuple[list[int], list[int]]:
        """``masks`` with the cards the opponents played marked for :func:`_spreads.placed`,
        and the extra capacities that count their gives (R-TALON-2). Each opponent got one
        card from the declarer's hand or the talon: of the cards it played, at most one (none
        where this seat saw its give) was dealt elsewhere. Unmarked where the deal took another
        course."""
        if self.declarer is None:
            return masks, []
        budget = {to: int(card is None) for to, card in self.given}
        entry = {to: len(GROUPS) + i for i, to in enumerate(budget)}
        seen = {card for _, card in self.given if card is not None}
        played = {card: seat for seat, card, _ in self.plays if seat in budget}
        tagged = []
        for card, mask in zip(unknown, masks, strict=True):
            seat = played.get(card)
            if seat is not None and card not in seen:
                if not mask >> seat & 1:  # dealt elsewhere for certain: its give
                    budget[seat] -= 1
                elif mask != 1 << seat:
                    tagged_mask = seat + 1 << _spreads.RECEIVER_SHIFT
                    mask |= tagged_mask | entry[seat] << _spreads.BUDGET_SHIFT
            tagged.append(mask)
        return tagged, [max(0, b) for b in budget.values()]

    def limit(self, hand: int) -> int:
        """The highest bid or contract ``hand`` allows: the engine's own limit."""
        from .auction import bid_limit

        return bid_limit(self.rules, hand)

    def gives(
        self, unknown: list[Card], spread: list[int], rng: random.Random
    ) -> tuple[list[Card], bool]:
        """The unseen gives drawn for the spread, in order (none where the replay is to draw
        them), and whether every test passed. When one fails, the replay fails too, at the
        latest where the gives drawn so far end."""
        places = self.base.copy()
        for card, group in zip(unknown, spread, strict=True):
            places[group] |= card.mask
        drawn: list[Card] = []
        for seat, value, unhides in self.bids:
            if value > self.limit(places[seat]) or (unhides and not marriage_total(places[seat])):
                return drawn, False
        declarer = self.declarer
        if declarer is None:
            return drawn, True
        hand = places[declarer] | places[TALON]
        for to, seen in self.given:
            if seen is None:  # as the replay draws it: uniformly from the declarer's hand
                card = rng.choice([c for c in PACK if hand & c.mask])
                drawn.append(card)
            elif hand & seen.mask:
                card = seen
            else:
                return drawn, False
            hand ^= card.mask
            places[to] |= card.mask
        if self.contract is not None and self.contract > max(self.high, self.limit(hand)):
            return drawn, False
        places[declarer] = hand
        for seat, card, declares in self.plays:
            held = places[seat]
            if not held & card.mask:
                return drawn, False
            if declares and card.rank is not Rank.ACE and not held & _OTHER[card.index]:
                return drawn, False
        return drawn, True


#: The other card of a marriage, by the index of its king or queen.
_OTHER: Final = tuple(1 << (i ^ 1) if i % 6 in (Rank.QUEEN, Rank.KING) else 0 for i in range(24))


def _replay(
    start: State,
    info: InfoState,
    dealt: list[Dealt],
    groups: list[int],
    unknown: list[Card],
    spread: list[int],
    rng: random.Random,
    check: _Check | None = None,
) -> State | None:
    """Deal the drawn cards and replay the seat's sights; None when some action is illegal,
    found by ``check`` before the replay where it can. The generator is drawn from alike
    either way: ``check`` draws the unseen gives as the replay would."""
    pools: dict[int, list[Card]] = {g: [] for g in GROUPS}
    for card, group in zip(unknown, spread, strict=True):
        if group >= 0:
            pools[group].append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    hidden, when = _hidden_give(info, rng)
    gives = None
    if check is not None:
        gives, possible = check.gives(unknown, spread, rng)
        if not possible:
            return None
    return _play_back(start, info, dealt, groups, pools, (hidden, when), gives, rng)


def _play_back(
    start: State,
    info: InfoState,
    dealt: list[Dealt],
    groups: list[int],
    pools: dict[int, list[Card]],
    quiet: tuple[int, str],
    gives: list[Card] | None,
    rng: random.Random,
) -> State | None:
    """:func:`_replay` once the cards are in their pools and the Quiet Drop give is placed
    (``quiet``, see :func:`_hidden_give`): the unseen gives are ``gives`` when drawn already,
    else drawn here."""
    hidden, when = quiet
    pools = {g: pool.copy() for g, pool in pools.items()}
    state = start
    sitter: tuple[int, ...] | None = None  # the sitter's unseen gives, once the talon is taken
    try:
        for k, d in enumerate(dealt):
            card = d.card if d.card is not None else pools[groups[k]].pop()
            state = apply(state, DealCard(card))
        drawn = iter(gives or ())
        for sight in info.sights:
            if (
                when == "sitter"
                and sitter is None
                and isinstance(sight, Acted)
                and state._phase is Phase.GIVING
            ):
                sitter = _sitter_gives(state, info, rng)
                if isinstance(sight.action, Contract):
                    for to in sitter:
                        state = apply(state, Give(_random_card(state, rng), to))
            if isinstance(sight, Given):
                if when == "before":
                    state = apply(state, Give(_random_card(state, rng), hidden))
                give = sight.card
                if give is None:
                    give = next(drawn) if gives else _random_card(state, rng)
                state = apply(state, Give(give, sight.to))
                if when == "after":
                    state = apply(state, Give(_random_card(state, rng), hidden))
            elif isinstance(sight, Acted):
                if sight.seat != state._to_move:  # the same in every world: a forged sight
                    raise ValueError(
                        f"no state is consistent with this information state of seat "
                        f"{info.seat}: seat {sight.seat} acts ({sight.action}) where seat "
                        f"{state._to_move} is to move"
                    )
                state = apply(state, sight.action)
        if when == "end":
            state = apply(state, Give(_random_card(state, rng), hidden))
        if when == "sitter" and sitter is None and state._phase is Phase.GIVING:
            for to in _sitter_gives(state, info, rng):
                state = apply(state, Give(_random_card(state, rng), to))
    except IllegalActionError:
        return None
    return state


def _hidden_give(info: InfoState, rng: random.Random) -> tuple[int, str]:
    """Under Quiet Drop, the give an opponent could not see: to whom, and when to make it in a
    world drawn uniformly: "before" or "after" the seat's own, at the "end", or "never"."""
    if not info.rules.talon.quiet_drop:
        return 0, "never"
    sights = info.sights
    taken = [i for i, s in enumerate(sights) if isinstance(s, TalonTaken)]
    if not taken or sights[taken[-1]].declarer == info.seat:  # type: ignore[union-attr]
        return 0, "never"
    declarer = sights[taken[-1]].declarer  # type: ignore[union-attr]
    seating = SEATINGS[info.rules.table.players][info.dealer]
    if info.seat == seating.sitter:
        return -1, "sitter"  # both gives unseen: see _sitter_gives
    other = next(s for s in seating.active if s not in (declarer, info.seat))
    after_talon = sights[taken[-1] + 1 :]
    received = any(isinstance(s, Given) for s in after_talon)
    acted = [s.action for s in after_talon if isinstance(s, Acted)]
    if acted and not isinstance(acted[0], Contract):
        return other, "never"  # distributed or redealt: nobody got a card
    if acted:  # the contract is fixed: both gives were made, in either order
        return other, rng.choice(("before", "after"))
    if received:  # 9 cards before the seat's, 9 after it, or not yet
        return other, rng.choices(("before", "after", "never"), weights=(9, 9, 1))[0]
    return other, rng.choices(("end", "never"), weights=(10, 1))[0]


def _sitter_gives(state: State, info: InfoState, rng: random.Random) -> tuple[int, ...]:
    """Under Quiet Drop the sitter sees neither give (R-FOUR-8): the recipients, in order, of
    the gives of a world drawn uniformly. Both are made once the contract is fixed; before,
    none, one (to either opponent, any of ten cards) or both (in either order, 10 x 9 cards)
    may have been: 1, 20 and 180 worlds."""
    declarer = state._declarer
    assert declarer is not None
    left, right = state._match.seating.opponents[declarer]
    pair = (left, right) if rng.random() < 0.5 else (right, left)
    # The declarer's decision after the talon (a redeal in the sights is a talon redeal: a
    # redeal in the auction would have started the sights afresh).
    after = [
        s.action
        for s in info.sights
        if isinstance(s, Acted) and isinstance(s.action, Contract | Distribute | Redeal)
    ]
    if after and not isinstance(after[0], Contract):
        return ()  # distributed or redealt: nobody got a card
    if after:
        return pair
    made = rng.choices((0, 1, 2), weights=(1, 20, 180))[0]
    return pair[:made]


def _random_card(state: State, rng: random.Random) -> Card:
    declarer = state._declarer
    assert declarer is not None
    hand = [c for c in PACK if state._hands[declarer] & c.mask]
    return rng.choice(hand)


_FALLS: Final = (
    EventKind.BARREL_PENALTY,
    EventKind.FELL_OFF_BARREL,
    EventKind.THROWN_OFF_BARREL,
    EventKind.SHARED_BARREL,
)


def _from_observation(seen: Observation) -> InfoState:
    """An information state with the same consistent worlds as ``seen``: the seat's own dealt
    cards are put in its dealing places in card order, the rest follows the observation."""
    seat = seen.seat
    sights: list[Sight] = []
    played = {card for _, cards in seen.tricks for s, card in cards if s == seat}
    played |= {card for s, card in seen.trick if s == seat}
    own: list[Card] = []
    if seen.hand is not None:
        dealt = set(seen.hand) | played
        if seen.declarer == seat:
            dealt |= {card for card, _ in seen.gives if card is not None}
            dealt -= set(seen.talon or ())
        else:
            dealt -= {card for card, to in seen.gives if to == seat and card is not None}
        own = sorted(dealt, reverse=True)
    sizes = [n for n in seen.hand_sizes if n is not None]
    count = 24 if seen.declarer is not None else sum(sizes) + seen.talon_size
    seating = SEATINGS[seen.rules.table.players][seen.dealer]
    for k in range(count):
        place = _place(seating, k)
        card = own.pop() if place == seat and own else None
        sights.append(Dealt(None if place == TALON else place, card))
    sights.extend(Acted(s, a) for s, a in seen.calls)
    if seen.declarer is not None and seen.high_bid is not None:
        sights.append(TalonTaken(seen.declarer, seen.talon))
        sights.extend(Given(to, card) for card, to in seen.gives)
        if seen.contract is not None:
            sights.append(Acted(seen.declarer, Contract(seen.contract)))
    marriages = list(seen.marriages)
    leads = [*seen.tricks, (None, seen.trick)] if seen.trick else list(seen.tricks)
    for _, cards in leads:
        for i, (s, card) in enumerate(cards):
            declares = False
            if i == 0 and marriages and marriages[0][0] == s:
                suit = marriages[0][1]
                ace = suit is None and card.rank is Rank.ACE
                if ace or (card.suit is suit and card.rank in (Rank.KING, Rank.QUEEN)):
                    declares = True
                    marriages.pop(0)
            sights.append(Acted(s, Play(card, declares)))
    falls = [0] * seating.players
    for record in seen.sheet:
        for event in record.events:
            if event.kind in _FALLS:
                falls[event.seat] += 1
    return InfoState(
        seat=seat,
        rules=seen.rules,
        deal_number=seen.deal_number,
        dealer=seen.dealer,
        scores=seen.scores,
        barrel=seen.barrel,
        bolts=seen.bolts,
        distributions=seen.distributions,
        golden=seen.golden_index,
        golden_made=seen.golden_made,
        falls=tuple(falls),
        sheet=seen.sheet,
        sights=tuple(sights),
    )
