//! Case `repose`: the angle of repose of a poured heap of monodisperse spheres, without and
//! with rolling resistance — a standard DEM benchmark (Zhou, Wright, Yang, Xu & Yu, Physica A
//! 269 (1999) 536; Zhou, Xu, Yu & Zulli, Powder Technol. 125 (2002) 45).
//!
//! Protocol ([`super::repose_pour`]): 600 spheres are poured from a narrow source (twelve
//! batches of 50, each a loose random cloud 5 d wide released one diameter above the heap's
//! top, one batch every 0.1 s: a steady stream onto the apex, as the point-source pours of
//! Zhou et al. 2002) onto a rough, disordered floor of fixed spheres, and the heap is left
//! until its kinetic energy falls below `10⁻⁶ N m g r`. The flank angle is then measured from the
//! highest sphere per ring–sector cell and a linear fit between 20 % and 80 % of the heap
//! height ([`super::heap_profile`]). The heaps stand 3.4–4.2 d high above the floor with
//! flanks five to six rings long (the 250 spheres poured 6 d wide that this case began with
//! stood 2.3 d high, too low for a flank); the two pours run side by side and take about 11
//! minutes on two cores (the one with rolling resistance needs 11 Newton iterations per step
//! against 4.5: at `c_r = 1e-3` the capped torque's direction term `L (I − ûûᵀ)/‖u‖` is as
//! stiff as `c_r` where spheres stop rolling; at `c_r = 1e-4` the same batch takes half as many,
//! and a wider blend of the cap does not help).
//!
//! Size is the limit: a cone of N spheres at packing fraction φ and angle θ stands
//! `H = d (N tan²θ / 2φ)^{1/3}` high, about `N^{1/3}` — 600 spheres give 3–4 d, the heaps of
//! thousands of spheres in the DEM studies ten. On a heap this small the flank is a few rings
//! and the angle carries a fit error of about 2° and the scatter of one pour.
//!
//! Contact: `chains/granular_rolling.ron` (Hertz with restitution e = 0.5, Mindlin
//! Cundall–Strack μ = 0.5, rolling resistance `μ_r R̂ F_n`, torsional friction), with
//! μ_r = 0 and μ_r = 0.1 (LIGGGHTS' `epsd2`-type constant torque, `R̂ = r/2` between equal
//! spheres). The law's viscous regularisation `c_r` is raised so that a sphere held by less
//! than the full rolling torque creeps at most at `ω* r = μ_r R̂ F_n r / c_r` ≈ 0.02 mm/s under
//! its own weight. Torsional friction stays in: without it a sphere spinning about a contact
//! normal never stops (a run without it ended with three spheres in gaps of the floor
//! spinning at 3 rad/s about the vertical, the heap's translational energy at 2e-10 of the
//! rest threshold's unit, and the rest criterion never met).
//!
//! What DEM firmly establishes, and what is checked: rolling resistance raises the angle of
//! repose of spheres clearly (Zhou et al. 1999, Fig. 6; 2002, Fig. 5; Ai, Chen, Rotter & Ooi,
//! Powder Technol. 206 (2011) 269, §5); with μ = 0.5 and μ_r of order 0.05–0.1 heaps of
//! monodisperse spheres stand at about 20–35°; without it they spread to a low angle. The
//! exact value also depends on the pour, the base and the heap size, so the angle with
//! μ_r = 0 is reported, not judged.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::heap_profile::{HeapProfile, ProfileSettings, heap_profile};
use super::repose_pour::{
    BATCHES, DT, E, EPS, FLOOR_FRACTION, FLOOR_HALF, HALF, PER_BATCH, Pour, R, T_BATCH,
    floor_count, pour,
};
use super::support::{GRANULAR_PLANE_ROLLING, GRANULAR_ROLLING, edited};
use rayon::prelude::*;
use std::path::Path;

/// Rolling-resistance regularisation (N·m·s).
const C_R: f64 = 1e-3;
/// The coefficients compared.
const MU_R: [f64; 2] = [0.0, 0.1];

