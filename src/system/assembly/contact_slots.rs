//! Where each contact candidate's block lands in the sparsity pattern, sized by the pair's
//! own local coordinates.
//!
//! A pair has `3·n_slots` local coordinates (a point–point or sphere–plane pair 3 or 6, a
//! point–edge pair 9, an edge–edge pair or a pair of rotating spheres 12; see
//! [`crate::contact::ContactCtx`]); the rest of its 12-sized layout is absent. The map keeps,
//! per candidate, only the `w × w` corner up to its last coordinate with a DOF (`w ≤ 12`),
//! row-major, so a sphere–plane pair costs 36 slots instead of 144, and the scatter visits
//! only that corner. Entries outside it were never in the pattern (absent and constrained
//! coordinates are not), so the values assembled, and their order of summation, are those of
//! a full 12×12 scatter.

use super::pattern::{NO_SLOT, SparsityPattern};
use crate::contact::{LocalContact, NO_DOF};
use crate::model::Model;
use rayon::prelude::*;

/// Per-candidate slot maps of the contact blocks, in candidate order.
#[derive(Debug, Clone, Default)]
pub struct ContactSlots {
    /// Offset of each candidate's map in `slots` (one more entry than candidates).
    start: Vec<u32>,
    /// Width `w` of each candidate's map (local coordinates up to the last with a DOF).
    width: Vec<u8>,
    /// Row-major `w × w` slot maps, [`NO_SLOT`] where an entry is not in the system.
    slots: Vec<u32>,
}

/// Local coordinates of a layout up to its last one with a DOF.
fn width(layout: &[u32; 12]) -> usize {
    layout
        .iter()
        .rposition(|&d| d != NO_DOF)
        .map_or(0, |a| a + 1)
}

impl ContactSlots {
    /// The slot maps of the candidates of `layouts` (global DOF of each local coordinate) in
    /// `pattern`; slot lookups (binary searches) run in parallel.
    pub fn build(model: &Model, pattern: &SparsityPattern, layouts: &[[u32; 12]]) -> Self {
        let widths: Vec<u8> = layouts.iter().map(|l| width(l) as u8).collect();
        let mut start = Vec::with_capacity(layouts.len() + 1);
        let mut total = 0u32;
        start.push(0);
        for &w in &widths {
            total += u32::from(w) * u32::from(w);
            start.push(total);
        }
        let mut slots = vec![NO_SLOT; total as usize];
        let mut chunks: Vec<&mut [u32]> = Vec::with_capacity(layouts.len());
        let mut rest = &mut slots[..];
        for &w in &widths {
            let (head, tail) = rest.split_at_mut(usize::from(w) * usize::from(w));
            chunks.push(head);
            rest = tail;
        }
        let free = |d: u32| {
            (d != NO_DOF)
                .then(|| model.dofs.free_index(d as usize))
                .flatten()
        };
        chunks
            .into_par_iter()
            .zip(layouts.par_iter())
            .with_min_len(64)
            .for_each(|(s, l)| {
                let w = width(l);
                for a in 0..w {
                    let Some(r) = free(l[a]) else { continue };
                    for b in 0..w {
                        if let Some(c) = free(l[b]) {
                            s[a * w + b] = pattern.slot_free(r, c);
                        }
                    }
                }
            });
        Self {
            start,
            width: widths,
            slots,
        }
    }

    /// Width `w` and row-major `w × w` slot map of candidate `k`.
    pub fn of(&self, k: usize) -> (usize, &[u32]) {
        let (a, b) = (self.start[k] as usize, self.start[k + 1] as usize);
        (usize::from(self.width[k]), &self.slots[a..b])
    }

