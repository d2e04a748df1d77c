"""Writes examples/scenes/aggregate_100.ron: 100 deformable cells (icospheres of level 2:
162 nodes, 320 triangles, R = 5 µm, cortical tension 1 mN/m, volume held by K_V = 100 kPa) on a
5 × 5 × 4 lattice with 0.5 µm gaps, pressed between two rigid plates that close at 1 µm/s each
in the overdamped mode (surface friction with the medium), cells pushing on cells and plates
through N_LinearPressure (chains/cell_pressure.ron). Run: python3 examples/scenes/gen/aggregate_100.py
"""

from pathlib import Path

R = 5e-6
PITCH = 10.5e-6
xs = [(i - 2) * PITCH for i in range(5)]
zs = [(k - 1.5) * PITCH for k in range(4)]
top = zs[-1] + R
cells = []
for k, z in enumerate(zs):
    for j, y in enumerate(xs):
        for i, x in enumerate(xs):
            name = f"c{k}{j}{i}"
            cells.append(
                f'        (name: "{name}", material: "cortex", thickness: 4e-7, bending: Hinge,\n'
                f"         mesh: Icosphere(radius: {R}, level: 2), translate: ({x:.4e}, {y:.4e}, {z:.4e}),\n"
                f"         cell: (tension: 1e-3, bulk_modulus: 1e5)),"
            )
plate = 2e-6
gap = 0.3e-6 + 5e-7
text = f"""// 100 deformable cells pressed between two plates (issue 35's aggregate): written by
// examples/scenes/gen/aggregate_100.py — edit the generator, not this file.
// Cells: icospheres of level 2 (162 nodes, 320 triangles), R = 5 µm, cortical tension 1 mN/m,
// volume held by K_V = 100 kPa, a membrane of E h = 4e-7 N/m and thickness 0.4 µm (the contact
// layer: a node is pushed back before it can cross a surface within a step), hinge bending;
// on a 5 × 5 × 4 lattice with 0.5 µm gaps. Plates: rigid boxes with a 0.5 µm skin (Point_Triangle
// distances are unsigned: a node that crossed a face would be pushed through it), closing at
// 1 µm/s each. Overdamped: surface
// friction γ = 4e7 N·s/m³ with the medium; cells push on cells and plates through
// N_LinearPressure (chains/cell_pressure.ron, node on triangle, a node meets a surface once).
// The cell_* columns of steps.csv give every cell's volume, area, pressure and centroid; the
// plates' columns their loads.
Scene(
    name: "aggregate_100",
    time: (dt: 0.1, duration: 6.0, integrator: Overdamped),
    output: (frame_every: 10),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-8, linear_solver: Symmetric),
    materials: {{
        "cortex": (youngs_modulus: 1, poisson_ratio: 0.3333, density: 1000),
        "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500),
    }},
    shells: [
{chr(10).join(cells)}
    ],
    rigid_bodies: [
        (name: "bottom", material: "glass", mesh: Box(size: (6e-5, 6e-5, {plate})),
         translate: (0, 0, {-(top + gap + plate / 2):.4e}),
         skin: 5e-7, motion: Prescribed(translate: (velocity: (0, 0, 1e-6)))),
        (name: "top", material: "glass", mesh: Box(size: (6e-5, 6e-5, {plate})),
         translate: (0, 0, {top + gap + plate / 2:.4e}),
         skin: 5e-7, motion: Prescribed(translate: (velocity: (0, 0, -1e-6)))),
    ],
    contacts: [
        // N_LinearPressure acts on overlap only: candidates need only cover a step's travel
        // (the plates move 0.1 µm per step), and every candidate is a block of the system.
        (chain: "../../chains/cell_pressure.ron", first: AllShells, second: AllShells,
         keep_distance: 2e-7),
        (chain: "../../chains/cell_pressure.ron", first: AllShells, second: AllRigid,
         keep_distance: 3e-7),
    ],
    forces: [SurfaceDrag(friction: 4e7)],
)
"""
Path(__file__).resolve().parent.parent.joinpath("aggregate_100.ron").write_text(text)
