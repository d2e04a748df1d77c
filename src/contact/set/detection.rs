//! Detection: the candidate pairs of every binding at the start of a step — pairs whose gap is
//! below the binding's keep distance (boxes inflated by half of it, found with a spatial hash;
//! planes by signed distance) — without self-contact neighbours and excluded bodies; and the
//! local-to-global layout of each candidate for the sparsity pattern.

use super::{ContactBinding, PairKey, Redetect};
use crate::contact::core::NO_DOF;
use crate::contact::detect::{Aabb, SpatialHash};
use crate::contact::element::ElementSet;
use crate::contact::primitive::{BodyGroup, PrimId, PrimKind, spin_layout};
use crate::model::Model;

/// The sorted, deduplicated candidate pairs of `bindings` at configuration `q`.
pub(super) fn candidates<E: ElementSet>(
    model: &Model,
    q: &[f64],
    bindings: &[ContactBinding<E>],
) -> Vec<PairKey> {
    candidates_where(model, q, bindings, |_| true)
}

/// [`candidates`] of the bindings whose index passes `which` (the others contribute none).
pub(super) fn candidates_where<E: ElementSet>(
    model: &Model,
    q: &[f64],
    bindings: &[ContactBinding<E>],
    which: impl Fn(usize) -> bool,
) -> Vec<PairKey> {
    let mut cands = Vec::new();
    for (bi, b) in bindings.iter().enumerate().filter(|(bi, _)| which(*bi)) {
        let (k1, k2) = b.chain.kinds();
        let p1 = k1.of_group(model, &b.first);
        let p2 = k2.of_group(model, &b.second);
        let excluded = |a: &PrimId, c: &PrimId| b.skips(model, a, c);
        let key = |a: PrimId, c: PrimId| PairKey {
            binding: bi as u32,
            first: a,
            second: c,
        };
        if b.redetect == Redetect::MeshEdges {
            for (a, c) in mesh_edge_pairs(model, &b.first, &b.second) {
                cands.push(key(a, c));
            }
            continue;
        }
        if k2 == PrimKind::Plane {
            for a in &p1 {
                let pts = a.points(model, q);
                let r = a.radius(model);
                for c in &p2 {
                    let Some((origin, normal)) = c.plane_geometry(model) else {
                        continue;
                    };
                    let d = pts
                        .as_slice()
                        .iter()
                        .map(|x| (x - origin).dot(&normal))
                        .fold(f64::INFINITY, f64::min);
                    if d - r <= b.keep_distance {
                        cands.push(key(*a, *c));
                    }
                }
            }
            continue;
        }
        let margin = 0.5 * b.keep_distance;
        let boxes = |ps: &[PrimId]| -> Vec<Aabb> {
            ps.iter()
                .map(|p| Aabb::of_points(p.points(model, q).as_slice(), p.radius(model) + margin))
                .collect()
        };
        if b.first == b.second && k1 == k2 {
            let hash = SpatialHash::new(boxes(&p1));
            for (i, j) in hash.self_pairs() {
                let (a, c) = (p1[i as usize], p1[j as usize]);
                if !excluded(&a, &c) {
                    cands.push(key(a, c));
                }
            }
        } else {
            let hash = SpatialHash::new(boxes(&p2));
            let mut hits = Vec::new();
            for (a, ba) in p1.iter().zip(boxes(&p1)) {
                hits.clear();
                hash.query(&ba, &mut hits);
                hits.sort_unstable();
                for &j in &hits {
                    let c = p2[j as usize];
                    if !excluded(a, &c) {
                        cands.push(key(*a, c));
                    }
                }
            }
        }
    }
    cands.sort_unstable();
    cands.dedup();
    cands
}

/// The node pairs of every edge of the shells bound on both sides, lower node first (the
/// pairs of a [`Redetect::MeshEdges`] binding, which the scene builder accepts on point chains
/// between shell groups only).
fn mesh_edge_pairs(model: &Model, first: &BodyGroup, second: &BodyGroup) -> Vec<(PrimId, PrimId)> {
    let (BodyGroup::Shells(a), BodyGroup::Shells(b)) = (first, second) else {
        return Vec::new();
    };
    a.iter()
        .filter(|s| b.contains(s))
        .flat_map(|&s| {
            model.bodies.shells[s].topology.edges.iter().map(move |e| {
                let (i, j) = (e.nodes[0].min(e.nodes[1]), e.nodes[0].max(e.nodes[1]));
                (
                    PrimId::shell_node(s as u32, i),
                    PrimId::shell_node(s as u32, j),
                )
            })
        })
        .collect()
}