/// The chains at rolling resistance `mu_r`: `granular_rolling.ron` between spheres and its
/// twin `granular_plane_rolling.ron` against the base plane.
fn chains(mu_r: f64) -> Result<(String, String), String> {
    let mu_r = format!("{mu_r}");
    let c_r = format!("{C_R:e}");
    let edits = [
        ("T_RollingResistance.mu_r", mu_r.as_str()),
        ("T_RollingResistance.c_r", c_r.as_str()),
    ];
    Ok((
        edited(GRANULAR_ROLLING, &edits)?,
        edited(GRANULAR_PLANE_ROLLING, &edits)?,
    ))
}

/// One pour at `mu_r` and its heap.
struct Heap {
    mu_r: f64,
    pour: Pour,
    /// `None` when the heap has no flank of three rings.
    profile: Option<HeapProfile>,
    /// Highest sphere top above the base (m).
    height: f64,
}

impl Heap {
    fn angle(&self) -> f64 {
        self.profile.as_ref().map_or(f64::NAN, |p| p.angle)
    }
}

/// The base heights are measured from: the top of the floor's spheres, `2 r` (a poured sphere
/// resting in one of the floor's random pockets stands 0.5–0.9 d above it).
fn base() -> f64 {
    2.0 * R
}

fn heap(dir: &Path, mu_r: f64) -> Result<Heap, String> {
    let (pair, plane) = chains(mu_r)?;
    let pour = pour(dir, &format!("mu_r_{mu_r}"), (&pair, &plane))?;
    let radii = vec![R; pour.centres.len()];
    let settings = ProfileSettings::new(base(), 2.0 * R);
    let profile = heap_profile(&pour.centres, &radii, &settings);
    let height = pour.centres.iter().map(|c| c[2] + R).fold(0.0, f64::max) - base();
    Ok(Heap {
        mu_r,
        pour,
        profile,
        height,
    })
}

