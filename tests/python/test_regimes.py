"""Overdamped and static scenes driven from Python: the same Newton, numpy in and out."""

import math

import numpy as np

import catena

SETTLING = """Scene(
    name: "settling",
    time: (dt: 1e-3, duration: 0.01, integrator: Overdamped),
    materials: { "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500) },
    spheres: [(name: "ball", material: "glass", radius: 1e-3, center: (0, 0, 0.05))],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 1.0)],
)"""


def test_an_overdamped_sphere_settles_at_stokes_speed_from_its_first_step(tmp_path):
    path = tmp_path / "settling.ron"
    path.write_text(SETTLING)
    sim = catena.load_scene(str(path)).simulator()
    z0 = sim.pose("ball")["center"][2]
    r, eta, rho, g = 1e-3, 1.0, 2500.0, 9.81
    weight = rho * 4.0 / 3.0 * math.pi * r**3 * g
    v_stokes = weight / (6.0 * math.pi * eta * r)
    for n in range(1, 6):
        sim.step()
        pose = sim.pose("ball")
        np.testing.assert_allclose(pose["velocity"], [0.0, 0.0, -v_stokes], rtol=1e-10, atol=1e-15)
        np.testing.assert_allclose(pose["center"][2], z0 - n * 1e-3 * v_stokes, rtol=1e-12)


CANTILEVER = """Scene(
    name: "static_cantilever",
    time: (dt: 0.2, duration: 1.0, integrator: Static),
    solver: (abs_tol: 1e-12, rel_tol: 1e-12),
    materials: { "stiff": (youngs_modulus: 2e10, poisson_ratio: 0.5, density: 1200) },
    rods: [(name: "beam", material: "stiff", radius: 1e-3,
            geometry: Straight(start: (-0.0012658227848101266, 0, 0), end: (0.1, 0, 0), nodes: 41))],
    boundary_conditions: [Clamp(rod: "beam", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81), ramp: 1.0)],
)"""


def test_a_static_cantilever_follows_its_load_steps_to_euler_bernoulli(tmp_path):
    path = tmp_path / "cantilever.ron"
    path.write_text(CANTILEVER)
    sim = catena.load_scene(str(path)).simulator()
    e, r, rho, g = 2e10, 1e-3, 1200.0, 9.81
    area, inertia = math.pi * r**2, math.pi * r**4 / 4.0
    # The clamp holds the first edge; node 0 sits half an edge behind the wall at x = 0, as in
    # examples/scenes/cantilever.ron: the free length is 0.1 m.
    length = 0.1
    q = rho * area * g
    before = sim.positions("beam")
    for step in range(1, 6):
        sim.step()
        after = sim.positions("beam")
        tip = after[-1]
        assert np.all(np.isfinite(tip))
        # Euler–Bernoulli under the load factor step/5 reached at this load step.
        expected = -(step / 5.0) * q * length**4 / (8.0 * e * inertia)
        assert abs(tip[2] / expected - 1.0) < 0.01, (step, tip[2], expected)
        # No inertia; the velocities written are the rate of the loading, (q − qₙ)/Δt.
        np.testing.assert_allclose(sim.velocities("beam"), (after - before) / 0.2, rtol=1e-9, atol=1e-15)
        before = after


def test_a_run_from_the_builder_ends_at_rest(root, tmp_path):
    from catena import SceneBuilder, Variant

    b = SceneBuilder(
        "rest",
        dt=1e-3,
        duration=5.0,
        time={"until_rest": {"speed": 1e-4, "steps": 20}},
        output={"frame_every": 1000},
    )
    b.material("soft", youngs_modulus=1e6, poisson_ratio=0.3, density=2500)
    b.add_spheres("s", [[0.0, 0.0, 0.0015]], 0.001, material="soft")
    b.add_plane("floor", origin=(0, 0, 0), normal=(0, 0, 1), material="soft")
    b.add_force(Variant("Gravity", g=(0, 0, -9.81)))
    b.add_force(Variant("StokesDrag", viscosity=0.05))
    b.add_contact(root / "chains" / "granular_plane_onset.ron", first="AllSpheres", second="AllPlanes", keep_distance=2e-4)
    sim = b.scene(tmp_path / "rest.ron").simulator()
    summary = sim.run(out=tmp_path / "out")
    assert summary["completed"]
    assert summary["steps"] < 5000, "the sphere rests long before the duration"
    assert "at rest after step" in summary["message"]
    assert abs(sim.time - summary["steps"] * 1e-3) < 1e-9