/// Global index of each of the pair's twelve local coordinates (side 1's points first, then
/// the rotations; see [`spin_layout`]),
/// [`NO_DOF`] where a coordinate is constrained or absent.
///
/// Side 2's points beyond the four slots (a second triangle) are left out: the pair's
/// extra-coordinate term carries them (see [`crate::contact::overflow_coordinates`]).
pub(super) fn layout(model: &Model, key: &PairKey) -> [u32; 12] {
    let mut l = [NO_DOF; 12];
    let n = key.first.layout(model, &mut l);
    let mut second = [NO_DOF; 3 * crate::contact::MAX_POINTS];
    let m = key.second.layout(model, &mut second).min(4 - n);
    l[3 * n..3 * (n + m)].copy_from_slice(&second[..3 * m]);
    spin_layout(model, [key.first, key.second], n + m, &mut l);
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::chain::Chain;
    use crate::contact::primitive::{BodyId, PlanePrim, SpherePrim};
    use crate::math::Vec3;
    use crate::model::{Material, Plane, Sphere};
    use std::path::Path;

    fn spheres(centres: &[[f64; 3]]) -> Model {
        let mut m = Model::default();
        for (i, c) in centres.iter().enumerate() {
            m.add_sphere(
                Sphere::new(
                    format!("s{i}"),
                    0.01,
                    Material::from_poisson(1e7, 0.3, 1000.0),
                ),
                Vec3::new(c[0], c[1], c[2]),
                Vec3::zeros(),
            );
        }
        m.add_plane(Plane {
            name: "ground".into(),
            origin: Vec3::zeros(),
            normal: Vec3::z(),
            material: None,
        });
        m.finalize();
        m
    }

    fn binding(text: &str, second: BodyGroup, keep: f64) -> ContactBinding {
        ContactBinding {
            chain: Chain::parse(text, Path::new("t.ron")).unwrap(),
            first: BodyGroup::Spheres(vec![0, 1, 2]),
            second,
            keep_distance: keep,
            excluded: Vec::new(),
            self_exclusion: Default::default(),
            redetect: Default::default(),
        }
    }

    const SS: &str = "Chain(name: \"s\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
                      N_Hertz(), AssembleForces])";
    const SP: &str = "Chain(name: \"p\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
                      N_Hertz(), AssembleForces])";

    #[test]
    fn pairs_within_the_keep_distance_are_candidates_once() {
        // Gaps: s0–s1 1 mm, s1–s2 30 mm; heights above ground 0.5 mm, 5 mm, 40 mm.
        let m = spheres(&[[0.0, 0.0, 0.0105], [0.021, 0.0, 0.015], [0.071, 0.0, 0.05]]);
        let s = |index| PrimId::Sphere(SpherePrim { index });
        let b = [
            binding(SS, BodyGroup::Spheres(vec![0, 1, 2]), 2e-3),
            binding(SP, BodyGroup::Planes(vec![0]), 2e-3),
        ];
        let c = candidates(&m, &m.q, &b);
        let ground = PrimId::Plane(PlanePrim { index: 0 });
        let expect = [
            PairKey {
                binding: 0,
                first: s(0),
                second: s(1),
            },
            PairKey {
                binding: 1,
                first: s(0),
                second: ground,
            },
        ];
        assert_eq!(c, expect);
        // Excluding the two bodies removes their pair.
        let mut b0 = b[0].clone();
        b0.excluded = vec![(BodyId::Sphere(1), BodyId::Sphere(0))];
        assert!(candidates(&m, &m.q, &[b0]).is_empty());
        // The layout lists the sphere's three coordinates and nothing for the plane.
        let l = layout(&m, &expect[1]);
        assert_eq!(&l[..4], &[0, 1, 2, NO_DOF]);
    }
}
