//! Chains from Python: `catena.load_chain`, `catena.elements()` (the catalogue with its docs)
//! and `catena.check_jacobian(chain)` (`catena check --jacobian`).

use super::errors::{CatenaError, scene_error};
use super::interrupt::CtrlC;
use crate::contact::{Builtin, Chain as ChainOf, ChainElement, ElementSet};
use crate::diag::{SceneError, ron_options};
use crate::verify::{MAX_SAMPLES, VerifyError};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::path::PathBuf;

/// A contact chain, checked: read from a file (``load_chain``), from RON text
/// (``Chain.from_ron``) or built from a Python list of elements (``Chain(name, elements)``).
#[pyclass(module = "catena._catena", frozen)]
pub struct Chain {
    chain: ChainOf<Builtin>,
    /// The file it was read from, or the path given to `from_ron`.
    path: Option<PathBuf>,
    /// Its RON text: the file's, the text given, or the text written from the list.
    text: String,
}

#[pymethods]
impl Chain {
    /// A chain from a list of elements, checked as a chain file is: ``elements`` holds
    /// ``catena.Variant``\ s (``Variant("Capsule_Capsule")``,
    /// ``Variant("N_LinearForce", stiffness=1e3)`` in N/m,
    /// ``Variant("N_IMC", delta=1e-5, stiffness=Variant("Adaptive", scale=1e5))`` with δ in m)
    /// or strings of one element's RON (``"AssembleForces"``, ``"N_Hertz(effective_modulus:
    /// 1e7)"``); a bare name is the element with its default parameters (``Variant("N_Hertz")``
    /// is ``N_Hertz()`` in a chain file). Parameters are in SI units, as in chain files
    /// (``catena.elements(name)`` documents each). ``stack_laws`` lets several normal (or
    /// tangential) laws add up; ``description`` is free text.
    ///
    /// Raises ``SceneError`` with the message a chain file gives, the element named by its
    /// position in the list and its name (``chain "imc": element 4 `N_IMC`: …``), and a
    /// ``help:`` line (a suggestion for a misspelt name or field).
    #[new]
    #[pyo3(signature = (name, elements, *, stack_laws = false, description = None))]
    fn new(
        name: &str,
        elements: &Bound<'_, PyAny>,
        stack_laws: bool,
        description: Option<&str>,
    ) -> PyResult<Self> {
        let py = elements.py();
        let to_ron = py.import("catena.builder")?.getattr("_ron")?;
        let mut items = Vec::new();
        for (i, e) in elements.try_iter()?.enumerate() {
            let e = e?;
            let (ron, label) = match e.cast::<PyString>() {
                Ok(s) => {
                    let s = s.extract::<String>()?.trim().to_string();
                    let label = s
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or_default()
                        .to_string();
                    (s, label)
                }
                Err(_) => {
                    let ron: String = to_ron.call1((&e, format!("elements[{i}]")))?.extract()?;
                    let label = match e.getattr("name").and_then(|n| n.extract::<String>()) {
                        Ok(n) => n,
                        Err(_) => ron.clone(),
                    };
                    (ron, label)
                }
            };
            if ron.is_empty() || ron.contains('\n') {
                return Err(PyValueError::new_err(format!(
                    "elements[{i}]: expected one element (a catena.Variant or its RON on one \
                     line), got {ron:?}"
                )));
            }
            items.push((with_body(ron), label));
        }
        let (text, first_line) = chain_text(name, description, stack_laws, &items)?;
        let label = PathBuf::from(format!("chain {}", quoted(name)?));
        let chain = ChainOf::<Builtin>::parse(&text, &label)
            .map_err(|e| scene_error(on_list(e, &items, first_line)))?;
        Ok(Self {
            chain,
            path: None,
            text,
        })
    }

    /// A chain from RON text, as in a chain file (``Chain(name: …, elements: [...])``);
    /// ``path`` names it in messages (default ``<string>``) and is kept as ``path``.
    #[staticmethod]
    #[pyo3(signature = (text, path = None))]
    fn from_ron(text: String, path: Option<PathBuf>) -> PyResult<Self> {
        let file = path.clone().unwrap_or_else(|| PathBuf::from("<string>"));
        let chain = ChainOf::<Builtin>::parse(&text, &file).map_err(scene_error)?;
        Ok(Self { chain, path, text })
    }

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

    /// The chain file (``None`` for a chain built from a list, or from text without a path).
    #[getter]
    fn path(&self) -> Option<PathBuf> {
        self.path.clone()
    }

    /// Its RON text, as a chain file holds it (``SceneBuilder.write`` writes it next to the
    /// scene).
    #[getter]
    fn text(&self) -> String {
        self.text.clone()
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

impl Chain {
    /// Where the chain comes from, for messages.
    fn label(&self) -> PathBuf {
        self.path
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("chain {:?}", self.chain.name())))
    }
}

/// An element's RON as a chain file needs it: a bare name stays bare for an element without
/// parameters (`Capsule_Capsule`) and becomes `N_Hertz()` for one whose parameters are all
/// optional, so that ``Variant("N_Hertz")`` means the element with its defaults.
fn with_body(ron: String) -> String {
    let bare = !ron.is_empty() && ron.chars().all(|c| c.is_alphanumeric() || c == '_');
    let reads = |text: &str| ron_options().from_str::<Builtin>(text).is_ok();
    if bare && !reads(&ron) && reads(&format!("{ron}()")) {
        format!("{ron}()")
    } else {
        ron
    }
}

/// `s` as a RON string.
fn quoted(s: &str) -> PyResult<String> {
    ron::to_string(s).map_err(|e| PyValueError::new_err(format!("{s:?}: {e}")))
}

/// The chain file text of `items` (each element's RON and its name), one element a line, and
/// the line (1-based) of the first element.
fn chain_text(
    name: &str,
    description: Option<&str>,
    stack_laws: bool,
    items: &[(String, String)],
) -> PyResult<(String, usize)> {
    let mut lines = vec![
        "Chain(".to_string(),
        format!("    name: {},", quoted(name)?),
    ];
    if let Some(d) = description {
        lines.push(format!("    description: {},", quoted(d)?));
    }
    if stack_laws {
        lines.push("    stack_laws: true,".into());
    }
    lines.push("    elements: [".into());
    let first_line = lines.len() + 1;
    lines.extend(items.iter().map(|(ron, _)| format!("        {ron},")));
    lines.push("    ],".into());
    lines.push(")".into());
    Ok((lines.join("\n") + "\n", first_line))
}

/// An error of a chain built from a list, located by element instead of by a line of text
/// the user never saw: `element k `Name`: …`, as a chain file's validation says it.
fn on_list(mut e: SceneError, items: &[(String, String)], first_line: usize) -> SceneError {
    if let Some((line, _)) = e.position.take()
        && let Some(k) = line.checked_sub(first_line)
        && let Some((_, label)) = items.get(k)
        && !e.message.starts_with("element ")
    {
        e.message = format!("element {} `{label}`: {}", k + 1, e.message);
    }
    e
}

/// Reads the chain file at ``path`` (raises ``SceneError`` with file:line:column).
#[pyfunction]
pub fn load_chain(path: PathBuf) -> PyResult<Chain> {
    let (chain, text) = ChainOf::<Builtin>::load_with_source(&path).map_err(scene_error)?;
    Ok(Chain {
        chain,
        path: Some(path),
        text,
    })
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
        ChainArg::Chain(c) => (&c.chain, c.label()),
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
