"""AS-23 (classic Canasta CC-5, Pennies from Heaven PH-17): an owed initial meld judged on
counts.

After an initial pile take short of the minimum, every play must leave the minimum
reachable this turn; so must a first meld short of it where melds never go back (PH-17).
Where the ranks are independent (no sequences) and the hand holds at least as many cards
that no play could take as the plays must leave — one of them discardable where a card
that may be discarded must stay (PH-16) — the knapsack over the ranks in wild cards
placed (``engine.initial_meld_bound.OwedCounts``) is the answer, not only a bound: one
table of the position judges every play of a listing and every pile take of a draw
listing, instead of a search per play.

The answers must be the ones the search gives: random play of classic Canasta, Pennies
from Heaven and the role test variants lists every owed position, every short first meld
and every take twice, with and without the judge, and the two must agree (the listing
digest proves the same on its own games). Positions played through the public API show a
play refused because it spends the wild card another rank needs, and takes refused
because their melds would leave too few cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from positions import play_random_hands
from role_variants import role_canasta_games

import canasta_family
from canasta_family import Game, HandSetup, IllegalActionError
from canasta_family.actions import Action
from canasta_family.engine import initial_meld, initial_meld_bound, listing, take_checks
from canasta_family.engine.initial_meld_bound import OwedCounts
from canasta_family.engine.play_checks import _PlayGroup
from canasta_family.engine.take_checks import TakeJudge
from canasta_family.testing import check_listing_complete, check_refusal_leaves_state


def play_and_compare(games: Sequence[Game], hands: int, seed: int,
                     monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Play ``hands`` random hands of each game; at every owed listing, short first meld
    and take check, answer again without the judge and compare."""
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def twice(patch: pytest.MonkeyPatch, owner: type, name: str, label: str) -> None:
        """Replace ``owner.name`` by one that answers with and without the judge."""
        real = getattr(owner, name)

        def spy(self: Game, *args: object) -> object:
            answer = real(self, *args)
            seen[label] += 1
            with pytest.MonkeyPatch.context() as judge_off:
                judge_off.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
                # (A listing's judge of its takes, made with the judge on, is left out.)
                plain = real(self, *[None if isinstance(arg, TakeJudge) else arg
                                     for arg in args])
            if plain != answer:
                wrong.append(f"{self.variant}: {name}{[str(a) for a in args]} judged "
                             f"{answer}, searched {plain}")
            return answer

        patch.setattr(owner, name, spy)

    real_owed_counts = initial_meld._InitialMeld._owed_counts

    def owed_counts(self: Game, need: int) -> OwedCounts | None:
        judge = real_owed_counts(self, need)
        if judge is not None:
            seen["judges"] += 1
        return judge

    real_take_judge = take_checks._TakeChecks._take_judge

    def take_judge(self: Game) -> OwedCounts | None:
        judge = real_take_judge(self)
        if judge is not None:
            seen["judges of a listing's takes"] += 1
        return judge

    with monkeypatch.context() as patch:
        patch.setattr(initial_meld._InitialMeld, "_owed_counts", owed_counts)
        patch.setattr(take_checks._TakeChecks, "_take_judge", take_judge)
        twice(patch, initial_meld._InitialMeld, "_short_starts_ok", "short starts")
        twice(patch, listing._Listing, "_owed_plays", "owed listings")
        twice(patch, take_checks._TakeChecks, "_take_reaches_minimum", "takes")
        play_random_hands(games, hands, random.Random(seed))
    assert wrong == [], "\n".join(wrong)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_AS_23_CC_5_counts_list_as_the_search(players: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/CC-5: the owed plays and the pile takes the judge on counts allows are the
    ones the search allows, in random play of classic Canasta (the takes of a draw
    listing judged as plays of one judge of the position before them)."""
    games = [canasta_family.new_game("canasta", players=players, seed=seed)
             for seed in (7, 8, 9)]
    seen = play_and_compare(games, hands=10, seed=23, monkeypatch=monkeypatch)
    assert seen["judges"] > 0 and seen["owed listings"] > 0 and seen["takes"] > 0, seen
    assert seen["judges of a listing's takes"] > 0, seen


def test_AS_23_PH_16_PH_17_counts_list_as_the_search_in_pennies_from_heaven(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/PH-16/PH-17 (and PH-10, a set of a rank waiting for a canasta of its open
    one): the owed plays, the short first melds and the takes the judge allows are the
    ones the search allows, in random play of Pennies from Heaven."""
    games = [canasta_family.new_game("pennies-from-heaven", players=6, seed=seed)
             for seed in (7, 8, 9)]
    seen = play_and_compare(games, hands=8, seed=16, monkeypatch=monkeypatch)
    assert seen["judges"] > 0 and seen["short starts"] > 0, seen


def test_AS_23_counts_list_as_the_search_when_card_roles_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 on the role test variants: 2s naturals of their own rank (jokers the only
    wild cards), and 3s plain naturals with no bonus cards."""
    seen = play_and_compare(role_canasta_games(), hands=5, seed=5,
                            monkeypatch=monkeypatch)
    assert seen["judges"] > 0, seen


@pytest.mark.parametrize("variant", ["american-samba", "dutch-samba", "samba"])
def test_AS_23_sets_only_judge_lists_as_the_search_where_sequences_meld(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23 where sequences meld (the Samba variants): the judge reads collections of
    sets only, so it says "yes" or leaves the play to the search; in random play its
    listings, short first melds and takes are the search's."""
    games = [canasta_family.new_game(variant, players=4, seed=seed) for seed in (7, 8)]
    seen = play_and_compare(games, hands=4, seed=33, monkeypatch=monkeypatch)
    assert seen["judges"] > 0 and seen["owed listings"] > 0, seen


def test_AS_23_PH_17_no_play_keeps_a_minimum_the_position_cannot_reach(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/PH-17: where the knapsack of the position is short of the minimum
    (``OwedCounts.unreachable``; in Pennies from Heaven, whose first melds short of the
    minimum are judged as after a take, such positions are common), the judge refuses
    every play at once; judged one by one (``keeps`` with the play's rank as it leaves
    it), each play is refused too. A listing of short first melds (PH-17) whose position
    is short and cannot go out refuses them all before any is judged: with the judge made
    to read every position as reachable, each is refused one by one all the same; and
    where going out were possible, the judge refuses each at once."""
    real = initial_meld._InitialMeld._counts_keep
    real_starts = initial_meld._InitialMeld._short_starts_ok
    real_unreachable = OwedCounts.unreachable
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def spy(self: Game, judge: OwedCounts, action: object) -> bool | None:
        answer = real(self, judge, action)
        if judge.unreachable() and answer is False:
            seen["refused at once"] += 1
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(OwedCounts, "unreachable", lambda self: False)
                judge.plays.clear()
                one_by_one = real(self, judge, action)
            if one_by_one is not False:
                wrong.append(f"{self.variant}: {action} judged {one_by_one} one by one")
        return answer

    def spy_starts(self: Game, actions: Sequence[Action]) -> list[bool]:
        short: list[bool] = []

        def unreachable(judge: OwedCounts) -> bool:
            answer = real_unreachable(judge)
            short.append(answer)
            return answer

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(OwedCounts, "unreachable", unreachable)
            answers = real_starts(self, actions)
        if any(short):
            seen["short starts refused at once"] += answers.count(False)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(OwedCounts, "unreachable", lambda judge: False)
                one_by_one = real_starts(self, actions)
            if one_by_one != answers:
                wrong.append(f"{self.variant}: short starts {answers} one by one "
                             f"{one_by_one}")
            # Where going out were still possible, the plays would reach the judge, which
            # refuses each at once (``spy`` holds each refusal to the one-by-one answer).
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(Game, "_out_bounds_met", lambda game: True)
                real_starts(self, actions)
        return answers

    games = [canasta_family.new_game("pennies-from-heaven", players=6, seed=seed)
             for seed in (7, 8)]
    with monkeypatch.context() as patch:
        patch.setattr(initial_meld._InitialMeld, "_counts_keep", spy)
        patch.setattr(initial_meld._InitialMeld, "_short_starts_ok", spy_starts)
        play_random_hands(games, 8, random.Random(29))
    assert wrong == [], "\n".join(wrong)
    # (The short first melds of a short position that cannot go out are refused before
    # the judge is asked play by play: the commonest case.)
    assert seen["short starts refused at once"] > 0, seen
    assert seen["refused at once"] > 0, seen


def test_AS_23_judge_reads_sets_only_where_sequences_meld() -> None:
    """Where sequences meld (American Samba) the judge reads sets only: a position whose
    sets fall short may still reach the minimum with a sequence, so it answers None
    there, never "no". A hand with no card that may be discarded where one must stay
    (PH-16, Pennies from Heaven) leaves the judge out: the search decides there."""
    hand = [0] * 53
    hand[12] = 1  # 5♣
    samba = canasta_family.new_game("american-samba", players=4, seed=1)
    judge = OwedCounts.of(samba, 50, hand, hand, [], 10, 2)
    assert judge is not None and judge.sets_only
    assert judge.reachable() is None
    for code in (36, 40, 44):  # J♣ Q♣ K♣ with the 5♣: a sequence, no set
        hand[code] = 1
    judge = OwedCounts.of(samba, 30, hand, hand, [], 10, 2)
    assert judge is not None and judge.reachable() is None
    for code in (37, 38):  # J♦ J♥: three jacks make 30 as a set
        hand[code] = 1
    judge = OwedCounts.of(samba, 30, hand, hand, [], 10, 2)
    assert judge is not None and judge.reachable() is True
    pennies = canasta_family.new_game("pennies-from-heaven", players=6, seed=1)
    assert OwedCounts.of(pennies, 50, hand, hand, [], 10, 2) is None
    assert OwedCounts.of(pennies, 50, hand, hand, [], 10, 2, free=[12]) is not None
    game = canasta_family.new_game("canasta", players=4, seed=1)
    assert OwedCounts.of(game, 50, hand, hand, [], 10, 2) is not None


OTHERS = ("4c 5d 6c 6d 7h 8c 8d 9c 9d Kd 5d",
          "4h 4s 5h 6h 6s 8h 8h 8s 9h 9s 10d",
          "10c 10d 10h 10s Kc 5c 5s 6c 8c 9c 7c")


def owed_after_queens() -> Game:
    """Classic Canasta for four, seat 0 at 3,000 points (a minimum of 120, CC-5) takes
    the pile's Qh with Qc Qd (30): 90 is still owed, from Kc Kd Ks (30), the joker (50)
    and 4c 4d (10), with 9h 7s that no play takes."""
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=("Qc Qd Kc Kd Ks JK 4c 4d 9h 7s", *OTHERS), pile="Qh",
        stock="Ks 5h 6h 5s", scores=(3000, 0), dealer=3))
    assert game.initial_minimum(0) == 120
    game.apply("take-pile Qc Qd")
    assert game.owes_initial_meld()
    return game


def test_AS_23_CC_5_play_spending_the_wild_card_another_rank_needs_is_refused() -> None:
    """AS-23/CC-5: the 90 owed needs the kings (30) and the 4s with the joker (60); the
    kings with the joker make only 80, and the 4s cannot meld without it, nor can the
    9 and the 7. So ``meld Kc Kd Ks JK`` is refused (CC-5) and leaves the game as it was,
    and the two melds that keep the joker for the 4s are the only plays listed. The
    judge on counts decides them: the listing is the same without it."""
    game = owed_after_queens()
    judge = OwedCounts.of(game, 90, game._hands[0], game._take_counts or [],
                          game._melds[0], game.hand_size(0), 2)
    assert judge is not None and judge.reachable() is True
    plays = {str(action) for action in game.legal_actions()}
    assert plays == {"meld Kc Kd Ks", "meld 4c 4d JK"}
    error = check_refusal_leaves_state(game, "meld Kc Kd Ks JK")
    assert isinstance(error, IllegalActionError)
    assert error.rule == "CC-5"
    check_listing_complete(game)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        copy = game.clone()
        assert {str(action) for action in copy.legal_actions()} == plays
    game.apply("meld 4c 4d JK")
    game.apply("meld Kc Kd Ks")
    assert not game.owes_initial_meld()
    assert game.hand_size(0) == 2


def test_AS_23_judge_counts_the_cards_a_collection_leaves() -> None:
    """AS-23: where every card could go down, the judge counts the cards each collection
    leaves. Kc Kd Kh Ks owe 40: all four make it but leave nothing, three leave one card
    and count 30, so no collection makes up the minimum and keeps two cards. With a 9h
    beside them three kings still leave too few; with 9h 7s they leave two."""
    game = canasta_family.new_game("canasta", players=4, seed=1)

    def reachable(codes: tuple[int, ...], need: int) -> bool | None:
        hand = [0] * 53
        for code in codes:
            hand[code] += 1
        judge = OwedCounts.of(game, need, hand, hand, [], len(codes), 2)
        assert judge is not None
        return judge.reachable()

    kings = (44, 45, 46, 47)  # Kc Kd Kh Ks: all four could meld
    assert reachable(kings, 40) is False
    assert reachable(kings, 30) is False  # three leave a single card
    assert reachable((*kings, 30), 30) is True  # three kings, then Ks 9h stay
    assert reachable((*kings, 30), 40) is False
    assert initial_meld_bound.reach_bound(game, [1 if c in kings else 0 for c in range(53)],
                                          [1] * 53, []) == 40


def take_offered(hand: str) -> bool:
    """Whether seat 0 (a minimum of 120, CC-5) may take the pile's Qh with Qc Qd."""
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=(f"Qc Qd {hand}", *OTHERS), pile="Qh", stock="Ks 5h 6h 5s",
        scores=(3000, 0), dealer=3))
    offered = "take-pile Qc Qd" in {str(action) for action in game.legal_actions()}
    assert offered == game.is_legal("take-pile Qc Qd")
    return offered


