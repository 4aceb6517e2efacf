"""The moves a player makes, as frozen values with a text notation.

Every action has a text form (``str(action)``) that :func:`parse_action` reads back to an
equal action, and :meth:`Game.apply <canasta_family.Game.apply>` accepts either form.
Cards inside an action are kept in canonical order (rank, then suit), so ``meld 7s 7h 7c``
and ``meld 7c 7h 7s`` are the same action.

======================================  ================================================
text                                    meaning
======================================  ================================================
``draw``                                draw from the stock (the variant says how many)
``take-pile 9d 9c``                     take the whole pile, melding its top card with
                                        these cards from hand as a new meld
``take-pile onto 2``                    take the whole pile, laying its top card off on
                                        your side's meld number 2
``take-pile``                           take the whole pile into the hand, with no
                                        condition (where the variant allows it)
``pick-up 2``                           take only the top card of the pile onto meld 2
``meld 7h 7s 7c``                       put down a new meld from hand
``lay-off 2 7d JK``                     add cards from hand to your side's meld 2
``merge 1 3``                           merge two same-rank melds of your side
``place 3h``                            put a red 3 from hand on the table
``retract``                             take back a short initial meld (penalty applies)
``discard Ks``                          discard a card and end the turn
``ask 2``                               ask partner (seat 2) "may I go out?"
``answer yes`` / ``answer no``          answer a partner's question (binding)
``pass``                                decline the pile when the stock is exhausted
======================================  ================================================

Meld numbers are indices (from 0) into your side's list of melds, in the order they were
put down, as shown by :class:`~canasta_family.observation.Observation`.

>>> parse_action("meld 7s 7h 7c")
MakeMeld(cards=(Card('7c'), Card('7h'), Card('7s')))
>>> str(parse_action("TAKE-PILE 9D 9C"))
'take-pile 9c 9d'
>>> str(parse_action("m 7h 7s 7c")), str(parse_action("d Ks"))
('meld 7c 7h 7s', 'discard Ks')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, SupportsIndex, cast

import attrs

from canasta_family.cards import _RANK_OF, Card, Rank, format_cards, parse_card
from canasta_family.errors import InvalidActionError, excerpt

__all__ = [
    "MAX_ACTION_CHARS",
    "MAX_INDEX",
    "Action",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "LayOff",
    "MakeMeld",
    "Merge",
    "Pass",
    "PickUp",
    "PlaceRedThree",
    "Retract",
    "TakePile",
    "parse_action",
    "verb_kind",
]


MAX_ACTION_CHARS = 4096
"""The longest action text read (a lay-off of a whole deck fits many times over)."""

MAX_INDEX = 999_999
"""The largest meld number or seat an action may name (six digits in text)."""

_MAX_INDEX_DIGITS = len(str(MAX_INDEX))
_MAX_CARD_CHARS = 8  # "joker", "10d", "K\u2660": no card is written longer


def _canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes, Card)):
        # a string iterates as characters and a Card is one card, not several
        raise InvalidActionError(f"cards must be a sequence of Card values, not "
                                 f"{excerpt(cards)}", field="cards")
    try:
        out = tuple(cards)
    except TypeError:
        raise InvalidActionError(f"cards must be a sequence of Card values, not "
                                 f"{excerpt(cards)}", field="cards") from None
    for card in out:
        if not isinstance(card, Card):
            raise InvalidActionError(f"{excerpt(card)} is not a Card", field="cards")
    return tuple(sorted(out, key=_code))


def _whole_index(value: object, field: str) -> int:
    """``value`` as a meld number or seat: a whole number (an ``int`` or a value with
    ``__index__``, such as a NumPy integer), never a bool, at most :data:`MAX_INDEX` in
    size. Negative numbers are kept: they name no meld or seat, so the engine refuses the
    action as it refuses any number out of range."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise InvalidActionError(f"{field} must be a whole number, not {excerpt(value)}",
                                 field=field)
    try:
        number = operator.index(cast(SupportsIndex, value))
    except TypeError:
        raise InvalidActionError(f"{field} must be a whole number, not {excerpt(value)}",
                                 field=field) from None
    if not -MAX_INDEX <= number <= MAX_INDEX:
        raise InvalidActionError(f"{field} {excerpt(number)} is out of range (at most "
                                 f"{MAX_INDEX})", field=field)
    return int(number)


