"""Hostile input to the registry, variant specs and the conformance kit: every
bad registration is a PluginError, every bad argument a SetupError, raised
before anything is checked or played."""

from __future__ import annotations

from typing import Any

import pytest

import trapper_core as tc
from trapper_core import hookimpl
from trapper_core.conformance import check_sense, check_variant
from trapper_core.invariants import check_action, check_invariants, check_view

from .helpers import install_plugins


def _registering(*specs: object) -> object:
    class Plugin:
        @hookimpl
        def trapper_variants(self) -> list[object]:
            return list(specs)

    return Plugin()


def _invariant_answer(answer: object) -> object:
    class Plugin:
        @hookimpl
        def trapper_invariants(self) -> object:
            return answer

    return Plugin()


# --- check_variant meets bad arguments before playing -----------------------


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"bots": ["nosuch"]}, "no bot is called 'nosuch'"),
        ({"bots": []}, "no bot"),
        ({"bots": "random"}, "bots is a list"),
        ({"bots": [5]}, "no bot is called 5"),
        ({"seed": -1}, "seed"),
        ({"seed": None}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"seed": 2**64}, "2**64"),
        ({"seed": 10**5000}, "bits"),
        ({"players": [1]}, "played by 2 to 4 players, not 1"),
        ({"players": [5]}, "not 5"),
        ({"players": 5}, "players is a list"),
        ({"players": []}, "no player count"),
        ({"players": ["2"]}, "not '2'"),
        ({"max_actions": None}, "max_actions"),
        ({"max_actions": 0}, "max_actions"),
        ({"samples": "x"}, "samples"),
        ({"samples": -1}, "samples"),
        ({"games": -1}, "games"),
        ({"games": 0}, "games"),
        ({"games": "2"}, "games"),
        ({"games": True}, "games"),
    ],
)
def test_check_variant_rejects_bad_arguments_with_setup_error(
    options: dict[str, Any], says: str
) -> None:
    with pytest.raises(tc.SetupError) as caught:
        check_variant("base", **{"games": 1, **options})
    assert says in str(caught.value)
    assert len(str(caught.value)) < 200


def test_check_variant_takes_numpy_integers_as_new_game_and_simulate_do() -> None:
    """Its counts were refused unless Python's own ``int``, where every
    other entry point takes any whole number (``__index__``)."""
    np = pytest.importorskip("numpy")
    report = check_variant(
        "children",
        games=np.int64(1),
        players=[np.int8(2)],
        seed=np.uint16(7),
        max_actions=np.int32(10_000),
        samples=np.int64(0),
    )
    assert report.ok
    assert type(report.games) is int
    with pytest.raises(tc.SetupError, match=r"not np\.float64"):
        check_variant("children", games=1, samples=np.float64(1))


def test_check_variant_rejects_a_registry_that_is_no_registry() -> None:
    with pytest.raises(tc.SetupError, match="Registry"):
        check_variant("base", games=1, registry="x")  # type: ignore[arg-type]


def test_check_variant_names_an_unknown_variant() -> None:
    with pytest.raises(tc.UnknownVariantError):
        check_variant("nosuch", games=1)


@pytest.mark.parametrize("check", [check_sense, check_invariants, check_action])
@pytest.mark.parametrize("bad", [None, "x", 5])
def test_position_checks_ask_for_a_game(check: Any, bad: object) -> None:
    with pytest.raises(tc.SetupError, match="takes a Game"):
        check(bad)


def test_position_checks_ask_for_a_game_not_a_view() -> None:
    game = tc.new_game("base", 2, seed=1)
    for check in (check_sense, check_invariants, check_action):
        with pytest.raises(tc.SetupError, match="takes a Game"):
            check(game.view(0))  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="PlayerView"):
        check_view(game, None)  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="takes a Game"):
        check_view(None, game.view(0))  # type: ignore[arg-type]


def test_a_check_that_is_no_function_is_a_plugin_error_at_registration() -> None:
    with pytest.raises(tc.PluginError, match="'x' is a function or None, not 5"):
        tc.VariantSpec("inv", extends="base", invariants={"x": 5})  # type: ignore[arg-type]


def test_a_hook_answering_bad_invariants_is_a_plugin_error_when_rules_resolve() -> None:
    for answer, says in [
        ({"x": 5}, "'x' is a function or None, not 5"),
        ({5: None}, "name is text"),
        (5, "not a mapping"),
    ]:
        spec = tc.VariantSpec("inv", (_invariant_answer(answer),), extends="base")
        registry = tc.Registry([_registering(spec)])
        with pytest.raises(tc.PluginError, match=says):
            tc.new_game("inv", 2, seed=1, registry=registry)