/// Runs both pours.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    // The two pours side by side, one per task: each is deterministic on its own.
    let heaps = MU_R
        .par_iter()
        .with_max_len(1)
        .map(|&mu_r| heap(dir, mu_r))
        .collect::<Result<Vec<_>, _>>()?;
    let mut report = CaseReport::default();
    for h in &heaps {
        let end = h.pour.energy.last().map_or(f64::NAN, |e| e.1);
        report.checks.push(Check::new(
            format!(
                "kinetic energy / (N m g r) at the end, μ_r = {} (t = {:.3} s)",
                h.mu_r,
                h.pour.steps as f64 * DT
            ),
            "−",
            end,
            EPS,
            Criterion::AtMost,
        ));
    }
    let (free, rolling) = (heaps[0].angle(), heaps[1].angle());
    report.checks.push(Check::new(
        "angle of repose, μ_r = 0 (monodisperse spheres spread: a low angle)",
        "°",
        free,
        20.0,
        Criterion::Report,
    ));
    report.checks.push(Check::new(
        "angle of repose, μ_r = 0.1, μ = 0.5 (published 20–35°)",
        "°",
        rolling,
        27.5,
        Criterion::Absolute(7.5),
    ));
    report.checks.push(Check::new(
        "angle raised by rolling resistance, θ(μ_r = 0.1) − θ(μ_r = 0)",
        "°",
        rolling - free,
        5.0,
        Criterion::Above,
    ));
    let mut profile = Figure::new(
        "repose_profile",
        "Heap surface (mean of the highest sphere per cell) and the flank fit",
        "distance from the heap axis ρ (m)",
        "surface height above the floor's spheres (m)",
    );
    let mut energy = Figure::new(
        "repose_energy",
        "Kinetic energy of the poured spheres until rest",
        "time (s)",
        "kinetic energy / (N m g r)",
    )
    .log(false, true);
    for h in &heaps {
        let q = &h.pour;
        energy = energy.with(Curve::new(
            format!("μ_r = {}", h.mu_r),
            q.energy.clone(),
            Style::Line,
        ));
        let run = format!(
            "μ_r = {}: {} at t = {:.3} s after {} steps ({} Newton iterations, {:.0} s wall, \
             largest overlap {:.1} % of r); heap {:.1} mm high above the floor's spheres \
             ({:.1} d); {} of {} spheres rolled off the floor",
            h.mu_r,
            if q.settled { "at rest" } else { "still moving" },
            q.steps as f64 * DT,
            q.steps,
            q.newton,
            q.wall,
            100.0 * q.max_overlap / R,
            1e3 * h.height,
            h.height / (2.0 * R),
            q.lost,
            BATCHES * PER_BATCH
        );
        let Some(p) = &h.profile else {
            report.notes.push(format!(
                "{run}. No flank of three rings between 20 % and 80 % of the height: no angle."
            ));
            continue;
        };
        let (lo, hi) = p.flank.iter().fold((f64::INFINITY, 0.0f64), |(a, b), q| {
            (a.min(q.0), b.max(q.0))
        });
        profile = profile
            .with(Curve::new(
                format!("μ_r = {}: surface", h.mu_r),
                p.rings.clone(),
                Style::Points,
            ))
            .with(Curve::new(
                format!("μ_r = {}: fit, {:.1}°", h.mu_r, p.angle),
                vec![
                    (lo, p.line.0 + p.line.1 * lo),
                    (hi, p.line.0 + p.line.1 * hi),
                ],
                Style::Dashed,
            ));
        report.notes.push(format!(
            "{run}. {} rings to the toe at ρ = {:.0} mm; flank fitted on {} points of rings \
             {:.0}–{:.0} mm: θ = {:.1} ± {:.1}° (standard error of the fit).",
            p.rings.len(),
            1e3 * p.rings.last().map_or(0.0, |r| r.0),
            p.flank.len(),
            1e3 * lo,
            1e3 * hi,
            p.angle,
            p.angle_error,
        ));
    }
    report.notes.insert(
        0,
        format!(
            "{} spheres r = {R} m, E = {E:e} Pa, ν = 0.3, ρ = 2500 kg/m³ (the particles of \
             box_settling_lattice.ron), poured in {BATCHES} batches of {PER_BATCH} every \
             {T_BATCH} s (loose random clouds {w:.0} d wide on the heap's axis, released one \
             diameter above the heap) onto a disordered floor of {nf} fixed spheres covering \
             {FLOOR_FRACTION} of a square {fw:.0} d wide (random sequential addition, centres at \
             z = r, on a plane z = 0); chain \
             granular_rolling.ron (e = 0.5, μ = 0.5, Mindlin, torsional friction), \
             μ_r ∈ {{0, 0.1}}, c_r = {C_R:e} N·m·s; BDF2 at Δt = {DT:e} s until the kinetic \
             energy is below {EPS:e} N m g r. Surface: highest sphere per ring (width d) and \
             sector (8); flank: the rings between 20 % and 80 % of the height. Each batch's \
             scene and the final heaps (heap_mu_r_*.csv, loadable with `File`) are in the \
             case's directory.",
            BATCHES * PER_BATCH,
            w = HALF / R,
            nf = floor_count(),
            fw = FLOOR_HALF / R,
        ),
    );
    let low = heaps.iter().map(|h| h.height).fold(f64::INFINITY, f64::min);
    if low < 10.0 * R {
        report.notes.push(format!(
            "Size: the lower heap stands {:.1} d above the floor's spheres, the heaps of the \
             DEM studies quoted are of order ten diameters high (thousands of spheres). The \
             flank fitted is a few rings long, so an angle carries the fit's error above and \
             a few degrees of pour-to-pour scatter; the judged rows state what DEM establishes \
             (20–35° with rolling resistance, and a clear rise over μ_r = 0); compare the \
             difference of the two angles with the standard errors of their fits above. Larger \
             heaps: raise BATCHES in repose_pour.rs (the wall time grows faster than the \
             sphere count: the settle at the end moves every sphere).",
            low / (2.0 * R),
        ));
    }
    report.figures.push(profile);
    report.figures.push(energy);
    Ok(report)
}
