"""Writes the compress_1000 study of issue 36: a bed of 1,000 glass grains (E = 63 GPa,
ν = 0.23, ρ = 2500 kg/m³, μ = 0.5, r = 1 mm) in a 20 mm × 20 mm box, pressed by a rigid piston
until the vertical stress on it reaches 10 kPa (4 N on 4 cm²), then held until the bed is at
rest; once in the overdamped mode (compress_1000.ron) and once in the inertial mode
(compress_1000_inertial.ron).

The bed (examples/scenes/compress_1000_bed.csv) is made in two runs, both under
out/gen/compress_1000/:
1. `dem_box_1000.ron` pours the 1,000 grains with the soft material of that benchmark
   (E = 10 MPa), which settles them in 0.5 s of inertial steps (about 5 minutes);
2. its last frame is relaxed as glass: 50 overdamped steps of 1 ms in a medium of
   η = 1000 Pa·s under gravity, *without friction* (the Hertz chains of the study with their
   Cundall–Strack element left out). With friction the soft bed's overlaps of up to 10 µm,
   turned to glass, lock into frictional arches across the box (20 mm is ten diameters) that
   hold 30 N per contact; without it they open in a few steps to the glass bed's overlaps of
   about 10 nm, as a DEM code switches friction on only after its settle.
The study starts from that frictionless equilibrium with friction on (tangential springs at
rest) and the piston 50 µm above the highest grain.

Run: python3 examples/scenes/gen/compress_1000.py [--catena PATH]  (from the repository root)
Report a run of either scene (its stress–strain path from the frames and steps.csv, the
piston's and the grains' speeds, and which grains move over the last ten frames):
     python3 examples/scenes/gen/compress_1000.py --report OUT_DIR [--every SECONDS]
The creep under the piston, cheaply: the overdamped study on the grains below 6 mm (299):
     python3 examples/scenes/gen/compress_1000.py --cut 0.006
     target/release/catena run out/gen/compress_1000/cut.ron --threads 1
"""

import argparse
import math
import re
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCENES = ROOT / "examples" / "scenes"
WORK = ROOT / "out" / "gen" / "compress_1000"
BOX = 0.02
R = 1e-3
GAP = 5e-5
PISTON = (0.0196, 0.0196, 0.004)
VISCOSITY = 1000.0
LOAD = 4.0  # N: 10 kPa on the box's 20 mm × 20 mm
DENSITY = 2500.0


def piston_weight():
    """The glass piston's weight (N), which presses on the bed with its load."""
    return DENSITY * PISTON[0] * PISTON[1] * PISTON[2] * 9.81


