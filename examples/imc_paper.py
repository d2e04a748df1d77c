#!/usr/bin/env python3
"""The IMC paper's flagella study (seed 001 §4, Tables 1-2, App. D) as its authors ran it:
every case to the paper's horizon (250 s, 250,000 steps of 1 ms), resumable case by case.

    python3 examples/imc_paper.py run [CASE ...]     # run (or resume) cases; default: all
    python3 examples/imc_paper.py tables             # Tables 1-2, thrust, from what has run
    python3 examples/imc_paper.py slurm DIR          # a Slurm job array with one task per case
    python3 examples/imc_paper.py list               # the cases

Cases: table 1 is `t1-mM-imc` and `t1-mM-ipc` for M = 2, 3, 5, 10 (frictionless IMC against
IPC); table 2 is `t2-muX` for mu = 0.1, 0.2, ..., 1.0 (IMC with friction, M = 2).
Each case is a plain `catena run` of a scene written by `catena flagella` into
out/imc_paper/<case>/ with a checkpoint every CHECKPOINT_EVERY steps: a case that was
stopped (Ctrl-C, a killed job, the end of a session) continues from its last checkpoint with
`catena resume`; a finished case is skipped. Cases run JOBS at a time, each on THREADS
threads (results are the same bits for any thread count).

Environment: CATENA (the binary; default target/release/catena, built if missing), UNTIL
(horizon in s, default 250), JOBS (default 1), THREADS (default 1), CHECKPOINT_EVERY (default
5000), SETTINGS (`catena`: the shipped scenes' solver, the default; `paper`: the paper's code's
settings that catena can express — Newton from q_n (its Alg. 2), its convergence test
‖r‖ ≤ 1e-3 EI M/L² or ‖r‖ ≤ 1e-3 ‖r₀‖ after a solve, up to 1000 iterations, 10 line-search
halvings, candidates within 2 mm and no pairs within 3 edges of the same rod; README lists what
differs still). Paper-settings cases are separate cases, named with a `-paper` suffix.

`tables` reads each case's steps.csv (the complete part of a running or stopped case too)
and prints Markdown: Table 1 (AIPTS, ATPTS and RTI over the steps in contact, as the paper;
AIPTS counted as catena counts, one per linear solve, and as the paper's code counts, one
more per step), Table 2 (with AIPTS also over the paper's own horizon, where its run ended
before 250 s), and the propulsive force of App. D: the mean over the steps of the
axial force each flagellum pushes on its motor (−support force along the rotation axis, from
the `supportI_fz` columns), and its normalisation F h²/EI (Eq. D.1). It writes the tables as
CSV and two SVG plots in out/imc_paper/: thrust against time per M, and the iterations of
each step of IMC and IPC side by side.
"""

import csv
import json
import math
import statistics
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out" / "imc_paper"
MS = (2, 3, 5, 10)
MUS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
# The paper's Table 1: AIPTS IMC / IPC, ATPTS (ms) IMC / IPC, RTI; Table 2: AIPTS of IMC with
# friction and the simulated time it reached (s).
PAPER_T1 = {2: (3.00, 4.00, 10.2, 18.75, 1.82), 3: (3.01, 4.00, 21.3, 39.5, 1.82),
            5: (3.02, 4.01, 67.5, 95.3, 1.40), 10: (3.12, 4.02, 389.4, 477.47, 1.22)}
PAPER_T2 = {0.1: (3.01, 250), 0.2: (3.01, 250), 0.3: (3.61, 250), 0.4: (4.89, 250),
            0.5: (6.67, 250), 0.6: (8.71, 250), 0.7: (14.47, 235.89), 0.8: (14.16, 180.98),
            0.9: (11.1, 142.72), 1.0: (11.65, 135.32)}
# Flagellum: h = 1 mm, E = 3 MPa (seed 001 §4.1), so EI = E π h⁴/4.
H, E_MOD = 1e-3, 3e6
EI = E_MOD * math.pi * H**4 / 4


def cases():
    out = {}
    for m in MS:
        for chain in ("imc", "ipc"):
            out[f"t1-m{m}-{chain}"] = {"m": m, "chain": f"chains/{chain}.ron"}
    for mu in MUS:
        out[f"t2-mu{mu}"] = {"m": 2, "chain": "chains/imc_friction.ron", "mu": mu}
    for name, c in list(out.items()):
        out[name + "-paper"] = {**c, "paper": True}
    return out


