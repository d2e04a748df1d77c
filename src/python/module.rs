//! The native module `catena._catena`: its classes, functions and exceptions.

use pyo3::prelude::*;

/// catena's native module; `import catena` re-exports it with the study helpers.
#[pymodule]
fn _catena(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    super::errors::register(m)?;
    m.add_class::<super::scene::Scene>()?;
    m.add_class::<super::simulator::Simulator>()?;
    m.add_class::<super::simulator::StepReport>()?;
    m.add_class::<super::chains::Chain>()?;
    m.add_function(wrap_pyfunction!(super::scene::load_scene, m)?)?;
    m.add_function(wrap_pyfunction!(super::chains::load_chain, m)?)?;
    m.add_function(wrap_pyfunction!(super::chains::elements, m)?)?;
    m.add_function(wrap_pyfunction!(super::chains::check_jacobian, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::plan_sweep, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::plan_compare, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::run_case, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::status, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::cases, m)?)?;
    m.add_function(wrap_pyfunction!(super::studies::collect, m)?)?;
    Ok(())
}
