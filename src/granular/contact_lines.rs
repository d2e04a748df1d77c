//! Contacts as lines between primitives, with their forces, and the counts made from them.
//!
//! A contact's line runs from `a`, the centre of its first primitive (a sphere's centre, the
//! mean of a rod edge's or a triangle's nodes), to `b`, the centre of its second — or, for a
//! plane, the foot of the perpendicular from `a`. Its unit normal is `n = (a − b)/|a − b|`. The
//! force on the first primitive `F` is the sum of the contact's generalised forces on its
//! points (or minus the second's, when the first is held and receives none); the normal force
//! is `F·n` (N, positive when the contact pushes the bodies apart) and the tangential force
//! `|F − (F·n) n|` (N).

use crate::contact::{LocalContact, PrimId};
use crate::io::ContactLine;
use crate::math::Vec3;
use crate::model::Model;

/// The active contacts of `contacts` (the last evaluation of a step) as lines.
pub fn contact_lines(model: &Model, contacts: &[LocalContact]) -> Vec<ContactLine> {
    contacts
        .iter()
        .filter(|c| c.active)
        .map(|c| line(model, c))
        .collect()
}

fn line(model: &Model, c: &LocalContact) -> ContactLine {
    let q = &model.q;
    let (first, second) = (c.key.first, c.key.second);
    let p1 = first.points(model, q);
    let p2 = second.points(model, q);
    let centre = |x: &[Vec3]| x.iter().sum::<Vec3>() / x.len().max(1) as f64;
    let a = centre(&p1.x[..p1.n]);
    let b = match second.plane_geometry(model) {
        Some((o, n)) => a - (a - o).dot(&n) * n,
        None => centre(&p2.x[..p2.n]),
    };
    let f = first_force(c, p1.n, p2.n);
    let d = a - b;
    let n = if d.norm() > 0.0 { d / d.norm() } else { d };
    let fn_ = f.dot(&n);
    ContactLine {
        a,
        b,
        first: first.label(model),
        second: second.label(model),
        binding: c.key.binding,
        gap: c.gap,
        normal_force: fn_,
        tangential_force: (f - fn_ * n).norm(),
    }
}

/// The force of contact `c` on its first primitive (N): the sum of its generalised forces on
/// the first primitive's `n1` points, or minus the sum on the second's `n2` when that is
/// larger (the first is held and receives none).
fn first_force(c: &LocalContact, n1: usize, n2: usize) -> Vec3 {
    let slot = |k: usize| Vec3::new(c.force[3 * k], c.force[3 * k + 1], c.force[3 * k + 2]);
    let f1: Vec3 = (0..n1).map(slot).sum();
    let f2: Vec3 = (n1..n1 + n2).map(slot).sum();
    if f1.norm() >= f2.norm() { f1 } else { -f2 }
}

/// The magnitude `|F|` (N) of the force each active contact with a sphere transmits (see the
/// module's `F`), in the order of `contacts`.
pub fn sphere_contact_forces(model: &Model, contacts: &[LocalContact]) -> Vec<f64> {
    let q = &model.q;
    contacts
        .iter()
        .filter(|c| c.active)
        .filter(|c| {
            matches!(c.key.first, PrimId::Sphere(_)) || matches!(c.key.second, PrimId::Sphere(_))
        })
        .map(|c| {
            let n1 = c.key.first.points(model, q).n;
            let n2 = c.key.second.points(model, q).n;
            first_force(c, n1, n2).norm()
        })
        .collect()
}

/// Counts of a step's contacts that concern spheres.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactCounts {
    /// Coordination number `Z = Σ_c s_c / N`: over the active contacts `c`, `s_c` is the number
    /// of its two primitives that are spheres (2 between spheres, 1 against a wall or another
    /// body), and `N` the number of spheres — the mean number of contacts per sphere, wall
    /// contacts included. 0 without spheres.
    pub coordination: f64,
    /// Largest overlap `max(−gap, 0)` over the active contacts with a sphere (m).
    pub max_overlap: f64,
}

/// The number of active contacts of each sphere among `contacts` (indexed as
/// `model.bodies.spheres`; a contact with a wall or another body counts, one between two
/// spheres counts for both).
pub fn sphere_contacts(model: &Model, contacts: &[LocalContact]) -> Vec<u32> {
    let mut count = vec![0u32; model.bodies.spheres.len()];
    for c in contacts.iter().filter(|c| c.active) {
        for p in [c.key.first, c.key.second] {
            if let PrimId::Sphere(k) = p
                && let Some(n) = count.get_mut(k.index as usize)
            {
                *n += 1;
            }
        }
    }
    count
}

/// The coordination number and largest overlap of the active `contacts` of `model`.
pub fn contact_counts(model: &Model, contacts: &[LocalContact]) -> ContactCounts {
    let is_sphere = |p: PrimId| matches!(p, PrimId::Sphere(_));
    let mut ends = 0usize;
    let mut max_overlap: f64 = 0.0;
    for c in contacts.iter().filter(|c| c.active) {
        let s = usize::from(is_sphere(c.key.first)) + usize::from(is_sphere(c.key.second));
        if s > 0 {
            ends += s;
            max_overlap = max_overlap.max(-c.gap);
        }
    }
    let n = model.bodies.spheres.len();
    ContactCounts {
        coordination: if n == 0 { 0.0 } else { ends as f64 / n as f64 },
        max_overlap,
    }
}
