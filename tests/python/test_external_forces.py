"""Per-step external forces from Python: a force field computed in Python between steps."""

import math

import numpy as np
import pytest

import catena

BALL = """Scene(
    name: "tethered",
    time: (dt: {dt}, duration: 10.0, integrator: {integrator}),
    solver: (abs_tol: 1e-14, rel_tol: 1e-12),
    materials: {{ "steel": (youngs_modulus: 2e11, poisson_ratio: 0.3, density: 7800) }},
    spheres: [(name: "ball", material: "steel", radius: 0.01, center: (0, 0, 0), rotation: false)],
    forces: [{forces}],
)"""


def simulator(tmp_path, **kw):
    path = tmp_path / "ball.ron"
    path.write_text(BALL.format(**kw))
    return catena.load_scene(str(path)).simulator()


def test_a_constant_force_drives_an_overdamped_sphere_at_f_over_gamma(tmp_path):
    eta, r = 2.0, 0.01
    sim = simulator(tmp_path, dt=0.01, integrator="Overdamped", forces="StokesDrag(viscosity: 2.0)")
    f = np.array([[0.003, -0.001, 0.002]])
    sim.set_external_forces("ball", f)
    np.testing.assert_array_equal(sim.external_forces()[:3], f[0])
    for n in range(1, 4):
        sim.step()
        np.testing.assert_allclose(sim.pose("ball")["velocity"], f[0] / (6 * math.pi * eta * r), rtol=1e-10)
    sim.clear_external_forces()
    sim.step()
    np.testing.assert_allclose(sim.pose("ball")["velocity"], 0.0, atol=1e-15)


def test_a_spring_to_a_moving_target_computed_in_python_follows_the_analytic_motion(tmp_path):
    # m ẍ = −k (x − A sin ωt): the force is computed from the state before each step and held
    # over it (explicit), so the implicit midpoint rule sees a lagged force: first order in Δt.
    r, rho = 0.01, 7800.0
    m = rho * 4.0 / 3.0 * math.pi * r**3
    k, amp, w = 2.0, 0.01, 3.0
    w0 = math.sqrt(k / m)

    def exact(t):
        # From rest at x = 0: the particular solution plus the free oscillation that cancels
        # its initial velocity.
        c = amp * w0**2 / (w0**2 - w**2)
        return c * (math.sin(w * t) - (w / w0) * math.sin(w0 * t))

    errors = []
    for dt in (2e-3, 1e-3):
        sim = simulator(tmp_path, dt=dt, integrator="ImplicitMidpoint", forces="")
        t = 0.0
        while t < 2.0 - 1e-12:
            x = sim.pose("ball")["center"][0]
            # The force at the middle of the step, from the state at its start.
            target = amp * math.sin(w * (t + 0.5 * dt))
            sim.set_external_forces("ball", [[-k * (x - target), 0.0, 0.0]])
            sim.step()
            t = sim.time
        errors.append(abs(sim.pose("ball")["center"][0] - exact(t)))
    assert errors[1] < 0.02 * amp, errors
    # The error of the lagged force halves with Δt.
    assert errors[1] < 0.6 * errors[0], errors


def test_bad_external_forces_are_refused(tmp_path):
    sim = simulator(tmp_path, dt=0.01, integrator="Overdamped", forces="StokesDrag(viscosity: 2.0)")
    with pytest.raises(ValueError, match=r"shape \(1, 3\)"):
        sim.set_external_forces("ball", np.zeros((2, 3)))
    with pytest.raises(ValueError, match="finite"):
        sim.set_external_forces("ball", [[float("nan"), 0.0, 0.0]])
    with pytest.raises(IndexError):
        sim.set_external_forces("nobody", [[0.0, 0.0, 0.0]])
