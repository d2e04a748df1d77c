//! Case `integrators`: what the choice of `time.integrator` does to energy, where users feel it.
//!
//! * **Hertz impact** (the `hertz` case's two spheres, `N_Hertz` without damping): an elastic
//!   collision should return the approach speed, restitution `e = 1`. Implicit Euler damps the
//!   contact oscillation (frequency ω ~ π/t_c) by O(ωΔt) over the impact, BDF2 by O((ωΔt)³),
//!   and the implicit midpoint rule, symplectic, not at all (Hairer, Lubich & Wanner 2006,
//!   §VI.3). Run at the `hertz` case's Δt = t_c/1000 and at ten times that step.
//! * **Rod drop** (the `drop` case's soft rod, E = 2 MPa) until just before the first touch:
//!   `K + U_g` of a free fall under constant gravity is conserved exactly by the midpoint rule
//!   and lost at `½ g² Δt` per unit time and mass by implicit Euler.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::drop::{DT as DROP_DT, HEIGHT, drop_simulator, mechanical_energy};
use super::figure::{Curve, Figure, Style};
use super::hertz::{V, collision_with, gaps, theory};
use super::support::{HERTZ_CUNDALL_STRACK, step, write_chain};
use crate::system::IntegratorKind;
use std::path::Path;

/// Steps per Hertz contact duration of the impacts (the `hertz` case's, and ten times coarser).
pub const STEPS_PER_CONTACT: [f64; 2] = [1000.0, 100.0];
/// Simulated time of the drop (s): the rod's lower end touches the ground at about
/// `√(2·0.05/9.8) ≈ 0.101 s`.
pub const FREE_FALL: f64 = 0.09;
/// Smallest restitution the midpoint rule must keep.
pub const MIDPOINT_RESTITUTION: f64 = 0.999;

/// Restitution `e` of the undamped Hertz impact under `kind` at Δt = t_c/`steps`, and the
/// overlap history `(t, δ)` for the figure.
pub fn restitution(
    dir: &Path,
    kind: IntegratorKind,
    steps: f64,
) -> Result<(f64, Vec<(f64, f64)>), String> {
    let (tc, _) = theory();
    let dt = tc / steps;
    let chain = write_chain(dir, "hertz_cundall_strack.ron", HERTZ_CUNDALL_STRACK)?;
    let mut sim = collision_with(dir, &chain, dt, kind)?;
    let (g, v_out) = gaps(&mut sim, 100 * steps as usize)?;
    let curve = g
        .iter()
        .enumerate()
        .map(|(i, g)| (dt * (i + 1) as f64, (-g).max(0.0)))
        .collect();
    Ok((v_out / V, curve))
}

/// `(K + U_g)/E₀ − 1` of the soft rod's free fall under `kind` after [`FREE_FALL`] s, and its
/// history `(t, (K + U_g)/E₀)`.
pub fn free_fall_energy(
    dir: &Path,
    kind: IntegratorKind,
) -> Result<(f64, Vec<(f64, f64)>), String> {
    let mut sim = drop_simulator(dir, 2e6, kind, 1.0)?;
    let (k0, u0) = mechanical_energy(&sim);
    let e0 = k0 + u0;
    let mut history = vec![(0.0, 1.0)];
    for _ in 0..(FREE_FALL / DROP_DT).round() as usize {
        let r = step(&mut sim, &format!("free fall ({kind})"))?;
        let (k, u) = mechanical_energy(&sim);
        history.push((r.t, (k + u) / e0));
    }
    let last = history.last().map_or(f64::NAN, |p| p.1);
    Ok((last - 1.0, history))
}

/// Runs both experiments under every integrator.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let mut report = CaseReport::default();
    let mut overlap = Figure::new(
        "hertz_overlap",
        "Undamped Hertz impact at Δt = t_c/100: overlap against time per integrator",
        "time (s)",
        "overlap δ (m)",
    );
    let mut fall = Figure::new(
        "free_fall_energy",
        "Free fall of the soft rod: (K + U_g)/E₀ per integrator",
        "time (s)",
        "(K + U_g)/E₀",
    );
    for kind in IntegratorKind::ALL {
        for steps in STEPS_PER_CONTACT {
            let (e, curve) = restitution(dir, kind, steps)?;
            let (criterion, reference) = match kind {
                IntegratorKind::ImplicitMidpoint => (Criterion::Above, MIDPOINT_RESTITUTION),
                _ => (Criterion::Report, 1.0),
            };
            report.checks.push(Check::new(
                format!("{kind}: Hertz restitution at Δt = t_c/{steps}"),
                "−",
                e,
                reference,
                criterion,
            ));
            if steps == 100.0 {
                overlap
                    .curves
                    .push(Curve::new(kind.name(), curve, Style::Line));
            }
        }
        let (drift, history) = free_fall_energy(dir, kind)?;
        let criterion = match kind {
            IntegratorKind::ImplicitMidpoint => Criterion::Absolute(1e-9),
            _ => Criterion::Report,
        };
        report.checks.push(Check::new(
            format!("{kind}: rod free fall, (K + U_g)/E₀ − 1 at t = {FREE_FALL} s"),
            "−",
            drift,
            0.0,
            criterion,
        ));
        fall.curves
            .push(Curve::new(kind.name(), history, Style::Line));
    }
    report.figures.push(overlap);
    report.figures.push(fall);
    let (tc, _) = theory();
    report.notes.push(format!(
        "The `hertz` case's spheres (undamped `N_Hertz`, t_c = {tc:.3e} s) at Δt = t_c/1000 and t_c/100; \
         restitution = separation speed / approach speed. The `drop` case's rod (E = 2 MPa, lower \
         end {HEIGHT} m above the ground, Δt = {DROP_DT} s) in free fall for {FREE_FALL} s. BDF2 \
         takes one implicit Euler step first (no history). Implicit Euler loses energy at O(Δt), \
         BDF2 at O(Δt³) per oscillation period, the implicit midpoint rule keeps it."
    ));
    Ok(report)
}
