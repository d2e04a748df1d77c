"""Arguments the Python API takes as Python users give them (issue 39): array-likes of any
real dtype for the setters, a horizon that must lie ahead, the command line's limits on
``check_jacobian``, Ctrl-C in the calls that run long, ``force=True`` that keeps files catena
did not write, and errors and warnings worded for Python."""

import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import catena

CROSSING = "examples/scenes/rods_crossing.ron"


def test_setters_take_lists_and_any_real_dtype(root):
    sim = catena.load_scene(root / CROSSING).simulator()
    x = sim.positions("upper")
    lifted = x + [0.0, 0.0, 0.01]
    sim.set_positions("upper", lifted.tolist())
    assert np.array_equal(sim.positions("upper"), lifted)
    sim.set_positions("upper", lifted.astype(np.float32))
    assert np.array_equal(sim.positions("upper"), lifted.astype(np.float32).astype(np.float64))
    whole = np.array([[i, 0, 1] for i in range(31)], dtype=np.int64)
    sim.set_positions("upper", whole)
    assert np.array_equal(sim.positions("upper"), whole.astype(np.float64))
    sim.set_velocities("upper", [[0, 0, -1]] * 31)
    assert np.array_equal(sim.velocities("upper")[:, 2], -np.ones(31))
    q = sim.q
    sim.set_q(list(q))
    assert np.array_equal(sim.q, q)
    sim.set_v(np.zeros(len(q), dtype=np.int32))
    assert not sim.v.any()
    beam = catena.load_scene(root / "examples/scenes/cantilever.ron").simulator()
    held = beam.boundary_conditions()[0]["targets"] + [0.0, 0.0, 0.001]
    beam.set_boundary_target(0, held.tolist())
    beam.step()
    assert np.allclose(beam.positions("beam")[:2], held, atol=1e-12)


def test_setters_refuse_what_is_not_real_numbers_naming_the_argument(root):
    sim = catena.load_scene(root / CROSSING).simulator()
    with pytest.raises(TypeError, match="^positions: expected an array-like of real numbers"):
        sim.set_positions("upper", [["a", "b", "c"]] * 31)
    with pytest.raises(TypeError, match="^positions: .*complex"):
        sim.set_positions("upper", np.zeros((31, 3), dtype=complex))
    with pytest.raises(TypeError, match="^velocities: "):
        sim.set_velocities("upper", [[0, 0], [0, 0, 0]])
    with pytest.raises(TypeError, match="^q: "):
        sim.set_q(None)
    with pytest.raises(ValueError, match=r"positions: expected an array of shape \(31, 3\), got shape \(3,\)"):
        sim.set_positions("upper", [0.0, 0.0, 1.0])
    with pytest.raises(ValueError, match=r"q: expected \d+ values"):
        sim.set_q([1.0, 2.0])


def test_run_refuses_a_horizon_that_is_not_ahead(root, tmp_path):
    sim = catena.load_scene(root / CROSSING).simulator()
    for until in (-1, 0.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="until"):
            sim.run(until=until)
    assert sim.steps == 0 and sim.time == 0.0
    sim.run(until=0.002)
    with pytest.raises(ValueError, match=r"until = 0.001 s is not after the simulator's time"):
        sim.run(until=0.001)
    assert sim.steps == 2


def test_check_jacobian_has_the_command_lines_limits(root):
    chain = catena.load_chain(root / "chains/imc.ron")
    for samples in (2**64 - 1, 2**200, 0, -5, 1_000_001):
        with pytest.raises(ValueError, match="1 ≤ samples ≤ 1000000"):
            catena.check_jacobian(chain, samples=samples)
    with pytest.raises(TypeError, match="samples: expected an int"):
        catena.check_jacobian(chain, samples="10")
    for tol in (0.0, -1e-5, float("nan")):
        with pytest.raises(ValueError, match="tol"):
            catena.check_jacobian(chain, samples=5, tol=tol)
    assert catena.check_jacobian(chain, samples=3)["passed"]


def _interrupt(code, ready, timeout=60):
    """Runs ``code`` in a Python process, sends SIGINT once ``ready()`` holds (at least half a
    second after the child printed 'running'), and returns its exit status, its output and
    how long it took to end after the signal."""
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "running"
    time.sleep(0.5)  # into the call that follows the print
    deadline = time.time() + timeout
    while not ready():
        assert time.time() < deadline, "the call did not start"
        time.sleep(0.05)
    sent = time.time()
    p.send_signal(signal.SIGINT)
    stdout, _ = p.communicate(timeout=timeout)
    return p.returncode, stdout, time.time() - sent


def test_ctrl_c_stops_check_jacobian(root):
    # A million configurations take an hour: Ctrl-C must stop it within seconds.
    code = (
        "import catena, time\n"
        f"chain = catena.load_chain({str(root / 'chains/imc.ron')!r})\n"
        "print('running', flush=True)\n"
        "try:\n"
        "    catena.check_jacobian(chain, samples=1_000_000)\n"
        "except KeyboardInterrupt as e:\n"
        "    print('interrupted:', e, flush=True)\n"
    )
    code_rc, stdout, after = _interrupt(code, lambda: True)
    assert code_rc == 0 and "interrupted:" in stdout and "interrupted by SIGINT" in stdout, stdout
    assert after < 20, after


def test_ctrl_c_stops_a_study_run_in_this_process(root, tmp_path):
    out = tmp_path / "sweep"
    code = (
        "import catena\n"
        "print('running', flush=True)\n"
        "try:\n"
        f"    catena.sweep({str(root / CROSSING)!r}, {str(root / 'chains/linear_rod_rod.ron')!r},\n"
        "                 set={'N_LinearForce.stiffness': [1e3, 2e3]}, until=30.0,\n"
        f"                 out={str(out)!r})\n"
        "except KeyboardInterrupt as e:\n"
        "    print('interrupted:', e, flush=True)\n"
    )
    steps = out / "runs" / "000" / "steps.csv"
    rc, stdout, after = _interrupt(
        code, lambda: steps.is_file() and steps.read_text().count("\n") >= 2
    )
    assert rc == 0 and "interrupted: case 0" in stdout, stdout
    assert after < 20, after
    assert catena.collect(out)["status"].tolist() == ["unfinished", "missing"]


def test_force_keeps_foreign_files_and_errors_speak_python(root, tmp_path):
    out = tmp_path / "run"
    catena.load_scene(root / CROSSING).simulator().run(until=0.002, out=out)
    (out / "notes.md").write_text("mine")
    (out / "frames" / "mine.txt").write_text("mine too")
    with pytest.raises(catena.CatenaError) as e:
        catena.load_scene(root / CROSSING).simulator().run(until=0.002, out=out)
    message = str(e.value)
    assert "pass force=True" in message and "--force" not in message and "--out" not in message
    assert "keeps `notes.md`" in message
    summary = catena.load_scene(root / CROSSING).simulator().run(until=0.003, out=out, force=True)
    assert summary["steps"] == 3
    assert (out / "notes.md").read_text() == "mine"
    assert (out / "frames" / "mine.txt").read_text() == "mine too"


def test_scene_warnings_are_python_warnings(root):
    scene = catena.load_scene(root / "tests/warned_inputs/radius_span.ron")
    with pytest.warns(UserWarning, match="sphere radii span 1.0e9"):
        scene.simulator()
