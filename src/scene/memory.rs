//! A memory estimate of a scene, made from its specification before anything is allocated, so
//! an absurd resolution (a typo adding three zeros to `nodes`) is refused with a clear message
//! instead of exhausting the machine.
//!
//! The estimate is an upper-bound style sum of the large buffers a run holds:
//!
//! - DOF vectors: `4n − 1` coordinates per rod of `n` nodes, 6 per sphere (centre and rotation
//!   — an upper bound, spheres with `rotation: false` have 3; spheres listed and
//!   those a `sphere_sets` entry makes, counted without making them); about
//!   [`DOF_VECTORS`] vectors of `f64` (q, v, predictor, residual, Newton step, line-search trial,
//!   forces, …);
//! - the sparse Jacobian: each interior rod node carries a bending–twisting stencil over 11
//!   coordinates (121 entries) and each edge a stretching stencil over 6 (36 entries); every
//!   entry is stored as a triplet, in the compressed matrix and (with fill-in of a banded
//!   matrix) in the LU factors: [`BYTES_PER_ENTRY`] bytes per structural entry;
//! - the dense regularised-Stokeslet matrix when the scene has an `Rss` force: `3N × 3N` over all
//!   `N` rod nodes, in `f64` plus its `f32` factorisation (12 bytes per entry);
//! - contact candidates: up to [`CANDIDATES_PER_PRIMITIVE`] per primitive of a contact binding,
//!   each an evaluated local contact (forces and 12 × 12 Jacobians);
//! - the per-step records kept for the summary: `duration / dt` rows of `steps.csv`.
//!
//! The limit it is compared with is the lowest of what the machine, the process and its
//! container allow (see [`super::memory_limit`]).

use super::schema::{ForceSpec, GeometrySpec, SceneSpec};
use std::path::Path;

/// Vectors of length "number of DOFs" a run keeps alive.
pub const DOF_VECTORS: f64 = 32.0;
/// Bytes per structural Jacobian entry: triplet (16), compressed value and index (16), LU
/// factors with fill-in (about 4 × 16).
pub const BYTES_PER_ENTRY: f64 = 96.0;
/// Contact candidates assumed per primitive of a binding.
pub const CANDIDATES_PER_PRIMITIVE: f64 = 8.0;
/// Bytes of one evaluated candidate (local force, two 12 × 12 Jacobians, history, keys).
pub const BYTES_PER_CANDIDATE: f64 = 2.0 * 144.0 * 8.0 + 512.0;

/// What a scene is expected to need, by part (bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MemoryEstimate {
    /// Rod nodes in the scene.
    pub rod_nodes: f64,
    /// Degrees of freedom.
    pub dofs: f64,
    /// DOF-sized vectors.
    pub vectors: f64,
    /// Sparse Jacobian, its pattern and LU factors.
    pub sparse: f64,
    /// Dense RSS matrix (0 without an `Rss` force).
    pub dense_rss: f64,
    /// Contact candidates.
    pub contacts: f64,
    /// Per-step records (one row of `steps.csv` per step, kept for the summary).
    pub records: f64,
}

impl MemoryEstimate {
    /// Estimates `spec` (polyline files are sized by their node count, read relative to `file`).
    pub fn of(spec: &SceneSpec, file: &Path) -> Self {
        let nodes_of = |g: &GeometrySpec| -> f64 {
            match g {
                GeometrySpec::Nodes(v) => v.len() as f64,
                GeometrySpec::Straight { nodes, .. } | GeometrySpec::Helix { nodes, .. } => {
                    *nodes as f64
                }
                GeometrySpec::PolylineFile(p) => {
                    let path = file.parent().unwrap_or(Path::new(".")).join(p);
                    // A file that cannot be read counts 0 nodes: building the rod reports it.
                    crate::model::NodeFile::read(&path, "polyline file")
                        .map(|f| f.nodes.len() as f64)
                        .unwrap_or(0.0)
                }
            }
        };
        let per_rod: Vec<f64> = spec.rods.iter().map(|r| nodes_of(&r.geometry)).collect();
        let rod_nodes: f64 = per_rod.iter().sum();
        let spheres = spec.spheres.len() as f64
            + spec
                .sphere_sets
                .iter()
                .map(|s| super::build::sphere_set_count(s, file))
                .sum::<f64>();
        let dofs = per_rod
            .iter()
            .map(|n| (4.0 * n - 1.0).max(0.0))
            .sum::<f64>()
            + 6.0 * spheres;
        let entries = 157.0 * rod_nodes + 18.0 * spheres;
        let dense_rss = if spec
            .forces
            .iter()
            .any(|f| matches!(f, ForceSpec::Rss { .. }))
        {
            let n = 3.0 * rod_nodes;
            12.0 * n * n
        } else {
            0.0
        };
        let primitives = if spec.contacts.is_empty() {
            0.0
        } else {
            rod_nodes + spheres
        };
        let contacts = spec.contacts.len() as f64
            * primitives
            * CANDIDATES_PER_PRIMITIVE
            * BYTES_PER_CANDIDATE;
        let steps = spec.time.duration.0 / spec.time.dt.0;
        let records = steps * std::mem::size_of::<crate::io::StepRecord>() as f64;
        Self {
            records,
            rod_nodes,
            dofs,
            vectors: DOF_VECTORS * 8.0 * dofs,
            sparse: BYTES_PER_ENTRY * entries,
            dense_rss,
            contacts,
        }
    }

    /// Total bytes.
    pub fn total(&self) -> f64 {
        self.vectors + self.sparse + self.dense_rss + self.contacts + self.records
    }

    /// The largest part, named.
    pub fn largest(&self) -> (&'static str, f64) {
        [
            ("DOF vectors", self.vectors),
            ("sparse Jacobian and LU factors", self.sparse),
            ("dense RSS fluid matrix", self.dense_rss),
            ("contact candidates", self.contacts),
            ("per-step records (duration / dt steps)", self.records),
        ]
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or(("DOF vectors", self.vectors))
    }
}

/// A byte count for messages (`12.3 GB`).
pub fn human(bytes: f64) -> String {
    if bytes >= 1e15 {
        format!("{bytes:.1e} bytes")
    } else if bytes >= 1e12 {
        format!("{:.1} TB", bytes / 1e12)
    } else if bytes >= 1e9 {
        format!("{:.1} GB", bytes / 1e9)
    } else {
        format!("{:.1} MB", bytes / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_sizes() {
        assert_eq!(human(2.5e12), "2.5 TB");
        assert_eq!(human(8.8e300), "8.8e300 bytes");
        assert_eq!(human(3.0e9), "3.0 GB");
        assert_eq!(human(4.0e6), "4.0 MB");
    }
}
