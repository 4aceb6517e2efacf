"""A rule-based player that plays every built-in variant sensibly: :class:`HeuristicPlayer`.

It builds on :class:`~canasta_family.players.GreedyPlayer` (initial-meld planning, pile
taking, wild cards kept for canastas) and adds what the greedy baseline lacks:

- **Guarding the pile.** Before discarding it estimates, for the next player, the chance
  of taking the pile with each card, following the variant's pile rules: by laying it off
  on one of their open melds when the pile is not frozen for them, with a natural and a
  wild card where an unfrozen pile may be taken so, or with a natural pair from hand. The
  pair's chance comes from reading that hand (:mod:`~canasta_family.players.hand_reading`:
  declined piles, melded and discarded ranks cap what it holds, cards drawn since count
  by chance, cards known from a pile it took count for certain). The risk is weighed by
  what the pile is worth; a wild card is thrown to freeze a big pile when every other
  discard is dangerous, and a black 3 (which blocks the pile) is the first choice when
  the pile is worth guarding.
- **Canastas by their worth.** Plays that complete a canasta come first, ranked by the
  variant's bonus for that kind (a samba before a mixed canasta), then lay-offs that bring
  a meld nearer to one.
- **Shedding.** Once its side owns enough canastas to go out (two, and the variant lets
  it go out with them), or when the hand is about to end, it lays wild cards off on open
  melds and melds with them: whoever goes out usually wins the hand, and cards held at
  the end only cost.
- **The canasta the variant wants.** Where going out needs a canasta of sequences the
  side lacks (Bolivia's escalera, asked of the variant through
  :mod:`~canasta_family.players.going_out`), it builds sequences first and keeps cards
  that grow one off sets.
- **Going out and the partner.** It goes out when it may; with a partner holding many
  cards it first asks, and as the partner it answers *no* while holding many points
  (unless the other side is about to go out anyway).
- **Feet, canasta kinds and forbidden discards.** It reads everything from the
  observation and the variant's rule parameters (meld rules, canasta bonuses by kind,
  card values), and picks only listed actions: where wild cards may form melds of their
  own and such a canasta earns a bonus it starts one and feeds it the wild cards; a
  canasta of a rank with a kind of its own (sevens) ranks by that kind's bonus; a foot is
  picked up by the engine; cards a variant forbids to discard are never listed.

>>> import canasta_family
>>> from canasta_family.players import RandomPlayer, play_game
>>> game = canasta_family.new_game("american-samba", players=2, seed=4)
>>> _ = play_game(game, [HeuristicPlayer(), RandomPlayer(seed=1)])
>>> game.result.winners
(0,)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from canasta_family.actions import (
    Action,
    Answer,
    Ask,
    Discard,
    LayOff,
    MakeMeld,
    Merge,
    PlaceRedThree,
)
from canasta_family.cards import Card
from canasta_family.determinize import Knowledge
from canasta_family.melds import Meld, MeldKind
from canasta_family.observation import Observation
from canasta_family.players.going_out import kinds_lacking, kinds_required
from canasta_family.players.greedy import GreedyPlayer, _value, _wilds
from canasta_family.players.hand_reading import HandReading
from canasta_family.rules import CanastaRules, MeldRules, PileRules

__all__ = ["HeuristicPlayer"]


class _Rules:
    """The rule parameters of a variant the player needs (defaults of its options)."""

    def __init__(self, variant: str, players: int) -> None:
        from canasta_family.api import new_game

        probe = new_game(variant, players=players, seed=0)
        self.meld: MeldRules = probe.meld_rules
        self.canasta: CanastaRules = probe.canasta_rules
        self.deck: Counter[Card] = Counter(probe.deck)
        self.values = {card: probe.card_value(card) for card in self.deck}
        self.pile: PileRules = probe.pile_rules
        self.wild_blocks = probe.pile_rules.blocked_wild
        self.draw_count = probe.draw_count
        self.foot_size = probe.deal_rules.foot_size
        # Where wild cards make a canasta of their own, they are kept for it.
        self.wild_canasta = self.meld.wild_melds and bool(
            self.canasta.bonuses.get(self.canasta.wild_kind))
        # Whether going out can ever need a canasta of sequences (BO-6): where it cannot,
        # the player never asks again during play.
        self.run_required = self.canasta.run_kind in kinds_required(variant, players, ())
        best = max(self.canasta.bonuses.values(), default=0)
        self.bonus = {kind: value / best if best else 0.0
                      for kind, value in self.canasta.bonuses.items()}


@lru_cache(maxsize=64)
def _rules(variant: str, players: int) -> _Rules:
    return _Rules(variant, players)


class HeuristicPlayer(GreedyPlayer):
    """Rule-based player (see the module documentation). ``caution`` scales how much the
    pile's safety weighs against keeping useful cards (``None``: 3, or 1 where hands have
    a foot). ``pair_bias`` scales the chance that unseen cards of a rank are in the next
    hand: players keep pairs and throw singles, so a hand holds pairs more often than
    cards dealt at random would."""

    def __init__(self, caution: float | None = None, freeze_pile: int = 3,
                 freeze_danger: float = 0.9, wild_reserve: int = 2, wild_onto: int = 4,
                 run_weight: float = 1.0, shed_after: int = 2, pair_bias: float = 2.0,
                 end_rounds: float = 1.0, run_due_weight: float = 3.0) -> None:
        self.end_rounds = end_rounds
        self.run_due_weight = run_due_weight
        self.pair_bias = pair_bias
        self.caution = caution
        self.shed_after = shed_after
        self.freeze_pile = freeze_pile
        self.freeze_danger = freeze_danger
        self.wild_reserve = wild_reserve
        self.wild_onto = wild_onto
        self.run_weight = run_weight

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The heuristic's move."""
        if observation.phase == "answer":
            return self._answer(observation, legal_actions)
        if observation.phase == "draw":
            return self._draw(observation, legal_actions)
        return self._play(observation, legal_actions)

    # --- the partner ------------------------------------------------------------------

    def _answer(self, obs: Observation, legal: Sequence[Action]) -> Action:
        rules = _rules(obs.variant, len(obs.hand_sizes))
        held = sum(rules.values[c] for c in obs.hand)
        yes = held <= 100 or self._others_close(obs)
        return next((a for a in legal if isinstance(a, Answer) and a.yes == yes), legal[0])

    @staticmethod
    def _others_close(obs: Observation) -> bool:
        for side, seats in enumerate(obs.sides):
            if side == obs.side:
                continue
            canastas = sum(1 for m in obs.melds[side] if m.canasta is not None)
            if canastas >= 2 and min(obs.hand_sizes[s] for s in seats) <= 4:
                return True
        return False

    # --- melding ------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        n = len(obs.hand)
        finishing = [a for a in legal if isinstance(a, (MakeMeld, LayOff)) and len(a.cards) == n]
        going_out = bool(finishing) or (n == 1 and any(isinstance(a, Discard) for a in legal))
        if going_out and obs.partner_answer is None:
            asks = [a for a in legal if isinstance(a, Ask)]
            if asks and max(obs.hand_sizes[p] for p in obs.sides[obs.side]
                            if p != obs.player) >= 6:
                return asks[0]
        if finishing:
            return finishing[0]
        if n == 1:
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return discards[0]
        for action in legal:
            if isinstance(action, PlaceRedThree):
                return action
        if not obs.initial_melds_made[obs.side]:
            return self._initial(obs, legal)
        rules = _rules(obs.variant, len(obs.hand_sizes))
        best: Action | None = None
        best_key = 0.0
        kinds = [m.canasta for m in obs.my_melds if m.canasta is not None]
        # Where wild cards make a canasta of their own, they go there first (see _Rules).
        wild_due = rules.wild_canasta and rules.canasta.wild_kind not in kinds
        # Shedding pays only once the side may go out: where the variant wants a kind the
        # side lacks (Bolivia's escalera), more canastas of other kinds do not do.
        lacking = kinds_lacking(obs.variant, len(obs.hand_sizes), tuple(sorted(kinds)))
        shedding = ((len(kinds) >= self.shed_after and not lacking and not wild_due)
                    or self._ending_soon(obs, rules))
        for action in legal:
            key = self._meld_key(obs, rules, action)
            if key == 0.0 and shedding:
                key = self._shed_key(obs, action)
            if key > best_key:
                best, best_key = action, key
        if best is not None:
            return best
        return self._discard(obs, legal)

    def _meld_key(self, obs: Observation, rules: _Rules, action: Action) -> float:
        """How good a melding play is (0: not worth making now)."""
        melds = obs.my_melds
        if isinstance(action, LayOff):
            meld = melds[action.meld]
            wild = _wilds(action.cards, obs.roles)
            if (meld.kind is MeldKind.SET and self._run_due(obs, rules)
                    and any(self._extends_run(obs, card) for card in action.cards)):
                return 0.0  # the card is worth more where the side needs a sequence
            kind = self._completes(rules, meld, len(action.cards), wild)
            if kind is not None:
                if wild and rules.wild_canasta and any(m.canasta == kind for m in melds):
                    return 0.0  # another such canasta is not worth wild cards kept for theirs
                return 100.0 + 50.0 * rules.bonus.get(kind, 0.0) - 5.0 * wild
            if wild == len(action.cards) and meld.kind is MeldKind.SET and meld.rank is None:
                return 20.0 + len(action.cards)  # a meld of wild cards only grows with them
            if wild:
                surplus = _wilds(obs.hand, obs.roles) - self.wild_reserve
                if (not rules.wild_canasta and meld.kind is MeldKind.SET and wild <= surplus
                        and len(meld.cards) >= self.wild_onto):
                    return 20.0 + len(meld.cards) - 2.0 * wild
                return 0.0
            if meld.kind is MeldKind.RUN and self._run_due(obs, rules):
                return 30.0 + len(action.cards)
            return 10.0 + len(action.cards)
        if isinstance(action, MakeMeld):
            wild = _wilds(action.cards, obs.roles)
            if wild == len(action.cards) and rules.wild_canasta:
                return 14.0 + len(action.cards)
            if wild:
                return 0.0
            run = len({c.rank for c in action.cards}) > 1
            if (not run and self._run_due(obs, rules)
                    and any(self._extends_run(obs, card) for card in action.cards)):
                return 0.0  # as for a lay-off on a set: the sequence needs the card more
            if run and self._run_due(obs, rules):
                return 32.0 + len(action.cards)
            return (12.0 if run else 8.0) + len(action.cards)
        if isinstance(action, Merge):
            a, b = melds[action.first], melds[action.second]
            size = rules.meld.canasta_size
            if a.canasta is None and b.canasta is None and len(a.cards) + len(b.cards) >= size:
                return 150.0
        return 0.0

    @staticmethod
    def _run_due(obs: Observation, rules: _Rules) -> bool:
        """Whether the side must still make a canasta of sequences to go out (BO-6)."""
        if not rules.run_required:
            return False
        kinds = tuple(sorted(m.canasta for m in obs.my_melds if m.canasta is not None))
        return rules.canasta.run_kind in kinds_required(obs.variant, len(obs.hand_sizes),
                                                        kinds)

    @staticmethod
    def _extends_run(obs: Observation, card: Card) -> bool:
        """Whether ``card`` is a natural one more at either end of an open sequence of the
        side's, or within two ranks of another natural of its suit in hand (a sequence to
        start: of the thresholds tried, one such card let Bolivia's players go out most)."""
        roles = obs.roles
        if (card.suit is None or roles.is_wild(card) or roles.is_stop_card(card)
                or roles.is_bonus_card(card)):
            return False
        if any(c.suit == card.suit and not roles.is_wild(c) and 0 < abs(c.rank - card.rank) <= 2
               for c in obs.hand):
            return True
        for run in obs.my_melds:
            if run.kind is not MeldKind.RUN or run.canasta is not None or run.suit != card.suit:
                continue
            ranks = [c.rank for c in run.cards if not roles.is_wild(c)]
            if card.rank in (min(ranks) - 1, max(ranks) + 1):
                return True
        return False

    def _ending_soon(self, obs: Observation, rules: _Rules) -> bool:
        """Whether the hand will likely end within about a round: then cards still held
        only cost points."""
        rounds = self.end_rounds * len(obs.hand_sizes) * max(1, rules.draw_count)
        return obs.stock_size <= rounds or self._others_close(obs)

    @staticmethod
    def _shed_key(obs: Observation, action: Action) -> float:
        """With enough canastas to go out, ending the hand soon is worth more than wild
        cards kept for later canastas: any play that sheds cards is worth making."""
        if isinstance(action, LayOff) and obs.my_melds[action.meld].canasta is None:
            return 5.0 + len(action.cards)
        if isinstance(action, MakeMeld):
            return 4.0 + len(action.cards)
        return 0.0

    @staticmethod
    def _completes(rules: _Rules, meld: Meld, added: int, wild: int) -> str | None:
        """The canasta kind a lay-off would complete, or None."""
        if meld.canasta is not None:
            return None
        size = len(meld.cards) + added
        if meld.kind is MeldKind.RUN:
            return rules.canasta.run_kind if size >= rules.canasta.run_canasta_size else None
        if size < rules.meld.canasta_size:
            return None
        if meld.rank is None:
            return rules.canasta.wild_kind
        kind = rules.canasta.rank_kinds.get(meld.rank)
        if kind is not None:
            return kind
        return "natural" if meld.wilds + wild == 0 else "mixed"

    # --- discarding ---------------------------------------------------------------------

    def ranked_discards(self, obs: Observation, legal: Sequence[Action]) -> list[Discard]:
        """The legal discards, the one the heuristic likes best first (by keep-score plus
        the weighed risk of handing over the pile; wild cards last)."""
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return []
        cost = self._discard_cost(obs, discards)
        roles = obs.roles
        return sorted(discards, key=lambda a: (roles.is_wild(a.card), cost(a)))

    def _discard_cost(self, obs: Observation, discards: list[Discard]
                      ) -> Callable[[Discard], float]:
        rules = _rules(obs.variant, len(obs.hand_sizes))
        keep = self._keep_scores(obs)
        danger = self._dangers(obs, rules, {a.card for a in discards})
        weight = self._caution(rules) * self._pile_worth(obs, rules)

        def cost(action: Discard) -> float:
            return keep[action.card] + weight * danger.get(action.card, 0.0)

        return cost

    def _discard(self, obs: Observation, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        rules = _rules(obs.variant, len(obs.hand_sizes))
        keep = self._keep_scores(obs)
        danger = self._dangers(obs, rules, {a.card for a in discards})
        weight = self._caution(rules) * self._pile_worth(obs, rules)

        def cost(action: Discard) -> float:
            card = action.card
            return keep[card] + weight * danger.get(card, 0.0)

        roles = obs.roles
        naturals = [a for a in discards if not roles.is_wild(a.card)]
        if naturals:
            best = min(naturals, key=cost)
            wilds = [a for a in discards if roles.is_wild(a.card)]
            if (wilds and rules.wild_blocks and not rules.wild_canasta
                    and obs.pile_size >= self.freeze_pile
                    and danger.get(best.card, 0.0) >= self.freeze_danger):
                # Freeze a big pile the next player would otherwise very likely take.
                return min(wilds, key=lambda a: rules.values[a.card])
            return best
        return min(discards, key=cost)

    def _keep_scores(self, obs: Observation) -> dict[Card, float]:
        hand = obs.hand
        ranks = Counter(card.rank for card in hand)
        held = {(card.rank, card.suit) for card in hand}
        own_ranks = {m.rank for m in obs.my_melds if m.kind is MeldKind.SET and m.canasta is None}
        runs = [m for m in obs.my_melds if m.kind is MeldKind.RUN and m.canasta is None]
        rules = _rules(obs.variant, len(obs.hand_sizes))
        # Cards that grow a sequence count for more while the side must still make one.
        run_weight = self.run_weight * (self.run_due_weight if self._run_due(obs, rules) else 1.0)
        roles = obs.roles
        scores: dict[Card, float] = {}
        for card in set(hand):
            if roles.is_wild(card):
                scores[card] = 1000.0
                continue
            if roles.is_stop_card(card):
                scores[card] = -20.0
                continue
            score = 30.0 * (ranks[card.rank] - 1)
            if card.suit is not None:
                for step in (-2, -1, 1, 2):
                    if (card.rank + step, card.suit) in held:
                        score += (8.0 if abs(step) == 1 else 4.0) * run_weight
            if card.rank in own_ranks:
                score += 40.0
            for run in runs:
                low = min(c.rank for c in run.cards if not roles.is_wild(c))
                high = max(c.rank for c in run.cards if not roles.is_wild(c))
                if run.suit == card.suit and (card.rank == low - 1 or card.rank == high + 1):
                    score += 40.0 * run_weight
            scores[card] = score + _value(card, roles) / 10.0
        return scores

    def _caution(self, rules: _Rules) -> float:
        if self.caution is not None:
            return self.caution
        # Where every hand has a foot, going out takes canastas of several kinds and the
        # stock is short: piles have to change hands for anyone to get there, so holding
        # every risky card back mostly runs the stock out.
        return 1.0 if rules.foot_size else 3.0

    @staticmethod
    def _pile_worth(obs: Observation, rules: _Rules) -> float:
        """Roughly what taking the pile would give the taker, in keep-score units."""
        return 8.0 * obs.pile_size + 60.0

    def _dangers(self, obs: Observation, rules: _Rules, cards: set[Card]
                 ) -> dict[Card, float]:
        """For each candidate discard, the chance the next player takes the pile with it."""
        n = len(obs.hand_sizes)
        nxt = (obs.player + 1) % n
        side = next(i for i, seats in enumerate(obs.sides) if nxt in seats)
        if side == obs.side:
            return {}
        know = Knowledge(obs)
        reading = HandReading(obs, draw_count=rules.draw_count, pickup_cards=1,
                              foot_size=rules.foot_size)
        unseen = know.unseen(rules.deck)
        pool = max(1, sum(v for v in unseen.values() if v > 0))
        roles = obs.roles
        by_rank: Counter[int] = Counter()
        wild_unseen = 0
        for card, count in unseen.items():
            if count > 0:
                if roles.is_wild(card):
                    wild_unseen += count
                else:
                    by_rank[card.rank] += count
        known = know.known[nxt]
        known_ranks = Counter(c.rank for c in known.elements() if not roles.is_wild(c))
        hidden = max(0, obs.hand_sizes[nxt] - sum(known.values()))
        melded = obs.initial_melds_made[side]
        pile = rules.pile
        frozen = (pile.always_frozen or (pile.frozen_before_initial_meld and not melded)
                  or (pile.frozen_by_wild_or_red_three
                      and (any(roles.is_wild(c) or roles.is_bonus_card(c) for c in know.pile)
                           or (know.pile_unknown > 0 and obs.pile_frozen))))
        onto: set[int] = set()
        run_ends: set[tuple[int, object]] = set()
        if not frozen and pile.unfrozen_layoff:
            for m in obs.melds[side]:
                if m.canasta is not None and pile.layoff_not_on_canasta:
                    continue
                if m.kind is MeldKind.RUN:
                    ranks = [c.rank for c in m.cards if not roles.is_wild(c)]
                    run_ends.add((min(ranks) - 1, m.suit))
                    run_ends.add((max(ranks) + 1, m.suit))
                elif m.rank is not None:
                    onto.add(m.rank)
        with_wild = not frozen and pile.unfrozen_natural_and_wild
        has_wild = 1.0 - math.exp(-hidden * wild_unseen / pool)
        out: dict[Card, float] = {}
        for card in cards:
            if roles.is_wild(card) or roles.is_bonus_card(card):
                continue
            if roles.is_stop_card(card) and pile.blocked_black_three:
                continue
            if card.rank in onto or (card.rank, card.suit) in run_ends:
                out[card] = 1.0
                continue
            rate = self.pair_bias * by_rank[card.rank] / pool
            one, two = reading.holding(nxt, card.rank, known=known_ranks[card.rank],
                                       hidden=hidden, rate=rate)
            chance = two + (one - two) * has_wild if with_wild else two
            if not melded:
                chance *= 0.5  # the take must also reach the initial minimum
            out[card] = chance
        return out
