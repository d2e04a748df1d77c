//! Masks: each body's `mask:` (a sphere set's for each of its spheres) recorded in the model
//! ([`crate::model::BodyMasks`]) under the index the body got, for the laws that pick their
//! coefficients by mask (`N_T_MaskedConstantResistance`, whose matrices are checked against
//! the masks when a contact binds it, [`super::body_checks`]).

use super::bodies::Bodies;
use crate::model::{BodyKind, Model};
use crate::scene::SceneSpec;

/// Records the mask of every body of `spec` (sphere sets expanded) in `model`.
pub(super) fn set_masks(spec: &SceneSpec, bodies: &Bodies, model: &mut Model) {
    let masks = &mut model.masks;
    for r in &spec.rods {
        masks.set(BodyKind::Rod, bodies.rods[r.name.as_str()], r.mask);
    }
    for s in &spec.shells {
        masks.set(BodyKind::Shell, bodies.shells[s.name.as_str()], s.mask);
    }
    for s in &spec.spheres {
        masks.set(BodyKind::Sphere, bodies.spheres[s.name.as_str()], s.mask);
    }
    for b in &spec.rigid_bodies {
        masks.set(BodyKind::Rigid, bodies.rigid[b.name.as_str()], b.mask);
    }
    for p in &spec.planes {
        masks.set(BodyKind::Plane, bodies.planes[p.name.as_str()], p.mask);
    }
}