def _onto_number(value: object) -> int:
    return _whole_index(value, "onto")


def _optional_onto_number(value: object) -> int | None:
    return None if value is None else _whole_index(value, "onto")


def _meld_number(value: object) -> int:
    return _whole_index(value, "meld")


def _partner_number(value: object) -> int:
    return _whole_index(value, "partner")


def _card(field: str) -> Any:
    def check(_instance: object, _attribute: object, value: object) -> None:
        if not isinstance(value, Card):
            raise InvalidActionError(
                f"{field} must be a Card (e.g. Card.parse('Ks')), not {excerpt(value)}",
                field=field)

    return check


def _some_cards(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not value:
        raise InvalidActionError(f"{attribute.name} needs at least one card", field="cards")


def _code(card: Card) -> int:
    return card.code


@attrs.frozen
class Draw:
    """Draw from the stock (AS-15: two cards in Samba)."""

    kind = "draw"

    def __str__(self) -> str:
        return "draw"


Stands = tuple[tuple[Card, Rank], ...]
"""Which rank wild cards of a sequence stand for, as (card, rank) pairs in card order."""


def _stands(value: object) -> Stands:
    if isinstance(value, (str, bytes)):
        raise InvalidActionError(f"stands must be (card, rank) pairs, not {excerpt(value)}",
                                 field="stands")
    try:
        pairs: tuple[object, ...] = tuple(cast(Iterable[object], value))
    except TypeError:
        raise InvalidActionError(f"stands must be (card, rank) pairs, not {excerpt(value)}",
                                 field="stands") from None
    out: list[tuple[Card, Rank]] = []
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Card)):
            raise InvalidActionError(f"{excerpt(pair)} is not a (card, rank) pair",
                                     field="stands")
        card, rank = pair
        if isinstance(rank, bool) or not isinstance(rank, int) \
                or not Rank.TWO <= rank <= Rank.ACE:
            raise InvalidActionError(f"a wild card stands for a rank from 2 to A, not "
                                     f"{excerpt(rank)}", field="stands")
        out.append((card, Rank(rank)))
    return tuple(sorted(out, key=lambda pair: (pair[0].code, int(pair[1]))))


def _stands_in_cards(cards: tuple[Card, ...], stands: Stands) -> None:
    left = list(cards)
    for card, _rank in stands:
        if card not in left:
            raise InvalidActionError(f"{card} is named as standing for a rank but is not "
                                     "among the cards", field="stands")
        left.remove(card)


def _format_with_stands(cards: tuple[Card, ...], stands: Stands) -> str:
    """The cards in their order, each card of ``stands`` written ``card=rank``."""
    if not stands:
        return format_cards(cards)
    words = [str(card) for card in cards]
    taken = [False] * len(cards)
    for card, rank in stands:
        index = next(i for i, c in enumerate(cards) if c == card and not taken[i])
        taken[index] = True
        words[index] = f"{card}={rank.symbol}"
    return " ".join(words)


def _repr_with_stands(head: str, stands: Stands) -> str:
    if not stands:
        return head + ")"
    return head + f", stands={stands!r})"


@attrs.frozen(repr=False)
class TakePile:
    """Take the whole discard pile.

    Either ``cards`` (hand cards melded with the top card as a new meld, AS-19) or
    ``onto`` (the index of a meld of your side that the top card is laid off on, AS-20),
    or neither where the variant takes the pile whole with no condition (BU-9). Where the
    new meld is a sequence whose wild card could stand at more than one place,
    ``stands`` names it, as for :class:`MakeMeld` (BU-O8).
    A take for a side's initial meld that does not reach the minimum by itself is followed
    by melds from the hand in the same turn; the engine lists such a take only when they
    can reach it, and refuses a discard until they do (AS-23).
    """

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_canonical)
    onto: int | None = attrs.field(default=None, converter=_optional_onto_number)
    stands: Stands = attrs.field(default=(), converter=_stands)

    kind = "take-pile"

    def __attrs_post_init__(self) -> None:
        _stands_in_cards(self.cards, self.stands)

    def __repr__(self) -> str:
        return _repr_with_stands(f"TakePile(cards={self.cards!r}, onto={self.onto!r}",
                                 self.stands)

    @onto.validator
    def _one_way(self, _attribute: attrs.Attribute[int | None], onto: int | None) -> None:
        # The text names either cards or a meld; a value with both would be written as
        # one of them and replay as a different action.
        if onto is not None and self.cards:
            raise InvalidActionError("a pile take names hand cards or a meld ('onto'), not "
                                     "both", field="onto")

    def __str__(self) -> str:
        if self.onto is not None:
            return f"take-pile onto {self.onto}"
        if not self.cards:
            return "take-pile"
        return "take-pile " + _format_with_stands(self.cards, self.stands)


