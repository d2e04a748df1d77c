//! Chains from Python: `catena.load_chain`, `catena.elements()` (the catalogue with its docs)
//! and `catena.check_jacobian(chain)` (`catena check --jacobian`).

use super::errors::{CatenaError, scene_error};
use super::interrupt::CtrlC;
use crate::contact::{Builtin, Chain as ChainOf, ChainElement, ElementSet};
use crate::verify::{MAX_SAMPLES, VerifyError};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// A contact chain file, read and checked.
#[pyclass(module = "catena._catena", frozen)]
pub struct Chain {
    chain: ChainOf<Builtin>,
    path: PathBuf,
}

#[pymethods]
impl Chain {
    /// The chain's name.
    #[getter]
    fn name(&self) -> String {
        self.chain.name().to_string()
    }

    /// The pair of primitive kinds it binds, e.g. ``("Capsule", "Capsule")``.
    #[getter]
    fn kinds(&self) -> (String, String) {
        let (a, b) = self.chain.kinds();
        (a.to_string(), b.to_string())
    }

    /// Its elements' names, in order.
    #[getter]
    fn elements(&self) -> Vec<String> {
        self.chain
            .elements()
            .iter()
            .map(|e| e.doc().name.to_string())
            .collect()
    }

    /// The chain file.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    fn __repr__(&self) -> String {
        let (a, b) = self.kinds();
        format!(
            "Chain({:?}, {a} against {b}, {} elements)",
            self.name(),
            self.chain.elements().len()
        )
    }
}

/// Reads the chain file at ``path`` (raises ``SceneError`` with file:line:column).
#[pyfunction]
pub fn load_chain(path: PathBuf) -> PyResult<Chain> {
    let chain = ChainOf::<Builtin>::load(&path).map_err(scene_error)?;
    Ok(Chain { chain, path })
}

/// The chain elements (``catena elements``): dicts of ``name``, ``category``, ``summary``,
/// ``details`` (parameters, formula, source), ``needs``, ``gives`` and ``pairs``; only the one
/// named ``name`` when given (``KeyError`` with a suggestion when there is none).
#[pyfunction]
#[pyo3(signature = (name = None))]
pub fn elements<'py>(py: Python<'py>, name: Option<&str>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut all = Builtin::catalogue();
    all.sort_by_key(|e| (e.doc().category, e.doc().name));
    all.dedup_by_key(|e| e.doc().name);
    if let Some(n) = name {
        all.retain(|e| e.doc().name == n);
        if all.is_empty() {
            let hint = match crate::scene::closest(n, Builtin::names().iter().copied()) {
                Some(s) => format!("did you mean `{s}`?"),
                None => "catena.elements() lists them all".into(),
            };
            return Err(PyKeyError::new_err(format!(
                "no element is named `{n}`; {hint}"
            )));
        }
    }
    all.iter()
        .map(|e| {
            let d = e.doc();
            let out = PyDict::new(py);
            out.set_item("name", d.name)?;
            out.set_item("category", d.category.to_string())?;
            out.set_item("summary", d.summary)?;
            out.set_item("details", d.details)?;
            let needs = e.needs();
            out.set_item("needs", needs.caps.to_string())?;
            out.set_item("gives", e.gives().caps.to_string())?;
            out.set_item(
                "pairs",
                needs.kinds.map(|(a, b)| (a.to_string(), b.to_string())),
            )?;
            Ok(out)
        })
        .collect()
}

/// A chain, or the path of a chain file.
#[derive(FromPyObject)]
pub enum ChainArg<'py> {
    /// A loaded chain.
    Chain(PyRef<'py, Chain>),
    /// A chain file.
    Path(PathBuf),
}

/// ``catena check --jacobian``: every element's ∂f/∂x, ∂f/∂v (and f = −∇E) against central
/// finite differences on ``samples`` random configurations of the chain's pair type (1 to
/// 1,000,000, as ``--samples``; ``tol`` a positive number, else ``ValueError``). Ctrl-C stops
/// it before the next configuration and raises ``KeyboardInterrupt``. Returns a dict of
/// ``passed``, ``report`` (the command's text) and ``rows`` (per element: ``name``,
/// ``passed``, worst relative errors ``dfdx``, ``dfdv``, ``gradient``).
#[pyfunction]
#[pyo3(signature = (chain, samples = None, seed = 1, tol = 1e-5))]
pub fn check_jacobian<'py>(
    py: Python<'py>,
    chain: ChainArg<'py>,
    samples: Option<&Bound<'py, PyAny>>,
    seed: u64,
    tol: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let samples = match samples {
        None => crate::verify::Options::default().samples,
        Some(s) => samples_in(s)?,
    };
    if !(tol.is_finite() && tol > 0.0) {
        return Err(PyValueError::new_err(format!(
            "tol = {tol}: need a positive relative error, e.g. 1e-5 (the default)"
        )));
    }
    let loaded;
    let (chain, path) = match &chain {
        ChainArg::Chain(c) => (&c.chain, c.path.clone()),
        ChainArg::Path(p) => {
            loaded = ChainOf::<Builtin>::load(p).map_err(scene_error)?;
            (&loaded, p.clone())
        }
    };
    let options = crate::verify::Options {
        samples,
        seed,
        tolerance: tol,
        ..Default::default()
    };
    let ctrl_c = CtrlC::install();
    let result = py.detach(|| crate::verify::jacobians_until(chain, &options, Some(ctrl_c.stop())));
    drop(ctrl_c);
    let report = match result {
        Ok(r) => r,
        Err(e @ VerifyError::Interrupted { .. }) => {
            return Err(CtrlC::interrupted(py, format!("{}: {e}", path.display())));
        }
        Err(e) => return Err(CatenaError::new_err(format!("{}: {e}", path.display()))),
    };
    let out = PyDict::new(py);
    out.set_item("passed", report.passed())?;
    out.set_item("report", report.to_string())?;
    let rows = report
        .rows
        .iter()
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("name", r.name.clone())?;
            d.set_item("passed", r.passed(tol))?;
            d.set_item("dfdx", r.dfdx.error)?;
            d.set_item("dfdv", r.dfdv.error)?;
            d.set_item("gradient", r.gradient.error)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    out.set_item("rows", rows)?;
    Ok(out)
}

/// ``samples`` of ``check_jacobian``: a Python int (of any size) from 1 to
/// [`crate::verify::MAX_SAMPLES`], the limits of ``catena check --samples``.
fn samples_in(s: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = s.call_method0("__index__").map_err(|_| {
        PyTypeError::new_err(format!(
            "samples: expected an int, got {}",
            s.get_type()
                .name()
                .map_or_else(|_| "an object".into(), |n| n.to_string())
        ))
    })?;
    if n.lt(1)? || n.gt(MAX_SAMPLES)? {
        return Err(PyValueError::new_err(format!(
            "samples = {n}: need 1 ≤ samples ≤ {MAX_SAMPLES}, as `catena check --samples` (each \
             configuration takes milliseconds per element: a million is already an hour; the \
             default, 200, checks a chain in seconds)"
        )));
    }
    n.extract()
}
