"""The state of every kind of body from Python: spheres (centre, orientation, angular
velocity), shell nodes, rigid bodies' poses, by name."""

import numpy as np
import pytest

import catena


def test_every_body_is_listed_and_read_by_name(root):
    sim = catena.load_scene(str(root / "examples/scenes/spheres_box.ron")).simulator()
    kinds = {b["kind"] for b in sim.bodies}
    assert kinds == {"sphere", "plane"}
    names = [b["name"] for b in sim.bodies if b["kind"] == "sphere"]
    assert len(names) == 8
    before = sim.positions(names[0])
    assert before.shape == (1, 3)
    for _ in range(20):
        sim.step()
    after = sim.positions(names[0])
    assert after[0, 2] < before[0, 2], "the sphere falls"
    pose = sim.pose(names[0])
    assert set(pose) == {"center", "velocity", "orientation", "angular_velocity"}
    np.testing.assert_allclose(pose["center"], after[0])
    np.testing.assert_allclose(np.linalg.norm(pose["orientation"]), 1.0, rtol=1e-12)
    with pytest.raises(IndexError, match="no body is named"):
        sim.pose("nobody")


def test_shell_nodes_and_rigid_poses(root):
    sim = catena.load_scene(str(root / "examples/scenes/manta_ray.ron")).simulator()
    shell = [b for b in sim.bodies if b["kind"] == "shell"][0]
    nodes = sim.positions(shell["name"])
    assert nodes.shape == (shell["nodes"], 3)
    sim = catena.load_scene(str(root / "examples/scenes/rod_over_box.ron")).simulator()
    pose = sim.pose("box")
    np.testing.assert_allclose(pose["center"], [0.0, 0.0, 0.0], atol=1e-15)
    np.testing.assert_allclose(pose["orientation"], [1.0, 0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="only spheres and rigid bodies"):
        sim.pose("rod")
    # A body's nodes are set by name too (here the rod's, through its own path).
    rod = sim.positions("rod")
    sim.set_positions("rod", rod + np.array([0.0, 0.0, 0.001]))
    np.testing.assert_allclose(sim.positions("rod")[:, 2], rod[:, 2] + 0.001)
