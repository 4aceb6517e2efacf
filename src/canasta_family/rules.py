"""Rule parameters a variant hands to the engine.

Most of what a Canasta-family variant changes is a number or a yes/no: how many wild cards
a set may hold, whether runs exist, whether the pile is always frozen. Hooks return these
frozen values once per game, and the engine reads them on its hot paths without calling
back into plugins (a pluggy call costs about a microsecond; legal-action generation makes
hundreds of checks). Where a variant needs real code — going-out conditions, scoring,
what happens at the end of a turn — there is a hook called at that moment instead.

>>> MeldRules(runs=True).set_max_wilds
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from canasta_family.cards import NUM_CODES, Card, Rank, card_from_code

__all__ = [
    "CONTINUE",
    "CanastaRules",
    "CardRoles",
    "DealRules",
    "GameResult",
    "GoingOutRules",
    "InitialMeldRules",
    "MeldRules",
    "OptionSpec",
    "PileRules",
    "RedThreeRules",
    "ReserveRules",
    "ScoreItem",
    "SinglePickupRules",
    "StockEndRules",
    "TurnEndEffects",
    "VariantInfo",
    "Violation",
]


@attrs.frozen
class Violation:
    """A rule a proposed play breaks: the rule ID and a sentence for the player.

    >>> Violation("AS-27", "a red 3 can never be discarded").rule
    'AS-27'
    """

    rule: str
    reason: str


def _role_table(value: tuple[bool, ...]) -> tuple[bool, ...]:
    table = tuple(bool(flag) for flag in value)
    if len(table) != NUM_CODES:
        raise ValueError(f"a role table needs one flag per card code ({NUM_CODES}), "
                         f"got {len(table)}")
    return table


def _cards_with(table: tuple[bool, ...]) -> str:
    return " ".join(str(card_from_code(code)) for code, flag in enumerate(table) if flag)


@attrs.frozen(repr=False)
class CardRoles:
    """Which cards are wild, bonus cards and stop cards under a game's rules: the answers
    of ``canasta_is_wild``, ``canasta_is_bonus_card`` and ``canasta_is_stop_card``, one
    flag per card code (:attr:`Card.code <canasta_family.cards.Card.code>`).

    Public rule data: :attr:`Game.card_roles <canasta_family.Game.card_roles>` gives a
    game's (one object per rule set, shared by its games and their clones) and every
    :class:`~canasta_family.observation.Observation` carries it as ``roles``, so a player
    judges cards by the variant's roles and not by the classic ``Card.is_wild``,
    ``Card.is_red_three`` and ``Card.is_black_three``.

    >>> from canasta_family import parse_card
    >>> roles = CardRoles.classic()
    >>> roles.is_wild(parse_card("2c")), roles.is_bonus_card(parse_card("3h"))
    (True, True)
    >>> roles.is_stop_card(parse_card("3s")), roles.is_wild(parse_card("7s"))
    (True, False)
    >>> roles
    CardRoles(wild='2c 2d 2h 2s JK', bonus='3d 3h', stop='3c 3s')
    """

    wild: tuple[bool, ...] = attrs.field(converter=_role_table)
    bonus: tuple[bool, ...] = attrs.field(converter=_role_table)
    stop: tuple[bool, ...] = attrs.field(converter=_role_table)

    @classmethod
    def classic(cls) -> CardRoles:
        """The roles of every built-in variant: jokers and 2s wild (AS-3), red 3s bonus
        cards (AS-16), black 3s stop cards (AS-33)."""
        cards = [card_from_code(code) for code in range(NUM_CODES)]
        return cls(wild=tuple(c.is_wild for c in cards),
                   bonus=tuple(c.is_red_three for c in cards),
                   stop=tuple(c.is_black_three for c in cards))

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild."""
        return self.wild[card.code]

    def is_bonus_card(self, card: Card) -> bool:
        """Whether ``card`` is a bonus card (placed face up for points, never melded)."""
        return self.bonus[card.code]

    def is_stop_card(self, card: Card) -> bool:
        """Whether ``card`` is a stop card (blocks the pile, melds only as the meld rules
        allow black 3s)."""
        return self.stop[card.code]

    def wild_count(self, cards: Iterable[Card]) -> int:
        """How many of ``cards`` are wild.

        >>> from canasta_family import parse_cards
        >>> CardRoles.classic().wild_count(parse_cards("2c 7h JK"))
        2
        """
        wild = self.wild
        return sum(1 for card in cards if wild[card.code])

    def __repr__(self) -> str:
        return (f"CardRoles(wild={_cards_with(self.wild)!r}, "
                f"bonus={_cards_with(self.bonus)!r}, stop={_cards_with(self.stop)!r})")


