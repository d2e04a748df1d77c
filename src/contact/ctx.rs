//! `ContactCtx`: the record that flows through a chain, one per candidate pair.
//!
//! Local DOF layout: the pair is a list of up to four 3-slots. First the points, side 1's first
//! (a capsule has two points, a sphere or a point one, a plane none); then, in the slots left,
//! the angular velocity of each side that rotates (a rotating sphere; see
//! [`crate::contact::spin_slots`]). Slot `k` occupies local coordinates `3k..3k+3`; `dof[k]` is
//! the global index of its first coordinate (or [`NO_DOF`] when static), `x[k]`, `v[k]` its
//! position and velocity (for a rotation slot: the rotation `θ` and the angular velocity `ω`).
//! Every local vector or matrix is 12-sized; entries beyond `3·n_slots()` are zero.

use super::core::{
    ContactMaterial, Mat12, Memory, MemorySlot, NO_DOF, NonConservative, PairMemory, PrimId,
    PrimKind, Vec12,
};
use super::distance::ContactType;
pub use super::matrix_mode::MatrixMode;
pub use super::rigid_side::RigidSide;
pub use super::wide_pair::WidePair;
use crate::math::Vec3;
use crate::time::Coefficients;

/// The per-pair record of a chain evaluation.
///
/// Data elements fill the first group of fields, the resolver the second, laws add to the
/// third (force, Jacobians, energy, normal force; never overwrite what an earlier law added),
/// and assemblers read it. See [`crate::guide`] for what an element may read and must write.
///
/// ```
/// use catena::contact::{ContactCtx, MatrixMode, PairMemory, PlanePrim, PrimId, SpherePrim};
/// let sphere = PrimId::Sphere(SpherePrim { index: 0 });
/// let ground = PrimId::Plane(PlanePrim { index: 0 });
/// let mut ctx = ContactCtx::new(sphere, ground, PairMemory::default(), 1e-3, true);
/// use catena::time::Coefficients;
/// ctx.points = [1, 0]; // what Sphere_1_Data and Plane_2_Data bind
/// assert_eq!(ctx.n_points(), 1);
/// // A law adds a stiffness and a damping on the vertical coordinate of the sphere …
/// ctx.dfdx[(2, 2)] -= 1e4;
/// ctx.dfdv[(2, 2)] -= 0.5;
/// // … which enter the global Jacobian as −(∂f/∂x + ∂f/∂v / Δt) under implicit Euler.
/// ctx.matrix_mode = MatrixMode::Underdamped { implicitness: 1.0 };
/// assert!((ctx.system_block(&Coefficients::implicit_euler(1e-3))[(2, 2)] - (1e4 + 0.5 / 1e-3)).abs() < 1e-9);
/// ```
#[derive(Debug, Clone)]
pub struct ContactCtx {
    /// The two primitives.
    pub prim: [PrimId; 2],
    /// Kinds the data elements bound each side to.
    pub kinds: [Option<PrimKind>; 2],
    /// Number of points of each side.
    pub points: [usize; 2],
    /// Point positions (m).
    pub x: [Vec3; 4],
    /// Point velocities (m/s).
    pub v: [Vec3; 4],
    /// Global index of the first coordinate of each slot, or [`NO_DOF`].
    pub dof: [u32; 4],
    /// Local slot of the angular velocity of each side that rotates (after the points).
    pub spins: [Option<usize>; 2],
    /// Radius of each side (m); 0 for planes and bare points.
    pub radius: [f64; 2],
    /// Material of each side.
    pub material: [ContactMaterial; 2],
    /// Plane of side 2 (origin, unit normal) when it is a plane.
    pub plane: Option<(Vec3, Vec3)>,
    /// The surface of each side that is a rigid body's primitive.
    pub rigid: [Option<Box<RigidSide>>; 2],
    /// Time step (s).
    pub dt: f64,
    /// The time integrator's coefficients of the step (which scheme, `c_x`, `v_div`): positions
    /// are those of the evaluation point `z`, velocities `v(q)`, and `z − z_origin = h v` with
    /// `h = step.h()` (Δt under implicit Euler). Laws that integrate a history over the step
    /// read it here.
    pub step: Coefficients,
    /// Whether Jacobians are wanted in this evaluation.
    pub want_jacobian: bool,

