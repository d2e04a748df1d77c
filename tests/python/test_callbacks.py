"""Callbacks in Simulator.run(callback=f, every=N): the simulator read and driven from Python
while the run steps, and a run stopped by the callback (False or an exception) as Ctrl-C stops
one."""

import json

import numpy as np
import pytest

import catena

from test_builder import rows


@pytest.fixture
def cantilever(root):
    # dt = 5 ms, 50 steps to its duration.
    return catena.load_scene(root / "examples/scenes/cantilever.ron")


def test_the_callback_sees_each_step_and_reads_the_state(cantilever):
    sim = cantilever.simulator()
    seen = []

    def look(s):
        assert s is sim
        seen.append((s.time, s.steps, s.positions("beam"), s.energies()["elastic"]))

    summary = sim.run(until=0.05, callback=look)
    assert summary["completed"] and summary["steps"] == 10
    times = [t for t, *_ in seen]
    assert len(seen) == 10 and all(b > a for a, b in zip(times, times[1:]))
    np.testing.assert_allclose(times, 0.005 * np.arange(1, 11), rtol=1e-12)
    assert [n for _, n, *_ in seen] == list(range(1, 11))
    # The positions the callback read are those of its step: the last is the end state.
    assert seen[0][2].shape == (52, 3)
    np.testing.assert_array_equal(seen[-1][2], sim.positions("beam"))
    assert seen[-1][3] > seen[0][3] > 0  # the beam bends under gravity
    assert sim.steps == 10 and sim.time == pytest.approx(0.05)


def test_every_n_steps(cantilever):
    sim = cantilever.simulator()
    sim.step()
    seen = []
    sim.run(until=0.1, callback=lambda s: seen.append(s.steps), every=4)
    # 19 steps of this run: its steps 4, 8, 12 and 16 (the simulator had taken one before).
    assert seen == [5, 9, 13, 17]
    assert sim.steps == 20
    with pytest.raises(ValueError, match="every = 0"):
        sim.run(callback=print, every=0)
    with pytest.raises(TypeError, match="callback"):
        sim.run(callback=3)


def test_a_callback_changes_no_bit(cantilever, tmp_path):
    cantilever.simulator().run(until=0.05, out=tmp_path / "plain")
    cantilever.simulator().run(until=0.05, out=tmp_path / "watched", callback=lambda s: s.positions(), every=2)
    assert rows(tmp_path / "plain" / "steps.csv") == rows(tmp_path / "watched" / "steps.csv")


def test_an_exception_stops_the_run_and_is_raised_again(cantilever, cli, tmp_path):
    sim = cantilever.simulator()

    class Enough(Exception):
        pass

    def boom(s):
        if s.steps == 6:
            raise Enough("enough at t = %g" % s.time)

    out = tmp_path / "out"
    with pytest.raises(Enough, match="enough at t = 0.03"):
        sim.run(out=out, callback=boom, every=3)
    # Stopped after step 6, with what Ctrl-C leaves: rows, a checkpoint, a summary saying why.
    assert sim.steps == 6 and sim.time == pytest.approx(0.03)
    assert len((out / "steps.csv").read_text().splitlines()) == 1 + 6
    assert (out / "checkpoint.ron").is_file()
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["completed"], summary["reason"], summary["steps"]) == (False, "stopped", 6)
    assert "the callback raised" in summary["message"] and "enough at t = 0.03" in summary["message"]
    # The simulator goes on from there, and the command line resumes the run to the same bits
    # as a run never stopped.
    sim.step()
    assert sim.steps == 7
    cli("resume", out, "-q")
    cantilever.simulator().run(out=tmp_path / "whole")
    assert rows(out / "steps.csv") == rows(tmp_path / "whole" / "steps.csv")


def test_returning_false_ends_the_run_early(cantilever, tmp_path):
    sim = cantilever.simulator()
    summary = sim.run(out=tmp_path / "out", callback=lambda s: s.time < 0.02)
    assert (summary["completed"], summary["reason"], summary["steps"]) == (False, "stopped", 4)
    assert sim.steps == 4 and sim.time == pytest.approx(0.02)
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["reason"] == "stopped"
    # False after the last step: the run is complete anyway.
    assert sim.run(until=0.03, callback=lambda s: False, every=2)["completed"]
    # None (no return) and True go on.
    assert sim.run(until=0.04, callback=lambda s: None)["completed"]
    assert sim.steps == 8
    assert sim.run(until=0.05, callback=lambda s: True)["completed"]


def test_the_simulator_cannot_be_stepped_inside_its_callback(cantilever):
    sim = cantilever.simulator()
    for what in (lambda s: s.step(), lambda s: s.run()):
        with pytest.raises(RuntimeError, match="inside the callback"):
            sim.run(until=sim.time + 0.01, callback=what)
    # Each refused call stopped its run after its first step.
    assert sim.steps == 2


def test_forces_set_in_the_callback_act_as_between_steps(tmp_path):
    # A spring to a moving target computed in Python, set from a callback every step, gives the
    # bits of the same force set between calls of step().
    from test_external_forces import simulator

    k, amp, w, dt = 2.0, 0.01, 3.0, 1e-3

    def spring(s):
        x = s.pose("ball")["center"][0]
        s.set_external_forces("ball", [[-k * (x - amp * np.sin(w * s.time)), 0.0, 0.0]])

    by_hand = simulator(tmp_path, dt=dt, integrator="ImplicitMidpoint", forces="")
    spring(by_hand)
    for _ in range(200):
        by_hand.step()
        spring(by_hand)
    run = simulator(tmp_path, dt=dt, integrator="ImplicitMidpoint", forces="")
    spring(run)
    run.run(until=0.2, callback=spring)
    assert run.steps == by_hand.steps == 200
    np.testing.assert_array_equal(run.q, by_hand.q)
    assert abs(run.pose("ball")["center"][0]) > 1e-6


def test_a_callback_computing_in_parallel_runs_with_one_worker_thread(root):
    # The run waits for its callback off rayon's pool: a callback that reads energies and
    # contacts (parallel loops) must not wait for a worker the run holds.
    import subprocess
    import sys

    code = (
        "import catena\n"
        f"sim = catena.load_scene({str(root / 'examples/scenes/spheres_box.ron')!r}).simulator()\n"
        "sim.run(until=0.01, callback=lambda s: (s.energies(), s.contacts(), s.positions('s1')))\n"
        "print(sim.steps)\n"
    )
    env = dict(__import__("os").environ, RAYON_NUM_THREADS="1")
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "10"
