//! Case `trefoil`: tightening a trefoil knot tied in an elastic rod with IMC and friction
//! μ = 0.1, against the theory of Audoly, Clauvelin & Neukirch 2007 (seed 001 App. C.1,
//! Eq. C.1, Fig. C.1a):
//!
//! `F̄ = F h² / EI = ε⁴/2 + μ σ ε³`, `ε = √(h/R)`, `σ = 0.492` (trefoil),
//!
//! with `F` the traction (N), `h` the rod radius (m), `EI = E π h⁴/4` (N·m²) and `R` the loop
//! radius (m).
//!
//! **Which R.** The theory is a matched asymptotic expansion for loose knots (ε → 0): the
//! outer solution is a circle of radius `R` carrying no internal force, the braid an inner
//! region of length O(h/ε). Its `ε⁴/2` is that circle's Kirchhoff first integral `EI/(2R²)`,
//! which frictionless contact passes unchanged to the tails, and `μσε³` the tension friction
//! adds across the braid. At the ε of the IMC figure (0.2–0.4) the simulated loop is not that
//! circle: it carries a third to two thirds of `F` as an internal force and its curvature
//! varies by ±30 % round it, so different readings of "the loop radius" differ by tens of per
//! cent, and Eq. C.1 goes as R⁻² to R⁻¹·⁵. Four are measured ([`KnotPoint`],
//! [`super::knot_loop`]):
//! - `R_e = e/(2π)`: the loop as a circle of circumference `e` (the end-to-end shortening), as
//!   the IMC authors' code reads it; the loop of a pulled knot is shorter than `e` (the braid
//!   takes the rest) and flatter than a circle at its apex;
//! - `R_circle`: the circle best fitting the loop's central three quarters (as from a photo);
//! - `R_U = πEI/U`: the circle holding the knot's whole bending energy `U` (braid included);
//! - `R_H = √(EI/(2H))`, `H = N + EIκ²/2` the loop's first integral: the radius of curvature at
//!   which the loop's axial force vanishes — the property that defines the theory's circle.
//!
//! **What is judged** (issue 38): Eq. C.1 is the sum of two parts, and each is judged where a
//! control isolates it. The frictionless part `ε⁴/2` with `R_H`, the theory's R: the μ = 0
//! pull (the control: without friction nothing acts across the braid but the normal forces)
//! must carry the loop's `H`, i.e. `F̄ = ε⁴/2` within 10 %. The friction part is the rise of the
//! first integral across the braid, `F − H`, which regularised Coulomb friction makes `μ` times
//! the braid's contact forces to first order in μ (the capstan law): `(F − H)/(μ Σ|f|)` must be
//! 1 within 10 %. Both pass. Eq. C.1 itself is **reported, not judged**: the simulated contact
//! forces sum to about `(0.9–1.3) ε³` where its friction term assumes `σ ε³` with σ = 0.492,
//! so its friction part is 2.0–2.4 × `μσε³`; the long-knot theory of Jawed et al. 2015 (case
//! `overhand`, the same knot at n = 1, which catena matches within 10 %) gives 1.98 × `μσε³`
//! for a loose trefoil. The two published theories disagree by that factor on the same knot
//! (`../shared/notes/knots.md`), so Eq. C.1's σ cannot be the pass/fail reference. The other
//! readings of R are reported beside it in a table.
//!
//! **What was checked beside the case** (runs of its scenes with `catena run`, VTK frames and
//! contact lists): the simulated knot has the contact set of Clauvelin, Audoly & Neukirch
//! (2009), an interval of contact flanked by two isolated contact points, the isolated points
//! carrying about 60 % of the contact force; halving the edges to 1.5 mm changes neither
//! `F̄(ε)` nor the loop's force nor the contact-force sum by more than a few per cent; a looser
//! start (e from 0.6 m, ε = 0.13–0.2 by e/2π) keeps the frictionless traction at 1.4 × ε⁴/2
//! by e/2π and the contact-force sum at (0.8–0.9) ε³ by R_H, so the factor of about two on the
//! friction term does not close as the knot loosens within reach of a simulation. The friction
//! part equals μ times the frictionless knot's contact-force sum within a few per cent (the
//! capstan law of the regularised Coulomb friction): the excess is in the contact forces of
//! the braid, i.e. in σ, not in the friction law.
//!
//! The rod (h = 1.6 mm, E = 180 kPa, straight at rest) starts as a loose open trefoil
//! ([`super::open_knot`]); its two end nodes on each side are pulled apart at a constant slow
//! speed. The traction is the tension of the straight tails just outside the knot,
//! `F = EA (|eⁱ|/|ēⁱ| − 1)`, averaged over five edges of each tail ([`super::knot_pull`], shared
//! with case `overhand`).

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::knot_pull::{
    E, H, IMC_DELTA, KnotPoint, Start, Tightening, bending_stiffness, epsilon, tighten,
};
use std::fmt::Write as _;

