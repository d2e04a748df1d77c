//! Self-contact exclusion: which pairs of primitives of one deformable body are too close
//! along it to be a contact.
//!
//! Two primitives of the same rod are excluded when they share a node (adjacent edges,
//! |i − j| ≤ 1, seed 001 §3; a node and an edge touching it), when they are neighbouring nodes,
//! and — for rods that are thick compared with their edges — when their arc-length separation
//! in the rest shape is at most the rod's thickness `2r` (they would overlap when the rod is
//! straight, so their "contact" is the rod's own material). Two primitives of the same shell
//! (nodes, edges, triangles) are excluded when they share a mesh node, or when two of their
//! nodes are within the shell's thickness `h` in the rest mesh (a node and the faces of its
//! one-ring always share one; thick shells on fine meshes exclude more). Primitives of two
//! bodies joined at a shared node are excluded when they both touch it. Primitives of rigid
//! bodies are only excluded from pairing with themselves.

use super::{BodyId, PrimId};
use crate::model::Model;

/// Where a primitive lies along its deformable body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    /// The body.
    pub body: BodyId,
    /// First and last node it spans (equal for a node).
    pub nodes: (u32, u32),
    /// Rest arc-length interval `[s₀, s₁]` (m).
    pub arc: (f64, f64),
    /// Thickness of the body (m): pairs closer than this along it are its own material.
    pub thickness: f64,
}

/// The mesh nodes of a shell primitive (one for a node, two for an edge, three for a
/// triangle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeshNodes {
    /// Shell index.
    pub shell: u32,
    /// Node indices in the shell's mesh; entries past `n` are unused.
    pub nodes: [u32; 3],
    /// Number of nodes.
    pub n: usize,
}

impl MeshNodes {
    /// The given nodes of shell `shell` (at most three).
    pub fn of(shell: u32, nodes: &[u32]) -> Self {
        let mut out = Self {
            shell,
            nodes: [0; 3],
            n: nodes.len(),
        };
        out.nodes[..nodes.len()].copy_from_slice(nodes);
        out
    }
    /// The nodes in use.
    pub fn as_slice(&self) -> &[u32] {
        &self.nodes[..self.n]
    }
}

/// Whether two primitives of one shell are too close along it: they share a node, or two of
/// their nodes are within the thickness in the rest mesh.
fn too_close_on_mesh(model: &Model, a: &MeshNodes, b: &MeshNodes) -> bool {
    let shell = &model.bodies.shells[a.shell as usize];
    let h2 = shell.thickness * shell.thickness;
    let rest = &shell.mesh.nodes;
    a.as_slice().iter().any(|&i| {
        b.as_slice()
            .iter()
            .any(|&j| i == j || (rest[i as usize] - rest[j as usize]).norm_squared() <= h2)
    })
}

/// Whether primitives of two different bodies share a node (a rod–shell or rod–rod junction,
/// [`Model::share_rod_node`]): they are one piece of material there.
fn joined(model: &Model, a: &PrimId, b: &PrimId) -> bool {
    if a.body() == b.body() || !model.bodies.rods.iter().any(|r| !r.shared.is_empty()) {
        return false;
    }
    let (da, db) = (a.point_dofs(model), b.point_dofs(model));
    da.as_slice().iter().any(|d| db.as_slice().contains(d))
}

