"""Deformable cells from Python: a closed mesh from numpy arrays made a cell with
``SceneBuilder.add_cell``, relaxed in the overdamped mode, read back with ``Simulator.cell``
against Laplace's law on the polyhedron (ΔP = 2TA/(3V))."""

import numpy as np
import pytest

import catena
from catena import SceneBuilder, Variant


def icosphere(radius, levels):
    """A closed, outward-wound sphere mesh: the icosahedron split ``levels`` times."""
    t = (1 + 5 ** 0.5) / 2
    v = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t),
         (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
         (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
         (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    verts = [np.array(p, dtype=float) / np.linalg.norm(p) for p in v]
    for _ in range(levels):
        mid = {}

        def midpoint(a, b):
            key = (min(a, b), max(a, b))
            if key not in mid:
                m = verts[a] + verts[b]
                verts.append(m / np.linalg.norm(m))
                mid[key] = len(verts) - 1
            return mid[key]

        f = [
            tri
            for a, b, c in f
            for tri in (
                (a, midpoint(a, b), midpoint(c, a)),
                (b, midpoint(b, c), midpoint(a, b)),
                (c, midpoint(c, a), midpoint(b, c)),
                (midpoint(a, b), midpoint(b, c), midpoint(c, a)),
            )
        ]
    return radius * np.array(verts), np.array(f, dtype=np.int64)


def overdamped_cell_scene(name, dt, duration, abs_tol, force_tol, youngs_modulus):
    """An overdamped scene with the material ``cortex`` and a level-2 icosphere of 5 µm."""
    b = SceneBuilder(
        name,
        dt=dt,
        duration=duration,
        integrator="Overdamped",
        solver={"abs_tol": abs_tol, "rel_tol": 0.0, "force_tol": force_tol},
    )
    b.material("cortex", youngs_modulus=youngs_modulus, poisson_ratio=0.3333, density=1000)
    return (b, *icosphere(5e-6, 2))


def cell_builder(tension=1e-3):
    b, verts, faces = overdamped_cell_scene("cell", 0.05, 1.0, 1e-18, 1e-9, 1.0)
    b.add_cell("c", verts, faces, thickness=1e-7, material="cortex", tension=tension,
               bulk_modulus=1e6, volume=4e-16)
    b.add_force(Variant("SurfaceDrag", friction=4e7))
    return b


def test_a_cell_from_arrays_obeys_laplace():
    sim = cell_builder().simulator()
    sim.run(until=1.0)
    c = sim.cell("c")
    assert set(c) == {"volume", "area", "pressure", "tension", "centroid"}
    assert abs(c["volume"] / 4e-16 - 1) < 1e-3
    laplace = 2 * 1e-3 * c["area"] / (3 * c["volume"])
    assert abs(c["pressure"] / laplace - 1) < 3e-4, (c["pressure"], laplace)
    assert c["tension"] == pytest.approx(1e-3)
    assert np.allclose(c["centroid"], 0.0, atol=1e-12)
    # The cell's nodes are a shell's: read them as any body's.
    assert sim.positions("c").shape == (162, 3)


def test_cell_errors_name_what_is_wrong():
    sim = cell_builder().simulator()
    with pytest.raises(IndexError, match='the cells are "c"'):
        sim.cell("d")
    b = cell_builder()
    verts, faces = icosphere(5e-6, 1)
    # Inward winding: refused with the fix.
    b.add_cell("inside_out", verts + 2e-5, faces[:, ::-1], thickness=1e-7, material="cortex",
               tension=1e-3)
    with pytest.raises(catena.SceneError, match="wind inward"):
        b.simulator()


def test_a_squeezed_cell_reports_its_virial_stress_and_contact_areas():
    """A cell pressed between two planes 8 µm apart (``Assemble_VirialStress`` in the chain):
    the planes push with equal and opposite vertical forces, the cell's virial stress is
    ``σ_zz = −F h / V`` (tension positive) with no horizontal part, and each plane is a cell
    contact with a positive area, whose sum ``Assemble_ContactArea_1`` gives the cell."""
    from catena import Chain

    h = 8e-6
    b = cell_builder()
    b.add_plane("floor", origin=(0, 0, -h / 2), normal=(0, 0, 1), material="cortex")
    b.add_plane("ceiling", origin=(0, 0, h / 2), normal=(0, 0, -1), material="cortex")
    chain = Chain("plane", [
        "Point_1_Data", "Plane_2_Data", "Point_Plane", "N_LinearPressure(stiffness: 1e11)",
        "AssembleForces", "AssembleContactMatrix", "Assemble_VirialStress",
        "Assemble_ContactArea_1",
    ])
    b.add_contact(chain, first="AllShells", second="AllPlanes", keep_distance=5e-7)
    sim = b.simulator()
    sim.run(until=1.0)
    pairs = sim.cell_contacts()
    assert [(p["first"], p["second"]) for p in pairs] == [
        ('shell "c"', 'plane "floor"'), ('shell "c"', 'plane "ceiling"')]
    floor, ceiling = (p["force"] for p in pairs)
    assert ceiling[2] < 0 < floor[2]
    assert floor[2] == pytest.approx(-ceiling[2], rel=1e-6)
    assert all(p["contact_area"] > 0 for p in pairs)
    areas = sim.contact_areas()
    assert areas["spheres"].shape == (0,)
    assert areas["cells"]["c"] == pytest.approx(sum(p["contact_area"] for p in pairs), rel=1e-12)
    s = sim.virial_stresses()
    assert s["spheres"].shape == (0, 3, 3)
    sigma = s["cells"]["c"]
    volume = sim.cell("c")["volume"]
    assert sigma[2, 2] == pytest.approx(ceiling[2] * h / volume, rel=1e-3)
    assert abs(sigma[0, 0]) < 1e-9 * abs(sigma[2, 2])
    # The per-triangle traction integrates over the rest areas to the planes' total force.
    verts, faces = (np.asarray(a, dtype=float) for a in icosphere(5e-6, 2))
    faces = faces.astype(int)
    t = sim.cell_tractions()["c"]
    assert t.shape == (len(faces), 3)
    a, b_, c = (verts[faces[:, k]] for k in range(3))
    areas = 0.5 * np.linalg.norm(np.cross(b_ - a, c - a), axis=1)
    total = (areas[:, None] * t).sum(axis=0)
    assert total == pytest.approx(floor + ceiling, abs=1e-9 * abs(ceiling[2]))
    assert t[:, 2].min() < 0 < t[:, 2].max()


def pressurised_cell(maxwell):
    """A cell (E h = 1e-4 N/m) inflated by 3 Pa in the overdamped mode, its ``Springs``
    membrane elastic or a Maxwell fluid of relaxation time 0.5 s (``maxwell=``, the scene's
    ``maxwell: (relaxation_time: τ)``)."""
    b, verts, faces = overdamped_cell_scene("maxwell_cell", 0.02, 2.0, 1e-20, 1e-12, 1e3)
    extra = {"maxwell": {"relaxation_time": 0.5}} if maxwell else {}
    b.add_cell("c", verts, faces, thickness=1e-7, material="cortex", pressure=3.0,
               membrane=Variant("Springs"), **extra)
    b.add_force(Variant("SurfaceDrag", friction=1.2e5))
    return b


def test_a_maxwell_cell_from_python_flows_where_an_elastic_one_stops():
    assert "maxwell: (relaxation_time: 0.5)" in pressurised_cell(True).to_ron()
    volumes = {}
    for maxwell in (False, True):
        sim = pressurised_cell(maxwell).simulator()
        v = []
        for _ in range(100):
            sim.step()
            v.append(sim.cell("c")["volume"])
        volumes[maxwell] = np.array(v)
    elastic, fluid = volumes[False], volumes[True]
    last = lambda v: (v[99] - v[89]) / v[99]  # noqa: E731 — relative change over 0.2 s
    # The elastic cell stops at its inflated equilibrium (membrane strain ~5 %) ...
    assert elastic[99] > 1.03 * elastic[0]
    assert abs(last(elastic)) < 1e-6
    # ... the Maxwell membrane flows: past it and still growing at every step, at the
    # quasi-static rate d ln V/dt = P R/(E h τ) to 15 % (tests/maxwell_membrane.rs).
    assert fluid[99] > 1.1 * elastic[99]
    assert np.all(np.diff(fluid) > 0)
    radius = (3 * fluid[94] / (4 * np.pi)) ** (1 / 3)
    theory = 3.0 * radius / (1e-4 * 0.5)
    measured = np.log(fluid[99] / fluid[89]) / 0.2
    assert abs(measured - theory) < 0.15 * theory, (measured, theory)


def test_shell_viscosity_on_mesh_edges_from_python(root):
    """``N_T_ShellViscosity`` bound to the mesh's edges (``detect="MeshEdges"``, no keep
    distance) moves the cell as the force ``ShellViscosity`` does."""
    def squashed(viscous):
        b, verts, faces = overdamped_cell_scene("visc", 0.05, 1.0, 1e-18, 1e-12, 1.0)
        verts = verts * np.array([1.3, 1.0, 0.8])
        b.add_cell("c", verts, faces, thickness=1e-7, material="cortex", tension=1e-3,
                   bulk_modulus=1e6)
        b.add_force(Variant("SurfaceDrag", friction=4e7))
        if viscous == "force":
            b.add_force(Variant("ShellViscosity", viscosity=100.0))
        elif viscous == "chain":
            b.add_contact(root / "chains" / "shell_viscosity.ron", first="AllShells",
                          second="AllShells", detect="MeshEdges")
        sim = b.simulator()
        sim.run(until=0.2)
        return sim.positions("c")

    force, chain, free = squashed("force"), squashed("chain"), squashed(None)
    moved = np.abs(force - free).max()
    assert moved > 1e-9
    assert np.abs(force - chain).max() < 1e-6 * moved


def test_two_triangle_pairs_list_all_six_nodes(root):
    """``contacts()`` of two cells pressed together as rounded triangles: each
    two-triangle pair puts the integrated pressure on six nodes, twelve coordinates in
    ``force``/``dofs`` and the second triangle's last two nodes in the ``extra_*`` arrays.
    The pair's forces are internal: over all six nodes they sum to zero in each direction,
    which the twelve coordinates alone do not."""
    sim = catena.load_scene(root / "examples/scenes/cell_pair_rounded.ron").simulator()
    sim.run(until=0.3)
    c = sim.contacts()
    n = len(c["gap"])
    o = c["extra_offsets"]
    assert o.shape == (n + 1,) and o[0] == 0 and o[-1] == len(c["extra_dofs"])
    assert len(c["extra_force"]) == len(c["extra_dofs"])
    pushing = [k for k in range(n) if c["active"][k] and np.abs(c["force"][k]).max() > 0]
    assert len(pushing) > 0
    q = sim.q
    worst_twelve, worst_all, largest = 0.0, 0.0, 0.0
    for k in pushing:
        assert (c["dofs"][k] >= 0).all() and o[k + 1] - o[k] == 6
        extra_dofs = c["extra_dofs"][o[k]:o[k + 1]]
        extra = c["extra_force"][o[k]:o[k + 1]]
        # The six nodes are distinct position triples of q, each starting at an x DOF.
        starts = np.concatenate([c["dofs"][k][::3], extra_dofs[::3]])
        assert len(set(starts)) == 6 and (starts + 2 < len(q)).all()
        twelve = c["force"][k].reshape(4, 3).sum(axis=0)
        total = twelve + extra.reshape(2, 3).sum(axis=0)
        largest = max(largest, np.abs(c["force"][k]).max())
        worst_twelve = max(worst_twelve, np.abs(twelve).max())
        worst_all = max(worst_all, np.abs(total).max())
    assert worst_all <= 1e-9 * largest
    assert worst_twelve > 1e-3 * largest