/// Friction coefficient (trefoil run).
pub const MU: f64 = 0.1;
/// σ of the trefoil (Audoly et al. 2007).
pub const SIGMA: f64 = 0.492;

/// Audoly et al. 2007 (seed 001 Eq. C.1): `F̄ = ε⁴/2 + μσε³`.
pub fn theory(eps: f64, mu: f64) -> f64 {
    0.5 * eps.powi(4) + mu * SIGMA * eps.powi(3)
}

/// Density of the rod (kg/m³): a quasi-static pull, the loop's slowest mode (period under
/// 0.05 s) fast against the pull (18.5 s).
pub const DENSITY: f64 = 1.0;

/// The pulling of the trefoil run.
pub const TREFOIL: Tightening = Tightening {
    start: Start::InvertedTorus { q: 3 },
    mu: MU,
    e_start: 0.25,
    e_stop: 0.065,
    spacing: 3e-3,
    speed: 5e-3,
    dt: 5e-3,
    records: 37,
    drag: 0.02,
    density: DENSITY,
    settle: None,
    force_tol: 0.0,
    delta: IMC_DELTA,
    dump_nodes: false,
};

/// The knot counts as formed (loop and braid, seed 001 App. C.1 "after the knot has formed")
/// once its shortening is below this (m; ε = 0.22 by `R = e/2π`); earlier points are plotted
/// but not judged.
pub const E_FORMED: f64 = 0.21;

/// The ε (by the theory's R, `R_H`) at which the table reports F̄ (the nearest recorded point).
pub const EPS_TABLE: [f64; 6] = [0.24, 0.27, 0.30, 0.33, 0.36, 0.40];

/// `ε` of a record by the theory's R (the loop's first integral).
fn eps_h(k: &KnotPoint) -> f64 {
    epsilon(k.radius_h())
}

/// The record of `set` after formation whose `ε` (by `R_H`) is nearest `eps`, within 0.01.
fn nearest(set: &[KnotPoint], eps: f64) -> Option<KnotPoint> {
    set.iter()
        .copied()
        .filter(|k| k.e <= E_FORMED && k.loop_h.is_finite())
        .min_by(|a, b| (eps_h(a) - eps).abs().total_cmp(&(eps_h(b) - eps).abs()))
        .filter(|k| (eps_h(k) - eps).abs() < 0.01)
}