/// Whether `a` and `b` may not form a contact pair (see the module documentation).
pub fn too_close(model: &Model, a: &PrimId, b: &PrimId) -> bool {
    if joined(model, a, b) {
        return true;
    }
    // A rigid body's surface never touches itself.
    if let BodyId::Rigid(_) = a.body()
        && a.body() == b.body()
    {
        return true;
    }
    if let (Some(ma), Some(mb)) = (a.mesh_nodes(model), b.mesh_nodes(model)) {
        return ma.shell == mb.shell && too_close_on_mesh(model, &ma, &mb);
    }
    match (a.span(model), b.span(model)) {
        (Some(sa), Some(sb)) if sa.body == sb.body => {
            let (a0, a1) = sa.nodes;
            let (b0, b1) = sb.nodes;
            let share = a0.max(b0) <= a1.min(b1);
            let neighbours = a0 == a1 && b0 == b1 && a0.abs_diff(b0) == 1;
            let gap_along = (sb.arc.0 - sa.arc.1).max(sa.arc.0 - sb.arc.1).max(0.0);
            share || neighbours || gap_along <= sa.thickness
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::primitive::{RodEdge, RodNode, SpherePrim};
    use crate::math::Vec3;
    use crate::model::{CrossSection, Material, Model, Rod};

    fn rod_model(radius: f64) -> Model {
        let mut m = Model::default();
        let nodes: Vec<Vec3> = (0..11)
            .map(|i| Vec3::new(0.01 * i as f64, 0.0, 0.0))
            .collect();
        let (rod, frames, q) = Rod::new(
            "r",
            &nodes,
            CrossSection::Circle(radius),
            Material::from_poisson(1e6, 0.5, 1000.0),
            None,
        )
        .unwrap();
        m.add_rod(rod, frames, q);
        m.finalize();
        m
    }

    #[test]
    fn neighbours_along_a_thin_rod_are_excluded_and_others_are_not() {
        let m = rod_model(1e-4);
        let e = |edge| PrimId::RodEdge(RodEdge { rod: 0, edge });
        let n = |node| PrimId::RodNode(RodNode { rod: 0, node });
        assert!(too_close(&m, &e(3), &e(4)));
        assert!(too_close(&m, &e(3), &e(3)));
        assert!(!too_close(&m, &e(3), &e(5)));
        assert!(too_close(&m, &n(3), &n(4)));
        assert!(!too_close(&m, &n(3), &n(5)));
        assert!(too_close(&m, &e(3), &n(4)) && too_close(&m, &n(3), &e(3)));
        assert!(!too_close(&m, &e(3), &n(5)));
    }

    #[test]
    fn a_thick_rod_excludes_pairs_within_its_thickness() {
        // Edges of 1 cm, radius 1.2 cm: thickness 2.4 cm spans two edges of separation.
        let m = rod_model(0.012);
        let e = |edge| PrimId::RodEdge(RodEdge { rod: 0, edge });
        assert!(too_close(&m, &e(0), &e(3)));
        assert!(!too_close(&m, &e(0), &e(4)));
    }

    /// A 4 × 1 strip of a shell: primitives sharing a node are excluded, others are not; a
    /// thick shell also excludes pairs whose nodes are within its thickness.
    #[test]
    fn shell_primitives_sharing_a_node_are_excluded() {
        use crate::model::mesh::{DiagonalPattern, plate};
        use crate::model::{MeshTopology, Shell, ShellBending};
        let shell_model = |h: f64| {
            let mut m = Model::default();
            let mesh = plate(0.04, 0.01, 4, 1, DiagonalPattern::OneWay).unwrap();
            let topo = MeshTopology::new(&mesh).unwrap();
            let mat = Material::from_poisson(1e6, 0.3, 1000.0);
            m.add_shell(
                Shell::new("s", mesh, topo, mat, h, ShellBending::Hinge),
                Vec3::zeros(),
            );
            m.finalize();
            m
        };
        let m = shell_model(1e-3);
        let s = &m.bodies.shells[0];
        let tri = |t: u32| PrimId::shell_face(0, t);
        let node = |n: u32| PrimId::shell_node(0, n);
        let [a, _, _] = s.mesh.triangles[0];
        // A node of triangle 0 against it and against the far end's triangles.
        assert!(too_close(&m, &node(a), &tri(0)));
        let far = (s.mesh.triangles.len() - 1) as u32;
        assert!(!s.mesh.triangles[far as usize].contains(&a));
        assert!(!too_close(&m, &node(a), &tri(far)));
        // Edges: one sharing a node with triangle 0 is excluded.
        let e0 = s.topology.triangle_edges[0][0];
        assert!(too_close(&m, &PrimId::shell_edge(0, e0), &tri(0)));
        // Different shells never exclude each other; a thick shell excludes more.
        assert!(!too_close(&m, &node(a), &PrimId::sphere(0)));
        let thick = shell_model(0.025);
        assert!(too_close(&thick, &node(a), &tri(far - 2)));
    }

    #[test]
    fn rigid_bodies_only_exclude_themselves() {
        let m = rod_model(1e-3);
        let s = |index| PrimId::Sphere(SpherePrim { index });
        assert!(too_close(&m, &s(0), &s(0)));
        assert!(!too_close(&m, &s(0), &s(1)));
    }
}
