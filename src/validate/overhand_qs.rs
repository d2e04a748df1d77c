//! Case `overhand_qs`: the overhand knot pulls of case `overhand` with their quasi-static
//! stage run overdamped (issue 36), against the dynamic pulls' tractions.
//!
//! The braid forms as in case `overhand` (ρ = 1000 kg/m³, Δt = 5 ms, inertial: a light rod
//! released from the initial shape finds looser arrangements of the braid, see that case's
//! module docs, so the forming stage keeps its inertia). From `n²h/e = X_SETTLE` on, where the
//! dynamic pull scales the masses to ρ = 1 kg/m³ and steps at 20 ms, this one switches the
//! rod to `integrator: Overdamped` ([`Regime::Overdamped`]): `Γ(q)(q − qₙ)/Δt = F(q)`,
//! positions only, with the pull's viscous drag as the resistance and the IMC friction
//! regularised on the step's rate `(q − qₙ)/Δt`. The drag is the dynamic pull's, `η =
//! 0.02/n⁴` Pa·s: its part of the traction, about `η e v/2` for the loop sliding through the
//! braid, is under 2 % of Eq. C.2 for every n (case `overhand`) and is the same part the dynamic
//! tractions carry, so the two pulls differ only by the inertia of a 1 kg/m³ rod, whose slowest
//! loop mode lasts under 1.2 s. Steps stay guarded (`validate::knot_step`): without inertia
//! nothing bounds how far a strand moves within a step when the braid snaps, and a strand
//! carried more than the contact's look-ahead (h) through another unties the knot.
//!
//! Each knot is a part (`catena validate overhand_qs:1`); its records go to
//! `overhand_qs_nN_points.csv`. The table gives, for each n, n²F̄ at the five points of
//! case `overhand`'s table against the dynamic pull's records there (this pull's records
//! interpolated linearly in `n²h/e` to the dynamic record's), judged within [`AGREEMENT`],
//! and the wall time of the pull.
//!
//! **What the runs show** (issue 36 asked for the same tractions within 1 % and a much
//! faster pull). The cost of a knot pull is Newton's count per step, and that count is set by
//! the IMC contact's distance tolerance δ, not by the integrator. At δ = 1e-5 m (0.6 % of h,
//! seed 001's flagella value, which the knot cases used until then), every step, inertial or
//! overdamped, took 15–25 Newton iterations: the penalty stiffens over δ/15 = 0.7 µm while a
//! strand moves about 100 µm per step, and the residual line search crawls through the
//! stiffening (on the n = 2 pull the residual falls from 1e2 N to 1e-2 N in three iterations,
//! then by 10–20 % per iteration with α = 0.01–0.5 for ten to thirty more). Controls on n = 2,
//! every 20 ms sub-step of the overdamped stage: without friction 31.9 iterations per sub-step
//! (22.2 with), with a ten times wider stick–slip regularisation (ν = 1e-3 m/s) 21.3, so
//! neither friction nor its regularisation is the cause; δ = 5e-5 m: 8.5, δ = 1e-4 m: 5.1,
//! δ = 2e-4 m: 3.4. The tractions move with δ (n = 2, largest difference from the δ = 1e-5
//! pull at the five table points: 0.19 %, 0.49 % and 1.3 %), so every knot case now runs at
//! [`IMC_DELTA`] = 5e-5 m (3 % of h): the dynamic pulls of case `overhand` moved by at most
//! 0.41 % (n = 1), 0.20 %, 0.28 % and 0.17 % (n = 4) at the table points.
//!
//! CPU of each whole pull (forming included, one thread; machine shared with jobs at the
//! lowest priority) and Newton iterations:
//!
//! | n | dynamic, δ = 1e-5 | overdamped, δ = 1e-5 | dynamic, δ = 5e-5 | overdamped, δ = 5e-5 (wall) |
//! |---|---|---|---|---|
//! | 1 | 3.2 s, 4,518 | 2.8 s, 4,270 | 3 s, 2,852 | 2.4–2.8 s, 2,859 |
//! | 2 | 60 s, 22,995 | 71 s, 22,503 | 26 s, 8,217 | 25–28 s, 8,606 |
//! | 3 | 278 s, 39,970 | 290 s, 40,661 | 78 s, 10,601 | 73–83 s, 11,020 |
//! | 4 | 550 s, 41,623 | 713 s, 53,138 | 153 s, 11,429 | 157–172 s, 12,668 |
//! | all | 891 s, 109,106 | 1,077 s, 120,572 | 259 s, 33,099 | 274–320 s (two at a time: 157–178 s of wall), 35,153 |
//!
//! So the quasi-static pulls give the dynamic tractions and are no cheaper than them at the
//! same δ (6 % more Newton iterations): the gain over the δ = 1e-5 pulls (3.3× fewer Newton
//! iterations, 3.4× less CPU) is δ's, and the dynamic pulls now have it too. Larger overdamped steps cost more per unit of pull, not less: at δ = 1e-5, n = 2,
//! iterations per record of 1/40 of the pull were about 450 at 20 ms, 700 at 50 ms, 800–1,100
//! at 0.1 s (from 50 ms on the guard undoes about 30 % of the sub-steps, where the braid moves a
//! strand more than h/2 across the rod); at δ = 5e-5 the
//! n = 2 pull at 50 ms took 41.8 s against 25.8 s at 20 ms (19.6 iterations per sub-step against
//! 8.5), its tractions within 0.61 %. The extrapolated predictor (`initial_guess:
//! Extrapolated`) did not lower the count. So the case runs at [`DT_QS`] = 20 ms. The steps
//! stay guarded: without inertia nothing else bounds a strand's motion within a step.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::knot_pull::{H, IMC_DELTA, KnotPoint, Regime, Settle, Tightening, tighten};
use super::overhand::{DT_SETTLED, X_SETTLE, each_knot};
use std::time::Instant;

