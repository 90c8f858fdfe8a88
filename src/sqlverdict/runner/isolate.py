"""Run jobs in worker processes with a hard wall-clock budget and a memory limit.

One job that loops, allocates without end or crashes the interpreter must not take a run
down, and must not hide what happened: its outcome is a failure with a reason that says
which budget ran out, and every other job still finishes.

- **Time.** The parent watches each job's clock and kills (SIGKILL) a worker whose job runs
  longer than ``time_s + grace_s``; the job's reason is ``time budget exceeded (S s)``. The
  grace period lets a job that honours its own soft budget (Z3's timeout) return on its own.
- **Memory.** Each worker caps its address space with ``RLIMIT_AS``; an allocation beyond it
  fails inside the worker (``MemoryError`` in Python, ``out of memory`` from Z3), the job's
  reason is ``memory budget exceeded (N MB)`` and the worker is replaced, since its state
  after a failed allocation is not trusted.
- **Crashes.** A worker that dies (segfault, ``os._exit``) fails its job with the signal or
  exit code and is replaced.
- **Order.** Outcomes come back in job order whatever the completion order, so output
  files are deterministic.

Workers are long-lived (one per slot, replaced only after a kill or a crash), so a job's
cost is the job itself, not an interpreter start. With ``fork_per_job`` a worker forks a
child per job (after an optional warm-up job), so every job starts from the same process
state: results cannot depend on which jobs a worker ran before (Z3 models do), and a job
that crashes or runs out of memory takes down only its child. Workers are started by ``forkserver``
(a clean process, not a copy of the parent with its progress-bar thread) and preload the
job function's module.

>>> with LocalPool(sleep_job, workers=2, time_s=0.5, grace_s=0.2) as pool:
...     outs = pool.run([0.0, 5.0, 0.01])
>>> [(o.ok, o.value, o.failure) for o in outs]
[(True, 0.0, None), (False, None, 'time budget exceeded (0.5 s)'), (True, 0.01, None)]
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import wait as wait_ready
from typing import Any

DEFAULT_MEMORY_MB = 2048
_START_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class Limits:
    """Per-job budgets. ``None`` means no limit."""

    time_s: float | None = 60.0
    memory_mb: int | None = DEFAULT_MEMORY_MB
    grace_s: float | None = None  # default: max(1 s, 10% of time_s)

    @property
    def kill_after_s(self) -> float | None:
        if self.time_s is None:
            return None
        grace = self.grace_s if self.grace_s is not None else max(1.0, 0.1 * self.time_s)
        return self.time_s + grace

    def time_reason(self) -> str:
        return f"time budget exceeded ({self.time_s:g} s)"

    def memory_reason(self) -> str:
        return f"memory budget exceeded ({self.memory_mb} MB)"


@dataclass(frozen=True)
class Outcome:
    """What became of one job: ``value`` when it returned, else ``failure`` (a reason)."""

    index: int
    value: Any = None
    failure: str | None = None
    elapsed_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.failure is None


def _is_memory_error(e: BaseException) -> bool:
    if isinstance(e, MemoryError):
        return True
    msg = str(e).lower()
    return "out of memory" in msg or "bad_alloc" in msg or "std::bad_alloc" in msg


def _run_job(conn, fn, index, job) -> str:
    """Run one job and send its outcome; return the outcome's kind."""
    t0 = time.perf_counter()
    try:
        value = fn(job)
        reply = ("ok", index, value, time.perf_counter() - t0)
    except BaseException as e:  # noqa: BLE001 - every failure becomes an outcome
        kind = "memory" if _is_memory_error(e) else "error"
        reply = (kind, index, f"{type(e).__name__}: {e}", time.perf_counter() - t0)
    try:
        conn.send(reply)
    except MemoryError:
        conn.send(("memory", index, "MemoryError while sending", time.perf_counter() - t0))
    except Exception as e:  # an unpicklable value
        conn.send(("error", index, f"result could not be sent: {type(e).__name__}: {e}",
                   time.perf_counter() - t0))
    return reply[0]


