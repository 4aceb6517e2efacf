"""A simple, fast rule-of-thumb player: takes the pile when it can, melds and lays off
naturals eagerly, saves wild cards for canastas, plans its initial meld so it rarely has
to take one back, goes out as soon as it may, and discards what is least useful. Where
wild cards may be melded on their own (Pennies from Heaven) it builds one wild canasta
with them before spending them on mixed ones, since some games need every kind to go out.

It decides from its observation and the legal actions only, so it plays any variant the
engine runs (a deliberate baseline, not a strong player). Which cards are wild, bonus
cards (red 3s) and stop cards (black 3s) it reads from the observation's ``roles``, the
variant's own answers.

>>> import canasta_family
>>> from canasta_family.players import play_game
>>> game = canasta_family.new_game("american-samba", players=4, seed=1)
>>> _ = play_game(game, [GreedyPlayer() for _ in range(4)])
>>> game.is_over and max(game.scores) >= 10_000
True
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_family.actions import (
    Action,
    Answer,
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
from canasta_family.cards import Card, Rank
from canasta_family.melds import Meld, MeldKind
from canasta_family.observation import Observation
from canasta_family.rules import CardRoles

__all__ = ["GreedyPlayer"]


def _value(card: Card, roles: CardRoles) -> int:
    # The family's usual card values by rank, good enough for planning in every variant;
    # a bonus card (a red 3) counts nothing, since it is placed, never melded.
    if card.is_joker:
        return 50
    if card.rank in (Rank.TWO, Rank.ACE):
        return 20
    if card.rank >= Rank.EIGHT:
        return 10
    if card.rank >= Rank.FOUR or (card.rank == Rank.THREE and not roles.is_bonus_card(card)):
        return 5
    return 0


def _wilds(cards: Sequence[Card], roles: CardRoles) -> int:
    # Wild by the variant's roles (``Observation.roles``), not by the classic Card.is_wild.
    return roles.wild_count(cards)


def _top_fits(obs: Observation) -> bool:
    """Whether the pile's natural top card could be melded at once: a pair of its rank
    in hand, a set of its rank on the side's table, or two cards of its suit that run with
    it (in hand, or an end of one of the side's sequences). A wild card on top is left:
    two players passing wild cards to each other would never end the hand."""
    top = obs.pile_top
    if top is None:
        return False
    roles = obs.roles
    if roles.is_wild(top):
        return False
    naturals = [c for c in obs.hand if not roles.is_wild(c)]
    if sum(1 for c in naturals if c.rank == top.rank) >= 2:
        return True
    near = {int(c.rank) for c in naturals if c.suit == top.suit}
    rank = int(top.rank)
    if {rank - 1, rank + 1} <= near or {rank + 1, rank + 2} <= near \
            or {rank - 2, rank - 1} <= near:
        return True
    for meld in obs.my_melds:
        if meld.kind is MeldKind.SET and meld.rank == top.rank:
            return True
        if meld.kind is MeldKind.RUN and meld.suit == top.suit:
            ranks = {int(c.rank) for c in meld.cards if not roles.is_wild(c)}
            if rank - 1 in ranks or rank + 1 in ranks:
                return True
    return False


class GreedyPlayer:
    """Greedy baseline player (see the module documentation)."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The first good move by the rules of thumb above."""
        if observation.phase == "answer":
            return next((a for a in legal_actions if isinstance(a, Answer) and a.yes),
                        legal_actions[0])
        if observation.phase == "draw":
            return self._draw(observation, legal_actions)
        return self._play(observation, legal_actions)

    def _draw(self, obs: Observation, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakePile)]
        # A pile taken whole with no condition (BU-9) is taken when it holds two cards or
        # more, a single card only when it fits the hand or the side's melds: two players
        # passing one card to each other would keep the stock whole and the hand going.
        takes = [a for a in takes if a.cards or a.onto is not None or obs.pile_size > 1
                 or _top_fits(obs)]
        if takes:
            def take_score(action: TakePile) -> tuple[int, int]:
                if action.onto is not None:
                    return (100, 0)
                return (-10 * _wilds(action.cards, obs.roles), -len(action.cards))

            return max(takes, key=take_score)
        pickups = [a for a in legal if isinstance(a, PickUp)]
        if pickups:
            return pickups[0]
        for action in legal:
            if isinstance(action, Draw):
                return action
        return next((a for a in legal if isinstance(a, Pass)), legal[0])

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        hand = obs.hand
        n = len(hand)
        melds = obs.my_melds
        # Go out whenever a play empties the hand.
        finishing = [a for a in legal if isinstance(a, (MakeMeld, LayOff)) and len(a.cards) == n]
        if finishing:
            return finishing[0]
        if n == 1:
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return discards[0]
        # Red 3s on the table score; in hand they cost (variants that place them by hand).
        for action in legal:
            if isinstance(action, PlaceRedThree):
                return action
        initial_made = obs.initial_melds_made[obs.side]
        if not initial_made:
            return self._initial(obs, legal)
        roles = obs.roles
        wild_play = self._wild_canasta_play(melds, legal, roles)
        if wild_play is not None:
            return wild_play
        # Mixed canastas only while no wild canasta is due (see _wild_canasta_play).
        save_wilds = self._wild_melds_allowed(melds, legal, roles) and any(
            m.canasta is not None and m.wilds for m in melds if m.rank is not None)
        # Lay off naturals, most cards first; wild cards only to complete a canasta.
        best: Action | None = None
        best_key: tuple[int, int] | None = None
        for action in legal:
            if isinstance(action, LayOff):
                meld = melds[action.meld]
                wild = _wilds(action.cards, roles)
                completes = (meld.canasta is None and meld.kind is MeldKind.SET
                             and len(meld.cards) + len(action.cards) >= 7)
                if wild and (not completes or (save_wilds and meld.rank is not None)):
                    continue
                key = (2 if completes else 1, len(action.cards) - 3 * wild)
            elif isinstance(action, MakeMeld):
                wild = _wilds(action.cards, roles)
                if wild:
                    continue
                key = (1, len(action.cards))
            elif isinstance(action, Merge):
                a, b = melds[action.first], melds[action.second]
                if a.canasta is None and b.canasta is None and len(a.cards) + len(b.cards) >= 7:
                    key = (3, 0)
                else:
                    continue
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = action, key
        if best is not None:
            return best
        return self._discard(obs, legal)

    @staticmethod
    def _is_wild_set(meld: Meld) -> bool:
        return meld.kind is MeldKind.SET and meld.rank is None

    def _wild_melds_allowed(self, melds: Sequence[Meld], legal: Sequence[Action],
                            roles: CardRoles) -> bool:
        """Whether this game melds wild cards on their own: the side has such a meld, or
        one is among the legal plays."""
        return any(self._is_wild_set(m) for m in melds) or any(
            isinstance(a, MakeMeld) and all(roles.is_wild(c) for c in a.cards) for a in legal)

    def _wild_canasta_play(self, melds: Sequence[Meld], legal: Sequence[Action],
                           roles: CardRoles) -> Action | None:
        """Until the side owns a canasta of wild cards: lay wild cards off on its wild
        meld (as many as possible), or start one with the cheapest wild cards."""
        if any(self._is_wild_set(m) and m.canasta is not None for m in melds):
            return None
        layoffs = [a for a in legal if isinstance(a, LayOff)
                   and self._is_wild_set(melds[a.meld])]
        if layoffs:
            return max(layoffs, key=lambda a: len(a.cards))
        starts = [a for a in legal if isinstance(a, MakeMeld) and a.cards
                  and all(roles.is_wild(c) for c in a.cards)]
        if starts:
            return min(starts, key=lambda a: (sum(_value(c, roles) for c in a.cards),
                                              -len(a.cards)))
        return None

    def _initial(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Meld only along a plan that reaches the minimum; otherwise keep the cards."""
        need = obs.initial_minimums[obs.side] - obs.initial_meld_count
        roles = obs.roles
        melds = [a for a in legal if isinstance(a, MakeMeld)]
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs and obs.initial_meld_count:
            best_layoff = max(layoffs, key=lambda a: sum(_value(c, roles) for c in a.cards))
            if sum(_value(c, roles) for c in best_layoff.cards) >= need:
                return best_layoff
        plan = self._plan(obs.hand, melds, need, roles)
        if plan:
            return plan[0]
        if layoffs and obs.initial_meld_count:
            return max(layoffs, key=lambda a: sum(_value(c, roles) for c in a.cards))
        for action in legal:
            if isinstance(action, Retract):
                return action
        return self._discard(obs, legal)

    @staticmethod
    def _plan(hand: Sequence[Card], melds: Sequence[MakeMeld], need: int, roles: CardRoles
              ) -> list[MakeMeld]:
        counts: dict[Card, int] = {}
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
        ordered = sorted(melds, key=lambda a: (-(sum(_value(c, roles) for c in a.cards)
                                                 - 15 * _wilds(a.cards, roles)), len(a.cards)))
        chosen: list[MakeMeld] = []
        total = 0
        kept = len(hand)
        for action in ordered:
            need_cards: dict[Card, int] = {}
            for card in action.cards:
                need_cards[card] = need_cards.get(card, 0) + 1
            if any(counts.get(c, 0) < k for c, k in need_cards.items()):
                continue
            if kept - len(action.cards) < 2:
                continue
            for c, k in need_cards.items():
                counts[c] -= k
            kept -= len(action.cards)
            chosen.append(action)
            total += sum(_value(c, roles) for c in action.cards)
            if total >= need:
                return chosen
        return []

    def _discard(self, obs: Observation, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        hand = obs.hand
        ranks: dict[int, int] = {}
        for card in hand:
            ranks[card.rank] = ranks.get(card.rank, 0) + 1
        held = {(card.rank, card.suit) for card in hand}
        own_ranks = {m.rank for m in obs.my_melds if m.kind is MeldKind.SET}
        others = {m.rank for side, melds in enumerate(obs.melds) if side != obs.side
                  for m in melds if m.kind is MeldKind.SET and m.canasta is None}
        roles = obs.roles

        def keep_score(card: Card) -> float:
            if roles.is_wild(card):
                return 1000.0
            if roles.is_stop_card(card):
                return -50.0
            score = 30.0 * (ranks[card.rank] - 1)
            if card.suit is not None:
                for step in (-2, -1, 1, 2):
                    if (card.rank + step, card.suit) in held:
                        score += 8.0 if abs(step) == 1 else 4.0
            if card.rank in own_ranks:
                score += 40.0
            if card.rank in others:
                score += 35.0
            return score + _value(card, roles) / 10.0

        return min(discards, key=lambda a: keep_score(a.card))
