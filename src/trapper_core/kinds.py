"""Action kinds: one statement of legality from which listing, checking and
explaining all follow.

A variant's actions come in kinds (a step, a pass, an auction's bid, …). An
[`ActionKind`][trapper_core.ActionKind] states once what makes an action of its kind legal:

- [`unavailable`][trapper_core.ActionKind.unavailable]: whether the kind can be played at all at
  this moment of the turn, and if not, why (a message that begins with the
  id of the rule, ``"H1: …"``);
- the action's *choices*, the fields decided one after the other
  (``choices = ("trapper", "square", "placement", "payment")``); for each a
  method ``<choice>_options(state, ...)`` returning the values open now. Its
  parameters after ``state`` name the earlier choices it depends on
  (``placement_options(self, state, square)``), and it receives their values;
  optionally ``refuse_<choice>(state, action)`` explains why an action's
  value is not among them.

From that one statement the engine derives everything else:

- [`legal`][trapper_core.ActionKind.legal] lists every legal action of the kind (the product
  of the options, in the order of the choices; each choice's options are
  asked once per combination of the choices it depends on);
- [`problem`][trapper_core.ActionKind.problem] checks one action without listing (a replay
  checks every move that way) and explains a refusal: the first choice whose
  value is not among its options names the rule broken.

A kind also says what its action does
([`apply`][trapper_core.ActionKind.apply]), how it is written
([`text`][trapper_core.ActionKind.text],
[`parse`][trapper_core.ActionKind.parse]) and, for people, what it does
in words ([`describe`][trapper_core.ActionKind.describe]). Variants register kinds through the
``trapper_action_kinds`` hook; a kind with the name of an inherited one
replaces it, and [`Withdraw`][trapper_core.Withdraw] takes one away.
"""

from __future__ import annotations

import abc
import ast
import inspect
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from .actions import Action
from .errors import AmbiguousActionError, IllegalActionError, PluginError, shown
from .interning import SIZE

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["ACTION_TEXT", "ActionKind", "Withdraw"]

_RULE_ID = re.compile(r"([A-Z][A-Za-z]*[0-9]+[a-z]?): ")

ACTION_TEXT = re.compile(r"[A-Za-z0-9][A-Za-z0-9/<>+=\-]*")
"""What an action's text may look like, so that the notation can read it
back: a letter or digit, then letters, digits and the signs ``/ < > + = -``.
No spaces, no dot after digits only (that is a turn number), no colon (a
player), no brackets (notes and comments). ``Game.action_text`` refuses any
other text, naming the kind that wrote it."""

A = TypeVar("A", bound=Action)

#: The collections a kind's options are most often (empty ones among them):
#: told apart from what is no collection without an ABC's isinstance.
_PLAIN_COLLECTIONS = frozenset({tuple, list, frozenset, set, dict, range})


@attrs.frozen
class Withdraw:
    """Returned from ``trapper_action_kinds`` in place of a kind: the variant
    does without the inherited kind called ``name``. A name that no layer
    of the variant gives a kind is a misspelling, and resolving the variant
    raises [`PluginError`][trapper_core.PluginError]."""

    name: str


