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
//! the IMC contact's distance tolerance δ, not by the integrator. With the dynamic pulls' δ =
//! 1e-5 m (0.6 % of h), every step, inertial or overdamped, took 15–25 Newton iterations: the
//! penalty stiffens over δ/15 = 0.7 µm while a strand moves about 100 µm per step, and the
//! residual line search crawls through the stiffening (on the n = 2 pull the residual falls from
//! 1e2 N to 1e-2 N in three iterations, then by 10–20 % per iteration with α = 0.01–0.5 for ten
//! to thirty more). Controls on n = 2, every 20 ms sub-step of the overdamped stage: without
//! friction 31.9 iterations per sub-step (22.2 with), with a ten times wider stick–slip
//! regularisation (ν = 1e-3 m/s) 21.3, so neither friction nor its regularisation is the cause;
//! δ = 5e-5 m: 8.5, δ = 1e-4 m: 5.1, δ = 2e-4 m: 3.4. The tractions move with δ (n = 2, largest
//! difference from the dynamic δ = 1e-5 pull at the five table points: 0.19 %, 0.49 % and
//! 1.3 %), so the case runs at [`DELTA_QS`] = 5e-5 m (3 % of h).
//!
//! One run of the case (`catena validate overhand_qs`, the four pulls two at a time on this
//! 2-core machine, other jobs at the lowest priority): 171.8 s of wall (156.5 s in a second
//! run) and 274 s of CPU for all
//! four knots, against 1,077 s of CPU for the overdamped pulls at δ = 1e-5 and 891 s for the
//! dynamic ones (one thread each; CPU of the whole pull, forming included):
//!
//! | n | dynamic, δ = 1e-5: CPU, Newton | overdamped, δ = 1e-5: CPU, Newton | overdamped, δ = 5e-5: wall, Newton | n²F̄, largest difference (δ = 5e-5) |
//! |---|---|---|---|---|
//! | 1 | 3.2 s, 4,518 | 2.8 s, 4,270 | 2.4–2.8 s, 2,859 | 0.45 % |
//! | 2 | 60 s, 22,995 | 71 s, 22,503 | 25–28 s, 8,606 | 0.19 % |
//! | 3 | 278 s, 39,970 | 290 s, 40,661 | 73–83 s, 11,020 | 0.60 % |
//! | 4 | 550 s, 41,623 | 713 s, 53,138 | 157–172 s, 12,668 | 0.32 % |
//!
//! So the quasi-static pulls are 3.3× cheaper than the dynamic ones in CPU (3.1× in Newton
//! iterations), all of it from δ; the integrator alone gains nothing here (the same δ in the
//! dynamic pulls would gain the same). Larger overdamped steps still cost more per unit of pull,
//! not less: at δ = 1e-5, n = 2, iterations per record of 1/40 of the pull were about 450 at
//! 20 ms, 700 at 50 ms, 800–1,100 at 0.1 s (from 50 ms on the guard undoes about 30 % of the
//! sub-steps, where the braid moves a strand more than h/2 across the rod); at δ = 5e-5 the
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

/// The IMC contact's distance tolerance δ of these pulls (m), 3 % of h: five times the
/// dynamic pulls' [`IMC_DELTA`]. Newton's iterations per step fall about threefold (module
/// docs), the tractions stay within 1 % of the dynamic pulls'.
pub const DELTA_QS: f64 = 5e-5;

/// Agreement asked of the quasi-static n²F̄ with the dynamic one at each table point (issue 36).
pub const AGREEMENT: f64 = 0.01;

/// The dynamic pulls' `(n²h/e, n²F̄)` at case `overhand`'s table points
/// ([`super::overhand::X_TABLE`], the nearest record after formation), for n = 1…4: the records
/// of `catena validate overhand:N` rerun on branch `knots` (commit 3a9f42a, whose dynamic pulls
/// are those of main), which are the rows of `VALIDATION.md` to the last digit.
pub const DYNAMIC: [[(f64, f64); 5]; 4] = [
    [
        (0.01487437908824137, 0.010954794425919515),
        (0.017535113098124756, 0.015570980663522431),
        (0.020226789811866746, 0.023206216551650005),
        (0.02254160307074264, 0.03097869735932043),
        (0.023959196718755613, 0.035722670150580026),
    ],
    [
        (0.01514226385721097, 0.010167160402971696),
        (0.017504515731641326, 0.014065651428441479),
        (0.020211445344763244, 0.01944225961227197),
        (0.022527660985652825, 0.02491298208356198),
        (0.023891089860026218, 0.029209929389178643),
    ],
    [
        (0.015140102287705072, 0.011506157785858862),
        (0.017499590482607935, 0.015755820797686493),
        (0.020204655062274292, 0.021640535707010102),
        (0.02250872136034385, 0.027749439784721174),
        (0.02389176449519141, 0.03180387497721652),
    ],
    [
        (0.015139583206124727, 0.012607849570722),
        (0.01749712973744789, 0.01719052953283801),
        (0.020199840544382723, 0.02356053169800667),
        (0.02251167632251289, 0.030032551861546828),
        (0.023885969022471816, 0.034378313241996236),
    ],
];

/// The pull of knot `n`: case `overhand`'s, overdamped at Δt = `dt` from [`X_SETTLE`] on.
pub fn tightening_with(n: usize, dt: f64) -> Tightening {
    let mut t = super::overhand::tightening(n);
    t.delta = DELTA_QS;
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
         forming stage at ρ = 1000 kg/m³, Δt = 5 ms) with the IMC chain's distance tolerance \
         δ = {DELTA_QS:e} m (case overhand: {IMC_DELTA:e} m); from n²h/e = {X_SETTLE} on the \
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
        let dynamic = short(Tightening {
            delta: DELTA_QS,
            ..super::super::overhand::tightening(1)
        });
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
