//! [`ContactBinding`]: a chain applied to the pairs between two body groups (one entry of a
//! scene's `contacts`).

use super::Redetect;
use crate::contact::builtin::Builtin;
use crate::contact::chain::Chain;
use crate::contact::primitive::{BodyGroup, BodyId, PrimId, SelfExclusion, too_close};
use crate::model::Model;

/// A chain applied to the pairs between two body groups.
#[derive(Debug, Clone)]
pub struct ContactBinding<E = Builtin> {
    /// The chain.
    pub chain: Chain<E>,
    /// Side-1 bodies.
    pub first: BodyGroup,
    /// Side-2 bodies.
    pub second: BodyGroup,
    /// Pairs whose gap is below this at the start of a step are candidates (m).
    pub keep_distance: f64,
    /// Body pairs never in contact, in either order.
    pub excluded: Vec<(BodyId, BodyId)>,
    /// Which pairs of primitives of one rod are left out by their separation along it
    /// (default: those within `2r + reach` of rest arc length, see [`SelfExclusion`]).
    pub self_exclusion: SelfExclusion,
    /// When the binding runs its broad phase again (every step, or once bodies moved).
    pub redetect: Redetect,
}

impl<E: crate::contact::element::ElementSet> ContactBinding<E> {
    /// Whether `a` and `b` may not pair through this binding: one piece of material
    /// ([`too_close`]), excluded bodies, or neighbours along a rod by [`Self::self_exclusion`].
    pub fn skips(&self, model: &Model, a: &PrimId, b: &PrimId) -> bool {
        too_close(model, a, b)
            || self.excludes(a, b)
            || self
                .self_exclusion
                .excludes(model, a, b, self.chain.method().reach)
    }
}

impl<E> ContactBinding<E> {
    /// Whether the bodies of `a` and `b` are excluded from each other.
    pub fn excludes(&self, a: &PrimId, b: &PrimId) -> bool {
        let (ba, bb) = (a.body(), b.body());
        self.excluded
            .iter()
            .any(|&(x, y)| (x == ba && y == bb) || (x == bb && y == ba))
    }
}
