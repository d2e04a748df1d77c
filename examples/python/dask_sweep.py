"""A friction sweep (seed 001 Table 2) on Dask: a local cluster here, Slurm jobs on a cluster.

Run from the repository root after `pip install .` (and `pip install "dask[distributed]"`):

    python examples/python/dask_sweep.py --until 0.05                  # LocalCluster, 2 workers
    python examples/python/dask_sweep.py --slurm --until 250 --out /scratch/$USER/mu_sweep

With --slurm (needs `pip install dask-jobqueue`, run on the cluster's login node) every Dask
worker is a Slurm job of its own (`SLURMCluster`); the output directory must be on a file system
the compute nodes share. Each value of μ is one task writing `OUT/runs/NNN`; a failed case is a
row with its error, and running the script again runs only the cases that did not finish.
"""

import argparse
from pathlib import Path

from dask.distributed import Client, LocalCluster

import catena

ROOT = Path(__file__).resolve().parents[2]


def cluster(slurm: bool, workers: int):
    if not slurm:
        return LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
    from dask_jobqueue import SLURMCluster

    # One case at a time per job: catena parallelises a step over the job's cores.
    c = SLURMCluster(cores=2, processes=1, memory="2GB", walltime="04:00:00", job_name="catena-mu")
    c.scale(jobs=workers)
    return c


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--until", type=float, default=0.05)
    p.add_argument("--out", type=Path, default=Path("out/dask_mu_sweep"))
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--slurm", action="store_true", help="Dask workers as Slurm jobs (dask-jobqueue)")
    args = p.parse_args()
    with cluster(args.slurm, args.workers) as c, Client(c) as client:
        table = catena.sweep(
            ROOT / "examples/scenes/flagella_m2.ron",
            ROOT / "chains/imc.ron",
            set={"T_IMC.mu": [0.1, 0.3, 0.5, 0.7, 1.0]},
            until=args.until,
            out=args.out,
            client=client,
        )
    print(table[["T_IMC.mu", "aipts", "total_iterations", "sim_end", "status", "message"]])
    print(f"tables: {args.out / 'sweep.csv'}, {args.out / 'sweep.json'}")


if __name__ == "__main__":
    main()
