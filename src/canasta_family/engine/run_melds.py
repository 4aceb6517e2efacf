"""Sequences whose cards have places (``MeldRules.run_wilds``, ``run_wild_in_own_place``;
BU-12…16): reading new ones and lay-offs on them into melds, and listing every such play
a hand allows by a plain search that the checks then judge.

Variants without these rules never come here: their sequences are all naturals and go
through the catalog (``meld_entries``, ``layoff_entries``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product

from canasta_family.actions import LayOff, MakeMeld, Stands
from canasta_family.cards import Rank, Suit
from canasta_family.engine.codes import CARDS
from canasta_family.engine.constructors import _RUN, _new_meld
from canasta_family.engine.run_places import ACE, ACE_LOW, place_code
from canasta_family.engine.run_reading import Reading, read_run
from canasta_family.engine.state import Problem, _GameState
from canasta_family.melds import Meld


def _place_rank(place: int) -> Rank:
    return Rank(ACE if place == ACE_LOW else place)


class _RunMelds(_GameState):
    """Reading sequences with places, and the plain search of their plays."""

    __slots__ = ()

    def _canasta_kind(self, is_run: bool, rank: int | None, size: int, wilds: int) -> str | None:
        c = self._s.canasta
        if is_run:
            if size < c.run_canasta_size:
                return None
            if wilds:
                return c.run_mixed_kind or c.run_kind
            return c.run_length_kinds.get(size, c.run_kind)
        if size < self._s.meld.canasta_size:
            return None
        if wilds == size:
            return c.wild_kind
        if rank is None:
            return "natural" if wilds == 0 else "mixed"
        if wilds == 0:
            return c.rank_kinds.get(rank, "natural")  # type: ignore[call-overload,no-any-return]
        return c.rank_mixed_kinds.get(rank, "mixed")  # type: ignore[call-overload,no-any-return]

    # -- reading ---------------------------------------------------------------------------

    def _run_table(self, meld: Meld) -> Reading:
        """The cards of the run ``meld`` as (code, place, acts as wild)."""
        if meld.places:
            suit = -1 if meld.suit is None else int(meld.suit)
            wild = self._s.wild
            out = []
            for card, place in zip(meld.cards, meld.places, strict=True):
                code = card.code
                own = code < 52 and code % 4 == suit and (
                    code // 4 + 2 == place or (place == ACE_LOW and code // 4 + 2 == ACE))
                out.append((code, place, bool(wild[code]) and not own))
            return tuple(out)
        # A run of naturals: each card at its rank, an ace low beside a 2 (BU-12).
        codes = [card.code for card in meld.cards]
        low_ace = self._s.meld.run_ace_low and any(c // 4 == 0 for c in codes) \
            and any(c // 4 == 12 for c in codes)
        out = []
        for code in codes:
            place = code // 4 + 2
            if low_ace and place == ACE:
                place, low_ace = ACE_LOW, False
            out.append((code, place, False))
        return tuple(out)

    def _run_meld(self, table: Reading, added: Sequence[int], stands: Stands
                  ) -> Meld | Problem:
        """The run ``table`` (empty: a new meld) with the codes ``added``, or the problem."""
        named: dict[int, list[int]] = {}
        for card, rank in stands:
            if not self._s.wild[card.code]:
                return ("run-place", f"{card} is not a wild card: only wild cards stand for "
                                     "another rank")
            named.setdefault(card.code, []).append(int(rank))
        result = read_run(self._s.run_shape, self._s.wild, table, added, named)
        mr = self._s.meld
        if result is None:
            return ("run", "those cards make no sequence: one suit, consecutive places "
                           f"from {'A' if mr.run_ace_low else Rank(mr.run_low).symbol} to "
                           f"{Rank(mr.run_high).symbol}, at most {mr.run_wilds} wild "
                           f"card{'' if mr.run_wilds == 1 else 's'} and more naturals than "
                           "wild cards" + ("" if mr.run_wild_moves else ", no card on a "
                                           "place already taken"))
        if isinstance(result[0], str):
            options = " or ".join(f"{CARDS[code]}={_place_rank(place).symbol}"
                                  for code, place in result[1])
            return ("run-place", f"say which rank the wild card stands for: {options}")
        reading: Reading = result
        ordered = sorted(((code, place) for code, place, _acting in reading))
        acting = sum(1 for _c, _p, a in reading if a)
        suit = next(code % 4 for code, _p, a in reading if not a and code < 52)
        if len(ordered) < mr.run_min:
            return ("run", f"a sequence needs at least {mr.run_min} cards")
        return _new_meld(_RUN, None, Suit(suit),
                         tuple(CARDS[code] for code, _p in ordered), acting,
                         self._canasta_kind(True, None, len(ordered), acting),
                         tuple(place for _c, place in ordered))

    def _new_run_meld(self, codes: Sequence[int], stands: Stands) -> Meld | Problem:
        """A new run of ``codes`` with places, memoised by its cards and places named."""
        # One flat tuple of plain ints: the codes, then -1 and the (code, rank) named.
        named = [number for card, rank in stands for number in (card.code, int(rank))]
        key = (True, (*sorted(codes), -1, *named))
        melds = self._t.melds
        found = melds.get(key)
        if found is None:
            made = self._run_meld((), codes, stands)
            if not isinstance(made, Meld):
                return made
            found = melds[key] = made
        return found

    # -- the plain search ------------------------------------------------------------------

    def _stands_for(self, table: Reading, added: Sequence[int], intended: Reading
                    ) -> Stands | None:
        """What a play adding ``added`` to ``table`` must name so that the cards of
        ``intended`` take their places: nothing when the bare cards read so, else the
        places of its acting wild cards; None when no naming does."""
        acting = tuple((CARDS[code], _place_rank(place)) for code, place, is_wild
                       in intended if is_wild)
        for stands in ((), acting) if acting else ((),):
            # New sequences come from the memo; lay-offs depend on the meld: read afresh.
            made = self._run_meld(table, added, stands) if table else \
                self._new_run_meld(added, stands)
            if not isinstance(made, Meld):
                continue
            got = Counter(self._run_table(made))
            got.subtract(intended)
            if min(got.values(), default=0) >= 0:
                return stands
        return None

    def _fill_places(self, hand: Sequence[int], suit: int, places: Sequence[int], room: int
                     ) -> Iterator[tuple[list[int], Reading]]:
        """Ways to fill ``places`` of a run of ``suit`` from ``hand``, with at most ``room``
        acting wild cards: (codes, their intended reading)."""
        s = self._s
        wild = s.wild
        wild_codes = [code for code in s.wild_codes if hand[code]]
        in_place = s.meld.run_wild_in_own_place
        natural: list[int | None] = []
        for place in places:
            code = place_code(place, suit)
            usable = hand[code] and (not wild[code] or (in_place and code < 52))
            natural.append(code if usable else None)
        missing = [i for i, code in enumerate(natural) if code is None]
        if len(missing) > room:
            return
        present = [i for i, code in enumerate(natural) if code is not None]
        for extra in range(room - len(missing) + 1):
            for replaced in combinations(present, extra):
                spots = sorted([*missing, *replaced])
                for chosen in product(wild_codes, repeat=len(spots)):
                    codes: list[int] = []
                    reading: list[tuple[int, int, bool]] = []
                    for i, place in enumerate(places):
                        if i in spots:
                            code, acting = chosen[spots.index(i)], True
                        else:
                            code, acting = natural[i], False  # type: ignore[assignment]
                        codes.append(code)
                        reading.append((code, place, acting))
                    if all(hand[code] >= codes.count(code) for code in set(codes)):
                        yield codes, tuple(reading)

    def _positional_melds(self, hand: Sequence[int]) -> list[MakeMeld]:
        """Every new run the hand could make, by shape (the checks judge the rest)."""
        s = self._s
        shape = s.run_shape
        mr = s.meld
        wild = s.wild
        in_place = mr.run_wild_in_own_place
        # Wild cards fill at most ``room`` places of a window; the others need naturals.
        room = mr.run_wilds if any(hand[code] for code in s.wild_codes) else 0
        out: list[MakeMeld] = []
        seen: set[MakeMeld] = set()
        for suit in range(4):
            have = [False] * (shape.high + 2)
            for place in range(shape.low, shape.high + 1):
                code = place_code(place, suit)
                have[place] = bool(hand[code]) and (not wild[code] or (in_place and code < 52))
            for low in range(shape.low, shape.high - mr.run_min + 2):
                top = min(shape.high, low + mr.run_max - 1)
                missing = 0
                for high in range(low, top + 1):
                    missing += not have[high]
                    if missing > room:
                        break  # (every longer window misses as many)
                    if high - low + 1 < mr.run_min:
                        continue
                    fills = self._fill_places(hand, suit, range(low, high + 1), room)
                    for codes, reading in fills:
                        stands = self._stands_for((), codes, reading)
                        if stands is None:
                            continue
                        action = MakeMeld(cards=tuple(CARDS[c] for c in codes),
                                          stands=stands)
                        if action not in seen:
                            seen.add(action)
                            out.append(action)
        return out

    def _positional_layoffs(self, hand: Sequence[int], index: int, meld: Meld
                            ) -> list[LayOff]:
        """Every lay-off on the run ``meld`` (number ``index``) the hand could make, by
        shape: cards beyond either end, and naturals on the places of its wild cards."""
        if meld.kind is not _RUN or meld.suit is None:
            return []
        shape = self._s.run_shape
        mr = self._s.meld
        suit = int(meld.suit)
        table = self._run_table(meld)
        places = [place for _c, place, _a in table]
        low, high = min(places), max(places)
        size = len(table)
        room = mr.run_wilds - sum(1 for _c, _p, a in table if a)
        wild_spots = [place for _c, place, a in table if a]
        out: list[LayOff] = []
        seen: set[LayOff] = set()
        free = mr.run_max - size
        if not any(hand[code] for code in self._s.wild_codes):
            room = 0
        wild = self._s.wild
        in_place = mr.run_wild_in_own_place

        def missing(place: int) -> bool:
            code = place_code(place, suit)
            return not hand[code] or (wild[code] and not (in_place and code < 52))

        # How far each end may reach: every new place a natural held, or a wild card.
        lows = [(low, 0)]
        gaps = 0
        for place in range(low - 1, max(shape.low, low - free) - 1, -1):
            gaps += missing(place)
            if gaps > room:
                break
            lows.append((place, gaps))
        highs = [(high, 0)]
        gaps = 0
        for place in range(high + 1, min(shape.high, high + free) + 1):
            gaps += missing(place)
            if gaps > room:
                break
            highs.append((place, gaps))
        for new_low, below in lows:
            for new_high, above in highs:
                ends = [*range(new_low, low), *range(high + 1, new_high + 1)]
                if size + len(ends) > mr.run_max or below + above > room:
                    continue
                fills = list(self._fill_places(hand, suit, ends, room)) if ends else [([], ())]
                for replace in range(len(wild_spots) + 1):
                    for spots in combinations(wild_spots, replace):
                        naturals = [place_code(p, suit) for p in spots]
                        for codes, reading in fills:
                            added = [*naturals, *codes]
                            if not added or any(hand[c] < added.count(c) for c in set(added)):
                                continue
                            stands = self._stands_for(table, added, reading)
                            if stands is None:
                                continue
                            action = LayOff(meld=index, cards=tuple(CARDS[c] for c in added),
                                            stands=stands)
                            if action not in seen:
                                seen.add(action)
                                out.append(action)
        return out
