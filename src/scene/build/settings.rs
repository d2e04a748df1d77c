//! Scene-wide settings: the scene's name, the checks of its time and solver settings, and the
//! adaptive stepping they give.

use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::scene::{PackingRegionSpec, SceneSpec};
use crate::system::{AdaptiveSettings, SolverSettings};
use std::path::Path;

/// The scene's name: `name` if given, else the file's stem.
pub(super) fn scene_name(spec: &SceneSpec, file: &Path) -> String {
    spec.name.clone().unwrap_or_else(|| {
        file.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scene".into())
    })
}

/// Rejects a scene without bodies, and time or solver settings that cannot run.
pub(super) fn check(spec: &SceneSpec, cx: &Ctx) -> Result<(), SceneError> {
    if spec.rods.is_empty()
        && spec.spheres.is_empty()
        && spec.sphere_sets.is_empty()
        && spec.shells.is_empty()
        && spec.rigid_bodies.is_empty()
    {
        return Err(cx.err("rods", "the scene has no bodies".into()).with_help(
            "add at least one rod to `rods: [...]`, one shell to `shells: [...]`, one \
                 sphere to `spheres: [...]` or one rigid body to `rigid_bodies: [...]`",
        ));
    }
    if spec.time.dt.0 > spec.time.duration.0 {
        return Err(cx
            .err(
                "dt",
                format!(
                    "dt = {} s is longer than duration = {} s",
                    spec.time.dt.0, spec.time.duration.0
                ),
            )
            .with_help("use a time step shorter than the duration"));
    }
    check_solver(&spec.solver, cx)?;
    if let Some(m) = spec.time.min_dt
        && m.0 > spec.time.dt.0
    {
        return Err(cx
            .err(
                "min_dt",
                format!(
                    "min_dt = {} s is larger than dt = {} s",
                    m.0, spec.time.dt.0
                ),
            )
            .with_help("min_dt is the floor of retried steps: at most dt (dt disables retries)"));
    }
    if let Some(m) = spec.time.max_dt
        && m.0 < spec.time.dt.0
    {
        return Err(cx
            .err(
                "max_dt",
                format!(
                    "max_dt = {} s is smaller than dt = {} s",
                    m.0, spec.time.dt.0
                ),
            )
            .with_help(
                "max_dt is the largest step steps may grow to: at least dt (dt keeps steps fixed)",
            ));
    }
    if let Some(r) = spec.time.until_rest
        && r.speed.is_none()
        && r.unbalanced.is_none()
    {
        return Err(cx
            .err("until_rest", "until_rest gives no test".into())
            .with_help(
                "give `speed: …` (m/s), `unbalanced: …` (the spheres' unbalanced-force ratio, e.g. 1e-3) or both",
            ));
    }
    if spec.time.until_rest.is_some_and(|r| r.unbalanced.is_some())
        && spec.spheres.is_empty()
        && spec.sphere_sets.is_empty()
    {
        return Err(cx
            .err(
                "unbalanced",
                "until_rest's `unbalanced` ratio is a measure of spheres, and the scene has none"
                    .into(),
            )
            .with_help("test the nodes' speed instead: `until_rest: (speed: …)` (m/s)"));
    }
    if let Some(PackingRegionSpec::Box { min, max }) = spec.output.packing_region
        && (0..3).any(|k| max.vec()[k] <= min.vec()[k])
    {
        return Err(cx
            .err(
                "packing_region",
                "the packing region's max is not above its min".into(),
            )
            .with_help("give the box's lower corner as `min` and its upper corner as `max`"));
    }
    if spec.time.grow_after == 0 {
        return Err(cx
            .err("grow_after", "grow_after must be at least 1".into())
            .with_help("the number of accepted sub-steps before a reduced Δt doubles, e.g. 4"));
    }
    Ok(())
}

/// Adaptive stepping of a checked scene: `min_dt` defaults to `dt/1024`.
pub(super) fn adaptive(spec: &SceneSpec) -> AdaptiveSettings {
    AdaptiveSettings {
        dt: spec.time.dt.0,
        min_dt: spec.time.min_dt.map_or(spec.time.dt.0 / 1024.0, |m| m.0),
        grow_after: spec.time.grow_after,
        max_dt: spec.time.max_dt.map_or(spec.time.dt.0, |m| m.0),
        end: f64::INFINITY,
    }
}

/// Rejects tolerances that are not finite and ≥ 0, and a zero iteration budget.
fn check_solver(s: &SolverSettings, cx: &Ctx) -> Result<(), SceneError> {
    let bad = |what: &str, v: f64| {
        Err(cx
            .err(
                "solver",
                format!("solver.{what} = {v} must be a finite number ≥ 0"),
            )
            .with_help("see SolverSettings in the docs for defaults"))
    };
    for (what, v) in [
        ("abs_tol", s.abs_tol),
        ("rel_tol", s.rel_tol),
        ("force_tol", s.force_tol),
        ("step_tol", s.step_tol),
    ] {
        if !(v.is_finite() && v >= 0.0) {
            return bad(what, v);
        }
    }
    if s.abs_tol == 0.0 && s.rel_tol == 0.0 && s.step_tol == 0.0 && s.force_tol == 0.0 {
        return Err(cx
            .err(
                "solver",
                "solver.abs_tol, rel_tol, force_tol and step_tol are all 0: Newton can never converge, \
                 every step would end at round-off or at max_iterations"
                    .into(),
            )
            .with_help(
                "give at least one tolerance above round-off, e.g. `abs_tol: 1e-10` (N), \
                 `force_tol: 1e-6` (relative to the largest force) or `step_tol: 1e-8` \
                 (relative to the shortest rest length)",
            ));
    }
    if s.max_iterations == 0 {
        return Err(cx
            .err("solver", "solver.max_iterations must be at least 1".into())
            .with_help("e.g. `max_iterations: 50`"));
    }
    if !(s.line_search_expansion.is_finite() && s.line_search_expansion >= 1.0) {
        return Err(cx
            .err(
                "solver",
                format!(
                    "solver.line_search_expansion = {} must be a finite number ≥ 1 (in Newton steps)",
                    s.line_search_expansion
                ),
            )
            .with_help("`1` never lengthens a Newton step; the default `16` may lengthen a creeping one up to 16×"));
    }
    Ok(())
}
