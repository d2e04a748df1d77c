//! Verification of chain elements: their force Jacobians and energies against central finite
//! differences, over random contact configurations that span every case of the chain's
//! resolver ([`jacobians`]; on the command line `catena check --jacobian CHAIN.ron`).
//!
//! For one pair at a state you choose, [`check_pair`] compares the whole chain's Jacobians;
//! for a scalar normal law, [`check_partials`] checks `∂F/∂δ`, `∂F/∂δ̇` and the energy.

mod compare;
mod configuration;
mod finite_difference;
mod jacobians;
mod memory;
mod pair;
mod partials;
mod prefix;
mod report;
mod table;

pub use configuration::{
    Configuration, ROD_RADIUS, Regime, Rng, SPHERE_RADII, configuration, probe_model, supported,
};
pub use finite_difference::{
    Direction, Probe, differences, mask_columns, mask_entries, relative_error, relative_error_above,
};
pub use jacobians::jacobians;
pub use pair::{JacobianCheck, check_pair};
pub use partials::check_partials;
pub use report::{Checked, HistoryKind, Location, Options, Report, Row, VerifyError, Worst};
