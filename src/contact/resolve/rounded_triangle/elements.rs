//! `RoundedTriangle_Sphere` and `RoundedTriangle_Plane` (mpacts `RoundedTriangle_Sphere`,
//! `RoundedTriangle_NGon` for an infinite plane; seed 003): a shell or cell triangle (side 1)
//! with its encompassing sphere of radius `R_t` (`inverse_curvature`, see
//! [`super::encompassing`]) against a sphere's centre (side 2, its translation; the sphere's
//! rotation is not part of the pair: three nodes and a centre fill the four 3-slots) or a
//! static plane. They start the pair's rounded-triangle record (see
//! [`RoundedRecord`](crate::contact::normal::integrated::RoundedRecord)) and set the
//! encompassing spheres' distance, gap `−δ`, normal and contact point in the record for output
//! (see [`super::geometry`] for the formulas); the `_Int` laws integrate over the polygon.
//!
//! Detection: the encompassing sphere bulges beyond the triangle's plane by the cap height
//! `R_t − √(R_t² − ρ²) ≈ ρ²/(2R_t)` (`ρ` the circumradius), so a contact's `keep_distance` must
//! exceed it (for an icosphere cell of level 2, ρ ≈ 0.16 R_t: 0.013 R_t). These resolvers
//! never skip a pair for its gap.

use super::geometry::{Counterpart, resolve};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::SolverNeeds;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::check_positive;
use crate::contact::normal::integrated::{RoundedRecord, Spec};
use crate::contact::primitive::PrimKind;
use serde::{Deserialize, Serialize};

/// Starts the record for `other` and writes the encompassing spheres' contact into `ctx`.
fn start(ctx: &mut ContactCtx, r_t: f64, other: Counterpart) {
    if ctx.has_rigid() {
        ctx.reject = true;
        return;
    }
    let Some(g) = resolve(&ctx.x, r_t, &other) else {
        ctx.reject = true;
        return;
    };
    open_record(
        ctx,
        g.distance,
        g.overlap,
        g.normal,
        g.point,
        Spec::new(r_t, other),
    );
}

/// Writes the encompassing spheres' contact (distance `D`, overlap `δ` as the gap `−δ`, unit
/// normal, contact point; m) into `ctx` and starts its rounded record with `spec`.
pub(super) fn open_record(
    ctx: &mut ContactCtx,
    distance: f64,
    overlap: f64,
    normal: crate::math::Vec3,
    point: crate::math::Vec3,
    spec: Spec,
) {
    ctx.distance = distance;
    ctx.gap = -overlap;
    ctx.normal = normal;
    ctx.contact_point = point;
    ctx.rounded = Some(Box::new(RoundedRecord {
        spec,
        outcome: None,
        pair: None,
    }));
}

macro_rules! rounded_resolver {
    ($ty:ident, $doc:ident, $name:literal, $kind:expr, $summary:literal, $details:literal,
     |$ctx:ident, $r:ident| $other:expr) => {
        #[doc = concat!("`", $name, "`: a rounded triangle (side 1) with encompassing radius `inverse_curvature`.")]
        #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $ty {
            /// Radius `R_t` of the triangles' encompassing spheres (m): the body's radius of
            /// curvature (a cell meshed from a sphere of radius R: R).
            pub inverse_curvature: f64,
        }

        impl Default for $ty {
            /// R_t = 10 mm.
            fn default() -> Self {
                Self {
                    inverse_curvature: 0.01,
                }
            }
        }

        static $doc: ElementDoc = ElementDoc {
            name: $name,
            category: Category::Resolver,
            summary: $summary,
            details: $details,
        };

        impl ChainElement for $ty {
            fn doc(&self) -> &'static ElementDoc {
                &$doc
            }
            fn needs(&self) -> Needs {
                Needs::caps(Caps::SIDE1.with(Caps::SIDE2))
                    .with_kinds(PrimKind::Triangle, $kind)
                    .with_solver(SolverNeeds::BEYOND_REACH)
            }
            fn gives(&self) -> Gives {
                Gives::caps(Caps::POLYGON)
            }
            fn validate(&self) -> Result<(), String> {
                check_positive("inverse_curvature", "m", self.inverse_curvature)
            }
            fn evaluate(&self, _env: &Env, $ctx: &mut ContactCtx) {
                let $r = self.inverse_curvature;
                let other: Option<Counterpart> = $other;
                match other {
                    Some(o) => start($ctx, $r, o),
                    None => $ctx.reject = true,
                }
            }
        }
    };
}

rounded_resolver!(
    RoundedTriangleSphere,
    SPHERE_DOC,
    "RoundedTriangle_Sphere",
    PrimKind::Sphere,
    "rounded shell/cell triangle (side 1) against a sphere: encompassing sphere, projected triangle",
    "Parameter: inverse_curvature R_t (m, > 0), the radius of every triangle's encompassing sphere \
     (through its three nodes, centre c_t on the inner side of the normal line through the \
     circumcentre; a cell meshed from a sphere of radius R: R_t = R). Against the sphere (centre x_s, \
     radius r_s): D = ‖x_s − c_t‖, n = (x_s − c_t)/D, δ = R_t + r_s − D, contact point \
     P = c_t + n(R_t − δ/2), R̂ = R_t r_s/(R_t + r_s); the contact plane through P normal to n; the \
     intersection polygon is the triangle projected on it. Only the sphere's translation: its spin \
     is not in the pair. keep_distance must exceed the cap height ρ²/(2R_t). Follow with N_*_Int \
     laws and DistributeForcesAndMomentsToTriangle_1_Nodes. Source: mpacts RoundedTriangle_Sphere \
     (seed 003); Smeets et al. 2015.",
    |ctx, r| {
        let _ = r;
        Some(Counterpart::Sphere {
            radius: ctx.radius[1],
        })
    }
);

rounded_resolver!(
    RoundedTrianglePlane,
    PLANE_DOC,
    "RoundedTriangle_Plane",
    PrimKind::Plane,
    "rounded shell/cell triangle (side 1) against a static plane: encompassing sphere, projected triangle",
    "Parameter: inverse_curvature R_t (m, > 0), as RoundedTriangle_Sphere. Against the plane (origin o, \
     unit normal n̂): D = (c_t − o)·n̂, δ = R_t − D, n = −n̂, P = c_t − n̂D (on the plane), R̂ = R_t; \
     the contact plane is the plane; the intersection polygon is the triangle projected on it (an \
     infinite n-gon clips nothing). keep_distance must exceed the cap height ρ²/(2R_t). Follow with \
     N_*_Int laws and DistributeForcesAndMomentsToTriangle_1_Nodes. Source: mpacts \
     RoundedTriangle_NGon (seed 003) for an infinite plane; Smeets et al. 2015.",
    |ctx, r| {
        let _ = r;
        ctx.plane
            .map(|(origin, normal)| Counterpart::Plane { origin, normal })
    }
);
