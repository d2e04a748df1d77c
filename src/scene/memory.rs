//! A memory estimate of a scene, made from its specification before anything is allocated, so
//! an absurd resolution (a typo adding three zeros to `nodes`) is refused with a clear message
//! instead of exhausting the machine.
//!
//! The estimate is an upper-bound style sum of the large buffers a run holds:
//!
//! - DOF vectors: `4n − 1` coordinates per rod of `n` nodes, 3 per sphere; about
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
//! The limit is the memory the operating system reports as available (`MemAvailable` in
//! `/proc/meminfo`), or [`FALLBACK_LIMIT`] where that cannot be read; the environment variable
//! `CATENA_MEMORY_LIMIT` (bytes) overrides it.

use super::schema::{ForceSpec, GeometrySpec, SceneSpec};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Vectors of length "number of DOFs" a run keeps alive.
pub const DOF_VECTORS: f64 = 32.0;
/// Bytes per structural Jacobian entry: triplet (16), compressed value and index (16), LU
/// factors with fill-in (about 4 × 16).
pub const BYTES_PER_ENTRY: f64 = 96.0;
/// Contact candidates assumed per primitive of a binding.
pub const CANDIDATES_PER_PRIMITIVE: f64 = 8.0;
/// Bytes of one evaluated candidate (local force, two 12 × 12 Jacobians, history, keys).
pub const BYTES_PER_CANDIDATE: f64 = 2.0 * 144.0 * 8.0 + 512.0;
/// The limit when the available memory cannot be read (8 GiB).
pub const FALLBACK_LIMIT: f64 = 8.0 * 1024.0 * 1024.0 * 1024.0;

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
    /// Estimates `spec` (polyline files are sized by their line count, read relative to `file`).
    pub fn of(spec: &SceneSpec, file: &Path) -> Self {
        let nodes_of = |g: &GeometrySpec| -> f64 {
            match g {
                GeometrySpec::Nodes(v) => v.len() as f64,
                GeometrySpec::Straight { nodes, .. } | GeometrySpec::Helix { nodes, .. } => {
                    *nodes as f64
                }
                GeometrySpec::PolylineFile(p) => {
                    let path = file.parent().unwrap_or(Path::new(".")).join(p);
                    std::fs::read(path)
                        .map(|b| b.iter().filter(|&&c| c == b'\n').count() as f64 + 1.0)
                        .unwrap_or(0.0)
                }
            }
        };
        let per_rod: Vec<f64> = spec.rods.iter().map(|r| nodes_of(&r.geometry)).collect();
        let rod_nodes: f64 = per_rod.iter().sum();
        let spheres = spec.spheres.len() as f64;
        let dofs = per_rod
            .iter()
            .map(|n| (4.0 * n - 1.0).max(0.0))
            .sum::<f64>()
            + 3.0 * spheres;
        let entries = 157.0 * rod_nodes + 9.0 * spheres;
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

/// A limit set by [`set_memory_limit`] (the bits of an `f64`; 0: none).
static LIMIT_OVERRIDE: AtomicU64 = AtomicU64::new(0);

/// Sets the memory limit of this process (bytes), overriding the environment and the system
/// (e.g. a fuzzer or a test that must refuse large scenes on a large machine).
pub fn set_memory_limit(bytes: f64) {
    LIMIT_OVERRIDE.store(bytes.to_bits(), Ordering::Relaxed);
}

/// The memory a run may use (bytes): [`set_memory_limit`], else `CATENA_MEMORY_LIMIT`, else
/// `MemAvailable`, else `FALLBACK_LIMIT` (8 GiB).
pub fn memory_limit() -> f64 {
    let set = LIMIT_OVERRIDE.load(Ordering::Relaxed);
    if set != 0 {
        return f64::from_bits(set);
    }
    if let Some(v) = std::env::var("CATENA_MEMORY_LIMIT")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v > 0.0)
    {
        return v;
    }
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| mem_available(&s))
        .unwrap_or(FALLBACK_LIMIT)
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn mem_available(meminfo: &str) -> Option<f64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024.0)
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
    fn reads_mem_available() {
        let s = "MemTotal:  100 kB\nMemFree: 10 kB\nMemAvailable:    2048 kB\n";
        assert_eq!(mem_available(s), Some(2048.0 * 1024.0));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(2.5e12), "2.5 TB");
        assert_eq!(human(8.8e300), "8.8e300 bytes");
        assert_eq!(human(3.0e9), "3.0 GB");
        assert_eq!(human(4.0e6), "4.0 MB");
    }
}