# The paper's code's solver (StructuresComp/rod-contact-sim, world::newtonMethod): tolerance
# 1e-3 on the characteristic force EI M/L² (L = 0.34035 m, the rod's length) or on ‖r₀‖ after
# the first solve, at most 1000 iterations, line search halving down to 2⁻⁹.
def paper_solver(m):
    ei_l2 = EI / 0.34035**2
    return (f"solver: (initial_guess: Previous, abs_tol: {1e-3 * ei_l2 * m:.3e}, rel_tol: 1e-3, "
            "force_tol: 0.0, step_tol: 0.0, max_iterations: 1000, line_search: GoldsteinPrice, "
            "line_search_max_iterations: 10, line_search_expansion: 1.0),")


def catena():
    exe = Path(os.environ.get("CATENA", ROOT / "target" / "release" / "catena"))
    if not exe.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return exe


def write_scene(name, case, exe):
    """The case's chain (friction edited in) and scene, in its directory."""
    d = OUT / name
    d.mkdir(parents=True, exist_ok=True)
    chain = ROOT / case["chain"]
    if "mu" in case:
        text = chain.read_text()
        if "T_IMC(mu: 0.1," not in text:
            raise RuntimeError(f"{chain}: no `T_IMC(mu: 0.1,` to edit")
        edited = text.replace("T_IMC(mu: 0.1,", f"T_IMC(mu: {case['mu']},")
        chain = d / "chain.ron"
        chain.write_text(edited)
    scene = d / "scene.ron"
    until = os.environ.get("UNTIL", "250")
    subprocess.run(
        [str(exe), "flagella", "--m", str(case["m"]), "--until", until,
         "--chain", os.path.relpath(chain, d), "--out", str(scene)],
        cwd=d, check=True, stdout=subprocess.DEVNULL,
    )
    if case.get("paper"):
        text = scene.read_text()
        lines = [paper_solver(case["m"]) if l.strip().startswith("solver:") else l for l in text.split("\n")]
        text = "\n".join(lines).replace(
            "first: AllRods, second: AllRods)",
            "first: AllRods, second: AllRods, keep_distance: 0.002, exclude_within: Edges(4))")
        scene.write_text(text)
    return scene


def run_case(name, case, exe):
    """Runs (or resumes) one case; a case that cannot start is reported, the others go on."""
    try:
        return run_one(name, case, exe)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as e:
        return f"{name}: error: {e}"


def run_one(name, case, exe):
    run_dir = OUT / name / "run"
    threads = os.environ.get("THREADS", "1")
    summary = run_dir / "summary.json"
    if summary.exists() and json.loads(summary.read_text()).get("completed"):
        return f"{name}: finished"
    if (run_dir / "checkpoint.ron").exists():
        cmd = [str(exe), "--threads", threads, "resume", str(run_dir), "-q"]
    else:
        scene = write_scene(name, case, exe)
        if run_dir.exists():
            shutil.rmtree(run_dir)
        every = os.environ.get("CHECKPOINT_EVERY", "5000")
        cmd = [str(exe), "--threads", threads, "run", str(scene), "--out", str(run_dir),
               "--checkpoint-every", every, "-q"]
    with open(OUT / name / "log.txt", "a") as log:
        status = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode
    return f"{name}: exit {status}"


def read_steps(name):
    """(t, iterations, active contacts, wall ms, thrust per flagellum (N), residual (N)) of every
    complete row."""
    path = OUT / name / "run" / "steps.csv"
    if not path.exists():
        return None
    rows = []
    with open(path, newline="") as f:
        r = csv.reader(f)
        header = next(r)
        col = {k: i for i, k in enumerate(header)}
        supports = sorted(k[: -len("_fz")] for k in header if k.startswith("support") and k.endswith("_fz"))
        for row in r:
            if len(row) != len(header):
                break
            # The force each flagellum pushes on its motor along the axis (+z): −R_z.
            thrust = [-float(row[col[s + "_fz"]]) for s in supports]
            rows.append((float(row[col["t"]]), int(row[col["newton_iterations"]]),
                         int(row[col["active_contacts"]]), float(row[col["wall_ms"]]),
                         sum(thrust) / max(len(thrust), 1), float(row[col["residual"]])))
    return rows


# Steps accepted with a residual above this (N) are counted apart and left out of the mean
# thrust: the support reaction is the residual on the held rows, so an unconverged step's
# reaction is not a force the flagellum exerts (μ = 0.8 has steps accepted at 0.1 N whose
# reactions reach 320 N).
RESIDUAL_OK = 1e-6


def metrics(rows):
    contact = [r for r in rows if r[2] > 0]
    converged = [r for r in rows if r[5] <= RESIDUAL_OK]
    n = max(len(contact), 1)
    return {
        "t_end": rows[-1][0] if rows else 0.0,
        "steps": len(rows),
        "contact_steps": len(contact),
        "aipts": sum(r[1] for r in contact) / n,
        "atpts_ms": sum(r[3] for r in contact) / n,
        # Totals over the steps in contact, as the paper's Table 1 (its columns multiply out).
        "total_iterations": sum(r[1] for r in contact),
        "total_s": sum(r[3] for r in contact) / 1e3,
        "total_all_s": sum(r[3] for r in rows) / 1e3,
        "thrust": sum(r[4] for r in converged) / max(len(converged), 1),
        "loose_steps": len(rows) - len(converged),
        "max_residual": max((r[5] for r in rows), default=0.0),
    }


