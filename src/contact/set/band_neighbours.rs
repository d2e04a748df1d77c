//! Neighbours in the band: pairs of primitives of one rod that a binding keeps although they
//! are close enough along the rod (rest arc-length gap `≤ 2r + reach`) to sit in the chain's
//! force band whenever the rod is straight. They press the rod apart along itself — spurious
//! stretch, `min_gap` reporting them instead of real contacts — and are what
//! [`crate::contact::SelfExclusion::Reach`] drops by default; a binding that narrows its
//! exclusion (`exclude_within: Edges(1)`, a short `ArcLength`) gets a warning from
//! [`band_neighbours`].

use super::ContactBinding;
use crate::contact::element::ElementSet;
use crate::contact::primitive::{PrimId, Span, arc_gap};
use crate::model::Model;

/// The kept pairs of one rod inside the band when straight.
#[derive(Debug, Clone, PartialEq)]
pub struct BandNeighbours {
    /// Rod index.
    pub rod: usize,
    /// The kept pair closest along the rod.
    pub closest: (PrimId, PrimId),
    /// Its rest arc-length gap (m).
    pub gap: f64,
    /// The band `2r + reach` (m).
    pub band: f64,
    /// How many kept pairs of this rod lie in the band.
    pub count: usize,
}

/// A rod primitive with its span.
fn spans(model: &Model, prims: Vec<PrimId>) -> Vec<(PrimId, Span)> {
    let mut out: Vec<(PrimId, Span)> = prims
        .into_iter()
        .filter_map(|p| p.span(model).map(|s| (p, s)))
        .collect();
    out.sort_by(|x, y| {
        (x.1.body, x.1.arc.0)
            .partial_cmp(&(y.1.body, y.1.arc.0))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    out
}

/// Per rod bound on both sides of `binding`, the kept same-rod pairs whose rest arc-length gap
/// is at most `2r + reach` (empty when the default exclusion is in force).
pub fn band_neighbours<E: ElementSet>(
    model: &Model,
    binding: &ContactBinding<E>,
) -> Vec<BandNeighbours> {
    let (k1, k2) = binding.chain.kinds();
    let reach = binding.chain.method().reach;
    let side1 = spans(model, k1.of_group(model, &binding.first));
    let side2 = spans(model, k2.of_group(model, &binding.second));
    let longest = side2
        .iter()
        .map(|(_, s)| s.arc.1 - s.arc.0)
        .fold(0.0, f64::max);
    let mut out: Vec<BandNeighbours> = Vec::new();
    for (a, sa) in &side1 {
        let band = sa.thickness + reach;
        // side2 is sorted by (body, arc start): scan the window of this body near `a`.
        let from = sa.arc.0 - band - longest;
        let start = side2.partition_point(|(_, s)| (s.body, s.arc.0) < (sa.body, from));
        for (c, sc) in side2[start..]
            .iter()
            .take_while(|(_, s)| s.body == sa.body && s.arc.0 <= sa.arc.1 + band)
        {
            if a == c {
                continue;
            }
            let gap = arc_gap(sa, sc);
            if gap > band || binding.skips(model, a, c) {
                continue;
            }
            let crate::contact::primitive::BodyId::Rod(rod) = sa.body else {
                continue;
            };
            let rod = rod as usize;
            match out.iter_mut().find(|n| n.rod == rod) {
                Some(n) => {
                    n.count += 1;
                    if gap < n.gap {
                        n.gap = gap;
                        n.closest = (*a, *c);
                    }
                }
                None => out.push(BandNeighbours {
                    rod,
                    closest: (*a, *c),
                    gap,
                    band,
                    count: 1,
                }),
            }
        }
    }
    // A pair bound on both sides in one group is seen twice.
    if binding.first == binding.second && k1 == k2 {
        for n in &mut out {
            n.count = n.count.div_ceil(2);
        }
    }
    out
}