@attrs.frozen
class OptionSpec:
    """One option a variant offers (a point where sources disagree, or a house rule).

    ``allowed`` lists the permitted values (``None``: any value of ``type``).

    >>> OptionSpec("target", int, 10000, (2500, 5000, 7500, 10000), "MS-15", "score to win").default
    10000
    """

    name: str
    type: type
    default: object
    allowed: tuple[object, ...] | None
    rule: str
    description: str


@attrs.frozen
class VariantInfo:
    """What a variant is: the ``VARIANT`` constant every variant plugin defines.

    >>> info = VariantInfo(name="demo", aliases=("d",), players=(4,), description="x")
    >>> info.name, info.players
    ('demo', (4,))
    """

    name: str
    aliases: tuple[str, ...] = ()
    players: tuple[int, ...] = (4,)
    description: str = ""
    source: str = ""
    default_players: int | None = None
    options: tuple[OptionSpec, ...] = ()
    rule_ids: Mapping[str, str] = attrs.field(factory=dict)

    def rule(self, topic: str) -> str:
        """The variant's rule ID for an engine topic (``"set"`` → ``"AS-8"``), or the topic
        itself when the variant names none. Topics are listed in ``docs/hooks.md``."""
        return self.rule_ids.get(topic, topic)

    @property
    def preferred_players(self) -> int:
        """The player count used when none is given (4 when allowed)."""
        if self.default_players is not None:
            return self.default_players
        return 4 if 4 in self.players else self.players[0]


@attrs.frozen
class DealRules:
    """How a hand is dealt.

    ``hand_size`` cards each, then ``foot_size`` face-down cards each (a "foot", 0 for
    none). ``upcard``: turn the top stock card face up to start the pile; without it the
    pile starts empty and the first player must draw (BU-7). ``upcard_redraw``: turn
    further stock cards onto a wild or red-3 upcard until the top is neither (AS-7);
    otherwise the upcard stays whatever it is (PH-4).
    """

    hand_size: int
    foot_size: int = 0
    upcard_redraw: bool = True
    upcard: bool = True


@attrs.frozen
class MeldRules:
    """What a legal meld is (sets, runs, wild-card limits, canasta size).

    Sets: ``min_size`` or more cards of one rank with at least ``set_min_naturals``
    naturals and at most ``set_max_wilds`` wild cards; naturals must be at least
    ``naturals_per_wild`` times the wild cards (DS-6: 2) and, with
    ``naturals_exceed_wilds``, strictly more than them (CC-3). ``max_size`` caps every meld
    (PH-5: 7). ``set_ranks`` are the ranks sets may have (black 3s are governed by
    ``black_threes``). ``no_wild_ranks`` may never hold wild cards (PH-7: sevens).
    Runs (``runs``): ``run_min``–``run_max`` consecutive naturals of one suit between
    ``run_low`` and ``run_high``; with ``run_ace_low`` (and ``run_low`` 2) the ace may also
    stand below the 2 (A-2-3) as well as above the king, never both unless a run holds
    two aces, never wrapping round (K-A-2 is no run, BU-12). ``run_wilds``: how many wild
    cards a run may hold, each standing for one place (BU-14, BU-15; 0: runs are all
    naturals); ``run_wild_in_own_place``: a wild card with a rank (a 2) lying at its own
    place in a run of its suit is a natural there (BU-12); ``run_wild_moves``: laying off
    the natural a run's wild card stands for moves the wild card (BU-16; otherwise that
    place is taken). ``wild_melds``: sets of wild cards only, ``min_size`` up to
    ``wild_meld_max``. ``black_threes``: ``"going-out"``
    (a natural set of black 3s only in the going-out turn, AS-33) or ``"never"``.
    ``merge``: two same-rank sets of a side may be merged (AS-13).
    ``one_open_meld_per_rank``: a side holds at most one non-canasta set of each rank, sets of
    wild cards only counting as one rank; a pile taken with a pair of a rank the side already
    has open joins that meld at once, within the meld rules (PH-10). ``one_meld_per_rank``:
    likewise for every set of the side, canastas included: a side holds at most one meld of each
    rank (CC-3).
    ``no_wild_on_natural_canasta``: a natural canasta accepts no wild card (AS-10 house
    rule). ``canasta_size``: cards that make a set a canasta.
    """

    min_size: int = 3
    set_min_naturals: int = 2
    set_max_wilds: int | None = 2
    naturals_per_wild: int = 1
    naturals_exceed_wilds: bool = False
    max_size: int | None = None
    set_ranks: frozenset[Rank] = frozenset(Rank(r) for r in range(4, 15))
    no_wild_ranks: frozenset[Rank] = frozenset()
    runs: bool = False
    run_min: int = 3
    run_max: int = 7
    run_low: Rank = Rank.FOUR
    run_high: Rank = Rank.ACE
    run_ace_low: bool = False
    run_wilds: int = 0
    run_wild_in_own_place: bool = False
    run_wild_moves: bool = False
    wild_melds: bool = False
    wild_meld_max: int = 7
    black_threes: str = "going-out"
    merge: bool = False
    one_open_meld_per_rank: bool = False
    one_meld_per_rank: bool = False
    no_wild_on_natural_canasta: bool = False
    canasta_size: int = 7


