//! Finite-difference verification of a chain's force Jacobians on one pair.
//!
//! For one pair, the chain's analytic `∂f/∂x` and `∂f/∂v` are compared with central differences
//! of its force `f`, perturbing each free coordinate of the pair's points in the model state
//! (positions and, separately, velocities). A wrong Jacobian silently ruins Newton's quadratic
//! convergence; this check finds it in one call. [`crate::verify::jacobians`] runs the same
//! comparison element by element over random configurations.

use super::finite_difference::{Direction, Probe, differences, mask_columns};
use crate::contact::{Chain, ElementSet, Env, Mat12, PairMemory, PrimId};
use crate::model::Model;

/// Result of a Jacobian check on one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JacobianCheck {
    /// `‖∂f/∂x − FD‖_F / ‖∂f/∂x‖_F` (absolute when the analytic block vanishes).
    pub dfdx_error: f64,
    /// Same for `∂f/∂v`.
    pub dfdv_error: f64,
    /// `‖f‖` at the base state (N).
    pub force_norm: f64,
}

/// Checks the chain on the pair `(first, second)` at state `(q, v)`, with position step `h` (m)
/// and velocity step `10³·h` (m/s). Returns `None` when the
/// pair is rejected at the base state or when a perturbation crosses the rejection boundary
/// (the force is not differentiable there).
///
/// ```
/// use catena::contact::{Builtin, Chain, PairMemory, PrimId, SpherePrim};
/// use catena::verify::check_pair;
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let chain = Chain::<Builtin>::parse(
///     "Chain(name: \"lin\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
///         N_LinearForce(stiffness: 1e4, damping: 0.5), AssembleForces])",
///     std::path::Path::new("lin.ron"),
/// )?;
/// // Two spheres of radii 10 and 12 mm, 21.9 mm apart: 0.1 mm overlap.
/// let model = catena::verify::probe_model();
/// let mut q = model.q.clone();
/// let (s, t) = (&model.bodies.spheres[0], &model.bodies.spheres[1]);
/// q[s.offset..s.offset + 3].copy_from_slice(&[0.0, 0.0, 0.1]);
/// q[t.offset..t.offset + 3].copy_from_slice(&[0.0, 0.0219, 0.1]);
/// let v = vec![0.01; q.len()];
/// let a = PrimId::Sphere(SpherePrim { index: 0 });
/// let b = PrimId::Sphere(SpherePrim { index: 1 });
/// let c = check_pair(&chain, &model, &q, &v, a, b, PairMemory::default(), 1e-3, 1e-8)
///     .expect("the spheres overlap");
/// assert!(c.dfdx_error < 1e-6 && c.dfdv_error < 1e-6);
/// # Ok(())
/// # }
/// ```
#[allow(clippy::too_many_arguments)]
pub fn check_pair<E: ElementSet>(
    chain: &Chain<E>,
    model: &Model,
    q: &[f64],
    v: &[f64],
    first: PrimId,
    second: PrimId,
    memory: PairMemory,
    dt: f64,
    h: f64,
) -> Option<JacobianCheck> {
    // Forces are at most mildly nonlinear in velocity, and ∂f/∂v entries are small (damping
    // coefficients): a larger step keeps round-off out of the difference quotient.
    let h_v = h * 1e3;
    let mut probe = |q: &[f64], v: &[f64]| {
        let env = Env { model, q, v };
        let ctx = chain.evaluate(&env, first, second, memory, dt, true);
        (!ctx.reject).then_some(Probe {
            scalar: ctx.energy,
            vector: ctx.force,
            d_dx: ctx.dfdx,
            d_dv: ctx.dfdv,
        })
    };
    let base = {
        let env = Env { model, q, v };
        chain.evaluate(&env, first, second, memory, dt, true)
    };
    if base.reject {
        return None;
    }
    let n = base.n_slots();
    let (fdx, _) = differences(&mut probe, q, v, &base.dof, n, Direction::Position, h, dt)?;
    let (fdv, _) = differences(&mut probe, q, v, &base.dof, n, Direction::Velocity, h_v, dt)?;
    // Compare only the columns of free coordinates.
    let mask = |m: &Mat12| mask_columns(m, &base.dof, n);
    let rel = |a: &Mat12, b: &Mat12| {
        let den = a.norm();
        let num = (a - b).norm();
        if den > 1e-300 { num / den } else { num }
    };
    Some(JacobianCheck {
        dfdx_error: rel(&mask(&base.dfdx), &fdx),
        dfdv_error: rel(&mask(&base.dfdv), &fdv),
        force_norm: base.force.norm(),
    })
}
