"""Dealing a hand, arranging one from a ``HandSetup``, and the bookkeeping of a turn."""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta_family.arrangement import HandSetup
from canasta_family.cards import NUM_CODES, Card, Rank
from canasta_family.engine.codes import (
    CARDS,
)
from canasta_family.engine.phases import DRAW
from canasta_family.engine.problems import _Problems
from canasta_family.engine.run_places import ACE, ACE_LOW
from canasta_family.engine.state import _LogItem
from canasta_family.errors import (
    SetupError,
)
from canasta_family.melds import Meld
from canasta_family.shuffling import shuffle_like_random


class _Dealing(_Problems):
    """Dealing and arranging hands, and the start of each turn."""

    __slots__ = ()

    def _generator(self) -> random.Random:
        """The game's own generator, made from the saved state if the game has none."""
        rng = self._rng
        if rng is None:
            # Seeded with a number: without one, making a generator reads the
            # operating system's entropy. The state replaces the seed at once.
            rng = random.Random(0)
            rng.setstate(self._rng_saved)  # type: ignore[arg-type]
            self._rng = rng
            self._rng_saved = None
        return rng


    def _shuffled_deck(self) -> list[int]:
        cards = list(self._s.deck)
        shuffle_like_random(self._generator(), cards)
        return cards

    def _reset_hand_state(self, hand_no: int, dealer: int) -> None:
        n = self._s.num_players
        sides = len(self._s.side_members)
        self._hand_no = hand_no
        self._dealer = dealer
        self._hands = [[0] * NUM_CODES for _ in range(n)]
        self._hsize = [0] * n
        self._feet = [[0] * NUM_CODES for _ in range(n)]
        self._fsize = [0] * n
        self._foot_picked = [self._s.deal.foot_size == 0] * n
        # A reserve per side (BU-20): its cards, their number (0 once taken or turned into
        # stock), who took it (-1: nobody), whether it was taken with the discard and not
        # yet played (BU-24), whether it became the stock (BU-28).
        self._reserves = [[0] * NUM_CODES for _ in range(sides)]
        self._rsize = [0] * sides
        self._reserve_taker = [-1] * sides
        self._reserve_waiting = [False] * sides
        self._reserve_stocked = [False] * sides
        self._stock: list[int] = []
        self._pile: list[int] = []
        self._freezers = 0
        self._aside: list[int] = []
        self._melds: list[list[Meld]] = [[] for _ in range(sides)]
        self._red: list[list[int]] = [[] for _ in range(sides)]
        self._initial = [False] * sides
        self._first_turn_done = [False] * n
        self._concealed = False
        old = getattr(self, "_log", None)
        if old:
            self._past_logs.append(tuple(old))
        # Flat, seat then event: a (seat, event) pair per event would be a new tracked
        # tuple that lives as long as the game, and such survivors are what start the
        # garbage collector's full collections (each scans every memo of the process).
        self._log: list[_LogItem] = []
        self._turn_kinds: list[str] = []
        self._turns = 0
        self._legal_cache = None

    def _set_minimums(self) -> None:
        self._minimum = [
            int(self._s.call("canasta_initial_meld_minimum", int, game=self, side=side,
                             score=self._scores[side]))
            for side in range(len(self._s.side_members))
        ]

    def _deal(self, hand_no: int, dealer: int) -> None:
        self._reset_hand_state(hand_no, dealer)
        n = self._s.num_players
        deal = self._s.deal
        cards = self._shuffled_deck()
        # Deal one at a time from the dealer's left (AS-6), the hands and then the feet; the
        # stock's top is the list end, so taken top first, the cards dealt go round the
        # table and the seat ``offset`` places left of the dealer gets every n-th one.
        top = len(cards)
        for places, sizes, size in ((self._hands, self._hsize, deal.hand_size),
                                    (self._feet, self._fsize, deal.foot_size)):
            if not size:
                continue
            if size * n > top:
                raise SetupError(f"a deck of {len(cards)} cards is too small to deal "
                                 f"{n} players {deal.hand_size} + {deal.foot_size} cards")
            dealt = cards[top - size * n:top][::-1]
            for offset in range(1, n + 1):
                seat = (dealer + offset) % n
                counts = places[seat]
                for code in dealt[offset - 1::n]:
                    counts[code] += 1
                sizes[seat] += size
            top -= size * n
        top = self._deal_reserves(cards, top)
        del cards[top:]
        self._stock = cards
        self._turn_upcard()
        upcard = ("upcard " + " ".join(str(CARDS[c]) for c in self._pile)
                  if self._pile else "no upcard")
        self._log.extend((None, f"hand {hand_no + 1}: seat {dealer} deals; {upcard}"))
        self._set_minimums()
        self._begin_turn((dealer + 1) % n)

    def _placed_meld(self, cards: Sequence[Card], places: Sequence[int]) -> Meld | None:
        """The sequence of ``cards`` with each card at its place (``HandSetup.meld_places``),
        or None where the cards cannot stand so."""
        if len(places) != len(cards) or not self._s.positional:
            return None
        stands = tuple((card, Rank(ACE if place == ACE_LOW else place))
                       for card, place in zip(cards, places, strict=True)
                       if self._s.wild[card.code] and 1 <= place <= ACE)
        meld = self._new_run_meld([card.code for card in cards], stands)
        if not isinstance(meld, Meld) or sorted(zip([c.code for c in meld.cards],
                                                    meld.places, strict=True)) != sorted(
                zip([c.code for c in cards], places, strict=True)):
            return None
        return meld

    def _deal_reserves(self, cards: list[int], top: int) -> int:
        """Deal each side's reserve (BU-6) from ``cards`` below ``top``, one card to each
        side in turn; returns the new top."""
        size = self._s.reserve.size
        if not size:
            return top
        sides = len(self._s.side_members)
        if size * sides > top:
            raise SetupError(f"only {top} cards are left after the hands to deal {sides} "
                             f"reserves of {size} cards")
        dealt = cards[top - size * sides:top][::-1]
        for side in range(sides):
            for code in dealt[side::sides]:
                self._reserves[side][code] += 1
            self._rsize[side] = size
        return top - size * sides

    def _turn_upcard(self) -> None:
        if not self._s.deal.upcard:
            return  # BU-7: the pile starts empty
        redraw = self._s.deal.upcard_redraw
        while self._stock:
            code = self._stock.pop()
            self._push_pile(code)
            if not (redraw and self._s.freezes[code]):
                break

    def _push_pile(self, code: int) -> None:
        self._pile.append(code)
        if self._s.freezes[code]:
            self._freezers += 1

    def _arrange(self, setup: HandSetup) -> None:
        s = self._s
        n = s.num_players
        sides = len(s.side_members)
        if len(setup.hands) != n:
            raise SetupError(f"setup gives {len(setup.hands)} hands for {n} players")
        if not 0 <= setup.dealer < n:
            raise SetupError(f"setup dealer {setup.dealer} is not a seat (0-{n - 1})")
        if setup.to_play is not None and not 0 <= setup.to_play < n:
            raise SetupError(f"setup to_play {setup.to_play} is not a seat (0-{n - 1})")
        if setup.hand_number < 0:
            raise SetupError("setup hand_number cannot be negative")
        for name, value, count in (("feet", setup.feet, n), ("melds", setup.melds, sides),
                                   ("red_threes", setup.red_threes, sides),
                                   ("scores", setup.scores, sides),
                                   ("reserves", setup.reserves, sides)):
            if value is not None and len(value) != count:
                raise SetupError(f"setup {name} must have {count} entries, got {len(value)}")
        if setup.feet is not None and s.deal.foot_size == 0:
            raise SetupError(f"{s.info.name} has no foot, but the setup gives feet")
        if setup.reserves is not None and s.reserve.size == 0:
            raise SetupError(f"{s.info.name} has no reserve hands, but the setup gives "
                             "reserves")
        for seat, hand in enumerate(setup.hands):
            if not hand:
                raise SetupError(f"setup hand of seat {seat} is empty; every player needs cards")
        if setup.scores is not None:
            self._scores = list(setup.scores)
        self._reset_hand_state(setup.hand_number, setup.dealer)
        remaining = [0] * NUM_CODES
        for code in s.deck:
            remaining[code] += 1

        def take(cards: Sequence[Card], where: str) -> list[int]:
            codes = [card.code for card in cards]
            for code in codes:
                if remaining[code] == 0:
                    raise SetupError(
                        f"setup uses more {CARDS[code]} than the {s.info.name} deck holds "
                        f"(in {where})")
                remaining[code] -= 1
            return codes

        for seat, hand in enumerate(setup.hands):
            for code in take(hand, f"hand {seat}"):
                self._hands[seat][code] += 1
                self._hsize[seat] += 1
        if setup.feet is not None:
            for seat, foot in enumerate(setup.feet):
                # An empty foot in an arrangement has already been picked up.
                self._foot_picked[seat] = not foot
                for code in take(foot, f"foot {seat}"):
                    self._feet[seat][code] += 1
                    self._fsize[seat] += 1
        if setup.reserves is not None:
            for side, reserve in enumerate(setup.reserves):
                for code in take(reserve, f"reserve of side {side}"):
                    self._reserves[side][code] += 1
                    self._rsize[side] += 1
        if setup.red_threes is not None:
            for side, reds in enumerate(setup.red_threes):
                for code in take(reds, f"red threes of side {side}"):
                    if not s.bonus[code]:
                        raise SetupError(
                            f"{CARDS[code]} is not a bonus card such as a red 3 (red_threes "
                            f"of side {side})")
                    self._red[side].append(code)
        if setup.melds is not None:
            for side, melds in enumerate(setup.melds):
                for number, cards in enumerate(melds):
                    codes = sorted(take(cards, f"melds of side {side}"))
                    places = () if setup.meld_places is None else (
                        setup.meld_places[side][number]
                        if side < len(setup.meld_places)
                        and number < len(setup.meld_places[side]) else ())
                    meld = (self._placed_meld(cards, places) if places
                            else self._meld_from_codes(codes))
                    if meld is None:
                        raise SetupError(
                            f"setup meld {' '.join(str(c) for c in cards)} of side {side} is "
                            f"not a legal meld in {s.info.name}")
                    self._melds[side].append(meld)
                if melds:
                    self._initial[side] = True
        pile_codes = take(setup.pile, "pile")
        if setup.stock is not None:
            stock_codes = take(setup.stock, "stock")
            self._stock = list(reversed(stock_codes))
            self._aside = [c for c in range(NUM_CODES) for _ in range(remaining[c])]
        else:
            rest = [c for c in range(NUM_CODES) for _ in range(remaining[c])]
            self._generator().shuffle(rest)
            self._stock = rest
        if s.deal.foot_size and setup.feet is None:
            for _ in range(s.deal.foot_size):
                for seat in range(n):
                    if self._stock:
                        code = self._stock.pop()
                        self._feet[seat][code] += 1
                        self._fsize[seat] += 1
        if s.reserve.size and setup.reserves is None:
            del self._stock[self._deal_reserves(self._stock, len(self._stock)):]
        for code in pile_codes:
            self._push_pile(code)
        if not self._pile:
            self._turn_upcard()
        self._log.extend((None, f"hand {setup.hand_number + 1}: arranged; seat {setup.dealer} "
                                "deals"))
        self._set_minimums()
        to_play = (setup.dealer + 1) % n if setup.to_play is None else setup.to_play
        self._begin_turn(to_play)


    def _begin_turn(self, player: int) -> None:
        s = self._s
        self._current = player
        self._phase = DRAW
        waiting = self._reserve_waiting
        if True in waiting and self._reserve_taker[s.side_of[player]] == player:
            waiting[s.side_of[player]] = False  # BU-24: the reserve is played from now
        self._turn_value = 0
        self._answer: bool | None = None
        self._asker: int | None = None
        if self._turn_kinds:
            # Only cleared when used: most turns complete no canasta. Clones copy the list.
            self._turn_kinds = []
        self._retracted = False
        self._turn_take: tuple[int, ...] = ()
        self._take_counts: list[int] | None = None
        self._out_memo = None
        self._out_nodes = {}
        self._out_closed = False
        self._side_had_melds = bool(self._melds[s.side_of[player]])
        self._legal_cache = None
        first_turns = self._first_turn_done
        if not first_turns[player]:
            first_turns[player] = True
            if s.red.auto_place:
                # AS-29: red 3s dealt are placed at the player's first turn and replaced.
                self._place_red_threes_from_hand(player, replace=True)

    def _place_red_threes_from_hand(self, player: int, replace: bool) -> None:
        hand = self._hands[player]
        s = self._s
        side = s.side_of[player]
        while True:
            if not any(s.bonus_counts(hand)):
                return  # no red 3 held: most first turns, without a list
            found = [code for code in s.bonus_codes for _ in range(hand[code])]
            for code in found:
                hand[code] -= 1
                self._hsize[player] -= 1
                self._red[side].append(code)
                self._log.extend((player, f"places {CARDS[code]}"))
            if not replace:
                return
            for _ in found:
                if not self._stock:
                    return
                code = self._stock.pop()
                hand[code] += 1
                self._hsize[player] += 1
