"""The checks of every other action: ``_check_*`` raises the rule an action breaks."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_family.actions import (
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PlaceRedThree,
    Retract,
)
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.constructors import _RUN, _SET
from canasta_family.engine.going_out import _GoingOut
from canasta_family.engine.phases import ANSWER, DRAW, PLAY
from canasta_family.engine.state import Problem
from canasta_family.errors import (
    IllegalActionError,
    InvalidActionError,
)
from canasta_family.melds import Meld, MeldKind


class _Checks(_GoingOut):
    """The ``_check_*`` method of every action but the pile's."""

    __slots__ = ()

    def _check_draw(self, action: Draw) -> None:
        self._need_phase(DRAW, "draw")
        if not self._stock:
            raise IllegalActionError(self._rule("stock-end"), "the stock is exhausted: take "
                                     "the pile if you can, or pass")

    def _check_pass(self, action: Pass) -> None:
        if self._phase == PLAY:
            # PH-16: a player holding only cards that may not be discarded ends the hand.
            if self._bound_to_go_out():
                raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                         "you must go out this turn")
            if self._provisional(self._s.side_of[self._current]):
                raise IllegalActionError(self._rule("retract"), "complete your initial meld "
                                         "or take it back ('retract') first")
            if not self._stranded():
                # Where no card is ever kept from the discard, the turn rule says why.
                topic = "stranded" if self._s.strand_check else "turn"
                raise IllegalActionError(self._rule(topic), "you may end the turn without "
                                         "a discard only when no card in your hand may be "
                                         "discarded; discard a card instead")
            return
        self._need_phase(DRAW, "pass")
        if self._stock:
            raise IllegalActionError(self._rule("turn"), "you may pass only when the stock is "
                                     "exhausted; draw from the stock instead")
        if self._s.stock_end.forced_layoff_take and self._layoff_takes():
            raise IllegalActionError(self._rule("stock-end"), "the top card of the pile fits "
                                     "one of your side's melds, so you must take the pile")

    def _check_meld(self, action: MakeMeld) -> None:
        self._need_phase(PLAY, "meld")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        player = self._current
        codes = [c.code for c in action.cards]
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that meld",
                                     field="cards")
        side = self._s.side_of[player]
        after = self._hsize[player] - len(codes)
        value = self._counted_value(codes)
        initial_after = self._initial[side] or self._turn_value + value >= self._minimum[side]
        shape = self._shape(codes, True, action.stands)
        if len(shape) == 2:
            raise self._fail(shape)
        kind, rank, _suit, wild = shape
        new_kind = self._canasta_kind(kind is _RUN, rank, len(codes), wild)
        kinds = self._kinds_with(side, None, new_kind)
        if kind is _SET and self._s.joins_sets \
                and self._open_set_index(side, rank) is not None:
            raise IllegalActionError(self._rule("one-open-meld"), "your side already has "
                                     + ("a meld" if self._s.meld.one_meld_per_rank else
                                        "an unfinished meld") + " of that rank: add to it")
        self._check_custom_meld(side, kind, rank, codes, wild,
                                base=self._made_meld(action)[0] if self._s.positional
                                and self._s.custom_meld_check else None)
        self._check_initial_owed(side, action)
        self._check_ending(player, after, kinds, initial_after, rank in self._s.stop_ranks,
                           action)

    def _check_custom_meld(self, side: int, kind: MeldKind, rank: int | None,
                           codes: Sequence[int], wild: int, base: Meld | None = None) -> None:
        if not self._s.custom_meld_check:
            return
        if base is None:
            meld = self._new_meld(kind, rank, None if kind is _SET else codes[0] % 4,
                                  codes, wild)
        else:
            meld = base
        problem = self._custom_problem(side, meld, codes)
        if problem:
            raise IllegalActionError(problem[0], problem[1])

    def _check_ending(self, player: int, after: int, kinds: tuple[str, ...],
                      initial_after: bool, black3: bool,
                      action: MakeMeld | LayOff | PlaceRedThree) -> None:
        """Whether the play ``action`` (checked otherwise), leaving ``after`` cards and the
        side's canastas ``kinds``, still lets the turn end legally (AS-33, AS-35, AS-36):
        a play that empties the hand goes out; one that leaves fewer cards than a player
        must keep, one that melds black 3s and every play of a player bound to go out must
        leave a hand from which going out this turn is still possible."""
        if self._rsize[self._s.side_of[player]]:
            # The side's reserve waits (BU-20): nobody of the side can go out, and a hand
            # emptied takes the reserve. Only a card to discard must be left — or none,
            # where the reserve may be taken before the discard (BU-22, BU-O5).
            problem = self._reserve_problem(player, after, kinds, action)
            if problem:
                raise self._fail(problem)
            return
        if after == 0:
            if self._s.going_out.by_discard:
                raise IllegalActionError(self._rule("going-out"), "you go out only by "
                                         "discarding your last card: keep one")
            problem = self._ending_problem(player, 0, kinds, initial_after)
            if problem:
                raise self._fail(problem)
            return
        if self._probe:
            # The going-out search decides the rest of the turn itself. It looks for a way
            # to divide the hand into plays; MS-13's literal two cards only order them
            # (the plays that complete canastas first, a play of two cards or more last).
            return
        short = after < self._s.going_out.keep_cards or after == 1
        # MS-13 taken literally: fewer cards than a player keeps only when the side may
        # go out already, whether or not the turn is bound to end by going out.
        literal = short and (self._s.going_out.literal_keep or self._stranded())
        if literal:
            problem = self._ending_problem(player, after, kinds, initial_after)
            if problem:
                raise self._fail(problem)
        bound = black3 or self._bound_to_go_out()
        if bound or (short and not literal):
            if not self._reach_after(action):
                raise self._fail(self._unreachable_problem(player, kinds, black3,
                                                           initial_after, action))
            return
        problem = self._strand_problem(player, self._counts_after(
            player, [c.code for c in getattr(action, "cards", ())]), after, kinds)
        if problem:
            raise self._fail(problem)

    def _reserve_problem(self, player: int, after: int, kinds: tuple[str, ...],
                         action: MakeMeld | LayOff | PlaceRedThree) -> Problem | None:
        """Whether a play leaving ``after`` cards may be made while the side's reserve
        waits (see :meth:`_check_ending`)."""
        if after == 0:
            if self._s.reserve.direct:
                return None
            return ("reserve", "your side's reserve is taken with the discard: keep a card "
                               "to discard")
        used = [action.card.code] if isinstance(action, PlaceRedThree) else \
            [card.code for card in action.cards]
        return self._strand_problem(player, self._counts_after(player, used), after, kinds)

    def _unreachable_problem(self, player: int, kinds: tuple[str, ...], black3: bool,
                             initial_after: bool, action: MakeMeld | LayOff | PlaceRedThree
                             ) -> Problem:
        """Why a play after which going out this turn is impossible is refused."""
        if self._answer is True:
            return ("ask", "your partner said yes, so you must go out this turn, and after "
                           "that play you could not")
        if black3:
            return ("black-three", "black 3s may be melded only by a player going out in "
                                   "that turn, and after that play you could not go out")
        if self._bound_to_go_out():
            return ("black-three", "you have melded black 3s, so you must go out this turn, "
                                   "and after that play you could not")
        if self._answer is False:
            return ("ask", "your partner answered no: you may not go out this turn, so you "
                           "must keep cards in hand")
        if not initial_after:
            return ("initial-meld", "that play would leave a hand that cannot finish the "
                                    "turn: your side's initial meld must reach the minimum "
                                    "before you can go out, and it could not this turn")
        problem = self._going_out_problem(player, kinds)
        used = [action.card.code] if isinstance(action, PlaceRedThree) else \
            [card.code for card in action.cards]
        counts = self._counts_after(player, used)
        if problem is None and sum(counts) == 1:
            # The one card kept would have to be the going-out discard.
            last = CARDS[counts.index(1)]
            forbidden = self._forbidden(player, True, counts, kinds)
            if last in forbidden:
                return (forbidden[last].rule, "the card you would keep cannot be discarded "
                                              f"to go out: {forbidden[last].reason}")
        reason = problem[1] if problem else "no sequence of plays would take you out"
        return (problem[0] if problem else "keep-cards",
                f"that play would leave a hand that cannot finish the turn: you could not go "
                f"out this turn ({reason})")

    def _check_layoff(self, action: LayOff) -> None:
        self._need_phase(PLAY, "lay off")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        player = self._current
        side = self._s.side_of[player]
        if not 0 <= action.meld < len(self._melds[side]):
            raise InvalidActionError(f"your side has no meld number {action.meld}",
                                     field="meld")
        codes = [c.code for c in action.cards]
        if not codes:
            raise InvalidActionError("say which cards to lay off", field="cards")
        lacking = self._hand_lacks(player, codes)
        if lacking:
            raise InvalidActionError(f"you do not hold enough {lacking} for that",
                                     field="cards")
        meld = self._melds[side][action.meld]
        after = self._hsize[player] - len(codes)
        black3 = meld.rank in self._s.stop_ranks
        new, problem = self._layoff_problem(meld, codes, True, action.stands)
        if problem:
            raise self._fail(problem)
        assert new is not None
        value = self._counted_value(codes)
        initial_after = self._initial[side] or self._turn_value + value >= self._minimum[side]
        kinds = self._kinds_with(side, action.meld, new.canasta)
        if self._s.custom_meld_check:
            self._check_custom_meld(side, new.kind, None, codes, 0, base=new)
        self._check_initial_owed(side, action)
        self._check_ending(player, after, kinds, initial_after, black3, action)

    def _check_merge(self, action: Merge) -> None:
        self._need_phase(PLAY, "merge melds")
        if self._retracted:
            raise IllegalActionError(self._rule("retract"), "after taking back a short initial "
                                     "meld you stop melding for this turn: discard")
        if not self._s.meld.merge:
            raise IllegalActionError(self._rule("merge"), "melds cannot be merged in this game")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                     "you must go out this turn: meld and lay off, do not "
                                     "merge")
        side = self._s.side_of[self._current]
        melds = self._melds[side]
        for index in (action.first, action.second):
            if not 0 <= index < len(melds):
                raise InvalidActionError(f"your side has no meld number {index}", field="meld")
        if action.first == action.second:
            raise InvalidActionError("merge needs two different melds", field="meld")
        problem = self._merge_problem(melds[action.first], melds[action.second])
        if problem:
            raise self._fail(problem)
        self._check_initial_owed(side, action)

    def _check_initial_owed(self, side: int, action: Action) -> None:
        if self._probe:
            return
        if not self._owes_initial(side):
            if self._s.initial.retract_penalty is None and not self._initial[side] \
                    and not self._short_start_ok(action):
                raise IllegalActionError(
                    self._rule("retract"),
                    f"your side's initial meld needs {self._minimum[side]}, melded cards "
                    "never go back to the hand, and after that play the rest of your hand "
                    "could not make up the minimum this turn")
            return
        # The judge on counts first, as the listing asks it (``_owed_plays``).
        judge = self._owed_counts(self._minimum[side] - self._turn_value)
        known = None if judge is None else self._counts_keep(judge, action)
        if not self._keeps_initial_reachable(action, None, known):
            raise IllegalActionError(
                self._rule("initial-meld-pile"),
                f"your side's initial meld must reach {self._minimum[side]} this turn (it "
                f"counts {self._turn_value}); after that play the cards that may count "
                "could no longer make it up")

    def _merge_ok(self, a: Meld, b: Meld) -> bool:
        """``_merge_problem(a, b) is None``, memoised by the melds' shapes unless the
        variant checks melds itself (two same-rank sets merge or not by their sizes, wild
        cards and whether each is a canasta)."""
        if self._s.custom_meld_check or a.rank is None:
            return self._merge_problem(a, b) is None
        key = (a.kind, b.kind, a.rank, b.rank, len(a.cards), a.wilds, a.canasta is None,
               len(b.cards), b.wilds, b.canasta is None)
        cache = self._t.merge_ok
        ok = cache.get(key)
        if ok is None:
            ok = cache[key] = self._merge_problem(a, b) is None
        return ok

    def _merge_problem(self, a: Meld, b: Meld) -> Problem | None:
        if a.kind is not _SET or b.kind is not _SET or a.rank is None \
                or a.rank != b.rank:
            return ("merge", "only two sets of the same rank can be merged")
        wild = a.wilds + b.wilds
        if self._s.meld.no_wild_on_natural_canasta and any(
                m.canasta is not None and m.wilds == 0 and other.wilds
                for m, other in ((a, b), (b, a))):
            return ("natural-canasta-wild", "wild cards may not join a natural canasta, by "
                                            "lay-off or by merging (house rule)")
        nat = len(a.cards) + len(b.cards) - wild
        problem = self._set_problem(int(a.rank), nat, wild, True)
        if problem:
            return ("merge", f"the merged meld would break the meld rules: {problem[1]}")
        if self._s.custom_meld_check:
            codes = sorted([c.code for c in a.cards] + [c.code for c in b.cards])
            merged = self._new_meld(_SET, int(a.rank), None, codes, wild)
            return self._custom_problem(self._s.side_of[self._current], merged,
                                        [c.code for c in b.cards])
        return None

    def _check_place(self, action: PlaceRedThree) -> None:
        self._need_phase(PLAY, "place a red 3")
        if self._s.red.auto_place:
            raise IllegalActionError(self._rule("red-three-draw"), "red 3s are placed "
                                     "automatically in this game")
        if not self._s.bonus[action.card.code]:
            raise InvalidActionError(f"{action.card} is not a red 3 (a bonus card)",
                                     field="card")
        player = self._current
        if self._hands[player][action.card.code] == 0:
            raise InvalidActionError(f"you do not hold {action.card}", field="card")
        side = self._s.side_of[player]
        after = self._hsize[player] - 1
        self._check_initial_owed(side, action)
        self._check_ending(player, after, self.side_canasta_kinds(side), self._initial[side],
                           False, action)

    def _check_retract(self, action: Retract) -> None:
        self._need_phase(PLAY, "retract")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("ask" if self._answer else "black-three"),
                                     "you must go out this turn")
        side = self._s.side_of[self._current]
        if self._s.initial.retract_penalty is None:
            raise IllegalActionError(self._rule("retract"), "melded cards never go back to "
                                     "the hand in this game: an initial meld cannot be "
                                     "taken back")
        if not self._provisional(side):
            raise IllegalActionError(self._rule("retract"), "there is no short initial meld to "
                                     "take back")
        if self._owes_initial(side):
            raise IllegalActionError(self._rule("initial-meld-pile"), "a pile taken for the "
                                     "initial meld cannot be given back: meld from your hand "
                                     f"until the meld counts {self._minimum[side]}")

    def _check_discard(self, action: Discard) -> None:
        self._need_phase(PLAY, "discard")
        player = self._current
        code = action.card.code
        if self._hands[player][code] == 0:
            raise InvalidActionError(f"you do not hold {action.card}", field="card")
        side = self._s.side_of[player]
        if self._owes_initial(side):
            raise IllegalActionError(
                self._rule("initial-meld-pile"),
                f"your side's initial meld counts {self._turn_value} of the "
                f"{self._minimum[side]} it must reach this turn: meld the cards that count "
                "until it reaches the minimum, then discard")
        if self._provisional(side):
            raise IllegalActionError(
                self._rule("retract"),
                f"your initial meld counts {self._turn_value} of the {self._minimum[side]} "
                "needed: add cards to reach it, or take it back ('retract') before discarding")
        going_out = self._hsize[player] == 1
        if not going_out and self._bound_to_go_out():
            if self._answer is True:
                raise IllegalActionError(self._rule("ask"), "your partner said yes: you must "
                                         "go out this turn, so meld your cards before "
                                         "discarding")
            raise IllegalActionError(self._rule("black-three"), "you have melded black 3s, so "
                                     "you must go out this turn: meld your cards before "
                                     "discarding")
        if going_out:
            problem = self._ending_problem(player, 0, self.side_canasta_kinds(side), True)
            if problem:
                raise self._fail(problem)
        forbidden = self._forbidden(player, going_out)
        if action.card in forbidden:
            violation = forbidden[action.card]
            raise IllegalActionError(violation.rule, violation.reason)

    def _check_ask(self, action: Ask) -> None:
        self._need_phase(PLAY, "ask your partner")
        player = self._current
        if action.partner not in self.partners(player):
            raise InvalidActionError(f"seat {action.partner} is not your partner",
                                     field="partner")
        if not self._s.going_out.partner_question:
            raise IllegalActionError(self._rule("ask"), "in this game nobody asks a partner "
                                     "before going out")
        if self._answer is not None:
            raise IllegalActionError(self._rule("ask"), "you have already asked this turn")
        side = self._s.side_of[player]
        if self._owes_initial(side):
            raise IllegalActionError(
                self._rule("initial-meld-pile"),
                f"your side's initial meld counts {self._turn_value} of the "
                f"{self._minimum[side]} it needs this turn: make it up before you ask")
        if self._bound_to_go_out():
            raise IllegalActionError(self._rule("black-three"), "you have melded black 3s and "
                                     "must go out this turn: ask before melding them")
        if self._hsize[player] < 2:
            # A "no" must leave a way to end the turn: a discard that keeps a card.
            raise IllegalActionError(self._rule("ask"), "ask while you hold at least two "
                                     "cards: with one card left a 'no' would leave you no "
                                     "legal way to end the turn")
        if not self._out_reachable():
            raise IllegalActionError(self._rule("ask"), "ask only when some sequence of plays "
                                     "this turn would take you out")

    def _check_answer(self, action: Answer) -> None:
        self._need_phase(ANSWER, "answer")