@attrs.frozen
class CanastaRules:
    """Canasta kinds and their bonuses.

    A set of ``MeldRules.canasta_size`` or more cards is a canasta: ``"natural"`` without
    wild cards, ``"mixed"`` with them, ``"wild"`` when all are wild, or the name
    ``rank_kinds`` gives a natural canasta of that rank (PH-11: sevens) and
    ``rank_mixed_kinds`` a mixed one (PH-O2: a mixed canasta of sevens). A run of
    ``run_canasta_size`` cards is a ``run_kind`` canasta (the samba); one holding wild
    cards is a ``run_mixed_kind`` canasta where that is set (BU-17), and a run without
    wild cards whose length ``run_length_kinds`` names is of that kind (BU-18: 13 and 14
    cards). ``bonuses`` maps every kind to its bonus.
    """

    bonuses: Mapping[str, int] = attrs.field(
        factory=lambda: {"natural": 500, "mixed": 300})
    rank_kinds: Mapping[Rank, str] = attrs.field(factory=dict)
    rank_mixed_kinds: Mapping[Rank, str] = attrs.field(factory=dict)
    run_kind: str = "run"
    run_mixed_kind: str | None = None
    run_length_kinds: Mapping[int, str] = attrs.field(factory=dict)
    run_canasta_size: int = 7
    wild_kind: str = "wild"


@attrs.frozen
class PileRules:
    """When and how the discard pile may be taken.

    The pile is *frozen* for a side ``always``, or while it holds a wild card or red 3
    (``frozen_by_wild_or_red_three``), or until the side has made its initial meld
    (``frozen_before_initial_meld``). A frozen pile is taken only by melding its top card
    with a natural pair from hand (AS-19). An unfrozen one also with a natural and a wild
    card (``unfrozen_natural_and_wild``, CC-4), or by laying the top card off on a meld of
    the side (``unfrozen_layoff``, AS-20; not on a canasta with
    ``layoff_not_on_canasta``). Taking is never allowed while the top card is wild
    (``blocked_wild``), a black 3 (``blocked_black_three``) or a red 3
    (``blocked_red_three``). ``only_top_counts``: of the pile's cards only the top card
    counts towards an initial meld (AS-23). ``unconditional``: the whole pile goes into the
    hand with no condition — ``take-pile`` names no cards and the top card need not be
    used (BU-9); freezing does not apply, the ``blocked_*`` flags still do.
    """

    always_frozen: bool = False
    frozen_by_wild_or_red_three: bool = True
    frozen_before_initial_meld: bool = True
    unfrozen_natural_and_wild: bool = False
    unfrozen_layoff: bool = True
    layoff_not_on_canasta: bool = True
    blocked_wild: bool = True
    blocked_black_three: bool = True
    blocked_red_three: bool = True
    only_top_counts: bool = True
    unconditional: bool = False


@attrs.frozen
class SinglePickupRules:
    """Taking only the top card of the pile onto a run of one's side (DS-2, MS-8).

    ``stock_cards`` cards are then drawn from the stock instead of the usual draw.
    """

    allowed: bool = True
    onto_runs: bool = True
    onto_sets: bool = False
    stock_cards: int = 1
    rule: str = ""


@attrs.frozen
class InitialMeldRules:
    """The initial-meld minimum and what happens when a try falls short.

    ``retract_penalty``: a side whose first melds fall short may take them back, and its
    minimum rises by this much for the rest of the hand (AS-24); ``None``: melded cards
    never go back to the hand, so a first meld short of the minimum is legal only while
    further plays this turn can still reach it, and binds the turn to reach it (PH-17), as
    an initial pile take does (AS-23). ``rule`` is cited in errors.
    """

    retract_penalty: int | None = 100
    rule: str = ""
    retract_rule: str = ""


