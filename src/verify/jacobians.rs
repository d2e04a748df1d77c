//! [`jacobians`]: every element of a chain against central finite differences, over random
//! configurations of the chain's pair type.
//!
//! **What "each element" means.** The chain is run up to element `k`; the accumulated force,
//! Jacobians and energy just before `k` runs are subtracted from those just after, which leaves
//! `k`'s own contribution `f_k`, `∂f_k/∂x`, `∂f_k/∂v`, `E_k`. It is computed from everything the
//! elements before it wrote (geometry, `normal_force`, the accumulated normal force that IMC
//! friction reads, history). Perturbing the state and running the same prefix differentiates
//! `f_k` *including* its dependence on earlier elements (a friction law's `∂F_n/∂x` term),
//! which is exactly what the element must add. An element whose contribution is not additive
//! (one that rescales the accumulated force) is still checked correctly: its "contribution" is
//! then the change it makes, and the difference of the derivatives is the derivative of the
//! difference.
//!
//! Per element and configuration three errors are measured (relative, Frobenius,
//! `‖a − b‖ / max(‖a‖, ‖b‖)`):
//! - `∂f/∂x` against central differences of `f_k` in positions;
//! - `∂f/∂v` against central differences of `f_k` in velocities;
//! - for conservative elements that report an energy, `f_k` against `−dE_k/dq` taken along the
//!   implicit-Euler path (`q + h`, `v + h/Δt`), the gradient an energy line search sees.
//!
//! Resolvers (elements that give the contact geometry) are checked the same way on what they
//! write: `∇²Δ` against differences of `∇Δ`, and `∇Δ` against differences of `Δ`.
//!
//! Each difference is taken with a ladder of steps (positions 10⁻⁶ … 10⁻¹¹ m, velocities
//! 10⁻⁴ … 10⁻⁹ m/s, along the path the smaller of the position step and Δt times the velocity
//! step), stopping at the first that agrees to a tenth of the tolerance; the smallest error is
//! kept. A wrong derivative disagrees at every step; a right one agrees at the step that
//! balances truncation (O(h²)) against round-off (O(ε/h)).
//!
//! An element's contribution is added to what the chain has accumulated, in floating point, so
//! its differences carry the round-off of the sum: an element whose block is smaller than
//! 10⁻⁴ of the accumulated block (a friction force 10⁻⁶ of the normal force at a creeping
//! contact) has its errors measured relative to that 10⁻⁴ of the accumulated block, not to its
//! own vanishing block. For the same reason the Jacobian errors of an element and of the chain
//! total leave out the round-off bound `2ε‖f‖/h` of a difference with step `h` of a force
//! accumulated to `‖f‖`: a large force that does not depend on the perturbed variable (a
//! lagged IPC friction force, with λ from a nearly touching lagging point, in the position
//! differences) contributes only that round-off.
//! A step whose perturbations make the prefix reject the pair (a contact boundary, where the
//! force is not differentiable) is skipped; a configuration in which every step does is skipped
//! for that element and counted.
//!
//! **Rigid bodies.** For a chain that may be bound to a rigid body's surface (its pair type
//! one a rigid body takes part in, and no element or CCD method the scene builder refuses
//! there, [`Chain::rigid_refusal`]), one configuration in four puts the probe model's rigid box
//! on one side ([`rigid_configuration`](super::rigid_configuration)), in a random pose at a
//! finite step rotation. The check then perturbs the box's centre and its rotation DOFs `θ`,
//! and compares in `θ` (see [`super::rotation`]): an element's `∂f/∂x` as the chain ends
//! ([`ContactCtx::finish_rigid`]), the resolver's `∇²Δ` turned by `J_l(φ)`, and gradients
//! (`∇Δ`, and a conservative force against its energy) with their torque-form rows turned by
//! `J_lᵀ`. The report counts those configurations as `rigid` among the cases, and keeps each
//! row's worst error over them apart ([`Row::rigid`](super::Row::rigid)).
//!
//! Before each configuration the adaptive elements see one
//! [`Adaptive::begin_step`](crate::contact::Adaptive::begin_step): the state is the
//! configuration, the step's non-contact forces are the weights of the pair's points under
//! g = 9.81 m/s², and the step's pairs are this pair alone (so adaptive stiffnesses, IMC's
//! `k = scale·max|F|` and IPC's κ, take a definite value). Per-pair memory is, in turn, fresh,
//! the memory committed after 1–3 previous steps along the velocity, or that of 1–3 previous
//! steps along a path whose side-2 points were displaced tangentially by a random
//! 10⁻⁷…10⁻³ m (a loaded or slipping friction spring, an established adhesive neck): the memory
//! of any element type, whatever it holds, without the checker knowing its fields.

