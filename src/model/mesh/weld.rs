//! Welding a triangle soup (three positions per triangle, as STL stores them) into a mesh with
//! shared nodes.

use super::trimesh::TriMesh;
use crate::math::Vec3;
use std::collections::HashMap;

/// Default weld tolerance, relative to the diagonal of the soup's bounding box.
///
/// STL stores `f32` coordinates (about 7 significant digits): copies of one vertex written by
/// any exporter are bit-identical or differ by a few units in the last place, i.e. by
/// `~1e-7` of the model size. `1e-6` welds those and nothing else, unless the mesh has edges
/// a million times shorter than its size (such edges would weld into a repeated-node triangle,
/// which validation reports).
pub const WELD_TOLERANCE: f64 = 1e-6;

/// A welded soup: the mesh and, per node, where it first appeared.
#[derive(Debug, Clone, PartialEq)]
pub struct Welded {
    /// Shared-node mesh; nodes numbered in order of first appearance in the soup.
    pub mesh: TriMesh,
    /// Per node, the `(triangle, corner)` of the soup where it first appeared.
    pub first_use: Vec<(usize, u8)>,
}

/// Welds the corners of `soup` that lie within `relative_tolerance × D` of each other, with `D`
/// the diagonal of the bounding box of the finite corners (exactly equal corners always weld).
///
/// Each corner welds onto the first earlier node within the tolerance (a greedy pass, so
/// chains of nearby points do not collapse transitively), found through a uniform grid of
/// cell size equal to the tolerance. Non-finite corners are never welded, so that validation
/// can report each of them.
pub fn weld(soup: &[[Vec3; 3]], relative_tolerance: f64) -> Welded {
    let finite = |p: &Vec3| p.iter().all(|c| c.is_finite());
    let (lo, hi) = soup
        .iter()
        .flatten()
        .filter(|p| finite(p))
        .fold(None, |acc: Option<(Vec3, Vec3)>, p| {
            Some(acc.map_or((*p, *p), |(lo, hi)| (lo.inf(p), hi.sup(p))))
        })
        .unwrap_or((Vec3::zeros(), Vec3::zeros()));
    let tol = relative_tolerance.max(0.0) * (hi - lo).norm();
    let cell_of = |p: &Vec3| -> [i64; 3] {
        if tol > 0.0 {
            let c = (p - lo) / tol;
            [c.x.floor() as i64, c.y.floor() as i64, c.z.floor() as i64]
        } else {
            [0; 3]
        }
    };
    let mut grid: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
    let mut exact: HashMap<[u64; 3], u32> = HashMap::new();
    let mut out = Welded {
        mesh: TriMesh::default(),
        first_use: Vec::new(),
    };
    for (t, tri) in soup.iter().enumerate() {
        let mut ids = [0u32; 3];
        for (c, p) in tri.iter().enumerate() {
            let mut found = None;
            if finite(p) {
                let bits = [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
                found = exact.get(&bits).copied();
                if found.is_none() && tol > 0.0 {
                    let [i, j, k] = cell_of(p);
                    for di in -1..=1 {
                        for dj in -1..=1 {
                            for dk in -1..=1 {
                                let Some(list) = grid.get(&[i + di, j + dj, k + dk]) else {
                                    continue;
                                };
                                for &n in list {
                                    if (out.mesh.nodes[n as usize] - p).norm() <= tol
                                        && found.is_none_or(|f| n < f)
                                    {
                                        found = Some(n);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let id = match found {
                Some(n) => n,
                None => {
                    let n = out.mesh.nodes.len() as u32;
                    out.mesh.nodes.push(*p);
                    out.first_use.push((t, c as u8));
                    if finite(p) {
                        exact.insert([p.x.to_bits(), p.y.to_bits(), p.z.to_bits()], n);
                        grid.entry(cell_of(p)).or_default().push(n);
                    }
                    n
                }
            };
            ids[c] = id;
        }
        out.mesh.triangles.push(ids);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn welds_exact_and_near_copies_only() {
        let a = Vec3::new(0.0, 0.0, 0.0);
        let b = Vec3::new(1.0, 0.0, 0.0);
        let c = Vec3::new(1.0, 1.0, 0.0);
        let d = Vec3::new(0.0, 1.0, 0.0);
        let near_c = c + Vec3::new(1e-8, -1e-8, 0.0);
        let soup = [[a, b, c], [a, near_c, d]];
        let w = weld(&soup, WELD_TOLERANCE);
        assert_eq!(w.mesh.nodes.len(), 4);
        assert_eq!(w.mesh.triangles, vec![[0, 1, 2], [0, 2, 3]]);
        assert_eq!(w.first_use, vec![(0, 0), (0, 1), (0, 2), (1, 2)]);
        w.mesh.validate().unwrap();
        // With zero tolerance only exact copies weld.
        let w = weld(&soup, 0.0);
        assert_eq!(w.mesh.nodes.len(), 5);
    }

    #[test]
    fn non_finite_corners_stay_apart() {
        let nan = Vec3::new(f64::NAN, 0.0, 0.0);
        let w = weld(&[[nan, Vec3::x(), nan]], WELD_TOLERANCE);
        assert_eq!(w.mesh.nodes.len(), 3);
    }
}