    /// Distance Δ between the primitives' centre lines/points (m).
    pub distance: f64,
    /// Gap `Δ − r₁ − r₂` (m): negative when overlapping.
    pub gap: f64,
    /// Unit normal at contact, from side 1 towards side 2.
    pub normal: Vec3,
    /// Contact point (m): the middle of the overlap (or gap) along the normal.
    pub contact_point: Vec3,
    /// Parametric coordinates β₁, β₂ of the closest points on segments.
    pub beta: [f64; 2],
    /// Barycentric coordinates `(λ_a, λ_b, λ_c)` (`λ ≥ 0`, `Σλ = 1`) of the closest point on the
    /// pair's triangle side (a pair has at most one), in the order of its points: interior
    /// (PF), on an edge (`1 − β, β`) or at a vertex (one-hot); zeros when no side is a triangle.
    pub bary: [f64; 3],
    /// Which features are closest.
    pub contact_type: ContactType,
    /// ∇Δ over the local DOFs.
    pub grad: Vec12,
    /// ∇²Δ over the local DOFs.
    pub hess: Mat12,

    /// Magnitude of the normal force (N), set by normal laws, read by friction laws.
    pub normal_force: f64,
    /// Accumulated generalised force on the local DOFs (N).
    pub force: Vec12,
    /// Accumulated `∂f/∂x` (N/m).
    pub dfdx: Mat12,
    /// Accumulated `∂f/∂v` (N·s/m).
    pub dfdv: Mat12,
    /// Accumulated contact energy (J), for energy-based line searches.
    pub energy: f64,
    /// The part of `force` and `energy` added by friction and damping elements, filled by the
    /// chain from each element's [`EnergyRole`](super::EnergyRole) (elements do not write it).
    pub nonconservative: NonConservative,
    /// Largest safe fraction of the Newton step (CCD cap), 1 when unconstrained.
    pub max_step: f64,

    /// Contact-matrix mode.
    pub matrix_mode: MatrixMode,
    /// Which sides receive the assembled force (`AssembleForces`, `_1`, `_2`).
    pub assemble_forces: [bool; 2],
    /// Whether the contact matrix is assembled.
    pub assemble_matrix: bool,
    /// The contact was rejected (no force or matrix is assembled).
    pub reject: bool,
    /// Feedback to the detector: negative = distance until contact, positive = keep.
    pub feedback: f64,
    /// What `Assemble_VirialStress` recorded of the pair (`None` without the element).
    pub virial: Option<crate::contact::assemble::VirialRecord>,
    /// Contact area of the pair (m²) as the last normal law that computes one set it (0 when
    /// none did; see [`crate::contact::Caps::CONTACT_AREA`]).
    pub contact_area: f64,
    /// What `Assemble_ContactArea_1`/`_2` recorded of the pair (`None` without them).
    pub area_record: Option<crate::contact::assemble::ContactAreaRecord>,
    /// What a spring law with a rest length (`Spring`, `Spring_Damper`) recorded for
    /// `MaxwellFluidShell` and `SerialDashpot` (`None` without one, or when it rejected).
    pub spring: Option<crate::contact::normal::SpringRecord>,
    /// What `Assemble_SpringTension(1D)` recorded of the pair (`None` without it).
    pub spring_tension: Option<crate::contact::assemble::SpringTensionRecord>,
    /// What a rounded-triangle chain (`RoundedTriangle_*`, `N_*_Int`) declared and found
    /// (`None` in every other chain).
    pub rounded: Option<Box<crate::contact::normal::integrated::RoundedRecord>>,
    /// What a law weighted by side 1's current area share adds on that node's ring, beyond
    /// the pair's coordinates (`None` in every other chain; see
    /// [`crate::contact::normal::add_current_area_terms`]).
    pub ring: Option<Box<crate::contact::normal::RingTerm>>,
    /// Side 2's points beyond the four slots and the laws' terms over all of a two-triangle
    /// pair's coordinates (`None` in every other pair; see [`WidePair`]).
    pub wide: Option<Box<WidePair>>,
    /// The box of the last wide pair this record held, kept for the next (see
    /// [`ContactCtx::wide_part`]): a record evaluating pair after pair allocates once.
    wide_spare: Option<Box<WidePair>>,
    /// The pair's memory: every element's slot (starts as the committed memory, nothing
    /// written; only slots an element writes in this evaluation are committed). Elements read
    /// and write their own slot with [`ContactCtx::memory`] and [`ContactCtx::set_memory`].
    pub memory: PairMemory,
    /// The slot of the element being evaluated (set by the chain before each element).
    pub slot: Option<MemorySlot>,
}