/// The trefoil run of App. C.1, beside the same pull without friction (μ = 0), which checks
/// that frictionless contact passes the loop's first integral to the tails unchanged.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let p = TREFOIL;
    let frictionless = Tightening { mu: 0.0, ..p };
    let (with, without) = rayon::join(
        || tighten(ctx, "trefoil", &p),
        || tighten(ctx, "trefoil_mu0", &frictionless),
    );
    let (points, stopped) = with?;
    let (points0, stopped0) = without?;
    let mut report = CaseReport::default();
    let formed: Vec<&KnotPoint> = points
        .iter()
        .filter(|k| k.e <= E_FORMED && k.loop_h.is_finite())
        .collect();
    if formed.is_empty() {
        return Err(format!(
            "the knot never formed (e ≤ {E_FORMED} m with a loop){}",
            stopped.map_or(String::new(), |s| format!(": {s}"))
        ));
    }
    let mut table = String::from(
        "| ε (R_H) | e (m) | R_e = e/2π | R_circle | R_U = πEI/U | R_H | F̄ / Eq. C.1 with R_e \
         | with R_circle | with R_U | with R_H | 1 − EI/(2R_circle²H) | F̄ / Eq. C.2 (n = 1, \
         h/e) |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let c1 = |k: &KnotPoint, r: f64| k.f_bar() / theory(epsilon(r), p.mu);
    for target in EPS_TABLE {
        let Some(k) = nearest(&points, target) else {
            continue;
        };
        let eps = eps_h(&k);
        // Judged: the two parts Eq. C.1 adds up, each where it can be isolated. The frictionless
        // part ε⁴/2 is the μ = 0 pull's traction (the control: without friction nothing else
        // acts across the braid); the friction part is the rise of the first integral across
        // the braid, which small-μ Coulomb friction makes μ times the contact forces there
        // (capstan law to first order in μ).
        if let Some(k0) = nearest(&points0, eps) {
            let e0 = eps_h(&k0);
            report.checks.push(Check::new(
                format!("μ = 0: F̄ over ε⁴/2 (the loop's first integral), ε = {e0:.3}"),
                "−",
                k0.f_bar() / (0.5 * e0.powi(4)),
                1.0,
                Criterion::Relative(0.10),
            ));
        }
        report.checks.push(Check::new(
            format!(
                "μ = {}: friction rise (F − H) over μ Σ|f| (capstan), ε = {eps:.3}",
                p.mu
            ),
            "−",
            (k.force - k.loop_h) / (p.mu * k.contact_sum),
            1.0,
            Criterion::Relative(0.10),
        ));
        // Reported: Eq. C.1 itself, whose friction term the long-knot theory of case
        // `overhand` puts at about twice μσε³ for the same knot (notes).
        report.checks.push(Check::new(
            format!("F̄ = Fh²/EI against Eq. C.1 at ε = {eps:.3} (R_H)"),
            "−",
            k.f_bar(),
            theory(eps, p.mu),
            Criterion::Report,
        ));
        let elastic = 0.5 * eps.powi(4);
        report.checks.push(Check::new(
            format!("friction part (F̄ − ε⁴/2) over μσε³, ε = {eps:.3}"),
            "−",
            (k.f_bar() - elastic) / (p.mu * SIGMA * eps.powi(3)),
            1.0,
            Criterion::Report,
        ));
        let _ = writeln!(
            table,
            "| {eps:.3} | {:.4} | {:.1} mm | {:.1} mm | {:.1} mm | {:.1} mm | {:.2} | {:.2} | \
             {:.2} | {:.2} | {:.2} | {:.2} |",
            k.e,
            1e3 * k.radius_e(),
            1e3 * k.loop_circle,
            1e3 * k.radius_bending(),
            1e3 * k.radius_h(),
            c1(&k, k.radius_e()),
            c1(&k, k.loop_circle),
            c1(&k, k.radius_bending()),
            c1(&k, k.radius_h()),
            1.0 - 0.5 * bending_stiffness() / k.loop_circle.powi(2) / k.loop_h,
            super::overhand::traction_at(H / k.e, p.mu).map_or(f64::NAN, |f| k.f_bar() / f),
        );
    }
    let within = formed
        .iter()
        .filter(|k| (k.f_bar() / theory(eps_h(k), p.mu) - 1.0).abs() <= 0.10)
        .count();
    report.checks.push(Check::new(
        format!(
            "points within 10 % of Eq. C.1 (of {} after formation)",
            formed.len()
        ),
        "points",
        within as f64,
        formed.len() as f64,
        Criterion::Report,
    ));
    for (s, what) in [(&stopped, "μ = 0.1"), (&stopped0, "μ = 0")] {
        if let Some(s) = s {
            report
                .notes
                .push(format!("The {what} run stopped early: {s}"));
        }
    }
    notes(&mut report, &p, &points, &points0, table);
    figures(&mut report, &p, &points, &points0);
    Ok(report)
}

