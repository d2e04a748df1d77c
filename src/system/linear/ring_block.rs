//! A contact pair's terms beyond its twelve local coordinates in the Krylov operator: the
//! ring of a node's current area (`N_AdhesivePressure(area: Current)`) and side 2's last two
//! nodes of a two-triangle pair ([`crate::contact::WidePair`]), both carried as a
//! [`RingTerm`].
//!
//! The direct solve assembles these terms into the pattern (`contact_stage::scatter_ring`);
//! the matrix-free Krylov product must apply the very same entries, or its Newton direction is
//! that of another matrix. [`RingBlock::entries`] lists them in `scatter_ring`'s order:
//!
//! - ring row `r` over the pair's coordinates `b` and the ring's `s` (`matrix[r][b]`,
//!   `matrix[r][12 + s]`);
//! - the pair's assembled rows over the ring: the transpose of the ring rows when the term is
//!   an energy's Hessian (`cross` empty), the unsymmetric `cross` block otherwise.

use super::operator::NOT_FREE;
use crate::contact::{LocalContact, NO_DOF, RingTerm};
use crate::model::DofMap;

/// One active pair's ring term with the free index of each coordinate.
#[derive(Debug)]
pub(super) struct RingBlock<'a> {
    /// Free index of each of the pair's local coordinates ([`NOT_FREE`] when constrained or
    /// absent).
    pair: [u32; 12],
    /// Whether the pair assembles each of its rows.
    rows: [bool; 12],
    /// Free index of each ring coordinate.
    own: Vec<u32>,
    ring: &'a RingTerm,
}

impl<'a> RingBlock<'a> {
    /// The ring block of `lc`, if it carries a ring term with a Jacobian.
    pub(super) fn of(dofs: &DofMap, lc: &'a LocalContact) -> Option<Self> {
        let ring = lc.ring.as_ref()?;
        if !lc.active || ring.matrix.is_empty() {
            return None;
        }
        let free = |d: u32| {
            if d == NO_DOF {
                NOT_FREE
            } else {
                dofs.free_index(d as usize).map_or(NOT_FREE, |i| i as u32)
            }
        };
        Some(Self {
            pair: lc.dofs.map(free),
            rows: lc.rows,
            own: ring.coords.iter().map(|&d| free(d)).collect(),
            ring,
        })
    }

    /// Calls `add(row, column, value)` (free indices) for every entry the assembly adds, in
    /// its order.
    pub(super) fn entries(&self, mut add: impl FnMut(u32, u32, f64)) {
        let mut put = |r: u32, c: u32, v: f64| {
            if r != NOT_FREE && c != NOT_FREE {
                add(r, c, v);
            }
        };
        let ring = self.ring;
        let w = ring.width();
        let symmetric = ring.cross.is_empty();
        for (r, &fr) in self.own.iter().enumerate() {
            let row = &ring.matrix[r * w..(r + 1) * w];
            for (b, &fc) in self.pair.iter().enumerate() {
                put(fr, fc, row[b]);
                if symmetric && self.rows[b] {
                    put(fc, fr, row[b]);
                }
            }
            for (s, &fc) in self.own.iter().enumerate() {
                put(fr, fc, row[12 + s]);
            }
        }
        if !symmetric {
            let m = self.own.len();
            for (b, &fr) in self.pair.iter().enumerate() {
                if !self.rows[b] {
                    continue;
                }
                for (s, &fc) in self.own.iter().enumerate() {
                    put(fr, fc, ring.cross[b * m + s]);
                }
            }
        }
    }