def frame_spheres(path):
    """(points, radii) of a catena frame (.vtp, ascii): the spheres' centres and radii first,
    then a rigid body's vertices (radius 0)."""
    text = path.read_text()

    def array(name):
        m = re.search(rf'Name="{name}"[^>]*>(.*?)</DataArray>', text, re.S)
        return [float(x) for x in m.group(1).split()]

    pts = array("Points")
    return [tuple(pts[3 * i:3 * i + 3]) for i in range(len(pts) // 3)], array("radius")


def last_frame(run):
    return sorted((run / "frames").glob("frame_*.vtp"))[-1]


def run(catena, scene, out):
    if (out / "summary.json").exists():
        print(f"{out} exists: kept")
        return
    subprocess.run([catena, "run", str(scene), "--out", str(out), "-q"], check=True)


WALLS = """        (name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "glass"),
        (name: "west", origin: (0, 0, 0), normal: (1, 0, 0), material: "glass"),
        (name: "east", origin: (0.02, 0, 0), normal: (-1, 0, 0), material: "glass"),
        (name: "south", origin: (0, 0, 0), normal: (0, 1, 0), material: "glass"),
        (name: "north", origin: (0, 0.02, 0), normal: (0, -1, 0), material: "glass"),"""

GLASS = '"glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500),'


def relax_scene(soft_frame):
    chains = []
    for name in ("granular_onset", "granular_plane_onset"):
        text = (ROOT / "chains" / f"{name}.ron").read_text()
        text = "\n".join(l for l in text.splitlines() if "T_CundallStrack" not in l)
        (WORK / f"{name}_frictionless.ron").write_text(text + "\n")
        chains.append(f"{name}_frictionless.ron")
    return f"""// Step 2 of examples/scenes/gen/compress_1000.py: the soft bed relaxed as glass, frictionless.
Scene(
    name: "glass_relax",
    time: (dt: 1e-3, duration: 0.05, integrator: Overdamped),
    solver: (force_tol: 1e-6),
    output: (frame_every: 50),
    materials: {{ {GLASS} }},
    sphere_sets: [(name: "g", material: "glass", from: File("{soft_frame}"))],
    planes: [
{WALLS}
    ],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: {VISCOSITY})],
    contacts: [
        (chain: "{chains[0]}", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002, detect: OnMotion),
        (chain: "{chains[1]}", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002, detect: OnMotion),
    ],
)
"""


# The overdamped run's bound: it ends at rest well before (see README, "compress_1000").
OVERDAMPED_DURATION = "150.0"


def study(mode, top):
    """The scene of the study in `mode` ("overdamped" or "inertial"), piston above `top`."""
    z = top + GAP + PISTON[2] / 2
    if mode == "overdamped":
        name, header = "compress_1000", OVERDAMPED
        time = (f"(dt: 1e-3, duration: {OVERDAMPED_DURATION}, max_dt: 0.016, integrator: Overdamped, "
                "until_rest: (speed: 2e-7, steps: 100, min_contacts: 2, mean: true))")
        frames = 10
        solver = "(force_tol: 1e-6, linear_solver: AmdLu)"
        forces = f"Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: {VISCOSITY})"
        speed = 0.01
    else:
        name, header = "compress_1000_inertial", INERTIAL
        time = "(dt: 1e-5, duration: 0.4, integrator: ImplicitEuler, until_rest: (unbalanced: 1e-4, steps: 50))"
        frames = 500
        solver = "(force_tol: 1e-6, krylov_tolerance: Newton, krylov_blocks: Bodies)"
        forces = "Gravity(g: (0, 0, -9.81))"
        speed = 0.01
    return name, f"""{header}// Written by examples/scenes/gen/compress_1000.py — edit the generator, not this file.
Scene(
    name: "{name}",
    time: {time},
    solver: {solver},
    output: (frame_every: {frames}, packing_region: Box(min: (0, 0, 0), max: (0.02, 0.02, 0.01))),
    materials: {{ {GLASS} }},
    sphere_sets: [(name: "g", material: "glass", from: File("compress_1000_bed.csv"))],
    planes: [
{WALLS}
    ],
    rigid_bodies: [
        (name: "piston", material: "glass", mesh: Box(size: {PISTON}),
         translate: (0.01, 0.01, {z:.6e}),
         motion: Loaded(direction: (0, 0, -1), load: {LOAD - piston_weight():.6f}, resistance: {LOAD / speed:g})),
    ],
    forces: [{forces}],
    contacts: [
        (chain: "../../chains/granular_onset.ron", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002, detect: OnMotion),
        (chain: "../../chains/granular_plane_onset.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002, detect: OnMotion),
        (chain: "../../chains/granular_rigid.ron", first: AllSpheres, second: AllRigid, keep_distance: 0.0002, detect: OnMotion),
    ],
)
"""


OVERDAMPED = """// Issue 36's compress_1000 study, overdamped: 1,000 glass grains (r = 1 mm, E = 63 GPa,
// ν = 0.23, ρ = 2500 kg/m³; Hertz with restitution 0.5 and Cundall–Strack friction μ = 0.5
// against grains, walls and piston) in a 20 mm box, settled (compress_1000_bed.csv), pressed by
// a load-controlled rigid piston (19.6 × 19.6 × 4 mm of glass, `motion: Loaded`): pushed down
// by 4 N less its weight against a dashpot of 400 N·s/m, so that it approaches at 10 mm/s at
// most from 50 µm above the highest grain and comes to rest where the bed carries 4 N (10 kPa
// on 4 cm²). Γ v = F: the grains move in a medium of η = 1000 Pa·s (StokesDrag: 6πηr on
// centres, 8πηr³ on spins), a regulariser of the quasi-static path; at rest it exerts nothing.
// The run ends at rest: the mean speed of the piston and the grains with two contacts or more
// below 0.2 µm/s for 100 steps, or at 150 s. In the medium Γ v is each grain's unbalanced force,
// so that is a mean unbalanced force of 4 µN, about 1e-4 of the mean contact force under
// 10 kPa (~0.04 N): the mean-force ratio explicit DEM codes test equilibrium by
// (`until_rest: (unbalanced: …)` tests it directly). `min_contacts: 2` leaves out the rattlers: a grain without contact sinks through
// its cage at its terminal speed here, m g/6πηr = 5.5 µm/s, for minutes, and one with a single
// contact slides down it as fast. The mean, not the largest speed: the loaded packing goes on
// rearranging a few grains at a time (1–3 µm/s) long after it has stopped as a whole. The
// Newton systems are solved by the LU in minimum-degree order (`AmdLu`, 3× cheaper here than
// the pivoting LU); the inertial scene's by the default block-Jacobi Krylov solve. Steps grow
// from 1 ms up to `max_dt` = 16 ms while Newton converges in few iterations.
"""

INERTIAL = """// Issue 36's compress_1000 study, inertial: the bed, piston and chains of compress_1000.ron,
// with the grains' inertia instead of a medium, by implicit Euler at Δt = 10 µs (an explicit
// DEM code needs Δt below ~2 µs for these grains; at 0.1 ms Newton takes 100–150 iterations per
// step, at 10 µs 4–6); the piston's dashpot is its only damper besides the contacts' and the
// scheme's. The run ends at rest when the grains' unbalanced-force ratio (mean net force over
// mean contact force, here m|a| over |F_c|) has stayed below 1e-4 for 50 steps. Not a speed:
// without rolling resistance a grain rolling on the floor or on a face keeps rolling, in
// balance, long after the packing is at rest (session 62: seven such grains at 0.7–2.6 mm/s).
// Each Krylov solve stops at a tenth of the Newton acceptance threshold (krylov_tolerance:
// Newton) and block Jacobi inverts each grain's centre and rotation together (krylov_blocks:
// Bodies): about half the Krylov iterations of the defaults, the same Newton counts.
"""


def frame_time(path):
    m = re.search(r'Name="TIME"[^>]*>([^<]*)<', path.read_text())
    return float(m.group(1))


def report(out, every=0.0):
    """Prints the path of a run in `out`: per frame (at least `every` s apart) the piston's
    descent (µm) and its speed since the last printed frame (µm/s), the vertical stress on it
    (kPa), the grains' median and largest speeds over that interval (µm/s), the coordination
    number and the packing fraction of the lower 10 mm; then the last step's figures and the
    run's wall time. The grains are the frame's points with a radius (the piston's vertices
    follow them with radius 0), so a bed of any size reads."""
    import csv
    import json

    with open(out / "steps.csv") as f:
        rows = list(csv.DictReader(f))
    by_t = {round(float(r["t"]), 9): r for r in rows}
    frames = sorted((out / "frames").glob("frame_*.vtp"))
    z0 = prev = None
    print("t (s) | descent (µm) | piston (µm/s) | σ_zz on piston (kPa) | grains median / max (µm/s)"
          " | coordination | packing fraction")
    for k, fr in enumerate(frames):
        t = frame_time(fr)
        r = by_t.get(round(t, 9))
        last = k == len(frames) - 1
        if r is None or (prev is not None and t - prev[0] < every - 1e-9 and not last):
            continue
        pts, radii = frame_spheres(fr)
        n = sum(1 for a in radii if a > 0)
        z = min(p[2] for p in pts[n:])
        z0 = z if z0 is None else z0
        piston = grains = "-"
        if prev is not None:
            dt = t - prev[0]
            v = [math.dist(a, b) / dt * 1e6 for a, b in zip(pts[:n], prev[1][:n])]
            piston = f"{1e6 * (prev[2] - z) / dt:.2f}"
            grains = f"{statistics.median(v):.2f} / {max(v):.2f}"
        sigma = float(r["piston_fz"]) / BOX**2 / 1e3
        print(f"{t:.3f} | {1e6 * (z0 - z):.1f} | {piston} | {sigma:.3f} | {grains} | "
              f"{float(r['coordination']):.3f} | {float(r['packing_fraction']):.4f}")
        prev = (t, pts, z)
    if len(frames) > 10:
        movers(frames[-11], frames[-1])
    last = rows[-1]
    summary = json.loads((out / "summary.json").read_text())
    # The whole run's figures from steps.csv (a resumed run's summary counts its last process).
    its = sum(int(r["newton_iterations"]) for r in rows)
    wall = sum(float(r["wall_ms"]) for r in rows) / 1e3
    print(f"last step t = {float(last['t']):.3f} s: σ_zz = {float(last['piston_fz']) / BOX**2 / 1e3:.4f} kPa, "
          f"{len(rows)} steps, {its} Newton iterations ({its / len(rows):.2f} per step), "
          f"{wall:.0f} s of step wall ({1e3 * wall / max(its, 1):.1f} ms per Newton iteration)")
    stages = [k for k in rows[0] if k.endswith("_ms") and k != "wall_ms"]
    spent = {k[:-3]: sum(float(r[k]) for r in rows) / 1e3 for k in stages}
    print("profile (s of step wall, share): " + ", ".join(
        f"{k} {v:.0f} ({100 * v / wall:.0f} %)" for k, v in sorted(spent.items(), key=lambda kv: -kv[1])))
    if summary.get("message"):
        print(f"summary: {summary['message']}")


def movers(before, after):
    """Which grains move between two frames: per number of contacts (overlaps with grains,
    the floor and the four walls, counted at `after`), how many grains, their median speed
    and their median vertical velocity (µm/s); then the median relative speed of touching
    grains."""
    (pa, ra), (pb, _) = frame_spheres(before), frame_spheres(after)
    n = sum(1 for a in ra if a > 0)
    dt = frame_time(after) - frame_time(before)
    v = [[(b[k] - a[k]) / dt * 1e6 for k in range(3)] for a, b in zip(pa[:n], pb[:n])]
    count = [0] * n
    touching = []
    for i in range(n):
        x, y, z = pb[i]
        r = ra[i]
        count[i] += (z < r) + (x < r) + (x > BOX - r) + (y < r) + (y > BOX - r)
        for j in range(i + 1, n):
            if math.dist(pb[i], pb[j]) < r + ra[j]:
                count[i] += 1
                count[j] += 1
                touching.append(math.dist(v[i], v[j]))
    print(f"grains moving over {frame_time(before):.3f}-{frame_time(after):.3f} s, by contacts:")
    for c in sorted(set(count)):
        sel = [k for k in range(n) if count[k] == c]
        speed = statistics.median(math.hypot(*v[k]) for k in sel)
        vz = statistics.median(v[k][2] for k in sel)
        print(f"  {c} contacts: {len(sel)} grains, median speed {speed:.2f} µm/s, "
              f"median vertical {vz:.2f} µm/s")
    if touching:
        print(f"  touching grains move past each other at a median {statistics.median(touching):.2f} µm/s")


def write_cut(height):
    """Writes the overdamped study on the shipped bed's grains whose centres lie below
    `height` (m), with the piston above them and a 20 s horizon, into WORK (cut.ron and
    cut_bed.csv)."""
    WORK.mkdir(parents=True, exist_ok=True)
    lines = (SCENES / "compress_1000_bed.csv").read_text().splitlines()
    rows = [l for l in lines if l and not l.startswith("#")][1:]
    kept = [l for l in rows if float(l.split(",")[2]) < height]
    if not kept:
        lowest = min(float(l.split(",")[2]) for l in rows)
        raise SystemExit(f"error: --cut {height}: no grain's centre lies below it (the lowest "
                         f"is at {lowest:.4g} m); give a height in metres, e.g. --cut 0.006")
    (WORK / "cut_bed.csv").write_text("x,y,z,r\n" + "\n".join(kept) + "\n")
    top = max(float(l.split(",")[2]) + float(l.split(",")[3]) for l in kept)
    _, text = study("overdamped", top)
    text = text.replace('File("compress_1000_bed.csv")', 'File("cut_bed.csv")')
    text = text.replace('"../../chains/', f'"{ROOT / "chains"}/')
    text = text.replace(f"duration: {OVERDAMPED_DURATION}", "duration: 20.0")
    note = (f"// A cut of the study below, for its creep: the {len(kept)} grains of the bed whose "
            f"centres lie below {height} m (cut_bed.csv), to 20 s;\n// written by "
            f"examples/scenes/gen/compress_1000.py --cut {height}.\n")
    (WORK / "cut.ron").write_text(note + text)
    print(f"wrote {WORK / 'cut.ron'}: {len(kept)} grains, piston from {1e3 * (top + GAP):.4f} mm")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catena", default=str(ROOT / "target" / "release" / "catena"))
    ap.add_argument("--report", type=Path, help="print the path of a run's output directory")
    ap.add_argument("--cut", type=float, metavar="H",
                    help="write out/gen/compress_1000/cut.ron: the overdamped study on the bed's "
                         "grains below height H (m), to 20 s, to study the creep cheaply")
    ap.add_argument("--every", type=float, default=0.0,
                    help="with --report: print frames at least this many seconds apart")
    ap.add_argument("--scenes-only", action="store_true",
                    help="rewrite the two scenes from the shipped bed, without settling it again")
    args = ap.parse_args()
    if args.report:
        report(args.report, args.every)
        return
    if args.cut:
        write_cut(args.cut)
        return
    if args.scenes_only:
        write_scenes(read_bed(SCENES / "compress_1000_bed.csv"))
        return
    WORK.mkdir(parents=True, exist_ok=True)
    run(args.catena, SCENES / "dem_box_1000.ron", WORK / "soft")
    soft = WORK / "soft.vtp"
    soft.write_text(last_frame(WORK / "soft").read_text())
    relax = WORK / "relax.ron"
    relax.write_text(relax_scene(soft.name))
    run(args.catena, relax, WORK / "relax")
    centres, radii = frame_spheres(last_frame(WORK / "relax"))
    rows = ["# examples/scenes/gen/compress_1000.py: 1,000 glass grains settled (dem_box_1000),",
            "# relaxed as glass without friction; positions (m) and radii (m).", "x,y,z,r"]
    rows += [f"{x!r},{y!r},{z!r},{r!r}" for (x, y, z), r in zip(centres, radii)]
    (SCENES / "compress_1000_bed.csv").write_text("\n".join(rows) + "\n")
    write_scenes(max(z + r for (_, _, z), r in zip(centres, radii)))


def read_bed(path):
    """The height of the bed's highest grain top (m), from the bed file."""
    rows = [l for l in path.read_text().splitlines() if l and not l.startswith("#")][1:]
    return max(float(z) + float(r) for _, _, z, r in (l.split(",") for l in rows))


def write_scenes(top):
    """Writes both study scenes with the piston above `top` (m)."""
    for mode in ("overdamped", "inertial"):
        name, text = study(mode, top)
        (SCENES / f"{name}.ron").write_text(text)
        print(f"wrote examples/scenes/{name}.ron (piston from {1e3 * (top + GAP):.4f} mm)")


if __name__ == "__main__":
    main()
