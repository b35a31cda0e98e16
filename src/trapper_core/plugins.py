"""Variants and their plugins: the registry and the resolved rules.

One function of this module builds each plugin manager, after datasette and
tox: add the specifications, load the ``trapper_core.plugins`` entry points,
register the extra plugins given, ``check_pending()``. The built-in variants
are found through the entry points like any third-party variant.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import inspect
import threading
import types
import typing
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from .board import Board
from .errors import (
    PluginError,
    PluginWarning,
    SetupError,
    UnknownVariantError,
    as_tuple,
    counted,
    shown,
)
from .hookspecs import PROJECT, RegistrySpec, RulesSpec, hookimpl
from .interning import SIZE
from .kinds import ActionKind, Withdraw, listing, resolve_kinds
from .model import Colour
from .state import TokenSupply, supply_problem
from .tiles import TileSet

if TYPE_CHECKING:
    from .actions import Action
    from .bots import GreedyBot
    from .display import Display, Row
    from .model import Colour, Direction, Tile
    from .sampling import Sampler
    from .setups import Setup
    from .state import GameState, Valuation
    from .view import PlayerView

__all__ = [
    "ENTRY_POINT_GROUP",
    "MAX_PLAYERS",
    "Registry",
    "Rules",
    "VariantSpec",
    "available_variants",
    "default_registry",
]

ENTRY_POINT_GROUP = "trapper_core.plugins"
"""The entry-point group through which variant plugins register."""

MAX_PLAYERS = 26
"""The most players a variant may seat (`VariantSpec.max_players`): the
notation writes a seat as a letter, ``A`` to ``Z``."""


def _listed(value: Iterable[Any]) -> tuple[Any, ...]:
    """``value`` as a tuple when it is a list of some kind; anything else (a
    text, a number, ``None``) as given, for the spec's check to name."""
    if type(value) is tuple:
        return value
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return value  # type: ignore[return-value]
    return tuple(value)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return _listed(value)


def _plugins(value: Iterable[object]) -> tuple[object, ...]:
    return _listed(value)


def _kinds(
    value: Iterable[ActionKind[Any] | Withdraw],
) -> tuple[ActionKind[Any] | Withdraw, ...]:
    return _listed(value)


def _checks(
    value: Mapping[str, Callable[[GameState], Iterable[str]] | None]
    | Iterable[tuple[str, Callable[[GameState], Iterable[str]] | None]],
) -> tuple[tuple[str, Callable[[GameState], Iterable[str]] | None], ...]:
    if isinstance(value, Mapping):
        return tuple(value.items())
    items = _listed(value)
    if not isinstance(items, tuple):
        return items
    return tuple(tuple(item) if isinstance(item, list) else item for item in items)


def _is_name(value: object) -> bool:
    """Whether ``value`` can name a variant: a line of printable text."""
    return isinstance(value, str) and bool(value.strip()) and value.isprintable()


# What cannot be a plugin (a module, class or object with hook implementations).
_NO_PLUGIN = (str, bytes, int, float, complex, type(None))


def _has_hooks(plugin: object) -> bool:
    """Whether ``plugin`` has a hook: a function marked ``@hookimpl`` (under
    any name, with ``specname=``) or a callable named like one
    (``trapper_…``). One without any would be registered and never asked
    (a list given by mistake, say)."""
    try:
        names = dir(plugin)
    except Exception:  # an object whose __dir__ fails has no hooks to find
        return False
    marker = PROJECT + "_impl"
    for name in names:
        try:
            found = getattr(plugin, name)
        except Exception:  # an attribute that cannot be read is no hook
            continue
        if callable(found) and (
            name.startswith("trapper_") or getattr(found, marker, None) is not None
        ):
            return True
    return False


def _check_spec(spec: VariantSpec) -> None:
    """Raises `PluginError` naming the field of ``spec`` that cannot be used;
    run once, when the spec is made."""
    if not _is_name(spec.name):
        raise PluginError(f"a variant's name is a line of printable text, not {shown(spec.name)}")

    def bad(field: str, expected: str, value: object) -> PluginError:
        return PluginError(
            f"variant {shown(spec.name)}: {field} is {expected}, not {shown(value)}"
        )

    if not isinstance(spec.plugins, tuple):
        raise bad("plugins", "a list of plugins", spec.plugins)
    for plugin in spec.plugins:
        if isinstance(plugin, _NO_PLUGIN):
            raise bad("plugins", "a list of modules, classes or objects with hooks", plugin)
    if spec.extends is not None and not _is_name(spec.extends):
        raise bad("extends", "None or a variant's name", spec.extends)
    for field in ("title", "description"):
        if not isinstance(getattr(spec, field), str):
            raise bad(field, "text", getattr(spec, field))
    if not isinstance(spec.aliases, tuple):
        raise bad("aliases", "a list of names", spec.aliases)
    for alias in spec.aliases:
        if not _is_name(alias):
            raise bad("aliases", "a list of lines of printable text", alias)
    for field in ("min_players", "max_players"):
        count = getattr(spec, field)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PLAYERS:
            raise bad(
                field,
                f"a whole number from 1 to {MAX_PLAYERS} (a record writes a seat as a letter)",
                count,
            )
    if spec.min_players > spec.max_players:
        raise PluginError(
            f"variant {shown(spec.name)}: min_players {spec.min_players} is more than "
            f"max_players {shown(spec.max_players)}"
        )
    if not isinstance(spec.kinds, tuple):
        raise bad("kinds", "a list of ActionKind and Withdraw objects", spec.kinds)
    for kind in spec.kinds:
        if not isinstance(kind, ActionKind | Withdraw):
            raise bad("kinds", "a list of ActionKind and Withdraw objects", kind)
    if not isinstance(spec.invariants, tuple):
        raise bad("invariants", "a mapping of names to checks", spec.invariants)
    for item in spec.invariants:
        if not isinstance(item, tuple) or len(item) != 2:
            raise bad("invariants", "a mapping of names to checks (or (name, check) pairs)", item)
        _check_check(f"variant {shown(spec.name)}: invariants", item[0], item[1])


