"""The search players and "may I go out?": a determinization deals a hidden asker only
hands it could go out with, so the searching seat can answer its partner, and be answered,
in every built-in variant with partners (four players, six in Samba and Pennies) without
driving the engine into a position with no legal action.

Each position is an arranged hand where seat 0, after its draw, could go out and asks a
partner; the cards it holds are hidden from every other seat."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import canasta_family
from canasta_family import Answer, Ask, Game, HandSetup
from canasta_family.determinize import (
    ASK_TRIES,
    DeterminizationError,
    Determinizer,
    determinize,
)
from canasta_family.players import HeuristicPlayer, decide
from canasta_family.players.kinds import PLAYER_KINDS, make_player

SAMBA_CANASTAS = ("Kh Kh Kh Kd Kd Kd Ks", "Qh Qh Qh Qd Qd Qd Qs")
PENNIES_CANASTAS = ("Kc Kc Kd Kd Kh Kh Ks", "Qc Qc Qd Qd 2c 2d JK", "2h 2h 2s 2s JK JK 2c",
                    "7c 7c 7d 7d 7h 7h 7s")
PENNIES_FILLER = ("9c 10d Jh Qs", "4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "4c 5d 6h 8s",
                  "9d 10h Js Qc")


def _arranged(variant: str, hands: tuple[str, ...], **setup: object) -> Game:
    setup.setdefault("dealer", len(hands) - 1)
    game = canasta_family.new_game(variant, players=len(hands), seed=11,
                                   start=HandSetup(hands=hands, **setup))  # type: ignore[arg-type]
    game.apply("draw")
    return game


def _samba(variant: str, players: int) -> Game:
    """Two canastas on side 0's table; seat 0 draws Jh 9s to Jc Jd: the jacks and a
    discard take it out."""
    others = ("4d 4c 6s", "6c 6d 8s", "7d 7c 8h", "4h 4s 5s", "5c 5d 6h")
    return _arranged(variant, ("Jc Jd", *others[:players - 1]),
                     melds=(SAMBA_CANASTAS, *[()] * (players // 2 - 1)),
                     stock="Jh 9s Kc 9d 10c 10d", pile="Td")


POSITIONS: dict[str, Callable[[], Game]] = {
    "american-samba-4": lambda: _samba("american-samba", 4),
    "american-samba-6": lambda: _samba("american-samba", 6),
    "dutch-samba-4": lambda: _samba("dutch-samba", 4),
    "dutch-samba-6": lambda: _samba("dutch-samba", 6),
    "samba-4": lambda: _samba("samba", 4),
    "canasta-4": lambda: _arranged("canasta", ("Jh Jd Js", "4c 4d 6s", "5c 5s 6h",
                                               "6c 6d 8s"),
                                   stock="8h 8d 9c 9d", pile="Tc",
                                   melds=(("Kh Kh Kd Kd Ks Ks Kc",), ())),
    "pennies-6": lambda: _arranged("pennies-from-heaven", ("Ah Ah", *PENNIES_FILLER[1:]),
                                   melds=(PENNIES_CANASTAS, ()),
                                   feet=("", "Kc Kd", "Qh Qd", "Jc Jd", "10c 10s", "9h 9s"),
                                   stock="Ah 4d 8h 8d", pile="5c 9c", to_play=0),
}

SEARCH_KINDS = [name for name, kind in sorted(PLAYER_KINDS.items())
                if hasattr(kind.build(0, {}), "choose_in_game")]


def _search_player(kind: str, seed: int) -> object:
    budget = "iterations=12" if "iterations" in PLAYER_KINDS[kind].options else ""
    return make_player(f"{kind}:{budget}" if budget else kind, seed=seed)


def _asked(name: str) -> tuple[Game, int]:
    """The position with seat 0's question put to its first partner: (game, partner)."""
    game = POSITIONS[name]()
    partner = game.partners(0)[0]
    game.apply(Ask(partner=partner))
    assert game.phase == "answer" and game.current_player == partner
    return game, partner


def _finish_turn(game: Game, seat: int, player: object) -> None:
    """Let ``player`` play ``seat``'s turn to its end (the hand may end with it)."""
    hands = len(game.hand_results)
    while (game.current_player == seat and not game.is_over
           and len(game.hand_results) == hands):
        game.apply(decide(player, game))  # type: ignore[arg-type]


