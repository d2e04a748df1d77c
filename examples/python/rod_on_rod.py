"""A rod dropped across another on the ground, built in Python from arrays (PyElastica-style):
two rubber rods (E = 1 MPa, r = 5 mm, 20 cm), IMC contact with friction between them and with
the ground, stepped from Python with a force applied to the upper rod's middle node for the
first 0.1 s (a push along its length, computed here each step).

    python examples/python/rod_on_rod.py [OUT]

Prints the contact count and the upper rod's height and drift over time; with OUT, also writes
the scene file OUT/rod_on_rod.ron (run it with `catena run OUT/rod_on_rod.ron`).
"""

import sys
from pathlib import Path

import numpy as np

import catena
from catena import Variant

ROOT = Path(__file__).resolve().parents[2]


def build() -> catena.SceneBuilder:
    b = catena.SceneBuilder("rod_on_rod", dt=1e-3, duration=0.4, integrator="ImplicitEuler",
                            output={"frame_every": 10})
    b.material("rubber", youngs_modulus=1e6, poisson_ratio=0.5, density=1000)
    lower = np.linspace([0.0, -0.1, 0.0052], [0.0, 0.1, 0.0052], 31)
    upper = np.linspace([-0.1, 0.003, 0.04], [0.1, 0.003, 0.04], 31)
    b.add_rod("lower", lower, radius=5e-3, material="rubber")
    b.add_rod("upper", upper, radius=5e-3, material="rubber")
    b.add_plane("ground", origin=(0, 0, 0), normal=(0, 0, 1))
    b.add_force(Variant("Gravity", g=(0, 0, -9.81)))
    chains = ROOT / "chains"
    b.add_contact(chains / "imc_friction.ron", first="AllRods", second="AllRods", keep_distance=5e-3)
    b.add_contact(chains / "imc_ground.ron", first="AllRods", second="AllPlanes", keep_distance=5e-3)
    return b


def main() -> None:
    b = build()
    if len(sys.argv) > 1:
        out = Path(sys.argv[1])
        out.mkdir(parents=True, exist_ok=True)
        print("scene file:", b.write(out / "rod_on_rod.ron"))
    sim = b.simulator(path=ROOT / "rod_on_rod.ron")
    n = sim.positions("upper").shape[0]
    while sim.time < 0.4 - 1e-9:
        push = np.zeros((n, 3))
        if sim.time < 0.1:
            push[n // 2] = [0.02, 0.0, 0.0]  # N, along the upper rod
        sim.set_external_forces("upper", push)
        r = sim.step()
        if round(r.t * 1000) % 50 == 0:
            x = sim.positions("upper")
            print(f"t = {r.t:.3f} s  contacts {r.active_contacts:3d}  "
                  f"upper middle z = {x[n // 2, 2] * 1e3:6.2f} mm  x = {x[n // 2, 0] * 1e3:6.2f} mm")


if __name__ == "__main__":
    main()