    /// `out += B x` over the block's entries.
    pub(super) fn mul_add(&self, x: &[f64], out: &mut [f64]) {
        self.entries(|r, c, v| out[r as usize] += v * x[c as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::bicgstab::{CscRef, Operator};
    use super::super::operator::SystemOperator;
    use crate::contact::{LocalContact, Mat12, NO_DOF, PairKey, PrimId, RingTerm, SpherePrim};
    use crate::model::DofMap;
    use crate::system::assembly::contact_stage::scatter_ring;
    use crate::system::assembly::pattern::SparsityPattern;
    use crate::verify::Rng;

    /// A pair on DOFs 0..12 (DOF 4 constrained, rows 9..12 not assembled) with a ring of two
    /// nodes on DOFs 12..18, all blocks random; `cross` filled when `unsymmetric`.
    fn pair_with_ring(rng: &mut Rng, unsymmetric: bool) -> LocalContact {
        let mut block = Mat12::zeros();
        block.iter_mut().for_each(|v| *v = rng.signed());
        let m = 6;
        let ring = RingTerm {
            coords: (12..18).collect(),
            force: vec![0.0; m],
            matrix: (0..m * (12 + m)).map(|_| rng.signed()).collect(),
            cross: if unsymmetric {
                (0..12 * m).map(|_| rng.signed()).collect()
            } else {
                Vec::new()
            },
        };
        let sphere = PrimId::Sphere(SpherePrim { index: 0 });
        LocalContact {
            key: PairKey {
                binding: 0,
                first: sphere,
                second: sphere,
            },
            dofs: std::array::from_fn(|a| if a == 7 { NO_DOF } else { a as u32 }),
            rows: std::array::from_fn(|a| a < 9),
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
            ring: Some(Box::new(ring)),
        }
    }

    /// The Krylov operator applies the ring entries the direct assembly adds, symmetric and
    /// unsymmetric, and its assembled fallback matrix holds them too.
    #[test]
    fn the_operator_applies_the_entries_the_assembly_adds() {
        let mut rng = Rng::new(11);
        for unsymmetric in [false, true] {
            let mut dofs = DofMap::new(20);
            dofs.constrain(4);
            dofs.constrain(15);
            let n = dofs.n_free();
            let lc = pair_with_ring(&mut rng, unsymmetric);
            // The pattern with the pair and its ring in one group (as the contact stage lays
            // a candidate with a ring out), and without it (the Krylov base).
            let group: Vec<usize> = (0..18).filter(|&d| d != 7).collect();
            let full = SparsityPattern::build(&dofs, std::iter::once(&group[..]), 1);
            let bare = SparsityPattern::build(&dofs, std::iter::empty(), 2);
            let diag = |p: &SparsityPattern| {
                let mut v = vec![0.0; p.nnz()];
                for i in 0..n {
                    v[p.diag_slot(i) as usize] = 3.0 + i as f64;
                }
                v
            };
            // Assembled: the diagonal, the pair's block, the ring's.
            let mut assembled = diag(&full);
            let free = |d: u32| (d != NO_DOF).then(|| dofs.free_index(d as usize)).flatten();
            let block = lc.block.as_deref().expect("a block");
            for a in (0..12).filter(|&a| lc.rows[a]) {
                for b in 0..12 {
                    if let (Some(r), Some(c)) = (free(lc.dofs[a]), free(lc.dofs[b])) {
                        assembled[full.slot_free(r, c) as usize] += block[(a, b)];
                    }
                }
            }
            let ring = lc.ring.as_ref().expect("a ring");
            scatter_ring(&dofs, &full, &lc, ring, &mut assembled);
            let x: Vec<f64> = (0..n).map(|_| rng.signed()).collect();
            let mut want = vec![0.0; n];
            CscRef::of(&full, &assembled).mul(&x, &mut want);
            let base = diag(&bare);
            let contacts = [lc];
            let op = SystemOperator::new(&dofs, &bare, &base, &contacts);
            let mut got = vec![0.0; n];
            op.mul(&x, &mut got);
            let (csc, csc_values) = op.to_csc(n, u64::MAX);
            let mut fallback = vec![0.0; n];
            CscRef::of(&csc, &csc_values).mul(&x, &mut fallback);
            for r in 0..n {
                assert!(
                    (got[r] - want[r]).abs() < 1e-12 && (fallback[r] - want[r]).abs() < 1e-12,
                    "unsymmetric {unsymmetric}, row {r}: operator {}, fallback {}, assembled {}",
                    got[r],
                    fallback[r],
                    want[r]
                );
            }
        }
    }
}
