//! Contact: chains of elements (data → resolver → laws → assemblers) evaluated per candidate
//! pair, feeding force and Jacobian blocks into the global implicit system.
//!
//! Where each concept lives:
//! * [`core`]: the types every part of contact shares (a leaf): the pair's local algebra
//!   ([`Vec12`], [`Mat12`]), the names of primitives and bodies ([`PrimId`], [`BodyId`]),
//!   [`Env`], [`ElementDoc`], typed per-pair [`Memory`], [`EnergyRole`];
//! * [`primitive`](self#primitives): what a pair is made of — the [`Primitive`] trait, one
//!   file per kind (rod edge and node, sphere, plane, shell node, edge and triangle), named by
//!   [`PrimId`];
//! * [`element`](self#elements): the element contract — [`ChainElement`], [`Needs`],
//!   [`Gives`], typed per-pair [`Memory`], opt-in [`Adaptive`] parameters, the
//!   [`ContactMethod`] a chain implies, element sets ([`ElementSet`], [`crate::element_set!`]);
//! * [`Chain`]: a validated list of elements, loaded from RON;
//! * the elements themselves: data bindings ([`Data`]), resolvers, normal and tangential laws,
//!   assemblers; distance kernels in [`distance`], CCD in [`ccd`];
//! * the contact set ([`ContactSet`]): detection, parallel evaluation, adaptive hooks, CCD
//!   step cap, memory commit — what the system assembly calls through [`ContactModel`].
//!
//! # Primitives
//! See [`Primitive`].
//!
//! # Elements
//! See [`ChainElement`] and the guide, [`crate::guide`].

mod assemble;
mod builtin;
pub mod ccd;
mod chain;
mod chain_method;
mod chain_rigid;
mod chain_roles;
pub mod core;
mod ctx;
mod data;
mod detect;
pub mod distance;
mod element;
mod energy_role;
#[cfg(test)]
mod law_test_support;
mod matrix_mode;
mod normal;
mod primitive;
mod resistance;
mod resolve;
mod rigid_side;
mod set;
mod tangential;
mod wide_pair;

pub use assemble::{AssembleContactArea1, AssembleContactArea2, ContactAreaRecord};
pub use assemble::{
    AssembleContactMatrix, AssembleForces, AssembleForces1, AssembleForces2, AssembleVirialStress,
    DistributeToTriangle, Feedback, FeedbackDistance, MatrixOverdamped, MatrixStatic,
    MatrixUnderdamped, NoFeedback, SpringTensionRecord, VirialRecord,
};
pub use assemble::{AssembleSpringTension, AssembleSpringTension1D};
pub use builtin::Builtin;
pub use chain::Chain;
pub use chain_rigid::{POINT_ONLY_ELEMENTS, RigidRefusal};
pub use core::{ContactMaterial, Mat12, NO_DOF, Vec12};
pub use core::{EnergyRole, NonConservative};
pub use ctx::{ContactCtx, MatrixMode, RigidSide};
pub use data::{
    Data, DeformableCapsule1Data, DeformableCapsule2Data, Plane2Data, Point1Data, Point2Data,
    Sphere1Data, Sphere2Data,
};
pub use detect::{Aabb, SpatialHash, brute_force_pairs};
pub use element::{
    Adaptive, AdaptiveHooks, BodyRefusal, Caps, Category, CcdKernel, ChainElement,
    ContactLineSearch, ContactMethod, ElementDoc, ElementSet, ElementState, Env, Gives,
    MEMORY_WORDS, Memory, MemoryLayout, MemorySlot, MemorySpec, Needs, PairGeometry, PairMemory,
    SolverNeeds, StepInfo, StepNeeds, deserialize_element, flag_word, read_element,
};
pub use normal::{
    AdhesivePressure, AreaShare, NodeArea, RingTerm, add_current_area_terms, current_node_area,
    ring_coordinates,
};
pub use normal::{Budding, Dividing, Division, DivisionState};
pub use normal::{
    ConstantForce, DampedHertz, Dmt, Established, Hertz, HertzRestitution, Imc, ImcState,
    ImcStiffness, Ipc, IpcStiffness, Jkr, JkrCurve, KappaState, LinearAdhesionForce, LinearDamper,
    LinearDamperOverlap, LinearForce, LinearPressure, MaugisDugdale, MaugisDugdaleCurve,
    MaxwellFluidShell, RestLength, ScalarForce, SerialDashpot, Spring, SpringDamper, SpringRecord,
    add_normal_force, damping_ratio, node_area, overlap_and_rate, restitution,
    restitution_with_onset,
};
pub use wide_pair::{MAX_OVERFLOW, WidePair, overflow_coordinates};
/// Rounded triangles with integrated pressures (mpacts `RoundedTriangle_*`, `N_*_Int`; Smeets
/// et al. 2015): the kernel of a pair and its parts.
pub mod rounded {
    pub use super::assemble::distribute::nodal_forces;
    pub use super::normal::integrated::{
        DampedHertzInt, Dugdale, Field, HertzInt, Integral, LinearPressureInt, MAX_LAWS,
        MAX_POLYGON, Mat18, MaugisDugdaleGeoInt, MaugisDugdaleInt, MdPressure, Outcome,
        PairOutcome, PressureLaw, RoundedRecord, Spec, Vec18, evaluate, evaluate_pair,
        evaluate_pair_with, integrate_polygon, pair_jacobians, pair_jacobians_of,
    };
    pub use super::resolve::rounded_triangle::{
        Counterpart, MAX_PAIR_POLYGON, PairGeometry, RoundedGeometry, RoundedTrianglePlane,
        RoundedTriangleRoundedTriangle, RoundedTriangleSphere, V2, encompassing, intersect,
        polygon, quadrature, resolve, resolve_pair,
    };
    pub use super::tangential::CoulombInt;
}
pub use primitive::{
    BodyGroup, BodyId, MAX_POINTS, MeshNodes, PlanePrim, PointDofs, Points, PrimId, PrimKind,
    Primitive, RigidEdge, RigidFace, RigidVertex, RodEdge, RodNode, SelfExclusion, ShellEdge,
    ShellFace, ShellNode, Span, SpherePrim, arc_gap, bind_spins, spin_layout, spin_slots,
    too_close,
};
pub use resistance::{
    AreaWeightedResistance, ConstantResistance, LubricationResistance, MaskedConstantResistance,
    MaterialSpecificConstantResistance, MeshWeightedResistance, Resistance,
    ShellViscosityResistance, add_resistance, node_weight,
};
pub use resolve::{
    CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, PointTriangle,
    SpherePlane, SpherePoint, SphereSphere, SphereTriangle, TrianglePlane,
};
pub use set::{
    BandNeighbours, CellContact, ContactAreas, ContactBinding, ContactModel, ContactSet,
    ContactState, ContactStats, Coverage, LocalContact, MemoryStore, PairKey, REUSE_FRACTION,
    Redetect, RigidLoad, SpringTensions, VirialStresses, band_neighbours, cell_contacts,
    cell_tractions, contact_areas, rigid_body_loads, sphere_loads, spring_tensions,
    virial_stresses,
};
pub(crate) use tangential::contact_weights::relative_weights;
pub use tangential::{
    Capped, ContactFrame, CoulombFriction, CundallStrack, ImcFriction, IpcFriction, Lagged,
    Mat3x12, RollingResistance, SpringElongation, TorsionalCoulombFriction, cap, saturation,
};
