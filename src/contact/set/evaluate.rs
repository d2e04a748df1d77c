//! Evaluation: every candidate pair's chain, in parallel (rayon), at one Newton iterate, turned
//! into the [`LocalContact`] the assembly adds — forces on the assembled sides' rows and the
//! Jacobian block of the pair's matrix mode. Results are in candidate order, whatever the
//! number of threads. Pairs of a plain IMC or IPC rod chain take the fused capsule path
//! ([`fused_pair`](super::fused_pair)), which gives the same bits.

use super::fused_pair::FusedWorker;
use super::fused_plan::CapsulePlan;
use super::store::MemoryStore;
use super::{ContactBinding, LocalContact, PairKey};
use crate::contact::core::{Mat12, NO_DOF, Vec12};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{CcdKernel, ElementSet, Env};
use crate::time::Coefficients;
use rayon::prelude::*;

/// Evaluates `candidates` at the evaluation point `env` of an iterate, under the step's
/// integrator coefficients, into `out` (one entry per candidate, in candidate order).
///
/// Nothing is allocated per pair once `out` holds the previous iterate's evaluation: each
/// entry is overwritten in place, and a pair that had a system block writes its new one into
/// the same box (a 12×12 block is 1.1 kB: allocating and freeing one per active pair and
/// iterate cost more than writing it). Each worker evaluates its pairs in one [`ContactCtx`]
/// it resets per pair, rather than building and moving a fresh ~4.5 kB record each time.
///
/// `plans` holds, per binding, its fused capsule plan (empty: every pair takes the generic
/// path).
#[allow(clippy::too_many_arguments)]
pub(super) fn evaluate_all<E: ElementSet>(
    env: &Env,
    bindings: &[ContactBinding<E>],
    plans: &[Option<CapsulePlan>],
    candidates: &[PairKey],
    store: &MemoryStore,
    step: &Coefficients,
    want_jacobian: bool,
    out: &mut Vec<LocalContact>,
) {
    let Some(seed) = candidates.first() else {
        out.clear();
        return;
    };
    out.truncate(candidates.len());
    out.resize_with(candidates.len(), || beyond_reach(seed, f64::INFINITY));
    out.par_iter_mut()
        .zip(candidates.par_iter())
        .with_min_len(16)
        .for_each_init(
            || {
                let ctx =
                    ContactCtx::new(seed.first, seed.second, Default::default(), step.dt, false);
                (Box::new(ctx), FusedWorker::new(bindings, plans))
            },
            |(ctx, fused), (lc, key)| {
                if fused.evaluate(env, key, store, step, want_jacobian, ctx, lc) {
                    return;
                }
                let chain = &bindings[key.binding as usize].chain;
                if let Some(gap) = gap_beyond_reach(env, chain, key) {
                    *lc = beyond_reach(key, gap);
                    return;
                }
                let memory = store.start(key, chain.memory_layout());
                chain.evaluate_into(env, key.first, key.second, memory, step, want_jacobian, ctx);
                write_local(key, ctx, lc);
            },
        );
    super::cell_once::keep_closest_per_cell(env.model, candidates, out);
}

/// The gap of a pair clearly beyond the reach of a chain inert there (see
/// [`crate::contact::ContactMethod::skips`]), from the resolver's own value kernel and the
/// primitives' radii — the arithmetic of the resolver (`Δ − r₁ − r₂`) without building the
/// pair's context; `None` when the chain must run (within reach, a chain that acts beyond it,
/// or a resolver without a distance kernel).
fn gap_beyond_reach<E: ElementSet>(
    env: &Env,
    chain: &crate::contact::Chain<E>,
    key: &PairKey,
) -> Option<f64> {
    let m = chain.method();
    let (true, Some(CcdKernel::Distance(distance))) = (m.inert_beyond_reach, m.ccd) else {
        return None;
    };
    let (a, b) = (
        key.first.points(env.model, env.q),
        key.second.points(env.model, env.q),
    );
    let gap = distance(a.as_slice(), b.as_slice())
        - key.first.radius(env.model)
        - key.second.radius(env.model);
    m.skips(gap).then_some(gap)
}