class ActionKind(abc.ABC, Generic[A]):
    """One kind of action: its legality, its effect and its text.

    Subclasses set [`name`][trapper_core.ActionKind.name],
    [`action_type`][trapper_core.ActionKind.action_type] and
    [`choices`][trapper_core.ActionKind.choices], define ``<choice>_options``
    for every choice, and implement [`apply`][trapper_core.ActionKind.apply],
    [`text`][trapper_core.ActionKind.text] and
    [`parse`][trapper_core.ActionKind.parse]. Everything else has a default
    that follows from those.

    The choices are the names of the action's fields: a kind reads an action's
    values by them (``getattr(action, choice)``), and the default
    [`build`][trapper_core.ActionKind.build] passes them as keywords. A kind
    without choices has one action, built once when the variant's rules are
    resolved: it must be a constant (actions are values).
    """

    name: ClassVar[str]
    """The kind's name, unique within a variant (``"step"``, ``"bid"``)."""
    action_type: ClassVar[type[Action]]
    """The class of the actions of this kind."""
    choices: ClassVar[tuple[str, ...]] = ()
    """The action's fields in the order they are decided; each has a method
    ``<choice>_options``. A kind without choices has exactly one action."""
    available_by_turn: ClassVar[bool] = False
    """Whether [`unavailable`][trapper_core.ActionKind.unavailable] depends on
    the turn record alone (``state.turn``, an immutable value): the listing
    then asks once per turn record and remembers the answer, as options are
    asked once per combination of the choices they name. A subclass that
    overrides ``unavailable`` without setting this itself is asked every
    time (its rule may read more than the turn: the hand, the board)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "unavailable" in cls.__dict__ and "available_by_turn" not in cls.__dict__:
            # An inherited promise does not cover a rule written since.
            cls.available_by_turn = False

    def __init__(self) -> None:
        # Looked up once: listing runs for every position of every game.
        options: list[Any] = [getattr(self, f"{choice}_options", None) for choice in self.choices]
        for choice, found in zip(self.choices, options, strict=True):
            if not callable(found):
                raise PluginError(
                    f"{type(self).__name__} has the choice {choice!r} but no method "
                    f"{choice}_options(state, …): every choice names its options"
                )
        self._options: tuple[Callable[..., Sequence[Any]], ...] = tuple(options)
        self._depends = tuple(
            self._dependencies(i, options) for i, options in enumerate(self._options)
        )
        # The default build passes the values by position where the choices
        # are the action's first fields, in order (a call with keywords costs
        # a dict per action).
        fields = (
            [f.name for f in attrs.fields(self.action_type)] if attrs.has(self.action_type) else []
        )
        if fields and type(self).build is ActionKind.build:
            # The default build passes the choices as the action's fields: a
            # choice the action lacks would fail at the first listing, as a
            # TypeError of the action's class naming neither kind nor choice.
            # The names are those its __init__ takes (a field _colour is
            # colour=, read back through a property of that name).
            names = [f.alias for f in attrs.fields(self.action_type) if f.init]
            for choice in self.choices:
                if choice not in names:
                    raise PluginError(
                        f"{type(self).__name__} has the choice {choice!r}, which is no field "
                        f"of {self.action_type.__name__} (its fields: {', '.join(names)}): "
                        "the choices are the action's fields, by name"
                    )
        self._positional = fields[: len(self.choices)] == list(self.choices)

    def _dependencies(self, level: int, options: Callable[..., object]) -> tuple[int, ...]:
        """The positions of the earlier choices that ``options`` names."""
        names = list(inspect.signature(options).parameters)[1:]  # after state
        earlier = self.choices[:level]
        unknown = [n for n in names if n not in earlier]
        if unknown:
            raise PluginError(
                f"{type(self).__name__}.{self.choices[level]}_options takes "
                f"{', '.join(unknown)}, which is no earlier choice of {earlier}"
            )
        return tuple(earlier.index(n) for n in names)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {getattr(self, 'name', None)!r}>"

    def _misanswered(
        self, state: GameState, call: str, answer: object, wanted: str
    ) -> PluginError:
        """The error for a method of the kind's that answered what the
        engine cannot use (checked where the answer is read), naming the
        variant played in ``state`` (a kind may serve several)."""
        cls = type(self)
        return PluginError(
            f"variant {state.rules.variant!r}: the {self.name!r} kind "
            f"({cls.__module__}.{cls.__qualname__}): {call} "
            f"returned {shown(answer, 60)}, not {wanted}"
        )

    def _bad_options(self, state: GameState, level: int, answer: object) -> PluginError:
        """The error for the options of the choice at ``level`` answered
        with ``answer``, which is no collection of values (a forgotten
        ``return`` answers ``None``)."""
        arguments = ", ".join(["state", *(self.choices[k] for k in self._depends[level])])
        return self._misanswered(
            state,
            f"{self.choices[level]}_options({arguments})",
            answer,
            "the values open now (a sequence, a set or a range)",
        )

    def _misread(self, state: GameState) -> PluginError | None:
        """The error for the first answer of the kind's options in ``state``
        that is no collection of values, asking them as the listing does;
        ``None`` when every answer is one (or asking raises: the listing's
        own error is then the one to see). Asked only on the listing's
        failure path, so it costs the listing nothing."""
        try:
            return self._walk(state, ())
        except Exception:  # the options' own error, which the listing raised first
            return None

    def _walk(self, state: GameState, values: tuple[Any, ...]) -> PluginError | None:
        level = len(values)
        if level == len(self.choices):
            return None
        earlier = [values[k] for k in self._depends[level]]
        answer = self._options[level](state, *earlier)
        if not isinstance(answer, Iterable):
            return self._bad_options(state, level, answer)
        for value in answer:
            found = self._walk(state, (*values, value))
            if found is not None:
                return found
        return None

    def _misjudged(self, state: GameState, action: object) -> PluginError | None:
        """The error for the first answer of the kind's options for
        ``action``'s earlier choices that is no collection of values;
        ``None`` when every answer is one. Asked only on the failure path
        of [`allows`][trapper_core.ActionKind.allows]."""
        try:
            values = [getattr(action, choice) for choice in self.choices]
            for level, options in enumerate(self._options):
                answer = options(state, *[values[k] for k in self._depends[level]])
                if not isinstance(answer, Iterable):
                    return self._bad_options(state, level, answer)
        except Exception:  # the options' own error, which the check raised first
            return None
        return None

    # ------------------------------------------------------------------
    # What a kind states
    # ------------------------------------------------------------------

    def unavailable(self, state: GameState) -> str | None:
        """Returns why no action of this kind can be played now, or ``None``
        when the choices decide. The default: always available.

        The reason is a message that begins with the id of the rule broken
        and a colon (``"H1: no step has been taken this turn"``); the error
        raised for it carries that id as its ``rule``. (A string, not an
        error: listing asks every kind on every position.)"""
        return None

    def build(self, *values: Any) -> A:
        """Returns the action with these choices' values, in choice order.

        The default calls [`action_type`][trapper_core.ActionKind.action_type]
        with the values as keywords; a kind may hand out shared objects instead
        (actions are immutable).
        """
        if self._positional:
            made: A = self.action_type(*values)  # type: ignore[assignment]
            return made
        action: A = self.action_type(**dict(zip(self.choices, values, strict=True)))  # type: ignore[assignment]
        return action

    def build_all(self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]) -> Any:
        """Returns the actions for every value of the last choice in ``last``,
        the earlier choices being ``chosen``: an iterable of actions.

        The default builds them one by one; a kind whose last options are a
        few recurring sets may return tuples built once.
        """
        build = self.build
        return [build(*chosen, value) for value in last]

    def refuse(self, state: GameState, action: A, choice: str) -> IllegalActionError:
        """Returns why ``action``'s value for ``choice`` is not open now.

        Calls ``refuse_<choice>`` when the kind defines it; otherwise says
        plainly which value is not open.
        """
        explain = getattr(self, f"refuse_{choice}", None)
        if explain is not None:
            error: IllegalActionError = explain(state, action)
            if not isinstance(error, IllegalActionError):
                raise self._misanswered(
                    state, f"refuse_{choice}(state, action)", error, "an IllegalActionError"
                )
            return error
        return IllegalActionError(
            f"{self.name}: its {choice}, {_value_text(getattr(action, choice))}, is not open now",
            action=action,
        )

    @abc.abstractmethod
    def apply(self, state: GameState, action: A) -> None:
        """Carries out ``action``, which is legal, on ``state``."""

    @abc.abstractmethod
    def text(self, state: GameState, action: A) -> str:
        """Returns the text of ``action``, legal in ``state``. It must match
        [`ACTION_TEXT`][trapper_core.ACTION_TEXT] and read back through
        [`parse`][trapper_core.ActionKind.parse]."""

    def describe(self, state: GameState, action: A) -> str:
        """Returns a short sentence in plain English saying what ``action``
        does in ``state`` (a state where it is legal), for button labels and
        screens: every choice the action makes, so that distinct legal
        actions have distinct words, as they have distinct texts. One line
        of printable characters, not empty
        ([`Game.describe`][trapper_core.Game.describe] refuses any other).

        The default is the action's [`text`][trapper_core.ActionKind.text]:
        a kind that says nothing more is still described."""
        return self.text(state, action)

    def reads_alike(self, text: str) -> bool:
        """Returns whether [`parse`][trapper_core.ActionKind.parse] answers
        ``text`` the same in every position (with the same action, or
        ``None``). When every kind asked says so, the variant reads that text
        once. The default: no."""
        return False

    @abc.abstractmethod
    def parse(self, state: GameState, text: str) -> A | None:
        """Returns the action of this kind written as ``text`` (stripped), or
        ``None`` when the text is not of this kind's syntax. Raises
        [`ActionSyntaxError`][trapper_core.ActionSyntaxError] for text of its syntax that
        is malformed. Legality is checked afterwards."""

    # ------------------------------------------------------------------
    # What follows
    # ------------------------------------------------------------------

    def legal(self, state: GameState) -> list[A]:
        """Returns every legal action of this kind, in the order of the choices."""
        lister = self._lister
        if lister is None:
            lister = self._lister = self.lister()
        return lister(state)

    _lister: Callable[[GameState], list[A]] | None = None

    def lister(self) -> Callable[[GameState], list[A]]:
        """Returns a function of a state that does what
        [`legal`][trapper_core.ActionKind.legal] does.

        The engine lists through it, made once per kind: plain nested loops
        over the choices, each choice's options asked in the loop of the last
        choice they depend on (a step's payments once per trapper, not once
        per square), and an empty set of options ending its loop at once.
        Listing runs for every position of every game; written out so, it
        costs little more than a hand-written loop. A kind that overrides
        [`legal`][trapper_core.ActionKind.legal] is listed through its override instead.

        A kind may override this method with a faster function of its own for
        its hottest listing; it must list exactly what
        [`generic_lister`][trapper_core.ActionKind.generic_lister] lists, which
        the invariant checks (and so the conformance kit) verify on every
        position they visit.
        """
        if type(self).legal is not ActionKind.legal:
            return self.legal
        return self._write_lister()

    def generic_lister(self) -> Callable[[GameState], list[A]]:
        """Returns the listing that follows from the kind's options alone, even
        where the kind lists through a faster function of its own
        ([`lister`][trapper_core.ActionKind.lister] overridden); the invariant
        checks compare the two on every position they visit.

        Written once per kind and kept: a checked game asks for it at every
        position (writing it anew each time would be a seventh of the long
        test run's checked games)."""
        lister = self._generic
        if lister is None:
            lister = self._generic = self._write_lister()
        return lister

    _generic: Callable[[GameState], list[A]] | None = None

    def _write_lister(self, *, check: bool = True) -> Callable[[GameState], list[A]]:
        """Writes the listing function; without ``check`` it leaves out the
        question of [`unavailable`][trapper_core.ActionKind.unavailable] (the
        caller has asked it)."""
        if not self.choices:
            unavailable, build = self.unavailable, self.build

            def legal_single(state: GameState) -> list[A]:
                return [] if unavailable(state) is not None else [build()]

            return legal_single
        namespace: dict[str, Any] = {
            "unavailable": self.unavailable,
            "build_all": self.build_all,
            "bad": self._bad_options,
            "misread": self._misread,
            "Iterable": Iterable,
            "plain": _PLAIN_COLLECTIONS,
            **{f"options{i}": options for i, options in enumerate(self._options)},
        }
        always = not check or type(self).unavailable is ActionKind.unavailable
        # Our own text, made from the kind's choices (attrs writes its methods so).
        _run(self._lister_source(always_available=always), namespace)
        lister: Callable[[GameState], list[A]] = namespace["legal"]
        return lister

    def _lister_source(self, *, always_available: bool = False) -> str:
        """The source of the listing function: loops with hoisted options.

        Options that are no collection of values are a `PluginError` naming
        the variant, the kind and the method, found on the failure path
        alone: when iterating them raises ``TypeError``, or, for a falsy
        answer that is no collection (``None`` from a forgotten ``return``,
        ``0``, ``False``), on the branch that leaves an empty answer's loop."""
        n = len(self.choices)
        # The loop depth at which each choice's options can be asked: after
        # the last choice it depends on has a value.
        depth = [max(deps, default=-1) + 1 for deps in self._depends]
        lines = ["def legal(state):", "  try:", "    out = []"]
        if not always_available:
            lines += ["    if unavailable(state) is not None:", "        return out"]
        for level in range(n):
            pad = "    " * (level + 1)
            leave = "return out" if level == 0 else "continue"
            for j in range(level, n):
                if depth[j] == level:
                    args = "".join(f", v{k}" for k in self._depends[j])
                    lines.append(f"{pad}o{j} = options{j}(state{args})")
                    lines.append(f"{pad}if not o{j}:")
                    # The plain collections first: an ABC's isinstance costs
                    # some 150 instructions, and empty options are common
                    # (1.7 % of a base playout's decision, measured).
                    lines.append(
                        f"{pad}    if o{j}.__class__ not in plain "
                        f"and not isinstance(o{j}, Iterable):"
                    )
                    lines.append(f"{pad}        raise bad(state, {j}, o{j})")
                    lines.append(f"{pad}    {leave}")
            if level < n - 1:
                lines.append(f"{pad}for v{level} in o{level}:")
        chosen = "".join(f"v{k}, " for k in range(n - 1))
        pad = "    " * n
        lines.append(f"{pad}out.extend(build_all(state, ({chosen}), o{n - 1}))")
        lines += [
            "    return out",
            "  except TypeError:",  # an answer not iterable, or an error of the kind's own
            "    error = misread(state)",
            "    if error is not None:",
            "        raise error",
            "    raise",
        ]
        return "\n".join(lines) + "\n"

    def allows(self, state: GameState, action: A) -> bool:
        """Returns whether ``action`` is legal now, without saying why not.

        What a replay asks of every move: the choices are checked in order
        against their options by a function written out once per kind, like the
        lister ([`problem`][trapper_core.ActionKind.problem] is the same check,
        explained). A kind may override it with a faster check of its own; the
        invariant checks compare it with
        [`problem`][trapper_core.ActionKind.problem] on every position they
        visit.
        """
        checker = self._checker
        if checker is None:
            checker = self._checker = self._write_checker()
        return checker(state, action)

    _checker: Callable[[GameState, Any], bool] | None = None

    def _write_checker(self) -> Callable[[GameState, Any], bool]:
        namespace: dict[str, Any] = {
            "unavailable": self.unavailable,
            "misjudged": self._misjudged,
            **{f"options{i}": options for i, options in enumerate(self._options)},
        }
        lines = ["def allows(state, action):", "  try:"]
        if type(self).unavailable is not ActionKind.unavailable:
            lines += ["    if unavailable(state) is not None:", "        return False"]
        for level, choice in enumerate(self.choices):
            args = "".join(f", v{k}" for k in self._depends[level])
            lines += [
                f"    v{level} = action.{choice}",
                f"    if v{level} not in options{level}(state{args}):",
                "        return False",
            ]
        lines += [
            "    return True",
            # Options that are no collection (None: a forgotten return) fail
            # the test "in"; the failure path alone finds them.
            "  except TypeError:",
            "    error = misjudged(state, action)",
            "    if error is not None:",
            "        raise error",
            "    raise",
        ]
        _run("\n".join(lines) + "\n", namespace)  # as the lister is written
        checker: Callable[[GameState, Any], bool] = namespace["allows"]
        return checker

    def problem(self, state: GameState, action: A) -> IllegalActionError | None:
        """Returns why ``action`` is not legal now, or ``None`` when it is.

        Agrees with [`legal`][trapper_core.ActionKind.legal] and
        [`allows`][trapper_core.ActionKind.allows] by construction: all ask the
        same options.
        """
        reason = self.unavailable(state)
        if reason is not None:
            if not isinstance(reason, str):
                raise self._misanswered(
                    state, "unavailable(state)", reason, "a reason (str) or None"
                )
            rule = _RULE_ID.match(reason)
            error = IllegalActionError(reason, rule=rule[1] if rule else None)
        else:
            values = [getattr(action, choice) for choice in self.choices]
            for level, options in enumerate(self._options):
                earlier = [values[k] for k in self._depends[level]]
                answer = options(state, *earlier)
                if not isinstance(answer, Iterable):
                    raise self._bad_options(state, level, answer)
                if values[level] not in answer:
                    error = self.refuse(state, action, self.choices[level])
                    if isinstance(error, AmbiguousActionError) and error.candidates:
                        error = self._settled(state, action, error)
                    break
            else:
                return None
        if error.action is None:
            error.action = action
        return error

    def _settled(
        self, state: GameState, action: A, error: AmbiguousActionError
    ) -> IllegalActionError:
        """A choice left open is the error only if settling it makes the
        action legal: otherwise a step paid with cards the hand lacks, with
        its placement left open, would be refused as ambiguous, offering
        candidates all refused for their payment. Then the candidates' own error is
        the action's (the first's: they differ in the open choice alone)."""
        if any(self.allows(state, c) for c in error.candidates):  # type: ignore[arg-type]
            return error
        settled = self.problem(state, error.candidates[0])  # type: ignore[arg-type]
        if settled is None or isinstance(settled, AmbiguousActionError):
            return error
        settled.action = action
        return settled


def _run(source: str, namespace: dict[str, Any]) -> None:
    """Runs ``source``, the text of a function written out for the listing
    or the check, in ``namespace``. Its body's ``try:`` is given the line of
    the statement under it: the try then costs no instruction at all (a
    line of its own would cost a no-op on every call, for line tracing)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            node.lineno = node.body[0].lineno
    exec(compile(tree, "<string>", "exec"), namespace)


def listing(kinds: Sequence[ActionKind[Any]]) -> Callable[[GameState], list[Action]]:
    """Returns the function that lists a variant's legal actions: every
    kind's, in order (``Rules.legal_actions``).

    Written out once per variant like the kinds' own listers: a kind without
    choices adds its one action (built once: actions are values) when it is
    available; every other kind adds what its lister finds.
    """
    namespace: dict[str, Any] = {}
    lines = ["def legal_actions(state):", "    out = []"]
    generic = [type(kind).legal is ActionKind.legal for kind in kinds]
    by_turn = [i for i, kind in enumerate(kinds) if generic[i] and kind.available_by_turn]
    if by_turn:
        # The answers of the kinds available by turn record, per record seen
        # (records are values: the memo holds each, so its id stays its own).
        memo: dict[int, tuple[object, tuple[bool, ...]]] = {}

        def remember(state: GameState, turn: object) -> tuple[object, tuple[bool, ...]]:
            entry = (turn, tuple(kinds[i].unavailable(state) is None for i in by_turn))
            if len(memo) >= SIZE:  # the one caching policy's size
                memo.clear()
            memo[id(turn)] = entry
            return entry

        namespace.update(memo=memo, remember=remember)
        lines += [
            "    turn = state.turn",
            "    entry = memo.get(id(turn))",
            "    if entry is None or entry[0] is not turn:",
            "        entry = remember(state, turn)",
            "    available = entry[1]",
        ]
    for i, kind in enumerate(kinds):
        if i in by_turn:
            when = f"    if available[{by_turn.index(i)}]:"
        elif not kind.choices and generic[i]:
            namespace[f"unavailable{i}"] = kind.unavailable
            when = f"    if unavailable{i}(state) is None:"
        else:
            namespace[f"lister{i}"] = kind.lister()
            lines.append(f"    out += lister{i}(state)")
            continue
        if kind.choices:
            namespace[f"lister{i}"] = kind._write_lister(check=False)
            lines += [when, f"        out += lister{i}(state)"]
        else:
            namespace[f"action{i}"] = kind.build()
            lines += [when, f"        out.append(action{i})"]
    lines.append("    return out")
    exec("\n".join(lines) + "\n", namespace)  # as the kinds' listers are written
    function: Callable[[GameState], list[Action]] = namespace["legal_actions"]
    return function


def resolve_kinds(
    answers: Iterable[Iterable[ActionKind[Any] | Withdraw]],
) -> list[ActionKind[Any]]:
    """Merges the answers of ``trapper_action_kinds``, top of the stack first:
    the first kind (or [`Withdraw`][trapper_core.Withdraw]) of each name wins, and the kinds
    are listed in that order."""
    seen: set[str] = set()
    kinds: list[ActionKind[Any]] = []
    withdrawn: set[str] = set()  # every name a Withdraw gives
    defined: set[str] = set()  # every kind's name, in any answer
    for answer in answers:
        if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
            # One kind given alone, say: "not iterable" would name neither the hook nor the fix.
            alone = isinstance(answer, ActionKind | Withdraw)
            hint = f": return [{shown(answer)}]" if alone else ""
            raise TypeError(
                f"trapper_action_kinds returned {shown(answer)}, not a list of ActionKind "
                f"and Withdraw objects{hint}"
            )
        for item in answer:
            if isinstance(item, Withdraw):
                withdrawn.add(item.name)
                seen.add(item.name)
                continue
            if not isinstance(item, ActionKind):
                raise TypeError(f"trapper_action_kinds returned {item!r}, not an ActionKind")
            name = getattr(item, "name", None)
            if not isinstance(name, str) or not name.strip():
                # A kind is listed, withdrawn and replaced by its name.
                cls = type(item)
                has = f"the name {shown(name)}" if hasattr(item, "name") else "no name"
                raise TypeError(
                    f"the kind {cls.__module__}.{cls.__qualname__} has {has}: a kind's "
                    "name is a non-empty str, unique in the variant"
                )
            defined.add(item.name)
            if item.name not in seen:
                seen.add(item.name)
                kinds.append(item)
    nothing = sorted(withdrawn - defined)
    if nothing:
        # A misspelt name would withdraw nothing, silently.
        raise TypeError(
            f"Withdraw({nothing[0]!r}) withdraws no kind: the variant's kinds are "
            + ", ".join(sorted(defined))
        )
    return kinds


def _value_text(value: object) -> str:
    """A choice's value in a message: its own text where its type has one
    (a colour's name, a square's), else its ``repr``; cut to 60 characters,
    and never an error of its own."""
    if type(value).__str__ is object.__str__:
        return shown(value)
    try:
        text = str(value)
    except Exception:  # a value whose text cannot be made
        return shown(value)
    return text if len(text) <= 60 else text[:59] + "…"
