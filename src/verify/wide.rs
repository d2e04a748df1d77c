//! The Jacobian check of a pair with points beyond the four slots (two triangles,
//! `RoundedTriangle_RoundedTriangle`; see [`crate::contact::WidePair`]): the element rows and
//! the chain total check the twelve slot coordinates as for every pair; this row checks the
//! chain's force over all 18 coordinates of the six nodes (`WidePair::force`) against its
//! `∂f/∂x` and `∂f/∂v` (`WidePair::dfdx`, `dfdv`), with the same ladder of steps and the same
//! round-off allowance as [`super::compare`].

use super::compare::{Outcome, V_STEPS, X_STEPS};
use super::configuration::Configuration;
use crate::contact::core::{Mat18, Vec18};
use crate::contact::{ContactCtx, NO_DOF};

/// What a wide pair's chain gives at one state: force, `∂f/∂x`, `∂f/∂v` over its 18
/// coordinates; `None` when rejected.
pub(super) type WideProbe = Option<(Vec18, Mat18, Mat18)>;

/// The wide part of an evaluated chain record (`None` when rejected or not a wide pair).
pub(super) fn wide_probe(ctx: &ContactCtx) -> WideProbe {
    let w = ctx.wide.as_deref().filter(|_| !ctx.reject)?;
    Some((w.force, w.dfdx, w.dfdv))
}

/// The first global DOF of each of the six nodes of a wide pair's record (`NO_DOF` where
/// constrained); `None` for other pairs.
pub(super) fn six_dofs(ctx: &ContactCtx) -> Option<[u32; 6]> {
    let w = ctx.wide.as_deref()?;
    (ctx.points == [3, 1] && w.n == 2).then(|| {
        [
            ctx.dof[0], ctx.dof[1], ctx.dof[2], ctx.dof[3], w.dof[0], w.dof[1],
        ]
    })
}

/// Compares the probe's 18×18 Jacobians with central differences of its force over the six
/// nodes' coordinates at the configuration.
pub(super) fn compare_wide(
    probe: &mut impl FnMut(&[f64], &[f64]) -> WideProbe,
    cfg: &Configuration,
    dofs: &[u32; 6],
    tol: f64,
) -> Outcome {
    let Some((force, dx, dv)) = probe(&cfg.q, &cfg.v) else {
        return Outcome::Idle;
    };
    let mask = |m: &Mat18| {
        let mut out = *m;
        for (k, &d) in dofs.iter().enumerate() {
            if d == NO_DOF {
                for c in 0..3 {
                    out.set_column(3 * k + c, &Vec18::zeros());
                }
            }
        }
        out
    };
    let (ax, av) = (mask(&dx), mask(&dv));
    let scale = force.norm();
    let mut ladder = |positions: bool| -> Option<f64> {
        let mut best: Option<f64> = None;
        for &h in if positions { &X_STEPS } else { &V_STEPS } {
            let Some(fd) = differences(probe, cfg, dofs, positions, h) else {
                continue;
            };
            let a = if positions { &ax } else { &av };
            let roundoff = 2.0 * f64::EPSILON * scale / h;
            let den = a.norm().max(fd.norm());
            let e = if den > 0.0 {
                ((a - fd).norm() - roundoff).max(0.0) / den
            } else {
                0.0
            };
            let e = best.map_or(e, |b| b.min(e));
            best = Some(e);
            if e <= 0.1 * tol {
                break;
            }
        }
        best
    };
    match (ladder(true), ladder(false)) {
        (Some(ex), Some(ev)) => Outcome::Errors(ex, ev, None),
        _ => Outcome::Boundary,
    }
}

/// Central differences of the probe's force over the six nodes' coordinates (positions or
/// velocities) with step `h`; `None` when a perturbed state is rejected.
fn differences(
    probe: &mut impl FnMut(&[f64], &[f64]) -> WideProbe,
    cfg: &Configuration,
    dofs: &[u32; 6],
    positions: bool,
    h: f64,
) -> Option<Mat18> {
    let (mut q, mut v) = (cfg.q.clone(), cfg.v.clone());
    let mut out = Mat18::zeros();
    for (k, &dof) in dofs.iter().enumerate() {
        if dof == NO_DOF {
            continue;
        }
        for c in 0..3 {
            let g = dof as usize + c;
            let target = if positions { &mut q } else { &mut v };
            let x0 = target[g];
            let (up, down) = (x0 + h, x0 - h);
            target[g] = up;
            let plus = probe(&q, &v);
            let target = if positions { &mut q } else { &mut v };
            target[g] = down;
            let minus = probe(&q, &v);
            let target = if positions { &mut q } else { &mut v };
            target[g] = x0;
            let ((fp, _, _), (fm, _, _)) = (plus?, minus?);
            out.set_column(3 * k + c, &((fp - fm) / (up - down)));
        }
    }
    Some(out)
}
