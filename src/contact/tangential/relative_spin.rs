//! The relative rotation of the two sides of a pair and the torque pair a moment law applies,
//! for the laws that act on rotations only (`T_RollingResistance`, `T_TorsionalCoulombFriction`).
//!
//! With the angular velocities `ω₁`, `ω₂` (rad/s) of the sides that rotate (in their rotation
//! slots, see [`crate::contact::spin_slots`]; 0 for a side that does not), the relative
//! rotation is `ω_r = ω₁ − ω₂`, with `∂ω_r/∂ω₁ = I`, `∂ω_r/∂ω₂ = −I`. A moment law computes a
//! torque `M` (N·m) on side 1 opposing it and its reaction `−M` on side 2 (mpacts'
//! `AssembleMoments`: `ΔM₁ = −M_c`, `ΔM₂ = M_c`, with `M_c = −M`).

use super::contact_frame::Mat3x12;
use crate::contact::ctx::ContactCtx;
use crate::math::{Mat3, Vec3};

/// The relative rotation of a pair, or nothing when neither side rotates.
#[derive(Debug, Clone)]
pub struct RelativeSpin {
    /// `ω_r = ω₁ − ω₂` (rad/s).
    pub w: Vec3,
    /// `∂ω_r/∂v` over the pair's local coordinates (`±I` on the rotation slots).
    pub dw_dv: Mat3x12,
    slots: [Option<usize>; 2],
}

impl RelativeSpin {
    /// The relative rotation of `ctx`'s sides, `None` when neither has a rotation slot.
    pub fn new(ctx: &ContactCtx) -> Option<Self> {
        if ctx.spins == [None, None] {
            return None;
        }
        let mut w = Vec3::zeros();
        let mut dw_dv = Mat3x12::zeros();
        for (side, slot) in ctx.spins.iter().enumerate() {
            if let Some(k) = *slot {
                let sign = if side == 0 { 1.0 } else { -1.0 };
                w += ctx.v[k] * sign;
                dw_dv
                    .fixed_columns_mut::<3>(3 * k)
                    .copy_from(&(Mat3::identity() * sign));
            }
        }
        Some(Self {
            w,
            dw_dv,
            slots: ctx.spins,
        })
    }

    /// Adds the torque `m` (N·m) on side 1 and `−m` on side 2, with `∂m/∂x`, `∂m/∂v`.
    pub fn add_torque(&self, ctx: &mut ContactCtx, m: Vec3, dm_dx: &Mat3x12, dm_dv: &Mat3x12) {
        for (side, slot) in self.slots.iter().enumerate() {
            let Some(k) = *slot else { continue };
            let sign = if side == 0 { 1.0 } else { -1.0 };
            let mut f = ctx.force.fixed_rows_mut::<3>(3 * k);
            f += m * sign;
            if ctx.want_jacobian {
                let mut bx = ctx.dfdx.fixed_rows_mut::<3>(3 * k);
                bx += dm_dx * sign;
                let mut bv = ctx.dfdv.fixed_rows_mut::<3>(3 * k);
                bv += dm_dv * sign;
            }
        }
    }
}

/// The part of `w` along the unit normal `n` (`nnᵀw`, `tangential = false`) or across it
/// (`(I − nnᵀ)w`), with its derivative through `∂n/∂x`:
/// `∂(nnᵀw)/∂x = ((n·w) I + n wᵀ) ∂n/∂x` and `∂((I − nnᵀ)w)/∂x` its negative.
pub fn projected(w: &Vec3, n: &Vec3, dn_dx: &Mat3x12, tangential: bool) -> (Vec3, Mat3x12, Mat3) {
    let nn = n * n.transpose();
    let d = (Mat3::identity() * n.dot(w) + n * w.transpose()) * dn_dx;
    if tangential {
        ((Mat3::identity() - nn) * w, -d, Mat3::identity() - nn)
    } else {
        (nn * w, d, nn)
    }
}