/// Time step of the overdamped stage (s): the dynamic light stage's; larger steps cost more
/// Newton iterations per unit of pull (module docs).
pub const DT_QS: f64 = DT_SETTLED;

/// Agreement asked of the quasi-static n²F̄ with the dynamic one at each table point (issue 36).
pub const AGREEMENT: f64 = 0.01;

/// The dynamic pulls' `(n²h/e, n²F̄)` at case `overhand`'s table points
/// ([`super::overhand::X_TABLE`], the nearest record after formation), for n = 1…4: the records
/// of `catena validate overhand` at δ = [`IMC_DELTA`] = 5e-5 m, which are the rows of
/// `VALIDATION.md` to the last digit.
pub const DYNAMIC: [[(f64, f64); 5]; 4] = [
    [
        (0.014874438897348349, 0.0109403875839241),
        (0.01753504505001154, 0.015570205738097606),
        (0.02022635782874138, 0.023230633576816657),
        (0.0225420747896151, 0.030944524861154385),
        (0.023956111062489203, 0.035867620931073554),
    ],
    [
        (0.015142262429447176, 0.01017021545888796),
        (0.0175044921538929, 0.014085330087361668),
        (0.020211366349433157, 0.019478164856773256),
        (0.022527559261431053, 0.024963288798019567),
        (0.02389110714052917, 0.02919664373832983),
    ],
    [
        (0.015140097906831561, 0.011521165445068345),
        (0.017499587557834522, 0.015766128522906084),
        (0.020204635475943426, 0.021669800903303386),
        (0.022508815663954997, 0.02767216380592408),
        (0.023891847755927408, 0.0317468368742619),
    ],
    [
        (0.015139582207948017, 0.01261689137112311),
        (0.01749712663663044, 0.01720551786063605),
        (0.020199841726046046, 0.02356490490411833),
        (0.02251167863017619, 0.030037123112894058),
        (0.023886015878280598, 0.034320530276949535),
    ],
];

/// The pull of knot `n`: case `overhand`'s, overdamped at Δt = `dt` from [`X_SETTLE`] on.
pub fn tightening_with(n: usize, dt: f64) -> Tightening {
    let mut t = super::overhand::tightening(n);
    t.settle = Some(Settle {
        e: (n * n) as f64 * H / X_SETTLE,
        regime: Regime::Overdamped,
        dt,
    });
    t
}

