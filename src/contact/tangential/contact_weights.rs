//! Weights of the pair's points in the contact point of each side, for the friction laws that
//! interpolate velocities at the closest points themselves (`T_IMC`, `T_IPC`).
//!
//! A side's contact point is the closest point of its primitive, `x^e_s = Σ_{k ∈ s} wₖ xₖ`:
//! * a segment (rod or shell edge, 2 points): `(1 − β_s, β_s)`, β_s its closest-point
//!   parameter (seed 001 Eq. 15);
//! * a point or a sphere (1 point): 1;
//! * a triangle (shell face, 3 points): its barycentric coordinates `λ = (λ_a, λ_b, λ_c)` of the
//!   closest point, as the resolver found them — the projection of the node in the face interior
//!   (PF), `(1 − β, β)` on the closest edge (PE), one-hot at the closest vertex (PP) — so the
//!   weights are continuous across the seams (IPC's point–triangle friction, Li et al. 2020 §5,
//!   and its supplement, uses the same barycentric weights);
//! * a plane (no points): none (it does not move).
//!
//! The relative velocity of IMC's Eq. 15 is `v^rel = v^e_1 − v^e_2 = Σₖ wₖ vₖ` with the signed
//! weights `+wₖ` on side 1 and `−wₖ` on side 2 ([`relative_weights`]); the same weights, as the
//! 3×12 operator `Γ = [w₀I … w₃I]`, carry a friction force at the contact point back to the
//! points (`fₖ = wₖ F`, Γᵀ), so the pair's friction sums to zero.
//!
//! **Derivatives of the triangle's weights.** Every resolver's gradient has the envelope form
//! `∇ₖΔ = ±λₖ n` on the triangle's points (`n` the unit normal from side 1 to side 2, `+` when the
//! triangle is side 2, see [`ContactFrame`](super::ContactFrame)), so `λₖ = ±n·∇ₖΔ` and, since
//! `n·∂n/∂x = 0` (`n` is a unit vector) and `∇ₖΔ ∥ n`,
//! `∂λₖ/∂x = ±(∇²ₖΔ)ᵀ n` (rows `3k..3k+3` of the resolver's `∇²Δ`): exact in the face interior
//! (where λ depends on all four points through the projection), on an edge (where it is ∂β/∂x of
//! the point–edge projection) and at a vertex (zero), with no extra geometry code.
//! `Triangle_Plane` (a node of the triangle on a plane) gives a one-hot λ with `∇²Δ = 0`.

use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;

/// Number of points of a triangle side.
const TRIANGLE: usize = 3;

/// Signed weight of each of the pair's points in `v^rel = v^e_1 − v^e_2 = Σₖ wₖ vₖ` (module
/// docs), at closest-point parameters `beta` (segments) and barycentric coordinates `bary`
/// (a triangle side): `+wₖ` on side 1, `−wₖ` on side 2; 0 beyond the pair's points.
pub(crate) fn relative_weights(ctx: &ContactCtx, beta: [f64; 2], bary: [f64; 3]) -> [f64; 4] {
    let mut w = [0.0; 4];
    for (side, b) in beta.into_iter().enumerate() {
        let k0 = ctx.first_point(side);
        let sign = if side == 0 { 1.0 } else { -1.0 };
        match ctx.points[side] {
            TRIANGLE => {
                for (j, l) in bary.into_iter().enumerate() {
                    w[k0 + j] = sign * l;
                }
            }
            2 => {
                w[k0] = sign * (1.0 - b);
                w[k0 + 1] = sign * b;
            }
            1 => w[k0] = sign,
            _ => {}
        }
    }
    w
}

/// `∂wₖ/∂x` of the signed weights of [`relative_weights`] on a triangle side, from the resolver's
/// `∇²Δ` and normal (module docs): `∂λₖ/∂x = ±(∇²ₖΔ)ᵀ n`, times the side's sign. Zero for every
/// point of a segment, point or plane side (segments' β are differentiated by the laws
/// themselves) and when the resolver gave no normal (touching, Δ = 0).
pub(crate) fn triangle_weight_gradients(ctx: &ContactCtx) -> [Vec12; 4] {
    let mut g = [Vec12::zeros(); 4];
    for side in 0..2 {
        if ctx.points[side] != TRIANGLE {
            continue;
        }
        // λₖ = +n·∇ₖΔ on side 2, −n·∇ₖΔ on side 1; the signed weight is −λₖ on side 2, +λₖ on
        // side 1: both give wₖ = −n·∇ₖΔ, ∂wₖ/∂x = −(∇²ₖΔ)ᵀ n.
        let k0 = ctx.first_point(side);
        for (k, gk) in g.iter_mut().enumerate().skip(k0).take(TRIANGLE) {
            *gk = -(ctx.hess.fixed_rows::<3>(3 * k).transpose() * ctx.normal);
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::element::PairMemory;
    use crate::contact::primitive::PrimId;

    #[test]
    fn weights_of_every_side_kind_sum_to_one_per_side() {
        let mut ctx = ContactCtx::new(
            PrimId::rod_node(0, 0),
            PrimId::shell_face(0, 0),
            PairMemory::default(),
            1e-3,
            false,
        );
        ctx.points = [1, 3];
        let w = relative_weights(&ctx, [0.0, 0.0], [0.2, 0.3, 0.5]);
        assert_eq!(w, [1.0, -0.2, -0.3, -0.5]);
        ctx.points = [2, 2];
        let w = relative_weights(&ctx, [0.25, 0.5], [0.0; 3]);
        assert_eq!(w, [0.75, 0.25, -0.5, -0.5]);
        ctx.points = [3, 0];
        let w = relative_weights(&ctx, [0.0, 0.0], [0.0, 1.0, 0.0]);
        assert_eq!(w, [0.0, 1.0, 0.0, 0.0]);
    }
}
