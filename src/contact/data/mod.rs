//! Data bindings: each binds one side of a pair to the data of a body.

mod capsule;
mod plane;
mod point;
mod sphere;

pub use capsule::CapsuleData;
pub use plane::PlaneData;
pub use point::PointData;
pub use sphere::SphereData;

use super::ctx::{ContactCtx, NO_DOF};
use crate::math::Vec3;

/// Which side of the pair an element binds (0 = side 1, 1 = side 2).
pub type Side = usize;

/// Reads the 3 coordinates at `dof` from `v`.
pub(crate) fn vec_at(v: &[f64], dof: usize) -> Vec3 {
    Vec3::new(v[dof], v[dof + 1], v[dof + 2])
}

/// Sets point `k` of the ctx from the global vectors at `dof` (or a static position).
pub(crate) fn bind_point(
    ctx: &mut ContactCtx,
    k: usize,
    q: &[f64],
    v: &[f64],
    dof: Option<usize>,
    fixed: Vec3,
) {
    match dof {
        Some(d) => {
            ctx.x[k] = vec_at(q, d);
            ctx.v[k] = vec_at(v, d);
            ctx.dof[k] = d as u32;
        }
        None => {
            ctx.x[k] = fixed;
            ctx.v[k] = Vec3::zeros();
            ctx.dof[k] = NO_DOF;
        }
    }
}