def test_every_search_kind_is_tested() -> None:
    assert "ismcts" in SEARCH_KINDS


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_position_asks_a_partner(name: str) -> None:
    """Each arranged position lets seat 0 ask, and "yes" leaves it a play that goes out."""
    game = POSITIONS[name]()
    assert any(isinstance(a, Ask) for a in game.legal_actions())
    asked, _ = _asked(name)
    asked.apply(Answer(yes=True))
    assert asked.legal_actions()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_determinization_lets_the_asker_go_out(name: str) -> None:
    """From every seat but the asker's, awaiting the answer and after "yes": each sample
    matches the seat's observation and the asker has a legal play after "yes"."""
    game, _ = _asked(name)
    told_yes = game.clone()
    told_yes.apply(Answer(yes=True))
    rng = random.Random(5)
    for position in (game, told_yes):
        before = position.snapshot()
        for seat in range(1, position.num_players):
            for _ in range(6):
                copy = determinize(position, seat, rng)
                assert copy.observation(seat) == position.observation(seat)
                if copy.phase == "answer":
                    copy.apply(Answer(yes=True))
                assert copy.current_player == 0 and copy.partner_answer is True
                assert copy.legal_actions()
        assert position.snapshot() == before


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("kind", SEARCH_KINDS)
def test_search_answers_its_partner(kind: str, name: str) -> None:
    """The searching partner answers on several seeds, and the asker (a heuristic player)
    plays its turn out after the answer."""
    for seed in range(3):
        game, _ = _asked(name)
        answer = decide(_search_player(kind, seed), game)  # type: ignore[arg-type]
        assert isinstance(answer, Answer)
        game.apply(answer)
        _finish_turn(game, 0, HeuristicPlayer())
        assert answer.yes is False or game.hand_results[-1].went_out == 0


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("kind", SEARCH_KINDS)
@pytest.mark.parametrize("yes", [True, False])
def test_search_plays_on_after_its_partners_answer(kind: str, name: str, yes: bool) -> None:
    """The searching seat that asked plays its turn out after either answer: it goes out
    after "yes", and does not after "no"."""
    game, _ = _asked(name)
    game.apply(Answer(yes=yes))
    _finish_turn(game, 0, _search_player(kind, 1))
    went_out = bool(game.hand_results) and game.hand_results[-1].went_out == 0
    assert went_out is yes


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("kind", SEARCH_KINDS)
def test_search_may_ask_and_explores_the_answers(kind: str, name: str) -> None:
    """Before asking, the searching seat's tree holds the question (the partner answers in
    the determinized worlds); whatever it chooses is legal and the turn plays out."""
    game = POSITIONS[name]()
    player = _search_player(kind, 2)
    action = decide(player, game)  # type: ignore[arg-type]
    assert game.is_legal(action)
    game.apply(action)
    if game.phase == "answer":
        game.apply(decide(HeuristicPlayer(), game))
    _finish_turn(game, 0, player)


def test_a_question_no_deal_backs_raises_and_the_search_plays_the_heuristic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When no deal tried lets the asker go out, sampling raises rather than hand back a
    world the engine cannot continue, and the search answers as the heuristic does."""
    game, partner = _asked("american-samba-4")
    monkeypatch.setattr(Determinizer, "_asker_can_go_out", lambda self, copy: False)
    with pytest.raises(DeterminizationError, match=f"none of the {ASK_TRIES} deals"):
        determinize(game, partner, random.Random(1))
    search = make_player("ismcts:iterations=20", seed=1)
    assert decide(search, game) == decide(HeuristicPlayer(), game)
    assert search.last_iterations == 0  # type: ignore[union-attr]


def test_fitting_hands_of_the_asker_are_dealt_again_when_new_deals_do_not_fit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a deal that backs the question is known and fresh deals stop fitting, the
    asker gets a hand that fitted, the other hidden cards dealt afresh."""
    game, partner = _asked("samba-4")
    sampler = Determinizer(game, partner)
    first = sampler.sample(random.Random(3))
    monkeypatch.setattr(Determinizer, "_asker_can_go_out", lambda self, copy: False)
    again = [sampler.sample(random.Random(seed)) for seed in range(4)]
    for copy in again:
        assert copy.hand_cards(0) == first.hand_cards(0)
        assert copy.observation(partner) == game.observation(partner)
        copy.apply(Answer(yes=True))
        assert copy.legal_actions()
    assert len({tuple(copy.hand_cards(1)) for copy in again}) > 1


def test_give_up_stops_the_search_for_a_fitting_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """``give_up`` is asked every few deals; when it answers true sampling stops."""
    game, partner = _asked("canasta-4")
    monkeypatch.setattr(Determinizer, "_asker_can_go_out", lambda self, copy: False)
    asked = []

    def give_up() -> bool:
        asked.append(True)
        return True

    with pytest.raises(DeterminizationError, match="none of the 16 deals"):
        Determinizer(game, partner).sample(random.Random(2), give_up=give_up)
    assert asked == [True]


@pytest.mark.parametrize(("player", "rng", "field"), [
    (4, random.Random(1), "player"), (-1, random.Random(1), "player"),
    (True, random.Random(1), "player"), ("0", random.Random(1), "player"),
    (0, 7, "rng"), (0, None, "rng"),
])
def test_bad_arguments_name_the_field_and_change_nothing(player: object, rng: object,
                                                         field: str) -> None:
    """issue 23: ``determinize(4, rng)`` with four players, and other bad arguments."""
    game = canasta_family.new_game("american-samba", players=4, seed=8)
    before = game.snapshot()
    with pytest.raises(DeterminizationError) as err:
        game.determinize(player, rng)  # type: ignore[arg-type]
    assert err.value.field == field
    assert game.snapshot() == before
    with pytest.raises(DeterminizationError):
        Determinizer(game, player).sample(rng)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_a_bad_game_is_named() -> None:
    with pytest.raises(DeterminizationError) as err:
        determinize("american-samba", 0, random.Random(1))  # type: ignore[arg-type]
    assert err.value.field == "game"


def test_players_doc_quotes_the_deal_counts() -> None:
    """docs/players.md gives the numbers of deals tried for an asker that the code uses."""
    from pathlib import Path

    from canasta_family.determinize import ASK_FRESH_TRIES

    doc = (Path(__file__).resolve().parent.parent / "docs" / "players.md").read_text(
        encoding="utf-8")
    text = " ".join(doc.split())
    assert (f"up to {ASK_TRIES:,} are tried; once some are, {ASK_FRESH_TRIES} fresh ones"
            in text)
