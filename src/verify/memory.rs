//! What a sample starts from: the step start the adaptive elements see, and the per-pair memory
//! (fresh, committed along the velocity, or along a tangentially displaced path).

use super::configuration::{Configuration, Rng, points};
use super::report::HistoryKind;
use crate::contact::{Chain, ElementSet, Env, NO_DOF, PairGeometry, PairMemory, StepInfo};
use crate::math::Vec3;
use crate::model::Model;

/// Calls `begin_step` on every adaptive element with this configuration as the step's start.
pub(super) fn begin_step<E: ElementSet>(
    chain: &mut Chain<E>,
    model: &Model,
    cfg: &Configuration,
    dt: f64,
) {
    let env = Env {
        model,
        q: &cfg.q,
        v: &cfg.v,
    };
    let mut forces = vec![0.0; cfg.q.len()];
    let mut pts: Vec<u32> = Vec::new();
    for prim in [cfg.first, cfg.second] {
        for p in points(model, prim) {
            if !model.dofs.is_constrained(p) {
                forces[p + 2] = -9.81 * model.mass[p];
                pts.push(p as u32);
            }
        }
    }
    pts.sort_unstable();
    let mut pairs = Vec::new();
    if chain.method().step_pairs {
        let ctx = chain.evaluate(
            &env,
            cfg.first,
            cfg.second,
            PairMemory::default(),
            dt,
            false,
        );
        let mut dofs = [NO_DOF; 12];
        for k in 0..ctx.n_slots() {
            if ctx.dof[k] != NO_DOF {
                for c in 0..3 {
                    dofs[3 * k + c] = ctx.dof[k] + c as u32;
                }
            }
        }
        pairs.push(PairGeometry {
            dofs,
            gap: ctx.gap,
            grad: ctx.grad,
        });
    }
    let info = StepInfo {
        env,
        forces: &forces,
        contact_points: &pts,
        pairs: &pairs,
    };
    for e in chain.elements_mut() {
        if let Some(a) = e.adaptive_mut() {
            a.begin_step(&info);
        }
    }
}

/// The memory configuration `i` starts from: fresh, the memory of 1–3 previous steps along the
/// velocity, or of 1–3 previous steps along a tangentially displaced path, in turn (see the
/// module docs of `jacobians`).
pub(super) fn memory_for<E: ElementSet>(
    chain: &Chain<E>,
    model: &Model,
    cfg: &Configuration,
    rng: &mut Rng,
    i: usize,
    dt: f64,
) -> (PairMemory, HistoryKind) {
    let kind = match i % 3 {
        0 => return (PairMemory::default(), HistoryKind::Fresh),
        1 => HistoryKind::Previous,
        _ => HistoryKind::Perturbed,
    };
    let steps = 1 + (rng.unit() * 3.0) as usize;
    // Perturbed: side 2 displaced tangentially over the previous steps.
    let mut shift = vec![0.0; cfg.q.len()];
    if kind == HistoryKind::Perturbed {
        let env = Env {
            model,
            q: &cfg.q,
            v: &cfg.v,
        };
        let geo = chain.evaluate(
            &env,
            cfg.first,
            cfg.second,
            PairMemory::default(),
            dt,
            false,
        );
        let n = if geo.normal.norm() > 0.0 {
            geo.normal
        } else {
            Vec3::z()
        };
        let d = rng.perpendicular(&n) * rng.log_uniform(1e-7, 1e-3);
        for p in points(model, cfg.second) {
            if !model.dofs.is_constrained(p) {
                for c in 0..3 {
                    shift[p + c] = d[c];
                }
            }
        }
    }
    let mut m = PairMemory::default();
    let mut q = cfg.q.clone();
    for j in (1..=steps).rev() {
        for (k, x) in q.iter_mut().enumerate() {
            *x = cfg.q[k] - cfg.v[k] * dt * j as f64 + shift[k] * j as f64 / steps as f64;
        }
        let env = Env {
            model,
            q: &q,
            v: &cfg.v,
        };
        let ctx = chain.evaluate(&env, cfg.first, cfg.second, m, dt, false);
        m = chain
            .memory_layout()
            .committed(&ctx.memory)
            .unwrap_or_default();
    }
    (m, kind)
}