def test_AS_23_CC_5_take_whose_melds_would_leave_too_few_cards_is_refused() -> None:
    """AS-23/CC-5: the take counts 30 of 120, and only the kings (30) and the aces (60)
    together make up the 90 left. With nothing else in hand, or one card, they leave too
    few cards to discard and go on (and the side, with no canasta, may not go out,
    CC-8), so the take is refused; with two more cards it is offered. The judge on counts
    counts the cards its collections leave, and answers so itself."""
    assert not take_offered("Kc Kd Ks Ac Ad As")
    assert not take_offered("Kc Kd Ks Ac Ad As 9h")
    assert take_offered("Kc Kd Ks Ac Ad As 9h 7s")


PH_OTHERS = ("4d 5h 6s 8c", "4h 5s 6c 8d", "4s 5c 6d 8h", "9c 10d Jh Qs", "9d 10h Js Qc")


def pennies_take_offered(hand: str) -> bool:
    """Whether seat 0 of Pennies from Heaven (a minimum of 50, PH-17) may take the pile's
    Kh with Kc Kd (30)."""
    game = canasta_family.new_game("pennies", seed=1, start=HandSetup(
        hands=(f"Kc Kd {hand}", *PH_OTHERS), pile="Kh", stock="Kh Ks", melds=((), ()),
        feet=("Ac", "Kc", "Qd", "Jc", "10c", "9h"), dealer=5, to_play=0))
    offered = "take-pile Kc Kd" in {str(action) for action in game.legal_actions()}
    assert offered == game.is_legal("take-pile Kc Kd")
    return offered


