//! The tension at each rod and shell node from the pairs recorded by `Assemble_SpringTension`
//! and `Assemble_SpringTension1D` (see [`crate::contact::AssembleSpringTension`]): the sum over
//! a node's recorded connections of `−f_ij/(N_i tan(π/N_i) d_ij)` (N/m; mesh form, `N_i` the
//! node's triangles) or `−f_ij/2` (N; string form), tension positive (mpacts, seed 003).

use super::LocalContact;
use crate::contact::PrimId;
use crate::model::Model;

/// The spring tensions of a step, per node, indexed as the model's bodies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpringTensions {
    /// Per rod, per node (N; string form).
    pub rods: Vec<Vec<f64>>,
    /// Per shell, per node (N/m for the mesh form, N for the string form).
    pub shells: Vec<Vec<f64>>,
}

/// The tensions at the nodes of `model` from the recorded pairs among `contacts` (the last
/// evaluation of a step); zero at nodes without recorded connections.
pub fn spring_tensions(model: &Model, contacts: &[LocalContact]) -> SpringTensions {
    let bodies = &model.bodies;
    let mut out = SpringTensions {
        rods: bodies.rods.iter().map(|r| vec![0.0; r.n_nodes]).collect(),
        shells: bodies
            .shells
            .iter()
            .map(|s| vec![0.0; s.n_nodes()])
            .collect(),
    };
    for lc in contacts.iter().filter(|c| c.active) {
        let Some(r) = lc.spring_tension.as_deref() else {
            continue;
        };
        for prim in [lc.key.first, lc.key.second] {
            match prim {
                PrimId::ShellNode(p) => {
                    let (s, n) = (p.shell as usize, p.node as usize);
                    let triangles = bodies.shells[s].topology.node_triangles[n].len();
                    if let Some(t) = r.at_node(triangles) {
                        out.shells[s][n] += t;
                    }
                }
                PrimId::RodNode(p) => {
                    if let Some(t) = r.at_node(0) {
                        out.rods[p.rod as usize][p.node as usize] += t;
                    }
                }
                _ => {}
            }
        }
    }
    out
}
