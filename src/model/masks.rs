//! [`BodyMasks`]: an integer mask per body (mpacts' particle masks), read by contact laws that
//! differentiate body types (`N_T_MaskedConstantResistance`: the pair's coefficients are the
//! `(mask₁, mask₂)` entries of its matrices). Set by the scene's `mask:` fields; 0 unless set.

use super::BodyKind;

/// The mask of every body, by kind and index; a body never set has mask 0.
///
/// ```
/// use catena::model::{BodyKind, BodyMasks};
/// let mut m = BodyMasks::default();
/// m.set(BodyKind::Sphere, 3, 2);
/// assert_eq!(m.of(BodyKind::Sphere, 3), 2);
/// assert_eq!(m.of(BodyKind::Sphere, 0), 0);
/// assert_eq!(m.of(BodyKind::Shell, 3), 0);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BodyMasks {
    /// Masks of kind `k` at `lists[k as usize]`, by body index (missing entries are 0).
    lists: [Vec<u32>; 5],
}

/// The slot of `kind` in [`BodyMasks::lists`].
fn slot(kind: BodyKind) -> usize {
    match kind {
        BodyKind::Rod => 0,
        BodyKind::Shell => 1,
        BodyKind::Sphere => 2,
        BodyKind::Plane => 3,
        BodyKind::Rigid => 4,
    }
}

impl BodyMasks {
    /// The mask of body `index` of `kind` (0 unless set).
    #[inline]
    pub fn of(&self, kind: BodyKind, index: usize) -> u32 {
        self.lists[slot(kind)].get(index).copied().unwrap_or(0)
    }

    /// Sets the mask of body `index` of `kind`.
    pub fn set(&mut self, kind: BodyKind, index: usize, mask: u32) {
        let list = &mut self.lists[slot(kind)];
        if list.len() <= index {
            if mask == 0 {
                return;
            }
            list.resize(index + 1, 0);
        }
        list[index] = mask;
    }

    /// The largest mask of any body (0 when none is set).
    pub fn max(&self) -> u32 {
        self.lists.iter().flatten().copied().max().unwrap_or(0)
    }
}
