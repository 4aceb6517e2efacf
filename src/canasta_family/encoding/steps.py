"""A fixed, finite action space for the engine's actions: *steps*.

Learning libraries want a fixed ``Discrete(n)`` action space, while a Canasta move names
any multiset of cards. :class:`StepCodec` numbers a small vocabulary of **steps** for one
variant and player count, and writes every engine action as a short sequence of steps:

==================================  ===================================================
action                              steps
==================================  ===================================================
``draw``, ``pass``, ``retract``     one step each
``answer yes`` / ``answer no``      one step each
``ask N``                           ``ASK+N``
``discard C`` / ``place C``         ``DISCARD+code(C)`` / ``PLACE+code(C)``
``pick-up N``                       ``PICK_UP+N``
``take-pile onto N``                ``TAKE_ONTO+N``
``merge N M``                       ``MERGE+N``, ``MERGE_WITH+M``
``meld C1 … Ck``                    ``MELD``, ``CARD+code(C1)`` … ``CARD+code(Ck)``,
                                    ``COMMIT``
``lay-off N C1 … Ck``               ``LAY_OFF+N``, the cards as above, ``COMMIT``
``take-pile C1 … Ck``               ``TAKE``, the cards of the take meld, ``COMMIT``
``meld 5h 6h JK=7``                 as ``meld``, each card with a place followed by
                                    ``STAND+(rank − 2)`` (variants whose sequences
                                    hold wild cards; ``lay-off`` likewise)
==================================  ===================================================

Cards are selected in canonical order (by card code, repeats allowed), so each action has
exactly one step sequence and no sequence is a prefix of another. A :class:`StepBuilder`
keeps the pending steps of the player to move and allows only the steps that extend them
towards at least one of ``game.legal_actions()``: masked steps always end in a legal
engine action, and every legal action can be reached.

>>> import canasta_family
>>> game = canasta_family.new_game("american-samba", players=4, seed=7)
>>> codec = StepCodec.for_game(game)
>>> codec.describe(codec.steps_of(canasta_family.parse_action("meld 7c 7h 7s")))
['meld', 'card 7c', 'card 7h', 'card 7s', 'commit']
>>> builder = StepBuilder(game, codec)
>>> builder.step(codec.index("draw"))
Draw()
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

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
    PickUp,
    PlaceRedThree,
    Retract,
    Stands,
)
from canasta_family.cards import NUM_CODES, Card, Rank, card_from_code
from canasta_family.engine import Game

__all__ = ["StepBuilder", "StepCodec", "StepError"]

_SINGLE = ("draw", "pass", "retract", "answer-yes", "answer-no", "meld", "take", "commit")
_CARD_BLOCKS = ("discard", "place", "card")
_MELD_BLOCKS = ("pick-up", "take-onto", "lay-off", "merge", "merge-with")
_STAND_RANKS = 13  # the ranks 2 to A a wild card of a sequence may stand for


class StepError(ValueError):
    """A step that is not in the space, not allowed now, or an action it cannot write.

    ``field`` names what is wrong (``"step"``, ``"meld"``, ``"partner"``).
    """

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


@attrs.frozen
class StepCodec:
    """The step vocabulary for ``num_players`` seats and at most ``max_melds`` melds a side.

    Steps are numbered in blocks, in this order (``offsets`` gives each block's first
    number): the eight single steps ``draw pass retract answer-yes answer-no meld take
    commit``; ``ask`` (one per seat); ``discard``, ``place`` and ``card`` (53 each,
    by card code: ``(rank − 2) × 4 + suit``, joker 52); ``pick-up``, ``take-onto``,
    ``lay-off``, ``merge`` and ``merge-with`` (``max_melds`` each, by meld number); with
    ``places`` (variants whose sequences hold wild cards at places), last ``stand`` (13,
    the ranks 2 to A a wild card stands for).

    >>> codec = StepCodec(num_players=4, max_melds=54)
    >>> codec.size, codec.offsets["discard"], codec.index("card", 52)
    (441, 12, 170)
    """

    num_players: int
    max_melds: int
    places: bool = False
    offsets: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    size: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if self.num_players < 1:
            raise StepError(f"num_players must be at least 1, not {self.num_players}",
                            field="num_players")
        if self.max_melds < 1:
            raise StepError(f"max_melds must be at least 1, not {self.max_melds}",
                            field="max_melds")
        offsets: dict[str, int] = {}
        at = 0
        for name in _SINGLE:
            offsets[name] = at
            at += 1
        offsets["ask"] = at
        at += self.num_players
        for name in _CARD_BLOCKS:
            offsets[name] = at
            at += NUM_CODES
        for name in _MELD_BLOCKS:
            offsets[name] = at
            at += self.max_melds
        if self.places:
            offsets["stand"] = at
            at += _STAND_RANKS
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "size", at)

    @classmethod
    def for_game(cls, game: Game) -> StepCodec:
        """The codec for ``game``'s variant and seats. A side can never hold more melds than
        the deck has cards divided by the smallest meld, so that bounds meld numbers.

        >>> import canasta_family
        >>> StepCodec.for_game(canasta_family.new_game("american-samba", players=2)).max_melds
        54
        """
        rules = game.meld_rules
        return cls(num_players=game.num_players,
                   max_melds=len(game.deck) // max(1, rules.min_size),
                   places=rules.runs and (rules.run_wilds > 0 or rules.run_wild_in_own_place))

    def _block_size(self, name: str) -> int:
        if name in _SINGLE:
            return 1
        if name == "ask":
            return self.num_players
        if name in _CARD_BLOCKS:
            return NUM_CODES
        if name in _MELD_BLOCKS:
            return self.max_melds
        if name == "stand" and self.places:
            return _STAND_RANKS
        raise StepError(f"unknown step block {name!r}", field="step")

    def index(self, name: str, argument: int = 0) -> int:
        """The number of step ``name`` with ``argument`` (a seat, card code or meld number).

        >>> StepCodec(num_players=2, max_melds=36).index("ask", 1)
        9
        """
        size = self._block_size(name)
        if not 0 <= argument < size:
            field = "meld" if name in _MELD_BLOCKS else "partner" if name == "ask" else "step"
            raise StepError(f"{name} takes an argument 0-{size - 1}, not {argument}",
                            field=field)
        return self.offsets[name] + argument

    def block(self, step: int) -> tuple[str, int]:
        """The block name and argument of a step number.

        >>> StepCodec(num_players=4, max_melds=54).block(170)
        ('card', 52)
        """
        if not 0 <= step < self.size:
            raise StepError(f"step must be 0-{self.size - 1}, not {step}", field="step")
        best = ""
        for name, start in self.offsets.items():
            if start <= step and (not best or start >= self.offsets[best]):
                best = name
        return best, step - self.offsets[best]

    def describe(self, steps: Iterable[int]) -> list[str]:
        """Readable names of steps (``"card 7h"``, ``"lay-off 2"``, ``"draw"``).

        >>> StepCodec(num_players=4, max_melds=54).describe([0, 12, 279])
        ['draw', 'discard 2c', 'lay-off 0']
        """
        out = []
        for step in steps:
            name, arg = self.block(step)
            if name in _SINGLE:
                out.append(name)
            elif name in _CARD_BLOCKS:
                out.append(f"{name} {card_from_code(arg)}")
            elif name == "stand":
                out.append(f"stand {Rank(arg + 2).symbol}")
            else:
                out.append(f"{name} {arg}")
        return out

    def _cards(self, cards: Iterable[Card], stands: Stands = ()) -> tuple[int, ...]:
        base = self.offsets["card"]
        if not stands:
            return tuple(base + card.code for card in cards)
        if not self.places:
            raise StepError("this codec has no steps for the places of wild cards: make it "
                            "with places=True", field="stands")
        pending = list(stands)
        out: list[int] = []
        for card in cards:
            out.append(base + card.code)
            for i, (named, rank) in enumerate(pending):
                if named == card:
                    out.append(self.offsets["stand"] + int(rank) - 2)
                    del pending[i]
                    break
        return tuple(out)

    def steps_of(self, action: Action) -> tuple[int, ...]:
        """The step sequence that writes ``action`` (see the module documentation).

        >>> import canasta_family
        >>> codec = StepCodec(num_players=4, max_melds=54)
        >>> take = canasta_family.parse_action("take-pile 9c 9d 2h")
        >>> codec.describe(codec.steps_of(take))
        ['take', 'card 2h', 'card 9c', 'card 9d', 'commit']
        """
        o = self.offsets
        if isinstance(action, Draw):
            return (o["draw"],)
        if isinstance(action, Pass):
            return (o["pass"],)
        if isinstance(action, Retract):
            return (o["retract"],)
        if isinstance(action, Answer):
            return (o["answer-yes"] if action.yes else o["answer-no"],)
        if isinstance(action, Ask):
            return (self.index("ask", action.partner),)
        if isinstance(action, Discard):
            return (o["discard"] + action.card.code,)
        if isinstance(action, PlaceRedThree):
            return (o["place"] + action.card.code,)
        if isinstance(action, PickUp):
            return (self.index("pick-up", action.onto),)
        if isinstance(action, Merge):
            return (self.index("merge", action.first), self.index("merge-with", action.second))
        if isinstance(action, MakeMeld):
            return (o["meld"], *self._cards(action.cards, action.stands), o["commit"])
        if isinstance(action, LayOff):
            return (self.index("lay-off", action.meld),
                    *self._cards(action.cards, action.stands), o["commit"])
        # What remains is a pile take.
        if action.onto is not None:
            return (self.index("take-onto", action.onto),)
        return (o["take"], *self._cards(action.cards, action.stands), o["commit"])


class StepBuilder:
    """The pending steps of the player to move in ``game``, and the steps allowed next.

    Only the engine decides what is legal: the allowed steps are the next steps of the step
    sequences of ``game.legal_actions()`` that begin with the pending ones. When a step
    completes a sequence, the action is applied to the game and the pending steps clear.

    >>> import canasta_family
    >>> game = canasta_family.new_game("american-samba", players=4, seed=7)
    >>> builder = StepBuilder(game)
    >>> builder.codec.describe(builder.allowed())
    ['draw', 'take']
    >>> builder.step(builder.codec.index("take")) is None, len(builder.completions())
    (True, 2)
    """

    __slots__ = ("_candidates", "_memo", "codec", "game", "pending")

    def __init__(self, game: Game, codec: StepCodec | None = None, *,
                 memo: dict[Action, tuple[int, ...]] | None = None) -> None:
        self.game = game
        self.codec = codec if codec is not None else StepCodec.for_game(game)
        self.pending: tuple[int, ...] = ()
        self._candidates: list[tuple[tuple[int, ...], Action]] | None = None
        # Engine actions are values shared between positions, so their step sequences
        # are worth keeping across turns (and across clones of the builder).
        self._memo: dict[Action, tuple[int, ...]] = memo if memo is not None else {}

    def clone(self, game: Game | None = None) -> StepBuilder:
        """A copy that follows ``game`` (default: a clone of this builder's game).

        >>> import canasta_family
        >>> builder = StepBuilder(canasta_family.new_game(seed=7))
        >>> copy = builder.clone()
        >>> copy.game == builder.game and copy.game is not builder.game
        True
        """
        other = StepBuilder(self.game.clone() if game is None else game, self.codec,
                            memo=self._memo)
        other.pending = self.pending
        other._candidates = self._candidates
        return other

    def _sequences(self) -> list[tuple[tuple[int, ...], Action]]:
        cands = self._candidates
        if cands is None:
            memo = self._memo
            if len(memo) > 200_000:
                memo.clear()
            cands = []
            for action in self.game.legal_actions():
                seq = memo.get(action)
                if seq is None:
                    seq = self.codec.steps_of(action)
                    memo[action] = seq
                cands.append((seq, action))
            self._candidates = cands
        return cands

    def allowed(self) -> list[int]:
        """The steps allowed now, in increasing order (empty once the game is over).

        >>> import canasta_family
        >>> StepBuilder(canasta_family.new_game(seed=7)).allowed()
        [0, 6]
        """
        if self.game.is_over:
            return []
        at = len(self.pending)
        return sorted({seq[at] for seq, _ in self._sequences()})

    def mask(self) -> list[int]:
        """A 0/1 list of ``codec.size`` entries: 1 where the step is allowed now.

        >>> import canasta_family
        >>> mask = StepBuilder(canasta_family.new_game(seed=7)).mask()
        >>> len(mask), sum(mask)
        (441, 2)
        """
        out = [0] * self.codec.size
        for step in self.allowed():
            out[step] = 1
        return out

    def completions(self) -> list[Action]:
        """The legal actions that the pending steps can still become.

        >>> import canasta_family
        >>> builder = StepBuilder(canasta_family.new_game(seed=7))
        >>> len(builder.completions()) == len(builder.game.legal_actions())
        True
        """
        return [action for _, action in self._sequences()]

    def step(self, step: int) -> Action | None:
        """Take one step. Returns the engine action when the step completes one (it has
        been applied to the game), otherwise ``None``. A step that is not allowed raises
        :class:`StepError` and changes nothing.

        >>> import canasta_family
        >>> builder = StepBuilder(canasta_family.new_game(seed=7))
        >>> builder.step(builder.codec.index("draw")), builder.game.phase
        (Draw(), 'play')
        """
        if self.game.is_over:
            raise StepError("the game is over: no step is allowed", field="step")
        at = len(self.pending)
        kept = [(seq, action) for seq, action in self._sequences() if seq[at] == step]
        if not kept:
            names = ", ".join(self.codec.describe(self.allowed()))
            raise StepError(f"step {step} is not allowed now; allowed: {names}", field="step")
        if len(kept) == 1 and len(kept[0][0]) == at + 1:
            action = kept[0][1]
            self.game.apply(action)
            self.pending = ()
            self._candidates = None
            return action
        self.pending = (*self.pending, step)
        self._candidates = kept
        return None

    def steps_to(self, action: Action) -> tuple[int, ...]:
        """The steps still needed to play ``action`` from the pending ones.

        >>> import canasta_family
        >>> builder = StepBuilder(canasta_family.new_game(seed=7))
        >>> builder.steps_to(canasta_family.Draw())
        (0,)
        """
        seq = self.codec.steps_of(action)
        at = len(self.pending)
        if seq[:at] != self.pending:
            raise StepError(f"{action} does not continue the pending steps", field="step")
        return seq[at:]

    def pending_cards(self) -> list[int]:
        """How many of each card code the pending steps have selected (53 counts).

        >>> import canasta_family
        >>> sum(StepBuilder(canasta_family.new_game(seed=7)).pending_cards())
        0
        """
        counts = [0] * NUM_CODES
        base = self.codec.offsets["card"]
        for step in self.pending:
            if base <= step < base + NUM_CODES:
                counts[step - base] += 1
        return counts

