"""Running independent chunks of work locally or as Ray tasks, with results in task order.

Tournaments and balance studies cut their games into chunks that do not depend on each other
(each chunk seeds its own agents, and the engine's counter-based randomness makes every game
a function of its seed), so a chunk gives the same result in this process or on any worker
of a Ray cluster, and merging the results in task order gives the same study either way.

* ``backend="local"``: the tasks run one after the other in this process.
* ``backend="ray"``: every task is a Ray task (one CPU each). ``address=None`` starts a local
  Ray instance on this machine (``num_cpus``: all cores by default) and shuts it down at the
  end; ``address="auto"`` or ``"ray://host:10001"`` joins an existing cluster, whose nodes
  must have this package installed (``pip install florentine-games[ray]``) -- on a local
  instance the workers import it from this checkout.

With ``max_seconds``, no task starts after the time is up (local), or the tasks still
running then are cancelled (Ray); the results of the tasks not finished are None. The first
``min_tasks`` tasks always finish (a study needs the first chunk of every cell).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

BACKENDS = ("local", "ray")
_ROOT = str(Path(__file__).resolve().parents[2])  # the checkout holding florentine_envs, agents, training


def run_tasks(
    fn: Callable,
    tasks: list,
    backend: str = "local",
    address: str | None = None,
    num_cpus: int | None = None,
    max_seconds: float | None = None,
    on_done: Callable[[int, object], None] | None = None,
    min_tasks: int = 1,
) -> list:
    """``[fn(task) for task in tasks]`` on ``backend``; ``on_done(index, result)`` is called as
    each task finishes (in any order on Ray); unfinished tasks (time limit) give None."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    if backend == "local":
        if address is not None:
            raise ValueError("--ray-address needs --backend ray")
        return _run_local(fn, tasks, max_seconds, on_done, min_tasks)
    return _run_ray(fn, tasks, address, num_cpus, max_seconds, on_done, min_tasks)


def _run_local(fn, tasks, max_seconds, on_done, min_tasks) -> list:
    results = [None] * len(tasks)
    started = time.perf_counter()
    for i, task in enumerate(tasks):
        if max_seconds is not None and i >= min_tasks and time.perf_counter() - started >= max_seconds:
            break
        results[i] = fn(task)
        if on_done is not None:
            on_done(i, results[i])
    return results


def init_ray(address: str | None = None, num_cpus: int | None = None):
    """Start (``address=None``: a local instance with ``num_cpus`` CPUs) or join a Ray cluster,
    with one BLAS thread per worker; returns the ``ray`` module."""
    try:
        import ray
    except ImportError:
        raise ValueError("backend 'ray' needs Ray: pip install 'florentine-games[ray]'") from None
    # One thread per task: numpy's BLAS would otherwise start a thread per core in every worker.
    env = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    if address is None:  # a local instance: its workers import the package from this checkout
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, os.environ.get("PYTHONPATH")) if p)
    ray.init(address=address, num_cpus=num_cpus if address is None else None, include_dashboard=False,
             log_to_driver=False, configure_logging=False, runtime_env={"env_vars": env})  # fmt: skip
    return ray


def _run_ray(fn, tasks, address, num_cpus, max_seconds, on_done, min_tasks) -> list:
    try:
        import ray
    except ImportError:
        raise ValueError("backend 'ray' needs Ray: pip install 'florentine-games[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        init_ray(address, num_cpus)
    try:
        remote = ray.remote(num_cpus=1)(fn)
        refs = [remote.remote(task) for task in tasks]
        index = {ref: i for i, ref in enumerate(refs)}
        results = [None] * len(tasks)
        pending = list(refs)
        started = time.perf_counter()
        while pending:
            timeout = None  # without a limit, and until the first min_tasks are done: wait
            if max_seconds is not None and all(r is not None for r in results[:min_tasks]):
                timeout = max(0.0, max_seconds - (time.perf_counter() - started))
            done, pending = ray.wait(pending, num_returns=1, timeout=timeout)
            if not done:  # the time is up
                for ref in pending:
                    ray.cancel(ref, force=True)
                break
            for ref in done:
                results[index[ref]] = ray.get(ref)
                if on_done is not None:
                    on_done(index[ref], results[index[ref]])
        return results
    finally:
        if started_here:
            ray.shutdown()
