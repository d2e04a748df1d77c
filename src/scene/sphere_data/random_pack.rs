//! A random non-overlapping packing in a box, by random sequential addition (RSA) on a spatial
//! grid.
//!
//! Radii are drawn first (uniform in `[r_min, r_max]`, `count` of them or until their volume
//! reaches `φ V_box`) and placed largest first. Each sphere is tried at uniform positions with
//! its centre in `[min + r, max − r]` (so it lies wholly in the box) until it overlaps no sphere
//! placed before — `|c_i − c_j| ≥ r_i + r_j` — nor an obstacle (spheres that exist already).
//! Overlap tests look only at the 27 grid cells around a trial point: the cell size
//! `h ≥ r_i + r_j` for every pair, so a sphere that overlaps lies in one of them. Each sphere
//! gets [`ATTEMPTS_PER_SPHERE`] tries; RSA of equal spheres jams near φ ≈ 0.38, and asking
//! for more fails with a [`PackingError`].

use super::{SphereRow, SplitMix64};
use crate::math::Vec3;
use std::collections::HashMap;

/// Trial positions per sphere before the packing gives up.
pub const ATTEMPTS_PER_SPHERE: usize = 20_000;

/// The parameters of [`random_packing`] (see the scene's `Random`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomPackSpec {
    /// Lower corner of the box (m).
    pub min: Vec3,
    /// Upper corner of the box (m).
    pub max: Vec3,
    /// Smallest radius (m).
    pub radius_min: f64,
    /// Largest radius (m).
    pub radius_max: f64,
    /// Number of spheres, if given.
    pub count: Option<usize>,
    /// Volume fraction of the box to fill, if given (instead of `count`).
    pub volume_fraction: Option<f64>,
    /// Generator seed.
    pub seed: u64,
}

impl RandomPackSpec {
    /// Volume of the box (m³).
    pub fn box_volume(&self) -> f64 {
        (self.max - self.min).iter().product()
    }

    /// The most spheres this can make: `count`, or `φ V_box / (4/3 π r_min³) + 1`.
    pub fn max_count(&self) -> f64 {
        match (self.count, self.volume_fraction) {
            (Some(n), _) => n as f64,
            (None, Some(phi)) => {
                phi * self.box_volume()
                    / (4.0 / 3.0 * std::f64::consts::PI * self.radius_min.powi(3))
                    + 1.0
            }
            (None, None) => 0.0,
        }
    }
}

/// Why a packing could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PackingError {
    /// A sphere does not fit in the box.
    #[error(
        "a sphere of radius {radius} m does not fit in the box (its side along {axis} is {side} m)"
    )]
    TooSmall {
        /// The radius (m).
        radius: f64,
        /// The axis ("x", "y", "z").
        axis: &'static str,
        /// The side of the box along it (m).
        side: f64,
    },
    /// Random sequential addition jammed.
    #[error(
        "placed only {placed} of {wanted} spheres (volume fraction {fraction:.3}): sphere \
         {next} found no free place in {ATTEMPTS_PER_SPHERE} tries"
    )]
    Jammed {
        /// Spheres placed.
        placed: usize,
        /// Spheres wanted.
        wanted: usize,
        /// Volume fraction reached.
        fraction: f64,
        /// The sphere that found no place (0-based, largest first).
        next: usize,
    },
}

/// A random packing of `spec` that also avoids `obstacles`; spheres at rest, largest first.
pub fn random_packing(
    spec: &RandomPackSpec,
    obstacles: &[SphereRow],
) -> Result<Vec<SphereRow>, PackingError> {
    let mut rng = SplitMix64::new(spec.seed);
    let mut radii = draw_radii(spec, &mut rng);
    radii.sort_by(|a, b| b.total_cmp(a));
    let side = spec.max - spec.min;
    if let Some(&r) = radii.first() {
        for (c, axis) in ["x", "y", "z"].into_iter().enumerate() {
            if side[c] < 2.0 * r {
                return Err(PackingError::TooSmall {
                    radius: r,
                    axis,
                    side: side[c],
                });
            }
        }
    }
    // Only obstacles that reach into the box matter.
    let near: Vec<SphereRow> = obstacles
        .iter()
        .filter(|o| {
            (0..3).all(|c| {
                o.center[c] + o.radius > spec.min[c] && o.center[c] - o.radius < spec.max[c]
            })
        })
        .copied()
        .collect();
    let r_obstacle = near.iter().map(|o| o.radius).fold(0.0, f64::max);
    let r_big = spec.radius_max.max(radii.first().copied().unwrap_or(0.0));
    let mut grid = Grid::new(spec.min, (2.0 * r_big).max(r_big + r_obstacle));
    let mut all: Vec<SphereRow> = near;
    for (i, s) in all.iter().enumerate() {
        grid.insert(s.center, i);
    }
    let placed_before = all.len();
    let wanted = radii.len();
    for (n, &r) in radii.iter().enumerate() {
        let mut found = None;
        for _ in 0..ATTEMPTS_PER_SPHERE {
            let c = Vec3::from_fn(|k, _| rng.uniform(spec.min[k] + r, spec.max[k] - r));
            let free = grid
                .around(c)
                .all(|j| (all[j].center - c).norm() >= all[j].radius + r);
            if free {
                found = Some(c);
                break;
            }
        }
        let Some(c) = found else {
            let volume: f64 = all[placed_before..].iter().map(SphereRow::volume).sum();
            return Err(PackingError::Jammed {
                placed: n,
                wanted,
                fraction: volume / spec.box_volume(),
                next: n,
            });
        };
        grid.insert(c, all.len());
        all.push(SphereRow::at_rest(c, r));
    }
    Ok(all.split_off(placed_before))
}