/// A pair beyond reach: inactive, no force, no memory, its gap.
pub(super) fn beyond_reach(key: &PairKey, gap: f64) -> LocalContact {
    LocalContact {
        key: *key,
        dofs: [NO_DOF; 12],
        rows: [false; 12],
        force: Vec12::zeros(),
        block: None,
        energy: 0.0,
        nonconservative: None,
        gap,
        active: false,
        memory: Default::default(),
        rigid_loads: None,
        virial: None,
        spring_tension: None,
        contact_area: None,
        ring: None,
    }
}

/// The contribution of an evaluated pair: global DOFs of its local coordinates, which rows
/// receive force (the assembled sides' free points), the force, the system block when asked
/// for and assembled, the energy (unless rejected), the gap and the trial memory.
pub(super) fn local_of(key: &PairKey, ctx: &ContactCtx) -> LocalContact {
    let mut lc = beyond_reach(key, f64::INFINITY);
    write_local(key, ctx, &mut lc);
    lc
}

/// [`local_of`] written over `lc`, whose block box (if any) is reused for the new block.
pub(super) fn write_local(key: &PairKey, ctx: &ContactCtx, lc: &mut LocalContact) {
    let mut dofs = [NO_DOF; 12];
    let mut rows = [false; 12];
    for k in 0..ctx.n_slots() {
        let side = ctx.slot_side(k);
        for c in 0..3 {
            dofs[3 * k + c] = if ctx.dof[k] == NO_DOF {
                NO_DOF
            } else {
                ctx.dof[k] + c as u32
            };
            rows[3 * k + c] = ctx.assemble_forces[side] && ctx.dof[k] != NO_DOF;
        }
    }
    let active = !ctx.reject && (ctx.assemble_forces[0] || ctx.assemble_forces[1]);
    lc.key = *key;
    lc.dofs = dofs;
    lc.rows = rows;
    lc.force = if active { ctx.force } else { Vec12::zeros() };
    if active && ctx.want_jacobian && ctx.assemble_matrix {
        let block = lc.block.get_or_insert_with(|| Box::new(Mat12::zeros()));
        ctx.system_block_into(&ctx.step, block);
    } else {
        lc.block = None;
    }
    lc.energy = if ctx.reject { 0.0 } else { ctx.energy };
    if active && !ctx.nonconservative.is_zero() {
        match &mut lc.nonconservative {
            Some(b) => **b = ctx.nonconservative,
            None => lc.nonconservative = Some(Box::new(ctx.nonconservative)),
        }
    } else {
        lc.nonconservative = None;
    }
    lc.gap = ctx.gap;
    lc.active = active;
    lc.memory = ctx.memory;
    lc.rigid_loads = (active && ctx.has_rigid()).then(|| Box::new(rigid_loads(ctx)));
    // The records' boxes are reused across evaluations, as the block's.
    keep_boxed(ctx.virial.filter(|_| active), &mut lc.virial);
    keep_boxed(
        ctx.spring_tension.filter(|_| active),
        &mut lc.spring_tension,
    );
    keep_boxed(ctx.area_record.filter(|_| active), &mut lc.contact_area);
    lc.ring = ring_of(ctx, active).or_else(|| {
        active
            .then(|| crate::contact::WidePair::extra_term(ctx, &ctx.step))
            .flatten()
            .map(Box::new)
    });
    if let (Some(nc), Some(w)) = (lc.nonconservative.as_deref_mut(), ctx.wide.as_deref()) {
        nc.friction_extra = w.in_extra_order(ctx, &nc.friction_extra);
        nc.damping_extra = w.in_extra_order(ctx, &nc.damping_extra);
    }
}

/// The ring term of an evaluated pair as the system assembles it (see
/// [`LocalContact::ring`]): only when the pair is active and side 1, whose node the ring
/// surrounds, receives forces; its matrix scaled into the system block (`−s ∂f/∂x`, see
/// [`ContactCtx::position_factor`]), or emptied when no block is assembled.
fn ring_of(ctx: &ContactCtx, active: bool) -> Option<Box<crate::contact::RingTerm>> {
    let ring = ctx
        .ring
        .as_ref()
        .filter(|_| active && ctx.assemble_forces[0])?;
    let mut ring = ring.clone();
    if ctx.want_jacobian && ctx.assemble_matrix {
        let s = ctx.position_factor(&ctx.step);
        for m in ring.matrix.iter_mut() {
            *m = -(*m * s);
        }
    } else {
        ring.matrix.clear();
    }
    Some(ring)
}

