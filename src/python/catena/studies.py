"""Studies as pandas DataFrames, run here or on a Dask cluster, one case per task.

A study is laid out in its output directory as independent cases (``plan.ron``,
``scenes/NNN.ron``; see ``catena::study::Plan``); each case is ``catena run`` of its scene into
its own directory ``runs/NNN``, in this process or in a Dask task. A case that fails (a scene
that cannot be built, a step that fails at the smallest Δt) is a row of the table with its
error; the other cases are not lost. Running the study again runs only the cases that have not
finished, so an interrupted study is continued by calling the same function again.

On a Dask cluster every worker must see the output directory (a shared file system, as on an
HPC cluster) and have catena installed. With dask-jobqueue on Slurm::

    from dask_jobqueue import SLURMCluster
    from dask.distributed import Client
    cluster = SLURMCluster(cores=1, processes=1, memory="2GB", walltime="02:00:00")
    cluster.scale(jobs=10)                 # ten Slurm jobs, one worker each
    client = Client(cluster)
    table = catena.sweep("flagella_m2.ron", "chains/imc.ron",
                         set={"T_IMC.mu": [0.1 * k for k in range(1, 11)]},
                         out="/scratch/me/mu_sweep", client=client)

Without Python on the cluster, ``catena sweep … --emit slurm DIR`` writes an ``sbatch`` job
array of the same cases, and ``catena sweep --collect DIR`` (or :func:`collect`) merges them.
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

import pandas as pd

from . import _catena

PathLike = Union[str, "os.PathLike[str]"]

#: Case statuses of a finished case: running the study again skips it.
FINISHED = ("completed", "failed")


def _ron(value: Any) -> str:
    """A Python value as the RON literal of a chain parameter."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return str(value)


def plan_sweep(
    scene: PathLike,
    chain: PathLike,
    set: Mapping[str, Iterable[Any]],
    *,
    until: Optional[float] = None,
    out: PathLike = "out/sweep",
    force: bool = False,
) -> str:
    """Lays out the sweep (see :func:`sweep`) in ``out`` without running it; returns ``out``."""
    if len(set) != 1:
        raise ValueError(f"set must name one parameter, e.g. {{'T_IMC.mu': [0.1, 0.2]}}, got {dict(set)!r}")
    ((parameter, values),) = set.items()
    values = [_ron(v) for v in values]
    if not values:
        raise ValueError(f"no values for {parameter}")
    _catena.plan_sweep(os.fspath(scene), os.fspath(chain), parameter, values, os.fspath(out), until, force)
    return os.fspath(out)


def plan_compare(
    scene: PathLike,
    chains: Sequence[PathLike],
    *,
    until: Optional[float] = None,
    out: PathLike = "out/compare",
    force: bool = False,
) -> str:
    """Lays out the comparison (see :func:`compare`) in ``out`` without running it; returns ``out``."""
    _catena.plan_compare(os.fspath(scene), [os.fspath(c) for c in chains], os.fspath(out), until, force)
    return os.fspath(out)


def run_case(out: str, index: int) -> tuple:
    """Runs case ``index`` of the study in ``out`` (what one Dask task does); returns
    ``(status, message)``."""
    return _catena.run_case(out, index)


def _frame(columns: list, rows: list, errors: Mapping[int, str]) -> pd.DataFrame:
    for i, message in errors.items():
        if rows[i]["status"] not in FINISHED:
            rows[i]["status"] = "failed"
            rows[i]["message"] = message
    table = pd.DataFrame(rows, columns=columns)
    first = columns[0]
    try:
        table[first] = pd.to_numeric(table[first])
    except (ValueError, TypeError):
        pass
    return table


def collect(out: PathLike) -> pd.DataFrame:
    """The table of the study in ``out`` as it stands (``catena sweep --collect``): one row per
    case, the columns of ``sweep.csv`` or ``compare.csv`` then ``status`` (``completed``,
    ``failed``, ``missing``, ``unfinished``) and ``message`` (the error of a failed case).
    Also rewrites the study's CSV and JSON tables over the finished cases."""
    columns, rows = _catena.collect(os.fspath(out))
    return _frame(columns, rows, {})


def run_study(out: PathLike, *, client: Any = None, progress: bool = False) -> pd.DataFrame:
    """Runs the cases of the study laid out in ``out`` that have not finished, one Dask task
    per case on ``client`` (a ``dask.distributed.Client``) or one after the other here, and
    returns the table (see :func:`collect`). A task that raises (a worker lost, a full disk)
    marks its case failed with the exception; the other cases are kept."""
    out = os.path.abspath(os.fspath(out))
    n = _catena.cases(out)
    todo = [i for i in range(n) if _catena.status(out, i)[0] not in FINISHED]
    errors: dict = {}
    if client is None:
        for i in todo:
            _catena.run_case(out, i, progress)
    elif todo:
        from dask.distributed import wait

        token = os.urandom(4).hex()
        keys = [f"catena-case-{i:03d}-{token}" for i in todo]
        futures = client.map(run_case, [out] * len(todo), todo, key=keys, pure=False)
        wait(futures)
        for i, f in zip(todo, futures):
            if f.status == "error":
                errors[i] = f"task failed: {f.exception()!r}"
    columns, rows = _catena.collect(out)
    return _frame(columns, rows, errors)


def sweep(
    scene: PathLike,
    chain: PathLike,
    set: Mapping[str, Iterable[Any]],
    *,
    until: Optional[float] = None,
    out: PathLike = "out/sweep",
    client: Any = None,
    force: bool = False,
    progress: bool = False,
) -> pd.DataFrame:
    """``catena sweep``: the scene run once per value of one chain parameter, e.g.
    ``set={"T_IMC.mu": [0.1, 0.2]}`` (values as Python numbers or RON text). Each case runs
    into ``out/runs/NNN`` (on ``client``'s Dask workers when given); returns one row per value
    with the columns of ``sweep.csv``, then ``status`` and ``message``. Calling it again with the
    same arguments runs only the cases that did not finish; ``force`` starts over."""
    plan_sweep(scene, chain, set, until=until, out=out, force=force)
    return run_study(out, client=client, progress=progress)


def compare(
    scene: PathLike,
    chains: Sequence[PathLike],
    *,
    until: Optional[float] = None,
    out: PathLike = "out/compare",
    client: Any = None,
    force: bool = False,
    progress: bool = False,
) -> pd.DataFrame:
    """``catena compare``: the scene run once per chain (the first is the reference of ``rti``
    and ē). Each case runs into ``out/runs/NNN`` (on ``client``'s Dask workers when given);
    returns one row per chain with the columns of ``compare.csv``, then ``status`` and
    ``message`` (ē is taken over the runs' frames, every ``output.frame_every`` steps)."""
    plan_compare(scene, chains, until=until, out=out, force=force)
    return run_study(out, client=client, progress=progress)
