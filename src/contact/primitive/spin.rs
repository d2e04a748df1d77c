//! Rotational DOFs in a pair's local layout.
//!
//! A pair's twelve local coordinates are four 3-slots: the points of side 1, then those of
//! side 2 (see [`crate::contact::ContactCtx`]). The slots that are left hold the angular
//! velocity `ω` (its rotational DOFs `θ`) of each side that rotates — side 1's first — so a
//! rotating sphere against a sphere, a plane or a capsule fits (at most 2 + 2 slots). When the
//! points and the rotations do not all fit (a rotating sphere against a triangle: 1 + 3 points),
//! no rotation is bound: the pair acts on the centre only, without torque.

use super::PrimId;
use crate::contact::core::{Env, NO_DOF};
use crate::contact::ctx::ContactCtx;
use crate::contact::primitive::MAX_POINTS;
use crate::math::Vec3;
use crate::model::Model;

/// The local slot and first rotational DOF of each side that rotates, for a pair whose sides
/// have `n_points` points in all; both `None` when they do not fit (see the module docs).
pub fn spin_slots(
    model: &Model,
    prims: [PrimId; 2],
    n_points: usize,
) -> [Option<(usize, usize)>; 2] {
    let dofs = [prims[0].spin_dof(model), prims[1].spin_dof(model)];
    let count = dofs.iter().flatten().count();
    if count == 0 || n_points + count > MAX_POINTS {
        return [None, None];
    }
    let mut slot = n_points;
    dofs.map(|d| {
        d.map(|dof| {
            slot += 1;
            (slot - 1, dof)
        })
    })
}

/// Writes the global indices of the rotational coordinates of the pair `prims` into its local
/// layout `out` (twelve entries, the points' already written), [`NO_DOF`] where constrained.
pub fn spin_layout(model: &Model, prims: [PrimId; 2], n_points: usize, out: &mut [u32; 12]) {
    for (slot, dof) in spin_slots(model, prims, n_points).into_iter().flatten() {
        for c in 0..3 {
            out[3 * slot + c] = if model.dofs.is_constrained(dof + c) {
                NO_DOF
            } else {
                (dof + c) as u32
            };
        }
    }
}

/// Binds the rotation slots of both sides of `ctx` (once both sides' points are bound): slot,
/// rotation `θ`, angular velocity `ω` and first rotational DOF of each side that rotates, when
/// they fit (see [`spin_slots`]).
pub fn bind_spins(ctx: &mut ContactCtx, env: &Env) {
    let slots = spin_slots(env.model, ctx.prim, ctx.n_points());
    for (side, s) in slots.into_iter().enumerate() {
        ctx.spins[side] = s.map(|(slot, dof)| {
            ctx.x[slot] = Vec3::new(env.q[dof], env.q[dof + 1], env.q[dof + 2]);
            ctx.v[slot] = Vec3::new(env.v[dof], env.v[dof + 1], env.v[dof + 2]);
            ctx.dof[slot] = if env.model.dofs.is_constrained(dof) {
                NO_DOF
            } else {
                dof as u32
            };
            slot
        });
    }
}