# --- VariantSpec checks its fields when made -------------------------------


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"name": None}, "name"),
        ({"name": 5}, "name"),
        ({"name": ""}, "name"),
        ({"name": "\x00"}, "name"),
        ({"plugins": None}, "plugins"),
        ({"plugins": 5}, "plugins"),
        ({"plugins": "abc"}, "plugins"),
        ({"plugins": [None]}, "plugins"),
        ({"extends": 5}, "extends"),
        ({"aliases": [5]}, "aliases"),
        ({"aliases": "abc"}, "aliases"),
        ({"title": 5}, "title"),
        ({"description": None}, "description"),
        ({"min_players": 0}, "min_players"),
        ({"min_players": True}, "min_players"),
        ({"max_players": "4"}, "max_players"),
        ({"min_players": 5, "max_players": 2}, "min_players 5 is more than max_players 2"),
        ({"kinds": 5}, "kinds"),
        ({"kinds": [5]}, "kinds"),
        ({"invariants": 5}, "invariants"),
        ({"invariants": [("a",)]}, "invariants"),
        ({"invariants": {5: None}}, "name is text"),
    ],
)
def test_variant_spec_rejects_bad_fields_with_plugin_error(
    fields: dict[str, Any], says: str
) -> None:
    with pytest.raises(tc.PluginError) as caught:
        tc.VariantSpec(**{"name": "q", "extends": "base", **fields})
    assert says in str(caught.value)
    assert len(str(caught.value)) < 200


def test_variant_spec_names_the_variant_of_a_bad_field() -> None:
    with pytest.raises(tc.PluginError, match="variant 'q': kinds"):
        tc.VariantSpec("q", kinds=5)  # type: ignore[arg-type]


def test_variant_spec_still_takes_lists_and_pairs() -> None:
    spec = tc.VariantSpec(
        "q",
        [],
        extends="base",
        aliases=["qq"],
        invariants=[["none", None]],  # type: ignore[list-item]
        min_players=1,
    )
    assert spec.plugins == ()
    assert spec.aliases == ("qq",)
    assert spec.invariants == (("none", None),)
    registry = tc.Registry([_registering(spec)])
    assert tc.new_game("QQ", 1, seed=1, registry=registry).players == ("A",)


def test_a_variant_for_one_player_or_more_checks_the_count() -> None:
    spec = tc.VariantSpec("solo", extends="base", min_players=1, max_players=2)
    registry = tc.Registry([_registering(spec)])
    with pytest.raises(tc.SetupError, match="1 to 2 players, not 0"):
        tc.new_game("solo", 0, registry=registry)


# --- Registry ---------------------------------------------------------------


def test_trapper_variants_answering_no_list_is_a_plugin_error_naming_the_plugin() -> None:
    class Five:
        @hookimpl
        def trapper_variants(self) -> object:
            return 5

    with pytest.raises(tc.PluginError, match="Five: trapper_variants returned 5"):
        tc.Registry([Five()])
    with pytest.raises(tc.PluginError, match="VariantSpec objects, not 'x'"):
        tc.Registry([_registering("x")])


@pytest.mark.parametrize("plugins", [None, 5, "abc", [5], [None], [[1, 2]], [object()]])
def test_registry_rejects_bad_plugins_argument_with_setup_error(plugins: object) -> None:
    with pytest.raises(tc.SetupError, match="plugins"):
        tc.Registry(plugins)  # type: ignore[arg-type]


def test_registry_rejects_entry_points_that_are_no_bool() -> None:
    with pytest.raises(tc.SetupError, match="entry_points"):
        tc.Registry(entry_points="no")  # type: ignore[arg-type]


def test_available_variants_rejects_a_registry_that_is_no_registry() -> None:
    with pytest.raises(tc.SetupError, match="Registry"):
        tc.available_variants("x")  # type: ignore[arg-type]
    assert "base" in tc.available_variants(tc.Registry())


