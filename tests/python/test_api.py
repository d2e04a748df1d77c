"""The Python API against the command line: same steps, numpy state, located exceptions."""

import csv

import numpy as np
import pytest

import catena

CROSSING = "examples/scenes/rods_crossing.ron"
CANTILEVER = "examples/scenes/cantilever.ron"


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_run_writes_the_steps_of_catena_run(root, cli, tmp_path):
    cli("run", CROSSING, "--out", tmp_path / "cli", "--until", "0.01", "-q")
    sim = catena.load_scene(root / CROSSING).simulator()
    summary = sim.run(until=0.01, out=tmp_path / "py")
    assert summary["completed"] and summary["steps"] == 10
    a, b = rows(tmp_path / "cli" / "steps.csv"), rows(tmp_path / "py" / "steps.csv")
    assert len(a) == len(b) == 10
    for x, y in zip(a, b):
        timings = [k for k in x if k.endswith("_ms")]
        assert "wall_ms" in timings and "factor_ms" in timings
        for k in timings:
            x.pop(k), y.pop(k)
        assert x == y
    assert abs(sim.time - 0.01) < 1e-12


def test_run_continues_a_stepped_simulator(root, cli, tmp_path):
    cli("run", CROSSING, "--out", tmp_path / "cli", "--until", "0.01", "-q")
    sim = catena.load_scene(root / CROSSING).simulator()
    for _ in range(3):
        sim.step()
    summary = sim.run(until=0.01, out=tmp_path / "py")
    assert summary["steps"] == 7 and sim.steps == 10
    a, b = rows(tmp_path / "cli" / "steps.csv")[3:], rows(tmp_path / "py" / "steps.csv")
    assert [(x["t"], x["residual"]) for x in a] == [(y["t"], y["residual"]) for y in b]


def test_step_reports_match_steps_csv(root, cli, tmp_path):
    cli("run", CROSSING, "--out", tmp_path / "cli", "--until", "0.01", "-q")
    sim = catena.load_scene(root / CROSSING).simulator()
    for row in rows(tmp_path / "cli" / "steps.csv"):
        r = sim.step()
        assert r.t == float(row["t"])
        assert r.iterations == int(row["newton_iterations"])
        assert r.residual == float(row["residual"])
        assert r.residuals[-1] == r.residual and len(r.residuals) >= 1
        assert r.candidates == int(row["candidates"])
        # The energy columns, by name, to the bit.
        assert set(r.energy) <= set(row)
        for name, value in r.energy.items():
            assert value == float(row[name]), name
    assert sim.steps == 10


def test_state_is_numpy(root):
    sim = catena.load_scene(root / CROSSING).simulator()
    assert sim.rods == ["lower", "upper"]
    x = sim.positions("upper")
    assert x.shape == (31, 3) and x.dtype == np.float64
    assert np.allclose(x[0], [-0.1, 0.003, 0.05])
    assert sim.positions().shape == (62, 3)
    assert np.array_equal(sim.positions(1), x) and np.array_equal(sim.positions(-1), x)
    assert sim.twist_angles("lower").shape == (30,)
    assert sim.q.shape == (2 * (4 * 31 - 1),)
    # Setters: a lifted rod, then a velocity, are what the next step starts from.
    sim.set_positions("upper", x + [0.0, 0.0, 0.01])
    assert np.allclose(sim.positions("upper")[:, 2], 0.06)
    sim.set_velocities("upper", np.tile([0.0, 0.0, -1.0], (31, 1)))
    assert np.allclose(sim.velocities("upper")[:, 2], -1.0)
    sim.step()
    z = sim.positions("upper")[:, 2]
    assert np.all(z < 0.06 - 0.0009)
    c = sim.contacts()
    n = len(c["gap"])
    assert c["force"].shape == (n, 12) and c["dofs"].shape == (n, 12)
    assert len(c["first"]) == len(c["second"]) == n == len(c["binding"])
    e = sim.energies()
    assert e["kinetic"] > 0 and e["contact"] >= 0 and e["elastic"] >= 0


def test_elastic_energy_of_the_bent_cantilever(root):
    sim = catena.load_scene(root / CANTILEVER).simulator()
    assert sim.energies()["elastic"] < 1e-12
    for _ in range(10):
        sim.step()
    assert sim.energies()["elastic"] > 1e-9


def test_contacts_list_pairs_in_contact(root):
    sim = catena.load_scene(root / CROSSING).simulator()
    # Put the upper rod onto the lower one (0.3 mm overlap): the pair pushes them apart.
    sim.set_positions("upper", sim.positions("upper") - [0.0, 0.0, 0.0203])
    sim.step()
    c = sim.contacts()
    assert len(c["gap"]) > 0 and c["active"].any()
    assert c["gap"].min() < 5e-3
    assert any("upper" in f or "upper" in s for f, s in zip(c["first"], c["second"]))


def test_a_clamped_end_is_driven_from_python(root):
    sim = catena.load_scene(root / CANTILEVER).simulator()
    bc = sim.boundary_conditions()
    assert len(bc) == 1 and bc[0]["rod"] == "beam" and bc[0]["nodes"] == [0, 1]
    start = bc[0]["targets"]
    for k in range(1, 6):
        target = start + [0.0, 0.0, 0.002 * k]
        sim.set_boundary_target(0, target)
        sim.step()
        assert np.allclose(sim.positions("beam")[:2], target, atol=1e-12)
    # The rest of the beam followed the lifted clamp.
    assert sim.positions("beam")[-1, 2] > -0.01


