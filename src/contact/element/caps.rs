//! What chain elements need and give: a small set of capability flags, checked when a chain
//! is loaded so that a chain whose order does not fit is rejected before it runs.

use super::method::{CcdKernel, SolverNeeds};
use crate::contact::core::MemorySpec;
use crate::contact::core::PrimKind;
use std::fmt;

/// A set of capabilities (bit flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Caps(pub u32);

impl Caps {
    /// Nothing.
    pub const NONE: Caps = Caps(0);
    /// Side 1 of the pair is bound to body data (positions, velocities, radius, material).
    pub const SIDE1: Caps = Caps(1);
    /// Side 2 of the pair is bound to body data.
    pub const SIDE2: Caps = Caps(1 << 1);
    /// Contact geometry resolved: Δ, gap, normal, contact point, β's, ∇Δ, ∇²Δ.
    pub const GEOMETRY: Caps = Caps(1 << 2);
    /// A normal force law has run (normal force magnitude available).
    pub const NORMAL_FORCE: Caps = Caps(1 << 3);
    /// A tangential (friction) law has run.
    pub const TANGENTIAL_FORCE: Caps = Caps(1 << 4);
    /// A contact-matrix mode has been chosen (static / underdamped / overdamped).
    pub const MATRIX_MODE: Caps = Caps(1 << 5);
    /// Forces have been assembled.
    pub const FORCES_ASSEMBLED: Caps = Caps(1 << 6);
    /// The contact matrix has been assembled.
    pub const MATRIX_ASSEMBLED: Caps = Caps(1 << 7);
    /// Feedback for the detector has been set.
    pub const FEEDBACK: Caps = Caps(1 << 8);
    /// A spring law with a rest length in the pair's memory has run (`Spring`,
    /// `Spring_Damper`): [`ContactCtx::spring`](crate::contact::ContactCtx::spring) is set.
    pub const SPRING_REST: Caps = Caps(1 << 9);
    /// A dashpot coefficient for the spring's rest length has been set (`MaxwellFluidShell`).
    pub const DASHPOT: Caps = Caps(1 << 10);
    /// A rounded-triangle resolver has set the encompassing-sphere contact and the
    /// intersection polygon (for the integrated `_Int` laws).
    pub const POLYGON: Caps = Caps(1 << 11);
    /// An integrated normal law has set a total force and moment about the contact point (for
    /// the distribution to a triangle's nodes).
    pub const PRESSURE: Caps = Caps(1 << 12);
    /// A normal law has set the pair's contact area (for `Assemble_ContactArea_1`/`_2`).
    pub const CONTACT_AREA: Caps = Caps(1 << 13);
    /// The polygon is that of two triangles (`RoundedTriangle_RoundedTriangle`): side 2's
    /// triangle receives nodal forces too (`DistributeForcesAndMomentsToTriangle_2_Nodes`).
    pub const TRIANGLE_PAIR: Caps = Caps(1 << 14);

    const NAMES: [(Caps, &'static str); 15] = [
        (Caps::SIDE1, "side-1 data"),
        (Caps::SIDE2, "side-2 data"),
        (Caps::GEOMETRY, "contact geometry"),
        (Caps::NORMAL_FORCE, "a normal force"),
        (Caps::TANGENTIAL_FORCE, "a tangential force"),
        (Caps::MATRIX_MODE, "a contact-matrix mode"),
        (Caps::FORCES_ASSEMBLED, "assembled forces"),
        (Caps::MATRIX_ASSEMBLED, "an assembled contact matrix"),
        (Caps::FEEDBACK, "detector feedback"),
        (Caps::SPRING_REST, "a spring with a rest length"),
        (Caps::DASHPOT, "a dashpot coefficient"),
        (Caps::POLYGON, "an intersection polygon (RoundedTriangle_*)"),
        (
            Caps::PRESSURE,
            "an integrated pressure (an _Int normal law)",
        ),
        (
            Caps::CONTACT_AREA,
            "a contact area (a Hertz, JKR, DMT, Maugis–Dugdale, pressure or _Int law)",
        ),
        (
            Caps::TRIANGLE_PAIR,
            "a two-triangle polygon (RoundedTriangle_RoundedTriangle)",
        ),
    ];

    /// Union.
    pub const fn with(self, o: Caps) -> Caps {
        Caps(self.0 | o.0)
    }
    /// Whether every flag of `o` is set.
    pub const fn contains(self, o: Caps) -> bool {
        self.0 & o.0 == o.0
    }
    /// Flags of `self` that `have` lacks.
    pub const fn missing_from(self, have: Caps) -> Caps {
        Caps(self.0 & !have.0)
    }
    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The individual flags that are set.
    pub fn flags(self) -> impl Iterator<Item = Caps> {
        Self::NAMES
            .iter()
            .map(|(c, _)| *c)
            .filter(move |c| self.contains(*c))
    }
}

impl fmt::Display for Caps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Self::NAMES
            .iter()
            .filter(|(c, _)| self.contains(*c))
            .map(|(_, n)| *n)
            .collect();
        if names.is_empty() {
            write!(f, "nothing")
        } else {
            write!(f, "{}", names.join(", "))
        }
    }
}