/// Stores `record` in `slot`, into the box already there when there is one.
fn keep_boxed<T>(record: Option<T>, slot: &mut Option<Box<T>>) {
    match (record, slot) {
        (Some(r), Some(b)) => **b = r,
        (r, slot) => *slot = r.map(Box::new),
    }
}

/// The force and torque of an evaluated pair on each of its rigid sides (see
/// [`LocalContact::rigid_loads`]): a rigid side's point slot holds the force on its centre of
/// mass, its rotation slot the torque.
fn rigid_loads(ctx: &ContactCtx) -> [Option<super::RigidLoad>; 2] {
    let block = |k: usize| {
        crate::math::Vec3::new(ctx.force[3 * k], ctx.force[3 * k + 1], ctx.force[3 * k + 2])
    };
    [0, 1].map(|side| {
        let (Some(_), Some(spin)) = (&ctx.rigid[side], ctx.spins[side]) else {
            return None;
        };
        let crate::contact::BodyId::Rigid(body) = ctx.prim[side].body() else {
            return None;
        };
        Some(super::RigidLoad {
            body,
            force: block(ctx.first_point(side)),
            torque: block(spin),
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::contact::chain::Chain;
    use crate::contact::ctx::ContactCtx;
    use crate::contact::element::{Env, PairMemory};
    use crate::contact::primitive::{PlanePrim, PrimId, SpherePrim};
    use crate::math::Vec3;
    use crate::model::{Material, Model, Plane, Sphere};
    use crate::time::Coefficients;
    use std::path::Path;

    /// Three overlapping spheres (two rotating) on a ground plane, sliding and spinning.
    fn model() -> Model {
        let mut m = Model::default();
        let centres = [
            [0.0, 0.0, 0.0099],
            [0.0195, 0.001, 0.0101],
            [0.039, 0.0, 0.0098],
        ];
        for (i, c) in centres.iter().enumerate() {
            m.add_sphere(
                Sphere::new(format!("s{i}"), 0.01, Material::from_poisson(1e7, 0.3, 1e3)),
                Vec3::new(c[0], c[1], c[2]),
                Vec3::new(0.01 * i as f64, -0.02, 0.005 - 0.004 * i as f64),
            );
            if i != 1 {
                m.spin_sphere(i, Vec3::new(1.0, -2.0 + i as f64, 0.5));
            }
        }
        m.add_plane(Plane {
            name: "ground".into(),
            origin: Vec3::zeros(),
            normal: Vec3::z(),
            material: None,
        });
        m.finalize();
        m
    }

    fn chain(file: &str) -> Chain {
        Chain::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("chains")
                .join(file),
        )
        .unwrap()
    }

    /// A record reused from pair to pair, chain to chain, with and without Jacobians, ends
    /// every evaluation exactly (every field, every bit: compared through `Debug`, which
    /// prints each float's shortest round-trip form) as a fresh record does.
    #[test]
    fn a_reused_record_gives_the_bits_of_a_fresh_one() {
        let m = model();
        let env = Env {
            model: &m,
            q: &m.q,
            v: &m.v,
        };
        let s = |index| PrimId::Sphere(SpherePrim { index });
        let ground = PrimId::Plane(PlanePrim { index: 0 });
        let cases = [
            (chain("granular.ron"), s(0), s(1)),
            (chain("granular_plane.ron"), s(0), ground),
            (chain("granular.ron"), s(1), s(2)),
            (chain("hertz_coulomb.ron"), s(0), s(1)),
            (chain("granular_plane.ron"), s(1), ground),
            (chain("linear_sphere_sphere.ron"), s(2), s(1)),
            (chain("granular_rolling.ron"), s(0), s(2)),
        ];
        let step = Coefficients::bdf2(1e-4);
        let mut reused = ContactCtx::new(s(0), s(1), PairMemory::default(), 1.0, true);
        let mut jacobians = 0;
        for round in 0..3 {
            for (k, (c, a, b)) in cases.iter().enumerate() {
                let want = (k + round) % 3 != 1;
                let fresh = c.evaluate_step(&env, *a, *b, PairMemory::default(), &step, want);
                c.evaluate_into(
                    &env,
                    *a,
                    *b,
                    PairMemory::default(),
                    &step,
                    want,
                    &mut reused,
                );
                assert_eq!(format!("{reused:?}"), format!("{fresh:?}"), "case {k}");
                jacobians += usize::from(want && fresh.dfdx.iter().any(|&x| x != 0.0));
                if !want {
                    assert!(fresh.dfdx.iter().chain(&fresh.dfdv).all(|&x| x == 0.0));
                }
            }
        }
        assert!(jacobians >= 6, "the cases exert forces: {jacobians}");
    }

    /// Evaluating into the previous iterate's entries (reusing their boxes) gives what a
    /// fresh evaluation gives, with and without Jacobians, when the candidate set shrinks and
    /// grows again.
    #[test]
    fn evaluations_into_reused_entries_keep_the_bits() {
        use crate::contact::primitive::BodyGroup;
        use crate::contact::set::{ContactBinding, ContactModel, ContactSet};
        let m = model();
        let binding = |file: &str, second| ContactBinding {
            chain: chain(file),
            first: BodyGroup::Spheres(vec![0, 1, 2]),
            second,
            keep_distance: 1e-3,
            excluded: Vec::new(),
            self_exclusion: Default::default(),
            redetect: Default::default(),
        };
        let mut set = ContactSet::new(vec![
            binding("granular.ron", BodyGroup::Spheres(vec![0, 1, 2])),
            binding("granular_plane.ron", BodyGroup::Planes(vec![0])),
        ])
        .unwrap();
        set.detect(&m, &m.q);
        assert!(set.candidates().len() >= 5, "{:?}", set.candidates());
        let step = Coefficients::bdf2(1e-4);
        // The spheres moved apart: fewer candidates, more beyond reach.
        let mut apart = m.q.clone();
        for (i, s) in m.bodies.spheres.iter().enumerate() {
            apart[s.offset] += 0.012 * i as f64;
        }
        let mut out = Vec::new();
        for (q, want) in [(&m.q, true), (&m.q, false), (&apart, true), (&m.q, true)] {
            let fresh = set.evaluate(&m, q, &m.v, &step, want);
            set.evaluate_into(&m, q, &m.v, &step, want, &mut out);
            assert_eq!(format!("{out:?}"), format!("{fresh:?}"));
            assert!(
                fresh
                    .iter()
                    .any(|c| c.active && (c.block.is_some() == want))
            );
        }
        let mut fewer = set.clone();
        fewer.detect(&m, &apart);
        let fresh = fewer.evaluate(&m, &m.q, &m.v, &step, true);
        assert!(fresh.len() < out.len());
        fewer.evaluate_into(&m, &m.q, &m.v, &step, true, &mut out);
        assert_eq!(format!("{out:?}"), format!("{fresh:?}"));
    }

    /// The block written in place is the matrix expression's, bit for bit, in every mode.
    #[test]
    fn system_block_in_place_keeps_the_bits() {
        use crate::contact::core::Mat12;
        use crate::contact::ctx::MatrixMode;
        let mut rng = crate::verify::Rng::new(11);
        let s = PrimId::Sphere(SpherePrim { index: 0 });
        let mut ctx = ContactCtx::new(s, s, PairMemory::default(), 1e-3, true);
        ctx.dfdx.iter_mut().for_each(|x| *x = 1e4 * rng.signed());
        ctx.dfdv.iter_mut().for_each(|x| *x = rng.signed());
        let c = Coefficients::bdf2(3e-4);
        for mode in [
            MatrixMode::Static,
            MatrixMode::Underdamped { implicitness: 0.7 },
            MatrixMode::Overdamped { implicitness: 0.3 },
        ] {
            ctx.matrix_mode = mode;
            let expect: Mat12 = match mode {
                MatrixMode::Static => -(ctx.dfdx * c.x),
                MatrixMode::Underdamped { implicitness } => {
                    c.system_block(&ctx.dfdx, &ctx.dfdv) * implicitness
                }
                MatrixMode::Overdamped { implicitness } => {
                    -(ctx.dfdx * implicitness * c.x + ctx.dfdv / c.v_div)
                }
            };
            let got = ctx.system_block(&c);
            for (a, b) in got.iter().zip(expect.iter()) {
                assert_eq!(a.to_bits(), b.to_bits(), "{mode:?}");
            }
        }
    }
}