def _check_check(where: str, name: object, check: object) -> None:
    """Raises `PluginError` unless ``name`` and ``check`` make a named check."""
    if not isinstance(name, str):
        raise PluginError(f"{where}: a check's name is text, not {shown(name)}")
    if check is not None and not callable(check):
        raise PluginError(
            f"{where}: the check {shown(name)} is a function or None, not {shown(check)}"
        )


@attrs.frozen
class VariantSpec:
    """A variant as a plugin registers it (``trapper_variants``).

    ``plugins`` are objects (modules, instances) carrying rule hook
    implementations, registered in order: the last answers first. A plugin
    is stacked once: one given twice, here or in a variant this one
    extends, is a [`PluginError`][trapper_core.PluginError]. When
    ``extends`` names another variant, its plugins come first and these are
    stacked on top, so they answer first.

    ``kinds`` and ``invariants`` are a shorter way to give what
    ``trapper_action_kinds`` and ``trapper_invariants`` would return: they
    stand on top of this variant's plugins.

    A variant is played by ``min_players`` to ``max_players`` players (at
    least 1, at most [`MAX_PLAYERS`][trapper_core.MAX_PLAYERS]). A field that cannot be used raises
    [`PluginError`][trapper_core.PluginError] when the spec is made.
    """

    name: str
    plugins: tuple[object, ...] = attrs.field(default=(), converter=_plugins)
    extends: str | None = None
    title: str = ""
    description: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_names)
    min_players: int = 2
    max_players: int = 4
    kinds: tuple[ActionKind[Any] | Withdraw, ...] = attrs.field(default=(), converter=_kinds)
    invariants: tuple[tuple[str, Callable[[GameState], Iterable[str]] | None], ...] = attrs.field(
        default=(), converter=_checks
    )

    def __attrs_post_init__(self) -> None:
        _check_spec(self)


class _SpecData:
    """The kinds and checks a [`VariantSpec`][trapper_core.VariantSpec] gives
    directly, as a plugin."""

    def __init__(self, spec: VariantSpec) -> None:
        self.spec = spec

    @hookimpl
    def trapper_action_kinds(self) -> tuple[ActionKind[Any] | Withdraw, ...]:
        return self.spec.kinds

    @hookimpl
    def trapper_invariants(self) -> dict[str, Callable[[GameState], Iterable[str]] | None]:
        return dict(self.spec.invariants)


# Hooks whose every answer is collected; the rest are firstresult.
_COLLECTING = ("trapper_action_kinds", "trapper_invariants")
#: The hooks a variant may leave out: asked of it, they answer ``None``.
_OPTIONAL = ("trapper_position_worth",)


def _no_answer(*args: object) -> None:
    """An optional hook that no plugin implements."""


