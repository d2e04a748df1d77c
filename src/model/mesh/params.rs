//! Checks of generator parameters, with located (named) errors.

use super::error::MeshError;

/// `value` must be a positive finite length (m).
pub(super) fn positive_length(
    generator: &'static str,
    name: &str,
    value: f64,
) -> Result<(), MeshError> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(MeshError::Parameter {
            generator,
            message: format!("`{name}` must be a positive finite length (m), got {value}"),
            help: format!("give `{name}` in m, greater than zero"),
        })
    }
}

/// `value` must lie in `min..=max` (a count of cells, rings or subdivisions).
pub(super) fn count_in(
    generator: &'static str,
    name: &str,
    value: usize,
    min: usize,
    max: usize,
    why: &str,
) -> Result<(), MeshError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(MeshError::Parameter {
            generator,
            message: format!("`{name}` must be between {min} and {max}, got {value}"),
            help: why.into(),
        })
    }
}
