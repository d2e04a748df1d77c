//! Minimum distance Δ between contact primitives, with ∇Δ and ∇²Δ (seed 001 §3.2, Eqs. 10–13).
//!
//! Every kernel returns a [`Distance`]: the value, the gradient and the (optionally computed)
//! Hessian with respect to the stacked coordinates of the primitives' points, the closest points,
//! their parameters on the segments (barycentric coordinates on a triangle) and the
//! [`ContactType`] that realises the minimum.
//!
//! * [`point_point`] — `Δ = ‖p − q‖` (Eq. 11);
//! * [`point_segment`] — point against a clamped segment: PE (Eq. 12) or PP (Eq. 11);
//! * [`segment_segment`] — Lumelsky's clamped closest points, classified into EE (Eq. 13),
//!   PE (Eq. 12) or PP (Eq. 11); near parallel, blended smoothly in `sin²θ` with the
//!   overlap-mean distance of `near_parallel`;
//! * [`point_plane`] — signed distance to a plane;
//! * [`point_triangle`] — point against a triangle: PF (the face's plane), PE or PP;
//! * [`segment_triangle`] — segment against a triangle: the closest of the endpoint–triangle
//!   and segment–edge distances (PF, EE, PE or PP), or intersecting.
//!
//! [`point_triangle_distance`] and [`segment_triangle_distance`] are their value-only forms for
//! continuous collision detection ([`CcdKernel::Distance`](crate::contact::CcdKernel::Distance)).

mod near_parallel;
mod point_plane;
mod point_point;
mod point_segment;
mod point_triangle;
mod segment_segment;
mod segment_triangle;
#[cfg(test)]
mod test_support;

pub use point_plane::point_plane;
pub use point_point::{ContactType, Distance, point_point};
pub use point_segment::point_segment;
pub use point_triangle::{point_triangle, point_triangle_distance};
pub use segment_segment::segment_segment;
pub(crate) use segment_segment::segment_segment_reusing;
pub use segment_triangle::{segment_triangle, segment_triangle_distance};
