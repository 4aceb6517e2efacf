"""Variants as plugins: finding them by name, strict options, loud failures for broken
plugins, a variant built by subclassing American Samba, and third-party entry points."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import pytest

import canasta_family
import canasta_family.plugins as plugins
from canasta_family import (
    InvalidOptionError,
    UnknownVariantError,
    VariantError,
    broken_variants,
    hookimpl,
)
from canasta_family.cards import Card, make_deck
from canasta_family.engine import Game
from canasta_family.melds import Meld
from canasta_family.players import GreedyPlayer, play_game
from canasta_family.plugins import (
    Variant,
    available_variants,
    find_variant,
    validate_options,
)
from canasta_family.rules import DealRules, OptionSpec, ScoreItem, VariantInfo, Violation
from canasta_family.variants.american_samba import VARIANT, AmericanSambaPlugin

Options = Mapping[str, object]


def info(name: str, **extra: Any) -> VariantInfo:
    fields: dict[str, Any] = {"players": (2, 3, 4, 5, 6), "rule_ids": dict(VARIANT.rule_ids)}
    fields.update(extra)
    return VariantInfo(name=name, **fields)


def game_of(plugin: object, name: str = "test-variant", **kwargs: Any) -> Game:
    variant = Variant(info=info(name), plugin=plugin, origin="test")
    return Game(variant, players=kwargs.pop("players", 4), seed=kwargs.pop("seed", 1),
                **kwargs)


# --- finding variants ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["american-samba", "AMERICAN-SAMBA", "American-Samba",
                                  "samba-1951", "SAMBA-1951", "  samba-1951 "])
def test_AS_1_find_variant_by_name_alias_and_case(name: str) -> None:
    """The variant is found by its name or alias, in any case, ignoring outer spaces."""
    variant = find_variant(name)
    assert variant.name == "american-samba"
    assert variant.origin == "built-in"
    assert variant.info.aliases == ("samba-1951",)
    assert canasta_family.new_game(name, seed=1).variant.name == "american-samba"


def test_unknown_variant_lists_known_names() -> None:
    """An unknown name raises UnknownVariantError (also a LookupError) listing the known
    variants."""
    with pytest.raises(UnknownVariantError) as info_:
        find_variant("pinochle")
    assert info_.value.name == "pinochle"
    assert "american-samba" in info_.value.known
    assert "american-samba" in str(info_.value) and "pinochle" in str(info_.value)
    assert isinstance(info_.value, LookupError) and isinstance(info_.value, ValueError)
    with pytest.raises(UnknownVariantError):
        canasta_family.new_game("samba 1951")


def test_available_variants() -> None:
    """available_variants() gives the VariantInfo of every playable variant."""
    names = [v.name for v in available_variants()]
    assert names[0] == "american-samba"
    assert len(names) == len(set(names))
    american = available_variants()[0]
    assert american.players == (2, 3, 4, 5, 6)
    assert [o.name for o in american.options] == ["no_wild_on_natural_canasta"]
    assert american.options[0].rule == "AS-10"


# --- options -------------------------------------------------------------------------------


def test_AS_10_option_default_and_value() -> None:
    """The AS-10 house rule is off by default and can be switched on."""
    assert canasta_family.new_game(seed=1).options == {"no_wild_on_natural_canasta": False}
    game = canasta_family.new_game(seed=1, options={"no_wild_on_natural_canasta": True})
    assert game.options == {"no_wild_on_natural_canasta": True}
    assert game.meld_rules.no_wild_on_natural_canasta is True


@pytest.mark.parametrize(("options", "option"), [
    ({"no_wild_on_natural_canastas": True}, "no_wild_on_natural_canastas"),
    ({"no_wild_on_natural_canasta": True, "target": 5000}, "target"),
    ({"no_wild_on_natural_canasta": "true"}, "no_wild_on_natural_canasta"),
    ({"no_wild_on_natural_canasta": 1}, "no_wild_on_natural_canasta"),
    ({"no_wild_on_natural_canasta": None}, "no_wild_on_natural_canasta"),
])
def test_AS_10_options_validated_strictly(options: dict[str, object], option: str) -> None:
    """Unknown options and values of the wrong type raise InvalidOptionError naming the
    option."""
    with pytest.raises(InvalidOptionError) as err:
        canasta_family.new_game(seed=1, options=options)
    assert err.value.option == option
    assert repr(option) in str(err.value)


def test_option_value_not_allowed_and_typed_options() -> None:
    """Values outside ``allowed`` and of the wrong type are refused for int and str
    options too; good values and defaults pass."""
    demo = info("demo", options=(
        OptionSpec("target", int, 10000, (5000, 10000), "X-1", "score to win"),
        OptionSpec("deck", str, "three", ("two", "three"), "X-2", "packs"),
        OptionSpec("free", int, 3, None, "X-3", "any whole number"),
    ))
    assert validate_options(demo, None) == {"target": 10000, "deck": "three", "free": 3}
    assert validate_options(demo, {"target": 5000, "free": -4}) == {
        "target": 5000, "deck": "three", "free": -4}
    for bad, name, word in (({"target": 7500}, "target", "allowed"),
                            ({"target": True}, "target", "whole number"),
                            ({"target": "5000"}, "target", "whole number"),
                            ({"deck": "four"}, "deck", "allowed"),
                            ({"deck": 2}, "deck", "text"),
                            ({"free": 2.5}, "free", "whole number")):
        with pytest.raises(InvalidOptionError, match=word) as err:
            validate_options(demo, bad)
        assert err.value.option == name
        assert name in str(err.value)


def test_options_that_are_not_a_mapping_are_refused() -> None:
    """Options given as something other than a mapping are an InvalidOptionError, not a
    stray TypeError/ValueError from dict()."""
    for bad in (["no_wild_on_natural_canasta"], 42, "no_wild_on_natural_canasta"):
        with pytest.raises(InvalidOptionError):
            canasta_family.new_game(seed=1, options=bad)  # type: ignore[arg-type]


# --- broken plugins fail loudly --------------------------------------------------------------


class MisspelledHook(AmericanSambaPlugin):
    @hookimpl
    def canasta_dek(self, options: Options) -> tuple[Card, ...]:
        return make_deck(packs=3)


class WrongArgumentName(AmericanSambaPlugin):
    @hookimpl
    def canasta_deal_rules(self, num_players: int, opts: Options) -> DealRules:  # type: ignore[override]
        return DealRules(hand_size=11)


class RaisingSetupHook(AmericanSambaPlugin):
    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        raise RuntimeError("deal exploded")


class RaisingEventHook(AmericanSambaPlugin):
    @hookimpl
    def canasta_pile_frozen(self, game: Game, side: int) -> bool:
        raise KeyError("frozen?")


class WrongTypeHook(AmericanSambaPlugin):
    @hookimpl
    def canasta_draw_count(self, num_players: int, options: Options) -> int:
        return "two"  # type: ignore[return-value]


class WrongTypeDeck(AmericanSambaPlugin):
    @hookimpl
    def canasta_deck(self, options: Options) -> tuple[Card, ...]:
        return ("7h", "7s")  # type: ignore[return-value]


class WrongScoreItems(AmericanSambaPlugin):
    @hookimpl
    def canasta_score_side(self, game: Game, side: int, went_out: int | None
                           ) -> tuple[ScoreItem, ...]:
        return ("lots of points",)  # type: ignore[return-value]


class NoSevens(AmericanSambaPlugin):
    @hookimpl
    def canasta_meld_violation(self, game: Game, side: int, meld: Meld,
                               added: tuple[Card, ...]) -> Violation | None:
        if meld.rank is not None and int(meld.rank) == 7:
            return Violation("X-7", "sevens may not be melded in this variant")
        return None


class SloppyMeldCheck(AmericanSambaPlugin):
    @hookimpl
    def canasta_meld_violation(self, game: Game, side: int, meld: Meld,
                               added: tuple[Card, ...]) -> Violation | None:
        return "sevens are not allowed"  # type: ignore[return-value]


class NoDeck:
    """A plugin that implements nothing: the core defaults give no deck."""


def test_misspelled_hook_fails_loudly() -> None:
    """A hookimpl whose name is no hook (``canasta_dek``) is a VariantError naming it."""
    with pytest.raises(VariantError, match="canasta_dek") as err:
        game_of(MisspelledHook())
    assert "test-variant" in str(err.value)


def test_wrong_hook_argument_name_fails_loudly() -> None:
    """A hookimpl with an argument its spec does not have is a VariantError naming the
    hook and the argument."""
    with pytest.raises(VariantError, match="canasta_deal_rules") as err:
        game_of(WrongArgumentName())
    assert "opts" in str(err.value)


def test_raising_setup_hook_is_a_variant_error() -> None:
    """A setup hook that raises is reported as a broken plugin, naming the hook."""
    with pytest.raises(VariantError, match="canasta_deal_rules") as err:
        game_of(RaisingSetupHook())
    assert "RuntimeError" in str(err.value) and "deal exploded" in str(err.value)
    assert isinstance(err.value.__cause__, RuntimeError)


def test_raising_event_hook_is_a_variant_error() -> None:
    """An event hook that raises (here while listing the draw phase) is a VariantError
    naming the hook, and the game is left unchanged."""
    game = game_of(RaisingEventHook())
    before = game.snapshot()
    with pytest.raises(VariantError, match="canasta_pile_frozen"):
        game.legal_actions()
    assert game.snapshot() == before


@pytest.mark.parametrize(("plugin", "hook"), [
    (WrongTypeHook(), "canasta_draw_count"),
    (WrongTypeDeck(), "canasta_deck"),
    (NoDeck(), "canasta_deck"),
])
def test_hook_returning_wrong_type_is_a_variant_error(plugin: object, hook: str) -> None:
    """A hook that answers with the wrong type (or not at all) is a VariantError naming
    the hook."""
    with pytest.raises(VariantError, match=hook):
        game_of(plugin)


def test_score_hook_returning_wrong_items_is_a_variant_error() -> None:
    """A scoring hook returning something other than ScoreItems fails when the hand is
    scored, naming the hook."""
    game = game_of(WrongScoreItems(), players=2, seed=3)
    with pytest.raises(VariantError, match="canasta_score_side"):
        play_game(game, [GreedyPlayer(), GreedyPlayer()])


SEVENS_SETUP = canasta_family.HandSetup(
    hands=("7c 7d 7h Kc Kd Ks 5h", "4c 4d 4h 8s 8d"), pile="6c 9d", stock="Qs Qh Jd Jc",
    dealer=1)


def test_meld_violation_hook_refuses_and_unlists() -> None:
    """A list hook ``canasta_meld_violation`` refuses melds with its own rule ID, and the
    listing leaves them out."""
    game = game_of(NoSevens(), players=2, start=SEVENS_SETUP)
    game.apply("draw")
    with pytest.raises(canasta_family.IllegalActionError) as err:
        game.verify("meld 7c 7d 7h")
    assert err.value.rule == "X-7"
    listed = {str(a) for a in game.legal_actions()}
    assert "meld Kc Kd Ks" in listed
    assert not any(t.startswith("meld") and "7" in t for t in listed)


def test_meld_violation_hook_returning_wrong_type_is_a_variant_error() -> None:
    """A ``canasta_meld_violation`` answer that is not a Violation (nor None) is a broken
    plugin: a VariantError naming the hook, not silently ignored."""
    game = game_of(SloppyMeldCheck(), players=2, start=SEVENS_SETUP)
    game.apply("draw")
    with pytest.raises(VariantError, match="canasta_meld_violation"):
        game.verify("meld Kc Kd Ks")


def test_plugin_without_variant_info_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry point whose target has no VariantInfo is a VariantError."""
    ep = FakeEntryPoint("infoless", NoDeck)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    with pytest.raises(VariantError, match="VariantInfo"):
        find_variant("infoless")


