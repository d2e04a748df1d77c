//! VTK XML PolyData (`.vtp`, ASCII) frames that ParaView opens.
//!
//! Layout of one file: all rod points first (rod 0, rod 1, …), then one point per
//! sphere centre, then every shell's nodes. Rods are `<Lines>` cells (one polyline per rod);
//! spheres are `<Verts>` cells (one vertex per sphere); shell triangles are `<Polys>` (so
//! ParaView shows shells as surfaces). Point data:
//! - `radius` (Float64): the rod radius on rod points, the sphere radius on sphere
//!   centres; it is the active scalar, so ParaView's *Tube* filter (Vary Radius:
//!   *By Absolute Scalar*, Radius Factor 1) gives rods their true thickness and the
//!   *Glyph* filter (Sphere glyph, Scale Array `radius`, Scale Factor 2, since the
//!   unit glyph has radius 0.5) gives the spheres theirs;
//! - `body` (Int32): body index, rods `0..R`, spheres `R..R+S`, then shells;
//! - `velocity` (Float64 × 3, m/s) on every point; with spheres, `angular_velocity`
//!   (Float64 × 3, rad/s) and `orientation` (Float64 × 4, unit quaternion w, x, y, z) on the
//!   sphere centres (zero and the identity on other points), and `virial_stress` (Float64 × 9,
//!   Pa, row-major) on them when a chain has `Assemble_VirialStress` (zero on other points).
//!
//! Frames with shells also carry cell data: `normal` (unit, from the mesh's orientation)
//! and `area` (m²) of each triangle, zero on the vertex and line cells; scenes with cells in
//! contact add `traction` (Float64 × 3, Pa): the contact traction on each cell triangle
//! ([`crate::contact::cell_tractions`]), zero on other cells.
//!
//! Field data `TIME` (and ParaView's own `TimeValue`) hold the frame time \[s\].
//! Body names appear in an XML comment only. Coordinates are written with
//! [`fmt_f64`] (full precision); non-finite values are written as `inf`/`NaN`,
//! which VTK may not parse.

mod frame;
mod point_data;
#[cfg(test)]
mod tests;
mod write;
#[cfg(test)]
pub(crate) mod xml_check;

pub use frame::{Frame, MeshBody, PolylineBody, SphereBody};
pub(crate) use write::data_array;
pub use write::{render_vtp, write_vtp};
