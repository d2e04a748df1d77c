//! The memory check: a scene whose estimated memory exceeds what the machine has is refused
//! before anything is allocated.

use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::scene::memory::{MemoryEstimate, human};
use crate::scene::memory_limit_with_source;
use crate::scene::{GeometrySpec, SceneSpec};

/// Scenes estimated below this (bytes) are never refused: the check exists to stop absurd
/// resolutions, and a mistyped or tiny `CATENA_MEMORY_LIMIT` must not break small scenes (such
/// as the fixed probe model of `catena check --jacobian`).
const ALWAYS_ALLOWED_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// Refuses a scene whose estimated memory exceeds what the machine has, before allocating it.
pub(super) fn check_memory(spec: &SceneSpec, cx: &Ctx) -> Result<(), SceneError> {
    let est = MemoryEstimate::of(spec, cx.file);
    let (limit, source) = memory_limit_with_source();
    if est.total() <= limit.max(ALWAYS_ALLOWED_BYTES) {
        return Ok(());
    }
    let (part, bytes) = est.largest();
    let biggest = spec
        .rods
        .iter()
        .max_by_key(|r| match &r.geometry {
            GeometrySpec::Straight { nodes, .. } | GeometrySpec::Helix { nodes, .. } => *nodes,
            GeometrySpec::Nodes(v) => v.len(),
            GeometrySpec::PolylineFile(_) => 0,
        })
        .map(|r| format!("\"{}\"", r.name));
    let needle = if bytes == est.records {
        "dt"
    } else if let Some(rod) = biggest.as_deref() {
        rod
    } else if !spec.sphere_sets.is_empty() {
        "sphere_sets"
    } else {
        "spheres"
    };
    Err(cx
        .err(
            needle,
            format!(
                "the scene needs an estimated {} of memory ({} rod nodes, {} DOFs; largest part: \
                 {part}, {}), more than the {} {source}",
                human(est.total()),
                est.rod_nodes,
                est.dofs,
                human(bytes),
                human(limit)
            ),
        )
        .with_help(
            "use a coarser resolution (fewer `nodes` per rod, fewer bodies, a longer `dt`), or \
             raise the limit; CATENA_MEMORY_LIMIT=BYTES sets it",
        ))
}