def test_an_installed_plugin_that_fails_to_load_is_left_out_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A package whose entry point raised on import (or whose
    trapper_variants did) made every Registry fail, and with it every
    command: the other variants are now playable, the broken one is named
    in a PluginWarning, in Registry.failed and in the error for its variant."""
    install_plugins(monkeypatch, riverboat="trapper_no_such_module_here")
    with pytest.warns(tc.PluginWarning, match="the installed plugin 'riverboat' is left out: "):
        registry = tc.Registry()
    assert {"base", "children", "tactical"} <= set(registry.names())
    assert "ModuleNotFoundError" in registry.failed["riverboat"]
    tc.new_game("tactical", 2, seed=1, registry=registry)
    with pytest.raises(tc.UnknownVariantError, match=r"left out: riverboat \(trapper_no_such"):
        registry.rules("riverboat")


def test_an_installed_plugin_whose_variants_hook_raises_is_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    module = types.ModuleType("trapper_raising_variants")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        raise RuntimeError("boom")

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    install_plugins(monkeypatch, raising=module)
    with pytest.warns(tc.PluginWarning, match="its trapper_variants raised RuntimeError: boom"):
        registry = tc.Registry()
    assert "base" in registry.names()
    # Given to the registry by the caller, the same plugin's error is the caller's.
    with pytest.raises(RuntimeError, match="boom"):
        tc.Registry([module], entry_points=False)


def test_an_installed_plugin_refused_by_the_checks_is_left_out_and_lazy_names_are_fine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An installed module with an unmarked hook made every Registry fail
    (a PluginError); it is left out with a warning like any broken package.
    A module whose other ``trapper_…`` names are its own, or come from a
    lazy ``__getattr__`` (PEP 562) that raises for unknown names, is taken."""
    import types

    unmarked = types.ModuleType("trapper_unmarked_hook")
    unmarked.trapper_hand_size = lambda players: 9  # type: ignore[attr-defined]
    lazy = types.ModuleType("trapper_lazy_names")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return []

    def lazy_getattr(name: str) -> object:
        if name == "trapper_version":
            return "1"
        raise AttributeError(name)

    lazy.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    lazy.trapper_helper_colour = lambda: "B"  # type: ignore[attr-defined]
    lazy.__getattr__ = lazy_getattr  # type: ignore[method-assign]
    install_plugins(monkeypatch, unmarked=unmarked, lazy=lazy)
    with pytest.warns(tc.PluginWarning, match="'unmarked' is left out: .*has a hook's name"):
        registry = tc.Registry()
    assert set(registry.failed) == {"unmarked"}
    assert "base" in registry.names()


# --- Hooks marked wrongly: named clearly, and an installed one left out ------


class _Misspelled:
    @hookimpl
    def trapper_hand_sise(self, players: int) -> int:
        return 3


class _WrongArgument:
    @hookimpl
    def trapper_hand_size(self, n: int) -> int:
        return 3


class _NoGenerator:
    @hookimpl(wrapper=True)
    def trapper_hand_size(self, players: int) -> int:
        return 3


@pytest.mark.parametrize(
    ("plugin", "says"),
    [
        (
            _Misspelled(),
            "plugin tests.test_registry_refusals._Misspelled: unknown hook "
            "'trapper_hand_sise' (did you mean 'trapper_hand_size'?)",
        ),
        (
            _WrongArgument(),
            "plugin tests.test_registry_refusals._WrongArgument: its trapper_hand_size "
            "declares 'n', which the hook does not pass: trapper_hand_size takes 'players'",
        ),
        (
            _NoGenerator(),
            "plugin tests.test_registry_refusals._NoGenerator: its trapper_hand_size is "
            "marked as a wrapper but is no generator function",
        ),
    ],
)
def test_a_wrongly_marked_hook_is_named_without_pluggy_internals(
    plugin: object, says: str
) -> None:
    """pluggy said ``unknown hook 'trapper_hand_sise' in plugin <… object at
    0x7f…>`` or ``Plugin '140479096090640' for hook …``: the error now names
    the variant, the plugin by module and class, and what to change."""
    registry = tc.Registry([_registering(tc.VariantSpec("b", (plugin,), extends="base"))])
    with pytest.raises(tc.PluginError) as caught:
        registry.rules("b")
    message = str(caught.value)
    assert message.startswith(f"variant 'b', {says}")
    assert "0x" not in message
    assert "Plugin '" not in message
    # Given to the registry itself, the same plugin is refused likewise.
    with pytest.raises(tc.PluginError) as caught:
        tc.Registry([plugin], entry_points=False)
    assert str(caught.value).startswith(says)


