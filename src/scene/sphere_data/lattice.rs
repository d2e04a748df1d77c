//! A jittered (optionally staggered) cubic lattice of equal spheres.

use super::{SphereRow, SplitMix64};
use crate::math::Vec3;

/// The parameters of [`lattice`] (see the scene's `Lattice` for their meaning).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LatticeSpec {
    /// Centre of sphere (0, 0, 0) before jitter (m).
    pub origin: Vec3,
    /// Spacing (m).
    pub spacing: f64,
    /// Spheres along x, y, z.
    pub counts: [usize; 3],
    /// Radius (m).
    pub radius: f64,
    /// Odd layers shifted by half a spacing in x and y.
    pub stagger: bool,
    /// Largest position jitter per axis (m).
    pub jitter: Vec3,
    /// Largest velocity per axis (m/s).
    pub velocity_jitter: Vec3,
    /// Generator seed.
    pub seed: u64,
}

impl LatticeSpec {
    /// Number of spheres.
    pub fn count(&self) -> usize {
        self.counts.iter().product()
    }
}

/// The spheres of `spec`, layer `k` by layer, then row `j`, then `i`: centre
/// `origin + spacing (i + s, j + s, k) + U(−jitter, jitter)` with `s = ½ (k mod 2)` when
/// staggered (else 0), velocity `U(−velocity_jitter, velocity_jitter)`. Each sphere draws its
/// three position offsets, then its three velocity components, from one [`SplitMix64`].
pub fn lattice(spec: &LatticeSpec) -> Vec<SphereRow> {
    let mut rng = SplitMix64::new(spec.seed);
    let [nx, ny, nz] = spec.counts;
    let mut out = Vec::with_capacity(spec.count());
    for k in 0..nz {
        let s = if spec.stagger && k % 2 == 1 { 0.5 } else { 0.0 };
        for j in 0..ny {
            for i in 0..nx {
                let cell = Vec3::new(i as f64 + s, j as f64 + s, k as f64) * spec.spacing;
                let jit = Vec3::from_fn(|c, _| rng.symmetric(spec.jitter[c]));
                let v = Vec3::from_fn(|c, _| rng.symmetric(spec.velocity_jitter[c]));
                out.push(SphereRow {
                    velocity: v,
                    ..SphereRow::at_rest(spec.origin + cell + jit, spec.radius)
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(seed: u64) -> LatticeSpec {
        LatticeSpec {
            origin: Vec3::new(0.0075, 0.0075, 0.0075),
            spacing: 0.0125,
            counts: [4, 3, 2],
            radius: 0.005,
            stagger: true,
            jitter: Vec3::new(1e-3, 1e-3, 5e-4),
            velocity_jitter: Vec3::new(0.1, 0.1, 0.0),
            seed,
        }
    }

    #[test]
    fn layout_jitter_bounds_and_determinism() {
        let a = lattice(&spec(5));
        assert_eq!(a.len(), 24);
        assert_eq!(a, lattice(&spec(5)));
        assert_ne!(a, lattice(&spec(6)));
        let s = spec(5);
        for (n, row) in a.iter().enumerate() {
            let (i, j, k) = (n % 4, (n / 4) % 3, n / 12);
            let shift = if k == 1 { 0.5 } else { 0.0 };
            let ideal =
                s.origin + Vec3::new(i as f64 + shift, j as f64 + shift, k as f64) * s.spacing;
            let d = row.center - ideal;
            assert!(
                d.x.abs() <= 1e-3 && d.y.abs() <= 1e-3 && d.z.abs() <= 5e-4,
                "{n}: {d}"
            );
            assert!(row.velocity.x.abs() <= 0.1 && row.velocity.z == 0.0);
            assert_eq!(row.radius, 0.005);
        }
        // Spacing 12.5 mm − 2 mm of jitter > 2r = 10 mm: no overlap.
        for (p, a1) in a.iter().enumerate() {
            for a2 in &a[p + 1..] {
                assert!((a1.center - a2.center).norm() > 2.0 * s.radius);
            }
        }
    }
}