    /// Adds the system block of the evaluated candidate `k` into `values` on the rows the pair
    /// assembles (nothing when it has no block).
    pub fn scatter(&self, k: usize, lc: &LocalContact, values: &mut [f64]) {
        let Some(block) = &lc.block else { return };
        let (w, slots) = self.of(k);
        for a in 0..w {
            if !lc.rows[a] {
                continue;
            }
            for b in 0..w {
                let s = slots[a * w + b];
                if s != NO_SLOT {
                    values[s as usize] += block[(a, b)];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{Mat12, PairKey, PrimId, SpherePrim};
    use crate::math::Vec3;
    use crate::model::{Material, Sphere};
    use crate::verify::Rng;

    /// The map of a 12×12 layout before this module: every entry looked up.
    fn full_map(model: &Model, pattern: &SparsityPattern, l: &[u32; 12]) -> [u32; 144] {
        let mut s = [NO_SLOT; 144];
        for a in 0..12 {
            for b in 0..12 {
                if l[a] != NO_DOF && l[b] != NO_DOF {
                    let (ra, cb) = (
                        model.dofs.free_index(l[a] as usize),
                        model.dofs.free_index(l[b] as usize),
                    );
                    if let (Some(r), Some(c)) = (ra, cb) {
                        s[a * 12 + b] = pattern.slot_free(r, c);
                    }
                }
            }
        }
        s
    }

    #[test]
    fn compact_maps_scatter_the_bits_of_full_ones() {
        // Four spheres, the second one fixed: 24 DOFs (positions and rotations).
        let mut model = Model::default();
        for i in 0..4 {
            model.add_sphere(
                Sphere::new(format!("s{i}"), 0.01, Material::from_poisson(1e7, 0.3, 1e3)),
                Vec3::new(0.03 * i as f64, 0.0, 0.0),
                Vec3::zeros(),
            );
        }
        model.finalize();
        let n = model.n_dofs();
        for d in 6..9 {
            model.dofs.constrain(d);
        }
        // Layouts of 1, 2, 3 and 4 slots, one with a constrained slot inside, one with a
        // constrained last slot.
        let layout = |dofs: &mut dyn Iterator<Item = usize>| {
            let mut l = [NO_DOF; 12];
            for (slot, d) in l.iter_mut().zip(dofs) {
                *slot = d as u32;
            }
            l
        };
        let layouts = [
            layout(&mut (0..3)),
            layout(&mut (0..6)),
            layout(&mut (3..12)),
            layout(&mut (0..12).map(|a| (a + 12) % n)),
            layout(&mut (3..9)),
        ];
        let groups: Vec<Vec<usize>> = layouts
            .iter()
            .map(|l| {
                l.iter()
                    .filter(|&&d| d != NO_DOF)
                    .map(|&d| d as usize)
                    .collect()
            })
            .collect();
        let pattern = SparsityPattern::build(&model.dofs, groups.iter().map(|g| &g[..]), 1);
        let maps = ContactSlots::build(&model, &pattern, &layouts);
        assert_eq!(maps.width.len(), 5);
        assert_eq!(
            (0..5).map(|k| maps.of(k).0).collect::<Vec<_>>(),
            [3, 6, 9, 12, 6]
        );
        let mut rng = Rng::new(7);
        let sphere = PrimId::Sphere(SpherePrim { index: 0 });
        let (mut compact, mut full) = (vec![0.0; pattern.nnz()], vec![0.0; pattern.nnz()]);
        for (k, l) in layouts.iter().enumerate() {
            let mut block = Mat12::zeros();
            block.iter_mut().for_each(|v| *v = rng.signed());
            let lc = LocalContact {
                key: PairKey {
                    binding: 0,
                    first: sphere,
                    second: sphere,
                },
                dofs: *l,
                rows: std::array::from_fn(|a| l[a] != NO_DOF && a != 1),
                force: Default::default(),
                block: Some(Box::new(block)),
                energy: 0.0,
                nonconservative: None,
                gap: -1e-6,
                active: true,
                memory: Default::default(),
                rigid_loads: None,
                virial: None,
                spring_tension: None,
                contact_area: None,
                ring: None,
            };
            maps.scatter(k, &lc, &mut compact);
            let s = full_map(&model, &pattern, l);
            for a in 0..12 {
                for b in 0..12 {
                    if lc.rows[a] && s[a * 12 + b] != NO_SLOT {
                        full[s[a * 12 + b] as usize] += block[(a, b)];
                    }
                }
            }
        }
        assert!(compact.iter().any(|&v| v != 0.0));
        for (a, b) in compact.iter().zip(&full) {
            assert_eq!(a.to_bits(), b.to_bits());
        }
    }
}
