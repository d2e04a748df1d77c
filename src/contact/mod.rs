//! Contact: chains of elements (data → resolver → laws → assemblers) evaluated per candidate
//! pair, feeding force and Jacobian blocks into the global implicit system.

mod assemble;
mod binding;
mod builtin;
mod caps;
pub mod ccd;
mod chain;
mod ctx;
mod data;
mod detect;
pub mod distance;
mod element;
mod history;
#[cfg(test)]
mod law_test_support;
mod normal;
mod resolve;
mod state;
mod step_cap;
mod tangential;
mod verify;

pub use assemble::{
    AssembleContactMatrix, AssembleForces, Feedback, FeedbackDistance, MatrixElement, NoFeedback,
};
pub use binding::{
    BodyGroup, ContactBinding, ContactModel, ContactSet, ContactStats, LocalContact,
};
pub use builtin::{Builtin, ElementSet, deserialize_element};
pub use caps::{Caps, Gives, Needs, PrimKind};
pub use chain::Chain;
pub use ctx::{ContactCtx, ContactMaterial, Mat12, MatrixMode, NO_DOF, Vec12};
pub use data::{CapsuleData, PlaneData, PointData, SphereData};
pub use detect::{Aabb, SpatialHash, brute_force_pairs};
pub use element::{
    Category, ChainElement, ContactLineSearch, ElementDoc, Env, PairGeometry, StepInfo,
};
pub use history::{History, HistoryStore, Lagged, PairKey, Primitive};
pub use normal::{
    DampedHertz, Dmt, Hertz, Imc, ImcStiffness, Ipc, IpcStiffness, Jkr, JkrCurve, LinearDamper,
    LinearDamperOverlap, LinearForce, Spring, SpringDamper,
};
pub use resolve::{
    CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, SpherePlane, SpherePoint,
    SphereSphere,
};
pub use state::ContactState;
pub use tangential::{
    ContactFrame, CoulombFriction, CundallStrack, ImcFriction, IpcFriction, Mat3x12,
};
pub use verify::{JacobianCheck, check_pair};
