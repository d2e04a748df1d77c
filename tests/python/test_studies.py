"""Studies from Python: a Dask sweep with a failing case, a local comparison, and the Slurm
emit/collect round trip of the command line."""

import csv
import os
import subprocess

import pandas as pd
import pytest

import catena

CROSSING = "examples/scenes/rods_crossing.ron"
LINEAR = "chains/linear_rod_rod.ron"
STIFFNESS = {"N_LinearForce.stiffness": [1e3, 1e4, 1e5, 1e6]}


def header(path):
    with open(path) as f:
        return f.readline().strip().split(",")


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_dask_sweep_returns_every_case_with_the_failed_one(root, cli, tmp_path, client):
    from dask.distributed import get_task_stream

    out = tmp_path / "sweep"
    catena.plan_sweep(root / CROSSING, root / LINEAR, STIFFNESS, until=0.02, out=out)
    # Case 2 is broken on purpose: its scene no longer parses.
    (out / "scenes" / "002.ron").write_text("Scene(time: oops)\n")
    with get_task_stream(client) as stream:
        table = catena.run_study(out, client=client)
    workers = {t["worker"] for t in stream.data}
    assert len(workers) == 2, workers
    assert list(table.columns) == header(out / "sweep.csv") + ["status", "message"]
    assert list(table["status"]) == ["completed", "completed", "failed", "completed"]
    assert list(table["N_LinearForce.stiffness"]) == [1e3, 1e4, 1e5, 1e6]
    failed = table.iloc[2]
    assert "002.ron:1:" in failed["message"] and not failed["completed"]
    assert (table.loc[table.status == "completed", "sim_end"] > 0.019).all()
    # The same numbers as `catena sweep` (wall times aside).
    cli("sweep", CROSSING, "--chain", LINEAR, "--set", "N_LinearForce.stiffness=1e3,1e4",
        "--until", "0.02", "-q", "--out", tmp_path / "cli")
    ref = pd.read_csv(tmp_path / "cli" / "sweep.csv")
    assert list(ref["total_iterations"]) == list(table["total_iterations"][:2])
    # Running again skips the finished cases, the failed one included.
    mtimes = [os.stat(out / "runs" / f"{i:03d}" / "steps.csv").st_mtime_ns for i in (0, 1, 3)]
    with get_task_stream(client) as stream:
        again = catena.sweep(root / CROSSING, root / LINEAR, STIFFNESS, until=0.02, out=out, client=client)
    assert not stream.data
    assert list(again["status"]) == list(table["status"])
    assert mtimes == [os.stat(out / "runs" / f"{i:03d}" / "steps.csv").st_mtime_ns for i in (0, 1, 3)]


def test_local_compare_has_the_columns_of_compare_csv(root, tmp_path):
    out = tmp_path / "compare"
    table = catena.compare(
        root / CROSSING, [root / LINEAR, root / "chains/imc.ron"], until=0.01, out=out
    )
    assert list(table.columns) == header(out / "compare.csv") + ["status", "message"]
    assert list(table["status"]) == ["completed", "completed"]
    assert table["rti"][0] == 1.0 and (table["total_iterations"] >= 10).all()
    assert (out / "cumulative_iterations.svg").is_file()


def test_emit_slurm_and_collect(root, cli, tmp_path):
    out = tmp_path / "slurm"
    cli("sweep", CROSSING, "--chain", LINEAR, "--set", "N_LinearForce.stiffness=1e3,1e4,1e5",
        "--until", "0.005", "--emit", "slurm", out)
    script = (out / "study.sbatch").read_text()
    directives = dict(
        line[len("#SBATCH --"):].split("=", 1) for line in script.splitlines() if line.startswith("#SBATCH --")
    )
    assert directives["array"] == "0-2"
    assert directives["mem"].endswith("M") and int(directives["mem"][:-1]) >= 256
    days, hms = directives["time"].split("-")
    h, m, s = map(int, hms.split(":"))
    assert int(days) * 86400 + h * 3600 + m * 60 + s >= 600
    (run_line,) = [l for l in script.splitlines() if '" run "' in l]
    assert str(cli.binary) in script and "--until 0.005" in run_line
    for i in range(3):
        assert (out / "scenes" / f"{i:03d}.ron").is_file()
    # Array tasks 0 and 2 run (as Slurm would start them); task 1 never does.
    for i in (0, 2):
        subprocess.run(["bash", out / "study.sbatch"], env={**os.environ, "SLURM_ARRAY_TASK_ID": str(i)},
                       check=True, capture_output=True)
    p = cli("sweep", "--collect", out, check=False)
    assert p.returncode == 1
    assert "2 of 3 cases completed" in p.stdout and "case 001 N_LinearForce.stiffness=1e4: missing" in p.stdout
    with open(out / "sweep.csv") as f:
        values = [r["N_LinearForce.stiffness"] for r in csv.DictReader(f)]
    assert values == ["1e3", "1e5"]
    table = catena.collect(out)
    assert list(table["status"]) == ["completed", "missing", "completed"]