class Rules:
    """A variant's rule hooks, resolved once into plain callables.

    Each firstresult hook is an attribute named after it without the
    ``trapper_`` prefix, called with the hook's arguments in order. The
    collecting hooks are resolved into `kinds` (the action kinds, in
    listing order) and `invariants` (the named position checks).
    ``plugin_manager`` is the variant's own pluggy manager, for
    introspection.
    """

    variant: str
    spec: VariantSpec
    plugin_manager: pluggy.PluginManager
    kinds: tuple[ActionKind[Any], ...]
    kind_types: dict[type, ActionKind[Any]]
    """The kind that plays each action class."""
    legal_actions: Callable[[GameState], list[Action]]
    """Returns every legal action in a state, kind by kind."""
    invariants: tuple[tuple[str, Callable[[GameState], Iterable[str]]], ...]
    board: Callable[[], Board]
    tile_set: Callable[[], TileSet]
    deck: Callable[[], tuple[Colour, ...]]
    hand_size: Callable[[int], int]
    token_supply: Callable[[], TokenSupply]
    start: Callable[[GameState, Setup], bool]
    new_turn: Callable[[GameState], object]
    next_player: Callable[[GameState, int], int]
    can_enter: Callable[[Tile, Direction], bool]
    step_targets: Callable[[GameState, Colour], tuple[int, ...]]
    placement_choices: Callable[[Display, Tile], tuple[object, ...]]
    place: Callable[[Display, Tile, object], tuple[Display, Row | None]]
    canoe_payout: Callable[[Row], int]
    canoe_token: Callable[[int, tuple[int, ...]], int]
    species_token: Callable[[int, tuple[int, ...]], int]
    is_over: Callable[[GameState], bool]
    final_valuation: Callable[[GameState], tuple[Valuation, ...]]
    winners: Callable[[GameState, tuple[int, ...]], tuple[int, ...]]
    action_worth: Callable[[PlayerView, Action, GreedyBot], float | None]
    position_worth: Callable[[PlayerView, GreedyBot], float | None]
    sampler: Callable[[PlayerView, Rules], Sampler]

    def __init__(self, spec: VariantSpec, plugins: list[object]) -> None:
        self.variant = spec.name
        self.spec = spec
        pm = pluggy.PluginManager(PROJECT)
        pm.add_hookspecs(RulesSpec)
        # The module registering a variant may name itself among its plugins:
        # its trapper_variants is known here too, and never called.
        pm.add_hookspecs(RegistrySpec)
        for plugin in plugins:
            if pm.is_registered(plugin):
                raise PluginError(
                    f"variant {spec.name!r}, plugin {_plugin_name(plugin)}: given twice "
                    "among the plugins of the variant and of those it extends; "
                    "a plugin is stacked once"
                )
            try:
                _check_plugin(plugin, pm)
                pm.register(plugin, name=_free_name(pm, plugin))
            except (ValueError, pluggy.PluginValidationError) as exc:
                raise PluginError(
                    f"variant {spec.name!r}, plugin {_plugin_name(plugin)}: {exc}"
                ) from exc
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"variant {spec.name!r}: {exc}") from exc
        self.plugin_manager = pm
        missing = []
        for hook_name in hook_names(RulesSpec):
            if hook_name in _COLLECTING:
                continue
            caller = getattr(pm.hook, hook_name)
            if not caller.get_hookimpls():
                if hook_name in _OPTIONAL:
                    setattr(self, hook_name.removeprefix("trapper_"), _no_answer)
                else:
                    missing.append(hook_name)
                continue
            resolved = _resolve(caller)
            wanted = _FIXED.get(hook_name)
            if wanted is not None:
                resolved = _checked(spec.name, hook_name, resolved, *wanted)
            setattr(self, hook_name.removeprefix("trapper_"), resolved)
        if missing:
            raise PluginError(
                f"variant {spec.name!r} implements no {', '.join(missing)}; "
                "a variant that extends 'base' inherits them"
            )
        try:
            self.kinds = tuple(resolve_kinds(pm.hook.trapper_action_kinds()))
        except TypeError as exc:
            raise PluginError(f"variant {spec.name!r}: {exc}") from exc
        if not self.kinds:
            raise PluginError(f"variant {spec.name!r} has no kind of action")
        self.kind_types = {}
        self._read: dict[str, Action] = {}
        for kind in self.kinds:
            if kind.action_type in self.kind_types:
                raise PluginError(
                    f"variant {spec.name!r}: kinds {self.kind_types[kind.action_type].name!r} "
                    f"and {kind.name!r} both play {kind.action_type.__name__}"
                )
            self.kind_types[kind.action_type] = kind
        self.legal_actions = listing(self.kinds)
        self.invariants = _resolve_checks(spec.name, pm.hook.trapper_invariants())

    def kind_of(self, action: object) -> ActionKind[Any] | None:
        """Returns the kind that plays ``action``, or ``None`` if no kind does."""
        return self.kind_types.get(type(action))

    def parse_action(self, state: GameState, text: str) -> Action | None:
        """Returns the action written as ``text``: the first kind that reads
        it wins; ``None`` when no kind does. A text that every kind asked
        reads alike in every position (``ActionKind.reads_alike``) is read
        once."""
        known = self._read.get(text)
        if known is not None:
            return known
        alike = True
        for kind in self.kinds:
            action = kind.parse(state, text)
            alike = alike and kind.reads_alike(text)
            if action is not None:
                if alike:
                    if len(self._read) >= SIZE:  # the one caching policy's size
                        self._read.clear()
                    self._read[text] = action
                return action  # type: ignore[no-any-return]
        return None

    def __repr__(self) -> str:
        return f"<Rules of variant {self.variant!r}>"


def _resolve_checks(
    variant: str,
    answers: Iterable[Mapping[str, Callable[[GameState], Iterable[str]] | None]],
) -> tuple[tuple[str, Callable[[GameState], Iterable[str]]], ...]:
    """Merges the answers of ``trapper_invariants``, top of the stack first;
    raises `PluginError` for an answer that names no checks."""
    seen: dict[str, Callable[[GameState], Iterable[str]] | None] = {}
    where = f"variant {variant!r}: trapper_invariants"
    for answer in answers:
        if not isinstance(answer, Mapping):
            raise PluginError(
                f"{where} returned {shown(answer)}, not a mapping of names to checks"
            )
        for name, check in answer.items():
            _check_check(where, name, check)
            seen.setdefault(name, check)
    return tuple((name, check) for name, check in seen.items() if check is not None)


def hook_names(spec: type) -> list[str]:
    """Returns the names of the hooks a specification class declares."""
    return sorted(name for name in vars(spec) if name.startswith("trapper_"))


_HOOK_NAMES = (*hook_names(RegistrySpec), *hook_names(RulesSpec))


def _resolve(caller: pluggy.HookCaller) -> Callable[..., Any]:
    """Turns a firstresult hook into one plain callable taking positional args.

    The implementations are called in pluggy's order (top of the stack first,
    ``tryfirst``/``trylast`` respected) until one returns something other than
    ``None``. Wrappers need pluggy's machinery, so a hook with a wrapper is
    called through pluggy.
    """
    assert caller.spec is not None
    argnames = caller.spec.argnames
    impls = caller.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in impls):

        def through_pluggy(*args: Any) -> Any:
            return caller(**dict(zip(argnames, args, strict=True)))

        return through_pluggy
    functions = []
    for impl in reversed(impls):
        functions.append(_adapt(impl.function, impl.argnames, argnames))
        if _never_none(impl.function):
            # Typed never to answer None: the implementations under it are
            # never asked, and the hook is this function itself (the
            # children's variant's water rule, asked for every step target,
            # is spared a wrapper call each time: 5 % of its playouts).
            break
    if len(functions) == 1:
        return functions[0]

    def first_result(*args: Any) -> Any:
        for function in functions:
            result = function(*args)
            if result is not None:
                return result
        return None

    return first_result