def test_a_staged_clamp_is_let_go_and_a_driven_one_takes_hold_again(root):
    text = (root / CANTILEVER).read_text().replace(
        'Clamp(rod: "beam", end: Start)', 'Clamp(rod: "beam", end: Start, active_until: 0.01)'
    )
    assert "active_until" in text
    sim = catena.Scene.from_ron(text, path=root / CANTILEVER).simulator()
    held = sim.boundary_conditions()[0]["targets"]
    sim.step()
    sim.step()
    assert sim.boundary_conditions()[0]["held"]
    assert np.array_equal(sim.positions("beam")[:2], held)
    for _ in range(3):
        sim.step()
    assert not sim.boundary_conditions()[0]["held"]
    assert (sim.positions("beam")[:2, 2] < held[:, 2]).all()
    # Driving it from Python holds it again, for good.
    target = sim.positions("beam")[:2].copy()
    sim.set_boundary_target(0, target)
    sim.step()
    assert sim.boundary_conditions()[0]["held"]
    assert np.allclose(sim.positions("beam")[:2], target, atol=1e-12)


def test_bad_inputs_raise_the_command_lines_messages(root, cli, tmp_path):
    bad = tmp_path / "bad.ron"
    bad.write_text('Scene(\n    time: (dt: -0.001, duration: 1.0),\n    materials: {},\n)\n')
    p = cli("check", bad, check=False)
    assert p.returncode == 2
    with pytest.raises(catena.SceneError) as e:
        catena.load_scene(bad)
    assert p.stderr.startswith(f"error: {e.value}")
    assert f"{bad}:2:" in str(e.value)
    with pytest.raises(catena.SceneError, match="<string>:2:"):
        catena.Scene.from_ron(bad.read_text())
    with pytest.raises(catena.SceneError, match="help:"):
        catena.load_scene(tmp_path / "missing.ron")
    with pytest.raises(catena.SceneError):
        catena.load_chain(bad)
    assert issubclass(catena.SceneError, catena.CatenaError)
    sim = catena.load_scene(root / CROSSING).simulator()
    with pytest.raises(IndexError, match='"lower", "upper"'):
        sim.positions("middle")
    with pytest.raises(ValueError, match=r"\(31, 3\)"):
        sim.set_positions("lower", np.zeros((30, 3)))
    with pytest.raises(ValueError, match="finite"):
        sim.set_positions("lower", np.full((31, 3), np.nan))
    with pytest.raises(IndexError):
        sim.set_boundary_target(3, np.zeros((2, 3)))


def test_a_failed_step_raises_solve_error(root):
    text = (root / CANTILEVER).read_text()
    text = text.replace(
        "time: (dt: 0.005, duration: 0.25)", "time: (dt: 0.005, duration: 0.25, min_dt: 0.005)"
    ).replace("solver: (abs_tol: 1e-12, rel_tol: 1e-12)", "solver: (max_iterations: 1, abs_tol: 1e-30, rel_tol: 1e-30)")
    sim = catena.Scene.from_ron(text, path=root / CANTILEVER).simulator()
    with pytest.raises(catena.SolveError, match=r"^step 1 \(t = 0 s → 0.005 s\) failed on its only attempt") as e:
        sim.step()
    # The same message as `catena run`: Newton's iterations, the residual against the
    # tolerance, and a help line.
    assert "Newton did not converge in 1 iteration (max_iterations = 1)" in str(e.value)
    assert "> tolerance " in str(e.value)
    assert "\n  help: give Newton more iterations" in str(e.value)
    assert sim.time == 0.0


def test_chains_elements_and_jacobians(root):
    chain = catena.load_chain(root / "chains/imc.ron")
    assert chain.name == "imc" and "T_IMC" in chain.elements
    e = catena.elements()
    assert len(e) > 20 and all(x["summary"] for x in e)
    (t,) = catena.elements("T_IMC")
    assert t["details"] and t["category"]
    with pytest.raises(KeyError, match="T_IMC"):
        catena.elements("T_IMCC")
    report = catena.check_jacobian(chain, samples=5)
    assert report["passed"] and "T_IMC" in report["report"]
    assert {r["name"] for r in report["rows"]} >= {"N_IMC", "T_IMC"}


def test_ctrl_c_stops_a_run_cleanly(root, tmp_path):
    import json
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "run"
    code = (
        "import catena, sys\n"
        f"sim = catena.load_scene({str(root / CROSSING)!r}).simulator()\n"
        "print('running', flush=True)\n"
        "try:\n"
        f"    sim.run(until=30.0, out={str(out)!r})\n"
        "except KeyboardInterrupt as e:\n"
        "    print('interrupted:', e, sim.steps, flush=True)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "running"
    deadline = time.time() + 30
    # Wait for the header and at least one complete step row.
    while not (out / "steps.csv").is_file() or (out / "steps.csv").read_text().count("\n") < 2:
        assert time.time() < deadline
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    stdout, _ = p.communicate(timeout=60)
    assert p.returncode == 0 and "interrupted: interrupted by SIGINT" in stdout, stdout
    summary = json.loads((out / "summary.json").read_text())
    assert summary["reason"] == "interrupted" and summary["steps"] > 0
    assert (out / "checkpoint.ron").is_file()
