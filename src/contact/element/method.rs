//! The contact **method** of a chain — which line search Newton must use, whether steps are
//! capped by continuous collision detection and with which kernel, the reach of the laws and
//! the lagging updates — computed once when the chain is built ([`ContactMethod`]) from what
//! its elements declare ([`SolverNeeds`], [`CcdKernel`]), and read by detection, the contact
//! set, the assembly and Newton.

use crate::math::Vec3;

/// The line search a contact method requires of the Newton solver (seed 001 App. B.4 for IMC;
/// Li et al. 2020 §4 for IPC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactLineSearch {
    /// Goldstein–Price on `½‖r‖²` (IMC, seed 001 Alg. 1).
    Residual,
    /// Backtracking on the incremental potential, every step capped by continuous collision
    /// detection so that no iterate has a gap ≤ 0 (IPC).
    EnergyCcd,
}

impl std::fmt::Display for ContactLineSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Residual => "Goldstein–Price on ‖r‖² (IMC)",
            Self::EnergyCcd => "energy backtracking with a CCD step cap (IPC)",
        })
    }
}

/// How continuous collision detection bounds a step for a resolver's pairs: the resolver's own
/// value kernel, so CCD measures exactly the distance the laws see.
#[derive(Debug, Clone, Copy)]
pub enum CcdKernel {
    /// Additive CCD (Li, Kaufman, Jiang 2021, Alg. 1) on the centre-line distance of the two
    /// sides' points (m), as the resolver computes it; the thickness is the sum of the radii.
    Distance(fn(&[Vec3], &[Vec3]) -> f64),
    /// Side 2 is a static plane: the gap is affine in the step, the bound exact.
    Plane,
}

/// What one element requires of the Newton solver.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SolverNeeds {
    /// The line search its contact method needs, if any.
    pub line_search: Option<ContactLineSearch>,
    /// The gap (m) below which the element acts (IMC's δ, IPC's d̂); a binding's keep distance
    /// must exceed it, or contacts would start unseen by detection.
    pub reach: f64,
    /// How many times per step lagged quantities (IPC friction) are refreshed at the converged
    /// configuration and the step solved again.
    pub lag_updates: u32,
    /// Whether the element exerts a force or keeps per-pair memory at gaps above its reach (a
    /// bond that holds in tension, a JKR neck, a damper acting at any distance). Elements that
    /// do not are skipped for pairs beyond their chain's reach (see
    /// [`ContactMethod::inert_beyond_reach`]).
    pub acts_beyond_reach: bool,
    /// Whether the element weighs side 1's shell node by its current area share, so that a
    /// pair also acts on the node's ring (see [`crate::contact::normal::RingTerm`]): the
    /// sparsity pattern must hold the ring's couplings to the pair.
    pub node_ring: bool,
}

impl SolverNeeds {
    /// Nothing.
    pub const NONE: SolverNeeds = SolverNeeds {
        line_search: None,
        reach: 0.0,
        lag_updates: 0,
        acts_beyond_reach: false,
        node_ring: false,
    };

    /// Acts (force or memory) at gaps above the reach.
    pub const BEYOND_REACH: SolverNeeds = SolverNeeds {
        acts_beyond_reach: true,
        ..SolverNeeds::NONE
    };
}

/// The contact method of a chain, computed once when it is built.
#[derive(Debug, Clone, Copy, Default)]
pub struct ContactMethod {
    /// The line search the chain requires (none: the solver setting decides).
    pub line_search: Option<ContactLineSearch>,
    /// The resolver's CCD kernel (present whenever the resolver has one).
    pub ccd: Option<CcdKernel>,
    /// Largest reach of its laws (m).
    pub reach: f64,
    /// Lagging updates per step.
    pub lag_updates: u32,
    /// Whether every force of the chain derives from the energy it reports.
    pub conservative: bool,
    /// Whether an adaptive element reads the non-contact forces at the start of a step.
    pub step_forces: bool,
    /// Whether an adaptive element reads every candidate's geometry at the start of a step.
    pub step_pairs: bool,
    /// Whether the laws exert nothing and keep no memory at gaps above the reach, with no
    /// lagged law: the elements after the resolver are then skipped for a pair whose gap is
    /// clearly above the reach (a granular bed evaluates its few touching pairs, not its
    /// thousands of candidates). The pair's gap is still the resolver's.
    pub inert_beyond_reach: bool,
    /// Whether a law acts on side 1's node ring (see [`SolverNeeds::node_ring`]).
    pub node_ring: bool,
    /// Whether the resolver pairs two triangles (six nodes: side 2's last two beyond the four
    /// slots; see [`crate::contact::WidePair`]): the sparsity pattern must hold them.
    pub wide_pair: bool,
}

impl ContactMethod {
    /// Whether a pair at `gap` (m) is clearly beyond the reach of an inert chain: by more than
    /// 10⁻⁹ of the reach and 10⁻¹⁵ m, so that a law's own cut-off (computed in its own
    /// variables) always decides at the boundary.
    pub fn skips(&self, gap: f64) -> bool {
        self.inert_beyond_reach && gap > self.reach * (1.0 + 1e-9) + 1e-15
    }

    /// Whether Newton steps must be capped by CCD (the energy line search of barriers).
    pub fn needs_ccd(&self) -> bool {
        self.line_search == Some(ContactLineSearch::EnergyCcd)
    }
}