# --- a variant as a subclass plugin ------------------------------------------------------------


SHORT_INFO = VariantInfo(
    name="short-samba", aliases=("samba-11",), players=(2, 3, 4, 5, 6),
    description="American Samba dealt 11 cards.", rule_ids=dict(VARIANT.rule_ids))


class ShortSamba(AmericanSambaPlugin):
    """American Samba with 11-card hands: one overridden hook."""

    info = SHORT_INFO

    @hookimpl
    def canasta_deal_rules(self, num_players: int, options: Options) -> DealRules:
        return DealRules(hand_size=11, upcard_redraw=True)


def dealt_sizes(game: Game) -> list[int]:
    """Hand sizes right after a deal (red 3s placed at the first turn are replaced from
    the stock, AS-29, so sizes are the dealt ones)."""
    return [game.hand_size(seat) for seat in range(game.num_players)]


def test_subclass_plugin_deals_eleven_and_plays_to_the_end() -> None:
    """A subclass of AmericanSambaPlugin overriding canasta_deal_rules is a working
    variant: every hand is dealt 11 cards and a whole game finishes."""
    game = game_of(ShortSamba(), name="short-samba", players=4, seed=1)
    assert dealt_sizes(game) == [11, 11, 11, 11]
    assert game.stock_size == 162 - 44 - len(game.pile) - sum(
        len(game.side_red_threes(s)) for s in range(2))
    hands_seen = 0
    players = [GreedyPlayer() for _ in range(4)]
    while not game.is_over:
        if len(game.hand_results) != hands_seen:
            hands_seen = len(game.hand_results)
            assert dealt_sizes(game) == [11, 11, 11, 11]
        seat = game.current_player
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    assert game.result is not None and max(game.scores) >= 10_000
    assert hands_seen >= 2


