"""Run the same jobs on a Ray cluster, with the same limits and the same outcomes.

Each Ray actor owns one ``runner.isolate.LocalPool`` with a single worker process, so a job
on the cluster is run exactly as it is locally: the same hard wall-clock kill, the same
``RLIMIT_AS`` memory limit, the same failure reasons, and outcomes in job order. Ray only
places the actors and carries jobs and outcomes.

Ray is an optional dependency (``pip install 'sqlverdict[ray]'``); this module imports it
only when a ``RayPool`` is created. ``address=None`` starts a local Ray instance on this
machine (and shuts it down on ``close()``); ``address="auto"`` or ``"ray://host:10001"``
joins a running cluster, whose nodes need sqlverdict installed in the same version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ..errors import InputError
from .isolate import DEFAULT_MEMORY_MB, LocalPool, Outcome, run_all


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _require_ray():
    try:
        import ray
    except ImportError:  # an InputError, so that the CLI prints one clean line
        raise InputError("the Ray executor needs Ray: pip install 'sqlverdict[ray]' "
                         "(or pip install 'ray[default]')") from None
    return ray


class _IsolatedRunner:
    """The body of one Ray actor: a one-worker local pool with the run's limits."""

    def __init__(self, fn, time_s, memory_mb, grace_s, fork_per_job=False, warmup=None):
        self.pool = LocalPool(fn, workers=1, time_s=time_s, memory_mb=memory_mb,
                              grace_s=grace_s, fork_per_job=fork_per_job, warmup=warmup)

    def run(self, index: int, job: Any) -> Outcome:
        (out,) = list(self.pool.imap([job]))
        return Outcome(index, out.value, out.failure, out.elapsed_s)

    def close(self) -> None:
        self.pool.close()


class RayPool:
    """Same interface as ``LocalPool`` (``imap``, ``run``, context manager), on Ray."""

    def __init__(self, fn: Callable[[Any], Any], *, workers: int | None = None,
                 time_s: float | None = 60.0, memory_mb: int | None = DEFAULT_MEMORY_MB,
                 grace_s: float | None = None, address: str | None = None,
                 init_kwargs: dict | None = None, fork_per_job: bool = False,
                 warmup: Any = None):
        ray = _require_ray()
        self._ray = ray
        self._owns_ray = False
        if not ray.is_initialized():
            kw = {"include_dashboard": False, "log_to_driver": False,
                  "ignore_reinit_error": True, "configure_logging": False}
            kw.update(init_kwargs or {})
            ray.init(address=address, **kw)
            self._owns_ray = address is None
        cpus = float(ray.cluster_resources().get("CPU", 1.0))
        self.workers = int(workers or max(1, int(cpus)))
        # never ask for more CPUs than the cluster has, or actors would wait forever
        per_actor = min(1.0, cpus / self.workers)
        actor_cls = ray.remote(num_cpus=per_actor, max_restarts=0)(_IsolatedRunner)
        self._make = lambda: actor_cls.remote(fn, time_s, memory_mb, grace_s, fork_per_job,
                                              warmup)
        self._actors = [self._make() for _ in range(self.workers)]

    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        ray = self._ray
        for a in self._actors:
            try:
                ray.get(a.close.remote(), timeout=10)
            except Exception:  # an actor that is already gone needs no closing
                pass
            ray.kill(a)
        self._actors = []
        if self._owns_ray and ray.is_initialized():
            ray.shutdown()

    def imap(self, jobs: Iterable[Any], *, on_done: Callable[[Outcome], None] | None = None
             ) -> Iterator[Outcome]:
        ray = self._ray
        pending = iter(enumerate(jobs))
        free = list(self._actors)
        running: dict[Any, tuple[Any, int]] = {}  # object ref -> (actor, index)
        done: dict[int, Outcome] = {}
        next_out = 0
        exhausted = False
        while True:
            while free and not exhausted:
                item = next(pending, None)
                if item is None:
                    exhausted = True
                    break
                actor = free.pop()
                running[actor.run.remote(*item)] = (actor, item[0])
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
            if exhausted and not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                actor, index = running.pop(ref)
                try:
                    out = ray.get(ref)
                    free.append(actor)
                except ray.exceptions.RayActorError as e:  # the actor (node) died
                    out = Outcome(index, failure=f"ray worker died: {type(e).__name__}")
                    self._actors.remove(actor)
                    replacement = self._make()
                    self._actors.append(replacement)
                    free.append(replacement)
                done[index] = out
                if on_done is not None:
                    on_done(out)

    def run(self, jobs: Sequence[Any], *,
            progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
        """All outcomes, in job order; ``progress(done, total)`` as jobs finish."""
        return run_all(self, jobs, progress)