def test_an_installed_plugin_with_a_misspelled_marked_hook_is_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pm.check_pending() raised for the whole registry: one package's
    misspelled @hookimpl made every variant, 'base' too, unusable."""
    import types

    module = types.ModuleType("trapper_misspelled_hook")

    @tc.hookimpl
    def trapper_variants_more() -> list[tc.VariantSpec]:
        return []

    module.trapper_variants_more = trapper_variants_more  # type: ignore[attr-defined]
    install_plugins(monkeypatch, misspelled=module)
    with pytest.warns(
        tc.PluginWarning,
        match=r"'misspelled' is left out: trapper_misspelled_hook: unknown hook "
        r"'trapper_variants_more' \(did you mean 'trapper_variants'\?\)",
    ):
        registry = tc.Registry()
    assert set(registry.failed) == {"misspelled"}
    assert not registry.plugin_manager.is_registered(module)
    tc.new_game("base", 2, seed=1, registry=registry)
    with pytest.raises(tc.PluginError, match="unknown hook 'trapper_variants_more'"):
        tc.Registry([module], entry_points=False)


def _variants_module(name: str, answer: object) -> Any:
    import types

    module = types.ModuleType(name)

    @tc.hookimpl
    def trapper_variants() -> object:
        return answer

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    return module


def test_an_installed_plugin_answering_one_variant_spec_not_a_list_is_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bare VariantSpec from trapper_variants was a PluginError for the
    whole registry: every variant was unusable."""
    module = _variants_module("trapper_bare_spec", tc.VariantSpec("bare", extends="base"))
    install_plugins(monkeypatch, bare=module)
    with pytest.warns(
        tc.PluginWarning,
        match=r"'bare' is left out: .*returned one VariantSpec \('bare'\), not a list",
    ):
        registry = tc.Registry()
    assert set(registry.failed) == {"bare"}
    assert "bare" not in registry.names()
    tc.new_game("base", 2, seed=1, registry=registry)
    with pytest.raises(tc.UnknownVariantError, match=r"left out: bare \("):
        registry.rules("bare")
    with pytest.raises(tc.PluginError, match="returned one VariantSpec"):
        tc.Registry([module], entry_points=False)


