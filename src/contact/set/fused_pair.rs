//! The fused capsule path: one rod–rod pair of a plain IMC or IPC chain (see
//! [`fused_plan`](super::fused_plan)) evaluated straight through — bind both edges, resolve
//! Lumelsky's segment distance (seed 001 §3.2, Eqs. 10–13), the normal law (`N_IMC`: seed 001
//! Eq. 9 in the form of App. B.1; `N_IPC`: Li et al. 2020, Eq. 6, on the gap), the friction law
//! (`T_IMC`: seed 001 Eqs. 14–21; `T_IPC`: Li et al. 2020 §5, Eqs. 12–16), assemble.
//!
//! Every number comes from the functions the generic chain loop calls, in the same order: the
//! segment kernel, [`set_geometry`], the laws' own `evaluate` (through [`evaluate_in_role`],
//! which keeps friction apart for the energy balance), and the same [`write_local`] — so a
//! pair gives the same bits on either path (`fused_tests` checks forces, energies, gaps,
//! Jacobian blocks and memory over point–point, point–edge and edge–edge pairs, apart and
//! overlapping, sticking and slipping). What is left out is what cannot apply to such a pair:
//! * the second segment resolution of a pair within reach when no Jacobian is asked for (a
//!   line-search trial): the generic path resolves each pair once, value only, to skip those
//!   beyond reach, then again in `Capsule_Capsule`; here the value-only result serves both (the
//!   resolver without Jacobians computes exactly it). With Jacobians the resolver runs again
//!   with its Hessian, as on the generic path: resolving every candidate with a Hessian up
//!   front would waste it on the pairs beyond reach, most candidates of a sparse scene;
//! * building and moving a 1.3 kB distance result per pair (each worker reuses one, whose
//!   Hessian is zeroed only when it is computed);
//! * the generic record reset (every field of a record that may have served any chain) and
//!   the data binding's material, plane, spin and rigid-surface lookups, which these laws do not
//!   read;
//! * the dispatch over every built-in element, seven times per pair, and the checks of elements
//!   that cannot reject.
//!
//! A pair whose side is not a deformable capsule (a rigid body's edge, whose binding and
//! resolver differ) is left to the generic path.

use super::evaluate::{beyond_reach, write_local};
use super::fused_plan::{CapsuleLaws, CapsulePlan, FrictionLaw, NormalLaw};
use super::store::MemoryStore;
use super::{ContactBinding, LocalContact, PairKey};
use crate::contact::chain::evaluate_in_role;
use crate::contact::core::{ContactMaterial, NO_DOF, NonConservative, PrimId, PrimKind, Vec12};
use crate::contact::ctx::{ContactCtx, MatrixMode};
use crate::contact::distance::{Distance, segment_segment_reusing};
use crate::contact::element::{ElementSet, Env};
use crate::contact::primitive::{Primitive, vec_at};
use crate::contact::resolve::set_geometry;
use crate::time::Coefficients;

/// What one worker of an evaluation keeps for the fused path: the laws of the binding of its
/// last pair (candidates come sorted by binding), read from the chain when a worker meets the
/// binding (adaptive stiffnesses change between steps, never within an evaluation), and the
/// segment kernel's result, reused from pair to pair (allocated at the first fused pair).
pub(super) struct FusedWorker<'a, E> {
    bindings: &'a [ContactBinding<E>],
    plans: &'a [Option<CapsulePlan>],
    laws: Option<(u32, Option<CapsuleLaws<'a>>)>,
    distance: Option<Box<Distance<12>>>,
}

impl<'a, E: ElementSet> FusedWorker<'a, E> {
    /// A worker over `bindings`, whose fused plans are `plans` (empty: none takes the path).
    pub(super) fn new(bindings: &'a [ContactBinding<E>], plans: &'a [Option<CapsulePlan>]) -> Self {
        Self {
            bindings,
            plans,
            laws: None,
            distance: None,
        }
    }

    /// Evaluates the candidate `key` at the iterate `env` into `lc` when it takes the fused path,
    /// in the worker's record `ctx` (shared with the generic path); `false` (nothing written)
    /// when it does not: its chain has no fused plan, or a side is not a deformable capsule.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn evaluate(
        &mut self,
        env: &Env,
        key: &PairKey,
        store: &MemoryStore,
        step: &Coefficients,
        want_jacobian: bool,
        ctx: &mut ContactCtx,
        lc: &mut LocalContact,
    ) -> bool {
        let b = key.binding;
        let laws = match self.laws {
            Some((at, laws)) if at == b => laws,
            _ => {
                let laws = self
                    .plans
                    .get(b as usize)
                    .copied()
                    .flatten()
                    .and_then(|p| p.laws(&self.bindings[b as usize].chain));
                self.laws = Some((b, laws));
                laws
            }
        };
        let Some(laws) = laws else {
            return false;
        };
        if !(deformable_capsule(&key.first) && deformable_capsule(&key.second)) {
            return false;
        }
        let d = self
            .distance
            .get_or_insert_with(|| Box::new(Distance::zero()));
        laws.evaluate(env, key, store, step, want_jacobian, ctx, d, lc);
        true
    }
}