@attrs.frozen
class PickUp:
    """Take only the top card of the pile and lay it off on meld ``onto`` of your side
    (single-card pickup, where the variant allows it)."""

    onto: int = attrs.field(converter=_onto_number)

    kind = "pick-up"

    def __str__(self) -> str:
        return f"pick-up {self.onto}"


@attrs.frozen(repr=False)
class MakeMeld:
    """Put down a new meld made of these cards from hand.

    ``stands`` says which rank wild cards of a sequence stand for, where the cards leave
    more than one place (BU-15): ``meld 5h 6h JK=7`` rather than ``meld 5h 6h JK=4``.
    Where there is one place, or the meld is a set, it stays empty.

    >>> meld = parse_action("meld 6h JK=7 5h")
    >>> meld.stands, str(meld)
    (((Card('JK'), <Rank.SEVEN: 7>),), 'meld 5h 6h JK=7')
    """

    cards: tuple[Card, ...] = attrs.field(converter=_canonical, validator=_some_cards)
    stands: Stands = attrs.field(default=(), converter=_stands)

    kind = "meld"

    def __attrs_post_init__(self) -> None:
        _stands_in_cards(self.cards, self.stands)

    def __repr__(self) -> str:
        return _repr_with_stands(f"MakeMeld(cards={self.cards!r}", self.stands)

    def __str__(self) -> str:
        return "meld " + _format_with_stands(self.cards, self.stands)


@attrs.frozen(repr=False)
class LayOff:
    """Add cards from hand to meld ``meld`` of your side (AS-12). ``stands``: as for
    :class:`MakeMeld`, where a wild card could join a sequence at either end."""

    meld: int = attrs.field(converter=_meld_number)
    cards: tuple[Card, ...] = attrs.field(converter=_canonical, validator=_some_cards)
    stands: Stands = attrs.field(default=(), converter=_stands)

    kind = "lay-off"

    def __attrs_post_init__(self) -> None:
        _stands_in_cards(self.cards, self.stands)

    def __repr__(self) -> str:
        return _repr_with_stands(f"LayOff(meld={self.meld!r}, cards={self.cards!r}",
                                 self.stands)

    def __str__(self) -> str:
        return f"lay-off {self.meld} " + _format_with_stands(self.cards, self.stands)


@attrs.frozen
class Merge:
    """Merge two same-rank melds of your side into the lower-numbered one (AS-13)."""

    first: int = attrs.field(converter=_meld_number)
    second: int = attrs.field(converter=_meld_number)

    kind = "merge"

    def __attrs_post_init__(self) -> None:
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        return f"merge {self.first} {self.second}"


@attrs.frozen
class PlaceRedThree:
    """Put a red 3 from hand face up on the table, where the variant asks for it by hand."""

    card: Card = attrs.field(validator=_card("card"))

    kind = "place"

    def __str__(self) -> str:
        return f"place {self.card}"


@attrs.frozen
class Retract:
    """Take back an initial meld that falls short of the minimum (AS-24)."""

    kind = "retract"

    def __str__(self) -> str:
        return "retract"


@attrs.frozen
class Discard:
    """Discard one card, ending the turn (or going out if it was the last card)."""

    card: Card = attrs.field(validator=_card("card"))

    kind = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Ask:
    """Ask the partner at seat ``partner`` "may I go out?" (AS-36). The answer binds."""

    partner: int = attrs.field(converter=_partner_number)

    kind = "ask"

    def __str__(self) -> str:
        return f"ask {self.partner}"


