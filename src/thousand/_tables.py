"""Lookup tables that turn a card bitmask into the matching shared action objects."""

from __future__ import annotations

from typing import TypeVar

__all__ = ["by_half_pattern", "by_suit_pattern", "select"]

A = TypeVar("A")

SuitTables = tuple[tuple[tuple[A, ...], ...], ...]
#: Per half of the pack (spades and clubs; diamonds and hearts), per 12-bit pattern of it.
HalfTables = tuple[tuple[tuple[A, ...], ...], tuple[tuple[A, ...], ...]]


def by_suit_pattern(per_card: tuple[A, ...]) -> SuitTables[A]:
    """For each suit and each 6-bit pattern of it, the actions of those cards in index order."""
    return tuple(
        tuple(
            tuple(per_card[suit * 6 + r] for r in range(6) if pattern >> r & 1)
            for pattern in range(64)
        )
        for suit in range(4)
    )


def by_half_pattern(per_card: tuple[A, ...]) -> HalfTables[A]:
    """For each half of the pack and each 12-bit pattern of it, the actions of those cards in
    index order: two lookups per mask instead of four, for the hottest lists (about 1 ms to
    build, 4096 entries a half)."""
    s = by_suit_pattern(per_card)
    low = tuple(s[0][p & 63] + s[1][p >> 6] for p in range(4096))
    high = tuple(s[2][p & 63] + s[3][p >> 6] for p in range(4096))
    return low, high


def select(tables: SuitTables[A], mask: int) -> tuple[A, ...]:
    """The actions of the cards in ``mask``, lowest card first: four lookups, no loop."""
    return (
        tables[0][mask & 63]
        + tables[1][mask >> 6 & 63]
        + tables[2][mask >> 12 & 63]
        + tables[3][mask >> 18 & 63]
    )