class FakeEntryPoint:
    """What importlib.metadata gives for an entry point: name, value, load(), dist."""

    def __init__(self, name: str, target: object, dist: str = "fake-dist") -> None:
        self.name = name
        self.value = f"fake_module:{getattr(target, '__name__', 'obj')}"
        self._target = target
        self.dist = SimpleNamespace(name=dist)
        self.loads = 0

    def load(self) -> object:
        self.loads += 1
        return self._target


def test_third_party_entry_point_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed third-party variant is found by name, alias and case, listed by
    available_variants, and playable and replayable through new_game."""
    ep = FakeEntryPoint("short-samba", ShortSamba)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    for name in ("short-samba", "SHORT-SAMBA", "samba-11"):
        variant = find_variant(name)
        assert variant.name == "short-samba"
        assert variant.origin == "third-party (fake-dist)"
        assert isinstance(variant.plugin, ShortSamba)
    builtins = list(plugins.BUILTIN_VARIANTS)
    assert [v.name for v in available_variants()] == [*builtins, "short-samba"]
    assert find_variant("american-samba").origin == "built-in"
    game = canasta_family.new_game("samba-11", players=2, seed=4)
    assert game.variant.name == "short-samba"
    assert dealt_sizes(game) == [11, 11]
    play_game(game, [GreedyPlayer(), GreedyPlayer()], max_actions=80)
    assert canasta_family.replay(game.record().dumps()) == game
    with pytest.raises(UnknownVariantError) as err:
        find_variant("long-samba")
    assert err.value.known == sorted([*builtins, "short-samba"])


def test_third_party_claiming_builtin_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party plugin whose VariantInfo claims a built-in name is a VariantError."""

    class Impostor(AmericanSambaPlugin):
        info = VARIANT  # name "american-samba"

    ep = FakeEntryPoint("my-samba", Impostor, dist="impostor-dist")
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    with pytest.raises(VariantError, match="american-samba") as err:
        find_variant("my-samba")
    assert "impostor-dist" in str(err.value)
    assert [v.name for v in available_variants()] == list(plugins.BUILTIN_VARIANTS)
    (broken,) = broken_variants()
    assert broken.name == "my-samba" and "american-samba" in broken.error


