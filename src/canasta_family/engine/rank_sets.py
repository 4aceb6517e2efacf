"""What the side's sets of one rank can become this turn (AS-8, AS-12, AS-13; PH-5, PH-10;
CC-3): every way some more naturals of the rank and some wild cards can join them, played
in every order and judged by the same rules as the checks, once per class of ranks the
rules judge alike (the rule set's ``rank_class``). The going-out solver
(``out_solver``), the judges of a listing's set plays (``out_plays``) and the owed-meld
bound (``initial_meld_bound``) all read it; the answers are kept in the rule set's
catalog (``out_rank_options``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from canasta_family.engine.game import Game
    from canasta_family.melds import Meld

Kinds = tuple[str, ...]
"""Canasta kinds, sorted."""

Shape = tuple[int, int, str]
"""A set as (naturals, wild cards, canasta kind or "" when it is none)."""


def meld_shape(meld: Meld) -> Shape:
    """The set ``meld`` as its :data:`Shape`: all the rules of one rank's sets read of it.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=2, seed=1,
    ...     start=canasta_family.HandSetup(hands=("4c", "5c"), melds=(("Kh Kd JK",), ())))
    >>> meld_shape(game.side_melds(0)[0])  # two natural kings and a wild card
    (2, 1, '')
    """
    return (len(meld.cards) - meld.wilds, meld.wilds, meld.canasta or "")


def changed_shapes(shapes: tuple[Shape, ...], old: Shape | None, new: Shape
                   ) -> tuple[Shape, ...]:
    """One rank's sets ``shapes`` after a play that turns the set of shape ``old`` into
    ``new`` (a lay-off), or makes ``new`` where ``old`` is None (a new set); sorted, as
    :func:`rank_options` and the judges that read it are asked.

    >>> changed_shapes(((2, 1, ""), (4, 0, "")), (2, 1, ""), (3, 1, ""))
    ((3, 1, ''), (4, 0, ''))
    >>> changed_shapes((), None, (3, 0, ""))
    ((3, 0, ''),)
    """
    grown = list(shapes)
    if old is not None:
        grown.remove(old)
    grown.append(new)
    grown.sort()
    return tuple(grown)


def rank_options(game: Game, rank: int | None, naturals: int, shapes: tuple[Shape, ...],
                 wild_most: int) -> frozenset[tuple[int, Kinds]]:
    """Every way the side's sets of ``rank`` (None: melds of wild cards only), of
    ``shapes``, can take ``naturals`` more naturals of that rank and up to ``wild_most``
    wild cards: (wild cards used, the canasta kinds of all those sets then).

    Plays are made in every order, each judged as the checks judge it: a new set by
    ``_set_problem`` and the one-meld-per-rank rules (PH-10, CC-3), a lay-off by the
    natural-canasta house rule, a finished canasta's size limit (PH-5) and the set rules
    for the meld it makes. Kept per rule set in the catalog: it depends on nothing else.

    >>> import canasta_family
    >>> game = canasta_family.new_game("canasta", players=4, seed=1)
    >>> sorted(rank_options(game, 9, 3, (), 1))  # 9 9 9, or 9 9 9 and a wild card
    [(0, ()), (1, ())]
    """
    if rank is not None:
        rank = game._s.rank_class[rank]  # (the rank its sets are judged as)
        if wild_most:
            wild_most = min(wild_most, _wild_room(game, naturals, shapes))
    key = (rank, naturals, shapes, wild_most)
    table = game._t.out_rank_options
    found = table.get(key)
    if found is None:
        found = table[key] = _RankSearch(game, rank).options(naturals, shapes, wild_most)
    return found


def _wild_room(game: Game, naturals: int, shapes: tuple[Shape, ...]) -> int:
    """At most how many wild cards a rank's sets of ``shapes`` and new sets of ``naturals``
    more naturals can take in all, by the cap on a set's wild cards (AS-8, CC-3): each
    set to that cap, and each new set needs ``set_min_naturals`` of the naturals. No way
    of :func:`rank_options` uses more, so a larger ``wild_most`` gives the same options:
    clamped to this, hands with more wild cards share the catalog's entry.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=1)
    >>> _wild_room(game, 5, ((4, 1, ""),))  # one more on the set, two new sets of two each
    5
    """
    s = game._s
    cap = s.meld.set_max_wilds
    if cap is None:
        return 1 << 30  # no cap: nothing to clamp to
    room: int = naturals // s.set_min_naturals * cap
    for _nat, wild, _kind in shapes:
        if wild < cap:
            room += cap - wild
    return room


class _RankSearch:
    """The search behind :func:`rank_options` for one rank."""

    __slots__ = ("every", "game", "joins", "max_size", "min_new",
                 "no_wild_natural", "ok", "rank", "results", "seen")

    def __init__(self, game: Game, rank: int | None) -> None:
        s = game._s
        mr = s.meld
        self.game = game
        self.rank = rank
        self.joins = s.joins_sets
        self.every = mr.one_meld_per_rank
        self.max_size = mr.max_size
        self.no_wild_natural = mr.no_wild_on_natural_canasta
        self.min_new = 0 if rank is None else 1
        self.ok: dict[tuple[int, int], bool] = {}
        self.seen: set[tuple[object, ...]] = set()
        self.results: set[tuple[int, Kinds]] = set()

    def legal(self, nat: int, wild: int) -> bool:
        known = self.ok.get((nat, wild))
        if known is None:
            known = self.ok[(nat, wild)] = self.game._set_problem(
                self.rank, nat, wild, True) is None
        return known

    def kind(self, nat: int, wild: int) -> str:
        made = self.game._canasta_kind(False, self.rank, nat + wild, wild)
        return "" if made is None else made

    def options(self, naturals: int, shapes: tuple[Shape, ...], wild_most: int
                ) -> frozenset[tuple[int, Kinds]]:
        self.walk(tuple(sorted(shapes)), naturals, 0, wild_most)
        return frozenset(self.results)

    def walk(self, shapes: tuple[Shape, ...], left: int, used: int, most: int) -> None:
        key = (shapes, left, used)
        if key in self.seen:
            return
        self.seen.add(key)
        if not left:
            self.results.add((used, tuple(sorted(k for _n, _w, k in shapes if k))))
        room = most - used
        no_naturals = self.rank is None
        for index, (nat, wild, kind) in enumerate(shapes):
            if kind and self.max_size is not None and nat + wild >= self.max_size:
                continue  # a finished canasta cannot be added to (PH-5)
            wild_room = 0 if kind and not wild and self.no_wild_natural else room
            for x in range(1 if no_naturals else left + 1):
                for y in range(wild_room + 1):
                    if (x or y) and self.legal(nat + x, wild + y):
                        rest = shapes[:index] + shapes[index + 1:]
                        grown = (nat + x, wild + y, self.kind(nat + x, wild + y))
                        self.walk(tuple(sorted((*rest, grown))), left - x, used + y, most)
        if self.joins and any(self.every or not kind for _n, _w, kind in shapes):
            return  # a new set of the rank would have to join the side's open one
        for x in range(self.min_new, (0 if no_naturals else left) + 1):
            for y in range(room + 1):
                if x + y and self.legal(x, y):
                    self.walk(tuple(sorted((*shapes, (x, y, self.kind(x, y))))),
                              left - x, used + y, most)