impl CapsuleLaws<'_> {
    /// Evaluates the capsule pair `key` at the iterate `env` into `lc`, in the record `ctx` and
    /// with the segment kernel's result `d`, both reused from pair to pair.
    #[allow(clippy::too_many_arguments)]
    fn evaluate(
        &self,
        env: &Env,
        key: &PairKey,
        store: &MemoryStore,
        step: &Coefficients,
        want_jacobian: bool,
        ctx: &mut ContactCtx,
        d: &mut Distance<12>,
        lc: &mut LocalContact,
    ) {
        let dofs = [
            bind(env, &key.first, 0, ctx),
            bind(env, &key.second, 1, ctx),
        ];
        // The prefilter: the resolver's distance, value only, and its gap `Δ − r₁ − r₂`.
        let x = &ctx.x;
        segment_segment_reusing(&x[0], &x[1], &x[2], &x[3], false, d);
        let gap = d.distance - ctx.radius[0] - ctx.radius[1];
        if self.method.skips(gap) {
            *lc = beyond_reach(key, gap);
            return;
        }
        // Capsule_Capsule: that same resolution without Jacobians, again with its Hessian
        // when they are asked for.
        if want_jacobian {
            segment_segment_reusing(&x[0], &x[1], &x[2], &x[3], true, d);
        }
        start(ctx, key, step, want_jacobian);
        bind_velocities(env, &dofs, ctx);
        set_geometry(ctx, d, &[0, 1, 2, 3], false);
        ctx.memory = store.start(key, self.layout).fresh();
        let (normal, role, slot) = self.normal;
        ctx.slot = slot;
        match normal {
            NormalLaw::Imc(law) => evaluate_in_role(law, role, env, ctx),
            NormalLaw::Ipc(law) => evaluate_in_role(law, role, env, ctx),
        }
        if let (false, Some((law, role, slot))) = (ctx.reject, self.friction) {
            ctx.slot = slot;
            match law {
                FrictionLaw::Imc(law) => evaluate_in_role(law, role, env, ctx),
                FrictionLaw::Ipc(law) => evaluate_in_role(law, role, env, ctx),
            }
        }
        if !ctx.reject {
            // AssembleForces, AssembleContactMatrix.
            ctx.assemble_forces = [true, true];
            ctx.assemble_matrix = true;
        }
        ctx.slot = None;
        write_local(key, ctx, lc);
    }
}

/// Whether `id` is bound by the capsule data elements as two free-standing points (a rod or
/// shell edge; a rigid body's edge binds through its body).
fn deformable_capsule(id: &PrimId) -> bool {
    matches!(id, PrimId::RodEdge(_) | PrimId::ShellEdge(_))
}

/// Makes `ctx` the record [`ContactCtx::reset`] gives for a capsule pair, except for the fields
/// the binding and the resolver write next (points, velocities, DOFs, radii, geometry, memory):
/// the 12×12 matrices are zeroed only when the last evaluation in this record wrote them, and
/// `∇²Δ` not when the resolver is about to write all of it. The sides' materials are left at
/// their defaults (no law of a fused chain reads them), with the kinds the data elements give.
fn start(ctx: &mut ContactCtx, key: &PairKey, step: &Coefficients, want_jacobian: bool) {
    if ctx.want_jacobian {
        if !want_jacobian {
            ctx.hess.as_mut_slice().fill(0.0);
        }
        ctx.dfdx.as_mut_slice().fill(0.0);
        ctx.dfdv.as_mut_slice().fill(0.0);
    }
    ctx.prim = [key.first, key.second];
    ctx.kinds = [Some(PrimKind::Capsule); 2];
    ctx.points = [2, 2];
    ctx.spins = [None; 2];
    ctx.material = [ContactMaterial::default(); 2];
    ctx.plane = None;
    ctx.rigid = [None, None];
    ctx.dt = step.dt;
    ctx.step = *step;
    ctx.want_jacobian = want_jacobian;
    ctx.normal_force = 0.0;
    ctx.force = Vec12::zeros();
    ctx.energy = 0.0;
    ctx.nonconservative = NonConservative::default();
    ctx.max_step = 1.0;
    ctx.matrix_mode = MatrixMode::default();
    ctx.assemble_forces = [false; 2];
    ctx.assemble_matrix = false;
    ctx.reject = false;
    ctx.feedback = 0.0;
    ctx.slot = None;
}

/// `Deformable_Capsule_{1,2}_Data` for a deformable capsule (see [`Primitive::bind`]): side
/// `side`'s two points with their positions and first DOFs ([`NO_DOF`] where constrained), and
/// its radius; their velocities follow in [`bind_velocities`], once the pair is known to be
/// within reach. Returns the points' first DOFs.
fn bind(env: &Env, id: &PrimId, side: usize, ctx: &mut ContactCtx) -> [usize; 2] {
    let model = env.model;
    let (d, radius) = match id {
        PrimId::RodEdge(p) => (p.point_dofs(model), p.radius(model)),
        PrimId::ShellEdge(p) => (p.point_dofs(model), p.radius(model)),
        _ => unreachable!("only deformable capsules take the fused path"),
    };
    debug_assert_eq!(d.n, 2, "a capsule has two points");
    for (j, &dof) in d.as_slice().iter().enumerate() {
        let k = 2 * side + j;
        ctx.x[k] = vec_at(env.q, dof);
        ctx.dof[k] = if model.dofs.is_constrained(dof) {
            NO_DOF
        } else {
            dof as u32
        };
    }
    ctx.radius[side] = radius;
    [d.dofs[0], d.dofs[1]]
}

/// The velocities of the points [`bind`] bound, from their first DOFs `dofs` (per side; a
/// constrained point's too: it keeps its prescribed velocity).
fn bind_velocities(env: &Env, dofs: &[[usize; 2]; 2], ctx: &mut ContactCtx) {
    for (k, &dof) in dofs.iter().flatten().enumerate() {
        ctx.v[k] = vec_at(env.v, dof);
    }
}