/// The pull of knot `n` at [`DT_QS`].
pub fn tightening(n: usize) -> Tightening {
    tightening_with(n, DT_QS)
}

/// `(n²h/e, n²F̄)` of every record of knot `n`.
fn scaled(n: usize, points: &[KnotPoint]) -> Vec<(f64, f64)> {
    let n2 = (n * n) as f64;
    points
        .iter()
        .map(|k| (n2 * H / k.e, n2 * k.f_bar()))
        .collect()
}

/// `y` at `x` interpolated linearly between the records of `curve` (sorted by x or not) that
/// bracket it; `None` outside them.
pub fn interpolate(curve: &[(f64, f64)], x: f64) -> Option<f64> {
    let mut c = curve.to_vec();
    c.sort_by(|a, b| a.0.total_cmp(&b.0));
    c.windows(2).find(|w| w[0].0 <= x && x <= w[1].0).map(|w| {
        let s = if w[1].0 > w[0].0 {
            (x - w[0].0) / (w[1].0 - w[0].0)
        } else {
            0.0
        };
        w[0].1 + s * (w[1].1 - w[0].1)
    })
}

/// What one knot adds to the report.
struct KnotResult {
    n: usize,
    checks: Vec<Check>,
    notes: Vec<String>,
    points: Vec<(f64, f64)>,
}

/// The rows of knot `n`: n²F̄ against the dynamic pull at its table points, and the wall time.
fn judge(n: usize, points: &[KnotPoint], stopped: Option<String>, wall: f64) -> KnotResult {
    let curve = scaled(n, points);
    let mut checks = Vec::new();
    let mut notes = Vec::new();
    for (x, dynamic) in DYNAMIC[n - 1] {
        let qs = interpolate(&curve, x).unwrap_or(f64::NAN);
        checks.push(Check::new(
            format!("n = {n}: n²F̄ at n²h/e = {x:.4}, overdamped against the dynamic pull"),
            "−",
            qs,
            dynamic,
            Criterion::Relative(AGREEMENT),
        ));
    }
    checks.push(Check::new(
        format!("n = {n}: wall time of the overdamped pull"),
        "s",
        wall,
        0.0,
        Criterion::Report,
    ));
    if let Some(s) = stopped {
        notes.push(format!("Knot n = {n} stopped early: {s}"));
    }
    KnotResult {
        n,
        checks,
        notes,
        points: curve,
    }
}