def _worker_main(conn, fn: Callable[[Any], Any], memory_mb: int | None,
                 fork_per_job: bool = False, warmup: Any = None) -> None:
    """The loop inside a worker: receive ``(index, job)``, send back the outcome.

    With ``fork_per_job`` the worker forks a child for each job and the child runs it, so
    every job starts from the same process state (the worker's, after the warm-up job):
    results cannot depend on which jobs a worker ran before, and a job that runs out of
    memory or crashes takes only its child down.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    os.setpgid(0, 0)  # own process group: the pool kills the worker and its job child at once
    if warmup is not None:  # pay lazy initialisation once, before any fork (and before the
        # memory limit: a native library such as libz3 must be mapped before it applies)
        try:
            warmup() if callable(warmup) else fn(warmup)
        except Exception:  # noqa: BLE001 - a failed warm-up only costs speed
            pass
    if memory_mb is not None:
        import resource

        limit = int(memory_mb) * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    conn.send(("ready", os.getpid()))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        index, job = msg
        if not fork_per_job:
            if _run_job(conn, fn, index, job) == "memory":
                return  # a failed allocation leaves state we do not trust: exit, get replaced
            continue
        t0 = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the job's own process
            code = 0
            try:
                _run_job(conn, fn, index, job)
            except BaseException:  # noqa: BLE001 - the worker reports our death
                code = 70
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            continue  # the child sent the outcome
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        conn.send(("crash", index, _death_reason(code), time.perf_counter() - t0))


def _death_reason(exitcode: int | None) -> str:
    if exitcode is None:
        return "worker died"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        return f"worker crashed (signal {name})"
    return f"worker crashed (exit code {exitcode})"


class _Worker:
    def __init__(self, ctx, fn, memory_mb, fork_per_job=False, warmup=None):
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main,
                                args=(child, fn, memory_mb, fork_per_job, warmup), daemon=True)
        self.proc.start()
        child.close()
        # Wait for the handshake, so that a worker that cannot start (unimportable job
        # function, broken environment) is an error for the run, not a failure per job.
        if not self.conn.poll(_START_TIMEOUT_S):
            self.kill()
            raise RuntimeError(f"worker process did not start within {_START_TIMEOUT_S:g} s")
        try:
            self.conn.recv()
        except (EOFError, OSError):
            self.proc.join(5)
            code = self.proc.exitcode
            self.conn.close()
            raise RuntimeError(f"worker process failed to start ({_death_reason(code)}); is "
                               f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', '?')}"
                               " importable?") from None
        self.index: int | None = None
        self.started = 0.0

    def submit(self, index: int, job: Any) -> None:
        self.index, self.started = index, time.monotonic()
        self.conn.send((index, job))

    def kill(self) -> None:
        if self.proc.is_alive():
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the worker and its job child
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
        self.proc.join(5)
        self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self.proc.join(2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(2)
        self.conn.close()


def _context(method: str | None):
    if method is None:
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
    return mp.get_context(method)


class LocalPool:
    """A pool of ``workers`` processes running ``fn(job)`` under ``Limits``.

    ``fn`` must be importable by name (a module-level function). Use as a context manager,
    or call ``close()``.
    """

    def __init__(self, fn: Callable[[Any], Any], *, workers: int = 1,
                 time_s: float | None = 60.0, memory_mb: int | None = DEFAULT_MEMORY_MB,
                 grace_s: float | None = None, start_method: str | None = None,
                 fork_per_job: bool = False, warmup: Any = None):
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.fn = fn
        self.workers = workers
        self.limits = Limits(time_s, memory_mb, grace_s)
        self.fork_per_job = fork_per_job
        self.warmup = warmup
        self._ctx = _context(start_method)
        if self._ctx.get_start_method() == "forkserver":
            # The server imports the main script and the job's module once; each worker
            # forked from it then starts in milliseconds (no re-import of the main script).
            mod = getattr(fn, "__module__", None)
            self._ctx.set_forkserver_preload(
                ["__main__"] + ([mod] if mod and mod != "__main__" else []))
        self._pool: list[_Worker] = []

    # -- lifecycle
    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for w in self._pool:
            w.stop()
        self._pool = []

    def _spawn(self) -> _Worker:
        return _Worker(self._ctx, self.fn, self.limits.memory_mb, self.fork_per_job,
                       self.warmup)

    # -- running
    def imap(self, jobs: Iterable[Any], *, on_done: Callable[[Outcome], None] | None = None
             ) -> Iterator[Outcome]:
        """Yield one ``Outcome`` per job, in job order. ``on_done`` sees each outcome as soon
        as it finishes (completion order), e.g. to advance a progress bar."""
        pending = iter(enumerate(jobs))
        idle: list[_Worker] = list(self._pool)
        busy: list[_Worker] = []
        done: dict[int, Outcome] = {}
        next_out = 0
        exhausted = False
        kill_after = self.limits.kill_after_s

        def finish(o: Outcome) -> None:
            done[o.index] = o
            if on_done is not None:
                on_done(o)

        try:
            while True:
                while not exhausted and (idle or len(busy) < self.workers):
                    item = next(pending, None)
                    if item is None:
                        exhausted = True
                        break
                    w = idle.pop() if idle else self._spawn()
                    try:
                        w.submit(*item)
                    except (OSError, BrokenPipeError):  # died while idle: replace, retry
                        w.kill()
                        w = self._spawn()
                        w.submit(*item)
                    busy.append(w)
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
                if exhausted and not busy:
                    break
                timeout = None
                if kill_after is not None:
                    now = time.monotonic()
                    timeout = max(0.0, min(w.started + kill_after - now for w in busy))
                ready = wait_ready([w.conn for w in busy] + [w.proc.sentinel for w in busy],
                                   timeout)
                now = time.monotonic()
                for w in list(busy):
                    if w.conn in ready or w.proc.sentinel in ready:
                        try:
                            kind, index, payload, elapsed = w.conn.recv()
                        except (EOFError, OSError):
                            w.proc.join(5)
                            busy.remove(w)
                            finish(Outcome(w.index, failure=_death_reason(w.proc.exitcode),
                                           elapsed_s=now - w.started))
                            w.kill()
                            continue
                        busy.remove(w)
                        if kind == "memory" and not self.fork_per_job:
                            w.kill()  # it exits anyway; replaced on the next job
                        else:
                            idle.append(w)
                        if kind == "ok":
                            finish(Outcome(index, value=payload, elapsed_s=elapsed))
                        elif kind == "crash":
                            finish(Outcome(index, failure=payload, elapsed_s=elapsed))
                        elif kind == "memory":
                            finish(Outcome(index, failure=self.limits.memory_reason(),
                                           elapsed_s=elapsed))
                        else:
                            finish(Outcome(index, failure=f"error: {payload}", elapsed_s=elapsed))
                    elif kill_after is not None and now - w.started >= kill_after:
                        busy.remove(w)
                        w.kill()
                        finish(Outcome(w.index, failure=self.limits.time_reason(),
                                       elapsed_s=now - w.started))
            self._pool = idle
        except BaseException:
            for w in busy:
                w.kill()
            self._pool = idle
            raise

    def run(self, jobs: Sequence[Any], *,
            progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
        """All outcomes, in job order; ``progress(done, total)`` as jobs finish."""
        return run_all(self, jobs, progress)


def run_all(pool, jobs: Sequence[Any],
            progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """``pool.imap`` over ``jobs`` collected in job order, counting finished jobs."""
    jobs = list(jobs)
    done = [0]

    def count(_outcome: Outcome) -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], len(jobs))

    return list(pool.imap(jobs, on_done=count))


# --------------------------------------------------------------------------- probe jobs
# Jobs with known behaviour, importable by name in any worker (local or Ray), for checking
# that a pool enforces its limits: real sleeping, allocating, querying and crashing.


def sleep_job(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def allocate_job(megabytes: int) -> int:
    """Allocate and touch ``megabytes`` MB; return the number of MB held."""
    block = bytearray(megabytes * 1024 * 1024)
    for i in range(0, len(block), 4096):
        block[i] = 1
    return len(block) // (1024 * 1024)


def query_job(job: tuple[str, str]) -> list[tuple]:
    """Run ``(db_path, sql)`` through the project's read-only executor; return the rows."""
    from ..engine.execute import run_query

    db, sql = job
    return run_query(db, sql).rows


def exit_job(code: int) -> None:
    """Die without cleanup, as a crashing extension would."""
    os._exit(code)


_jobs_seen = [0]


def history_job(_job: Any = None) -> int:
    """How many jobs this process has run, this one included: 1 + its history."""
    _jobs_seen[0] += 1
    return _jobs_seen[0]