/// Setup, the side-by-side table of the loop radii and what the runs show.
fn notes(
    report: &mut CaseReport,
    p: &Tightening,
    points: &[KnotPoint],
    points0: &[KnotPoint],
    table: String,
) {
    report.notes.push(format!(
        "Open trefoil T(2, 3), h = {H} m, E = {E:e} Pa (EI = Eπh⁴/4), ν = 0.5, ρ = {rho} \
         kg/m³, straight at rest, {spacing} m edges; chain `imc.ron` at δ = {IMC_DELTA:e} m \
         with T_IMC μ = {mu}, and \
         the same pull with μ = 0; ends pulled apart at {speed} m/s each from e = {e0} m to \
         {e1} m, Δt = {dt} s, viscous drag {drag} Pa·s. Judged with ε = √(h/R_H), R_H = \
         √(EI/2H) from the loop's first integral H = N + EIκ²/2 (module docs of \
         `validate::trefoil`); knot formed from e = {E_FORMED} m on.",
        rho = p.density,
        spacing = p.spacing,
        mu = p.mu,
        speed = p.speed,
        e0 = p.e_start,
        e1 = p.e_stop,
        dt = p.dt,
        drag = p.drag,
    ));
    report.notes.push(format!(
        "The loop radius read four ways at the judged points of the μ = {} pull. The last \
         column but one is the share of the loop's first integral H carried as axial force \
         where the loop's curvature is that of the fitted circle: 0 for the theory's force-free \
         circle. The last judges the same knot by Eq. C.2 at n = 1 (Jawed et al. 2015, case \
         `overhand`), which reads the knot through its shortening e alone.\
         \n\n{table}",
        p.mu
    ));
    let range = |set: &[KnotPoint], f: &dyn Fn(&KnotPoint) -> f64| {
        set.iter()
            .filter(|k| k.e <= E_FORMED && k.loop_h.is_finite())
            .map(f)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
                (a.min(x), b.max(x))
            })
    };
    let (h0, h1) = range(points0, &|k| k.force / k.loop_h);
    let (e0, e1) = range(points0, &|k| k.f_bar() / theory(epsilon(k.radius_e()), 0.0));
    let (r0, r1) = range(points0, &|k| k.radius_h() / k.radius_e());
    let (s0, s1) = range(points0, &|k| {
        k.contact_sum * H * H / bending_stiffness() / eps_h(k).powi(3)
    });
    let (f0, f1) = range(points, &|k| {
        (k.f_bar() - 0.5 * eps_h(k).powi(4)) / (p.mu * SIGMA * eps_h(k).powi(3))
    });
    // The same knot by Eq. C.2 at n = 1 (through h/e alone).
    let (c0, c1) = range(points, &|k| {
        super::overhand::traction_at(H / k.e, p.mu).map_or(f64::NAN, |f| k.f_bar() / f)
    });
    // Jawed et al.'s long-knot theory (case `overhand`, n = 1) for a loose knot, at
    // h/e = ε²/(2π), over Eq. C.1's friction term.
    let loose = 1e-4;
    let jawed = super::overhand::traction_at(loose * loose / std::f64::consts::TAU, p.mu)
        .map_or(f64::NAN, |f| f / (p.mu * SIGMA * loose.powi(3)));
    report.notes.push(format!(
        "What the runs show. Without friction the traction equals the loop's first integral \
         (F/H = {h0:.2}–{h1:.2}): frictionless contact passes it to the tails unchanged, so \
         Eq. C.1's ε⁴/2 holds with R_H, which is {r0:.2}–{r1:.2} × e/2π; read with R = e/2π \
         the same frictionless traction is {e0:.2}–{e1:.2} × ε⁴/2. With friction the \
         traction rises across the braid by μ times the contact forces, and the contact forces \
         of the frictionless knot sum to Σ|f| h²/EI = ({s0:.2}–{s1:.2}) ε³ where the theory's \
         friction term has σ = {SIGMA}: the friction part of the traction is {f0:.1}–{f1:.1} × \
         μσε³. For a loose trefoil the long-knot theory of case `overhand` (Jawed et al. 2015, \
         which catena matches at n = 1) gives a friction traction {jawed:.2} × μσε³. No \
         reading of R brings both parts of Eq. C.1 within 10 % at these ε: the elastic part \
         fixes R, and with it the friction part is about twice the theory's (module docs of \
         `validate::trefoil`). Judged by Eq. C.2 at n = 1 instead, the same μ = {mu} knot \
         holds {c0:.2}–{c1:.2} of it, where the n = 1 knot of case `overhand` (μ = {mu2}) \
         sits near it: Eq. C.2 is proportional to μ, while the simulated traction keeps a \
         frictionless part (the loop's first integral, the ε⁴/2 of Eq. C.1, which the μ = 0 \
         pull shows whole), so the two theories, which agree in neither the friction term nor \
         the frictionless one, cannot both fit one knot at every μ. So the case judges what a \
         control isolates — the frictionless part against the μ = 0 pull, and the friction \
         part against μ times the braid's contact forces (capstan) — and reports Eq. C.1 \
         whole, not as a pass/fail test: its σ = {SIGMA} is the quantity the two theories \
         disagree on.",
        mu = p.mu,
        mu2 = super::overhand::MU,
    ));
}

