//! The text table of a Jacobian [`Report`]: one row per element, then where each worst error
//! was met.

use super::report::{Checked, HistoryKind, Location, Report, Row};
use crate::contact::distance::ContactType;
use std::fmt;

fn error(e: f64, measured: bool) -> String {
    if !measured {
        "—".into()
    } else if e == 0.0 {
        "0".into()
    } else {
        format!("{e:.1e}")
    }
}

fn cases(r: &Row) -> String {
    r.cases
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = match self.contact_type {
            ContactType::PointPoint => "point–point",
            ContactType::PointEdge => "point–edge",
            ContactType::EdgeEdge => "edge–edge",
            ContactType::PointPlane => "point–plane",
            ContactType::PointFace => "point–face",
            ContactType::Intersecting => "intersecting",
        };
        let regime = if self.gap < 0.0 {
            "overlap"
        } else {
            "separation"
        };
        let rigid = if self.rigid { " on a rigid body" } else { "" };
        let history = match self.history {
            HistoryKind::Fresh => "fresh memory",
            HistoryKind::Previous => "memory from previous steps",
            HistoryKind::Perturbed => "perturbed memory",
        };
        write!(
            f,
            "configuration #{}: {case}{rigid}, {regime}, gap {:.2e} m, |v_t| {:.1e} m/s, {history}",
            self.sample, self.gap, self.tangential_speed,
        )
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tol = self.options.tolerance;
        writeln!(
            f,
            "chain \"{}\"{}: {} against {}; {} configurations (seed {}), Δt = {} s, tolerance {:.0e}",
            self.chain,
            if self.file.as_os_str().is_empty() {
                String::new()
            } else {
                format!(" ({})", self.file.display())
            },
            self.kinds.0,
            self.kinds.1,
            self.options.samples,
            self.options.seed,
            self.options.dt,
            tol
        )?;
        // The element column fits the longest name (`N_T_MaterialSpecificConstantResistance`).
        let width = (self.rows.iter())
            .map(|r| r.name.chars().count())
            .fold(24, usize::max);
        writeln!(
            f,
            "  {:>2}  {:<width$} {:>6}  {:>8}  {:>8}  {:>8}  {:<6}  cases acted in",
            "#", "element", "acted", "∂f/∂x", "∂f/∂v", "f=−∇E", "result"
        )?;
        for r in &self.rows {
            let status = if !r.passed(tol) {
                "FAIL"
            } else if r.acted == 0 {
                "idle"
            } else {
                "ok"
            };
            let measured = r.acted > 0;
            writeln!(
                f,
                "  {:>2}  {:<width$} {:>6}  {:>8}  {:>8}  {:>8}  {:<6}  {}",
                r.position.map(|p| p.to_string()).unwrap_or_default(),
                r.name,
                r.acted,
                error(r.dfdx.error, measured),
                error(r.dfdv.error, measured),
                error(r.gradient.error, r.gradient_checked > 0),
                status,
                if measured {
                    format!(
                        "{}; |v_t| {:.0e}…{:.0e} m/s",
                        cases(r),
                        r.speeds.0,
                        r.speeds.1
                    )
                } else {
                    "never added a force".into()
                }
            )?;
        }
        writeln!(f, "  worst:")?;
        for r in &self.rows {
            let w = r.worst();
            if let Some(at) = w.at {
                writeln!(f, "    {:<width$} {:.1e} at {at}", r.name, w.error)?;
            }
            if let (Some(at), false) = (r.rigid.at, w.at.is_some_and(|w| w.rigid)) {
                writeln!(
                    f,
                    "    {:<width$} {:.1e} on rigid bodies, at {at}",
                    r.name, r.rigid.error
                )?;
            }
            if r.at_boundary > 0 {
                writeln!(
                    f,
                    "    {:<width$} {} configuration(s) skipped: a perturbation crossed a rejection boundary",
                    r.name, r.at_boundary
                )?;
            }
        }
        if self.rows.iter().any(|r| r.checked == Checked::Geometry) {
            writeln!(
                f,
                "  (resolver rows: ∂f/∂x is ∇²Δ against differences of ∇Δ, f=−∇E is ∇Δ against differences of Δ)"
            )?;
        }
        let silent = self
            .rows
            .iter()
            .any(|r| r.checked == Checked::Total && r.acted == 0);
        let first = self.failures().find(|r| r.acted > 0);
        match (self.passed(), first) {
            (true, _) => write!(f, "  pass"),
            (false, Some(r)) => write!(
                f,
                "  FAIL: the derivatives of {} disagree with finite differences (elements after it \
                 that read the accumulated Jacobian, e.g. friction laws reading ∂F_n, inherit \
                 the error)",
                r.name
            ),
            (false, None) if silent => write!(
                f,
                "  FAIL: the chain added no force in any configuration, so nothing was verified"
            ),
            (false, None) => write!(f, "  FAIL"),
        }
    }
}
