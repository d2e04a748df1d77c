//! `Assemble_SpringTension` and `Assemble_SpringTension1D` (mpacts, seed 003): record what a
//! spring-like connection between two nodes contributes to the tension at each of them.
//!
//! With the connection's spring force `f_ij` (N, positive pushing apart, the normal laws'
//! sign: a stretched spring has `f < 0`) and the nodes' distance `d_ij` (m):
//!
//! * in a triangulated mesh (`Assemble_SpringTension`), the two-dimensional tension (N/m) at a
//!   shell node `i` with `N_i` adjacent triangles gains `T_i = −f_ij/(N_i tan(π/N_i) d_ij)`;
//! * along a string (`Assemble_SpringTension1D`), the tension (N) at each node gains
//!   `T_i = −f_ij/2` (each node has a connection on either side).
//!
//! The sums over a node's connections are made after each accepted step from these records
//! ([`crate::contact::spring_tensions`]); Newton never reads them. Nodes of other primitives
//! (and, for the mesh form, rod nodes, which have no triangles) get nothing.

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::Deserialize;

/// What a spring-tension assembler records of an active pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringTensionRecord {
    /// The pair's normal force `f_ij` (N, positive pushing apart).
    pub force: f64,
    /// The distance `d_ij` (m).
    pub distance: f64,
    /// The mesh form `−f/(N tan(π/N) d)` (N/m); otherwise the string form `−f/2` (N).
    pub mesh: bool,
}

impl SpringTensionRecord {
    /// The tension this record adds at a node with `triangles` adjacent triangles: N/m for
    /// the mesh form (`None` without triangles), N for the string form.
    pub fn at_node(&self, triangles: usize) -> Option<f64> {
        if !self.mesh {
            return Some(-0.5 * self.force);
        }
        let n = triangles as f64;
        (triangles > 0)
            .then(|| -self.force / (n * (std::f64::consts::PI / n).tan() * self.distance))
    }
}

/// `Assemble_SpringTension`: the two-dimensional tension at the nodes of a mesh.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleSpringTension;

/// `Assemble_SpringTension1D`: the tension at the nodes of a string.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleSpringTension1D;

static DOC: ElementDoc = ElementDoc {
    name: "Assemble_SpringTension",
    category: Category::Assembler,
    summary: "tension at mesh nodes from spring-like connections, T_i = −f_ij/(N_i tan(π/N_i) d_ij)",
    details: "Records the normal force f_ij (N, positive pushing apart) and the distance d_ij (m) of an \
              active node–node pair; after each step every shell node i (N_i adjacent triangles) gets \
              T_i = −Σ f_ij/(N_i tan(π/N_i) d_ij) (N/m, tension positive) over its recorded connections \
              (catena::contact::spring_tensions). No parameters. Source: mpacts Assemble_SpringTension \
              (seed 003).",
};

static DOC_1D: ElementDoc = ElementDoc {
    name: "Assemble_SpringTension1D",
    category: Category::Assembler,
    summary: "tension at string nodes from spring-like connections, T_i = −f_ij/2",
    details: "Records the normal force f_ij (N, positive pushing apart) of an active node–node pair; \
              after each step every rod or shell node i gets T_i = −Σ f_ij/2 (N, tension positive) over \
              its recorded connections (half: a string node has a connection on each side; \
              catena::contact::spring_tensions). No parameters. Source: mpacts Assemble_SpringTension1D \
              (seed 003).",
};

/// Records the pair for the mesh (`mesh`) or string form.
fn record(ctx: &mut ContactCtx, mesh: bool) {
    if ctx.reject {
        return;
    }
    ctx.spring_tension = Some(SpringTensionRecord {
        force: ctx.normal_force,
        distance: ctx.distance,
        mesh,
    });
}

impl ChainElement for AssembleSpringTension {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, true);
    }
}

impl ChainElement for AssembleSpringTension1D {
    fn doc(&self) -> &'static ElementDoc {
        &DOC_1D
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node with six triangles: each connection adds `−f/(6 tan(π/6) d)`, so six equal ones
    /// sum to `−√3 f/d`; a string node adds `−f/2`; a node without triangles gets nothing.
    #[test]
    fn mesh_and_string_forms() {
        let r = SpringTensionRecord {
            force: -2.0,
            distance: 0.5,
            mesh: true,
        };
        let t = r.at_node(6).unwrap();
        assert!((t - 2.0 / (6.0 * (std::f64::consts::PI / 6.0).tan() * 0.5)).abs() < 1e-15);
        assert!((6.0 * t - 2.0 * 3f64.sqrt() / 0.5).abs() < 1e-12);
        assert_eq!(r.at_node(0), None);
        let s = SpringTensionRecord { mesh: false, ..r };
        assert_eq!(s.at_node(0), Some(1.0));
    }
}
