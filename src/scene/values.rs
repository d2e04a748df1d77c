//! Validated scalar and vector values for scene files.
//!
//! Each type checks its value while it is deserialised, so a bad value is reported by RON
//! with the line and column where it stands (e.g. `radius: -1e-3` → "expected a positive
//! finite number (> 0), got -0.001").

use crate::math::Vec3;
use serde::{Deserialize, Deserializer, Serialize, de::Error};

/// A finite number strictly greater than zero.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize)]
pub struct Positive(pub f64);

/// A finite number greater than or equal to zero.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Default)]
pub struct NonNegative(pub f64);

/// A 3-vector of finite numbers, written `(x, y, z)`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
pub struct V3(pub f64, pub f64, pub f64);

impl V3 {
    /// As a nalgebra vector.
    pub fn vec(&self) -> Vec3 {
        Vec3::new(self.0, self.1, self.2)
    }
}

impl<'de> Deserialize<'de> for Positive {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let x = f64::deserialize(d)?;
        if x.is_finite() && x > 0.0 {
            Ok(Self(x))
        } else {
            Err(D::Error::custom(format!(
                "expected a positive finite number (> 0), got {x}"
            )))
        }
    }
}

impl<'de> Deserialize<'de> for NonNegative {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let x = f64::deserialize(d)?;
        if x.is_finite() && x >= 0.0 {
            Ok(Self(x))
        } else {
            Err(D::Error::custom(format!(
                "expected a finite number ≥ 0, got {x}"
            )))
        }
    }
}

impl<'de> Deserialize<'de> for V3 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (x, y, z) = <(f64, f64, f64)>::deserialize(d)?;
        if [x, y, z].iter().all(|c| c.is_finite()) {
            Ok(Self(x, y, z))
        } else {
            Err(D::Error::custom(format!(
                "expected a vector of finite numbers, got ({x}, {y}, {z})"
            )))
        }
    }
}

/// Deserialises an `f64` that must be finite (any sign).
pub fn finite<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let x = f64::deserialize(d)?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(D::Error::custom(format!(
            "expected a finite number, got {x}"
        )))
    }
}
