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

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

from .errors import SetupError, as_whole, shown

try:
    import ray
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "trapper_core.ray needs Ray, which comes with the 'ray' extra: "
        "pip install 'trapper-core[ray]'"
    ) from exc

__all__ = ["RayExecutor"]

P = ParamSpec("P")
T = TypeVar("T")


def _call(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """The one Ray task: calls any function that pickles (a builtin, a
    `functools.partial`, a module's function)."""
    return fn(*args, **kwargs)


class RayExecutor(Executor):
    """Runs submitted functions as Ray tasks, one CPU each.

    `address` is the cluster's (`"auto"` for the one this machine
    belongs to, `"ray://host:10001"` for a remote one); `None` starts a
    local instance with `num_cpus` CPUs (every core by default) unless Ray
    is already initialised in this process, in which case that connection is
    used. The executor shuts down only the Ray connection it started.
    `workers` is how many tasks the cluster runs at once: its CPUs when
    the executor starts. A bad `address` or `num_cpus`, or both given,
    raises [`SetupError`][trapper_core.SetupError] before Ray is started.
    """

    def __init__(
        self, address: str | None = None, *, num_cpus: int | None = None, **init: Any
    ) -> None:
        # Checked before Ray sees them: with 0 CPUs Ray started an instance
        # that ran no task, and a simulation waited for ever.
        if address is not None and (not isinstance(address, str) or not address):
            raise SetupError(
                "RayExecutor: address takes a cluster's address ('auto', "
                f"'ray://host:10001') or None, not {shown(address)}"
            )
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
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False}
            options.update(init)
            if address is None and num_cpus is not None:
                options["num_cpus"] = num_cpus
            ray.init(address=address, **options)
            self._started = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._call = ray.remote(num_cpus=1)(_call)
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Sends `fn(*args, **kwargs)` to the cluster; the future holds its result."""
        if self._closed:
            raise RuntimeError("cannot submit to a RayExecutor after shutdown")
        future: Future[T] = self._call.remote(fn, args, kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stops taking tasks, and disconnects from Ray if this executor connected."""
        self._closed = True
        if self._started:
            self._started = False
            ray.shutdown()
