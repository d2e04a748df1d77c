//! What the contacts of the last accepted step say about the bodies, for Python: the virial
//! stresses of `Assemble_VirialStress`, the contact areas of `Assemble_ContactArea_1`/`_2`,
//! the contact area and force of each cell contact, and
//! the contact traction on each cell triangle, and the spring tension at each node.

use crate::system::Simulator;
use numpy::IntoPyArray;
use numpy::ndarray::{Array2, Array3};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `{"spheres": (n,), "cells": {name: A}, "rigid": {name: A}, "rods": {name: A}}` (m²).
pub fn contact_areas<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let a = crate::contact::contact_areas(m, sim.last_contacts());
    let d = PyDict::new(py);
    d.set_item("spheres", a.spheres.clone().into_pyarray(py))?;
    let cells = PyDict::new(py);
    for (shell, area) in m.bodies.shells.iter().zip(&a.shells) {
        if shell.cell.is_some() {
            cells.set_item(&shell.name, area)?;
        }
    }
    d.set_item("cells", cells)?;
    let rigid = PyDict::new(py);
    for (body, area) in m.bodies.rigid.iter().zip(&a.rigid) {
        rigid.set_item(&body.name, area)?;
    }
    d.set_item("rigid", rigid)?;
    let rods = PyDict::new(py);
    for (rod, area) in m.bodies.rods.iter().zip(&a.rods) {
        rods.set_item(&rod.name, area)?;
    }
    d.set_item("rods", rods)?;
    Ok(d)
}

/// `{"spheres": (n, 3, 3), "cells": {name: (3, 3)}}` (Pa).
pub fn virial_stresses<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let s = crate::contact::virial_stresses(m, &m.q, sim.last_contacts());
    let rows = |t: &crate::math::Mat3| -> Vec<f64> {
        (0..3)
            .flat_map(|i| (0..3).map(move |j| t[(i, j)]))
            .collect()
    };
    let spheres: Vec<f64> = s.spheres.iter().flat_map(rows).collect();
    let spheres = Array3::from_shape_vec((s.spheres.len(), 3, 3), spheres).expect("9 per sphere");
    let d = PyDict::new(py);
    d.set_item("spheres", spheres.into_pyarray(py))?;
    let cells = PyDict::new(py);
    for (shell, sigma) in m.bodies.shells.iter().zip(&s.shells) {
        if shell.cell.is_some() {
            let a = Array3::from_shape_vec((1, 3, 3), rows(sigma)).expect("9");
            let a = a.into_shape_with_order((3, 3)).expect("3 × 3");
            cells.set_item(&shell.name, a.into_pyarray(py))?;
        }
    }
    d.set_item("cells", cells)?;
    Ok(d)
}

/// One dict per touching pair: `first`, `second`, `contact_area`, `force`.
pub fn cell_contacts<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let m = &sim.model;
    crate::contact::cell_contacts(m, sim.last_contacts())
        .into_iter()
        .map(|c| {
            let d = PyDict::new(py);
            d.set_item("first", c.first.label(m))?;
            d.set_item("second", c.second.label(m))?;
            d.set_item("contact_area", c.area)?;
            d.set_item(
                "force",
                vec![c.force.x, c.force.y, c.force.z].into_pyarray(py),
            )?;
            Ok(d)
        })
        .collect()
}

/// `{name: (T, 3)}` (Pa): the contact traction on each triangle of each cell.
pub fn cell_tractions<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let d = PyDict::new(py);
    for (s, t) in crate::contact::cell_tractions(m, sim.last_contacts()) {
        let flat: Vec<f64> = t.iter().flat_map(|v| [v.x, v.y, v.z]).collect();
        let a = Array2::from_shape_vec((t.len(), 3), flat).expect("3 per triangle");
        d.set_item(&m.bodies.shells[s].name, a.into_pyarray(py))?;
    }
    Ok(d)
}

/// `{"rods": {name: (n,)}, "shells": {name: (n,)}}`: the spring tension at each node.
pub fn spring_tensions<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let t = crate::contact::spring_tensions(m, sim.last_contacts());
    let d = PyDict::new(py);
    let rods = PyDict::new(py);
    for (rod, v) in m.bodies.rods.iter().zip(t.rods) {
        rods.set_item(&rod.name, v.into_pyarray(py))?;
    }
    let shells = PyDict::new(py);
    for (shell, v) in m.bodies.shells.iter().zip(t.shells) {
        shells.set_item(&shell.name, v.into_pyarray(py))?;
    }
    d.set_item("rods", rods)?;
    d.set_item("shells", shells)?;
    Ok(d)
}
