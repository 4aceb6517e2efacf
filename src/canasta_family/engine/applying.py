"""Playing an action that passed its check (``_do_*``), and the end of a hand."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_family.actions import (
    Answer,
    Ask,
    Discard,
    Draw,
    LayOff,
    MakeMeld,
    Merge,
    Pass,
    PickUp,
    PlaceRedThree,
    Retract,
    TakePile,
)
from canasta_family.cards import NUM_CODES
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.constructors import _SET
from canasta_family.engine.listing import _Listing
from canasta_family.engine.phases import ANSWER, OVER, PLAY
from canasta_family.errors import (
    VariantError,
)
from canasta_family.hand_table import table_of
from canasta_family.melds import Meld
from canasta_family.results import HandResult, SideScore
from canasta_family.rules import (
    GameResult,
    ScoreItem,
    TurnEndEffects,
)


def _empty_into(hand: list[int], source: list[int]) -> None:
    """Move every card of the counts ``source`` (a foot, a reserve) into ``hand``."""
    for code in range(NUM_CODES):
        hand[code] += source[code]
        source[code] = 0


class _Applying(_Listing):
    """The ``_do_*`` executor of every action, and the end of a hand."""

    __slots__ = ()

    def _remove(self, player: int, codes: Sequence[int]) -> None:
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        self._hsize[player] -= len(codes)

    def _after_play(self, player: int) -> None:
        if self._hsize[player] == 0:
            self._emptied(player)

    def _emptied(self, player: int) -> None:
        """``player``'s hand has emptied before the discard: the player goes out, or takes
        the side's waiting reserve and plays on (BU-22)."""
        side = self._s.side_of[player]
        if self._rsize[side]:
            self._take_reserve(player, by_discard=False)
        else:
            self._end_hand(went_out=player, reason=f"seat {player} went out")

    def _take_reserve(self, player: int, by_discard: bool) -> None:
        """``player`` takes the side's reserve into the hand (BU-20): with the discard, it
        waits for the player's next turn (BU-23, BU-24)."""
        side = self._s.side_of[player]
        _empty_into(self._hands[player], self._reserves[side])
        self._hsize[player] += self._rsize[side]
        self._rsize[side] = 0
        self._reserve_taker[side] = player
        self._reserve_waiting[side] = by_discard
        self._log.extend((player, "takes the reserve"))

    def _reserve_to_stock(self) -> None:
        """The stock has run out: a waiting reserve becomes the stock (BU-28)."""
        rsize = self._rsize
        for side, size in enumerate(rsize):
            if size:
                reserve = self._reserves[side]
                self._stock = [code for code in range(NUM_CODES) for _ in range(reserve[code])]
                self._generator().shuffle(self._stock)
                self._reserves[side] = [0] * NUM_CODES
                rsize[side] = 0
                self._reserve_stocked[side] = True
                self._log.extend((None, f"the reserve of side {side} becomes the stock"))
                return

    def _do_draw(self, action: Draw) -> None:
        s = self._s
        player = self._current
        hand = self._hands[player]
        stock = self._stock
        auto = s.red.auto_place
        kept = 0
        last_red = False
        pending = s.draw_count
        bonus = s.bonus
        self._log.extend((player, "draws"))
        while pending and stock:
            code = stock.pop()
            if not stock and s.reserve.to_stock and any(self._rsize):
                self._reserve_to_stock()  # BU-28: the moment the stock is empty
                stock = self._stock
            if auto and bonus[code]:
                # AS-16: a drawn red 3 is placed at once and replaced.
                self._red[s.side_of[player]].append(code)
                self._log.extend((player, f"places {CARDS[code]}"))
                last_red = not stock
                continue
            pending -= 1
            hand[code] += 1
            kept += 1
        self._hsize[player] += kept
        stock_end = s.stock_end
        if kept == 0 and not stock and stock_end.red_three_last_draw_ends:
            self._end_hand(went_out=None, reason="the last draw from the stock was only red 3s")
            return
        if last_red and stock_end.red_three_last_card_ends:
            self._end_hand(went_out=None, reason="the last card of the stock was a red 3")
            return
        self._phase = PLAY

    def _do_pass(self, action: Pass) -> None:
        self._log.extend((self._current, "passes"))
        if self._phase == PLAY:
            self._end_hand(went_out=None, reason=f"seat {self._current} holds only cards that "
                                                 "may not be discarded")
            return
        self._end_hand(went_out=None, reason="the stock is exhausted and the pile was not taken")

    def _take_rest_of_pile(self, player: int, whole: bool = False) -> None:
        """Bring the pile into ``player``'s hand: all of it with ``whole`` (BU-9), else all
        but the top card, which the take melds."""
        hand = self._hands[player]
        rest = self._pile if whole else self._pile[:-1]
        kept = len(rest)
        s = self._s
        if s.red.auto_place:
            red = self._red[s.side_of[player]]
            bonus = s.bonus
            for code in rest:
                if bonus[code]:
                    red.append(code)
                    self._log.extend((player, f"places {CARDS[code]} from the pile"))
                    kept -= 1
                else:
                    hand[code] += 1
        else:
            for code in rest:
                hand[code] += 1
        self._hsize[player] += kept
        self._pile = []
        self._freezers = 0

    def _do_take(self, action: TakePile) -> None:
        player = self._current
        side = self._s.side_of[player]
        top = self._pile[-1]
        self._turn_take = tuple(self._pile)
        self._log.extend((player, action))
        if self._s.pile.unconditional:
            self._take_rest_of_pile(player, whole=True)
        elif action.onto is not None:
            new = self._laid_off(self._melds[side][action.onto], (top,))
            self._take_rest_of_pile(player)
            self._note_meld(side, action.onto, new, 0)
        else:
            codes = [c.code for c in action.cards]
            hand = self._hands[player]
            is_wild = self._s.wild
            wild = 1 if is_wild[top] else 0
            # ``_remove`` inline, and the wild cards counted on the way (a generator
            # expression is a frame of its own).
            for code in codes:
                hand[code] -= 1
                if is_wild[code]:
                    wild += 1
            self._hsize[player] -= len(codes)
            all_codes = sorted([*codes, top])
            run = self._run_take_meld(action) if self._s.positional else None
            if isinstance(run, Meld):  # a sequence with the top card (BU-O8)
                join, meld = None, run
            else:
                join = (self._open_set_index(side, top // 4 + 2)
                        if self._s.joins_sets else None)
                meld = self._take_meld(side, join, all_codes, wild)
            was_initial = self._initial[side]
            base = 0 if was_initial else self._take_value(codes)
            held = None if was_initial else self._hands[player][:]
            self._take_rest_of_pile(player)
            if join is None:
                self._melds[side].append(meld)
            else:
                self._melds[side][join] = meld  # PH-10: joined with the open meld at once
            if meld.canasta is not None:
                self._turn_kinds.append(meld.canasta)
            if not was_initial:
                self._turn_value = base
                if base >= self._minimum[side]:
                    self._initial[side] = True
                else:
                    # AS-23: from now on only the cards the player held before the take
                    # count towards the minimum, which must be reached before a discard.
                    self._take_counts = held
        self._phase = PLAY
        if not self._hsize[player]:
            self._emptied(player)

    def _do_pickup(self, action: PickUp) -> None:
        player = self._current
        side = self._s.side_of[player]
        top = self._pile.pop()
        if self._s.freezes[top]:
            self._freezers -= 1
        new = self._laid_off(self._melds[side][action.onto], (top,))
        assert self._s.pickup is not None
        self._note_meld(side, action.onto, new, 0)
        self._log.extend((player, f"picks up {CARDS[top]} onto meld {action.onto}"))
        hand = self._hands[player]
        for _ in range(self._s.pickup.stock_cards):
            if self._stock:
                code = self._stock.pop()
                hand[code] += 1
                self._hsize[player] += 1
                if not self._stock and self._s.reserve.to_stock and any(self._rsize):
                    self._reserve_to_stock()  # BU-28
        self._phase = PLAY

    def _do_meld(self, action: MakeMeld) -> None:
        player = self._current
        side = self._s.side_of[player]
        # ``_made_meld``'s hit inline, and below ``_remove``, ``_note_meld`` past the
        # initial meld and ``_after_play``: a Python call costs about 400 instructions,
        # and a random hand makes a dozen melds.
        found = self._t.made_melds.get(id(action))
        if found is not None and found[0] is action:
            meld, codes = found[1], found[2]
        else:
            meld, codes = self._made_meld(action)
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        left = self._hsize[player] - len(codes)
        self._hsize[player] = left
        if self._initial[side] and self._take_counts is None:
            self._melds[side].append(meld)
            if meld.canasta is not None:
                self._turn_kinds.append(meld.canasta)
        else:
            # The count only matters towards an initial meld still to make (and a pile
            # take short of it, whose counted cards only exist before that meld).
            self._note_meld(side, None, meld, self._counted_value(codes, use_up=True))
        self._log.extend((player, action))
        if not left:
            self._emptied(player)

    def _do_layoff(self, action: LayOff) -> None:
        player = self._current
        side = self._s.side_of[player]
        cards = action.cards
        # Most lay-offs are of one card: its code without a list comprehension.
        codes = (cards[0].code,) if len(cards) == 1 else tuple([c.code for c in cards])
        melds = self._melds[side]
        index = action.meld
        old = melds[index]
        new = self._laid_off(old, codes, action.stands)
        hand = self._hands[player]
        for code in codes:
            hand[code] -= 1
        left = self._hsize[player] - len(codes)
        self._hsize[player] = left
        if self._initial[side] and self._take_counts is None:
            # ``_note_meld`` past the initial meld, inline as in ``_do_meld``.
            melds[index] = new
            if old.canasta is None and new.canasta is not None:
                self._turn_kinds.append(new.canasta)
        else:
            self._note_meld(side, index, new, self._counted_value(codes, use_up=True))
        self._log.extend((player, action))
        if not left:
            self._emptied(player)

    def _do_merge(self, action: Merge) -> None:
        player = self._current
        side = self._s.side_of[player]
        melds = self._melds[side]
        a, b = melds[action.first], melds[action.second]
        codes = sorted([c.code for c in a.cards] + [c.code for c in b.cards])
        merged = self._new_meld(_SET, int(a.rank), None, codes,  # type: ignore[arg-type]
                                a.wilds + b.wilds)
        del melds[action.second]
        # A way out after a merge need not be one from before it (the solver plays only
        # melds, lay-offs and red 3s): what the turn knew of going out starts again.
        self._out_closed = False
        became = merged.canasta if a.canasta is None and b.canasta is None else None
        melds[action.first] = merged
        if became is not None:
            self._turn_kinds.append(became)
        self._log.extend((player, action))

    def _do_place(self, action: PlaceRedThree) -> None:
        player = self._current
        side = self._s.side_of[player]
        self._remove(player, [action.card.code])
        self._red[side].append(action.card.code)
        self._log.extend((player, f"places {action.card}"))
        self._after_play(player)

    def _do_retract(self, action: Retract) -> None:
        player = self._current
        side = self._s.side_of[player]
        hand = self._hands[player]
        for meld in self._melds[side]:
            for card in meld.cards:
                hand[card.code] += 1
                self._hsize[player] += 1
        self._melds[side] = []
        self._turn_value = 0
        self._turn_kinds = []
        penalty = self._s.initial.retract_penalty or 0
        self._minimum[side] += penalty
        self._retracted = True
        self._log.extend((player, f"retracts a short initial meld; minimum now "
                                  f"{self._minimum[side]}"))

    def _do_discard(self, action: Discard) -> None:
        player = self._current
        code = action.card.code
        self._hands[player][code] -= 1
        left = self._hsize[player] - 1
        self._hsize[player] = left
        self._pile.append(code)
        if self._s.freezes[code]:
            self._freezers += 1
        self._log.extend((player, action))
        if not left:
            if not self._rsize[self._s.side_of[player]]:
                self._end_hand(went_out=player, reason=f"seat {player} went out")
                return
            self._take_reserve(player, by_discard=True)  # BU-23: the turn ends
        self._turns += 1
        s = self._s
        custom = s.custom_turn_end
        if custom is None:
            custom = s.custom_turn_end = s._implemented_outside_core("canasta_turn_end")
        if custom:  # the core's answer is "nothing happens"
            effects = s.call("canasta_turn_end", TurnEndEffects, game=self, player=player)
            if effects.pick_up_foot and not self._foot_picked[player]:
                self._pick_up_foot(player)
            if effects.end_hand:
                self._end_hand(went_out=None, reason=f"seat {player}'s turn ended the hand")
                return
        self._begin_turn((player + 1) % s.num_players)

    def _pick_up_foot(self, player: int) -> None:
        _empty_into(self._hands[player], self._feet[player])
        self._hsize[player] += self._fsize[player]
        self._fsize[player] = 0
        self._foot_picked[player] = True
        self._log.extend((player, "picks up the foot"))
        if self._s.red.auto_place:
            self._place_red_threes_from_hand(player, replace=True)

    def _do_ask(self, action: Ask) -> None:
        self._asker = self._current
        self._log.extend((self._current, f"asks seat {action.partner}: may I go out?"))
        self._current = action.partner
        self._phase = ANSWER

    def _do_answer(self, action: Answer) -> None:
        self._answer = action.yes
        self._log.extend((self._current, "answers yes" if action.yes else "answers no"))
        assert self._asker is not None
        self._current = self._asker
        self._phase = PLAY


    def _end_hand(self, went_out: int | None, reason: str) -> None:
        if went_out is not None:
            self._concealed = not self._side_had_melds
        s = self._s
        sheets: list[SideScore] = []
        for side in range(len(s.side_members)):
            items = s.call("canasta_score_side", tuple, game=self, side=side, went_out=went_out)
            # One plain loop instead of two generator expressions (a frame each).
            total = 0
            for item in items:
                if not isinstance(item, ScoreItem):
                    raise VariantError(f"variant {s.info.name!r}: canasta_score_side must "
                                       "return ScoreItems")
                total += item.points
            self._scores[side] += total
            sheets.append(SideScore(side=side, items=tuple(items), total=total,
                                    cumulative=self._scores[side]))
        self._results = (*self._results,
                         HandResult(number=self._hand_no, dealer=self._dealer,
                                    went_out=went_out, reason=reason, sides=tuple(sheets),
                                    turns=self._turns + 1,
                                    table=table_of(self._whole(), went_out=went_out)))
        self._log.extend((None, f"hand ends: {reason}"))
        result = s.call("canasta_game_result", GameResult, game=self)
        if result.over:
            self._result = result
            self._phase = OVER
            self._over = True
            self._legal_cache = ()
            return
        self._deal(hand_no=self._hand_no + 1, dealer=(self._dealer + 1) % s.num_players)
