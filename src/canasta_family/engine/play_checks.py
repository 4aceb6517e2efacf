"""The checks a play listing makes of plays that end or strand a hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from canasta_family.actions import (
    Action,
)
from canasta_family.cards import Card
from canasta_family.melds import Meld
from canasta_family.rules import (
    Violation,
)

if TYPE_CHECKING:
    from canasta_family.engine.game import Game
    from canasta_family.engine.out_nodes import OutNode



_NOTHING_FORBIDDEN: Mapping[Card, Violation] = MappingProxyType({})
_NO_CODES: frozenset[int] = frozenset()
_PlayGroup = tuple[int, int, int, int, int]
"""Listed plays onto the sets of one rank, from one memo entry, where an initial meld is
owed (AS-23): (where they start in the listing, where they end, the rank, the most wild
cards any of them takes, the most cards any of them takes). ``Game._owed_plays`` asks the
judge on counts once whether every such play keeps the minimum reachable
(``OwedCounts.keeps_each``)."""


def keeps_free(codes: Sequence[int], forbidden_now: Mapping[Card, Violation],
               free: frozenset[int] | set[int], free_total: int) -> bool:
    """PH-16's first answer: whether a play of ``codes`` surely leaves a card that may be
    discarded, where ``forbidden_now`` names the hand's cards that may not be and the
    hand holds ``free_total`` cards of the codes ``free`` that may (canastas the play
    makes only lift restrictions, docs/hooks.md): it takes fewer of them than are held.

    >>> from canasta_family.cards import parse_card
    >>> keeps_free((20, 21, 22), {}, set(), 0)   # nothing forbidden
    True
    >>> sevens = {parse_card("7c"): Violation("PH-16", "no 7s")}   # hand: 7c 7d Qc
    >>> keeps_free((21, 40), sevens, {21, 40}, 2)   # 7d and the queen go: 7c stays
    False
    >>> keeps_free((20, 21), sevens, {21, 40}, 2)   # the queen stays
    True
    """
    return not forbidden_now or free_total > len(codes) \
        or free_total > sum(1 for code in codes if code in free)


class _PlayChecks:
    """The checks a play listing makes of the plays that leave fewer cards than a player
    must keep, that a partner's "yes" binds (AS-36), or that may strand the hand (PH-16),
    with what they share, and whether some play goes out (for asking).

    Made by ``Game._list_play`` for the first play that needs them: most listings have
    none, and a class costs nothing until then where two closures were made every time.
    """

    __slots__ = ("ending_cache", "forbidden_now", "free", "free_total", "game", "here",
                 "here_asked", "initial", "keep", "literal", "must", "need", "owes",
                 "player", "reserve", "strand", "strand_cache", "stranded")

    def __init__(self, game: Game, player: int, owes: bool, need: int, stranded: bool,
                 forbidden_now: Mapping[Card, Violation], free: frozenset[int] | set[int],
                 free_total: int, must: bool) -> None:
        s = game._s
        self.game = game
        self.player = player
        self.owes = owes
        self.need = need
        self.initial = game._initial[s.side_of[player]]
        self.must = must
        self.reserve = bool(game._rsize[s.side_of[player]])
        self.keep = s.going_out.keep_cards
        self.literal = s.going_out.literal_keep
        self.strand = s.strand_check
        self.stranded = stranded
        self.forbidden_now = forbidden_now
        self.free = free
        self.free_total = free_total
        self.ending_cache: dict[tuple[int, tuple[str, ...]], bool] = {}
        self.strand_cache: dict[tuple[bool, tuple[str, ...]], Mapping[Card, Violation]] = {}
        self.here: OutNode | None = None
        self.here_asked = False

    def reach_after(self, action: Action) -> bool:
        """``Game._reach_after`` of the play ``action``, with the going-out facts of the
        position, which every play of the listing shares, asked once (``Game._out_here``).
        """
        game = self.game
        if not self.here_asked:
            self.here = game._out_here()
            self.here_asked = True
        return game._reach_after(action, self.here, asked=True)

    def leaves_discard(self, codes: Sequence[int], after: int, kinds: tuple[str, ...]
                       ) -> bool:
        """Whether a play of ``codes`` leaving ``after`` cards and canastas of ``kinds``
        leaves a card that may be discarded (PH-16), when one must be."""
        if not self.strand or self.stranded or after == 0:
            return True
        if after >= 2 and keeps_free(codes, self.forbidden_now, self.free, self.free_total):
            return True
        game = self.game
        return game._strand_problem(self.player, game._counts_after(self.player, codes),
                                    after, kinds, self.strand_cache) is None

    def allowed(self, after: int, kinds: tuple[str, ...], value: int, codes: Sequence[int],
                black3: bool, action: Action) -> bool:
        """Whether the play ``action`` of ``codes`` (worth ``value``) may be made, leaving
        ``after`` cards and canastas of ``kinds``; ``black3``: a meld of black 3s. The
        listing's side of ``Game._check_ending``."""
        if after >= self.keep and after > 1 and not black3 and not self.must:
            return self.leaves_discard(codes, after, kinds)
        game = self.game
        if self.reserve:
            # The side's reserve waits (``Game._check_ending``, BU-20).
            return game._s.reserve.direct if after == 0 else \
                self.leaves_discard(codes, after, kinds)
        short = after < self.keep or after == 1
        literal = short and (self.literal or self.stranded)
        if after and not literal:
            return self.reach_after(action)
        # Going out now, or (MS-13 taken literally, or a stranded player) keeping fewer
        # cards than a player must keep.
        if after == 0 and game._s.going_out.by_discard:
            return False  # BU-O7: going out needs a final discard
        if self.owes:
            value = game._counted_value(codes)
        if not (self.initial or value >= self.need):
            return False
        if not game._ending_ok(self.ending_cache, self.player, after, kinds):
            return False
        if after and (black3 or self.must):
            return self.reach_after(action)
        return after == 0 or self.leaves_discard(codes, after, kinds)