@pytest.mark.parametrize(("name", "aliases"), [("thief", ("samba-1951",)),
                                              ("samba-1951", ())])
def test_third_party_claiming_builtin_alias_is_refused(
        monkeypatch: pytest.MonkeyPatch, name: str, aliases: tuple[str, ...]) -> None:
    """A third-party plugin claiming a built-in's alias (as an alias or as its name) is
    listed as broken, like a claim on the built-in's name; the built-in keeps its alias
    and the listing of the others is not disturbed."""

    class AliasThief(AmericanSambaPlugin):
        info = VariantInfo(name=name, aliases=aliases, players=(4,))

    ep = FakeEntryPoint("thief", AliasThief)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    assert find_variant("samba-1951").origin == "built-in"
    assert [v.name for v in available_variants()] == list(plugins.BUILTIN_VARIANTS)
    (broken,) = broken_variants()
    assert broken.name == "thief" and "samba-1951" in broken.error


def test_third_party_that_fails_to_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry point that cannot be imported is a VariantError naming it."""

    class Broken(FakeEntryPoint):
        def load(self) -> object:
            raise ImportError("no module named fake_module")

    ep = Broken("broken-samba", ShortSamba)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    with pytest.raises(VariantError, match="broken-samba") as err:
        find_variant("broken-samba")
    assert "no module named fake_module" in str(err.value)


def test_builtin_lookup_imports_no_third_party(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding a built-in variant by name or alias loads no third-party plugin."""
    ep = FakeEntryPoint("short-samba", ShortSamba)
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: [ep])
    find_variant("american-samba")
    find_variant("samba-1951")
    assert ep.loads == 0


