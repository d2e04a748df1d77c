//! Self-contact exclusion by separation along a rod: which pairs of primitives of one rod a
//! contact binding leaves out because they sit in the chain's force band merely by being
//! neighbours.
//!
//! Two points of a rod whose rest arc-length separation is `s` are at most `s` apart in space
//! (a chord is never longer than its arc, and stretching is small). Their surfaces are then at
//! most `s − 2r` apart, so a pair of primitives whose rest arc-length gap `s` satisfies
//! `s ≤ 2r + reach` (`reach` the chain's δ or d̂) lies in the force band whenever the rod is
//! straight: its "contact" is the rod lying along itself, not two strands touching. Such pairs
//! are excluded by default ([`SelfExclusion::Reach`]). Pairs further apart along the rod can
//! only meet by bending back: a loop whose centreline curvature radius is at least `r` (tighter
//! would interpenetrate its own material) needs an arc of at least `πr > 2r + reach` for
//! `reach < (π − 2) r ≈ 1.14 r`, so the default never hides a real contact of a rod whose reach
//! is below its radius.
//!
//! A binding may instead exclude by index (`Edges(n)`: primitive centres fewer than `n` edges
//! apart, the `|i − j| < n` rule of other DER codes, so `Edges(3)` drops edge pairs
//! `(i, i+1)` and `(i, i+2)`) or by an explicit rest arc length (`ArcLength(L)`). The rules of
//! [`super::too_close`] (shared nodes, neighbouring nodes, the rod's own thickness) always
//! apply on top.

use super::{PrimId, Span};
use crate::model::Model;
use serde::{Deserialize, Serialize};

/// How a contact binding excludes pairs of primitives of one rod by their separation along it
/// (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub enum SelfExclusion {
    /// Pairs whose rest arc-length gap is at most `2r + reach` (the default).
    #[default]
    Reach,
    /// Pairs whose centres are fewer than `n` edges apart along the rod (`n = 0` or `1`: only
    /// the rules that always apply).
    Edges(u32),
    /// Pairs whose rest arc-length gap is at most this length (m).
    ArcLength(f64),
}

/// Rest arc-length gap between two spans of one body (m): zero when they overlap.
pub fn arc_gap(a: &Span, b: &Span) -> f64 {
    (b.arc.0 - a.arc.1).max(a.arc.0 - b.arc.1).max(0.0)
}

/// Distance between the centres of two spans of one body in edges (node-index units: edge
/// `i` is centred at `i + ½`, node `i` at `i`).
fn centre_index_distance(a: &Span, b: &Span) -> f64 {
    let centre = |s: &Span| 0.5 * (s.nodes.0 as f64 + s.nodes.1 as f64);
    (centre(a) - centre(b)).abs()
}

impl SelfExclusion {
    /// Whether `a` and `b`, primitives of one rod, are excluded by this rule for a chain of
    /// reach `reach` (m). Primitives of different bodies, and of bodies without a span (spheres,
    /// planes, shells), are never excluded by it.
    pub fn excludes(&self, model: &Model, a: &PrimId, b: &PrimId, reach: f64) -> bool {
        let (Some(sa), Some(sb)) = (a.span(model), b.span(model)) else {
            return false;
        };
        if sa.body != sb.body {
            return false;
        }
        match *self {
            SelfExclusion::Reach => arc_gap(&sa, &sb) <= sa.thickness + reach,
            SelfExclusion::Edges(n) => centre_index_distance(&sa, &sb) < n as f64,
            SelfExclusion::ArcLength(l) => arc_gap(&sa, &sb) <= l,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::primitive::{RodEdge, RodNode};
    use crate::math::Vec3;
    use crate::model::{CrossSection, Material, Rod};

    /// A straight rod of 20 edges of 3.3 mm and radius 1.6 mm (the knot of issue 19).
    fn knot_rod() -> Model {
        let mut m = Model::default();
        let nodes: Vec<Vec3> = (0..21)
            .map(|i| Vec3::new(3.3e-3 * i as f64, 0.0, 0.0))
            .collect();
        let (rod, frames, q) = Rod::new(
            "k",
            &nodes,
            CrossSection::Circle(1.6e-3),
            Material::from_poisson(1.8e5, 0.5, 1000.0),
            None,
        )
        .unwrap();
        m.add_rod(rod, frames, q);
        m.finalize();
        m
    }

    fn e(edge: u32) -> PrimId {
        PrimId::RodEdge(RodEdge { rod: 0, edge })
    }

    fn n(node: u32) -> PrimId {
        PrimId::RodNode(RodNode { rod: 0, node })
    }

    #[test]
    fn the_default_drops_pairs_in_the_band_when_straight_and_keeps_the_rest() {
        let m = knot_rod();
        let rule = SelfExclusion::Reach;
        // 2r + δ = 3.7 mm: edges (i, i+2) are 3.3 mm apart along the rod, (i, i+3) 6.6 mm.
        assert!(rule.excludes(&m, &e(5), &e(7), 0.5e-3));
        assert!(!rule.excludes(&m, &e(5), &e(8), 0.5e-3));
        // With a reach below the 0.1 mm margin, (i, i+2) is out of the band and kept.
        assert!(!rule.excludes(&m, &e(5), &e(7), 0.05e-3));
        // Nodes: i and i+2 are 6.6 mm apart.
        assert!(!rule.excludes(&m, &n(5), &n(7), 0.5e-3));
        assert!(rule.excludes(&m, &n(5), &e(6), 0.5e-3));
    }

    #[test]
    fn the_edge_rule_counts_centres() {
        let m = knot_rod();
        let rule = SelfExclusion::Edges(3);
        assert!(rule.excludes(&m, &e(5), &e(7), 0.0));
        assert!(!rule.excludes(&m, &e(5), &e(8), 0.0));
        assert!(rule.excludes(&m, &n(5), &e(7), 0.0)); // 2.5 edges apart
        assert!(!rule.excludes(&m, &n(5), &e(8), 0.0)); // 3.5
        assert!(!SelfExclusion::Edges(1).excludes(&m, &e(5), &e(6), 0.0));
    }

    #[test]
    fn the_arc_length_rule_uses_the_rest_gap() {
        let m = knot_rod();
        let rule = SelfExclusion::ArcLength(7e-3);
        assert!(rule.excludes(&m, &e(2), &e(5), 0.0)); // gap 6.6 mm
        assert!(!rule.excludes(&m, &e(2), &e(6), 0.0)); // gap 9.9 mm
    }
}