impl ContactCtx {
    /// A fresh record for the pair `(first, second)`, under implicit Euler with step `dt` (set
    /// [`ContactCtx::step`] for another integrator).
    pub fn new(
        first: PrimId,
        second: PrimId,
        memory: PairMemory,
        dt: f64,
        want_jacobian: bool,
    ) -> Self {
        let step = Coefficients::implicit_euler(dt);
        let mut ctx = Self {
            prim: [first, second],
            kinds: [None, None],
            points: [0, 0],
            x: [Vec3::zeros(); 4],
            v: [Vec3::zeros(); 4],
            dof: [NO_DOF; 4],
            spins: [None; 2],
            radius: [0.0; 2],
            material: [ContactMaterial::default(); 2],
            plane: None,
            rigid: [None, None],
            dt,
            step,
            // Set by `reset`; false here so that it does not zero the fresh matrices again.
            want_jacobian: false,
            distance: f64::INFINITY,
            gap: f64::INFINITY,
            normal: Vec3::zeros(),
            contact_point: Vec3::zeros(),
            beta: [0.0; 2],
            bary: [0.0; 3],
            contact_type: ContactType::PointPoint,
            grad: Vec12::zeros(),
            hess: Mat12::zeros(),
            normal_force: 0.0,
            force: Vec12::zeros(),
            dfdx: Mat12::zeros(),
            dfdv: Mat12::zeros(),
            energy: 0.0,
            nonconservative: NonConservative::default(),
            max_step: 1.0,
            matrix_mode: MatrixMode::default(),
            assemble_forces: [false; 2],
            assemble_matrix: false,
            reject: false,
            feedback: 0.0,
            virial: None,
            contact_area: 0.0,
            area_record: None,
            spring: None,
            spring_tension: None,
            rounded: None,
            ring: None,
            wide: None,
            wide_spare: None,
            memory,
            slot: None,
        };
        ctx.reset(first, second, memory, &step, want_jacobian);
        ctx
    }