def test_an_installed_variant_clashing_with_another_is_left_out_naming_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``two variants are called 'children'`` made every variant unusable
    and named neither plugin. The installed newcomer is left out, all its
    variants with it; the built-in variant keeps working."""
    clash = _variants_module(
        "trapper_clashing",
        [tc.VariantSpec("riverside", extends="base"), tc.VariantSpec("children", extends="base")],
    )
    install_plugins(monkeypatch, clashing=clash)
    with pytest.warns(tc.PluginWarning) as caught:
        registry = tc.Registry()
    (warning,) = caught
    assert str(warning.message) == (
        "the installed plugin 'clashing' is left out: two variants are called "
        "'children': 'children' of the installed plugin 'children' (trapper_children) "
        "and 'children' of the installed plugin 'clashing' (trapper_clashing)"
    )
    assert set(registry.failed) == {"clashing"}
    assert "riverside" not in registry.names()
    assert registry.spec("children").title == "Trapper for younger children"
    tc.new_game("children", 2, seed=1, registry=registry)


def test_two_installed_third_party_variants_of_one_name_leave_the_later_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _variants_module("trapper_first", [tc.VariantSpec("river", extends="base")])
    second = _variants_module(
        "trapper_second", [tc.VariantSpec("lake", aliases=("River",), extends="base")]
    )
    install_plugins(monkeypatch, first=first, second=second)
    with pytest.warns(
        tc.PluginWarning,
        match=r"'second' is left out: two variants are called 'River': 'river' of the "
        r"installed plugin 'first' \(trapper_first\) and 'lake' of the installed plugin "
        r"'second' \(trapper_second\)",
    ):
        registry = tc.Registry()
    assert "river" in registry.names()
    assert "lake" not in registry.names()


def test_a_given_plugin_clashing_with_an_installed_variant_is_a_plugin_error() -> None:
    with pytest.raises(
        tc.PluginError,
        match=r"two variants are called 'kids': 'children' of the installed plugin "
        r"'children' \(trapper_children\) and 'kids' of plugin tests\.",
    ):
        tc.Registry([_registering(tc.VariantSpec("kids", extends="base"))])


def test_a_clashing_installed_variant_is_left_out_even_when_found_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.metadata

    clash = _variants_module("trapper_clashing", [tc.VariantSpec("children", extends="base")])
    install_plugins(monkeypatch, clashing=clash)
    found = list(importlib.metadata.entry_points(group=tc.ENTRY_POINT_GROUP))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found[::-1])
    with pytest.warns(tc.PluginWarning, match="'clashing' is left out: two variants"):
        registry = tc.Registry()
    assert set(registry.failed) == {"clashing"}
    assert registry.spec("children").title == "Trapper for younger children"


def test_a_variant_spec_given_to_registry_as_a_plugin_is_a_plugin_error() -> None:
    """It was taken as a plugin with no hooks, and the variant was then
    unknown."""
    with pytest.raises(
        tc.PluginError,
        match=r"Registry takes plugin objects answering trapper_variants, not a "
        r"VariantSpec \('quiet'\)",
    ):
        tc.Registry([tc.VariantSpec("quiet", extends="base")])


def test_an_unmarked_function_named_nearly_like_a_hook_is_a_plugin_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``def trapper_hand_sise(self, players)`` without @hookimpl was
    silently the plugin's own, and the variant played with the hand size it
    extends. It still is (other trapper_… names are the plugin's own), but
    with a warning; a name far from every hook's is taken without one."""
    import types
    import warnings

    class NearMiss:
        def trapper_hand_sise(self, players: int) -> int:
            return 3

        def trapper_helper_colour(self) -> str:
            return "B"

    says = (
        f"plugin tests.test_registry_refusals.{NearMiss.__qualname__}: trapper_hand_sise "
        "is not marked @hookimpl and no hook has its name, so it is taken as the "
        "plugin's own; did you mean 'trapper_hand_size'?"
    )
    registry = tc.Registry([_registering(tc.VariantSpec("b", (NearMiss(),), extends="base"))])
    with pytest.warns(tc.PluginWarning) as caught:
        rules = registry.rules("b")
    assert [str(w.message) for w in caught] == [says]
    assert rules.hand_size(2) == registry.rules("base").hand_size(2)
    module = types.ModuleType("trapper_near_miss")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [tc.VariantSpec("near", extends="base")]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    module.trapper_deks = lambda: ()  # type: ignore[attr-defined]
    install_plugins(monkeypatch, near=module)
    with pytest.warns(tc.PluginWarning, match="trapper_deks .*did you mean 'trapper_deck'"):
        registry = tc.Registry()
    assert "near" in registry.names()
    assert registry.failed == {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tc.Registry([_registering()], entry_points=False)


def test_two_installed_plugins_of_one_name_keep_the_first_and_warn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two packages whose entry points share a name: the second was skipped
    without a word, its variants missing with no reason given."""
    import importlib.metadata
    import sys

    from trapper_core.plugins import ENTRY_POINT_GROUP

    first = _variants_module("trapper_river_one", [tc.VariantSpec("river-one", extends="base")])
    second = _variants_module("trapper_river_two", [tc.VariantSpec("river-two", extends="base")])
    installed = list(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
    extra = []
    for module in (first, first, second):  # the same one twice is one plugin, silently
        monkeypatch.setitem(sys.modules, module.__name__, module)
        extra.append(
            importlib.metadata.EntryPoint(
                name="river", value=module.__name__, group=ENTRY_POINT_GROUP
            )
        )
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [*installed, *extra])
    with pytest.warns(tc.PluginWarning) as warned:
        registry = tc.Registry()
    assert [str(w.message) for w in warned] == [
        "two installed plugins are called 'river': trapper_river_one and "
        "trapper_river_two; trapper_river_two is left out"
    ]
    assert "river-one" in registry.names()
    assert "river-two" not in registry.names()
    assert not registry.failed


def test_a_plugin_whose_hooks_are_named_by_specname_is_taken() -> None:
    """A hook may be any method marked ``@hookimpl(specname=…)``: the check
    that a plugin has a hook (a list given by mistake has none) refused it."""

    class Quiet:
        @hookimpl(specname="trapper_variants")
        def variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("quiet", extends="base")]

    game = tc.new_game("quiet", 2, seed=1, registry=tc.Registry([Quiet()]))
    assert game.variant == "quiet"


def test_an_unknown_variant_of_the_installed_ones_says_how_a_registry_in_code_is_found() -> None:
    """A variant given to a Registry in code, asked for without it (a bot,
    from_dict, view.sample, new_game): the error says to pass registry=.
    A Registry of one's own says nothing of the kind: it was passed."""
    quiet = tc.Registry([_registering(tc.VariantSpec("quiet", (), extends="base"))])
    tc.new_game("quiet", 2, seed=1, registry=quiet)
    with pytest.raises(tc.UnknownVariantError, match=r"installed: .*passing registry=") as info:
        tc.new_game("quiet", 2, seed=1)
    assert "'quiet'" in str(info.value)
    with pytest.raises(tc.UnknownVariantError) as info:
        tc.new_game("loud", 2, seed=1, registry=quiet)
    assert "registry=" not in str(info.value)


def test_one_plugin_s_two_variants_named_alike_but_for_case_are_refused() -> None:
    class Nothing:
        pass

    class Twice:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [
                tc.VariantSpec("quiet", plugins=(Nothing(),), extends="base"),
                tc.VariantSpec("Quiet", plugins=(Nothing(),), extends="base"),
            ]

    with pytest.raises(tc.PluginError, match="two variants are called 'Quiet'"):
        tc.Registry([Twice()])
