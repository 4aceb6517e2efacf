"""Buraco (Brazil) and Italian Burraco for canasta-family: a third-party variant plugin.

The rules are ``BU-1`` … ``BU-32`` with the options ``BU-O1`` … ``BU-O12`` of the
project's rule book (``shared/rules/buraco.md``). Buraco needs mechanisms no Samba or
Canasta has, and every one of them is rule data of the engine, not code here:

- a wild card in a sequence stands for one place, at most one per meld, and a 2 is a
  natural at its own place in its suit (``MeldRules.run_wilds``,
  ``run_wild_in_own_place``; BU-12 … BU-15); laying off the natural a wild card stands
  for moves it (``run_wild_moves``, BU-16); the ace runs low or high
  (``run_ace_low``);
- the pile starts empty and is taken whole with no condition (``DealRules.upcard``,
  ``PileRules.unconditional``; BU-7, BU-9);
- each side has a morto, an 11-card second hand taken when a hand empties
  (``ReserveRules``; BU-20 … BU-30);
- clean and dirty canastas, and the clean runs of 13 and 14 cards
  (``CanastaRules.run_mixed_kind``, ``run_length_kinds``; BU-17, BU-18).

What stays here is the variant's own judgement: the card values, which canasta lets a
side go out, the score sheet, the end of the stock and of the game.

>>> import canasta_family
>>> game = canasta_family.new_game("buraco", seed=1)
>>> game.variant.name, game.num_players, len(game.deck), game.hand_size(1)
('buraco', 4, 108, 11)
>>> game.pile, game.reserve_size(0), game.stock_size
((), 11, 42)
>>> canasta_family.new_game("burraco", players=2, seed=1).stock_size
64

Italian Burraco is a second name with the Italian options as its defaults (BU-O4, O6,
O7, O9 … O12): one upcard, discard to go out, game to 2,005.

>>> italian = canasta_family.new_game("italian-burraco", seed=1)
>>> len(italian.pile), italian.stock_size, italian.options["target"]
(1, 41, 2005)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs
from canasta_family import Rank, hookimpl, make_deck
from canasta_family.rules import (
    CONTINUE,
    CanastaRules,
    DealRules,
    GameResult,
    GoingOutRules,
    InitialMeldRules,
    MeldRules,
    OptionSpec,
    PileRules,
    ReserveRules,
    ScoreItem,
    TurnEndEffects,
    VariantInfo,
    Violation,
)

if TYPE_CHECKING:
    from canasta_family import Card, Game

__all__ = [
    "ITALIAN",
    "RULE_IDS",
    "VARIANT",
    "BuracoPlugin",
    "ItalianBurracoPlugin",
]

__version__ = "0.1.0"

Options = Mapping[str, object]

CLEAN, DIRTY, ROYAL, ACE_TO_ACE = "clean", "dirty", "royal", "ace-to-ace"
"""The canasta kinds: clean and dirty (BU-17), the clean runs A-K and A-A (BU-18)."""

_CLEAN_KINDS = frozenset({CLEAN, ROYAL, ACE_TO_ACE})

MORTO_SIZE = 11
"""BU-6: the cards of each morto."""

MORTO_COST = 100
"""BU-24, BU-31: what a side that never took its morto loses."""

_VALUES: dict[str, tuple[int, int]] = {"pagat": (20, 10), "italian": (30, 20),
                                       "gamedesire": (50, 10)}
"""BU-4, BU-O4: (joker, 2) by value table; the other cards are the same in all three."""

RULE_IDS: dict[str, str] = {
    "players": "BU-1", "deck": "BU-2", "values": "BU-4", "deal": "BU-6", "turn": "BU-8",
    "pile-blocked": "BU-9", "pile-frozen": "BU-9", "stranded": "BU-10", "lay-off": "BU-15",
    "run": "BU-12", "set": "BU-13", "run-place": "BU-15", "max-size": "BU-12",
    "canasta-bonus": "BU-17", "reserve": "BU-O5", "going-out": "BU-25",
    "keep-cards": "BU-27", "going-out-bonus": "BU-26", "stock-end": "BU-30",
    "hand-penalty": "BU-31", "game-end": "BU-32", "initial-meld": "BU-3",
}
"""Engine rule topic → Buraco rule ID."""


def _options(italian: bool) -> tuple[OptionSpec, ...]:
    """The options BU-O2 … BU-O12 (BU-O1 is the player count), with the Brazilian
    defaults or, for Italian Burraco, the Italian ones."""
    return (
        OptionSpec("melds", str, "runs-and-sets", ("runs-and-sets", "runs-only"), "BU-O2",
                   "runs-and-sets: sequences and sets; runs-only: no sets (Buraco Aberto)."),
        OptionSpec("wilds", str, "jokers-and-twos", ("jokers-and-twos", "twos-only"),
                   "BU-O3", "jokers-and-twos: 108 cards; twos-only: 104 cards, no jokers."),
        OptionSpec("values", str, "italian" if italian else "pagat",
                   tuple(_VALUES), "BU-O4",
                   "joker and 2: pagat 20 / 10, italian 30 / 20, gamedesire 50 / 10."),
        OptionSpec("morto", str, "direct-and-indirect",
                   ("direct-and-indirect", "indirect-only"), "BU-O5",
                   "indirect-only: a hand may not empty before the discard while the "
                   "side's morto waits."),
        OptionSpec("out_canasta", str, "any" if italian else "clean", ("clean", "any"),
                   "BU-O6", "The canasta a side needs to go out: a clean one, or any."),
        OptionSpec("pile", str, "open", ("open", "closed"), "BU-O8",
                   "closed: the pile is taken only by melding its top card at once, with "
                   "cards from hand (a set or a sequence) or onto a meld of the side."),
        OptionSpec("going_out", str, "discard" if italian else "meld-or-discard",
                   ("meld-or-discard", "discard"), "BU-O7",
                   "discard: go out only by discarding a last card that is not wild."),
        OptionSpec("big_canastas", bool, not italian, None, "BU-O9",
                   "Clean A-K (+500) and A-A (+1000) runs; off: +200 like any clean one."),
        OptionSpec("target", int, 2005 if italian else 3000, (2000, 2005, 3000, 5000),
                   "BU-O10", "The total that ends the game."),
        OptionSpec("upcard", bool, italian, None, "BU-O11",
                   "Turn one stock card up to start the pile (stock 41)."),
        OptionSpec("stock_end", str, "italian" if italian else "morto-stock",
                   ("morto-stock", "italian"), "BU-O12",
                   "morto-stock: an untaken morto becomes the stock; italian: the hand "
                   "ends after the discard that leaves two cards in the stock."),
    )


VARIANT = VariantInfo(
    name="buraco",
    aliases=("burraco",),
    players=(2, 4),
    default_players=4,
    description="Buraco (Brazil): runs with one wild card, the pile taken whole, an "
                "11-card morto per side, a clean canasta to go out; game to 3,000.",
    source="pagat.com, Portuguese Wikipedia, Jogatina and others (shared/rules/buraco.md)",
    options=_options(italian=False),
    rule_ids=RULE_IDS,
)
"""What Buraco is: its name, players, options and rule IDs."""

ITALIAN = attrs.evolve(
    VARIANT, name="italian-burraco", aliases=("burraco-italiano",),
    description="Italian Burraco: Buraco with the Italian options (one upcard, joker 30 "
                "and pinella 20, any canasta and a discard to go out, no 500/1000 runs, "
                "the hand ends two cards before the stock does); game to 2,005.",
    options=_options(italian=True))
"""The Italian preset (BU-O2 … O12 as the rule book lists it) as a variant of its own."""


class BuracoPlugin:
    """Buraco's hooks (BU-1 … BU-32, options BU-O2 … BU-O12).

    >>> plugin = BuracoPlugin()
    >>> plugin.canasta_reserve_rules(num_players=4, options={"morto": "indirect-only"})
    ReserveRules(size=11, direct=False, to_stock=True, rule='BU-20')
    """

    info = VARIANT

    @staticmethod
    def _option(options: Options, name: str) -> object:
        spec = next(spec for spec in VARIANT.options if spec.name == name)
        return options.get(name, spec.default)

    # -- cards and deal ----------------------------------------------------------------

    @hookimpl
    def canasta_deck(self, options: Options) -> tuple[Card, ...]:
        """BU-2, BU-O3: two packs and four jokers, or two packs alone."""
        jokers = 0 if self._option(options, "wilds") == "twos-only" else 2
        return make_deck(packs=2, jokers_per_pack=jokers)

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        """BU-6, BU-7, BU-O11: 11 cards each; no upcard unless the option asks."""
        return DealRules(hand_size=11, upcard=bool(self._option(options, "upcard")),
                         upcard_redraw=False)

    @hookimpl
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        """BU-8: one card from the stock."""
        return 1

    @hookimpl
    def canasta_card_value(self, card: Card, options: Options) -> int:
        """BU-4, BU-O4."""
        joker, two = _VALUES[str(self._option(options, "values"))]
        if card.is_joker:
            return joker
        if card.rank == Rank.TWO:
            return two
        if card.rank == Rank.ACE:
            return 15
        return 10 if card.rank >= Rank.EIGHT else 5

    @hookimpl
    def canasta_is_wild(self, card: Card, options: Options) -> bool:
        """BU-3: jokers and 2s (a 2 at its own place in its suit's run is natural)."""
        return card.is_joker or card.rank == Rank.TWO

    @hookimpl
    def canasta_is_bonus_card(self, card: Card, options: Options) -> bool:
        """BU-3: no red 3 rules."""
        return False

    @hookimpl
    def canasta_is_stop_card(self, card: Card, options: Options) -> bool:
        """BU-3: no black 3 rules."""
        return False

    @hookimpl
    def canasta_reserve_rules(self, num_players: int, options: Options) -> ReserveRules:
        """BU-20 … BU-23, BU-28, BU-O5, BU-O12: one 11-card morto per side."""
        return ReserveRules(
            size=MORTO_SIZE,
            direct=self._option(options, "morto") == "direct-and-indirect",
            to_stock=self._option(options, "stock_end") == "morto-stock", rule="BU-20")

    # -- melds and the pile -----------------------------------------------------------------

    @hookimpl
    def canasta_meld_rules(self, num_players: int, options: Options) -> MeldRules:
        """BU-12 … BU-16, BU-O2: sequences A-2-3 … Q-K-A of 3 to 14 cards with at most one
        wild card; sets of 3s to aces with at most one; canastas of 7."""
        sets = self._option(options, "melds") == "runs-and-sets"
        return MeldRules(
            min_size=3, set_min_naturals=2, set_max_wilds=1,
            set_ranks=frozenset(Rank(r) for r in range(3, 15)) if sets else frozenset(),
            runs=True, run_min=3, run_max=14, run_low=Rank.TWO, run_high=Rank.ACE,
            run_ace_low=True, run_wilds=1, run_wild_in_own_place=True, run_wild_moves=True,
            black_threes="never", canasta_size=7)

    @hookimpl
    def canasta_canasta_rules(self, options: Options) -> CanastaRules:
        """BU-17, BU-18, BU-O9: clean +200, dirty +100; clean A-K +500, A-A +1000."""
        big = bool(self._option(options, "big_canastas"))
        return CanastaRules(
            bonuses={CLEAN: 200, DIRTY: 100, ROYAL: 500, ACE_TO_ACE: 1000},
            rank_kinds={Rank(r): CLEAN for r in range(3, 15)},
            rank_mixed_kinds={Rank(r): DIRTY for r in range(3, 15)},
            run_kind=CLEAN, run_mixed_kind=DIRTY, run_canasta_size=7,
            run_length_kinds={13: ROYAL, 14: ACE_TO_ACE} if big else {})

    @hookimpl
    def canasta_pile_rules(self, options: Options) -> PileRules:
        """BU-9: the whole pile, with no condition and whatever its top card; BU-O8: a
        closed pile only by melding its top card at once, in a new set or sequence with
        cards from hand or onto a meld of the side (canastas included)."""
        closed = self._option(options, "pile") == "closed"
        return PileRules(unconditional=not closed, frozen_by_wild_or_red_three=False,
                         frozen_before_initial_meld=False, unfrozen_natural_and_wild=True,
                         unfrozen_layoff=True, layoff_not_on_canasta=False,
                         blocked_wild=False, blocked_black_three=False,
                         blocked_red_three=False, only_top_counts=closed)

    @hookimpl
    def canasta_initial_meld_rules(self, options: Options) -> InitialMeldRules:
        """BU-3: no minimum for a side's first meld."""
        return InitialMeldRules(retract_penalty=None, rule="BU-3")

    @hookimpl
    def canasta_initial_meld_minimum(self, game: Game, side: int, score: int) -> int:
        """BU-3: no minimum."""
        return 0

    # -- going out --------------------------------------------------------------------

    @hookimpl
    def canasta_going_out_rules(self, num_players: int, options: Options) -> GoingOutRules:
        """BU-26, BU-27, BU-O7: +100 for going out, with no question to a partner; keep
        two cards until then."""
        return GoingOutRules(bonus=100, keep_cards=2, rule="BU-26", partner_question=False,
                             by_discard=self._option(options, "going_out") == "discard")

    @hookimpl
    def canasta_going_out_violations(self, game: Game, player: int,
                                     canastas: tuple[str, ...]) -> tuple[Violation, ...]:
        """BU-25, BU-O6: a clean canasta (any canasta under BU-O6). The morto half of
        BU-25 is the engine's: nobody goes out while the side's reserve waits."""
        if self._option(game.options, "out_canasta") == "any":
            if canastas:
                return ()
            return (Violation("BU-O6", "your side needs a canasta before anyone may go "
                                       "out"),)
        if _CLEAN_KINDS.intersection(canastas):
            return ()
        return (Violation("BU-25", "your side needs a clean canasta (no wild card) before "
                                   "anyone may go out"),)

    @hookimpl
    def canasta_forbidden_discards(self, game: Game, player: int, going_out: bool,
                                   hand: tuple[Card, ...], canastas: tuple[str, ...]
                                   ) -> dict[Card, Violation]:
        """BU-10: after taking a pile of one card, neither it nor its twin is discarded
        in the same turn; BU-O7: under Italian rules the last discard is no wild card."""
        forbidden: dict[Card, Violation] = {}
        taken = game.turn_pile_cards if player == game.current_player else ()
        if len(taken) == 1 and taken[0] in hand:
            forbidden[taken[0]] = Violation(
                "BU-10", f"you took a pile of one card, {taken[0]}: you may not discard it "
                         "(or its twin) in the same turn")
        if going_out and self._option(game.options, "going_out") == "discard":
            for card in hand:
                if game.is_wild(card):
                    forbidden[card] = Violation("BU-O7", "you go out by discarding a card "
                                                         "that is not wild")
        return forbidden

    @hookimpl
    def canasta_turn_end(self, game: Game, player: int) -> TurnEndEffects:
        """BU-30: with the stock empty and no morto left, the hand ends with this turn;
        BU-O12 (Italian): it ends after the discard that leaves two cards in the stock."""
        if self._option(game.options, "stock_end") == "italian":
            return TurnEndEffects(end_hand=game.stock_size <= 2)
        mortos = sum(game.reserve_size(side) for side in range(len(game.sides)))
        return TurnEndEffects(end_hand=game.stock_size == 0 and not mortos)

    # -- scores -----------------------------------------------------------------------

    @hookimpl
    def canasta_score_side(self, game: Game, side: int,
                           went_out: int | None) -> tuple[ScoreItem, ...]:
        """BU-31 with BU-24 and BU-29: melded cards, canasta bonuses, +100 for going out,
        minus every card left in the side's hands, minus 100 without a morto taken."""
        items = [ScoreItem("melded cards", game.side_melded_points(side), "BU-31")]
        bonuses = game.canasta_rules.bonuses
        kinds: dict[str, int] = {}
        for meld in game.side_melds(side):
            if meld.canasta is not None:
                kinds[meld.canasta] = kinds.get(meld.canasta, 0) + 1
        for kind in (CLEAN, DIRTY, ROYAL, ACE_TO_ACE):
            if kinds.get(kind):
                rule = "BU-18" if kind in (ROYAL, ACE_TO_ACE) else "BU-17"
                items.append(ScoreItem(f"{kinds[kind]} × {kind} canasta",
                                       kinds[kind] * bonuses[kind], rule))
        if went_out is not None and game.side_of(went_out) == side:
            items.append(ScoreItem("going out", game.going_out_rules.bonus, "BU-26"))
        # BU-24: a morto taken with the discard whose taker has not played since, when
        # the hand ends otherwise than by the side going out, counts as never taken.
        ours = went_out is not None and game.side_of(went_out) == side
        unplayed = game.reserve_waiting(side) and not ours
        taker = game.reserve_taken_by(side)
        held = sum(game.hand_points(seat)[0] for seat in game.side_members(side)
                   if not (unplayed and seat == taker))
        if held:
            items.append(ScoreItem("cards left in hand", -held, "BU-31"))
        if unplayed:
            items.append(ScoreItem("morto taken but not played", -MORTO_COST, "BU-24"))
        elif game.reserve_size(side):  # still waiting: never taken (not turned to stock)
            items.append(ScoreItem("morto not taken", -MORTO_COST, "BU-31"))
        return tuple(items)

    @hookimpl
    def canasta_game_result(self, game: Game) -> GameResult:
        """BU-32, BU-O10: after a hand in which a side reaches the target, the higher total
        wins; equal totals play another hand."""
        target = int(self._option(game.options, "target"))  # type: ignore[call-overload]
        scores = game.scores
        best = max(scores)
        if best < target:
            return CONTINUE
        winners = tuple(side for side, score in enumerate(scores) if score == best)
        if len(winners) > 1:
            return CONTINUE  # BU-32: a tie deals another hand
        return GameResult(winners=winners, reason=f"side {winners[0]} wins with {best} "
                                                  f"(BU-32: a side reached {target})")


class ItalianBurracoPlugin(BuracoPlugin):
    """Italian Burraco: the same hooks, with the Italian options as defaults."""

    info = ITALIAN

    @staticmethod
    def _option(options: Options, name: str) -> object:
        spec = next(spec for spec in ITALIAN.options if spec.name == name)
        return options.get(name, spec.default)
