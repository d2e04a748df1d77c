//! Verification of chain elements: their force Jacobians and energies against central finite
//! differences, over random contact configurations that span every case of the chain's
//! resolver ([`jacobians`]; on the command line `catena check --jacobian CHAIN.ron`).
//!
//! For one pair at a state you choose, [`check_pair`] compares the whole chain's Jacobians;
//! for a scalar normal law, [`check_partials`] checks `∂F/∂δ`, `∂F/∂δ̇` and the energy.
//!
//! The module is also the crate's **test kit**, shared by its unit tests, integration tests
//! and benches: one deterministic random generator ([`Rng`]) and one set of central
//! finite-difference helpers ([`derivative`], [`gradient`], [`jacobian`],
//! [`jacobian_columns`]) with the relative errors they are compared by ([`relative_error`],
//! [`max_relative_error`], [`max_error_relative_to`]).

mod compare;
mod configuration;
mod finite_difference;
mod jacobians;
mod memory;
mod pair;
mod partials;
mod prefix;
mod report;
mod rigid;
mod rng;
mod rotation;
mod rounded;
mod table;
mod triangle_targets;
mod wide;

pub use configuration::{
    Configuration, RIGID_SKIN, ROD_RADIUS, Regime, SPHERE_RADII, configuration, probe_model,
    supported,
};
pub use finite_difference::{
    Direction, Probe, derivative, differences, gradient, jacobian, jacobian_columns, mask_columns,
    mask_entries, max_error_relative_to, max_relative_error, relative_error, relative_error_above,
};
pub use jacobians::{jacobians, jacobians_until};
pub use pair::{JacobianCheck, check_pair};
pub use partials::check_partials;
pub use report::{
    Checked, HistoryKind, Location, MAX_SAMPLES, Options, Report, Row, VerifyError, Worst,
};
pub use rigid::{RIGID_EVERY, rigid_configuration, rigid_index, rigid_supported};
pub use rng::Rng;
pub use rounded::{rounded_configuration, rounded_radii, rounded_radius};