class _PlayContext:
    """What the parts of one play listing share (``Game._list_play``): the player to
    move and its hand, whether it must go out, what a play must leave (PH-16: the
    discardable cards ``free`` and how many, or ``stranded``), the largest play that
    needs no check (``limit``, with ``fast``), the :class:`_PlayChecks`, made by
    :meth:`checks` for the first play that needs them, and where an initial meld is owed
    (AS-23), the ``groups`` of listed plays onto one rank's sets, judged together."""

    __slots__ = ("fast", "forbidden_hand", "forbidden_now", "free", "free_total", "game",
                 "groups", "hand", "limit", "made", "melding", "melds", "must", "n", "need",
                 "owes", "player", "side", "stranded")

    def __init__(self, game: Game, player: int, side: int, hand: list[int], n: int) -> None:
        self.game = game
        self.player = player
        self.side = side
        self.hand = hand
        self.n = n
        self.need = 0
        self.owes = False
        self.must = False
        self.melds: list[Meld] = []
        self.melding = True
        self.forbidden_now: Mapping[Card, Violation] = _NOTHING_FORBIDDEN
        self.forbidden_hand: Mapping[Card, Violation] | None = None
        self.free: frozenset[int] | set[int] = _NO_CODES
        self.free_total = 0
        self.stranded = False
        self.fast = False
        self.limit = 0
        self.made: _PlayChecks | None = None
        self.groups: list[_PlayGroup] | None = None

    def checks(self) -> _PlayChecks:
        """The checks of plays that may end or strand the hand, made at the first call."""
        made = self.made
        if made is None:
            made = self.made = _PlayChecks(self.game, self.player, self.owes, self.need,
                                           self.stranded, self.forbidden_now, self.free,
                                           self.free_total, self.must)
        return made
