//! Sets of spheres made in one go: read from a CSV or VTK file, or generated (a jittered lattice,
//! a random non-overlapping packing in a box).

use super::super::values::{Positive, V3};
use serde::{Deserialize, Serialize};

/// Many spheres of one material, named `{name}0`, `{name}1`, … in the order they are made.
///
/// ```ron
/// sphere_sets: [
///     (name: "p", material: "glass", from: File("pack.csv")),
///     (name: "g", material: "glass", from: Lattice(origin: (0.0075, 0.0075, 0.0075),
///      spacing: 0.0115, counts: (10, 10, 10), radius: 0.005, stagger: true,
///      jitter: (1e-3, 1e-3, 5e-4), velocity_jitter: (0.1, 0.1, 0), seed: 5)),
///     (name: "r", material: "glass", from: Random(min: (0, 0, 0), max: (0.1, 0.1, 0.1),
///      radius: 0.004, radius_max: 0.006, volume_fraction: 0.3, seed: 1)),
/// ]
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SphereSetSpec {
    /// Name prefix: sphere `i` of the set is named `{name}{i}`.
    pub name: String,
    /// Key into `materials`.
    pub material: String,
    /// Where the spheres come from.
    pub from: SphereSourceSpec,
    /// Velocity added to every sphere's own (m/s).
    #[serde(default)]
    pub velocity: V3,
    /// Angular velocity added to every sphere's own (rad/s).
    #[serde(default)]
    pub angular_velocity: V3,
    /// Whether the spheres rotate (default true); see `SphereSpec::rotation`.
    #[serde(default = "super::rigid::rotates")]
    pub rotation: bool,
    /// Hold every sphere of the set fixed; see `SphereSpec::fixed`.
    #[serde(default)]
    pub fixed: bool,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices every sphere of the set takes.
    #[serde(default, skip_serializing_if = "super::rigid::no_mask")]
    pub mask: u32,
}

/// The spheres of a set.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum SphereSourceSpec {
    /// A file relative to the scene file: `.csv` with a header naming its columns among
    /// `x,y,z,r,vx,vy,vz,wx,wy,wz` (m, m/s, rad/s; `x,y,z,r` required, any order, `#`
    /// comments), or a `.vtp` frame written by catena (its spheres, with their velocity and
    /// angular velocity when the frame has them).
    File(String),
    /// `counts` spheres on a cubic lattice: sphere `(i, j, k)` at
    /// `origin + spacing·(i + s, j + s, k)` with `s = ½` on odd layers `k` when `stagger`
    /// (else 0), plus a uniform jitter in `[−jitter, jitter]` per axis, and a velocity uniform
    /// in `[−velocity_jitter, velocity_jitter]` per axis; made layer by layer (`k`, then `j`,
    /// then `i`), with a seeded generator (same seed, same spheres).
    Lattice {
        /// Centre of sphere (0, 0, 0) before jitter (m).
        origin: V3,
        /// Lattice spacing (m).
        spacing: Positive,
        /// Spheres along x, y and z.
        counts: (usize, usize, usize),
        /// Radius (m).
        radius: Positive,
        /// Shift odd layers by half a spacing in x and y.
        #[serde(default)]
        stagger: bool,
        /// Largest position jitter per axis (m).
        #[serde(default)]
        jitter: V3,
        /// Largest velocity per axis (m/s).
        #[serde(default)]
        velocity_jitter: V3,
        /// Seed of the generator.
        #[serde(default)]
        seed: u64,
    },
    /// Random sequential addition in the box `[min, max]`: radii uniform in
    /// `[radius, radius_max]` (largest placed first), each sphere put at uniform random
    /// positions, wholly inside the box, until it overlaps no sphere placed before (of this
    /// set or earlier ones); give `count`, or `volume_fraction` φ (spheres are added until
    /// their volume reaches φ times the box's). Seeded: same seed, same packing. Random
    /// sequential addition jams near φ ≈ 0.38 for equal spheres.
    Random {
        /// Lower corner of the box (m).
        min: V3,
        /// Upper corner of the box (m).
        max: V3,
        /// Radius, or the smallest radius with `radius_max` (m).
        radius: Positive,
        /// Largest radius (m); equal radii when omitted.
        #[serde(default)]
        radius_max: Option<Positive>,
        /// Number of spheres.
        #[serde(default)]
        count: Option<usize>,
        /// Volume fraction of the box to fill, in (0, 1).
        #[serde(default)]
        volume_fraction: Option<f64>,
        /// Seed of the generator.
        #[serde(default)]
        seed: u64,
    },
}
