"""A granular pour built from arrays: spheres on a jittered lattice (numpy), poured into a box
of planes with Hertz–Mindlin contact and restitution (chains/granular_onset.ron and
granular_plane_onset.ron), then the bed read back from Python.

    python examples/python/granular_pour.py [N_PER_SIDE] [OUT]

N_PER_SIDE (default 5) spheres along x and y, 4 layers; r = 1 mm, glassy E = 10 MPa. Prints the
kinetic energy, coordination number and the bed's height as it settles; with OUT, writes the
scene file OUT/granular_pour.ron for `catena run`.
"""

import sys
from pathlib import Path

import numpy as np

import catena
from catena import Variant

ROOT = Path(__file__).resolve().parents[2]


def build(n: int) -> catena.SceneBuilder:
    r, spacing, layers = 1e-3, 2.5e-3, 4
    width = n * spacing
    rng = np.random.default_rng(7)
    i, j, k = np.meshgrid(np.arange(n), np.arange(n), np.arange(layers), indexing="ij")
    centres = np.stack([i, j, k], axis=-1).reshape(-1, 3) * spacing + 0.5 * spacing
    centres[:, 2] += 2 * r
    centres += rng.uniform(-2e-4, 2e-4, centres.shape)
    velocities = np.zeros_like(centres)
    velocities[:, :2] = rng.uniform(-0.05, 0.05, (len(centres), 2))

    b = catena.SceneBuilder("granular_pour", dt=5e-5, duration=0.15, integrator="ImplicitMidpoint",
                            solver={"force_tol": 1e-6}, output={"frame_every": 500})
    b.material("glassy", youngs_modulus=1e7, poisson_ratio=0.3, density=2500)
    b.add_spheres("g", centres, r, material="glassy", velocities=velocities)
    for name, origin, normal in [
        ("floor", (0, 0, 0), (0, 0, 1)),
        ("west", (0, 0, 0), (1, 0, 0)),
        ("east", (width, 0, 0), (-1, 0, 0)),
        ("south", (0, 0, 0), (0, 1, 0)),
        ("north", (0, width, 0), (0, -1, 0)),
    ]:
        b.add_plane(name, origin=origin, normal=normal, material="glassy")
    b.add_force(Variant("Gravity", g=(0, 0, -9.81)))
    chains = ROOT / "chains"
    b.add_contact(chains / "granular_onset.ron", first="AllSpheres", second="AllSpheres",
                  keep_distance=2e-4, detect="OnMotion")
    b.add_contact(chains / "granular_plane_onset.ron", first="AllSpheres", second="AllPlanes",
                  keep_distance=2e-4, detect="OnMotion")
    return b


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    b = build(n)
    if len(sys.argv) > 2:
        out = Path(sys.argv[2])
        out.mkdir(parents=True, exist_ok=True)
        print("scene file:", b.write(out / "granular_pour.ron"))
    sim = b.simulator(path=ROOT / "granular_pour.ron")
    names = [x["name"] for x in sim.bodies if x["kind"] == "sphere"]
    steps = 0
    while sim.time < 0.15 - 1e-9:
        sim.step()
        steps += 1
        if steps % 500 == 0:
            z = np.array([sim.pose(s)["center"][2] for s in names])
            e = sim.energies()
            c = sim.contacts()
            active = int(np.count_nonzero(c["active"]))
            print(f"t = {sim.time:.3f} s  kinetic {e['kinetic']:.3e} J  "
                  f"contacts {active:4d}  top of bed {1e3 * (z.max() + 1e-3):.2f} mm")


if __name__ == "__main__":
    main()
