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
        for word in memoryview(words).cast("I"):
            j = word >> shifts[i]
            if j <= i:
                items[i], items[j] = items[j], items[i]
                i -= 1