@attrs.frozen
class RedThreeRules:
    """How red 3s are handled.

    ``auto_place``: placed face up at once when drawn (and replaced from the stock) or at
    the player's first turn when dealt (AS-16, AS-29); otherwise a player places them
    during the meld step with ``place`` (DS-3). ``discardable``: may be discarded (DS-3).
    ``value``: points each; ``all_value``: points for a side holding every red 3 of the
    deck (AS-30).
    """

    auto_place: bool = True
    discardable: bool = False
    value: int = 100
    all_value: int = 1000
    rule: str = ""


@attrs.frozen
class GoingOutRules:
    """Going-out bonus and the hand that must be kept until one may go out.

    ``keep_cards``: a player who may not go out must keep at least this many cards after
    melding (AS-35: 2). A play that leaves fewer is still legal when going out this turn
    stays possible after it (the turn can still end legally, AS-35, CC-8); with
    ``literal_keep`` it is legal only when the side meets the going-out conditions
    already (MS-13's plain reading: never down to a single card before). ``bonus``: for
    the side that goes out (AS-37). ``concealed_bonus``:
    instead of ``bonus`` when the player goes out melding a whole hand in one turn without
    the side having melded before (CC-8), ``None`` for no such bonus. ``by_discard``:
    going out needs a final discard, so no play may empty the hand (BU-O7).
    ``partner_question``: a player with partners may ask "may I go out?" (AS-36); off,
    nobody asks (BU-26).
    """

    bonus: int = 200
    concealed_bonus: int | None = None
    keep_cards: int = 2
    rule: str = ""
    literal_keep: bool = False
    by_discard: bool = False
    partner_question: bool = True


@attrs.frozen
class StockEndRules:
    """What happens when the stock runs out.

    ``forced_layoff_take``: a player who could take the pile by laying its top card off
    must take it (AS-39). ``red_three_last_draw_ends``: if the last draw from the stock
    brings only red 3s, the hand ends at once (AS-40). ``red_three_last_card_ends``: if the
    stock's last card, drawn, is a red 3, the hand ends at once whatever else the draw
    brought (PH-24). ``rule`` is cited in errors.
    """

    forced_layoff_take: bool = True
    red_three_last_draw_ends: bool = True
    red_three_last_card_ends: bool = False
    rule: str = ""


@attrs.frozen
class ReserveRules:
    """A second hand per side, dealt face down, that a player of the side takes into the
    hand when the hand empties (Buraco's morto, BU-20…30).

    ``size`` cards for each side (0: none), dealt after the hands and feet. While a side's
    reserve waits, nobody of the side can go out: a play or discard that empties a
    player's hand takes the reserve instead. Emptied by melding or laying off, the player
    plays on with it in the same turn where ``direct`` (BU-22), and may not empty the hand
    before the discard otherwise (BU-O5); emptied by the discard, the turn ends and the
    reserve is played from the player's next turn (BU-23). ``to_stock``: the moment the
    stock runs out, a waiting reserve becomes the stock (BU-28; the lowest-numbered side's
    first). ``rule`` is informational: the engine cites the topic ``reserve``.
    """

    size: int = 0
    direct: bool = True
    to_stock: bool = True
    rule: str = ""


@attrs.frozen
class TurnEndEffects:
    """What the engine does when a player's turn ends (returned by
    :func:`~canasta_family.hookspecs.canasta_turn_end`).

    ``pick_up_foot``: the player takes their foot into hand (PH-18). ``end_hand``: the hand
    ends now without a going-out bonus (PH-16).
    """

    pick_up_foot: bool = False
    end_hand: bool = False


@attrs.frozen
class ScoreItem:
    """One line of a side's hand score: what it is for, its points, the rule behind it.

    >>> ScoreItem("going out", 200, "AS-37").points
    200
    """

    label: str
    points: int
    rule: str = ""


@attrs.frozen
class GameResult:
    """How a game ended: the winning sides (several on a draw) and why.

    >>> GameResult(winners=(0,), reason="side 0 reached 10,000").is_draw
    False
    """

    winners: tuple[int, ...]
    reason: str
    over: bool = True

    @property
    def is_draw(self) -> bool:
        """True when the game is over and no single side won."""
        return self.over and len(self.winners) != 1


CONTINUE = GameResult(winners=(), reason="play another hand", over=False)
"""What :func:`~canasta_family.hookspecs.canasta_game_result` returns to keep playing."""