def svg_lines(path, title, xlabel, ylabel, series):
    """A line plot of `series` [(label, [(x, y)])] as a self-contained SVG."""
    w, h, ml, mr, mt, mb = 720, 420, 80, 170, 40, 50
    pts = [p for _, s in series for p in s]
    if not pts:
        return
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)
    sx = lambda x: ml + (x - x0) / (x1 - x0) * (w - ml - mr)
    sy = lambda y: h - mb - (y - y0) / (y1 - y0) * (h - mt - mb)
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>',
           f'<line x1="{ml}" y1="{h - mb}" x2="{w - mr}" y2="{h - mb}" stroke="black"/>',
           f'<line x1="{ml}" y1="{mt}" x2="{ml}" y2="{h - mb}" stroke="black"/>',
           f'<text x="{(ml + w - mr) / 2}" y="{h - 12}" text-anchor="middle">{xlabel}</text>',
           f'<text x="16" y="{(mt + h - mb) / 2}" text-anchor="middle" transform="rotate(-90 16 {(mt + h - mb) / 2})">{ylabel}</text>']
    for k in range(5):
        xv, yv = x0 + k * (x1 - x0) / 4, y0 + k * (y1 - y0) / 4
        out.append(f'<text x="{sx(xv)}" y="{h - mb + 16}" text-anchor="middle">{xv:.4g}</text>')
        out.append(f'<text x="{ml - 6}" y="{sy(yv) + 4}" text-anchor="end">{yv:.4g}</text>')
    for i, (label, s) in enumerate(series):
        c = colors[i % len(colors)]
        d = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in s)
        out.append(f'<polyline fill="none" stroke="{c}" stroke-width="1" points="{d}"/>')
        out.append(f'<text x="{w - mr + 10}" y="{mt + 16 * (i + 1)}" fill="{c}">{label}</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")


def binned(rows, value, width, reduce=lambda acc: sum(acc) / len(acc)):
    """`reduce` (the mean by default) of `value(row)` over bins of `width` seconds of
    simulated time."""
    out, acc, t_bin = [], [], None
    for r in rows:
        b = math.floor(r[0] / width)
        if t_bin is not None and b != t_bin and acc:
            out.append(((t_bin + 0.5) * width, reduce(acc)))
            acc = []
        t_bin = b
        acc.append(value(r))
    if acc:
        out.append(((t_bin + 0.5) * width, reduce(acc)))
    return out


def tables():
    data = {name: read_steps(name) for name in cases()}
    data = {k: v for k, v in data.items() if v}
    if not data:
        sys.exit("no case has run yet: python3 examples/imc_paper.py run")
    print("Table 1 (seed 001): frictionless IMC against IPC; AIPTS, ATPTS and totals over the steps in")
    print("contact (as the paper); AIPTS as catena counts (linear solves) and, in brackets, as the")
    print("paper's code counts (one more per step); RTI = T_IPC/T_IMC up to the time both reached.\n")
    print("| M | settings | chain | reached t (s) | steps in contact | AIPTS (paper count) | ATPTS (ms) | total iterations | total time (s) | RTI | thrust per flagellum (mN) | F̄p = F h²/EI | steps with ‖r‖ > 1e-6 N | paper AIPTS | paper ATPTS (ms) | paper RTI |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    t1 = []
    for m in MS:
        for suffix, settings in (("", "catena"), ("-paper", "paper")):
            imc, ipc = data.get(f"t1-m{m}-imc{suffix}"), data.get(f"t1-m{m}-ipc{suffix}")
            for chain, rows in (("IMC", imc), ("IPC", ipc)):
                if not rows:
                    continue
                x = metrics(rows)
                rti = float("nan")
                if imc and ipc:
                    t_both = min(imc[-1][0], ipc[-1][0])
                    ti = sum(r[3] for r in imc if r[0] <= t_both and r[2] > 0)
                    tp = sum(r[3] for r in ipc if r[0] <= t_both and r[2] > 0)
                    rti = tp / ti if ti > 0 else float("nan")
                p = PAPER_T1[m]
                paper_aipts, paper_atpts = (p[0], p[2]) if chain == "IMC" else (p[1], p[3])
                paper_rti = 1.0 if chain == "IMC" else p[4]
                t1.append({"m": m, "settings": settings, "chain": chain, "rti": rti, **x})
                print(f"| {m} | {settings} | {chain} | {x['t_end']:.1f} | {x['contact_steps']} "
                      f"| {x['aipts']:.2f} ({x['aipts'] + 1:.2f}) | {x['atpts_ms']:.2f} | {x['total_iterations']} "
                      f"| {x['total_s']:.0f} | {rti:.2f} | {1e3 * x['thrust']:.4f} | {x['thrust'] * H**2 / EI:.4g} "
                      f"| {x['loose_steps']} | {paper_aipts:.2f} | {paper_atpts:g} | {paper_rti:.2f} |")
    print("\nTable 2 (seed 001): IMC with friction, M = 2.\n")
    print("| μ | settings | reached t (s) | steps in contact | AIPTS (paper count) | ATPTS (ms) | total iterations | total time (s) | thrust per flagellum (mN) | steps with ‖r‖ > 1e-6 N (largest) | AIPTS to the paper's sim end | paper AIPTS | paper sim end (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    t2 = []
    for mu in MUS:
        for suffix, settings in (("", "catena"), ("-paper", "paper")):
            rows = data.get(f"t2-mu{mu}{suffix}")
            if not rows:
                continue
            x = metrics(rows)
            # Over the paper's own horizon too: its runs at μ ≥ 0.7 ended before 250 s.
            end = PAPER_T2[mu][1]
            upto = metrics([r for r in rows if r[0] <= end + 1e-9])
            upto_aipts = (f"{upto['aipts']:.2f} ({upto['aipts'] + 1:.2f})"
                          if rows[-1][0] >= end - 1e-9 else "—")
            t2.append({"mu": mu, "settings": settings, **x, "aipts_to_paper_end": upto["aipts"]})
            print(f"| {mu} | {settings} | {x['t_end']:.1f} | {x['contact_steps']} | {x['aipts']:.2f} ({x['aipts'] + 1:.2f}) "
                  f"| {x['atpts_ms']:.2f} | {x['total_iterations']} | {x['total_s']:.0f} | {1e3 * x['thrust']:.4f} "
                  f"| {x['loose_steps']} ({x['max_residual']:.1e} N) | {upto_aipts} | {PAPER_T2[mu][0]:.2f} | {end:g} |")
    for path, rows in (("table1.csv", t1), ("table2.csv", t2)):
        if rows:
            with open(OUT / path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
    # Medians: a few unconverged steps' reactions would swamp a bin's mean.
    thrust = [(name, binned(rows, lambda r: 1e3 * r[4], 1.0, statistics.median)) for name, rows in data.items()]
    svg_lines(OUT / "thrust.svg", "Propulsive force per flagellum (1 s medians)", "t (s)", "thrust (mN)", thrust)
    iters = [(name, binned(rows, lambda r: r[1], 1.0)) for name, rows in data.items() if name.startswith("t1-m")]
    svg_lines(OUT / "iterations.svg", "Newton iterations per step (1 s means)", "t (s)", "iterations", iters)
    where = OUT.relative_to(ROOT) if OUT.is_relative_to(ROOT) else OUT
    print(f"\nCSV and SVG in {where}/ (table1.csv, table2.csv, thrust.svg, iterations.svg)")


def slurm(dest):
    dest = Path(dest).resolve()
    dest.mkdir(parents=True, exist_ok=True)
    names = list(cases())
    script = dest / "imc_paper.sbatch"
    script.write_text(
        "#!/bin/sh\n"
        f"#SBATCH --array=0-{len(names) - 1}\n#SBATCH --cpus-per-task=1\n#SBATCH --time=2-00:00:00\n"
        "# One case of the IMC paper's study per array task; resubmit to continue stopped cases.\n"
        f"names=({' '.join(names)})\n"
        f"cd {ROOT}\n"
        f"exec python3 examples/imc_paper.py run \"${{names[$SLURM_ARRAY_TASK_ID]}}\"\n"
    )
    print(f"sbatch {script}   # then: python3 examples/imc_paper.py tables")


def main(argv):
    cmd = argv[1] if len(argv) > 1 else "tables"
    all_cases = cases()
    if cmd == "list":
        for name, c in all_cases.items():
            print(name, c)
    elif cmd == "run":
        names = argv[2:] or list(all_cases)
        unknown = [n for n in names if n not in all_cases]
        if unknown:
            sys.exit(f"error: unknown case(s) {unknown}; help: `python3 examples/imc_paper.py list`")
        exe = catena()
        OUT.mkdir(parents=True, exist_ok=True)
        jobs = int(os.environ.get("JOBS", "1"))
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for line in pool.map(lambda n: run_case(n, all_cases[n], exe), names):
                print(line, flush=True)
    elif cmd == "tables":
        tables()
    elif cmd == "slurm" and len(argv) == 3:
        slurm(argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
