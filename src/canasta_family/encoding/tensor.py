"""A player's observation as a flat list of numbers, with a documented layout.

Built only from :class:`~canasta_family.observation.Observation` (what the player may
know) and the player's own pending steps (:mod:`canasta_family.encoding.steps`). Seats
and sides are given **relative to the observer**: seat 0 of the tensor is the observer,
then the seats to the left in play order; side 0 is the observer's side, then the other
sides in the order their first seat comes after the observer. So one policy serves every
seat.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=7)
>>> layout = ObservationLayout.for_game(game)
>>> values = layout.encode(game.observation(1))
>>> len(values) == layout.size, sum(values[layout.slice("hand")])
(True, 15.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from canasta_family.cards import NUM_CODES
from canasta_family.engine import Game
from canasta_family.melds import MeldKind
from canasta_family.observation import Observation

__all__ = ["MELD_FEATURES", "PENDING_KINDS", "PHASES", "ObservationLayout"]

PHASES = ("draw", "play", "answer", "over")
"""The phases, in the order of the ``phase`` section."""

PENDING_KINDS = ("meld", "take", "lay-off", "merge")
"""The step blocks that begin a multi-step action, in the order of ``pending_kind``."""

MELD_FEATURES = ("present", "is_run", "rank", "high_rank", "suit", "naturals", "wilds",
                 "canasta")
"""The numbers describing one meld slot: whether the slot holds a meld; 1 for a run; the
set's rank (2–14, 0 for a set of wild cards only) or the run's lowest rank; the highest
rank (a set: its rank); the run's suit + 1 (0 for a set); naturals; wild cards; 1 once
the meld is a canasta. Naturals and wild cards are as the variant's roles say
(``Observation.roles``): where 2s are naturals, a 2 counts as one and bounds a run."""


@attrs.frozen
class ObservationLayout:
    """Where each part of the observation sits in the flat tensor.

    ``sections`` lists ``(name, offset, size)`` in order; ``size`` is the total length.
    See ``docs/rl.md`` for the table of sections.

    >>> layout = ObservationLayout(num_players=2, num_sides=2, max_melds=36)
    >>> layout.offset("hand"), layout.offset("pending_cards"), layout.size
    (0, 53, 877)
    """

    num_players: int
    num_sides: int
    max_melds: int
    sections: tuple[tuple[str, int, int], ...] = attrs.field(init=False)
    size: int = attrs.field(init=False)
    _where: dict[str, tuple[int, int]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        n = self.num_players
        parts: list[tuple[str, int]] = [
            ("hand", NUM_CODES), ("pending_cards", NUM_CODES),
            ("pending_kind", len(PENDING_KINDS)), ("pending_target", 1),
            ("phase", len(PHASES)), ("to_move", 1),
            ("dealer", n), ("hand_sizes", n), ("foot_sizes", n), ("feet_picked_up", n),
            ("stock_size", 1), ("pile_size", 1), ("pile_frozen", 1),
            ("pile_top", NUM_CODES), ("question", 3), ("hand_number", 1),
            ("initial_meld_count", 1),
        ]
        for k in range(self.num_sides):
            parts += [(f"side{k}_summary", 5), (f"side{k}_table", NUM_CODES),
                      (f"side{k}_melds", self.max_melds * len(MELD_FEATURES))]
        sections = []
        at = 0
        for name, size in parts:
            sections.append((name, at, size))
            at += size
        object.__setattr__(self, "sections", tuple(sections))
        object.__setattr__(self, "size", at)
        object.__setattr__(self, "_where", {name: (off, size) for name, off, size in sections})

    @classmethod
    def for_game(cls, game: Game, max_melds: int | None = None) -> ObservationLayout:
        """The layout for ``game``'s seats and sides; ``max_melds`` defaults to the same
        bound as :meth:`StepCodec.for_game <canasta_family.encoding.StepCodec.for_game>`.

        >>> import canasta_family
        >>> ObservationLayout.for_game(canasta_family.new_game(players=4, seed=1)).size
        1173
        """
        if max_melds is None:
            max_melds = len(game.deck) // max(1, game.meld_rules.min_size)
        return cls(num_players=game.num_players, num_sides=len(game.sides),
                   max_melds=max_melds)

    def offset(self, name: str) -> int:
        """The first index of section ``name``.

        >>> ObservationLayout(num_players=4, num_sides=2, max_melds=54).offset("pile_top")
        135
        """
        return self._section(name)[0]

    def slice(self, name: str) -> slice:
        """The indices of section ``name`` as a slice.

        >>> ObservationLayout(num_players=4, num_sides=2, max_melds=54).slice("phase")
        slice(111, 115, None)
        """
        off, size = self._section(name)
        return slice(off, off + size)

    def _section(self, name: str) -> tuple[int, int]:
        where = self._where.get(name)
        if where is None:
            raise ValueError(f"name must be a section of the layout, not {name!r}")
        return where

    def lower_bounds(self) -> list[float]:
        """The least value of each entry: 0, except the scores, which may be negative.

        >>> layout = ObservationLayout(num_players=2, num_sides=2, max_melds=36)
        >>> layout.lower_bounds()[layout.offset("side1_summary")]
        -inf
        """
        low = [0.0] * self.size
        for k in range(self.num_sides):
            low[self.offset(f"side{k}_summary")] = -math.inf
        return low

    def encode(self, obs: Observation, pending: Sequence[tuple[str, int]] = ()) -> list[float]:
        """``obs`` as numbers; ``pending`` are the observer's pending steps as
        ``(block, argument)`` pairs (:meth:`StepCodec.block
        <canasta_family.encoding.StepCodec.block>`).

        >>> import canasta_family
        >>> game = canasta_family.new_game(players=2, seed=1)
        >>> layout = ObservationLayout.for_game(game)
        >>> values = layout.encode(game.observation(0), [("meld", 0), ("card", 20)])
        >>> values[layout.offset("pending_kind")], values[layout.offset("pending_cards") + 20]
        (1.0, 1.0)
        """
        if len(obs.hand_sizes) != self.num_players or len(obs.sides) != self.num_sides:
            raise ValueError(
                f"observation must have {self.num_players} seats and {self.num_sides} sides")
        out = [0.0] * self.size
        w = self._where
        n = self.num_players
        me = obs.player
        seats = [(me + k) % n for k in range(n)]
        side_of = {seat: s for s, members in enumerate(obs.sides) for seat in members}
        sides: list[int] = []
        for seat in seats:
            if side_of[seat] not in sides:
                sides.append(side_of[seat])

        off = w["hand"][0]
        for card in obs.hand:
            out[off + card.code] += 1
        self._encode_pending(out, pending)
        out[w["phase"][0] + PHASES.index(obs.phase)] = 1.0
        out[w["to_move"][0]] = 1.0 if obs.current_player == me and not obs.is_over else 0.0
        out[w["dealer"][0] + seats.index(obs.dealer)] = 1.0
        for k, seat in enumerate(seats):
            out[w["hand_sizes"][0] + k] = obs.hand_sizes[seat]
            out[w["foot_sizes"][0] + k] = obs.foot_sizes[seat]
            out[w["feet_picked_up"][0] + k] = 1.0 if obs.feet_picked_up[seat] else 0.0
        out[w["stock_size"][0]] = obs.stock_size
        out[w["pile_size"][0]] = obs.pile_size
        out[w["pile_frozen"][0]] = 1.0 if obs.pile_frozen else 0.0
        if obs.pile_top is not None:
            out[w["pile_top"][0] + obs.pile_top.code] = 1.0
        q = w["question"][0]
        out[q] = 1.0 if obs.pending_question is not None else 0.0
        if obs.partner_answer is not None:
            out[q + (1 if obs.partner_answer else 2)] = 1.0
        out[w["hand_number"][0]] = obs.hand_number
        out[w["initial_meld_count"][0]] = obs.initial_meld_count
        for k, side in enumerate(sides):
            self._encode_side(out, k, side, obs)
        return out

    def _encode_pending(self, out: list[float], pending: Sequence[tuple[str, int]]) -> None:
        if not pending:
            return
        w = self._where
        first, arg = pending[0]
        if first in PENDING_KINDS:
            out[w["pending_kind"][0] + PENDING_KINDS.index(first)] = 1.0
        if first in ("lay-off", "merge"):
            out[w["pending_target"][0]] = arg + 1
        cards = w["pending_cards"][0]
        for name, value in pending:
            if name == "card":
                out[cards + value] += 1

    def _encode_side(self, out: list[float], k: int, side: int, obs: Observation) -> None:
        w = self._where
        melds = obs.melds[side]
        summary = w[f"side{k}_summary"][0]
        out[summary] = obs.scores[side]
        out[summary + 1] = 1.0 if obs.initial_melds_made[side] else 0.0
        out[summary + 2] = obs.initial_minimums[side]
        out[summary + 3] = len(obs.red_threes[side])
        out[summary + 4] = sum(1 for meld in melds if meld.is_canasta)
        table = w[f"side{k}_table"][0]
        slots = w[f"side{k}_melds"][0]
        width = len(MELD_FEATURES)
        wild = obs.roles.wild  # the variant's wild cards by code, not Card.is_wild
        for index, meld in enumerate(melds[:self.max_melds]):
            for card in meld.cards:
                out[table + card.code] += 1
            at = slots + index * width
            naturals = [int(c.rank) for c in meld.cards if not wild[c.code]]
            out[at] = 1.0
            if meld.kind is MeldKind.RUN:
                out[at + 1] = 1.0
                out[at + 2] = min(naturals) if naturals else 0
                out[at + 3] = max(naturals) if naturals else 0
                out[at + 4] = (int(meld.suit) + 1) if meld.suit is not None else 0
            else:
                rank = int(meld.rank) if meld.rank is not None else 0
                out[at + 2] = rank
                out[at + 3] = rank
            out[at + 5] = meld.naturals
            out[at + 6] = meld.wilds
            out[at + 7] = 1.0 if meld.is_canasta else 0.0