/// The radii of the packing, in draw order.
fn draw_radii(spec: &RandomPackSpec, rng: &mut SplitMix64) -> Vec<f64> {
    let mut draw = || rng.uniform(spec.radius_min, spec.radius_max);
    match (spec.count, spec.volume_fraction) {
        (Some(n), _) => (0..n).map(|_| draw()).collect(),
        (None, Some(phi)) => {
            let target = phi * spec.box_volume();
            let mut radii = Vec::new();
            let mut volume = 0.0;
            while volume < target {
                let r = draw();
                volume += 4.0 / 3.0 * std::f64::consts::PI * r.powi(3);
                radii.push(r);
            }
            radii
        }
        (None, None) => Vec::new(),
    }
}

/// A uniform grid of cell size `h` from `origin`, listing the spheres whose centre is in each
/// cell.
struct Grid {
    origin: Vec3,
    h: f64,
    cells: HashMap<[i64; 3], Vec<usize>>,
}

impl Grid {
    fn new(origin: Vec3, h: f64) -> Self {
        Self {
            origin,
            h,
            cells: HashMap::new(),
        }
    }

    fn cell(&self, x: Vec3) -> [i64; 3] {
        let d = (x - self.origin) / self.h;
        [d.x.floor() as i64, d.y.floor() as i64, d.z.floor() as i64]
    }

    fn insert(&mut self, x: Vec3, i: usize) {
        self.cells.entry(self.cell(x)).or_default().push(i);
    }

    /// The spheres in the 27 cells around `x`.
    fn around(&self, x: Vec3) -> impl Iterator<Item = usize> + '_ {
        let [a, b, c] = self.cell(x);
        (-1..=1).flat_map(move |i| {
            (-1..=1).flat_map(move |j| {
                (-1..=1).flat_map(move |k| {
                    self.cells
                        .get(&[a + i, b + j, c + k])
                        .into_iter()
                        .flatten()
                        .copied()
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(seed: u64) -> RandomPackSpec {
        RandomPackSpec {
            min: Vec3::zeros(),
            max: Vec3::new(0.02, 0.02, 0.03),
            radius_min: 0.001,
            radius_max: 0.0015,
            count: None,
            volume_fraction: Some(0.3),
            seed,
        }
    }

    fn assert_valid(p: &[SphereRow], s: &RandomPackSpec) {
        for (i, a) in p.iter().enumerate() {
            for c in 0..3 {
                assert!(a.center[c] - a.radius >= s.min[c] && a.center[c] + a.radius <= s.max[c]);
            }
            assert!((s.radius_min..=s.radius_max).contains(&a.radius));
            for b in &p[i + 1..] {
                assert!(
                    (a.center - b.center).norm() >= a.radius + b.radius,
                    "overlap"
                );
            }
        }
    }

    #[test]
    fn no_overlap_fraction_reached_and_deterministic() {
        let s = spec(3);
        let p = random_packing(&s, &[]).expect("pack");
        assert_valid(&p, &s);
        let phi = p.iter().map(SphereRow::volume).sum::<f64>() / s.box_volume();
        assert!((0.3..0.31).contains(&phi), "φ = {phi}");
        assert!(p.windows(2).all(|w| w[0].radius >= w[1].radius));
        assert_eq!(p, random_packing(&s, &[]).expect("again"));
        assert_ne!(p, random_packing(&spec(4), &[]).expect("other seed"));
        assert!(p.len() as f64 <= s.max_count());
    }

    #[test]
    fn a_count_and_obstacles_are_honoured() {
        let s = RandomPackSpec {
            count: Some(50),
            volume_fraction: None,
            ..spec(1)
        };
        let big = SphereRow::at_rest(Vec3::new(0.01, 0.01, 0.015), 0.006);
        let p = random_packing(&s, &[big]).expect("pack");
        assert_eq!(p.len(), 50);
        assert_valid(&p, &s);
        assert!(
            p.iter()
                .all(|a| (a.center - big.center).norm() >= a.radius + big.radius)
        );
    }

    #[test]
    fn impossible_packings_are_refused() {
        let dense = RandomPackSpec {
            volume_fraction: Some(0.6),
            radius_max: 0.001,
            ..spec(1)
        };
        match random_packing(&dense, &[]) {
            Err(PackingError::Jammed { placed, wanted, .. }) => assert!(placed < wanted),
            other => panic!("{other:?}"),
        }
        let thin = RandomPackSpec {
            max: Vec3::new(0.02, 0.001, 0.02),
            ..spec(1)
        };
        assert!(matches!(
            random_packing(&thin, &[]),
            Err(PackingError::TooSmall { axis: "y", .. })
        ));
    }
}