use super::compare::{Gradient, Outcome, compare};
use super::configuration::{Regime, Rng, configuration, probe_model};
use super::finite_difference::{Direction, Probe};
use super::memory::{begin_step, memory_for};
use super::prefix::{Floors, run_prefix};
use super::report::{Checked, Location, Options, Report, Row, VerifyError};
use super::rigid::{rigid_configuration, rigid_index, rigid_supported};
use super::rotation::ThetaRule;
use crate::contact::distance::ContactType;
use crate::contact::relative_weights;
use crate::contact::{Caps, Chain, ContactCtx, ElementSet, Env, Mat12};
use crate::math::Vec3;
use crate::run::Stop;

/// Relative tangential speed at the contact (m/s): the sides' velocities interpolated at the
/// closest points (β on segments, barycentric coordinates on a triangle; a rigid side's centre
/// velocity plus `ω × b` at its closest surface point `c + b`), minus their normal part.
fn tangential_speed(ctx: &ContactCtx) -> f64 {
    let w = relative_weights(ctx, ctx.beta, ctx.bary);
    let mut rel: Vec3 = (0..ctx.n_points()).map(|k| ctx.v[k] * w[k]).sum();
    for (side, sign) in [(0, 1.0), (1, -1.0)] {
        if let (Some(r), Some(k)) = (&ctx.rigid[side], ctx.spins[side]) {
            rel += ctx.v[k].cross(&r.lever_base) * sign;
        }
    }
    (rel - ctx.normal * ctx.normal.dot(&rel)).norm()
}

/// Checks every element of `chain` against central finite differences on
/// `options.samples` random configurations of the chain's pair type (see the module docs).
///
/// Works for any [`ElementSet`], so a crate with its own elements (see
/// [`crate::element_set!`]) checks them with the same call.
///
/// ```
/// use catena::contact::{Builtin, Chain};
/// use catena::verify::{Options, jacobians};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let chain = Chain::<Builtin>::parse(
///     "Chain(name: \"lin\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
///         N_LinearForce(stiffness: 1e4, damping: 0.5), AssembleForces])",
///     std::path::Path::new("lin.ron"),
/// )?;
/// let report = jacobians(&chain, &Options { samples: 40, ..Options::default() })?;
/// println!("{report}");
/// assert!(report.passed());
/// assert!(report.row("N_LinearForce").unwrap().acted > 10);
/// # Ok(())
/// # }
/// ```
pub fn jacobians<E: ElementSet>(
    chain: &Chain<E>,
    options: &Options,
) -> Result<Report, VerifyError> {
    jacobians_until(chain, options, None)
}

