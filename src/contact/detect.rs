//! Broad phase: candidate pairs whose inflated bounding boxes overlap, found with a uniform
//! spatial hash in O(n) average time.
//!
//! The cell size is at least the largest box extent, so each box is stored once (in the cell of
//! its centre) and two overlapping boxes always sit in the same or adjacent cells: a query visits
//! the 27 neighbouring cells. Results are sorted, so they do not depend on hashing order.

use crate::math::Vec3;
use rustc_hash::FxHashMap as HashMap;

/// Axis-aligned bounding box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    /// Lower corner (m).
    pub min: Vec3,
    /// Upper corner (m).
    pub max: Vec3,
}

impl Aabb {
    /// The box of a set of points, inflated by `margin` on every side.
    pub fn of_points(points: &[Vec3], margin: f64) -> Self {
        let mut min = Vec3::repeat(f64::INFINITY);
        let mut max = Vec3::repeat(f64::NEG_INFINITY);
        for p in points {
            min = min.inf(p);
            max = max.sup(p);
        }
        Self {
            min: min.add_scalar(-margin),
            max: max.add_scalar(margin),
        }
    }
    /// Whether two boxes overlap (touching counts).
    pub fn overlaps(&self, o: &Aabb) -> bool {
        (0..3).all(|k| self.min[k] <= o.max[k] && o.min[k] <= self.max[k])
    }
    fn center(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }
    fn extent(&self) -> f64 {
        (self.max - self.min).max()
    }
}

/// A uniform grid of boxes.
#[derive(Debug, Clone)]
pub struct SpatialHash {
    cell: f64,
    boxes: Vec<Aabb>,
    cells: HashMap<(i64, i64, i64), Vec<u32>>,
}

impl SpatialHash {
    /// Builds the grid over `boxes`.
    pub fn new(boxes: Vec<Aabb>) -> Self {
        let cell = boxes
            .iter()
            .map(Aabb::extent)
            .fold(0.0, f64::max)
            .max(1e-12);
        let mut cells: HashMap<(i64, i64, i64), Vec<u32>> =
            HashMap::with_capacity_and_hasher(boxes.len(), Default::default());
        for (i, b) in boxes.iter().enumerate() {
            cells
                .entry(Self::key(cell, &b.center()))
                .or_default()
                .push(i as u32);
        }
        Self { cell, boxes, cells }
    }

    fn key(cell: f64, p: &Vec3) -> (i64, i64, i64) {
        let f = |x: f64| (x / cell).floor() as i64;
        (f(p.x), f(p.y), f(p.z))
    }

    /// Indices of the stored boxes that overlap `b`, appended to `out` (unsorted).
    pub fn query(&self, b: &Aabb, out: &mut Vec<u32>) {
        // A box larger than the cell size may reach further than one cell.
        let reach = ((b.extent() / self.cell).ceil() as i64).max(1);
        let (cx, cy, cz) = Self::key(self.cell, &b.center());
        for dx in -reach..=reach {
            for dy in -reach..=reach {
                for dz in -reach..=reach {
                    if let Some(list) = self.cells.get(&(cx + dx, cy + dy, cz + dz)) {
                        out.extend(
                            list.iter()
                                .copied()
                                .filter(|&j| self.boxes[j as usize].overlaps(b)),
                        );
                    }
                }
            }
        }
    }

    /// All pairs `(i, j)`, `i < j`, of stored boxes that overlap, sorted.
    pub fn self_pairs(&self) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        let mut hits = Vec::new();
        for (i, b) in self.boxes.iter().enumerate() {
            hits.clear();
            self.query(b, &mut hits);
            pairs.extend(
                hits.iter()
                    .filter(|&&j| j as usize > i)
                    .map(|&j| (i as u32, j)),
            );
        }
        pairs.sort_unstable();
        pairs
    }
}

/// Reference O(n²) broad phase, for tests.
pub fn brute_force_pairs(boxes: &[Aabb]) -> Vec<(u32, u32)> {
    let mut v = Vec::new();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            if boxes[i].overlaps(&boxes[j]) {
                v.push((i as u32, j as u32));
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_finds_every_pair_of_a_random_tangle() {
        // Random rod tangles: segments of random direction, lengths spread over 3×.
        let mut rng = crate::verify::Rng::new(12345);
        let mut rnd = || rng.unit();
        for trial in 0..5 {
            let n = 300 + 100 * trial;
            let boxes: Vec<Aabb> = (0..n)
                .map(|_| {
                    let a = Vec3::new(rnd(), rnd(), rnd());
                    let d = Vec3::new(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5).normalize()
                        * (0.02 + 0.04 * rnd());
                    Aabb::of_points(&[a, a + d], 0.005)
                })
                .collect();
            let fast = SpatialHash::new(boxes.clone()).self_pairs();
            assert_eq!(fast, brute_force_pairs(&boxes));
        }
    }
}
