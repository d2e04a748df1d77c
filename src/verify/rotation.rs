//! A rigid side's rotation coordinates in the Jacobian check: the chain's infinitesimal world
//! rotation `ψ` against the body's rotation DOFs `θ` that the check perturbs.
//!
//! A chain works in `ψ` on a rigid side's rotation slot: its resolver's `∇Δ` there is the
//! torque form `g_ψ = Σ aₑ × gₑ`, its `∇²Δ` the derivative of that over `(c, ψ)`, and every
//! element's `∂f/∂x` columns are over `ψ` until the chain ends
//! ([`ContactCtx::finish_rigid`]); a force's rotation rows are torques. With the left
//! Jacobian `J_l(φ) = ∂ψ/∂θ` at the step rotation `φ` ([`RigidSide::jl`]):
//! - a derivative over `ψ` becomes one over `θ` by `M J_l` on the rotation slot's columns
//!   ([`ThetaRule::columns`]), so central differences of `∇Δ` over `θ` give `∇²Δ J_l`;
//! - a gradient in torque form becomes the gradient over `θ` by `J_lᵀ g` on the rotation slot's
//!   rows ([`ThetaRule::rows`]), so differences of `Δ` over `θ` give `J_lᵀ g_ψ`, and those of
//!   an energy give `−J_lᵀ τ` for the torque `τ` a conservative law applies.
//!
//! [`RigidSide::jl`]: crate::contact::RigidSide::jl

use crate::contact::{ContactCtx, Mat12, Vec12};
use crate::math::Mat3;

/// The chain rule from `ψ` to `θ` of each rigid side of a pair: its rotation slot and
/// `J_l(φ)`. Without a rigid side it changes nothing (not a bit).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct ThetaRule([Option<(usize, Mat3)>; 2]);

impl ThetaRule {
    /// The rule of the pair `ctx` at the state it was evaluated at.
    pub(super) fn of(ctx: &ContactCtx) -> Self {
        Self([0, 1].map(|s| match (&ctx.rigid[s], ctx.spins[s]) {
            (Some(r), Some(k)) => Some((k, r.jl)),
            _ => None,
        }))
    }

    /// `m` with each rigid rotation slot's columns (over `ψ`) turned into columns over `θ`:
    /// `M J_l`.
    pub(super) fn columns(&self, m: &Mat12) -> Mat12 {
        let mut out = *m;
        for &(k, jl) in self.0.iter().flatten() {
            let cols = m.fixed_columns::<3>(3 * k) * jl;
            out.fixed_columns_mut::<3>(3 * k).copy_from(&cols);
        }
        out
    }

    /// `g` with each rigid rotation slot's rows (a torque form) turned into the gradient over
    /// `θ`: `J_lᵀ g`.
    pub(super) fn rows(&self, g: &Vec12) -> Vec12 {
        let mut out = *g;
        for &(k, jl) in self.0.iter().flatten() {
            let rows = jl.transpose() * g.fixed_rows::<3>(3 * k);
            out.fixed_rows_mut::<3>(3 * k).copy_from(&rows);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{Builtin, Chain, ChainElement, Env, PairMemory, PrimKind};
    use crate::verify::{
        Direction, Probe, Rng, differences, mask_columns, mask_entries, probe_model,
        relative_error, rigid_configuration,
    };
    use std::path::Path;

    /// The resolver's `∇Δ` and `∇²Δ` on a rigid box's triangle, against central differences of
    /// `Δ` and `∇Δ` over the box's centre and rotation DOFs: they agree only through the rule.
    #[test]
    fn the_rule_turns_the_torque_form_into_derivatives_over_the_rotation_dofs() {
        let m = probe_model();
        let chain = Chain::<Builtin>::parse(
            "Chain(name: \"g\", elements: [Sphere_1_Data, DeformableTriangle_2_Data, \
             Sphere_Triangle, N_LinearForce(stiffness: 1.0), AssembleForces])",
            Path::new("g.ron"),
        )
        .unwrap();
        let resolve = |q: &[f64], v: &[f64], cfg: &crate::verify::Configuration| {
            let env = Env { model: &m, q, v };
            let mut ctx = ContactCtx::new(cfg.first, cfg.second, PairMemory::default(), 1e-3, true);
            for e in &chain.elements()[..3] {
                e.evaluate(&env, &mut ctx);
            }
            ctx
        };
        let mut rng = Rng::new(2);
        let kinds = (PrimKind::Sphere, PrimKind::Triangle);
        for j in 0..9 {
            let cfg = rigid_configuration(&m, &mut rng, kinds, 0.0, true, j).unwrap();
            let base = resolve(&cfg.q, &cfg.v, &cfg);
            let rule = ThetaRule::of(&base);
            assert_ne!(rule, ThetaRule::default());
            let mut probe = |q: &[f64], v: &[f64]| {
                let c = resolve(q, v, &cfg);
                (!c.reject).then_some(Probe {
                    scalar: c.distance,
                    vector: c.grad,
                    d_dx: c.hess,
                    d_dv: Mat12::zeros(),
                })
            };
            let (n, dof) = (base.n_slots(), base.dof);
            let (dg, ds) = differences(
                &mut probe,
                &cfg.q,
                &cfg.v,
                &dof,
                n,
                Direction::Position,
                1e-7,
                1e-3,
            )
            .unwrap();
            let grad = |g: &Vec12| mask_entries(g, &dof, n);
            let hess = |h: &Mat12| mask_columns(h, &dof, n);
            assert!(relative_error(&grad(&rule.rows(&base.grad)), &ds) < 1e-7);
            assert!(relative_error(&hess(&rule.columns(&base.hess)), &dg) < 1e-6);
            // On the box's rotation slot the raw torque form is not the derivative over θ.
            let k = 3 * base.spins[1].expect("the box's rotation slot");
            let rows = |g: &Vec12| g.fixed_rows::<3>(k).into_owned();
            let cols = |h: &Mat12| h.fixed_columns::<3>(k).into_owned();
            assert!(relative_error(&rows(&base.grad), &rows(&ds)) > 1e-2, "{j}");
            assert!(relative_error(&cols(&base.hess), &cols(&dg)) > 1e-2, "{j}");
        }
    }

    #[test]
    fn without_a_rigid_side_the_rule_changes_nothing() {
        let rule = ThetaRule::default();
        let m = Mat12::from_fn(|i, j| (i * 12 + j) as f64 - 70.0);
        let g = Vec12::from_fn(|i, _| i as f64 - 5.5);
        assert_eq!(rule.columns(&m), m);
        assert_eq!(rule.rows(&g), g);
    }
}