/// What an element needs from the elements before it and from the solver.
///
/// ```
/// use catena::contact::{Caps, Gives, Needs, PrimKind};
/// // A law needs the geometry; a resolver needs both sides bound, to given kinds.
/// let law = Needs::caps(Caps::GEOMETRY);
/// let resolver = Needs::caps(Caps::SIDE1.with(Caps::SIDE2))
///     .with_kinds(PrimKind::Sphere, PrimKind::Sphere);
/// let given = Caps::SIDE1.with(Caps::SIDE2);
/// assert!(resolver.caps.missing_from(given).is_empty());
/// assert_eq!(law.caps.missing_from(given), Caps::GEOMETRY);
/// assert_eq!(Gives::caps(Caps::NORMAL_FORCE).caps.to_string(), "a normal force");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Needs {
    /// Capabilities that must already be given.
    pub caps: Caps,
    /// Required kinds of (side 1, side 2), when the element only works for some pairs.
    pub kinds: Option<(PrimKind, PrimKind)>,
    /// Per-pair memory the element keeps (see [`crate::contact::Memory`]); the chain allocates
    /// it a slot of its own by position.
    pub memory: Option<MemorySpec>,
    /// What the element requires of the solver (line search, reach, lagging updates).
    pub solver: SolverNeeds,
}

/// What an element gives to the elements after it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gives {
    /// Capabilities it provides.
    pub caps: Caps,
    /// The primitive kind it binds side 1 to (data elements).
    pub side1: Option<PrimKind>,
    /// The primitive kind it binds side 2 to (data elements).
    pub side2: Option<PrimKind>,
    /// Whether forces it adds do *not* derive from the energy it adds (damping, most friction
    /// laws): an energy line search may then not use the incremental potential as its merit.
    pub dissipative: bool,
    /// A resolver's gap kernel for continuous collision detection (barrier chains need one).
    pub ccd: Option<CcdKernel>,
}

impl Needs {
    /// Needs exactly `caps`.
    pub const fn caps(caps: Caps) -> Self {
        Self {
            caps,
            kinds: None,
            memory: None,
            solver: SolverNeeds::NONE,
        }
    }
    /// Also needs the sides bound to `first` and `second` (resolvers).
    pub const fn with_kinds(mut self, first: PrimKind, second: PrimKind) -> Self {
        self.kinds = Some((first, second));
        self
    }
    /// Also keeps per-pair memory `spec`.
    pub const fn with_memory(mut self, spec: MemorySpec) -> Self {
        self.memory = Some(spec);
        self
    }
    /// Also requires `solver` of the Newton solver.
    pub const fn with_solver(mut self, solver: SolverNeeds) -> Self {
        self.solver = solver;
        self
    }
}

impl Gives {
    /// Gives exactly `caps` (conservative: whatever force it adds derives from its energy).
    pub const fn caps(caps: Caps) -> Self {
        Self {
            caps,
            side1: None,
            side2: None,
            dissipative: false,
            ccd: None,
        }
    }
    /// Marks the forces it adds as not derived from an energy.
    pub const fn dissipative(mut self) -> Self {
        self.dissipative = true;
        self
    }
    /// Adds a CCD gap kernel (resolvers).
    pub const fn with_ccd(mut self, ccd: CcdKernel) -> Self {
        self.ccd = Some(ccd);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_set_operations() {
        let a = Caps::SIDE1.with(Caps::GEOMETRY);
        assert!(a.contains(Caps::SIDE1));
        assert!(!a.contains(Caps::NORMAL_FORCE));
        assert_eq!(
            Caps::GEOMETRY.with(Caps::NORMAL_FORCE).missing_from(a),
            Caps::NORMAL_FORCE
        );
        assert_eq!(a.to_string(), "side-1 data, contact geometry");
        assert_eq!(a.flags().count(), 2);
    }
}