# The hooks that answer with one of the core's own classes, which check
# their fields when made: each answer is checked to be one (the hooks are
# asked once per new game, not per action), so that a broken plugin is
# named here, not met as an AttributeError in the rules that read it.
_FIXED: dict[str, tuple[type | tuple[type, ...], str]] = {
    "trapper_board": (Board, "a Board"),
    "trapper_deck": ((tuple, list), "a tuple of Colour values"),
    "trapper_tile_set": (TileSet, "a TileSet"),
    "trapper_token_supply": (TokenSupply, "a TokenSupply"),
}


def bad_answer(variant: str, call: str, answer: object, wanted: str) -> PluginError:
    """The `PluginError` for a broken plugin: ``variant``'s hook answered
    ``call`` (the hook, with its arguments when they help) with ``answer``,
    which is not ``wanted``."""
    return PluginError(
        f"variant {variant!r}: {call} returned {shown(answer, 60)}, not {wanted}"
        + (_PASS_ON if answer is None else "")
    )


# What an error about an answer of None adds: why the implementations under
# the one that answered were not asked.
_PASS_ON = (
    " (an implementation annotated never to answer None is the only one asked:"
    " add '| None' to its annotation to leave the question to the ones under it)"
)


def _checked(
    variant: str,
    hook: str,
    function: Callable[[], Any],
    kind: type | tuple[type, ...],
    wanted: str,
) -> Callable[[], Any]:
    """``function`` (a hook that takes no arguments), its answer checked to
    be a ``kind``; `PluginError` naming ``wanted`` otherwise."""

    def checked() -> Any:
        answer = function()
        if not isinstance(answer, kind):
            raise bad_answer(variant, hook, answer, wanted)
        if hook == "trapper_deck":
            cards = typing.cast("tuple[object, ...] | list[object]", answer)  # as checked above
            if not set(map(type, cards)) <= {Colour}:  # a C loop over the cards
                bad = next(card for card in cards if type(card) is not Colour)
                raise bad_answer(variant, hook, answer, f"{wanted} ({shown(bad)} is none)")
        if isinstance(answer, TokenSupply):
            problem = supply_problem(answer)
            if problem is not None:
                raise PluginError(
                    f"variant {variant!r}: {hook} returned {shown(answer, 60)},"
                    f" which is no game's bonus tokens: {problem}"
                )
        return answer

    return checked


def _never_none(function: Callable[..., Any]) -> bool:
    """Whether ``function``'s return annotation says it never answers
    ``None``: a class that ``None`` is no instance of (``int``, ``bool``,
    ``tuple[...]``, a class of the project's), or a union of such classes.
    Anything else counts as ``None`` allowed: no annotation, one that cannot
    be read, ``Any``, ``object``, type variables, literals, new types,
    aliases, and a wrapped function (whose wrapper may answer otherwise)."""
    if hasattr(function, "__wrapped__"):
        return False
    try:
        hint = typing.get_type_hints(function).get("return")
    except Exception:  # an annotation naming what the module does not import
        return False
    return hint is not None and _excludes_none(hint)


def _excludes_none(hint: object) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return all(_excludes_none(arg) for arg in typing.get_args(hint))
    cls = hint if origin is None else origin
    if not isinstance(cls, type) or cls is object:
        return False
    try:
        return not isinstance(None, cls)
    except TypeError:  # a protocol that cannot be checked at run time
        return False


def _adapt(
    function: Callable[..., Any], wanted: tuple[str, ...], given: tuple[str, ...]
) -> Callable[..., Any]:
    """Lets an implementation that takes a subset of the hook's arguments be
    called with all of them, positionally."""
    if wanted == given:
        return function
    positions = [given.index(name) for name in wanted]

    def adapted(*args: Any) -> Any:
        return function(*[args[i] for i in positions])

    return adapted


