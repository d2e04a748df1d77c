//! Data bindings: each binds one side of a pair to the data of a body.

mod capsule;
mod plane;
mod point;
mod sphere;

pub use capsule::CapsuleData;
pub use plane::PlaneData;
pub use point::PointData;
pub use sphere::SphereData;

use super::caps::{Caps, Gives, Needs, PrimKind};
use super::ctx::{ContactCtx, ContactMaterial, NO_DOF};
use crate::math::Vec3;
use crate::model::Material;

/// What a data element binding `side` needs: side 2 is bound after side 1, so its points
/// follow side 1's.
pub(crate) fn side_needs(side: Side) -> Needs {
    Needs::caps(if side == 0 { Caps::NONE } else { Caps::SIDE1 })
}

/// What a data element binding `side` to `kind` gives.
pub(crate) fn side_gives(side: Side, kind: PrimKind) -> Gives {
    let mut g = Gives::caps(if side == 0 { Caps::SIDE1 } else { Caps::SIDE2 });
    if side == 0 {
        g.side1 = Some(kind);
    } else {
        g.side2 = Some(kind);
    }
    g
}

/// Contact material of an elastic body with `mass` (ν recovered from E and G).
pub(crate) fn contact_material(m: &Material, mass: f64) -> ContactMaterial {
    ContactMaterial {
        youngs_modulus: m.youngs_modulus,
        poisson_ratio: m.youngs_modulus / (2.0 * m.shear_modulus) - 1.0,
        density: m.density,
        mass,
    }
}

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