def test_AS_23_PH_16_take_whose_melds_would_leave_only_sevens_is_refused() -> None:
    """AS-23/PH-16/PH-17: after the take 20 of 50 is owed, and the aces (60) make it up,
    but they would leave only 7c 7h, which may not be discarded (PH-16) and cannot meld:
    the take is refused. Two cards stay, so the cards to keep are never short; the judge
    on counts also asks that one of the cards no play could take may be discarded, and
    leaves the position to the search where none can. With a lone 9h beside them the
    take is offered."""
    assert not pennies_take_offered("Ac Ad As 7c 7h")
    assert pennies_take_offered("Ac Ad As 7c 7h 9h")


def test_AS_23_CC_5_cards_left_decide_where_every_card_could_go_down() -> None:
    """AS-23/CC-5: after taking the Qh with Qc Qd (30 of 120), every card left could go
    down, so whether two cards stay is for the knapsack of the cards left to say: Kc Kd
    Kh and three aces make the 90, and a king and an ace stay. The plays listed are the
    search's: the sets of three kings or three aces, not all four kings, which would
    leave too few cards once the aces are down."""
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=("Qc Qd Kc Kd Kh Ks Ac Ad Ah As", *OTHERS), pile="Qh",
        stock="Ks 5h 6h 5s", scores=(3000, 0), dealer=3))
    game.apply("take-pile Qc Qd")
    assert game.owes_initial_meld() and game.hand_size(0) == 8
    judge = OwedCounts.of(game, 90, game._hands[0], game._take_counts or [],
                          game._melds[0], game.hand_size(0), 2)
    assert judge is not None
    assert judge.size - judge.usable - judge.wild_total < 2  # every card could go down
    assert judge.reachable() is True
    plays = {str(action) for action in game.legal_actions()}
    assert "meld Kc Kd Kh" in plays and "meld Ac Ad Ah" in plays
    assert "meld Kc Kd Kh Ks" not in plays
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        assert {str(action) for action in game.clone().legal_actions()} == plays
    error = check_refusal_leaves_state(game, "meld Kc Kd Kh Ks")
    assert isinstance(error, IllegalActionError)
    check_listing_complete(game)


