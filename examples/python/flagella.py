"""A short flagella comparison from Python, and a rod driven from a Python loop.

Run from the repository root after `pip install .`:

    python examples/python/flagella.py [--until 0.02] [--out out/py_flagella] [--dask]

1. `catena.compare` runs the two-flagella scene of the IMC paper once with the IMC chain and
   once with the IPC chain (a very short horizon: the paper's is 250 s; the flagella first touch
   at t ≈ 1.73 s, so the two chains differ only with --until 2.5 or more) and prints the table
   (the columns of compare.csv). With --dask the two cases run as tasks of a local Dask cluster.
2. The cumulative Newton iterations of each case, read from its run's steps.csv, are plotted
   into OUT/cumulative_iterations_py.png when matplotlib is installed.
3. The cantilever's clamped end is moved up and down from a Python loop
   (`Simulator.set_boundary_target` between steps), as a controller would drive it.
"""

import argparse
import math
from pathlib import Path

import numpy as np
import pandas as pd

import catena

ROOT = Path(__file__).resolve().parents[2]


def compare(until: float, out: Path, dask: bool) -> pd.DataFrame:
    client = None
    if dask:
        from dask.distributed import Client, LocalCluster

        client = Client(LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None))
    chains = [ROOT / "chains/imc.ron", ROOT / "chains/ipc.ron"]
    table = catena.compare(
        ROOT / "examples/scenes/flagella_m2.ron", chains, until=until, out=out, client=client, force=True
    )
    if client is not None:
        client.close()
    return table


def plot_cumulative_iterations(table: pd.DataFrame, out: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install matplotlib)")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for i, chain in enumerate(table["chain"]):
        steps = pd.read_csv(out / "runs" / f"{i:03d}" / "steps.csv")
        ax.plot(steps["t"], steps["newton_iterations"].cumsum(), label=Path(chain).stem)
    ax.set_xlabel("simulated time (s)")
    ax.set_ylabel("cumulative Newton iterations")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "cumulative_iterations_py.png", dpi=120)
    print(f"plot: {out / 'cumulative_iterations_py.png'}")


def drive_cantilever(steps: int = 40) -> None:
    sim = catena.load_scene(ROOT / "examples/scenes/cantilever.ron").simulator()
    (clamp,) = sim.boundary_conditions()
    rest = clamp["targets"]
    for k in range(steps):
        # The controller: the clamped end follows z(t) = A sin(2π f t).
        t = sim.time + sim.dt
        lift = 0.005 * math.sin(2 * math.pi * 4.0 * t)
        sim.set_boundary_target(0, rest + np.array([0.0, 0.0, lift]))
        report = sim.step()
        tip = sim.positions("beam")[-1]
        if k % 10 == 9:
            print(f"t = {report.t:.3f} s  clamp z = {lift:+.4f} m  tip z = {tip[2]:+.4f} m  "
                  f"Newton {report.iterations}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--until", type=float, default=0.02, help="simulated seconds (default 0.02)")
    p.add_argument("--out", type=Path, default=Path("out/py_flagella"))
    p.add_argument("--dask", action="store_true", help="run the cases on a local Dask cluster")
    args = p.parse_args()
    table = compare(args.until, args.out, args.dask)
    with pd.option_context("display.width", 160, "display.max_columns", 20):
        print(table.drop(columns=["message"]))
    plot_cumulative_iterations(table, args.out)
    drive_cantilever()


if __name__ == "__main__":
    main()