/// F̄ against ε (by R_H and by e/2π), with Eq. C.1; the loop radii against e.
fn figures(report: &mut CaseReport, p: &Tightening, points: &[KnotPoint], points0: &[KnotPoint]) {
    let loops = |set: &[KnotPoint]| -> Vec<KnotPoint> {
        set.iter()
            .copied()
            .filter(|k| k.loop_h.is_finite())
            .collect()
    };
    let (with, without) = (loops(points), loops(points0));
    let eps_max = with.iter().map(eps_h).fold(0.0, f64::max).max(0.3);
    let line = |mu: f64| -> Vec<(f64, f64)> {
        (0..=60)
            .map(|i| {
                let x = 0.18 + (eps_max - 0.18) * f64::from(i) / 60.0;
                (x, theory(x, mu))
            })
            .collect()
    };
    report.figures.push(
        Figure::new(
            "f_bar",
            "Trefoil tightening: F̄ = Fh²/EI against ε = √(h/R) (seed 001 Fig. C.1a)",
            "ε = √(h/R)",
            "F̄ = F h²/EI",
        )
        .with(Curve::new(
            format!("catena, IMC μ = {}, R = R_H (loop's first integral)", p.mu),
            with.iter().map(|k| (eps_h(k), k.f_bar())).collect(),
            Style::Points,
        ))
        .with(Curve::new(
            "catena, IMC μ = 0, R = R_H",
            without.iter().map(|k| (eps_h(k), k.f_bar())).collect(),
            Style::Points,
        ))
        .with(Curve::new(
            format!("catena, IMC μ = {}, R = e/2π", p.mu),
            with.iter()
                .map(|k| (epsilon(k.radius_e()), k.f_bar()))
                .collect(),
            Style::Points,
        ))
        .with(Curve::new(
            "Eq. C.1: ε⁴/2 + μσε³",
            line(p.mu),
            Style::Dashed,
        ))
        .with(Curve::new(
            "frictionless part ε⁴/2",
            line(0.0),
            Style::Dashed,
        )),
    );
    let radius = |label: &str, f: &dyn Fn(&KnotPoint) -> f64| {
        Curve::new(
            label,
            with.iter().map(|k| (k.e, 1e3 * f(k))).collect(),
            Style::Line,
        )
    };
    report.figures.push(
        Figure::new(
            "loop_radius",
            "Trefoil (μ = 0.1): the loop radius read four ways against the shortening e",
            "e (m)",
            "R (mm)",
        )
        .with(radius("R_e = e/2π", &KnotPoint::radius_e))
        .with(radius("R_circle (fit to the loop)", &|k| k.loop_circle))
        .with(radius("R_U = πEI/U", &KnotPoint::radius_bending))
        .with(radius(
            "R_H = √(EI/2H) (loop's first integral)",
            &KnotPoint::radius_h,
        )),
    );
}
