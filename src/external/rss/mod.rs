//! Regularized Stokeslet Segments (RSS): the hydrodynamic force of a viscous fluid at low
//! Reynolds number on every rod of the scene, with hydrodynamic interactions between all
//! segments of all rods (Cortez 2018; seed 001 App. A, Eqs. A.6–A.8, and Alg. 2 line 4).
//!
//! **Model.** The rods exert a force density `fⱼ` (N/m) on the fluid, linear along each edge.
//! No slip makes the fluid velocity at node `j` equal the node velocity `Uⱼ`, so, summing the
//! segment kernel ([`kernel`]) over every edge of every rod (Eq. A.6),
//!
//! `U = A f`,  `A` dense `3N × 3N` over all `N` rod nodes, `A_{jk} = (1/8πη) Σ_edges A₁/A₂`.
//!
//! The fluid pushes back on the rods with `Fⱼ = −fⱼ Δlⱼ` (N), `Δlⱼ` the current Voronoi length
//! of node `j` (Eq. A.8; the paper's `F^hydro = f Δl` is the force on the fluid). `Σ Fⱼ·Uⱼ =
//! −fᵀ D A f < 0`: the fluid dissipates. Twist DOFs get no hydrodynamic torque (as in the paper).
//! Spheres are not part of the fluid model.
//!
//! **Time integration.** As in Alg. 2, the force is explicit: it is computed once per step in
//! [`ExternalForce::begin_step`](super::ExternalForce::begin_step) from the positions and velocities at the start of the step and
//! held fixed through the Newton iterations, so its Jacobian is zero and its incremental
//! potential is the linear `−F·(z − q_origin)` at the evaluation point `z` (`−F·(q − qₙ)` under
//! implicit Euler). Under every integrator the force stays explicit (first order in time).
//!
//! **Regularisation.** `ε = 1.02 h` with `h` the radius of the rod that owns the segment (App. A,
//! after Cortez 2018), or one value for every segment when given.
//!
//! **Far field** (opt-in, [`RegularizedStokeslets::with_far_field`]): edges at least `κ` edge
//! lengths from a node take Simpson's rule instead of the exact moments, within
//! `(1 + 1/κ)/(30κ³)` per block ([`far_field`]).
//!
//! **Solve.** `A` is not symmetric: the collocation `A_{jk} = ∫ S(xⱼ − x(s)) φₖ(s) ds` differs
//! from `A_{kj}` wherever the rod is curved or near rod ends (each 3×3 block is symmetric, and
//! reciprocity holds only up to the discretisation), so Cholesky does not apply and `A f = U` is
//! solved through an LU factorisation with partial pivoting (faer). The factor is kept from step
//! to step: the rods move little in one step, so the LU of an earlier `A` is an excellent
//! preconditioner, and each step runs GMRES on `A f = U` preconditioned on the right by it
//! (each iteration one dense matrix–vector product in double precision and two triangular
//! solves, `O(N²)`; [`gmres`]), starting from `f` extrapolated from the last two steps (whose
//! residual is computed row by row as `A` is assembled, while each row is in cache: one pass
//! over `A` fewer), until `‖U − A f‖ ≤ 10⁻⁸ ‖U‖` — far below the `O(Δt)` error of holding the
//! force fixed over the step. GMRES keeps converging where stationary refinement
//! `f ← f + Ã⁻¹(U − A f)` would stall as the factor ages, so the factor is replaced only when
//! that is cheapest: once a solve costs more iterations than the factor's average cost per
//! solve, its factorisation included ([`refactor`]), the next solve factorises its own `A`
//! (`O(N³)`). The factor is computed in single precision (half the time and memory traffic):
//! it only preconditions, and the residuals are exact in double precision (mixed-precision
//! GMRES-based iterative refinement, Carson & Higham 2017).
//! `A` is assembled in parallel over its rows, each row four edges at a time in SIMD lanes
//! (`lanes`: a branch-free kernel and a logarithm of `+ − × ÷` and bit operations, `ln`, so
//! every lane computes the bits of the scalar code, with or without AVX2), the matrix–vector
//! product in parallel over rows with a fixed summation order, the factorisation in parallel
//! with faer (whose bits do not depend on the thread count) and the triangular solves on one
//! thread, so the force is bit-identical for any thread count.

mod assemble;
mod checkpoint;
mod far_field;
mod force;
mod gmres;
mod kernel;
mod lanes;
mod ln;
mod refactor;
mod solver;

pub use force::{DEFAULT_EPSILON_FACTOR, RegularizedStokeslets};
pub use solver::{RssStats, SOLVE_TOLERANCE};