    /// Makes this record what [`ContactCtx::new`] gives for the pair `(first, second)` under
    /// the integrator coefficients `step`, in place: a chain evaluation reuses one record per
    /// thread rather than building (and moving) a fresh one of ~4.5 kB per pair.
    ///
    /// The three 12×12 matrices are zeroed only when the last evaluation wanted Jacobians:
    /// elements write `∂f/∂x`, `∂f/∂v` and `∇²Δ` only when [`ContactCtx::want_jacobian`] is
    /// set (the [`ChainElement`](super::ChainElement) contract), so after an evaluation
    /// without them (a line-search trial) they are still zero.
    pub fn reset(
        &mut self,
        first: PrimId,
        second: PrimId,
        memory: PairMemory,
        step: &Coefficients,
        want_jacobian: bool,
    ) {
        if self.want_jacobian {
            self.hess.as_mut_slice().fill(0.0);
            self.dfdx.as_mut_slice().fill(0.0);
            self.dfdv.as_mut_slice().fill(0.0);
        }
        self.prim = [first, second];
        self.kinds = [None, None];
        self.points = [0, 0];
        self.x = [Vec3::zeros(); 4];
        self.v = [Vec3::zeros(); 4];
        self.dof = [NO_DOF; 4];
        self.spins = [None; 2];
        self.radius = [0.0; 2];
        self.material = [ContactMaterial::default(); 2];
        self.plane = None;
        self.rigid = [None, None];
        self.dt = step.dt;
        self.step = *step;
        self.want_jacobian = want_jacobian;
        self.distance = f64::INFINITY;
        self.gap = f64::INFINITY;
        self.normal = Vec3::zeros();
        self.contact_point = Vec3::zeros();
        self.beta = [0.0; 2];
        self.bary = [0.0; 3];
        self.contact_type = ContactType::PointPoint;
        self.grad.as_mut_slice().fill(0.0);
        self.normal_force = 0.0;
        self.force.as_mut_slice().fill(0.0);
        self.energy = 0.0;
        self.nonconservative = NonConservative::default();
        self.max_step = 1.0;
        self.matrix_mode = MatrixMode::default();
        self.assemble_forces = [false; 2];
        self.assemble_matrix = false;
        self.reject = false;
        self.feedback = 0.0;
        self.virial = None;
        self.contact_area = 0.0;
        self.area_record = None;
        self.spring = None;
        self.spring_tension = None;
        self.rounded = None;
        self.ring = None;
        if let Some(w) = self.wide.take() {
            self.wide_spare = Some(w);
        }
        // Laws with memory mark their slot written each time they write it.
        self.memory = memory.fresh();
        self.slot = None;
    }

    /// The pair's [`WidePair`], made empty on first use in the box an earlier pair left.
    pub fn wide_part(&mut self) -> &mut WidePair {
        self.wide.get_or_insert_with(|| {
            let mut w = self.wide_spare.take().unwrap_or_default();
            *w = WidePair::default();
            w
        })
    }

    /// The memory of the element being evaluated, as its type `M` (the committed value, or
    /// what the element wrote earlier in this evaluation).
    ///
    /// # Panics
    /// When the element declared no memory in its [`Needs`](super::Needs), or one of another
    /// size: a bug of the element, which its first test shows.
    pub fn memory<M: Memory>(&self) -> M {
        let slot = self
            .slot
            .expect("an element read per-pair memory without declaring it in its Needs");
        self.memory.read(&slot)
    }

    /// Writes the memory of the element being evaluated (the trial, committed with the step).
    ///
    /// # Panics
    /// As [`ContactCtx::memory`].
    pub fn set_memory<M: Memory>(&mut self, m: &M) {
        self.write_memory(m, true);
    }

    /// Writes the memory of the element being evaluated; it is committed with the step only
    /// when `commit` (or when it is written again with `commit`). A lagged law records every
    /// evaluation as its next lagging point this way, but keeps it across steps only while in
    /// contact.
    ///
    /// # Panics
    /// As [`ContactCtx::memory`].
    pub fn write_memory<M: Memory>(&mut self, m: &M, commit: bool) {
        let slot = self
            .slot
            .expect("an element wrote per-pair memory without declaring it in its Needs");
        let written = self.memory.written;
        self.memory.write(&slot, m);
        if !commit {
            self.memory.written = written;
        }
    }

    /// Total number of points.
    pub fn n_points(&self) -> usize {
        self.points[0] + self.points[1]
    }

    /// Total number of slots: points, then rotations.
    pub fn n_slots(&self) -> usize {
        self.n_points() + self.spins.iter().flatten().count()
    }

    /// The side (0 or 1) slot `k` belongs to.
    pub fn slot_side(&self, k: usize) -> usize {
        if k < self.n_points() {
            usize::from(k >= self.points[0])
        } else {
            usize::from(self.spins[0] != Some(k))
        }
    }

    /// Index of the first point of `side` (0 or 1).
    pub fn first_point(&self, side: usize) -> usize {
        if side == 0 { 0 } else { self.points[0] }
    }