class Registry:
    """The installed variants.

    Loads the plugins of the ``trapper_core.plugins`` entry-point group (unless
    ``entry_points`` is false) and any ``plugins`` given, then collects their
    variants. A plugin given that is installed too (the same module), given
    twice, or named by two entry points, is registered once; two different
    plugins of one name (two classes called ``Rules``) are both registered.
    Tests build a fresh registry rather than change the default one.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Its plugins (modules, objects of their authors') do not pickle: say so.
        raise TypeError(
            "a Registry is not pickled or deep-copied: it holds its plugins; make it again "
            "where it is needed (a game pickles by its variant's name)"
        )

    def __copy__(self) -> Registry:
        # A shallow copy shares the plugins, as it did before __reduce__ said no.
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        return copied

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = True) -> None:
        if isinstance(plugins, str | bytes):
            raise SetupError(f"plugins is a list of plugins, not {shown(plugins)}")
        plugins = as_tuple(plugins, SetupError, "plugins is a list of plugins")
        for plugin in plugins:
            if isinstance(plugin, _NO_PLUGIN):
                raise SetupError(
                    "plugins is a list of modules, classes or objects with hooks, "
                    f"not one holding {shown(plugin)}"
                )
            if isinstance(plugin, VariantSpec):
                raise PluginError(
                    "Registry takes plugin objects answering trapper_variants, not a "
                    f"VariantSpec ({plugin.name!r}): give it a plugin whose "
                    "trapper_variants returns [the spec]"
                )
            if not _has_hooks(plugin):
                raise SetupError(
                    "plugins is a list of modules, classes or objects with hooks, not one "
                    f"holding {shown(plugin)}, which has no trapper_… hook"
                )
        if not isinstance(entry_points, bool):
            raise SetupError(f"entry_points is True or False, not {shown(entry_points)}")
        pm = pluggy.PluginManager(PROJECT)
        pm.add_hookspecs(RegistrySpec)
        # A variant's module may carry its rule hooks too (and name itself
        # among its plugins): the registry knows them, and never calls them.
        pm.add_hookspecs(RulesSpec)
        self._installed: set[str] = set()
        self._builtin: set[str] = set()
        self.plugin_manager = pm
        self.failed: dict[str, str] = {}
        """The installed plugins left out, by entry-point name, with what
        went wrong (each also a `PluginWarning`)."""
        if entry_points:
            self._load_entry_points(pm)
        for plugin in plugins:
            if pm.is_registered(plugin):
                continue  # installed as well, or given twice: the same plugin
            try:
                _check_plugin(plugin, pm)
                pm.register(plugin, name=_free_name(pm, plugin))
            except (ValueError, pluggy.PluginValidationError) as exc:
                raise PluginError(f"plugin {_plugin_name(plugin)}: {exc}") from exc
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(str(exc)) from exc
        self._specs: dict[str, VariantSpec] = {}
        self._lookup: dict[str, str] = {}
        self._owner: dict[str, str] = {}  # what registered each name, for a clash
        self._rules: dict[str, Rules] = {}
        answers = _variant_answers(pm, self._installed, self._fail)
        # The built-in variants first, then the other installed ones, then
        # those given: of two variants of one name, the later is refused.
        rank = {name: 0 if name in self._builtin else 1 for name in self._installed}
        answers.sort(key=lambda answer: rank.get(answer[0], 2))
        for name, plugin, answer in answers:
            if name not in self._installed:
                self._add(answer, f"plugin {plugin}")
                continue
            try:
                self._add(answer, f"the installed plugin {name!r} ({plugin})")
            except Exception as exc:  # a third party's answer: anything may go wrong
                why = str(exc) if isinstance(exc, PluginError) else _error(exc)
                self._fail(name, why)
        self._warn_of_hooks_no_variant_plays(pm)

    def _warn_of_hooks_no_variant_plays(self, pm: pluggy.PluginManager) -> None:
        """A `PluginWarning` for each plugin that implements rule hooks that
        no variant plays: a variant's rules are the hooks of the plugins its
        `VariantSpec` names, and a module that registers a variant and
        carries rule hooks without naming itself played the base game's
        rules without a word. (A hook it re-exports from a plugin a variant
        names is played.)"""
        named = [plugin for spec in self._specs.values() for plugin in spec.plugins]
        played: set[int] = set()  # by id: the plugins named keep each function alive
        for plugin in named:
            for attribute in dir(plugin):
                if attribute.startswith("trapper_"):
                    try:  # a plugin's attribute is its author's code: a property may raise
                        value = getattr(plugin, attribute)
                    except Exception:
                        continue
                    played.add(id(getattr(value, "__func__", value)))
        for _name, plugin in pm.list_name_plugin():
            if plugin is None or any(plugin is p for p in named):
                continue
            unplayed = sorted(
                {
                    caller.name
                    for caller in pm.get_hookcallers(plugin) or ()
                    if caller.name in _RULE_HOOKS
                    for impl in caller.get_hookimpls()
                    if impl.plugin is plugin
                    and id(getattr(impl.function, "__func__", impl.function)) not in played
                }
            )
            if unplayed:
                warnings.warn(
                    f"plugin {_plugin_name(plugin)!r} implements {', '.join(unplayed)}, which "
                    "no variant plays: a variant's rules are the hooks of the plugins its "
                    "VariantSpec names (a module names itself as sys.modules[__name__])",
                    PluginWarning,
                    stacklevel=3,
                )

    def _load_entry_points(self, pm: pluggy.PluginManager) -> None:
        """Registers the plugins of the entry-point group, as pluggy's
        ``load_setuptools_entrypoints`` does, but one that raises, or is
        badly made, is left out with a `PluginWarning`: one broken package
        leaves the other variants playable."""
        found: dict[str, str] = {}  # each entry point's name: what it names
        for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            first = found.setdefault(entry.name, entry.value)
            if first != entry.value:  # two packages, one name: the first is kept
                warnings.warn(
                    f"two installed plugins are called {entry.name!r}: {first} and "
                    f"{entry.value}; {entry.value} is left out",
                    PluginWarning,
                    stacklevel=3,
                )
                continue
            if pm.get_plugin(entry.name) is not None or pm.is_blocked(entry.name):
                continue
            try:
                plugin = entry.load()
            except Exception as exc:  # a third party's import: anything may go wrong
                self._fail(entry.name, f"{entry.value} failed to import: {_error(exc)}")
                continue
            if pm.is_registered(plugin):
                continue  # a module two entry points name: the same plugin
            if not _has_hooks(plugin):
                # pluggy would register it, and never ask it: its variants
                # would be missing without a word.
                self._fail(entry.name, _no_hooks(entry, plugin))
                continue
            try:
                _check_plugin(plugin, pm)
                pm.register(plugin, name=entry.name)
                self._installed.add(entry.name)
                if _is_builtin(entry):
                    self._builtin.add(entry.name)
            except (ValueError, pluggy.PluginValidationError) as exc:
                self._fail(entry.name, f"{entry.value}: {exc}")

    def _fail(self, name: str, why: str) -> None:
        """Leaves the installed plugin ``name`` out, saying ``why``."""
        self.failed[name] = why
        if self.plugin_manager.get_plugin(name) is not None:
            self.plugin_manager.unregister(name=name)
        warnings.warn(
            f"the installed plugin {name!r} is left out: {why}", PluginWarning, stacklevel=4
        )

    def _add(self, answer: object, who: str) -> None:
        """Adds the variants of one plugin's answer to ``trapper_variants``,
        all or none; raises `PluginError` naming the plugin (``who``) for an
        answer that is no list of `VariantSpec` objects, and both plugins
        for a name or alias taken twice."""
        if isinstance(answer, VariantSpec):
            raise PluginError(
                f"{who}: trapper_variants returned one VariantSpec ({answer.name!r}), "
                "not a list of VariantSpec objects: return [VariantSpec(...)]"
            )
        if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
            raise PluginError(
                f"{who}: trapper_variants returned {shown(answer)}, "
                "not a list of VariantSpec objects"
                + (" (a return left out?)" if answer is None else "")
            )
        specs = list(answer)
        keys: dict[str, VariantSpec] = {}
        for spec in specs:
            if not isinstance(spec, VariantSpec):
                raise PluginError(
                    f"{who}: trapper_variants must return VariantSpec objects, not {shown(spec)}"
                )
            for key in (spec.name, *spec.aliases):
                taken = self._lookup.get(key.lower())
                if taken is not None:
                    raise PluginError(
                        f"two variants are called {key!r}: {taken!r} of "
                        f"{self._owner[taken]} and {spec.name!r} of {who}"
                    )
                if key.lower() in keys:
                    raise PluginError(
                        f"two variants are called {key!r}: {keys[key.lower()].name!r} "
                        f"and {spec.name!r}, both of {who}"
                    )
                keys[key.lower()] = spec
        for key, spec in keys.items():
            self._lookup[key] = spec.name
            self._specs[spec.name] = spec
            self._owner[spec.name] = who

    def names(self) -> list[str]:
        """Returns the names of the variants, sorted."""
        return sorted(self._specs)

    def __repr__(self) -> str:
        """``<Registry of 3 variants: base, children, tactical>``, and the
        installed plugins left out, by name (`failed` says why)."""
        names = self.names()
        text = f"<Registry of {counted(len(names), 'variant')}"
        text += f": {', '.join(names)}" if names else ""
        if self.failed:
            text += f"; left out: {', '.join(self.failed)}"
        return text + ">"

    def spec(self, name: str) -> VariantSpec:
        """Returns the variant called ``name`` or one of its aliases (any case)."""
        key = self._lookup.get(name.lower()) if isinstance(name, str) else None
        if key is None:
            left_out = "".join(f"; left out: {n} ({why})" for n, why in self.failed.items())
            close = (
                difflib.get_close_matches(name.lower(), self._lookup, n=1)
                if isinstance(name, str) and len(name) <= 100
                else []
            )
            hint = (
                f" (did you mean {self._specs[self._lookup[close[0]]].name!r}?)" if close else ""
            )
            raise UnknownVariantError(
                f"no variant is called {shown(name)}{hint}; installed: {', '.join(self.names())}"
                + left_out
                + (_INSTALLED + _IN_CODE + ")" if self is _default else "")
            )
        return self._specs[key]

    def rules(self, name: str) -> Rules:
        """Returns the resolved rules of the variant called ``name`` (cached)."""
        spec = self.spec(name)
        rules = self._rules.get(spec.name)
        if rules is None:
            with _BUILDING:  # threads asking at once get the one Rules
                rules = self._rules.get(spec.name)
                if rules is None:
                    rules = Rules(spec, self._stack(spec))
                    self._rules[spec.name] = rules
        return rules

    def _stack(self, spec: VariantSpec) -> list[object]:
        chain = [spec]
        while chain[-1].extends is not None:
            name = chain[-1].extends
            if name.lower() not in self._lookup:
                # Found when the variant is first played rather than when the
                # registry is made: one plugin's broken variant leaves the
                # others playable.
                others = [n for n in self.names() if n != chain[-1].name]
                raise UnknownVariantError(
                    f"variant {chain[-1].name!r} extends {name!r}, but no variant is called "
                    f"{name!r}; installed: {', '.join(others) or 'no other'}"
                )
            parent = self.spec(name)
            if parent in chain:
                path = " extends ".join(repr(s.name) for s in [*chain, parent])
                which = "itself" if parent is spec else "a variant that extends itself"
                raise PluginError(f"variant {spec.name!r} extends {which}: {path}")
            chain.append(parent)
        stack: list[object] = []
        for s in reversed(chain):
            stack.extend(s.plugins)
            if s.kinds or s.invariants:
                stack.append(_SpecData(s))
        return stack


_default: Registry | None = None
# Held while the installed variants are loaded, or a variant's rules
# resolved: once, however many threads ask first (each plugin's hooks run
# once, and every game of a variant has the same Rules). Reentrant: a
# plugin's code may ask for a registry while it loads.
_BUILDING = threading.RLock()


#: The names of the rule hooks (those a variant's own plugins implement).
_RULE_HOOKS = frozenset(name for name in dir(RulesSpec) if name.startswith("trapper_"))


# What an unknown variant's error adds when the installed variants were
# asked: the usual causes are a package that registers under another
# entry-point group (or none), a call that was not given the Registry in
# code, and a package installed after the process read the installed
# variants (a notebook's kernel).
_INSTALLED = f" (a package installs a variant through the entry-point group {ENTRY_POINT_GROUP!r}"
_IN_CODE = (
    "; one given to a Registry in code is found by passing registry=, that Registry; "
    "one installed since this process first read them, by a new Registry() or in a new process"
)


def _without_registry_advice(message: str) -> str:
    """An unknown variant's ``message`` without the advice to pass
    ``registry=``, for what takes none: the command line, unpickling."""
    return message.replace(_IN_CODE, "")


def default_registry() -> Registry:
    """Returns the registry of the installed variants, loaded on first use."""
    global _default
    if _default is None:
        with _BUILDING:
            if _default is None:
                _default = Registry()
    return _default


def registry_or_default(registry: object) -> Registry:
    """``registry``, or the installed variants' when it is ``None``; raises
    `SetupError` for anything that is no `Registry`."""
    if registry is None:
        return default_registry()
    if not isinstance(registry, Registry):
        raise SetupError(f"registry is a Registry, not {type(registry).__name__}")
    return registry


def available_variants(registry: Registry | None = None) -> list[str]:
    """Returns the names of the installed variants.

    Examples:
        >>> "base" in available_variants()
        True
    """
    return registry_or_default(registry).names()


def _variant_answers(
    pm: pluggy.PluginManager, installed: set[str], fail: Callable[[str, str], None]
) -> list[tuple[str, str, Any]]:
    """Each plugin's answer to ``trapper_variants``, in the order the
    plugins were registered, with pluggy's name for the plugin and its name
    for an error (no names behind a wrapper: pluggy's own call then). An
    installed plugin (its entry point's name in ``installed``) whose hook
    raises is left out (``fail``); one given to the registry raises."""
    caller = pm.hook.trapper_variants
    impls = caller.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in impls):
        return [("", "answering trapper_variants", answer) for answer in reversed(caller())]
    answers = []
    for impl in impls:
        try:
            answer = impl.function()
        except Exception as exc:
            if impl.plugin_name not in installed:
                raise
            fail(impl.plugin_name, f"its trapper_variants raised {_error(exc)}")
            continue
        # An answer of None, which pluggy would leave out, is kept: told as
        # no list of VariantSpec objects (a return left out), not passed over.
        answers.append((impl.plugin_name, _plugin_name(impl.plugin), answer))
    return answers


def _other_projects_mark(function: object) -> str | None:
    """The project whose ``pluggy.HookimplMarker`` marked ``function``
    (pluggy keeps a dict of options under ``<project>_impl``), if not ours."""
    function = getattr(function, "__func__", function)  # a bound or static method's own
    try:
        marks = vars(function)
    except TypeError:  # no __dict__: nothing marked it
        return None
    for attribute, options in marks.items():
        ours = attribute == PROJECT + "_impl"
        if attribute.endswith("_impl") and not ours and isinstance(options, dict):
            return attribute.removesuffix("_impl")
    return None


def _no_hooks(entry: importlib.metadata.EntryPoint, plugin: object) -> str:
    """Why the object ``plugin`` that ``entry`` names is no plugin: it
    implements no hook (a hook function itself, say, where its module was
    meant)."""
    if isinstance(plugin, types.FunctionType | types.BuiltinFunctionType | types.MethodType):
        what = f"the function {plugin.__qualname__}"
    elif isinstance(plugin, type):
        what = f"the class {plugin.__qualname__}"
    elif isinstance(plugin, types.ModuleType):
        what = f"the module {plugin.__name__}"
    else:
        what = shown(plugin)
    instead = (
        "the module that holds the hooks"
        if isinstance(plugin, types.ModuleType)
        else f"the module, {entry.module},"
    )
    return (
        f"{entry.value} names {what}, which implements no hook: an entry point "
        f"names a plugin, {instead} or an instance of the plugin class"
    )


def _is_builtin(entry: importlib.metadata.EntryPoint) -> bool:
    """Whether ``entry`` is one of trapper-core's own (the built-in variants)."""
    dist = entry.dist
    return dist is not None and dist.name.replace("_", "-").lower() == "trapper-core"


def _error(exc: BaseException) -> str:
    """An exception in a line: its type and its message."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _check_plugin(plugin: object, pm: pluggy.PluginManager) -> None:
    """Raises ``ValueError`` for a plugin that pluggy would take wrongly
    without a word:

    - a class given as a plugin whose hooks are instance methods: pluggy
      would call them without an instance, and the first call would fail
      inside, its argument taken for ``self``;
    - a function with a hook's name (``trapper_place``, …) that pluggy does
      not take as a hook (no ``@hookimpl``, or the mark where this version
      of pluggy does not look): the variant would play without it, by the
      rules it extends. (Other ``trapper_…`` names are the plugin's own.)

    and what `_check_marked` refuses."""
    for name in _HOOK_NAMES:
        found = _defined_function(plugin, name)
        if found is None:
            continue
        raw, function = found
        if pm.parse_hookimpl_opts(plugin, name) is None:
            other = _other_projects_mark(function)
            if other is not None:
                raise ValueError(
                    f"{name} is marked as a hook of the project {other!r}, not of "
                    f"{PROJECT!r}: mark it with trapper_core.hookimpl"
                )
            raise ValueError(
                f"{name} has a hook's name but pluggy does not take it as a hook: mark "
                "the function itself @hookimpl (under @staticmethod or @classmethod), "
                "or rename it"
            )
        if isinstance(plugin, type) and raw is function:
            raise ValueError(
                f"its hook {name} is an instance method: register an instance, "
                f"{plugin.__name__}(), or make the hook a staticmethod"
            )
    _check_marked(plugin, pm)


def _defined_function(plugin: object, name: str) -> tuple[object, types.FunctionType] | None:
    """The attribute ``name`` of ``plugin`` as defined (not looked up through
    descriptors) and the function it is, unwrapped from ``staticmethod`` or
    ``classmethod``; ``None`` when it is no function of the plugin's."""
    try:
        raw = inspect.getattr_static(plugin, name)
    except AttributeError:
        return None
    function = raw.__func__ if isinstance(raw, staticmethod | classmethod) else raw
    if not isinstance(function, types.FunctionType):
        return None
    return raw, function


def _check_marked(plugin: object, pm: pluggy.PluginManager) -> None:
    """Raises ``ValueError`` for a function marked ``@hookimpl`` that pluggy
    would refuse with a message naming its own internals: a hook nobody
    specifies (a misspelling, for which the nearest hook is suggested), an
    argument the hook does not pass, a wrapper that is no generator. The
    plugin is checked before it is registered, so a refused one leaves the
    manager as it was."""
    for name in dir(plugin):
        opts = pm.parse_hookimpl_opts(plugin, name)
        if opts is None:
            _warn_near_miss(plugin, name)
            continue
        hook_name = opts.get("specname") or name
        caller = getattr(pm.hook, hook_name, None)
        if caller is None or caller.spec is None:
            if opts.get("optionalhook") or hook_name.startswith("_"):
                # Optional, or private (a hook imported under another name):
                # pluggy's check_pending passes them too.
                continue
            raise ValueError(f"unknown hook {hook_name!r}{_did_you_mean(hook_name)}")
        function = getattr(plugin, name)
        passed = (*caller.spec.argnames, *caller.spec.kwargnames)
        _check_self(name, hook_name, function, passed)
        declared = _declared_arguments(function)
        unknown = [arg for arg in declared if arg not in passed]
        if unknown:
            raise ValueError(
                f"its {hook_name} declares {_listing(unknown)}, which the hook does "
                f"not pass: {hook_name} takes {_listing(passed) or 'no arguments'} "
                "(or some of them)"
            )
        if (opts.get("wrapper") or opts.get("hookwrapper")) and not (
            inspect.isgeneratorfunction(function)
        ):
            raise ValueError(
                f"its {hook_name} is marked as a wrapper but is no generator function "
                "(it must yield)"
            )


def _check_self(name: str, hook_name: str, function: object, passed: tuple[str, ...]) -> None:
    """Raises ``ValueError`` for a hook written as a method without
    ``self`` (``def trapper_canoe_payout(row)`` in a plugin class, an
    instance registered): Python passes the plugin object as its first
    parameter, and the hook's argument named so would be the plugin, met
    later as an AttributeError deep in play."""
    if not inspect.ismethod(function):
        return
    try:
        parameters = list(inspect.signature(function.__func__).parameters.values())
    except (TypeError, ValueError):
        return
    if parameters and parameters[0].kind is parameters[0].VAR_POSITIONAL:
        return  # *args: the object and the arguments alike
    first = parameters[0].name if parameters else None
    if first is not None and (
        first not in passed or parameters[0].kind is parameters[0].KEYWORD_ONLY
    ):
        return
    arguments = ", ".join(passed)
    fix = (
        f"write def {name}(self{', ' if arguments else ''}{arguments}), or make it a staticmethod"
    )
    if first is None:
        raise ValueError(
            f"its {hook_name} is a method that takes no self: called on the plugin "
            f"object, it is given that object; {fix}"
        )
    raise ValueError(
        f"its {hook_name} is a method whose first parameter is {first!r}, not self: "
        f"called on the plugin object, {first!r} would be given the plugin itself, "
        f"not the hook's {first!r}; {fix}"
    )


def _warn_near_miss(plugin: object, name: str) -> None:
    """Warns (`PluginWarning`) of an unmarked function whose ``trapper_…``
    name is no hook's but nearly one's (``trapper_hand_sise``): the plugin's
    own, as far as pluggy knows, and most likely a misspelt hook."""
    if not name.startswith("trapper_") or name in _HOOK_NAMES:
        return
    if _defined_function(plugin, name) is None:
        return
    close = _nearest_hook(name, cutoff=0.85)
    if close is not None:
        warnings.warn(
            f"plugin {_plugin_name(plugin)}: {name} is not marked @hookimpl and no hook "
            f"has its name, so it is taken as the plugin's own; did you mean {close!r}?",
            PluginWarning,
            stacklevel=2,
        )


def _declared_arguments(function: Callable[..., Any]) -> tuple[str, ...]:
    """The arguments pluggy passes to ``function`` by name: its positional
    parameters without a default (``self`` of a bound method left out)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple(
        p.name
        for p in parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    )


def _listing(names: Iterable[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _nearest_hook(name: str, cutoff: float = 0.6) -> str | None:
    """The hook name closest to ``name``, or ``None`` when none is close."""
    close = difflib.get_close_matches(name, _HOOK_NAMES, n=1, cutoff=cutoff)
    return close[0] if close else None


def _did_you_mean(name: str) -> str:
    """`` (did you mean 'trapper_…'?)`` naming the hook closest to ``name``,
    or nothing when no hook is close."""
    close = _nearest_hook(name)
    return f" (did you mean {close!r}?)" if close is not None else ""


def _free_name(pm: pluggy.PluginManager, plugin: object) -> str:
    """A name for ``plugin`` that no other plugin of ``pm`` has: pluggy's
    own (a module's or class's name, an object's number), numbered when
    another plugin has it (pluggy would refuse the second ``Rules`` class)."""
    name = base = pm.get_canonical_name(plugin)
    number = 1
    while pm.has_plugin(name) or pm.is_blocked(name):
        number += 1
        name = f"{base}#{number}"
    return name


def _plugin_name(plugin: object) -> str:
    """A plugin as an error names it: its module's or its class's name
    (pluggy's own name for an object is a number)."""
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    kind = plugin if isinstance(plugin, type) else type(plugin)
    return f"{kind.__module__}.{kind.__qualname__}"
