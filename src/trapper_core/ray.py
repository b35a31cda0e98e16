"""Simulations on a Ray cluster (the `ray` extra: `pip install 'trapper-core[ray]'`).

`RayExecutor` is a `concurrent.futures.Executor` whose tasks run as Ray
tasks, so [`simulate`][trapper_core.simulate] sends its batches to a cluster
as it sends them to a process pool:

```python
import trapper_core as tc
from trapper_core.ray import RayExecutor

with RayExecutor("auto") as cluster:  # the cluster this machine belongs to
    summary = tc.simulate("base", 4, 1_000_000, executor=cluster, batch=200)
```

The workers look the variant and the bots up by name in their own installed
registry, so every node needs trapper-core and the variant's package
installed (or a Ray `runtime_env` that installs them).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, InvalidStateError
from typing import Any, ParamSpec, TypeVar

from .errors import SetupError, as_whole, shown

try:
    import ray
    from ray.exceptions import RayError, RayTaskError, TaskCancelledError
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "trapper_core.ray needs Ray, which comes with the 'ray' extra: "
        "pip install 'trapper-core[ray]'"
    ) from exc

__all__ = ["RayExecutor"]

P = ParamSpec("P")
T = TypeVar("T")

#: A cluster's address as Ray takes it: ``auto``, ``host:port``, or
#: ``ray://host:port`` for Ray Client (which needs ``pip install 'ray[client]'``).
_ADDRESS = re.compile(r"(?:ray://)?(?P<host>[^:/\s\[\]]+|\[[0-9A-Fa-f:.]+\]):(?P<port>[0-9]{1,5})")

#: How long a cluster's head may take to answer before it is said to be
#: unreachable (Ray itself tries again for ever, saying so every 5 s).
CONNECT_SECONDS = 10.0

_COLOUR = re.compile(r"\x1b\[[0-9;]*m")  # the terminal colours of Ray's task tracebacks


def _call(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """The one Ray task: calls any function that pickles (a builtin, a
    `functools.partial`, a module's function)."""
    return fn(*args, **kwargs)


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in a Ray task, as text: the
    cause of the exception re-raised here, as `concurrent.futures` gives
    a process pool's."""

    def __init__(self, tb: str) -> None:
        super().__init__(tb)
        self.tb = tb

    def __str__(self) -> str:
        return self.tb


class _RayFuture(Future[T]):
    """The future of one Ray task. Cancelling it cancels the task (a
    future of Ray's own only stops waiting for it), so that closing a
    simulation's results early stops the batches not started."""

    def __init__(self, ref: Any) -> None:
        super().__init__()
        self._ref = ref
        self._told = False  # whether its waiters were told it is cancelled
        self._telling = threading.Lock()  # Ray's thread may cancel it too

    def cancel(self) -> bool:
        # This future first, so that Ray's answer to the cancel finds it
        # cancelled; told at once to those who wait for it (`wait`,
        # `as_completed`), as an executor tells them when it takes up a
        # cancelled task.
        if not super().cancel():
            return False
        with self._telling:
            if not self._told:  # once: a second cancel finds them told
                self._told = True
                self.set_running_or_notify_cancel()
        with contextlib.suppress(Exception):  # done meanwhile, or Ray gone: nothing to stop
            ray.cancel(self._ref)
        return True


def _settle(future: _RayFuture[Any], done: Future[Any]) -> None:
    """Gives ``future`` the outcome of Ray's ``done``: the task's result;
    the exception the task raised, as it was raised (with its notes, and
    its traceback as text as its cause); `BrokenExecutor` when Ray could
    not run the task (a worker or a node died)."""
    if future.cancelled():
        return
    with contextlib.suppress(InvalidStateError):  # cancelled meanwhile
        try:
            future.set_result(done.result())
        except RayTaskError as exc:  # Ray's, or one made of it and the task's class
            future.set_exception(_raised_by_task(exc))
        except TaskCancelledError:  # by ray.cancel, not by this future's cancel
            future.cancel()
        except RayError as exc:  # the task never finished: its worker or node died
            lines = _COLOUR.sub("", str(exc)).strip().splitlines()
            future.set_exception(
                BrokenExecutor(f"Ray could not run a task: {lines[0] if lines else repr(exc)}")
            )
        except BaseException as exc:  # a failure of Ray's own
            future.set_exception(exc)


def _raised_by_task(error: BaseException) -> BaseException:
    """The exception a task raised, out of Ray's `RayTaskError`, with the
    task's traceback (the text Ray gives, without its colours) as its
    cause; Ray's error itself when the task's did not come back (one that
    does not pickle)."""
    cause = getattr(error, "cause", None)  # a RayTaskError's
    if not isinstance(cause, BaseException) or isinstance(cause, RayError):
        return error
    cause.__cause__ = _RemoteTraceback(_COLOUR.sub("", str(error)))
    return cause


def _check_address(address: object) -> None:
    """`SetupError` unless ``address`` is one Ray takes."""
    if isinstance(address, str) and address == "auto":
        return
    match = _ADDRESS.fullmatch(address) if isinstance(address, str) else None
    if match is None or not 0 < int(match["port"]) < 65536:
        raise SetupError(
            "RayExecutor: address takes a cluster's address ('auto', 'host:6379', "
            f"'ray://host:10001') or None, not {shown(address)}"
        )


def _check_reach(address: str) -> None:
    """`SetupError` when nothing answers at ``address`` (a ``host:port``,
    not ``auto``): Ray itself would wait for ever, saying so every 5 s."""
    match = _ADDRESS.fullmatch(address)
    if match is None:
        return
    try:
        socket.create_connection(
            (match["host"].strip("[]"), int(match["port"])), timeout=CONNECT_SECONDS
        ).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise SetupError(f"RayExecutor: no Ray cluster answers at {address!r}: {reason}") from None


class RayExecutor(Executor):
    """Runs submitted functions as Ray tasks, one CPU each.

    `address` is the cluster's: `"auto"` for the one this machine belongs
    to, `"host:6379"` for its head from a machine of the cluster,
    `"ray://host:10001"` for a remote one through Ray Client (which needs
    `pip install 'ray[client]'`). `None` starts a new local instance with
    `num_cpus` CPUs (every core by default), even when one started by
    `ray start` runs on the machine, unless the environment variable
    `RAY_ADDRESS` names a cluster (as it does for a Ray job's driver),
    which Ray then joins; when Ray is already initialised in this
    process, that connection is used, and `address` and `num_cpus` are
    refused (they would be ignored). The executor shuts down only the Ray
    connection it started. `workers` is how many tasks the cluster runs at
    once: its CPUs when the executor starts.

    A bad `address` or `num_cpus`, both given, or a `host:port` where
    nothing listens (a port that refuses, or no answer within
    `CONNECT_SECONDS`; Ray itself would wait for ever) raises
    [`SetupError`][trapper_core.SetupError] before Ray is started, and so
    does an address Ray refuses.

    A task's exception is raised by its future as the task raised it (not
    wrapped in Ray's `RayTaskError`), with the task's traceback as text in
    its `__cause__`, as a process pool gives it; a task that Ray could not
    run to its end (its worker or node died) raises
    `concurrent.futures.BrokenExecutor`. Cancelling a future cancels its
    task.
    """

    def __init__(
        self, address: str | None = None, *, num_cpus: int | None = None, **init: Any
    ) -> None:
        # Checked before Ray sees them: with 0 CPUs Ray started an instance
        # that ran no task, and a simulation waited for ever.
        if address is not None:
            _check_address(address)
        if num_cpus is not None:
            num_cpus = as_whole(
                num_cpus, SetupError, "RayExecutor: num_cpus takes a number of at least 1", low=1
            )
            if address is not None:
                # A cluster's CPUs are its own: Ray would take the number and ignore it.
                raise SetupError(
                    "RayExecutor: num_cpus is the CPUs of a local instance; a cluster "
                    f"at {address!r} has its own (give num_cpus or address, not both)"
                )
        self._started = False
        if ray.is_initialized():
            given = [
                name
                for name, value in (("address", address), ("num_cpus", num_cpus))
                if value is not None
            ] + sorted(init)
            if given:  # Ray would ignore them
                raise SetupError(
                    "RayExecutor: Ray is already initialised in this process (ray.init), "
                    f"and the executor uses that connection as it is: leave out {', '.join(given)}"
                )
        else:
            options: dict[str, Any] = {"include_dashboard": False}
            options.update(init)
            if address is None:
                # A new instance: without "local", Ray joins one that `ray
                # start` left running, which refuses num_cpus. RAY_ADDRESS
                # (a Ray job's driver) names a cluster, as Ray reads it.
                options["address"] = None if os.environ.get("RAY_ADDRESS") else "local"
                if num_cpus is not None:
                    options["num_cpus"] = num_cpus
            else:
                _check_reach(address)
                options["address"] = address
            try:
                ray.init(**options)
            except ValueError as exc:  # an address or an option Ray refuses
                raise SetupError(f"RayExecutor: Ray refused to start: {exc}") from None
            self._started = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._call = ray.remote(num_cpus=1)(_call)
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Sends `fn(*args, **kwargs)` to the cluster; the future holds its result."""
        if self._closed:
            raise RuntimeError("cannot submit to a RayExecutor after shutdown")
        ref = self._call.remote(fn, args, kwargs)
        future: _RayFuture[T] = _RayFuture(ref)
        ref.future().add_done_callback(lambda done: _settle(future, done))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stops taking tasks, and disconnects from Ray if this executor connected."""
        self._closed = True
        if self._started:
            self._started = False
            ray.shutdown()