/// The pulls asked for (`overhand_qs:N`), in parallel, longest first.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let done = each_knot(
        ctx,
        |n| {
            let clock = Instant::now();
            let (points, stopped) = tighten(ctx, &format!("overhand_qs_n{n}"), &tightening(n))?;
            Ok(judge(n, &points, stopped, clock.elapsed().as_secs_f64()))
        },
        |r| (r.n, r.checks.as_slice()),
    )?;
    let mut report = CaseReport::default();
    let mut figure = Figure::new(
        "n2_f_bar",
        "Overhand knots: n²F̄ of the overdamped pulls against the dynamic ones",
        "n² h/e",
        "n² F̄ = n² F h²/EI",
    );
    for r in done {
        let n = r.n;
        report.checks.extend(r.checks);
        report.notes.extend(r.notes);
        figure = figure
            .with(Curve::new(
                format!("overdamped, n = {n}"),
                r.points,
                Style::Points,
            ))
            .with(Curve::new(
                format!("dynamic (case overhand), n = {n}"),
                DYNAMIC[n - 1].to_vec(),
                Style::Dashed,
            ));
    }
    report.figures.push(figure);
    report.notes.push(format!(
        "The pulls of case `overhand` (same knots, rod, speeds, drag 0.02/n⁴ Pa·s and \
         forming stage at ρ = 1000 kg/m³, Δt = 5 ms, the IMC chain's distance tolerance \
         δ = {IMC_DELTA:e} m); from n²h/e = {X_SETTLE} on the \
         rod steps with integrator: Overdamped at Δt = {DT_QS} s (the dynamic pulls: ρ = 1 \
         kg/m³, implicit Euler, Δt = {DT_SETTLED} s), the drag as resistance, the twist of edge \
         0 held, steps guarded. Each n²F̄ is interpolated at the n²h/e of the dynamic record it \
         is compared with (module docs of `validate::overhand_qs`); ±{:.0} %.",
        100.0 * AGREEMENT
    ));
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::overhand::UNKNOTTING;

    /// The n = 1 knot pulled past the switch, dynamic and overdamped at the same Δt: the
    /// overdamped stage runs, its records after the switch are finite, and their mean traction
    /// is the dynamic pull's within 3 % (the records of the full n = 1 pull agree within
    /// 1 %, module docs). About 5 s in release.
    #[test]
    fn overdamped_stage_pulls_as_the_dynamic_one() {
        use super::super::progress::Progress;
        let dir = tempfile::tempdir().unwrap();
        let progress = Progress::hidden();
        let ctx = CaseRun {
            name: "overhand_qs",
            dir: dir.path(),
            parts: &[],
            progress: &progress,
        };
        // From the start to n²h/e = 0.0135, the switch at X_SETTLE = 0.012.
        let short = |mut t: Tightening| {
            t.e_stop = H / 0.0135;
            t.records = 12;
            t
        };
        // The same contact (δ) in both, so that they differ by the integrator only.
        let dynamic = short(super::super::overhand::tightening(1));
        let overdamped = short(tightening_with(1, DT_SETTLED));
        let settled = |p: &[KnotPoint]| -> Vec<f64> {
            p.iter()
                .filter(|k| H / k.e > X_SETTLE + 2e-4)
                .map(|k| k.force)
                .collect()
        };
        let (d, stop_d) = tighten(&ctx, "dynamic", &dynamic).unwrap();
        let (q, stop_q) = tighten(&ctx, "overdamped", &overdamped).unwrap();
        assert!(
            stop_d.is_none() && stop_q.is_none(),
            "{stop_d:?} {stop_q:?}"
        );
        let (fd, fq) = (settled(&d), settled(&q));
        assert!(fq.len() >= 4, "{} records after the switch", fq.len());
        assert!(fq.iter().all(|f| f.is_finite() && *f > 0.0), "{fq:?}");
        // The pulls are the same until the switch, and differ after it.
        assert_eq!(d[0].force, q[0].force);
        assert_ne!(fd, fq);
        let mean = |f: &[f64]| f.iter().sum::<f64>() / f.len() as f64;
        let ratio = mean(&fq) / mean(&fd);
        assert!(
            (ratio - 1.0).abs() < 0.03,
            "overdamped / dynamic traction {ratio}"
        );
        // The overdamped scene says so.
        let scene = std::fs::read_to_string(dir.path().join("overdamped.ron")).unwrap();
        assert!(scene.contains("steps overdamped"), "{scene}");
    }

    #[test]
    fn interpolates_between_bracketing_records() {
        let c = [(0.02, 2.0), (0.01, 1.0), (0.03, 5.0)];
        assert_eq!(interpolate(&c, 0.015), Some(1.5));
        assert!((interpolate(&c, 0.025).unwrap() - 3.5).abs() < 1e-12);
        assert_eq!(interpolate(&c, 0.005), None);
    }

    #[test]
    fn the_overdamped_pull_is_the_dynamic_one_until_it_settles() {
        for n in UNKNOTTING {
            let (qs, dynamic) = (tightening(n), super::super::overhand::tightening(n));
            assert_eq!(
                (qs.e_start, qs.e_stop, qs.speed, qs.dt, qs.drag, qs.density),
                (
                    dynamic.e_start,
                    dynamic.e_stop,
                    dynamic.speed,
                    dynamic.dt,
                    dynamic.drag,
                    dynamic.density
                )
            );
            let (s, d) = (qs.settle.unwrap(), dynamic.settle.unwrap());
            assert_eq!(s.e, d.e);
            assert_eq!(s.regime, Regime::Overdamped);
        }
    }
}
