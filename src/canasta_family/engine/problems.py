"""What breaks a rule, shared by checking and listing: meld and lay-off shapes, the
cards a hand lacks, discards a hand may not make, strands, the melds plays make."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress, repeat

from canasta_family.actions import (
    MakeMeld,
    Stands,
)
from canasta_family.cards import NUM_CODES, Card, Rank, Suit
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.constructors import (
    _RUN,
    _SET,
    _new_meld,
)
from canasta_family.engine.phases import ANSWER, DRAW, PLAY
from canasta_family.engine.run_melds import _RunMelds
from canasta_family.engine.run_places import ACE_LOW, run_places
from canasta_family.engine.state import Problem
from canasta_family.errors import (
    IllegalActionError,
    VariantError,
)
from canasta_family.melds import Meld, MeldKind
from canasta_family.rules import (
    Violation,
)

_ALL_CODES = range(NUM_CODES)


class _Problems(_RunMelds):
    """What breaks a rule, as (topic, reason) problems, for the checks and the listing alike."""

    __slots__ = ()

    def _rule(self, topic: str) -> str:
        return self._s.info.rule(topic)

    def _fail(self, problem: Problem) -> IllegalActionError:
        return IllegalActionError(self._rule(problem[0]), problem[1])

    def _set_problem(self, rank: int | None, nat: int, wild: int, black3_ok: bool
                     ) -> Problem | None:
        """Whether a set of ``nat`` naturals of ``rank`` (None: wild cards only) and
        ``wild`` wild cards is legal (AS-8, AS-33, DS-6, PH-5…8)."""
        mr = self._s.meld
        size = nat + wild
        if rank is None:
            if not mr.wild_melds:
                return ("set", "a meld needs natural cards: wild cards cannot be melded alone")
            if size < mr.min_size:
                return ("wild-meld", f"a meld needs at least {mr.min_size} cards")
            if size > mr.wild_meld_max:
                return ("wild-meld",
                        f"a meld of wild cards holds at most {mr.wild_meld_max} cards")
            return None
        if rank in self._s.stop_ranks:
            if mr.black_threes == "never":
                return ("black-three", "black 3s can never be melded")
            if wild:
                return ("black-three", "a meld of black 3s may not hold wild cards")
            if not black3_ok:
                return ("black-three", "black 3s may be melded only by a player going out in "
                                       "that turn, as the play that finishes the hand")
        elif rank not in mr.set_ranks:
            return ("set", f"{Rank(rank).symbol}s cannot be melded as a set")
        if size < mr.min_size:
            return ("set", f"a meld needs at least {mr.min_size} cards")
        if nat < mr.set_min_naturals:
            return ("set", f"a set needs at least {mr.set_min_naturals} natural cards")
        if mr.set_max_wilds is not None and wild > mr.set_max_wilds:
            return ("set", f"a set may hold at most {mr.set_max_wilds} wild cards")
        if wild and nat < mr.naturals_per_wild * wild:
            return ("wild-ratio", f"a set needs at least {mr.naturals_per_wild} times as many "
                                  "natural cards as wild cards")
        if mr.naturals_exceed_wilds and nat <= wild:
            return ("wild-ratio", "natural cards must outnumber wild cards in a set")
        if wild and rank in mr.no_wild_ranks:
            return ("no-wild-rank", f"a meld of {Rank(rank).symbol}s may not hold wild cards")
        if mr.max_size is not None and size > mr.max_size:
            return ("max-size", f"a meld holds at most {mr.max_size} cards")
        return None

    def _run_problem(self, suit_codes: Sequence[int]) -> Problem | None:
        """Whether these natural codes form a legal run (AS-9)."""
        mr = self._s.meld
        if not mr.runs:
            return ("set", "melds must be of one rank in this game (no sequences)")
        suits = {code % 4 for code in suit_codes}
        if len(suits) != 1:
            return ("run", "a sequence must be all of one suit")
        ranks = (run_places(suit_codes, True) if mr.run_ace_low
                 else sorted([code // 4 + 2 for code in suit_codes]))
        if len(set(ranks)) != len(ranks):
            return ("run", "a sequence cannot hold two cards of the same rank")
        if ranks[0] < (ACE_LOW if mr.run_ace_low else mr.run_low) or ranks[-1] > mr.run_high:
            low = "A" if mr.run_ace_low else Rank(mr.run_low).symbol
            return ("run", f"a sequence runs from {low} to {Rank(mr.run_high).symbol} only "
                           "(no wild cards, no wrapping round)")
        if ranks[-1] - ranks[0] != len(ranks) - 1:
            return ("run", "the cards of a sequence must be consecutive")
        if len(ranks) < mr.run_min:
            return ("run", f"a sequence needs at least {mr.run_min} cards")
        if len(ranks) > mr.run_max:
            return ("run", f"a sequence can never exceed {mr.run_max} cards")
        return None

    def _going_out_problem(self, player: int, kinds: tuple[str, ...]) -> Problem | None:
        violations = self._s.call("canasta_going_out_violations", tuple, game=self,
                                  player=player, canastas=kinds)
        if violations:
            first = violations[0]
            if not isinstance(first, Violation):
                raise VariantError(
                    f"variant {self._s.info.name!r}: canasta_going_out_violations must "
                    f"return Violations, got {first!r}")
            return (first.rule, first.reason)
        return None

    def _ending_problem(self, player: int, after: int, kinds: tuple[str, ...],
                        initial_after: bool) -> Problem | None:
        """Whether a play leaving ``after`` cards in hand is allowed (AS-35): below the
        number to keep, the player must be able to go out. A stranded player (PH-16) may
        keep a single card: no discard follows."""
        if after > 0 and (after >= self._s.going_out.keep_cards or self._stranded()):
            return None
        if self._rsize[self._s.side_of[player]]:
            return None  # emptying the hand takes the side's reserve (BU-20): not going out
        if self._answer is False:
            return ("ask", "your partner answered no: you may not go out this turn, so you "
                           "must keep cards in hand")
        if not initial_after:
            return ("initial-meld", "your side's initial meld must reach the minimum before "
                                    "you can go out")
        return self._going_out_problem(player, kinds)

    def _kinds_with(self, side: int, index: int | None, new_kind: str | None,
                    extra: Sequence[str | None] = ()) -> tuple[str, ...]:
        """The side's canasta kinds if meld ``index`` (None: a new meld) had ``new_kind``."""
        kinds = [m.canasta for i, m in enumerate(self._melds[side]) if i != index]
        if index is not None:
            kinds.insert(index, new_kind)
        else:
            kinds.append(new_kind)
        kinds.extend(extra)
        return tuple(k for k in kinds if k is not None)

    def _meld_from_codes(self, codes: Sequence[int]) -> Meld | None:
        """Build a Meld value from sorted codes, or None if they are no legal meld shape
        (used for arrangements; going-out conditions are not checked there)."""
        shape = self._shape(codes, black3_ok=True)
        if len(shape) == 2:
            return None
        kind, rank, suit, wilds = shape
        return self._new_meld(kind, rank, suit, codes, wilds)

    def _new_meld(self, kind: MeldKind, rank: int | None, suit: int | None,
                  codes: Sequence[int], wilds: int, stands: Stands = ()) -> Meld:
        # A Meld is a value fixed by its kind and cards (rank, suit and wild count follow
        # from them): memoised per rule set, as the canasta kind depends on the rules.
        if kind is _RUN and self._s.positional:
            run = self._new_run_meld(codes, stands)
            assert isinstance(run, Meld), run  # the cards were checked
            return run
        ordered = tuple(sorted(codes))
        melds = self._t.melds
        key = (kind is _RUN, ordered)
        meld = melds.get(key)
        if meld is None:
            canasta = self._canasta_kind(kind is _RUN, rank, len(codes), wilds)
            meld = _new_meld(kind, None if rank is None else Rank(rank),
                             None if suit is None else Suit(suit), self._t.cards_of(ordered),
                             wilds, canasta)
            melds[key] = meld
        return meld

    def _shape(self, codes: Sequence[int], black3_ok: bool, stands: Stands = ()
               ) -> tuple[MeldKind, int | None, int | None, int] | Problem:
        """Classify new-meld cards: (kind, rank, suit, wilds) or a Problem. ``stands``:
        the ranks wild cards of a sequence were said to stand for."""
        if self._s.positional:
            return self._positional_shape(codes, black3_ok, stands)
        if stands:
            return ("run-place", "only the wild cards of a sequence stand for a rank, and "
                                 "this game's sequences hold none")
        wild = 0
        naturals: list[int] = []
        is_wild = self._s.wild
        is_bonus = self._s.bonus
        for code in codes:
            if is_wild[code]:
                wild += 1
            elif is_bonus[code]:
                return ("red-three-meld", "red 3s are never melded")
            else:
                naturals.append(code)
        if not naturals:
            problem = self._set_problem(None, 0, wild, black3_ok)
            return problem if problem else (_SET, None, None, wild)
        ranks = {code // 4 + 2 for code in naturals}
        if len(ranks) == 1:
            rank = ranks.pop()
            problem = self._set_problem(rank, len(naturals), wild, black3_ok)
            return problem if problem else (_SET, rank, None, wild)
        if wild:
            if not self._s.meld.runs:
                return ("set", "a meld holds cards of one rank (plus wild cards)")
            return ("run", "wild cards can never be part of a sequence, and a set holds one "
                           "rank")
        problem = self._run_problem(naturals)
        return problem if problem else (_RUN, None, naturals[0] % 4, 0)

    def _positional_shape(self, codes: Sequence[int], black3_ok: bool, stands: Stands
                          ) -> tuple[MeldKind, int | None, int | None, int] | Problem:
        """:meth:`_shape` where sequences may hold wild cards (BU-12…15): cards of one
        rank are a set if they make one (and name no places); anything else is read as
        a sequence."""
        is_wild = self._s.wild
        naturals = [code for code in codes if not is_wild[code]]
        if any(self._s.bonus[c] for c in naturals):
            return ("red-three-meld", "red 3s are never melded")
        ranks = {code // 4 + 2 for code in naturals}
        problem: Problem | None = None
        if len(ranks) <= 1:
            rank = ranks.pop() if ranks else None
            problem = self._set_problem(rank, len(naturals), len(codes) - len(naturals),
                                        black3_ok)
            if problem is None:
                if stands:
                    return ("run-place", "those cards make a set, whose wild cards stand for "
                                         "its rank: name no place")
                return (_SET, rank, None, len(codes) - len(naturals))
        run = self._new_run_meld(codes, stands)
        if isinstance(run, Meld):
            return (_RUN, None, int(run.suit), run.wilds)  # type: ignore[arg-type]
        return problem if problem is not None and run[0] == "run" else run

    def _layoff_problem(self, meld: Meld, codes: Sequence[int], black3_ok: bool,
                        stands: Stands = ()) -> tuple[Meld, None] | tuple[None, Problem]:
        """The meld after adding ``codes``, or the problem (AS-12). ``stands``: the ranks
        wild cards laid off on a sequence were said to stand for."""
        if meld.kind is _RUN and self._s.positional:
            if any(self._s.bonus[c] for c in codes):
                return None, ("red-three-meld", "red 3s are never melded")
            made = self._run_meld(self._run_table(meld), codes, stands)
            if isinstance(made, Meld):
                return made, None
            return None, (("lay-off", made[1]) if made[0] == "run" else made)
        if stands:
            return None, ("run-place", "only the wild cards of a sequence stand for a rank")
        mr = self._s.meld
        is_wild = self._s.wild
        wild = sum(1 for c in codes if is_wild[c])
        if any(self._s.bonus[c] for c in codes):
            return None, ("red-three-meld", "red 3s are never melded")
        if meld.kind is _RUN:
            if wild:
                return None, ("run", "wild cards can never be part of a sequence")
            all_codes = [c.code for c in meld.cards] + list(codes)
            problem = self._run_problem(all_codes)
            if problem:
                return None, ("lay-off", problem[1]) if problem[0] == "run" else problem
            return self._new_meld(_RUN, None, meld.suit, sorted(all_codes), 0), None
        rank = None if meld.rank is None else int(meld.rank)
        for code in codes:
            if not is_wild[code] and (rank is None or code // 4 + 2 != rank):
                what = "wild cards" if rank is None else f"{Rank(rank).symbol}s or wild cards"
                return None, ("lay-off", f"only {what} can be added to that meld")
        if wild and meld.canasta is not None and meld.wilds == 0 \
                and mr.no_wild_on_natural_canasta:
            return None, ("natural-canasta-wild",
                          "wild cards may not be added to a natural canasta (house rule)")
        if mr.max_size is not None and meld.canasta is not None \
                and len(meld.cards) >= mr.max_size:
            return None, ("max-size", "a finished canasta cannot be added to")
        problem = self._set_problem(rank, len(meld.cards) - meld.wilds + len(codes) - wild,
                                    meld.wilds + wild, black3_ok)
        if problem:
            return None, problem
        all_codes = sorted([c.code for c in meld.cards] + list(codes))
        return self._new_meld(_SET, rank, None, all_codes, meld.wilds + wild), None

    def _hand_lacks(self, player: int, codes: Sequence[int]) -> Card | None:
        hand = self._hands[player]
        need: dict[int, int] = {}
        for code in codes:
            need[code] = need.get(code, 0) + 1
        for code, count in need.items():
            if hand[code] < count:
                return CARDS[code]
        return None

    def _value(self, codes: Sequence[int]) -> int:
        values = self._s.values
        return sum(values[c] for c in codes)

    def _provisional(self, side: int) -> bool:
        # Melds of a side that has not reached its minimum are this turn's tentative
        # initial meld (AS-24): they can be completed or taken back.
        return not self._initial[side] and bool(self._melds[side])

    def _counted_value(self, codes: Sequence[int], use_up: bool = False) -> int:
        """What a play of ``codes`` adds to this turn's initial-meld count: after a pile
        take short of the minimum, only cards the player held before the take (AS-23).
        With ``use_up`` (the play is being made) the counted cards are used up."""
        counts = self._take_counts
        if counts is None:
            return self._value(codes)
        values = self._s.values
        left = counts if use_up else counts[:]
        total = 0
        for code in codes:
            if left[code]:
                left[code] -= 1
                total += values[code]
        return total

    def _forbidden(self, player: int, going_out: bool, counts: Sequence[int] | None = None,
                   kinds: tuple[str, ...] | None = None) -> Mapping[Card, Violation]:
        """The cards of ``counts`` (default: the player's hand) that may not be discarded
        when the side's canasta kinds are ``kinds`` (default: as now)."""
        s = self._s
        hand = self._hands[player] if counts is None else counts
        if not s.custom_discards and (s.red.discardable or not any(s.bonus_counts(hand))):
            return {}
        if kinds is None:
            kinds = self.side_canasta_kinds(s.side_of[player])
        # Each card as often as it is held, lowest code first; only the codes held are
        # visited (Pennies from Heaven asks this at every play listing).
        held: list[Card] = []
        for code in compress(_ALL_CODES, hand):
            count = hand[code]
            if count == 1:
                held.append(CARDS[code])
            else:
                held.extend(repeat(CARDS[code], count))
        cards = tuple(held)
        result = s.call("canasta_forbidden_discards", Mapping, game=self, player=player,
                        going_out=going_out, hand=cards, canastas=kinds)
        return result  # type: ignore[no-any-return]

    @staticmethod
    def _discardable(counts: Sequence[int], forbidden: Mapping[Card, Violation]) -> list[int]:
        """The codes held in ``counts`` that ``forbidden`` (from :meth:`_forbidden`) lets
        go, lowest first (PH-16).

        >>> from canasta_family.cards import parse_card
        >>> hand = [0] * 53
        >>> hand[20] = hand[21] = hand[40] = 1   # 7c 7d Qc
        >>> no = Violation("PH-16", "no 7s")
        >>> _Problems._discardable(hand, {parse_card("7c"): no, parse_card("7d"): no})
        [40]
        """
        if not forbidden:
            return list(compress(_ALL_CODES, counts))
        barred = {card.code for card in forbidden}
        return [code for code in compress(_ALL_CODES, counts) if code not in barred]

    def _stranded(self) -> bool:
        """Whether the player to move holds cards in the play phase of which none may be
        discarded (PH-16): then plays may keep a single card and ``pass`` ends the hand."""
        if self._phase != PLAY:
            return False
        player = self._current
        n = self._hsize[player]
        if n == 0:
            return False
        forbidden = self._forbidden(player, n == 1)
        if not forbidden:
            return False
        hand = self._hands[player]
        return all(CARDS[c] in forbidden for c in range(NUM_CODES) if hand[c])

    def _strand_problem(self, player: int, counts: Sequence[int], after: int,
                        kinds: tuple[str, ...],
                        cache: dict[tuple[bool, tuple[str, ...]], Mapping[Card, Violation]]
                        | None = None) -> Problem | None:
        """Whether a play leaving the hand ``counts`` (``after`` cards) and the side's
        canastas ``kinds`` leaves no card to discard: the last card must be discardable to
        go out (AS-34), and a longer hand must hold one card that may go (PH-16). A player
        already stranded is exempt: no discard follows.

        With ``cache`` (plays that keep a part of the hand, while listing), the hand as it
        is stands for what remains of it: cards are judged one by one (docs/hooks.md)."""
        if after == 0:
            return None
        if cache is None:
            forbidden = self._forbidden(player, after == 1, counts, kinds)
        else:
            key = (after == 1, kinds)
            found = cache.get(key)
            if found is None:
                found = cache[key] = self._forbidden(player, after == 1, None, kinds)
            forbidden = found
        if not forbidden or any(counts[c] and CARDS[c] not in forbidden
                                for c in range(NUM_CODES)):
            return None
        if self._stranded():
            return None
        if after == 1:
            last = next(CARDS[c] for c in range(NUM_CODES) if counts[c])
            return (forbidden[last].rule, "the card you would keep cannot be discarded to go "
                                          f"out: {forbidden[last].reason}")
        return ("stranded", "that play would leave you only cards you may not discard, so "
                            "you could not finish your turn")

    def _counts_after(self, player: int, used: Sequence[int], gained: Sequence[int] = ()
                      ) -> list[int]:
        counts = list(self._hands[player])
        for code in used:
            counts[code] -= 1
        for code in gained:
            counts[code] += 1
        return counts

    def _pile_to_hand(self) -> list[int]:
        """The pile's cards (below the top) that a take brings into the hand."""
        auto = self._s.red.auto_place
        bonus = self._s.bonus
        return [c for c in self._pile[:-1] if not (auto and bonus[c])]

    def _top_blocked(self) -> Problem | None:
        top = self._pile[-1]
        s = self._s
        rules = s.pile
        if rules.blocked_wild and s.wild[top]:
            return ("pile-blocked", "the pile cannot be taken while a wild card is on top")
        if rules.blocked_black_three and s.stop[top]:
            return ("pile-blocked", "a black 3 on top stops the pile: nobody may take it")
        if rules.blocked_red_three and s.bonus[top]:
            return ("pile-blocked", "the pile cannot be taken while a red 3 is on top")
        return None

    def _pile_rest_effect(self) -> tuple[int, int]:
        """(cards that go to hand, red 3s that go to the table) when the whole pile is
        taken and its top card is melded."""
        reds = 0
        if self._s.red.auto_place:
            bonus = self._s.bonus
            reds = sum(1 for c in self._pile[:-1] if bonus[c])
        return len(self._pile) - 1 - reds, reds

    def _need_phase(self, phase: str, verb: str) -> None:
        if self._phase == phase:
            return
        if self._phase == ANSWER:
            raise IllegalActionError(self._rule("ask"), f"seat {self._current} must first "
                                     "answer the question 'may I go out?'")
        if phase == DRAW:
            raise IllegalActionError(self._rule("turn"), f"you cannot {verb} now: you have "
                                     "already drawn or taken the pile this turn")
        if phase == PLAY:
            raise IllegalActionError(self._rule("turn"), f"you cannot {verb} before drawing "
                                     "or taking the pile")
        raise IllegalActionError(self._rule("ask"), "nobody has asked to go out")

    def _joined_ranks(self, melds: Sequence[Meld]) -> set[int]:
        """The ranks (0: wild cards only) of the sets among ``melds`` that a new set of
        their rank would have to join: the unfinished ones under
        ``one_open_meld_per_rank`` (PH-10), every one under ``one_meld_per_rank`` (CC-3)."""
        every = self._s.meld.one_meld_per_rank
        # (A rank as an IntEnum member hashes and compares as its number: the set is only
        # asked whether it holds a rank.)
        return {0 if m.rank is None else m.rank for m in melds
                if m.kind is _SET and (every or m.canasta is None)}

    def _open_set_index(self, side: int, rank: int | None) -> int | None:
        """The side's set of ``rank`` (None: of wild cards only) that a new set of that
        rank joins (see :meth:`_joined_ranks`), if it has one."""
        every = self._s.meld.one_meld_per_rank
        for index, meld in enumerate(self._melds[side]):
            if meld.kind is _SET and (every or meld.canasta is None) and (
                    meld.rank == rank if rank is None else meld.rank is not None
                    and int(meld.rank) == rank):
                return index
        return None

    def _custom_problem(self, side: int, meld: Meld, added: Sequence[int]) -> Problem | None:
        """A variant's own meld restriction (``canasta_meld_violation``), asked for every
        play that creates or changes a meld: melds, lay-offs, takes, pickups, merges."""
        if not self._s.custom_meld_check:
            return None
        answers = self._s.call("canasta_meld_violation", list, game=self, side=side, meld=meld,
                               added=tuple(CARDS[c] for c in added))
        for answer in answers:
            if isinstance(answer, Violation):
                return (answer.rule, answer.reason)
            if answer is not None:
                raise VariantError(f"variant {self._s.info.name!r}: canasta_meld_violation "
                                   f"must return a Violation or None, got {answer!r}")
        return None

    def _note_meld(self, side: int, index: int | None, meld: Meld, value: int) -> None:
        melds = self._melds[side]
        if index is None:
            melds.append(meld)
            became = meld.canasta
        else:
            became = meld.canasta if melds[index].canasta is None else None
            melds[index] = meld
        if became is not None:
            self._turn_kinds.append(became)
        if not self._initial[side]:
            self._turn_value += value
            if self._turn_value >= self._minimum[side]:
                self._initial[side] = True
                self._take_counts = None
            elif self._take_counts is None and self._s.initial.retract_penalty is None:
                # PH-17: melds never go back to the hand, so a short first meld binds the
                # turn to reach the minimum, as an initial pile take does (AS-23): the
                # cards held now are those that may count.
                self._take_counts = self._hands[self._current][:]

    def _made_meld(self, action: MakeMeld) -> tuple[Meld, tuple[int, ...]]:
        """The meld a checked ``MakeMeld`` makes, and its codes: memoised by the action, as
        the listing hands out one shared action per meld."""
        made = self._t.made_melds
        found = made.get(id(action))
        if found is not None and found[0] is action:
            return found[1], found[2]
        codes = tuple([c.code for c in action.cards])
        # A meld made before is known by its cards (a set or a run, never both), except
        # where runs hold wild cards at places named or not.
        melds = self._t.melds
        ordered = tuple(sorted(codes))
        meld = None if self._s.positional else (melds.get((False, ordered))
                                                or melds.get((True, ordered)))
        if meld is None:
            kind, rank, suit, wild = self._shape(  # type: ignore[misc]
                codes, True, action.stands)
            meld = self._new_meld(kind, rank, suit, codes, wild, action.stands)
        made[id(action)] = (action, meld, codes)
        return meld, codes

    def _laid_off(self, meld: Meld, codes: tuple[int, ...], stands: Stands = ()) -> Meld:
        """What ``meld`` becomes with ``codes`` added, for a lay-off (or a pile card put
        onto it) already checked."""
        if meld.kind is _RUN and self._s.positional:
            made = self._run_meld(self._run_table(meld), codes, stands)
            assert isinstance(made, Meld), made  # the lay-off was checked
            return made
        # The play was checked (or listed, which the completeness tests hold to the
        # checks): only the meld is left to build, as ``_layoff_problem`` would; the
        # meld table sorts the codes.
        all_codes = [c.code for c in meld.cards]
        all_codes += codes
        if meld.kind is _RUN:
            new = self._new_meld(_RUN, None, meld.suit, all_codes, 0)
        else:
            wild = meld.wilds
            is_wild = self._s.wild
            for code in codes:
                if is_wild[code]:
                    wild += 1
            new = self._new_meld(_SET, None if meld.rank is None else int(meld.rank),
                                 None, all_codes, wild)
        return new
