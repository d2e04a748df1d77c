//! numpy arrays in and out: `(n, 3)` arrays of points, 1-D arrays of numbers (taken from any
//! array-like of real numbers, [`FloatArray`]), and the rod a caller names by index or by name.

use crate::math::Vec3;
use crate::model::Model;
use numpy::ndarray::{Array2, ArrayD};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// An argument given as any array-like of real numbers — a numpy array of a real dtype
/// (float64, float32, int64, bool, …), a list, or nested lists of numbers — copied as float64
/// (see [`FloatArray::of`]).
#[derive(Debug, Clone)]
pub struct FloatArray(pub ArrayD<f64>);

impl FloatArray {
    /// The argument `name` as float64; anything else (strings, complex numbers, ragged lists,
    /// `None`) is a `TypeError` naming the argument.
    pub fn of(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Self> {
        let py = obj.py();
        let refuse = |why: String| {
            let got = obj
                .get_type()
                .name()
                .map_or_else(|_| "an object".into(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "{name}: expected an array-like of real numbers (a numpy array of a real dtype, \
                 or nested lists of numbers), got {got}: {why}"
            ))
        };
        if obj.is_none() {
            return Err(refuse("None".into()));
        }
        let np = py.import("numpy")?;
        let a = np
            .call_method1("asarray", (obj,))
            .map_err(|e| refuse(e.value(py).to_string()))?;
        let dtype = a.getattr("dtype")?;
        let kind: String = dtype.getattr("kind")?.extract()?;
        if !matches!(kind.as_str(), "b" | "i" | "u" | "f" | "O") {
            return Err(refuse(format!("an array of dtype {dtype}")));
        }
        let f = a
            .call_method1("astype", ("float64",))
            .map_err(|e| refuse(e.value(py).to_string()))?;
        let f = f
            .cast_into::<PyArrayDyn<f64>>()
            .map_err(|e| refuse(e.to_string()))?;
        Ok(Self(f.readonly().as_array().to_owned()))
    }
}

/// A rod, by index (negative counts from the end) or by name.
#[derive(Debug, Clone, FromPyObject)]
pub enum RodRef {
    /// Index in the scene's `rods` list.
    Index(i64),
    /// Name.
    Name(String),
}

impl RodRef {
    /// The rod's index in `model`, or an `IndexError` naming the rods there are.
    pub fn resolve(&self, model: &Model) -> PyResult<usize> {
        let n = model.bodies.rods.len();
        let names = || {
            model
                .bodies
                .rods
                .iter()
                .map(|r| format!("\"{}\"", r.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Self::Index(i) => {
                let k = if *i < 0 { *i + n as i64 } else { *i };
                usize::try_from(k).ok().filter(|&k| k < n).ok_or_else(|| {
                    PyIndexError::new_err(format!(
                        "rod index {i} out of range: the scene has {n} rod(s) ({})",
                        names()
                    ))
                })
            }
            Self::Name(s) => model
                .bodies
                .rods
                .iter()
                .position(|r| &r.name == s)
                .ok_or_else(|| {
                    PyIndexError::new_err(format!(
                        "no rod is named \"{s}\"; the rods are {}",
                        names()
                    ))
                }),
        }
    }
}

/// Points as an `(n, 3)` array.
pub fn points_out<'py>(py: Python<'py>, points: &[Vec3]) -> Bound<'py, PyArray2<f64>> {
    let flat: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.z]).collect();
    Array2::from_shape_vec((points.len(), 3), flat)
        .expect("3 coordinates per point")
        .into_pyarray(py)
}

/// Numbers as a 1-D array.
pub fn numbers_out<'py>(py: Python<'py>, v: Vec<f64>) -> Bound<'py, PyArray1<f64>> {
    v.into_pyarray(py)
}

/// The shape of `a` as Python writes it: `(31, 3)`, `(3,)`, `()`.
fn shape_of(a: &ArrayD<f64>) -> String {
    match a.shape() {
        [n] => format!("({n},)"),
        s => format!(
            "({})",
            s.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// An `(n, 3)` array of `what` as points; `n` must be `expected`.
pub fn points_in(a: &FloatArray, expected: usize, what: &str) -> PyResult<Vec<Vec3>> {
    let a = &a.0;
    if a.shape() != [expected, 3] {
        return Err(PyValueError::new_err(format!(
            "{what}: expected an array of shape ({expected}, 3), got shape {}",
            shape_of(a)
        )));
    }
    let points: Vec<Vec3> = a
        .rows()
        .into_iter()
        .map(|r| Vec3::new(r[0], r[1], r[2]))
        .collect();
    if points.iter().any(|p| !p.iter().all(|c| c.is_finite())) {
        return Err(PyValueError::new_err(format!(
            "{what}: every coordinate must be finite"
        )));
    }
    Ok(points)
}

/// A 1-D array of `what` with `expected` values, all finite.
pub fn numbers_in(a: &FloatArray, expected: usize, what: &str) -> PyResult<Vec<f64>> {
    let a = &a.0;
    if a.shape() != [expected] {
        return Err(PyValueError::new_err(format!(
            "{what}: expected {expected} values (one per DOF, shape ({expected},)), got shape {}",
            shape_of(a)
        )));
    }
    if !a.iter().all(|x| x.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "{what}: every value must be finite"
        )));
    }
    Ok(a.iter().copied().collect())
}

/// A JSON value as the Python value `json.loads` would give.
pub fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_bound_py_any(py)?,
            (None, Some(i)) => i.into_bound_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?,
        },
        Value::String(s) => s.into_bound_py_any(py)?,
        Value::Array(a) => a
            .iter()
            .map(|x| json_to_py(py, x))
            .collect::<PyResult<Vec<_>>>()?
            .into_bound_py_any(py)?,
        Value::Object(o) => {
            let d = pyo3::types::PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}
