"""Shuffling a deck exactly as :meth:`random.Random.shuffle` does, in fewer steps.

Every deal shuffles a deck of up to a few hundred cards, and simulations deal hundreds of
thousands of hands. ``Random.shuffle`` asks the generator for one bounded number per card
through two Python-level calls each; the same numbers can be read from a few large
``getrandbits`` calls, because a request of ``32 * m`` bits consumes exactly the ``m``
32-bit words that ``m`` single requests of at most 32 bits would, least significant
first. The result — the permutation and the generator's state afterwards — is the same,
which keeps every recorded game and seed reproducible.

>>> import random
>>> a, b = random.Random(7), random.Random(7)
>>> deck = list(range(10))
>>> mine = deck[:]; shuffle_like_random(a, mine)
>>> theirs = deck[:]; b.shuffle(theirs)
>>> mine == theirs and a.getstate() == b.getstate()
True
"""

from __future__ import annotations

import random
import struct
import sys

__all__ = ["shuffle_like_random"]

_WORD_BITS = 32

# The words are read in place as native unsigned ints: elsewhere, shuffle as Random does.
_WORDS_READABLE = sys.byteorder == "little" and struct.calcsize("I") == 4

_shifts: list[int] = [_WORD_BITS - 1]
"""By position ``i``: how far a 32-bit word is shifted right to give the ``(i +
1).bit_length()`` bits ``Random._randbelow(i + 1)`` draws (grown on demand)."""


def shuffle_like_random(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place, leaving ``rng`` and ``items`` exactly as
    ``rng.shuffle(items)`` would (Fisher–Yates from the end, each index drawn by
    rejection from the fewest bits that can hold it).

    >>> import random
    >>> cards = [1, 2, 3, 4]
    >>> shuffle_like_random(random.Random(1), cards)
    >>> sorted(cards)
    [1, 2, 3, 4]
    """
    if type(rng) is not random.Random or not _WORDS_READABLE:
        # A subclass may draw its bits differently; only the plain generator is known.
        rng.shuffle(items)
        return
    i = len(items) - 1
    shifts = _shifts
    while len(shifts) <= i:
        shifts.append(_WORD_BITS - (len(shifts) + 1).bit_length())
    getrandbits = rng.getrandbits
    while i > 0:
        # Each remaining position needs at least one word and a rejected draw needs
        # another, so asking for one word per remaining position never takes a word
        # ``Random.shuffle`` would not have used: the generator ends in the same state.
        words = getrandbits(_WORD_BITS * i).to_bytes(4 * i, "little")
        if i < _BYTE_POSITIONS:
            i = _shuffle_from_top_bytes(items, i, words[3::4])
            continue
        for word in memoryview(words).cast("I"):
            j = word >> shifts[i]
            if j <= i:
                items[i], items[j] = items[j], items[i]
                i -= 1


_BYTE_POSITIONS = 255
"""Below this position a draw is at most 8 bits wide: the top byte of its word."""

_BYTE_SHIFTS = tuple(bytes([b >> k for b in range(256)]) for k in range(8))
"""``bytes.translate`` tables that shift every byte right by 0 to 7 bits."""


def _shuffle_from_top_bytes(items: list[int], i: int, tops: bytes) -> int:
    """Go on shuffling ``items`` from position ``i`` down with the top bytes of the words
    drawn for it, and return the position reached when they are used up: the draws of
    each width at once by a C-level translation, instead of a shift of a new int per word
    (iterating over a bytes object gives cached small ints)."""
    used = 0
    count = len(tops)
    while used < count:
        width = (i + 1).bit_length()
        low = (1 << (width - 1)) - 1  # the lowest position drawn with ``width`` bits
        start = i
        rejected = 0
        for j in tops[used:].translate(_BYTE_SHIFTS[8 - width]):
            if j <= i:
                items[i], items[j] = items[j], items[i]
                i -= 1
                if i < low:
                    break
            else:
                rejected += 1
        used += start - i + rejected
    return i
