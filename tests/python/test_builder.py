"""Scenes built in Python from arrays (catena.SceneBuilder): the RON they write, and the same
bits as the shipped scene written by hand."""

import numpy as np
import pytest

import catena
from catena import SceneBuilder, Variant


def spheres_box(root):
    """examples/scenes/spheres_box.ron, built from arrays."""
    chains = root / "chains"
    b = SceneBuilder("spheres_box", dt=1e-3, duration=1.0, output={"frame_every": 10})
    b.material("plastic", youngs_modulus=1e8, poisson_ratio=0.35, density=1000)
    centres = np.array(
        [
            [0.020, 0.020, 0.02],
            [0.045, 0.025, 0.03],
            [0.070, 0.020, 0.04],
            [0.025, 0.050, 0.05],
            [0.055, 0.055, 0.06],
            [0.030, 0.075, 0.07],
            [0.070, 0.075, 0.08],
        ]
    )
    # The shipped scene names its spheres s1 … s8; the builder numbers from 0.
    for i, c in enumerate(centres):
        b.add_spheres(f"s{i + 1}_", [c], 0.01, material="plastic")
    b.add_spheres("s8_", [[0.050, 0.040, 0.10]], 0.01, material="plastic", velocities=[[0.1, 0, 0]])
    for name, origin, normal in [
        ("floor", (0, 0, 0), (0, 0, 1)),
        ("west", (0, 0, 0), (1, 0, 0)),
        ("east", (0.09, 0, 0), (-1, 0, 0)),
        ("south", (0, 0, 0), (0, 1, 0)),
        ("north", (0, 0.09, 0), (0, -1, 0)),
    ]:
        b.add_plane(name, origin=origin, normal=normal)
    b.add_force(Variant("Gravity", g=(0, 0, -9.81)))
    b.add_contact(chains / "linear_sphere_sphere.ron", first="AllSpheres", second="AllSpheres", keep_distance=0.01)
    b.add_contact(chains / "linear_sphere_plane.ron", first="AllSpheres", second="AllPlanes", keep_distance=0.01)
    return b


def rows(path):
    """steps.csv without its wall-clock columns."""
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    keep = [k for k, h in enumerate(header) if not h.endswith("_ms")]
    return [[line.split(",")[k] for k in keep if k < len(line.split(","))] for line in lines]


def test_a_built_scene_gives_the_bits_of_the_shipped_scene(root, cli, tmp_path):
    b = spheres_box(root)
    cli("run", root / "examples/scenes/spheres_box.ron", "--out", tmp_path / "cli", "--until", "0.2", "-q")
    b.simulator().run(until=0.2, out=tmp_path / "py")
    assert rows(tmp_path / "cli" / "steps.csv") == rows(tmp_path / "py" / "steps.csv")
    # The RON it writes is a scene file the command line runs, to the same bits.
    path = b.write(tmp_path / "built.ron")
    cli("run", path, "--out", tmp_path / "written", "--until", "0.2", "-q")
    assert rows(tmp_path / "written" / "steps.csv") == rows(tmp_path / "py" / "steps.csv")


def test_rods_and_shells_from_arrays(root):
    b = SceneBuilder("bodies", dt=1e-3, duration=0.01, integrator="ImplicitEuler")
    b.material("soft", youngs_modulus=1e6, poisson_ratio=0.3, density=1000)
    nodes = np.linspace([0.0, 0.0, 0.05], [0.1, 0.0, 0.05], 11)
    b.add_rod("rod", nodes, radius=1e-3, material="soft")
    v = np.array([[0.0, 0.0, 0.0], [0.01, 0.0, 0.0], [0.0, 0.01, 0.0], [0.01, 0.01, 0.0]])
    f = np.array([[0, 1, 2], [1, 3, 2]])
    b.add_shell("sheet", v, f, thickness=1e-3, material="soft", bending="Hinge")
    b.add_boundary_condition(Variant("Clamp", rod="rod", end=Variant("Start")))
    sim = b.simulator()
    np.testing.assert_array_equal(sim.positions("rod"), nodes)
    np.testing.assert_array_equal(sim.positions("sheet"), v)
    sim.step()
    assert "geometry: Nodes([(0.0, 0.0, 0.05), (" in b.to_ron()


def test_bad_values_are_refused_naming_the_argument():
    b = SceneBuilder("bad", dt=1e-3, duration=1.0)
    with pytest.raises(ValueError, match=r"add_rod\('r'\): nodes: expected an array of shape \(n, 3\)"):
        b.add_rod("r", np.zeros((4, 2)), radius=1e-3, material="m")
    with pytest.raises(ValueError, match="finite"):
        b.add_spheres("s", [[0.0, float("nan"), 0.0]], 0.01, material="m")
    with pytest.raises(ValueError, match=r"velocities: expected an array of shape \(1, 3\)"):
        b.add_spheres("s", [[0.0, 0.0, 0.0]], 0.01, material="m", velocities=np.zeros((2, 3)))
    with pytest.raises(TypeError, match="catena.Variant"):
        b.add_force("Gravity")
    # What only the scene reader knows (an unknown material) is its SceneError, located.
    b.add_spheres("s", [[0.0, 0.0, 0.0]], 0.01, material="nowhere")
    with pytest.raises(catena.SceneError, match="nowhere"):
        b.simulator()


def test_a_plane_mask_reaches_the_scene(root):
    """``add_plane(mask=…)`` writes the plane's row of N_T_MaskedConstantResistance's matrices,
    and the scene it writes builds."""
    b = spheres_box(root)
    b.add_plane("lid", origin=(0, 0, 0.2), normal=(0, 0, -1), mask=1)
    text = b.to_ron()
    assert "mask: 1" in text
    # A mask of 0 is the default and not written.
    assert text.count("mask:") == 1
    b.simulator()