def test_AS_23_cards_left_count_the_counted_copies_first() -> None:
    """AS-23: Kc Kd count (they were held before the take), Kh Ks came with the pile,
    and 9c 9d 9h count: 50 owed, two cards to keep. The kings and the 9s make 50 only
    all seven together; three kings count the two counted ones (20, the counted copies
    go down first) and with the 9s leave one card. So no collection makes up the
    minimum, and the judge says so itself; the 9s alone make 30, and with a 7c beside
    them the seven make 50."""
    game = canasta_family.new_game("canasta", players=4, seed=1)
    hand = [0] * 53
    counted = [0] * 53
    for code in (44, 45, 46, 47, 28, 29, 30):  # Kc Kd Kh Ks 9c 9d 9h
        hand[code] = 1
    for code in (44, 45, 28, 29, 30):  # Kh Ks came with the pile
        counted[code] = 1
    judge = OwedCounts.of(game, 50, hand, counted, [], 7, 2)
    assert judge is not None
    assert judge.reachable() is False
    assert OwedCounts.of(game, 30, hand, counted, [], 7, 2).reachable() is True  # the 9s
    hand[20] = 1  # a 7c beside them: it stays with a king
    judge = OwedCounts.of(game, 50, hand, counted, [], 8, 2)
    assert judge is not None and judge.reachable() is True


