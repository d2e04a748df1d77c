//! `DistributeForcesAndMomentsToTriangle_1_Nodes` (mpacts, seed 003; Odenthal et al., PLoS
//! Comput. Biol. 9 (2013) e1003267, Eq. 19): the unique three nodal forces along the normal
//! that conserve a total force `F` (N) and its moment about the contact point `P`.
//!
//! With the projected nodes `y_k` (m, in the contact plane, relative to `P`) and the first
//! moment `m = ∫ p (y − P) dA` (N·m; the moment is `M = m × n`), the nodal forces `f_k` solve
//!
//! `Σ f_k = F`, `Σ f_k y_k = m` (three equations, three unknowns),
//!
//! i.e. `f_k = F λ_k(y_p)`, `λ_k` the barycentric coordinates of the centre of pressure
//! `y_p = m/F`. For a pressure `p ≥ 0` the centre of pressure lies in the triangle (the
//! polygon is inside it) and every `f_k ≥ 0`; it equals the consistent load `∫ p N_k dA` of
//! the linear shape functions. When it falls outside (a pressure of both signs, as a damped
//! law's pull at the end of an impact), the same `f_k` are used: some are then negative, force
//! and moment are still conserved exactly.
//!
//! The element writes the normal force of the chain's `_Int` laws onto the triangle's nodes
//! (`−f_k n`) and the sphere (`+F n`), and its Jacobians by central differences of the whole
//! kernel (see [`add_jacobians`](crate::contact::normal::integrated::add_jacobians)).
//! After `RoundedTriangle_RoundedTriangle` it writes side 1's triangle's nodal forces of the
//! two-triangle kernel, and `DistributeForcesAndMomentsToTriangle_2_Nodes` side 2's (see
//! [`super::distribute_pair`]).

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::integrated::{Outcome, add_jacobians, evaluate};
use crate::contact::resolve::rounded_triangle::V2;
use crate::math::Mat3;
use serde::Deserialize;

/// The nodal forces `f_k` (N) that conserve `force` and the first moment `moment` about the
/// contact point over the projected triangle `y` (see the module docs); `None` when the
/// projection is degenerate.
pub fn nodal_forces(y: &[V2; 3], force: f64, moment: &V2) -> Option<[f64; 3]> {
    let a = Mat3::new(
        1.0, 1.0, 1.0, y[0].x, y[1].x, y[2].x, y[0].y, y[1].y, y[2].y,
    );
    let f = a
        .lu()
        .solve(&crate::math::Vec3::new(force, moment.x, moment.y))?;
    Some([f.x, f.y, f.z])
}

/// `DistributeForcesAndMomentsToTriangle_1_Nodes`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct DistributeToTriangle;

static DOC: ElementDoc = ElementDoc {
    name: "DistributeForcesAndMomentsToTriangle_1_Nodes",
    category: Category::Assembler,
    summary: "nodal forces of side 1's triangle that conserve the integrated force and its moment (Odenthal 2013 Eq. 19)",
    details: "No parameters. From the total force F and its moment about the contact point P of the \
              _Int laws before it, the three nodal forces f_k along the normal solving Σf_k = F, \
              Σf_k (y_k − P) = m (y_k the projected nodes, m the first moment, M = m × n): \
              f_k = F λ_k(centre of pressure), the consistent load ∫pN_k dA. Writes −f_k n on the \
              triangle's nodes and +F n on the sphere (after RoundedTriangle_RoundedTriangle: side \
              1's nodal forces of the two-triangle kernel, side 2's being the _2 element's); Jacobians ∂f/∂x (and ∂f/∂v with damping) by \
              central differences of the whole kernel (resolver, quadrature, distribution; step \
              10⁻⁷ of an edge), agreeing with an external finite-difference check to ~10⁻⁶ away from \
              the quadrature points' crossings of the contact circle. Source: mpacts \
              DistributeForcesAndMomentsToTriangle_1_Nodes (seed 003); Odenthal et al. 2013 Eq. 19.",
};

fn normal_part(o: &Outcome) -> crate::contact::core::Vec12 {
    o.force
}

impl ChainElement for DistributeToTriangle {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::PRESSURE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE).dissipative()
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if super::distribute_pair::distribute_pair(ctx, super::distribute_pair::SIDE1_ROWS) {
            return;
        }
        let Some(rec) = ctx.rounded.as_deref() else {
            ctx.reject = true;
            return;
        };
        let spec = rec.spec;
        let outcome = rec.outcome.or_else(|| evaluate(&spec, &ctx.x, &ctx.v));
        let Some(o) = outcome else {
            ctx.reject = true;
            return;
        };
        ctx.force += o.force;
        ctx.normal_force = o.integral.force;
        if ctx.want_jacobian {
            add_jacobians(ctx, &spec, normal_part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Force and moment are conserved, inside and outside the triangle, and a centre of
    /// pressure inside gives the barycentric weights.
    #[test]
    fn conserves_force_and_moment() {
        let y = [V2::new(-0.1, -0.05), V2::new(0.2, 0.0), V2::new(0.01, 0.15)];
        for (f, yp) in [
            (3.0, V2::new(0.02, 0.03)),
            (2.0, V2::new(0.5, -0.4)),
            (-1.5, V2::new(0.0, 0.0)),
        ] {
            let m = yp * f;
            let n = nodal_forces(&y, f, &m).unwrap();
            let sum: f64 = n.iter().sum();
            let mom = y[0] * n[0] + y[1] * n[1] + y[2] * n[2];
            assert!((sum - f).abs() < 1e-14 * f.abs());
            assert!((mom - m).norm() < 1e-14 * m.norm().max(1.0));
        }
        // At a vertex, all of it on that node; at the centroid, a third each.
        let n = nodal_forces(&y, 1.0, &y[1]).unwrap();
        assert!((n[1] - 1.0).abs() < 1e-14 && n[0].abs() < 1e-14 && n[2].abs() < 1e-14);
        let c = (y[0] + y[1] + y[2]) / 3.0;
        let n = nodal_forces(&y, 6.0, &(c * 6.0)).unwrap();
        assert!(n.iter().all(|f| (f - 2.0).abs() < 1e-13));
        // A degenerate (collinear) projection has no solution.
        let line = [V2::zeros(), V2::x(), V2::x() * 2.0];
        assert!(nodal_forces(&line, 1.0, &V2::zeros()).is_none());
    }
}