    /// Local velocity vector (12): the points' velocities, and the angular velocity of each
    /// rigid side (whose `∇Δ` has a rotation part; a sphere's has none).
    pub fn velocity(&self) -> Vec12 {
        let mut v = Vec12::zeros();
        for k in 0..self.n_points() {
            v.fixed_rows_mut::<3>(3 * k).copy_from(&self.v[k]);
        }
        if self.has_rigid() {
            for side in 0..2 {
                if let (Some(_), Some(k)) = (&self.rigid[side], self.spins[side]) {
                    v.fixed_rows_mut::<3>(3 * k).copy_from(&self.v[k]);
                }
            }
        }
        v
    }

    /// `∂(∇Δ·v)/∂x = (∇²Δ)ᵀ v` for the local velocity `v`: the derivative of the normal rate
    /// over the positions (`∇²Δ v` when `∇²Δ` is symmetric, as it is unless a side is rigid).
    pub fn rate_gradient(&self, v: &Vec12) -> Vec12 {
        if self.has_rigid() {
            self.hess.transpose() * v
        } else {
            self.hess * v
        }
    }

    /// Normal gap rate `dΔ/dt = ∇Δ·v` (m/s), positive when separating.
    pub fn normal_velocity(&self) -> f64 {
        self.grad.dot(&self.velocity())
    }

    /// The Jacobian block this contact adds to the global system under its [`MatrixMode`] and
    /// the integrator's coefficients `c` (see [`Coefficients::system_block`]).
    pub fn system_block(&self, c: &Coefficients) -> Mat12 {
        let mut out = Mat12::zeros();
        self.system_block_into(c, &mut out);
        out
    }

    /// The factor `s` of the system block `−s ∂f/∂x` of a position-only term in the chain's
    /// matrix mode (what [`ContactCtx::system_block_into`] applies to `∂f/∂x`).
    pub fn position_factor(&self, c: &Coefficients) -> f64 {
        match self.matrix_mode {
            MatrixMode::Static => c.x,
            MatrixMode::Underdamped { implicitness } | MatrixMode::Overdamped { implicitness } => {
                c.x * implicitness
            }
        }
    }

    /// One entry of the system block from its `∂f/∂x` and `∂f/∂v` entries `dx`, `dv`: the
    /// arithmetic of [`ContactCtx::system_block_into`] (for terms kept outside the 12×12 block,
    /// see [`WidePair`]).
    pub fn system_value(&self, c: &Coefficients, dx: f64, dv: f64) -> f64 {
        match self.matrix_mode {
            MatrixMode::Static => -(dx * c.x),
            MatrixMode::Underdamped { implicitness } => -(dx * c.x + dv / c.v_div) * implicitness,
            MatrixMode::Overdamped { implicitness } => -(dx * implicitness * c.x + dv / c.v_div),
        }
    }

    /// [`ContactCtx::system_block`] written into `out`, entry by entry (the same arithmetic,
    /// hence the same bits, without the temporaries of whole-matrix expressions):
    /// static `−c_x ∂f/∂x`; underdamped `−(c_x ∂f/∂x + ∂f/∂v / v_div)·λ`; overdamped
    /// `−(λ c_x ∂f/∂x + ∂f/∂v / v_div)`.
    pub fn system_block_into(&self, c: &Coefficients, out: &mut Mat12) {
        let (x, v) = (self.dfdx.as_slice(), self.dfdv.as_slice());
        let out = out.as_mut_slice();
        match self.matrix_mode {
            MatrixMode::Static => {
                for (o, &dx) in out.iter_mut().zip(x) {
                    *o = -(dx * c.x);
                }
            }
            MatrixMode::Underdamped { implicitness } => {
                for ((o, &dx), &dv) in out.iter_mut().zip(x).zip(v) {
                    *o = -(dx * c.x + dv / c.v_div) * implicitness;
                }
            }
            MatrixMode::Overdamped { implicitness } => {
                for ((o, &dx), &dv) in out.iter_mut().zip(x).zip(v) {
                    *o = -(dx * implicitness * c.x + dv / c.v_div);
                }
            }
        }
    }
}