class FailingEntryPoint(FakeEntryPoint):
    """An entry point whose module cannot be imported."""

    def load(self) -> object:
        self.loads += 1
        raise ImportError(f"no module named {self.name.replace('-', '_')}")


class Misspelled(AmericanSambaPlugin):
    """A plugin with a hook no spec has: it loads but does not register."""

    info = VariantInfo(name="typo-samba", players=(2, 4))

    @hookimpl
    def canasta_dek(self) -> None:
        """Misspelled on purpose."""


def test_broken_plugins_are_listed_and_the_others_stay_usable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Plugins that fail to load, have no VariantInfo or have a misspelled hook are listed
    by broken_variants() with their errors; every other variant is listed, found (by name
    or alias) and playable."""
    eps = [FailingEntryPoint("broken-samba", ShortSamba, dist="broken-dist"),
           FakeEntryPoint("infoless", NoDeck),
           FakeEntryPoint("typo-samba", Misspelled),
           FakeEntryPoint("short-samba", ShortSamba)]
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: eps)
    assert [v.name for v in available_variants()] == [*plugins.BUILTIN_VARIANTS,
                                                       "short-samba"]
    broken = {b.name: b for b in broken_variants()}
    assert sorted(broken) == ["broken-samba", "infoless", "typo-samba"]
    assert broken["broken-samba"].origin == "third-party (broken-dist)"
    assert "no module named broken_samba" in broken["broken-samba"].error
    assert "VariantInfo" in broken["infoless"].error
    assert "canasta_dek" in broken["typo-samba"].error
    assert find_variant("samba-11").name == "short-samba"
    canasta_family.new_game("samba-11", players=2, seed=1).apply("draw")
    with pytest.raises(VariantError, match="broken-samba"):
        find_variant("broken-samba")


def test_misspelled_name_is_unknown_not_another_plugins_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A name nothing has is reported as unknown, listing the known variants and the
    broken plugins, even though looking for it loads every plugin and one is broken."""
    eps = [FailingEntryPoint("broken-samba", ShortSamba),
           FakeEntryPoint("short-samba", ShortSamba)]
    monkeypatch.setattr(plugins, "_third_party_entry_points", lambda: eps)
    with pytest.raises(UnknownVariantError) as err:
        find_variant("shrot-samba")
    assert err.value.known == sorted([*plugins.BUILTIN_VARIANTS, "short-samba"])
    assert err.value.broken == ["broken-samba"]
    assert "shrot-samba" in str(err.value) and "broken-samba" in str(err.value)


@pytest.mark.parametrize("name", [None, 3, b"samba", ["samba"]])
def test_variant_name_that_is_not_text_is_refused(name: object) -> None:
    """new_game and find_variant with a name that is not text raise UnknownVariantError
    saying a name must be text, not AttributeError."""
    with pytest.raises(UnknownVariantError, match="must be text") as err:
        canasta_family.new_game(name)  # type: ignore[arg-type]
    assert "american-samba" in err.value.known