def test_AS_23_PH_16_judge_follows_which_cards_left_may_be_discarded() -> None:
    """AS-23/PH-16/PH-17: where every card could go down, a collection must leave two
    cards, one of which may be discarded (7s may not). Ac Ad Ah (60), 9c 9d 9h (30) and
    7c 7d 7h (15) can all meld: the aces make 40 and leave the 9s; the aces and the 7s
    make 75 and leave the 9s; the aces and the 9s make 90 but leave only 7s, and all
    three leave nothing. The judge follows which ranks' cards may be discarded and
    answers itself."""
    game = canasta_family.new_game("pennies", seed=1)
    hand = [0] * 53
    for code in (48, 49, 50, 28, 29, 30, 20, 21, 22):  # Ac Ad Ah 9c 9d 9h 7c 7d 7h
        hand[code] = 1
    free = [code for code in range(53) if hand[code] and code // 4 + 2 != 7]

    def reachable(need: int) -> bool | None:
        judge = OwedCounts.of(game, need, hand, hand, [], 9, 2, free)
        assert judge is not None and not judge.free_kept
        return judge.reachable()

    assert (reachable(40), reachable(75), reachable(90), reachable(105)) == \
        (True, True, False, False)


def test_AS_23_PH_16_take_whose_collection_leaves_only_sevens_is_refused() -> None:
    """AS-23/PH-16/PH-17: after the take 20 of 50 is owed; 9c 9d 9h make it up but leave
    7c 7d 7h, which may not be discarded, and the 7s with them leave nothing: the take is
    refused. With Ac Ad As beside them the 9s leave the aces: offered. The search
    agrees."""
    assert not pennies_take_offered("9c 9d 9h 7c 7d 7h")
    assert pennies_take_offered("9c 9d 9h 7c 7d 7h Ac Ad As")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        assert not pennies_take_offered("9c 9d 9h 7c 7d 7h")
        assert pennies_take_offered("9c 9d 9h 7c 7d 7h Ac Ad As")


@pytest.mark.parametrize("variant", ["canasta", "pennies-from-heaven"])
def test_AS_23_CC_5_plays_of_a_rank_kept_whole_are_each_kept(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/CC-5/PH-17: where the judge keeps every play of one memo entry onto a rank's
    sets at once (``OwedCounts.keeps_each``: the other ranks make up the minimum with
    the wild cards any of them leaves), each of those plays, judged on its own, is kept
    too; and random play meets such groups (so the listing's short cut is exercised)."""
    real = listing._Listing._owed_plays
    seen: Counter[str] = Counter()
    wrong: list[str] = []

    def owed_plays(self: Game, plays: list[Action], need: int,
                   groups: Sequence[_PlayGroup] = ()) -> list[Action]:
        kept = real(self, plays, need, groups)
        judge = self._owed_counts(need)
        if judge is None:
            return kept
        for start, end, rank, wilds, largest in groups:
            if start == end or largest >= judge.size or not judge.keeps_each(rank, wilds):
                continue
            seen["groups kept whole"] += 1
            for action in plays[start:end]:
                seen["plays kept with their group"] += 1
                alone = self._owed_counts(need)
                assert alone is not None
                if self._counts_keep(alone, action) is not True or action not in kept:
                    wrong.append(f"{self.variant}, need {need}: {action} of the rank "
                                 f"{rank} group")
        return kept

    games = [canasta_family.new_game(variant, players=6 if variant.startswith("pennies")
                                     else 4, seed=seed) for seed in (4, 5, 6)]
    with monkeypatch.context() as patch:
        patch.setattr(listing._Listing, "_owed_plays", owed_plays)
        play_random_hands(games, 8, random.Random(47))
    assert wrong == [], "\n".join(wrong)
    assert seen["groups kept whole"] > 0, seen


def test_AS_33_CC_6_black_threes_melded_while_the_initial_meld_is_owed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-23/AS-33/CC-5/CC-6: after taking the Qh with Qc Qd, 90 of 120 is owed. Black 3s
    may meld only on the way out; melding them changes no rank's sets, so the judge
    reads what they leave (15 counted, then two queens laid off and the aces make the
    75 left with cards to spare). The meld is listed as the search lists it, and the
    player goes out after it: four queens make the canasta, the aces, the 9h last."""
    game = canasta_family.new_game("canasta", players=4, seed=1, start=HandSetup(
        hands=("Qc Qd Qs Qs Qc Qd Ac Ad As 3c 3s 3c 9h", *OTHERS), pile="Qh",
        stock="Ks 5h 6h 5s", scores=(3000, 0), dealer=3))
    game.apply("take-pile Qc Qd")
    listed = [str(action) for action in game.legal_actions()]
    with monkeypatch.context() as judge_off:
        judge_off.setattr(OwedCounts, "of", staticmethod(lambda *args: None))
        searched = [str(action) for action in game.clone().legal_actions()]
    assert listed == searched
    assert "meld 3c 3c 3s" in listed
    for action in ("meld 3c 3c 3s", "lay-off 0 Qc Qd Qs Qs", "meld Ac Ad As", "discard 9h"):
        assert game.is_legal(action), (action, [str(a) for a in game.legal_actions()])
        game.apply(action)
    assert len(game.hand_results) == 1
