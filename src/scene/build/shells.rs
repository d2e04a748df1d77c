//! Shells: each `shells` entry of the scene becomes a [`Shell`] — its mesh generated, read from
//! an OBJ/STL file (relative to the scene file) or given inline, validated, translated, with
//! its material, thickness, bending and membrane models — and the nodes inside its `clamp` and `pin`
//! regions are held fixed; clamped edges (both nodes clamped) also hold their mid-edge `ξ`.

use super::ctx::Ctx;
use super::materials::Materials;
use super::shell_actuation::hinge_actuations;
use crate::diag::{SceneError, closest};
use crate::model::mesh::{
    DiagonalPattern, MeshError, MeshTopology, TriMesh, disk, ellipsoid, hexagon, icosphere, plate,
    red_cell,
};
use crate::model::{CellMembrane, Model, Shell};
use crate::scene::{CellSpec, DiagonalsSpec, MeshSpec, RegionSpec, ShellSpec};
use std::collections::BTreeMap;
use std::path::Path;

/// Adds every shell of the scene to `model` (after the rods, before the spheres); returns the
/// shell indices by name. `taken` are the names already used by other bodies.
pub(super) fn add_shells<'s>(
    shells: &'s [ShellSpec],
    cx: &Ctx,
    materials: &Materials,
    taken: &dyn Fn(&str) -> bool,
    model: &mut Model,
) -> Result<BTreeMap<&'s str, usize>, SceneError> {
    let mut index = BTreeMap::new();
    for s in shells {
        let needle = format!("\"{}\"", s.name);
        if index.contains_key(s.name.as_str()) || taken(&s.name) {
            return Err(cx
                .err(&needle, format!("two bodies are named \"{}\"", s.name))
                .with_help("give every rod, shell and sphere a unique name"));
        }
        let material = *materials.get(&s.material).ok_or_else(|| {
            let e = cx.err(
                &format!("\"{}\"", s.material),
                format!(
                    "shell \"{}\" uses material \"{}\", which is not defined",
                    s.name, s.material
                ),
            );
            match closest(&s.material, materials.keys().map(String::as_str)) {
                Some(m) => e.with_help(format!("did you mean \"{m}\"?")),
                None => e.with_help("define it in `materials`"),
            }
        })?;
        let mut mesh = build_mesh(&s.mesh, cx, &needle)?;
        mesh.translate(s.translate.vec());
        let topology = MeshTopology::new(&mesh).map_err(|e| located(e, cx, &needle))?;
        let mut shell = Shell::new(&s.name, mesh, topology, material, s.thickness.0, s.bending);
        shell.membrane = s.membrane.model();
        if let Some(m) = &s.maxwell {
            shell
                .set_maxwell(m.relaxation_time.0)
                .map_err(|e| cx.err(&needle, format!("shell \"{}\": {e}", s.name)))?;
        }
        if let Some(c) = &s.cell {
            shell.cell = Some(cell_membrane(c, &shell, cx, &needle)?);
        }
        let mut on_boundary = vec![false; shell.n_nodes()];
        for &e in &shell.topology.boundary_edges {
            for n in shell.topology.edges[e as usize].nodes {
                on_boundary[n as usize] = true;
            }
        }
        let select = |regions: &[RegionSpec], what: &str| -> Result<Vec<bool>, SceneError> {
            let held: Vec<bool> = (0..shell.n_nodes())
                .map(|i| {
                    regions
                        .iter()
                        .any(|r| inside(r, &shell.mesh.nodes[i], on_boundary[i]))
                })
                .collect();
            if !regions.is_empty() && !held.contains(&true) {
                return Err(cx
                    .err(
                        &needle,
                        format!("shell \"{}\": no node lies in its {what} regions", s.name),
                    )
                    .with_help("check the regions against the mesh (after `translate`)"));
            }
            Ok(held)
        };
        let clamped = select(&s.clamp, "clamp")?;
        let pinned = select(&s.pin, "pin")?;
        let clamped_edges: Vec<usize> = (0..shell.topology.n_edges())
            .filter(|&e| {
                let [a, b] = shell.topology.edges[e].nodes;
                clamped[a as usize] && clamped[b as usize]
            })
            .collect();
        shell.actuation = hinge_actuations(&s.actuate, &shell, cx, &needle, |r, i| {
            inside(r, &shell.mesh.nodes[i], on_boundary[i])
        })?;
        let idx = model.add_shell(shell, s.velocity.vec());
        for i in 0..clamped.len() {
            if clamped[i] || pinned[i] {
                model.fix_shell_node(idx, i);
            }
        }
        for e in clamped_edges {
            model.fix_shell_edge_rotation(idx, e);
        }
        index.insert(s.name.as_str(), idx);
    }
    Ok(index)
}