/// [`jacobians`], stopping before the next configuration once `stop` is requested (e.g. by
/// Ctrl-C): then [`VerifyError::Interrupted`].
pub fn jacobians_until<E: ElementSet>(
    chain: &Chain<E>,
    options: &Options,
    stop: Option<&Stop>,
) -> Result<Report, VerifyError> {
    let (tol, dt) = (options.tolerance, options.dt);
    if !(tol > 0.0 && dt > 0.0 && options.samples > 0) {
        return Err(VerifyError::BadOptions(format!(
            "need samples > 0, tolerance > 0 and dt > 0, got {}, {tol}, {dt}",
            options.samples
        )));
    }
    let kinds = chain.kinds();
    // A rounded-triangle chain (its resolver gives a polygon, not a distance with derivatives)
    // is probed on its own placements, gated by its resolver.
    let rounded = super::rounded::rounded_radii(chain.elements());
    if rounded.is_none() && !super::configuration::supported(kinds) {
        return Err(VerifyError::UnsupportedPair(kinds.0, kinds.1));
    }
    let model = probe_model();
    let reach = chain.method().reach;
    // Methods whose line search keeps every gap positive are never evaluated in overlap.
    let overlaps = !chain.method().needs_ccd();
    let geometry_at = chain
        .elements()
        .iter()
        .position(|e| e.gives().caps.contains(Caps::GEOMETRY));
    let gate_at = geometry_at.or_else(|| {
        rounded.and_then(|_| {
            chain
                .elements()
                .iter()
                .position(|e| e.gives().caps.contains(Caps::POLYGON))
        })
    });
    let mut rows: Vec<Row> = chain
        .elements()
        .iter()
        .enumerate()
        .map(|(k, e)| {
            let checked = if Some(k) == geometry_at {
                Checked::Geometry
            } else {
                Checked::Element
            };
            Row::new(Some(k + 1), e.doc().name, checked)
        })
        .collect();
    let mut total = Row::new(None, "chain total", Checked::Total);
    // A pair with points beyond the four slots (two triangles): its force and Jacobians over
    // all of its coordinates (see `super::wide`).
    let mut six_nodes = chain
        .method()
        .wide_pair
        .then(|| Row::new(None, "chain total, six nodes", Checked::Total));
    let conservative = chain.method().conservative;
    let rigid = rounded.is_none() && rigid_supported(kinds) && chain.rigid_refusal().is_none();
    let mut rng = Rng::new(options.seed);

    for i in 0..options.samples {
        if let Some(signal) = stop.and_then(Stop::requested) {
            return Err(VerifyError::Interrupted { signal, done: i });
        }
        let cfg = match rigid_index(i).filter(|_| rigid) {
            Some(j) => rigid_configuration(&model, &mut rng, kinds, reach, overlaps, j)
                .expect("a rigid body takes part in the pair type"),
            None => match rounded {
                Some(r_t) => super::rounded::rounded_configuration(
                    &model, &mut rng, kinds, r_t, reach, overlaps, i,
                ),
                None => configuration(&model, &mut rng, kinds, reach, overlaps, i),
            },
        };
        let mut ch = chain.clone();
        begin_step(&mut ch, &model, &cfg, dt);
        let (history, history_kind) = memory_for(&ch, &model, &cfg, &mut rng, i, dt);
        let env = Env {
            model: &model,
            q: &cfg.q,
            v: &cfg.v,
        };
        let Some(geo) = gate_at
            .and_then(|g| run_prefix(&ch, g, false, &env, &cfg, history, dt, false))
            .map(|(c, _)| c)
        else {
            continue;
        };
        let at = Location {
            sample: i,
            contact_type: geo.contact_type,
            gap: geo.gap,
            tangential_speed: tangential_speed(&geo),
            history: history_kind,
            rigid: cfg.rigid,
        };
        let (dofs, n) = (geo.dof, geo.n_slots());
        // ψ → θ on a rigid side, at the configuration.
        let rule = ThetaRule::of(&geo);
        let acted = |row: &mut Row, outcome: Outcome| match outcome {
            Outcome::Idle => {}
            Outcome::Boundary => row.at_boundary += 1,
            Outcome::Errors(ex, ev, eg) => {
                row.acted += 1;
                row.dfdx.update(ex, at);
                row.dfdv.update(ev, at);
                if let Some(e) = eg {
                    row.gradient.update(e, at);
                    row.gradient_checked += 1;
                }
                let case = match at.contact_type {
                    ContactType::PointPoint => "PP",
                    ContactType::PointEdge => "PE",
                    ContactType::EdgeEdge => "EE",
                    ContactType::PointPlane => "plane",
                    ContactType::PointFace => "PF",
                    ContactType::Intersecting => "intersecting",
                };
                *row.cases.entry(case).or_default() += 1;
                let regime = match cfg.regime {
                    Regime::Overlap => "overlap",
                    Regime::Separation => "separation",
                };
                *row.cases.entry(regime).or_default() += 1;
                if cfg.rigid {
                    *row.cases.entry("rigid").or_default() += 1;
                    let worst = [ex, ev, eg.unwrap_or(0.0)]
                        .into_iter()
                        .map(|e| if e.is_nan() { f64::INFINITY } else { e })
                        .fold(0.0, f64::max);
                    row.rigid.update(worst, at);
                }
                row.speeds.0 = row.speeds.0.min(at.tangential_speed);
                row.speeds.1 = row.speeds.1.max(at.tangential_speed);
            }
        };
        for (k, row) in rows.iter_mut().enumerate() {
            let outcome = match row.checked {
                Checked::Geometry => {
                    let mut probe = |q: &[f64], v: &[f64]| {
                        let env = Env {
                            model: &model,
                            q,
                            v,
                        };
                        run_prefix(&ch, k, false, &env, &cfg, history, dt, true).map(|(c, _)| {
                            Probe {
                                scalar: c.distance,
                                vector: c.grad,
                                d_dx: ThetaRule::of(&c).columns(&c.hess),
                                d_dv: Mat12::zeros(),
                            }
                        })
                    };
                    let gradient = Some(Gradient {
                        direction: Direction::Position,
                        sign: 1.0,
                        rule,
                    });
                    compare(
                        &mut probe,
                        &cfg,
                        &dofs,
                        n,
                        gradient,
                        Floors::default(),
                        tol,
                        dt,
                    )
                }
                Checked::Element | Checked::Total => {
                    let mut probe = |q: &[f64], v: &[f64]| {
                        let env = Env {
                            model: &model,
                            q,
                            v,
                        };
                        run_prefix(&ch, k, true, &env, &cfg, history, dt, true).map(|(c, _)| {
                            Probe {
                                scalar: c.energy,
                                vector: c.force,
                                d_dx: c.dfdx,
                                d_dv: c.dfdv,
                            }
                        })
                    };
                    let floors =
                        run_prefix(&ch, k, true, &env, &cfg, history, dt, true).map(|(_, f)| f);
                    match (probe(&cfg.q, &cfg.v), floors) {
                        (Some(p), Some(floors))
                            if p.vector.norm() + p.d_dx.norm() + p.d_dv.norm() > 0.0 =>
                        {
                            let gradient = (!ch.elements()[k].gives().dissipative
                                && p.scalar != 0.0)
                                .then_some(Gradient {
                                    direction: Direction::Path,
                                    sign: -1.0,
                                    rule,
                                });
                            compare(&mut probe, &cfg, &dofs, n, gradient, floors, tol, dt)
                        }
                        _ => Outcome::Idle,
                    }
                }
            };
            acted(row, outcome);
        }
        let mut probe = |q: &[f64], v: &[f64]| {
            let env = Env {
                model: &model,
                q,
                v,
            };
            let c = ch.evaluate(&env, cfg.first, cfg.second, history, dt, true);
            (!c.reject).then_some(Probe {
                scalar: c.energy,
                vector: c.force,
                d_dx: c.dfdx,
                d_dv: c.dfdv,
            })
        };
        let outcome = match probe(&cfg.q, &cfg.v) {
            Some(p) => {
                let gradient = (conservative && p.scalar != 0.0).then_some(Gradient {
                    direction: Direction::Path,
                    sign: -1.0,
                    rule,
                });
                let floors = Floors {
                    force: p.vector.norm(),
                    ..Floors::default()
                };
                compare(&mut probe, &cfg, &dofs, n, gradient, floors, tol, dt)
            }
            None => Outcome::Idle,
        };
        acted(&mut total, outcome);
        if let Some(row) = six_nodes.as_mut() {
            let mut probe = |q: &[f64], v: &[f64]| {
                let env = Env {
                    model: &model,
                    q,
                    v,
                };
                let c = ch.evaluate(&env, cfg.first, cfg.second, history, dt, true);
                super::wide::wide_probe(&c)
            };
            let full = ch.evaluate(&env, cfg.first, cfg.second, history, dt, true);
            if let Some(dofs) = super::wide::six_dofs(&full) {
                acted(row, super::wide::compare_wide(&mut probe, &cfg, &dofs, tol));
            }
        }
    }
    // Report resolvers, elements that added force somewhere, and force laws even when idle.
    let mut kept: Vec<Row> = rows
        .into_iter()
        .zip(chain.elements())
        .filter(|(r, e)| {
            r.checked == Checked::Geometry
                || r.acted + r.at_boundary > 0
                || e.gives().caps.contains(Caps::NORMAL_FORCE)
                || e.gives().caps.contains(Caps::TANGENTIAL_FORCE)
        })
        .map(|(r, _)| r)
        .collect();
    kept.push(total);
    kept.extend(six_nodes);
    Ok(Report {
        chain: chain.name().to_string(),
        file: chain.file().to_path_buf(),
        kinds,
        options: *options,
        rows: kept,
    })
}
