//! A pair side that is a rigid body's surface primitive, and what a chain evaluation does with
//! it: the points its resolver measures, and the rotation columns it turns into the body's
//! rotation DOFs when the chain ends.

use super::core::Mat3x12;
use super::ctx::ContactCtx;
use crate::math::Vec3;

/// A side of a pair that is a rigid body's primitive (a triangle, an edge or a vertex of its
/// surface), as its data element binds it: the side's one point slot is the body's centre of
/// mass `c` and its rotation slot the body's rotation, so the pair's local coordinates are the
/// body's DOFs; the surface points the resolver measures are kept here. A resolver computes its
/// distance over the surface points and reduces `∇Δ`, `∇²Δ` to the body's coordinates (see
/// the `contact::resolve` module); the rotation coordinate of a rigid side is the infinitesimal
/// world rotation `ψ` about `c`, so that its force row is the torque `Σ aₖ × fₖ`, and its
/// `∂f/∂x` columns are turned into those of the rotation DOFs `θ` by `J_l(φ)` when the chain
/// ends ([`ContactCtx::finish_rigid`]).
#[derive(Debug, Clone, PartialEq)]
pub struct RigidSide {
    /// Centre of mass `c` (m).
    pub centre: Vec3,
    /// The surface points (a vertex, an edge's ends or a triangle's corners) (m).
    pub surface: [Vec3; 3],
    /// How many of `surface` are used (1, 2 or 3).
    pub n: usize,
    /// `J_l(φ)` of the body's step rotation at the evaluation point: `∂ψ/∂θ`.
    pub jl: crate::math::Mat3,
    /// Set by the resolver: the closest point of the surface less `c`, `b = Σ λₖ aₖ` (m)…
    pub lever_base: Vec3,
    /// … and `∂b/∂x` over the local coordinates.
    pub dlever_base: Mat3x12,
}

impl ContactCtx {
    /// Whether a side is a rigid body's primitive.
    pub fn has_rigid(&self) -> bool {
        self.rigid[0].is_some() || self.rigid[1].is_some()
    }

    /// The points a resolver measures, side 1's first: each side's point slots, or a rigid
    /// side's surface points; and how many there are.
    pub fn kernel_points(&self) -> ([Vec3; 4], usize) {
        if !self.has_rigid() {
            return (self.x, self.n_points());
        }
        let mut out = [Vec3::zeros(); 4];
        let mut n = 0;
        for side in 0..2 {
            match &self.rigid[side] {
                Some(r) => {
                    for p in &r.surface[..r.n] {
                        out[n] = *p;
                        n += 1;
                    }
                }
                None => {
                    let k0 = self.first_point(side);
                    for k in k0..k0 + self.points[side] {
                        out[n] = self.x[k];
                        n += 1;
                    }
                }
            }
        }
        (out, n)
    }

    /// Turns the `∂f/∂x` columns of every rigid side's rotation slot from the infinitesimal
    /// rotation `ψ` into the rotation DOFs `θ`: `∂f/∂θ = (∂f/∂ψ) J_l(φ)` (a chain ends with it).
    pub fn finish_rigid(&mut self) {
        if !self.want_jacobian {
            return;
        }
        for side in 0..2 {
            let (Some(r), Some(k)) = (&self.rigid[side], self.spins[side]) else {
                continue;
            };
            let cols = self.dfdx.fixed_columns::<3>(3 * k) * r.jl;
            self.dfdx.fixed_columns_mut::<3>(3 * k).copy_from(&cols);
        }
    }
}