/// The cell terms of `shell` from `spec`: the mesh must be closed and wound outward (positive
/// enclosed volume); the targets default to the rest mesh's area and volume.
fn cell_membrane(
    spec: &CellSpec,
    shell: &Shell,
    cx: &Ctx,
    needle: &str,
) -> Result<CellMembrane, SceneError> {
    let open = shell.topology.boundary_edges.len();
    if open > 0 {
        return Err(cx
            .err(
                needle,
                format!(
                    "shell \"{}\" is a cell but its mesh is open ({open} boundary edges)",
                    shell.name
                ),
            )
            .with_help("a cell needs a closed surface: use Icosphere, Ellipsoid, RedCell or a closed mesh file"));
    }
    let (area, volume) = shell.area_and_volume(
        &shell
            .mesh
            .nodes
            .iter()
            .flat_map(|x| [x.x, x.y, x.z])
            .collect::<Vec<_>>(),
    );
    if volume.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Err(cx
            .err(
                needle,
                format!(
                    "shell \"{}\" is a cell but its triangles wind inward (enclosed volume {volume:e} m³)",
                    shell.name
                ),
            )
            .with_help("list each triangle's nodes counter-clockwise seen from outside (flip the winding)"));
    }
    if !spec.pressure.is_finite() {
        return Err(cx
            .err(
                needle,
                format!("shell \"{}\": cell `pressure` must be finite", shell.name),
            )
            .with_help("give the imposed inner pressure in Pa"));
    }
    Ok(CellMembrane {
        tension: spec.tension.0,
        area_modulus: spec.area_modulus.0,
        rest_area: spec.area.map_or(area, |a| a.0),
        bulk_modulus: spec.bulk_modulus.0,
        rest_volume: spec.volume.map_or(volume, |v| v.0),
        pressure: spec.pressure,
    })
}

/// Whether a node at `x` (on the mesh boundary or not) lies in `region`.
fn inside(region: &RegionSpec, x: &crate::math::Vec3, boundary: bool) -> bool {
    match region {
        RegionSpec::Box { min, max } => {
            let (a, b) = (min.vec(), max.vec());
            (0..3).all(|k| a[k] <= x[k] && x[k] <= b[k])
        }
        RegionSpec::Beyond { center, radius } => (x - center.vec()).norm() >= *radius,
        RegionSpec::Boundary => boundary,
    }
}

/// A mesh error as a scene error: at the mesh file's line when it has one, else at the shell.
pub(super) fn located(e: MeshError, cx: &Ctx, needle: &str) -> SceneError {
    if e.file().is_some() {
        e.into_scene_error(cx.file)
    } else {
        cx.err(needle, e.message()).with_help(e.help())
    }
}

fn build_mesh(spec: &MeshSpec, cx: &Ctx, needle: &str) -> Result<TriMesh, SceneError> {
    let mesh = match spec {
        MeshSpec::Plate {
            lx,
            ly,
            nx,
            ny,
            diagonals,
        } => plate(
            *lx,
            *ly,
            *nx,
            *ny,
            match diagonals {
                DiagonalsSpec::OneWay => DiagonalPattern::OneWay,
                DiagonalsSpec::Alternating => DiagonalPattern::Alternating,
                DiagonalsSpec::Crossed => DiagonalPattern::Crossed,
            },
        ),
        MeshSpec::Hexagon { side, rings } => hexagon(*side, *rings),
        MeshSpec::Disk { radius, rings } => disk(*radius, *rings),
        MeshSpec::Icosphere { radius, level } => icosphere(*radius, *level),
        MeshSpec::Ellipsoid { radii, level } => ellipsoid(radii.vec(), *level),
        MeshSpec::RedCell { radius, level } => red_cell(*radius, *level),
        MeshSpec::File(f) => {
            let path = cx.file.parent().unwrap_or(Path::new(".")).join(f);
            TriMesh::load(&path)
        }
        MeshSpec::Inline { nodes, triangles } => TriMesh::from_rows(nodes, triangles),
    };
    mesh.map_err(|e| located(e, cx, needle))
}
