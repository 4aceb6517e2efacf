"""The resolved rule set (``_Static``): every hook answer a game needs, asked once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from canasta_family.cards import JOKER_CODE, NUM_CODES, Card, Rank
from canasta_family.engine.catalog import CACHES
from canasta_family.engine.codes import CARDS, _rank_codes
from canasta_family.engine.run_places import ACE_LOW, place_code
from canasta_family.engine.run_reading import RunShape
from canasta_family.errors import (
    CanastaError,
    VariantError,
)
from canasta_family.plugins import Variant, make_plugin_manager
from canasta_family.rules import (
    CanastaRules,
    CardRoles,
    DealRules,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    PileRules,
    RedThreeRules,
    ReserveRules,
    SinglePickupRules,
    StockEndRules,
    VariantInfo,
)


def _counts_getter(codes: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """What reads the counts of ``codes`` from a count list as a tuple, at C level where
    it can (``itemgetter`` of one code gives the count itself, not a tuple).

    >>> _counts_getter((1, 3))([5, 6, 7, 8]), _counts_getter((2,))([5, 6, 7, 8])
    ((6, 8), (7,))
    """
    if len(codes) > 1:
        getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*codes)
        return getter
    if codes:
        code = codes[0]
        return lambda counts: (counts[code],)
    return lambda counts: ()


def _no_arguments(kwargs: dict[str, object]) -> tuple[()]:
    """The arguments of a hook implementation that takes none (see ``_Static._plan``)."""
    return ()


class _Static:
    """Everything resolved once per game from the variant's hooks; shared by clones."""

    __slots__ = (
        "bonus",
        "bonus_codes",
        "bonus_counts",
        "canasta",
        "card_class",
        "count_solver",
        "custom_discards",
        "custom_meld_check",
        "custom_pile_frozen",
        "custom_turn_end",
        "deal",
        "deck",
        "draw_count",
        "freezes",
        "full_rank",
        "going_out",
        "guard_apply",
        "info",
        "initial",
        "joins_sets",
        "meld",
        "meldable_values",
        "no_wild_rank_set",
        "num_players",
        "odd_set_naturals",
        "odd_sets_held",
        "options",
        "out_rows",
        "pair_top",
        "partners_of",
        "pickup",
        "pile",
        "plain_discards",
        "plans",
        "pm",
        "positional",
        "rank_class",
        "rank_naturals",
        "rank_worth",
        "red",
        "red_in_deck",
        "reserve",
        "roles",
        "run_place_codes",
        "run_shape",
        "set_min_naturals",
        "set_naturals",
        "set_rank_bases",
        "set_rank_codes",
        "set_rank_list",
        "set_rank_set",
        "set_wild_cap",
        "shape_rows",
        "shape_rows_with_stop",
        "shelf",
        "side_members",
        "side_of",
        "stock_end",
        "stop",
        "stop_codes",
        "stop_ranks",
        "stop_sets",
        "stop_sets_held",
        "strand_check",
        "threes_in_sets",
        "threes_with_black",
        "values",
        "variant",
        "wild",
        "wild_between",
        "wild_cap",
        "wild_codes",
        "wild_counts",
        "wild_split",
        "wild_values",
    )

    def __init__(self, variant: Variant, num_players: int, options: dict[str, object]):
        self.variant = variant
        self.info: VariantInfo = variant.info
        self.options = options
        self.num_players = num_players
        self.pm = make_plugin_manager(variant)
        # Hooks of plugins from outside this package may raise in the middle of an
        # action: ``Game.apply`` then keeps a copy to put the game back (all or nothing).
        self.guard_apply = not all(
            type(plugin).__module__.startswith("canasta_family.")
            for plugin in self.pm.get_plugins())
        self.plans: dict[str, Any] = {}
        opts = {"options": options}
        both = {"num_players": num_players, "options": options}
        deck = self.call("canasta_deck", tuple, **opts)
        if not deck or not all(isinstance(c, Card) for c in deck):
            raise VariantError(f"variant {self.info.name!r}: canasta_deck must return Cards")
        self.deck: tuple[int, ...] = tuple(c.code for c in deck)
        sides = self.call("canasta_sides", tuple, **both)
        seats = sorted(seat for side in sides for seat in side)
        if seats != list(range(num_players)):
            raise VariantError(
                f"variant {self.info.name!r}: canasta_sides must place every seat once, "
                f"got {sides!r}")
        self.side_members: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in sides)
        side_of = [0] * num_players
        for index, members in enumerate(self.side_members):
            for seat in members:
                side_of[seat] = index
        self.side_of = tuple(side_of)
        self.partners_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in self.side_members[side_of[player]] if seat != player)
            for player in range(num_players))
        """Each seat's partners: the other seats of its side."""
        self.deal: DealRules = self.call("canasta_deal_rules", DealRules, **both)
        self.draw_count: int = self.call("canasta_draw_count", int, **both)
        self.values: tuple[int, ...] = tuple(
            self.call("canasta_card_value", int, card=CARDS[c], **opts) for c in range(NUM_CODES))
        self._read_card_roles(opts)
        self.meld: MeldRules = self.call("canasta_meld_rules", MeldRules, **both)
        self.canasta: CanastaRules = self.call("canasta_canasta_rules", CanastaRules, **opts)
        self.pile: PileRules = self.call("canasta_pile_rules", PileRules, **opts)
        pickup = self.call("canasta_single_pickup_rules", (SinglePickupRules, bool), **opts)
        self.pickup: SinglePickupRules | None = (
            pickup if isinstance(pickup, SinglePickupRules) and pickup.allowed else None)
        self.initial: InitialMeldRules = self.call("canasta_initial_meld_rules",
                                                   InitialMeldRules, **opts)
        self.red: RedThreeRules = self.call("canasta_red_three_rules", RedThreeRules, **opts)
        self.going_out: GoingOutRules = self.call("canasta_going_out_rules", GoingOutRules,
                                                  **both)
        self.reserve: ReserveRules = self.call("canasta_reserve_rules", ReserveRules, **both)
        if self.reserve.size < 0:
            raise VariantError(f"variant {self.info.name!r}: ReserveRules.size must not be "
                               f"negative, got {self.reserve.size}")
        self.stock_end: StockEndRules = self.call("canasta_stock_end_rules", StockEndRules,
                                                  **opts)
        if self.going_out.keep_cards < 2:
            # With one card kept, a player who may not go out could be left unable to discard.
            raise VariantError(f"variant {self.info.name!r}: GoingOutRules.keep_cards must be "
                               f"at least 2, got {self.going_out.keep_cards}")
        mr = self.meld
        if mr.run_ace_low and mr.run_low != Rank.TWO:
            # The low ace stands just below the 2: with runs starting higher it has no place.
            raise VariantError(f"variant {self.info.name!r}: MeldRules.run_ace_low needs "
                               f"run_low 2, got {Rank(mr.run_low).symbol}")
        if mr.run_wilds < 0:
            raise VariantError(f"variant {self.info.name!r}: MeldRules.run_wilds must not be "
                               f"negative, got {mr.run_wilds}")
        self.positional = mr.runs and (mr.run_wilds > 0 or mr.run_wild_in_own_place)
        """Runs may hold cards the variant calls wild: each card has a place (BU-15)."""
        first = ACE_LOW if mr.run_ace_low else int(mr.run_low)
        self.run_shape = RunShape(low=first, high=int(mr.run_high), ace_low=mr.run_ace_low,
                                  wilds=mr.run_wilds, in_place=mr.run_wild_in_own_place,
                                  max_size=mr.run_max, moves=mr.run_wild_moves)
        self.run_place_codes = tuple(
            tuple(place_code(place, suit) for place in range(first, int(mr.run_high) + 1))
            for suit in range(4))
        """Per suit, the code of the card at each run place from the lowest (the low ace
        where ``run_ace_low``) to ``run_high``."""
        self.red_in_deck = sum(1 for c in self.deck if self.bonus[c])
        # Values of the cards a take of the pile could meld (no bonus or stop cards): caps
        # its count.
        self.meldable_values = tuple(0 if self.bonus[c] or self.stop[c] else v
                                     for c, v in enumerate(self.values))
        self._read_set_ranks()
        self.no_wild_rank_set = frozenset(int(r) for r in self.meld.no_wild_ranks)
        rows = [(rank, (rank - 2) * 4 if self.full_rank[rank] else -1,
                 _counts_getter(self.set_naturals.get(rank, ())),
                 rank in self.stop_ranks or rank in self.no_wild_rank_set)
                for rank in (*self.set_rank_list,
                             *sorted(self.stop_ranks - self.set_rank_set))]
        self.shape_rows = tuple(row for row in rows if row[0] in self.set_rank_set)
        """(rank, first code when its four cards are naturals or -1, what reads its
        natural counts, whether its sets hold no wild card) of every set rank: what
        ``Game._canastas_by_shape`` walks."""
        self.shape_rows_with_stop = tuple(rows)
        """``shape_rows`` and the stop ranks, for stop cards that may meld."""
        self.joins_sets = self.meld.one_open_meld_per_rank or self.meld.one_meld_per_rank
        """A new set of a rank the side holds a set of joins it (PH-10, CC-3)."""
        stop_in_sets = any(rank in self.set_rank_set for rank, _codes in self.stop_sets)
        self.threes_in_sets = int(stop_in_sets)
        self.threes_with_black = self.threes_in_sets + (self.meld.black_threes == "going-out")
        """How many times stop cards are looked at for sets when they may meld to go out."""
        self.set_min_naturals = max(self.meld.set_min_naturals, 1)
        max_w = self.meld.set_max_wilds if self.meld.set_max_wilds is not None else 99
        self.wild_cap = max(max_w, self.meld.wild_meld_max if self.meld.wild_melds else 0)
        self.set_wild_cap = min(max_w, self.wild_cap)
        # Meld candidates depend only on the rules and the counts held: share the memo
        # between all games whose rules print the same.
        key = (f"{self.meld!r}|{self.canasta!r}|{self.values!r}|{self.wild_codes!r}|"
               f"{self.bonus_codes!r}|{self.stop_codes!r}")
        self.shelf = CACHES.shelf(key, self.wild_codes)
        """Where games of these rules take their catalog for each operation."""
        self.custom_meld_check = self._implemented_outside_core("canasta_meld_violation")
        self.custom_discards = self._implemented_outside_core("canasta_forbidden_discards")
        # Hooks asked at every draw or turn end whose core answer the engine gives itself
        # when no variant implements them (a hook call costs about a microsecond). Like
        # the calling plans of ``call``, settled at first use.
        self.custom_pile_frozen: bool | None = None
        self.custom_turn_end: bool | None = None
        # Whether a hand can ever hold a card that may not be discarded (PH-16): red 3s
        # placed automatically never stay in a hand.
        self.strand_check = self.custom_discards or not (self.red.discardable
                                                         or self.red.auto_place)
        self.plain_discards = not self.custom_discards
        """Whether no variant restricts discards: a hand without red 3s may discard any card
        (see ``Game._forbidden``)."""
        out_rows: list[tuple[int, tuple[int, ...], tuple[bool, ...], bool, Any, Any]] = []
        naturals_by_rank: dict[int, tuple[int, ...]] = {}
        for rank in range(2, 16):
            naturals_by_rank[rank] = tuple(
                -1 if rank > 14 or self.wild[(rank - 2) * 4 + suit]
                or self.bonus[(rank - 2) * 4 + suit] else (rank - 2) * 4 + suit
                for suit in range(4))
        for rank in range(2, 16):
            natural = set(self.set_naturals.get(rank, ()))
            codes = naturals_by_rank[rank]
            runnable = mr.runs and int(mr.run_low) <= rank <= int(mr.run_high)
            # Codes of -1 read the count NUM_CODES, a zero the solver appends to a hand.
            ahead = tuple(_counts_getter(tuple(
                naturals_by_rank[r][suit] % (NUM_CODES + 1) if r <= int(mr.run_high)
                else NUM_CODES for r in range(rank + 1, rank + mr.run_min)))
                for suit in range(4))
            out_rows.append((rank, codes, tuple(code in natural for code in codes), runnable,
                             _counts_getter(tuple(c % (NUM_CODES + 1) for c in codes)),
                             ahead if runnable else None))
        self.out_rows = tuple(out_rows)
        """(rank, its natural codes by suit or -1, whether each joins the rank's sets, whether
        sequences reach the rank, what reads its natural counts by suit and, where
        sequences reach it, what reads each suit's naturals at the next ``run_min - 1``
        ranks) from 2 to a last rank past the ace that closes every sequence: the rows the
        going-out solver walks, reading a hand's counts with a zero appended."""
        self.count_solver = not self.positional and not self.custom_meld_check \
            and not mr.run_ace_low and all(
                self._implemented_in_package(name) for name in (
                    "canasta_going_out_violations", "canasta_forbidden_discards"))
        """Whether going out is decided on counts (``engine.out_solver``): the rules are
        data the solver reads, and the hooks it asks with a turn's final canastas are this
        package's, which read nothing a play of the turn changes. Otherwise the going-out
        search plays on copies of the game."""

    def _read_card_roles(self, opts: dict[str, dict[str, object]]) -> None:
        """Ask which cards are wild, bonus (red 3s) and stop cards (black 3s), and refuse
        answers no game could follow."""

        def ask(hook: str) -> tuple[bool, ...]:
            return tuple(self.call(hook, bool, card=CARDS[c], **opts) for c in range(NUM_CODES))

        self.wild = ask("canasta_is_wild")
        self.bonus = ask("canasta_is_bonus_card")
        self.stop = ask("canasta_is_stop_card")
        self._refuse_double_roles()
        self.roles = CardRoles(wild=self.wild, bonus=self.bonus, stop=self.stop)
        """The same answers as one public value, handed to every observation."""
        self.wild_codes = tuple(c for c in range(NUM_CODES) if self.wild[c])
        """The codes of the wild cards, ascending: the wild part of every count key."""
        self.bonus_codes = tuple(c for c in range(NUM_CODES) if self.bonus[c])
        self.stop_codes = tuple(c for c in range(NUM_CODES) if self.stop[c])
        self.stop_sets = self._stop_sets()
        """(rank, its stop codes) of every rank with stop cards: their sets are separate."""
        self.stop_ranks = frozenset(rank for rank, _codes in self.stop_sets)
        """The ranks whose sets are of stop cards (AS-33: 3)."""
        self.wild_counts = _counts_getter(self.wild_codes)
        """The counts of the wild cards in a count list, in ``wild_codes`` order."""
        self.bonus_counts = _counts_getter(self.bonus_codes)
        """The counts of the bonus cards in a count list, in ``bonus_codes`` order."""
        rank_naturals = []
        for rank in range(2, 16):
            codes = tuple(c for c in _rank_codes(rank)
                          if c < NUM_CODES and not (self.wild[c] or self.bonus[c]))
            if codes:
                rank_naturals.append((rank, codes[0] if len(codes) == 4 else -1, codes,
                                      _counts_getter(codes)))
        self.rank_naturals = tuple(rank_naturals)
        """(rank, its first code when all four are naturals or -1, its codes that are
        neither wild nor bonus cards, what reads their counts) of every rank with some."""
        self.rank_worth = {rank: self.values[codes[0]]
                           for rank, _first, codes, _counts in rank_naturals
                           if len({self.values[code] for code in codes}) == 1}
        """The value shared by every natural of a rank, for the ranks whose naturals all
        have one."""
        self.wild_values = tuple(self.values[c] for c in self.wild_codes)
        """The values of the wild cards, in ``wild_codes`` order."""
        classes: dict[tuple[object, ...], int] = {}
        self.card_class = tuple(
            classes.setdefault((c >> 2, self.values[c], self.wild[c], self.bonus[c],
                                self.stop[c]), len(classes)) for c in range(NUM_CODES))
        """Per code, a number shared by the codes that differ only in suit where the suit
        changes nothing the rules read of a card outside sequences: rank, value and role.
        Plays alike in these numbers leave alike every count of a rank's cards, which is
        all the judge on counts of an owed initial meld reads (``_counts_keep``)."""
        self.freezes = tuple(w or b for w, b in zip(self.wild, self.bonus, strict=True))
        """Whether each code freezes the pile when discarded onto it (AS-18a)."""
        self.pair_top = tuple(not (self.wild[c] or self.bonus[c] or self.stop[c])
                              and c != JOKER_CODE for c in range(NUM_CODES))
        """Whether a pile topped by each code could be taken with a natural pair."""

    def _refuse_double_roles(self) -> None:
        """A card has one role at most, and a joker (no rank) is never a stop card."""
        name = self.info.name
        for code in range(NUM_CODES):
            roles = [role for role, table in (("wild", self.wild), ("bonus", self.bonus),
                                              ("stop", self.stop)) if table[code]]
            if len(roles) > 1:
                raise VariantError(f"variant {name!r}: {CARDS[code]} cannot be both a "
                                   f"{roles[0]} card and a {roles[1]} card")
        if self.stop[JOKER_CODE]:
            raise VariantError(f"variant {name!r}: a joker has no rank, so it cannot be a "
                               f"stop card")

    def _stop_sets(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(rank, its stop codes) of every rank with stop cards, which must be all of its
        cards that are not wild or bonus cards: a set holds stop cards only, or none."""
        stop_sets: list[tuple[int, tuple[int, ...]]] = []
        for rank in sorted({c // 4 + 2 for c in self.stop_codes}):
            rank_codes = tuple(_rank_codes(rank))
            stops = tuple(c for c in rank_codes if self.stop[c])
            if stops != tuple(c for c in rank_codes if not (self.wild[c] or self.bonus[c])):
                raise VariantError(
                    f"variant {self.info.name!r}: the stop cards of rank "
                    f"{CARDS[stops[0]].rank.symbol} must be all its cards that are not wild "
                    f"or bonus cards")
            stop_sets.append((rank, stops))
        return tuple(stop_sets)

    def _read_set_ranks(self) -> None:
        """The set ranks as the scans of the catalog read them."""
        self.set_rank_list = tuple(sorted(int(r) for r in self.meld.set_ranks))
        self.set_rank_set = frozenset(self.set_rank_list)
        stop_ranks = {rank for rank, _codes in self.stop_sets}
        naturals = {rank: tuple(c for c in _rank_codes(rank) if self.pair_top[c])
                    for rank in self.set_rank_list if rank not in stop_ranks}
        naturals.update(self.stop_sets)
        self.set_naturals: dict[int, tuple[int, ...]] = naturals
        """The codes that meld as naturals in a set of each rank (stop cards in theirs)."""
        self.set_rank_bases = tuple((r, (r - 2) * 4) for r in self.set_rank_list
                                    if len(naturals.get(r, ())) == 4)
        """(rank, code of its first card) of every set rank whose four cards are naturals."""
        self.set_rank_codes = tuple((r, b, b + 1, b + 2, b + 3) for r, b in self.set_rank_bases)
        """(rank, the codes of its four cards) of the ranks of ``set_rank_bases``: the rank
        scan of ``Game._meld_entries`` adds no offsets."""
        self.odd_set_naturals = tuple((r, naturals[r]) for r in self.set_rank_list
                                      if r not in stop_ranks and 0 < len(naturals[r]) < 4)
        """(rank, natural codes) of the set ranks with some of their cards wild or bonus."""
        self.odd_sets_held = tuple((r, _counts_getter(codes))
                                   for r, codes in self.odd_set_naturals)
        """(rank, what reads its natural counts from a hand) of the set ranks with some of
        their cards wild or bonus cards."""
        self.stop_sets_held = tuple((rank, _counts_getter(codes))
                                    for rank, codes in self.stop_sets)
        """(rank, what reads its stop card counts from a hand) of every stop rank."""
        classes: dict[tuple[object, ...], int] = {}
        mr, c = self.meld, self.canasta
        self.rank_class = {
            int(rank): classes.setdefault((rank in stop_ranks, rank in mr.set_ranks,
                                           rank in mr.no_wild_ranks, c.rank_kinds.get(rank),
                                           c.rank_mixed_kinds.get(rank)), int(rank))
            for rank in Rank}
        """Per rank, the lowest rank whose sets the rules judge alike: the same set rules
        (a set rank or not, stop cards, no wild cards, PH-8) and the same canasta kinds
        (PH-11). ``_set_problem`` and ``_canasta_kind`` read a rank for nothing else, so
        what the sets of one rank can become (``rank_sets``) is what those of its class
        can: the catalog keeps it once per class."""
        self.full_rank = tuple(len(naturals.get(r, ())) == 4 and r not in stop_ranks
                               for r in range(16))
        """Whether all four cards of each rank are naturals (its sets take the fast paths
        that read a rank's counts at four fixed codes)."""
        # Where a set's wild cards go among its naturals in sorted codes: how many wild
        # codes sort below the rank's first natural, by natural code.
        self.wild_split = tuple(sum(1 for w in self.wild_codes if w < c)
                                for c in range(NUM_CODES + 1))
        self.wild_between = any(
            self.wild_split[codes[0]] != self.wild_split[codes[-1]]
            for codes in naturals.values() if codes)
        """Whether a wild code sorts between two naturals of one rank: then a set's codes
        are sorted as a whole rather than joined as wild, naturals, wild."""

    def _implemented_in_package(self, name: str) -> bool:
        """Whether the code of every implementation of hook ``name`` is this package's
        (a plugin may inherit it from a built-in variant's plugin)."""
        hook = getattr(self.pm.hook, name)
        return all(getattr(impl.function, "__module__", "").startswith("canasta_family.")
                   for impl in hook.get_hookimpls())

    def _implemented_outside_core(self, name: str) -> bool:
        hook = getattr(self.pm.hook, name)
        return any(impl.plugin_name != "canasta_family.core" for impl in hook.get_hookimpls())

    def _plan(self, name: str) -> tuple[tuple[tuple[Callable[..., Any],
                                                    Callable[[dict[str, object]], Any], bool],
                                              ...], bool] | None:
        """How pluggy would call hook ``name``: its implementations in calling order, each
        with what picks its arguments out of the keyword arguments of ``call`` (a tuple to
        spread, or with the third item false the one argument), and whether the first
        answer wins. None when pluggy must do it itself (wrappers, keyword defaults, specs
        with defaults)."""
        hook = getattr(self.pm.hook, name)
        spec = hook.spec
        if spec is None or getattr(spec, "kwargdefaults", None):
            return None
        impls = list(reversed(hook.get_hookimpls()))
        if any(impl.hookwrapper or impl.wrapper or getattr(impl, "kwargnames", ())
               for impl in impls):
            return None
        # An itemgetter picks the arguments at C level: a list comprehension per call cost
        # about 2,000 instructions.
        return (tuple((impl.function, itemgetter(*impl.argnames), len(impl.argnames) != 1)
                      if impl.argnames else (impl.function, _no_arguments, True)
                      for impl in impls),
                bool(spec.opts.get("firstresult", False)))

    def call(self, name: str, expected: type | tuple[type, ...], **kwargs: object) -> Any:
        """Call hook ``name`` and check the type of its answer; a hook that raises or
        answers nonsense is reported as a broken plugin.

        The plugin manager is fixed once the game exists, so each hook's calling order is
        resolved at its first call and the implementations are then called directly, as
        pluggy would call them (first non-None answer for ``firstresult`` hooks, else the
        list of non-None answers): a pluggy call costs about a microsecond, and the engine
        makes one or two per move.
        """
        plans = self.plans
        plan = plans.get(name, False)
        if plan is False:
            plan = plans[name] = self._plan(name)
        try:
            if plan is None:
                result = getattr(self.pm.hook, name)(**kwargs)
            elif plan[1]:
                result = None
                for function, arguments, spread in plan[0]:
                    result = (function(*arguments(kwargs)) if spread
                              else function(arguments(kwargs)))
                    if result is not None:
                        break
            else:
                result = []
                for function, arguments, spread in plan[0]:
                    answer = (function(*arguments(kwargs)) if spread
                              else function(arguments(kwargs)))
                    if answer is not None:
                        result.append(answer)
        except CanastaError:
            raise
        except Exception as exc:
            raise VariantError(
                f"variant {self.info.name!r}: hook {name} raised {type(exc).__name__}: {exc}"
            ) from exc
        if expected is not object and not isinstance(result, expected):
            names = (expected,) if isinstance(expected, type) else expected
            raise VariantError(
                f"variant {self.info.name!r}: hook {name} returned {result!r}, expected "
                + " or ".join(t.__name__ for t in names))
        return result


def _static_for(variant: Variant, num_players: int, options: dict[str, object]) -> _Static:
    """The resolved rules for ``variant`` with ``num_players`` and ``options``, built once
    and kept by the cache owner (setup hooks are asked once, on first use).

    Keyed by (plugin object, variant name, origin, players, options): setup hooks depend on
    nothing else, and building them (a plugin manager above all) cost most of a new game,
    which simulations of millions of hands create by the thousand. A kept rule set keeps
    its plugin object alive, so the id in its key cannot be reused meanwhile."""
    key = (id(variant.plugin), variant.info.name, variant.origin, num_players,
           tuple(sorted(options.items())))
    found: _Static = CACHES.rule_set(
        key, lambda kept: bool(kept.variant.plugin is variant.plugin),
        lambda: _Static(variant, num_players, options))
    return found
