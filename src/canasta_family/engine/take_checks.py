"""The checks of taking the pile and picking up its top card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_family.actions import (
    PickUp,
    TakePile,
)
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.constructors import _RUN, _SET
from canasta_family.engine.initial_meld import _InitialMeld
from canasta_family.engine.initial_meld_bound import OwedCounts
from canasta_family.engine.initial_meld_search import _Collection
from canasta_family.engine.phases import DRAW
from canasta_family.engine.rank_sets import changed_shapes, meld_shape
from canasta_family.engine.state import Problem
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
)
from canasta_family.melds import Meld
from canasta_family.rules import (
    SinglePickupRules,
)

if TYPE_CHECKING:
    from canasta_family.engine.game import Game


class _TakeChecks(_InitialMeld):
    """The checks of taking the pile and of picking up its top card."""

    __slots__ = ()

    def _layoff_takes(self) -> list[int]:
        """Meld indices the pile's top card could be laid off on to take the pile."""
        if not self._pile or self._top_blocked():
            return []
        rules = self._s.pile
        side = self._s.side_of[self._current]
        if not rules.unfrozen_layoff or self.pile_frozen_for(side):
            return []
        return [i for i in range(len(self._melds[side])) if self._layoff_take_problem(i) is None]

    def _layoff_take_problem(self, index: int) -> Problem | None:
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        if self._s.pile.layoff_not_on_canasta and meld.canasta is not None:
            return ("pile-layoff", "the top card may not be laid off on a canasta to take "
                                   "the pile")
        new, problem = self._layoff_problem(meld, (self._pile[-1],), black3_ok=False)
        if problem:
            return ("pile-layoff", f"the top card does not fit that meld: {problem[1]}")
        assert new is not None
        custom = self._custom_problem(side, new, (self._pile[-1],))
        if custom:
            return custom
        to_hand, _ = self._pile_rest_effect()
        after = self._hsize[self._current] + to_hand
        kinds = self._kinds_with(side, index, new.canasta)
        return self._ending_problem(self._current, after, kinds, True) or \
            self._take_strand_problem((), after, kinds)

    def _take_strand_problem(self, used: Sequence[int], after: int, kinds: tuple[str, ...]
                             ) -> Problem | None:
        """A take must leave a hand that can discard (PH-16), pile cards included."""
        if not self._s.strand_check:
            return None
        counts = self._counts_after(self._current, used, self._pile_to_hand())
        return self._strand_problem(self._current, counts, after, kinds)

    def _whole_take_problem(self) -> Problem | None:
        """Whether taking the whole pile into the hand (BU-9) would leave only cards that
        may not be discarded (BU-10, PH-16)."""
        if not self._s.strand_check:
            return None
        player = self._current
        after = self._hsize[player] + len(self._pile)
        counts = self._counts_after(player, (), self._pile)
        return self._strand_problem(player, counts, after,
                                    self.side_canasta_kinds(self._s.side_of[player]))

    def _check_take(self, action: TakePile) -> None:
        self._need_phase(DRAW, "take the pile")
        if not self._pile:
            raise IllegalActionError(self._rule("turn"), "the discard pile is empty")
        blocked = self._top_blocked()
        if blocked:
            raise self._fail(blocked)
        player = self._current
        side = self._s.side_of[player]
        rules = self._s.pile
        if rules.unconditional:
            # BU-9: the whole pile goes to hand; nothing is melded with it.
            if action.cards or action.onto is not None:
                raise InvalidActionError(
                    "the pile is taken whole with no cards named: write 'take-pile'",
                    field="onto" if action.onto is not None else "cards")
            problem = self._whole_take_problem()
            if problem:
                raise self._fail(problem)
            return
        if action.onto is not None:
            if action.cards:
                raise InvalidActionError("'take-pile onto N' takes no cards", field="cards")
            if not 0 <= action.onto < len(self._melds[side]):
                raise InvalidActionError(f"your side has no meld number {action.onto}",
                                         field="onto")
            if self.pile_frozen_for(side):
                raise IllegalActionError(self._rule("pile-frozen"), "the pile is frozen: take "
                                         "it only by melding the top card with a natural pair")
            if not rules.unfrozen_layoff:
                raise IllegalActionError(self._rule("pile-frozen"), "the pile can be taken only "
                                         "with a natural pair matching the top card")
            problem = self._layoff_take_problem(action.onto)
            if problem:
                raise self._fail(problem)
            return
        codes = [c.code for c in action.cards]
        if not codes:
            raise InvalidActionError("say which cards from hand meld with the top card",
                                     field="cards")
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that",
                                     field="cards")
        run = self._run_take_meld(action) if self._s.positional else None
        if run is not None:
            self._check_run_take(action, codes, run)
            return
        if action.stands:
            raise IllegalActionError(self._rule("run-place"), "a take names places only for "
                                     "the wild cards of a sequence it melds")
        top = self._pile[-1]
        top_rank = top // 4 + 2
        is_wild = self._s.wild
        naturals = [c for c in codes if not is_wild[c]]
        wild = len(codes) - len(naturals)
        if any(c // 4 + 2 != top_rank for c in naturals) or top_rank in self._s.stop_ranks \
                or self._s.bonus[top]:
            raise IllegalActionError(self._rule("pile-frozen"), "the cards must be naturals "
                                     f"of the top card's rank ({CARDS[top].rank.symbol}) or wild "
                                     "cards, melded with it as a new set")
        frozen = self.pile_frozen_for(side)
        if frozen or not rules.unfrozen_natural_and_wild:
            if len(naturals) < 2:
                topic = "pile-frozen"
                reason = ("the pile is frozen: take it only by melding the top card with two "
                          "natural cards of its rank from your hand") if frozen else (
                          "take the pile with two natural cards of the top card's rank from "
                          "your hand")
                raise IllegalActionError(self._rule(topic), reason)
        elif len(naturals) < 1 or len(codes) < 2:
            raise IllegalActionError(self._rule("pile-frozen"), "take the pile with a natural "
                                     "card of its rank and a second matching or wild card")
        problem = self._set_problem(top_rank, len(naturals) + 1, wild, False)
        if problem:
            raise self._fail(problem)
        one_open = self._s.joins_sets
        join = self._open_set_index(side, top_rank) if one_open else None
        if join is not None:
            # PH-10: the new meld joins the side's open meld of that rank at once.
            open_meld = self._melds[side][join]
            problem = self._set_problem(top_rank, open_meld.naturals + len(naturals) + 1,
                                        open_meld.wilds + wild, False)
            if problem:
                raise IllegalActionError(self._rule("one-open-meld"), "the pair would start a "
                                         "second meld of that rank, which must join your "
                                         f"side's meld at once, but {problem[1]}")
        if self._s.custom_meld_check:
            take_meld = self._take_meld(side, join, [*codes, top], wild)
            problem = self._custom_problem(side, take_meld, [*codes, top])
            if problem:
                raise self._fail(problem)
        if not self._initial[side]:
            base = self._take_value(codes)
            minimum = self._minimum[side]
            if base < minimum:
                # AS-23: the pile cannot be given back, so the take is allowed only if melds
                # from the hand can still bring the count to the minimum this turn.
                if not self._take_reaches_minimum(action):
                    raise IllegalActionError(
                        self._rule("initial-meld-pile"),
                        f"your side's initial meld needs {minimum}; the top card and the "
                        f"cards from your hand melded with it count {base}, and the melds "
                        "your hand could add this turn cannot make up the rest (the rest of "
                        "the pile does not count)")
                return
        size = len(codes) + 1
        if join is not None:
            size += len(self._melds[side][join].cards)
            wild += self._melds[side][join].wilds
        to_hand, _ = self._pile_rest_effect()
        after = self._hsize[player] - len(codes) + to_hand
        kinds = self._kinds_with(side, join, self._canasta_kind(False, top_rank, size, wild))
        problem = self._ending_problem(player, after, kinds, True) or self._take_strand_problem(
            codes, after, kinds)
        if problem:
            raise self._fail(problem)

    def _run_take_meld(self, action: TakePile) -> Meld | Problem | None:
        """Where sequences hold wild cards at places (BU-O8): the sequence a take melds
        its top card into with ``action.cards``, or its problem; None for a take that
        melds a set (or in other variants)."""
        if not self._s.positional or not action.cards:
            return None
        codes = [*(c.code for c in action.cards), self._pile[-1]]
        is_wild = self._s.wild
        if not action.stands and len({c // 4 for c in codes if not is_wild[c]}) <= 1:
            return None  # one rank: a set, as in every variant
        return self._new_run_meld(codes, action.stands)

    def _check_run_take(self, action: TakePile, codes: Sequence[int],
                        run: Meld | Problem) -> None:
        """The checks of a take that melds the top card into a new sequence (BU-O8): the
        pile not frozen for the side, a legal sequence, the initial minimum reached by
        the take alone, and a turn that can still end."""
        player = self._current
        side = self._s.side_of[player]
        if self.pile_frozen_for(side):
            raise IllegalActionError(self._rule("pile-frozen"), "the pile is frozen: take it "
                                     "only by melding the top card with a natural pair")
        if not isinstance(run, Meld):
            raise self._fail(run)
        if not self._initial[side] and self._take_value(codes) < self._minimum[side]:
            raise IllegalActionError(self._rule("initial-meld-pile"), "a sequence taken with "
                                     "the pile must reach the initial meld by itself")
        if self._s.custom_meld_check:
            problem = self._custom_problem(side, run, [*codes, self._pile[-1]])
            if problem:
                raise self._fail(problem)
        to_hand, _ = self._pile_rest_effect()
        after = self._hsize[player] - len(codes) + to_hand
        kinds = self._kinds_with(side, None, run.canasta)
        problem = self._ending_problem(player, after, kinds, True) or \
            self._take_strand_problem(codes, after, kinds)
        if problem:
            raise self._fail(problem)

    def _take_value(self, codes: Sequence[int]) -> int:
        """What a pile take counts towards the initial meld: the top card and the hand's
        cards melded with it (AS-23), and the rest of the pile where the variant says so."""
        value = self._s.values[self._pile[-1]] + self._value(codes)
        if not self._s.pile.only_top_counts:
            value += self._value(self._pile[:-1])
        return value

    def _take_judge(self) -> OwedCounts | None:
        """The owed-meld judge of the position before an initial pile take, the pile's
        cards in hand and its top card counted (AS-23), where each take is one play for
        it (:meth:`OwedCounts.keeps`): the takes of one draw listing share it rather than
        each making a judge of the position it leaves. None where the rules are not ones
        it reads, where more of the pile than its top counts, or where a discardable card
        must stay (PH-16: which may be depends on the canastas the take makes)."""
        s = self._s
        if not s.pile.only_top_counts or s.strand_check or s.custom_meld_check:
            return None
        player = self._current
        side = s.side_of[player]
        counted = self._hands[player][:]
        counted[self._pile[-1]] += 1
        held = counted[:]
        for code in self._pile_to_hand():
            held[code] += 1
        return OwedCounts.of(self._whole(), self._minimum[side], held, counted,
                             self._melds[side], sum(held), self._cards_kept(None))

    def _take_reaches_minimum(self, action: TakePile, to_hand: int | None = None,
                              value: int | None = None, playable: int | None = None,
                              codes: Sequence[int] | None = None,
                              before: TakeJudge | None = None) -> bool:
        """Whether, after the initial take ``action`` (short of the minimum by itself),
        melds from the hand could still reach the minimum this turn. ``to_hand`` (the
        pile's cards that go to hand), ``value`` (what the take counts) and ``playable``
        (:meth:`_playable_value` of the cards the take leaves) and ``codes`` (of the
        take's cards) when the caller has them.

        Decided without making the take: the search needs only the cards held before it
        less the take's, the side's melds with the one the take makes, the hand's size and
        (PH-16) the cards it would leave. A variant with its own meld check sees the live
        game in its hook, so there the take is made on a copy first; so it is when the
        position is too large for the exact search (the completion finder plays on), and
        when no collection of plays that keeps two cards reaches the minimum: the player
        may still reach it by going out this turn, which the going-out search decides on
        the copy (see :meth:`_initial_reachable`). ``before``: the listing's
        :class:`TakeJudge`, where the caller has one."""
        s = self._s
        if to_hand is None:
            to_hand, _ = self._pile_rest_effect()
        player = self._current
        size = self._hsize[player] - len(action.cards) + to_hand
        if size == 0:
            return False  # nothing left to meld with
        if codes is None:
            codes = [card.code for card in action.cards]
        held = self._hands[player][:]
        for code in codes:
            held[code] -= 1
        # The hand after the take: the cards held (they count) and the pile's (they may
        # fill out melds, AS-23).
        kept = held[:]
        for code in self._pile_to_hand():
            kept[code] += 1
        side = s.side_of[player]
        top = self._pile[-1]
        need = self._minimum[side] - (self._take_value(codes) if value is None else value)
        if playable is None:
            playable = self._playable_value(kept, side, top // 4 + 2, None, held)
        if playable < need:
            return False
        if s.custom_meld_check:
            return self._made_take(action)._initial_reachable()
        if not s.strand_check and not s.joins_sets and \
                self._one_set_enough(held, need, size - max(2, s.going_out.keep_cards)):
            return True
        all_codes = tuple(sorted([*codes, top]))
        join = self._open_set_index(side, top // 4 + 2) if s.joins_sets \
            else None
        # A new set made before is known by its cards (see ``_new_meld``).
        meld = self._t.melds.get((False, all_codes)) if join is None else None
        if meld is None:
            meld = self._take_meld(side, join, all_codes,
                                   sum(1 for c in all_codes if s.wild[c]))
        melds = self._melds[side][:]
        if join is None:
            melds.append(meld)
        else:
            melds[join] = meld
        free: list[int] = []
        if s.strand_check:
            kinds = tuple(m.canasta for m in melds if m.canasta is not None)
            forbidden = self._forbidden(player, False, kept, kinds)
            free = self._discardable(kept, forbidden)
        found: _Collection | bool | None
        judge = None if before is None else before.get()
        if judge is not None:
            # The take as a play onto its rank's sets, from the position before it.
            rank = top // 4 + 2
            old = None if join is None else meld_shape(self._melds[side][join])
            found = judge.keeps(rank, all_codes, changed_shapes(judge.shapes.get(rank, ()),
                                                                old, meld_shape(meld)))
        else:
            judge = OwedCounts.of(self._whole(), need, kept, held, melds, size,
                                  self._cards_kept(None), free)
            found = None if judge is None else judge.reachable()
        if found is None:
            found = self._collection_search(need, held, melds, size, kept, free, True) \
                if free or not s.strand_check else False
        if found is not None and found is not False:
            return True
        if self._out_memo is None:
            self._out_memo = {}  # made before the copy, so that it shares the answers
        after = self._made_take(action)
        if found is None and (after._completion_found(need, True)
                              or after._completion_found(need, False)):
            return True
        return after._owed_out_reachable()

    def _one_set_enough(self, left: list[int], need: int, spare: int) -> bool:
        """Whether the naturals of one rank in ``left``, with none or some of its most
        valuable wild cards, make a set worth ``need`` of at most ``spare`` cards. Such a
        set is one of the plays :meth:`_qualifying_plays` lists, and the answer-only
        search stops at the first single play that is enough, so a take check answers
        yes without the search (AS-23; the caller rules out PH-16 and PH-10)."""
        s = self._s
        rows = self._t.playable_rows
        if rows is None:
            rows = self._t.playable_rows = self._playable_rows()
        values = s.values
        wild_values: list[int] = []
        for code in s.wild_codes:
            if left[code]:
                wild_values += [values[code]] * left[code]
        wild_values.sort(reverse=True)
        most = min(len(wild_values), s.set_wild_cap)
        for rank, b0, b1, b2, b3, value, fewest in rows[most]:
            held = left[b0] + left[b1] + left[b2] + left[b3]
            if not held or held < fewest or held > spare:
                continue
            total = value * held if value >= 0 else (
                values[b0] * left[b0] + values[b1] * left[b1] + values[b2] * left[b2]
                + values[b3] * left[b3])
            for w in range(min(most, spare - held) + 1):
                if w:
                    total += wild_values[w - 1]
                if total >= need and self._set_ok(rank, held, w):
                    return True
        return False

    def _made_take(self, action: TakePile) -> Game:
        """A copy of the game that has made the take ``action``."""
        after = self.clone()
        after._do_take(action)
        return after

    def _take_meld(self, side: int, join: int | None, codes: Sequence[int], wild: int) -> Meld:
        """The meld a pair take makes: new, or joined with the open meld ``join``."""
        all_codes = sorted(codes)
        is_wild = self._s.wild
        rank = next(c // 4 + 2 for c in all_codes if not is_wild[c])
        if join is not None:
            base = self._melds[side][join]
            all_codes = sorted([*all_codes, *(c.code for c in base.cards)])
            wild += base.wilds
        return self._new_meld(_SET, rank, None, all_codes, wild)

    def _check_pickup(self, action: PickUp) -> None:
        self._need_phase(DRAW, "pick up the top card")
        rules = self._s.pickup
        if rules is None:
            raise IllegalActionError(self._rule("single-pickup"), "taking only the top card "
                                     "of the pile is not allowed in this game")
        if not self._pile:
            raise IllegalActionError(self._rule("single-pickup"), "the discard pile is empty")
        side = self._s.side_of[self._current]
        if not 0 <= action.onto < len(self._melds[side]):
            raise InvalidActionError(f"your side has no meld number {action.onto}",
                                     field="onto")
        problem = self._pickup_problem(action.onto)
        if problem:
            raise self._fail(problem)

    def _pickup_problem(self, index: int) -> Problem | None:
        rules = self._s.pickup
        assert rules is not None
        problem = self._pickup_shape_problem(index, rules)
        if problem and rules.rule:
            return (rules.rule, problem[1])
        if problem:
            return problem
        # The pickup must leave a hand that can finish the turn (AS-35, MS-13).
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        new, _ = self._layoff_problem(meld, (self._pile[-1],), black3_ok=False)
        assert new is not None
        after = self._hsize[self._current] + min(rules.stock_cards, len(self._stock))
        return self._ending_problem(self._current, after,
                                    self._kinds_with(side, index, new.canasta), True)

    def _pickup_shape_problem(self, index: int, rules: SinglePickupRules) -> Problem | None:
        side = self._s.side_of[self._current]
        meld = self._melds[side][index]
        if meld.kind is _RUN and not rules.onto_runs:
            return ("single-pickup", "the top card may not be picked up onto a sequence")
        if meld.kind is _SET and not rules.onto_sets:
            return ("single-pickup", "the top card may be picked up only onto a sequence")
        top = self._pile[-1]
        if self._s.freezes[top]:
            return ("single-pickup", "only a natural card can be picked up onto a meld")
        new, problem = self._layoff_problem(meld, (top,), black3_ok=False)
        if problem:
            return ("single-pickup", f"the top card does not fit that meld: {problem[1]}")
        assert new is not None
        return self._custom_problem(side, new, (top,))


class TakeJudge:
    """The owed-meld judge a draw listing's initial takes share
    (``Game._take_judge``), made when the first take needs it: most listings settle
    their takes before (AS-23)."""

    __slots__ = ("game", "judge", "made")

    def __init__(self, game: _TakeChecks) -> None:
        self.game = game
        self.judge: OwedCounts | None = None
        self.made = False

    def get(self) -> OwedCounts | None:
        """The judge, or None where the rules are not ones it reads."""
        if not self.made:
            self.made = True
            self.judge = self.game._take_judge()
        return self.judge