@attrs.frozen
class Answer:
    """A partner's answer to :class:`Ask`: ``yes`` obliges the asker to go out this turn,
    ``no`` forbids it."""

    yes: bool = attrs.field()

    kind = "answer"

    @yes.validator
    def _a_bool(self, _attribute: attrs.Attribute[bool], value: object) -> None:
        # Only True and False: a truthy "no" would be stored while the text says yes.
        if not isinstance(value, bool):
            raise InvalidActionError(f"answer must be True or False, not {excerpt(value)}",
                                     field="answer")

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@attrs.frozen
class Pass:
    """Decline the pile after the stock is exhausted; the hand ends (AS-39)."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass"


Action = (
    Draw | TakePile | PickUp | MakeMeld | LayOff | Merge | PlaceRedThree | Retract | Discard
    | Ask | Answer | Pass
)
"""Any action value."""

ACTION_TYPES = (Draw, TakePile, PickUp, MakeMeld, LayOff, Merge, PlaceRedThree, Retract,
                Discard, Ask, Answer, Pass)

_VERBS = {
    "draw": "draw", "dr": "draw",
    "take-pile": "take-pile", "take": "take-pile", "tp": "take-pile", "takepile": "take-pile",
    "pick-up": "pick-up", "pickup": "pick-up", "pu": "pick-up",
    "meld": "meld", "m": "meld",
    "lay-off": "lay-off", "layoff": "lay-off", "lo": "lay-off", "l": "lay-off",
    "merge": "merge",
    "place": "place",
    "retract": "retract",
    "discard": "discard", "d": "discard",
    "ask": "ask",
    "answer": "answer",
    "pass": "pass",
}


def verb_kind(word: str) -> str | None:
    """The action kind a verb or one of its short forms names, any case; ``None`` for a
    word that is not a verb.

    >>> verb_kind("LO"), verb_kind("tp"), verb_kind("jump")
    ('lay-off', 'take-pile', None)
    """
    return _VERBS.get(word.lower())


def _index(text: str, what: str) -> int:
    # ASCII digits only: str.isdigit() also accepts superscripts and other scripts'
    # digits, which int() refuses or reads as something no record writes.
    if not (text.isascii() and text.isdigit()):
        raise InvalidActionError(f"{what} must be a number, not {excerpt(text)}", field=what)
    if len(text.lstrip("0")) > _MAX_INDEX_DIGITS:
        raise InvalidActionError(f"{what} {excerpt(text)} is out of range (at most "
                                 f"{MAX_INDEX})", field=what)
    return int(text)


def _no_args(verb: str, args: list[str]) -> None:
    if args:
        raise InvalidActionError(f"{verb!r} takes no arguments, got "
                                 f"{excerpt(' '.join(args))}", field="arguments")


def _cards_of(words: list[str]) -> tuple[Card, ...]:
    for word in words:
        if len(word) > _MAX_CARD_CHARS:
            raise InvalidActionError(f"{excerpt(word)} is not a card", field="card")
    return tuple(parse_card(word) for word in words)


def _need_cards(verb: str, args: list[str]) -> tuple[Card, ...]:
    if not args:
        raise InvalidActionError(f"{verb!r} needs at least one card", field="cards")
    return _cards_of(args)


def _cards_standing(words: list[str]) -> tuple[tuple[Card, ...], Stands]:
    """Cards written plainly or as ``card=rank`` (a wild card and the rank it stands for
    in a sequence)."""
    cards: list[Card] = []
    stands: list[tuple[Card, Rank]] = []
    for word in words:
        card_text, equals, rank_text = word.partition("=")
        card = _cards_of([card_text])[0]
        cards.append(card)
        if equals:
            rank = _RANK_OF.get(rank_text.lower())
            if rank is None or rank == Rank.JOKER:
                raise InvalidActionError(f"{excerpt(word)}: write the rank a wild card stands "
                                         "for after '=', from 2 to A (e.g. JK=7)",
                                         field="stands")
            stands.append((card, rank))
    return tuple(cards), tuple(stands)


def parse_action(text: str) -> Action:
    """Read an action from its text notation (see the module documentation).

    Verbs are case-insensitive and have short forms (``m`` meld, ``d`` discard, ``lo``
    lay-off, ``tp`` take-pile). Raises :class:`~canasta_family.errors.InvalidActionError`
    for text that is not an action.

    >>> parse_action("lay-off 0 7d 2c")
    LayOff(meld=0, cards=(Card('2c'), Card('7d')))
    >>> parse_action("take-pile 9d 9c")
    TakePile(cards=(Card('9c'), Card('9d')), onto=None)
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be text or an action value, not "
                                 f"{excerpt(text)}", field="action")
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidActionError(f"action text is {len(text)} characters long (at most "
                                 f"{MAX_ACTION_CHARS}): {excerpt(text)}", field="action")
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidActionError("empty action text", field="action")
    verb = _VERBS.get(words[0].lower())
    args = words[1:]
    if verb is None:
        raise InvalidActionError(
            f"unknown action {excerpt(words[0])}; expected one of: "
            "draw, take-pile, pick-up, meld, lay-off, merge, place, retract, discard, ask, "
            "answer, pass",
            field="action",
        )
    if verb == "draw":
        _no_args(verb, args)
        return Draw()
    if verb == "pass":
        _no_args(verb, args)
        return Pass()
    if verb == "retract":
        _no_args(verb, args)
        return Retract()
    if verb == "take-pile":
        if args and args[0].lower() == "onto":
            if len(args) != 2:
                raise InvalidActionError("write 'take-pile onto N' with one meld number",
                                         field="onto")
            return TakePile(onto=_index(args[1], "onto"))
        if "+" in args:
            raise InvalidActionError(
                "'take-pile' no longer lists further melds after '+': take the pile, then "
                "meld them (records written with them, schema 1, are converted on reading)",
                field="cards")
        # No cards: the whole pile with no condition (BU-9); variants that meld the top
        # card refuse it when it is checked.
        if not args:
            return TakePile()
        cards, stands = _cards_standing(args)
        return TakePile(cards=cards, stands=stands)
    if verb == "pick-up":
        if len(args) != 1:
            raise InvalidActionError("write 'pick-up N' with one meld number", field="onto")
        return PickUp(onto=_index(args[0], "onto"))
    if verb == "meld":
        if not args:
            raise InvalidActionError("'meld' needs at least one card", field="cards")
        cards, stands = _cards_standing(args)
        return MakeMeld(cards=cards, stands=stands)
    if verb == "lay-off":
        if len(args) < 2:
            raise InvalidActionError("write 'lay-off N CARDS', e.g. 'lay-off 0 7d'",
                                     field="meld")
        cards, stands = _cards_standing(args[1:])
        return LayOff(meld=_index(args[0], "meld"), cards=cards, stands=stands)
    if verb == "merge":
        if len(args) != 2:
            raise InvalidActionError("write 'merge N M' with two meld numbers", field="meld")
        return Merge(first=_index(args[0], "meld"), second=_index(args[1], "meld"))
    if verb == "place":
        if len(args) != 1:
            raise InvalidActionError("write 'place 3h' with one card", field="card")
        return PlaceRedThree(card=_cards_of(args)[0])
    if verb == "discard":
        if len(args) != 1:
            raise InvalidActionError("write 'discard CARD' with exactly one card", field="card")
        return Discard(card=_cards_of(args)[0])
    if verb == "ask":
        if len(args) != 1:
            raise InvalidActionError("write 'ask N' with the partner's seat", field="partner")
        return Ask(partner=_index(args[0], "partner"))
    # answer
    if len(args) != 1 or args[0].lower() not in ("yes", "no", "y", "n"):
        raise InvalidActionError("write 'answer yes' or 'answer no'", field="answer")
    return Answer(yes=args[0].lower() in ("yes", "y"))


def to_action(action: Action | str) -> Action:
    """An action value from a value or its text.

    >>> to_action("draw") == Draw()
    True
    """
    if isinstance(action, ACTION_TYPES):
        return action
    return parse_action(action)
