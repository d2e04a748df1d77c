//! The state of a [`crate::system::Simulator`] as numpy arrays and dicts, and its setters.
//! Arrays are copies: a step replaces the state vectors, so a view would not stay valid.

use super::convert::{
    FloatArray, RodRef, json_to_py, numbers_in, numbers_out, points_in, points_out,
};
use crate::io::Summary;
use crate::math::Vec3;
use crate::model::{Body, BoundaryCondition, Prescribed};
use crate::system::{ElasticStencils, Simulator};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The body named `name` when it is not a rod (rods keep their own path: index or name).
fn other_body<'m>(m: &'m crate::model::Model, name: &RodRef) -> Option<&'m dyn Body> {
    match name {
        RodRef::Name(n) if !m.bodies.rods.iter().any(|r| &r.name == n) => m.bodies.find(n),
        _ => None,
    }
}

/// Node positions (`positions`) or velocities of a body — a rod by index or name, or any
/// other body by name (a shell's nodes, a sphere's centre, a rigid body's centre of mass) —
/// or of every rod stacked.
pub fn nodes<'py>(
    py: Python<'py>,
    sim: &Simulator,
    rod: Option<RodRef>,
    positions: bool,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let m = &sim.model;
    let src = if positions { &m.q } else { &m.v };
    if let Some(b) = rod.as_ref().and_then(|r| other_body(m, r)) {
        let points: Vec<Vec3> = (0..b.n_nodes()).map(|i| b.node_position(src, i)).collect();
        return Ok(points_out(py, &points));
    }
    let rods: Vec<usize> = match rod {
        Some(r) => vec![r.resolve(m)?],
        None => (0..m.bodies.rods.len()).collect(),
    };
    let points: Vec<Vec3> = rods
        .iter()
        .flat_map(|&r| (0..m.bodies.rods[r].n_nodes).map(move |i| m.bodies.rods[r].node(src, i)))
        .collect();
    Ok(points_out(py, &points))
}

/// Twist angles of rod `rod`'s edges.
pub fn twist_angles<'py>(
    py: Python<'py>,
    sim: &Simulator,
    rod: &RodRef,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let m = &sim.model;
    let r = &m.bodies.rods[rod.resolve(m)?];
    Ok(numbers_out(
        py,
        (0..r.n_edges()).map(|e| m.q[r.twist_dof(e)]).collect(),
    ))
}

/// Moves the committed reference frames to the current positions.
fn follow_frames(sim: &mut Simulator) {
    let mut frames = Vec::new();
    sim.model.transport_frames(&sim.model.q, &mut frames);
    sim.model.frames = frames;
}

/// Sets the node positions (`positions`) or velocities of rod `rod`.
pub fn set_nodes(
    sim: &mut Simulator,
    rod: &RodRef,
    values: &FloatArray,
    positions: bool,
) -> PyResult<()> {
    let what = if positions { "positions" } else { "velocities" };
    if let Some(b) = other_body(&sim.model, rod) {
        let points = points_in(values, b.n_nodes(), what)?;
        let dofs: Vec<usize> = (0..b.n_nodes()).map(|i| b.node_dof(i)).collect();
        let target = if positions {
            &mut sim.model.q
        } else {
            &mut sim.model.v
        };
        for (k, p) in dofs.iter().zip(&points) {
            target[*k..*k + 3].copy_from_slice(p.as_slice());
        }
        return Ok(());
    }
    let r = rod.resolve(&sim.model)?;
    let rod = &sim.model.bodies.rods[r];
    let points = points_in(values, rod.n_nodes, what)?;
    let dofs: Vec<usize> = (0..rod.n_nodes).map(|i| rod.node_dof(i)).collect();
    let target = if positions {
        &mut sim.model.q
    } else {
        &mut sim.model.v
    };
    for (k, p) in dofs.iter().zip(&points) {
        target[*k..*k + 3].copy_from_slice(p.as_slice());
    }
    if positions {
        follow_frames(sim);
    }
    Ok(())
}

/// Sets every generalised coordinate (`positions`) or velocity.
pub fn set_all(sim: &mut Simulator, values: &FloatArray, positions: bool) -> PyResult<()> {
    let what = if positions { "q" } else { "v" };
    let values = numbers_in(values, sim.model.q.len(), what)?;
    let target = if positions {
        &mut sim.model.q
    } else {
        &mut sim.model.v
    };
    target
        .iter_mut()
        .zip(values.iter())
        .for_each(|(t, v)| *t = *v);
    if positions {
        follow_frames(sim);
    }
    Ok(())
}

/// The contact pairs of the last accepted state, as arrays.
pub fn contacts<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let c = sim.last_contacts();
    let m = &sim.model;
    let d = PyDict::new(py);
    d.set_item(
        "binding",
        c.iter()
            .map(|x| i64::from(x.key.binding))
            .collect::<Vec<_>>()
            .into_pyarray(py),
    )?;
    d.set_item(
        "first",
        c.iter().map(|x| x.key.first.label(m)).collect::<Vec<_>>(),
    )?;
    d.set_item(
        "second",
        c.iter().map(|x| x.key.second.label(m)).collect::<Vec<_>>(),
    )?;
    d.set_item("gap", numbers_out(py, c.iter().map(|x| x.gap).collect()))?;
    d.set_item(
        "energy",
        numbers_out(py, c.iter().map(|x| x.energy).collect()),
    )?;
    d.set_item(
        "active",
        c.iter()
            .map(|x| x.active)
            .collect::<Vec<_>>()
            .into_pyarray(py),
    )?;
    let force: Vec<f64> = c.iter().flat_map(|x| x.force.iter().copied()).collect();
    let force = Array2::from_shape_vec((c.len(), 12), force).expect("12 per pair");
    d.set_item("force", force.into_pyarray(py))?;
    let dofs: Vec<i64> = c
        .iter()
        .flat_map(|x| {
            x.dofs.iter().map(|&k| {
                if k == crate::contact::NO_DOF {
                    -1
                } else {
                    i64::from(k)
                }
            })
        })
        .collect();
    let dofs = Array2::from_shape_vec((c.len(), 12), dofs).expect("12 per pair");
    d.set_item("dofs", dofs.into_pyarray(py))?;
    // Coordinates beyond a pair's twelve (a node ring's, a two-triangle pair's last two
    // nodes): ragged, pair k's in extra_offsets[k]..extra_offsets[k + 1].
    let mut offsets = vec![0i64];
    let (mut extra_dofs, mut extra_force) = (Vec::new(), Vec::new());
    for ring in c.iter().map(|x| x.ring.as_deref()) {
        if let Some(r) = ring {
            extra_dofs.extend(r.coords.iter().map(|&k| i64::from(k)));
            extra_force.extend_from_slice(&r.force);
        }
        offsets.push(extra_dofs.len() as i64);
    }
    d.set_item("extra_offsets", offsets.into_pyarray(py))?;
    d.set_item("extra_dofs", extra_dofs.into_pyarray(py))?;
    d.set_item("extra_force", numbers_out(py, extra_force))?;
    Ok(d)
}

/// Elastic (stretching, bending, twisting, shell), kinetic and contact energies.
pub fn energies<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let mut gradient = vec![0.0; m.q.len()];
    let elastic = ElasticStencils::new(m).evaluate(m, &m.frames, &m.q, &mut gradient, None, 1.0);
    let d = PyDict::new(py);
    d.set_item("elastic", elastic)?;
    d.set_item("kinetic", sim.model.kinetic_energy())?;
    d.set_item(
        "contact",
        sim.last_contacts().iter().map(|c| c.energy).sum::<f64>(),
    )?;
    Ok(d)
}

/// The boundary conditions, with where their nodes are now.
pub fn boundary_conditions<'py>(
    py: Python<'py>,
    sim: &Simulator,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let m = &sim.model;
    m.bcs
        .iter()
        .enumerate()
        .map(|(i, bc)| {
            let d = PyDict::new(py);
            let rod = &m.bodies.rods[bc.rod];
            d.set_item("rod", rod.name.clone())?;
            d.set_item("nodes", bc.nodes.clone())?;
            d.set_item("edges", bc.edges.clone())?;
            let motion = match bc.motion {
                Prescribed::Fixed => "fixed",
                Prescribed::Rotation { .. } => "rotation",
                Prescribed::Translation { .. } => "translation",
            };
            d.set_item("motion", motion)?;
            d.set_item("held", m.bc_holds(i))?;
            let targets: Vec<Vec3> = bc.nodes.iter().map(|&i| rod.node(&m.q, i)).collect();
            d.set_item("targets", points_out(py, &targets))?;
            Ok(d)
        })
        .collect()
}

/// Holds the nodes of boundary condition `index` at `targets` from the next step on.
pub fn set_boundary_target(
    sim: &mut Simulator,
    index: usize,
    targets: &FloatArray,
) -> PyResult<()> {
    let m = &sim.model;
    let bc = m.bcs.get(index).ok_or_else(|| {
        PyIndexError::new_err(format!(
            "boundary condition {index} out of range: the scene has {}",
            m.bcs.len()
        ))
    })?;
    let rod = &m.bodies.rods[bc.rod];
    let points = points_in(targets, bc.nodes.len(), "targets")?;
    let mut q = m.q.clone();
    for (&i, p) in bc.nodes.iter().zip(&points) {
        let k = rod.node_dof(i);
        q[k..k + 3].copy_from_slice(p.as_slice());
    }
    let held = BoundaryCondition::new(
        bc.rod,
        rod,
        &m.frames[bc.rod],
        &q,
        bc.nodes.clone(),
        bc.edges.clone(),
        Prescribed::Fixed,
        m.time,
    );
    sim.model.bcs[index] = held;
    Ok(())
}

/// `summary.json`'s fields as a dict (non-finite gaps as ``None``, as in the file).
pub fn summary_dict<'py>(py: Python<'py>, s: &Summary) -> PyResult<Bound<'py, PyAny>> {
    let v = serde_json::to_value(s).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_to_py(py, &v)
}

/// Every body: name, kind and number of nodes, in body order.
pub fn bodies<'py>(py: Python<'py>, sim: &Simulator) -> PyResult<Vec<Bound<'py, PyDict>>> {
    sim.model
        .bodies
        .iter()
        .map(|b| {
            let d = PyDict::new(py);
            d.set_item("name", b.name())?;
            d.set_item("kind", b.kind().word())?;
            d.set_item("nodes", b.n_nodes())?;
            Ok(d)
        })
        .collect()
}

/// The pose of a body that rotates as a whole (a sphere, a rigid body) named `name`: centre
/// (m), velocity (m/s), orientation as a unit quaternion `(w, x, y, z)` and angular velocity
/// (rad/s, world frame).
pub fn pose<'py>(py: Python<'py>, sim: &Simulator, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let b = m.bodies.find(name).ok_or_else(|| {
        PyIndexError::new_err(format!(
            "no body is named \"{name}\"; the bodies are {}",
            m.bodies
                .iter()
                .map(|b| format!("\"{}\"", b.name()))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let Some(r) = b.orientation() else {
        return Err(PyValueError::new_err(format!(
            "{} \"{name}\" has no pose: only spheres and rigid bodies turn as a whole (read its \
             nodes with positions(\"{name}\"))",
            b.kind().word()
        )));
    };
    let d = PyDict::new(py);
    let vec = |v: Vec3| numbers_out(py, vec![v.x, v.y, v.z]);
    d.set_item("center", vec(b.node_position(&m.q, 0)))?;
    d.set_item("velocity", vec(b.node_position(&m.v, 0)))?;
    d.set_item("orientation", numbers_out(py, vec![r.w, r.i, r.j, r.k]))?;
    let w = b
        .rotation_dof()
        .map_or_else(Vec3::zeros, |k| Vec3::new(m.v[k], m.v[k + 1], m.v[k + 2]));
    d.set_item("angular_velocity", vec(w))?;
    Ok(d)
}

/// The measures of the cell named `name` (a shell with `cell:`): `volume` (m³), `area` (m²),
/// `pressure` (Pa, inner), `tension` (N/m) and `centroid` (m).
pub fn cell<'py>(py: Python<'py>, sim: &Simulator, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let m = &sim.model;
    let cells = || {
        let names: Vec<String> = m
            .bodies
            .shells
            .iter()
            .filter(|s| s.cell.is_some())
            .map(|s| format!("\"{}\"", s.name))
            .collect();
        if names.is_empty() {
            "the scene has no cell (a shell with `cell:`)".to_string()
        } else {
            format!("the cells are {}", names.join(", "))
        }
    };
    let c = m
        .bodies
        .shells
        .iter()
        .find(|s| s.name == name)
        .and_then(|s| s.cell_measures(&m.q))
        .ok_or_else(|| {
            PyIndexError::new_err(format!("no cell is named \"{name}\"; {}", cells()))
        })?;
    let d = PyDict::new(py);
    d.set_item("volume", c.volume)?;
    d.set_item("area", c.area)?;
    d.set_item("pressure", c.pressure)?;
    d.set_item("tension", c.tension)?;
    d.set_item(
        "centroid",
        numbers_out(py, vec![c.centroid.x, c.centroid.y, c.centroid.z]),
    )?;
    Ok(d)
}

/// Sets the external forces on a body's nodes (`(n, 3)`, N) — a rod by index or name, any other
/// body by name — keeping those set on other bodies; see
/// [`crate::system::Simulator::set_user_forces`].
pub fn set_node_forces(sim: &mut Simulator, body: &RodRef, forces: &FloatArray) -> PyResult<()> {
    let dofs: Vec<usize> = match other_body(&sim.model, body) {
        Some(b) => (0..b.n_nodes()).map(|i| b.node_dof(i)).collect(),
        None => {
            let rod = &sim.model.bodies.rods[body.resolve(&sim.model)?];
            (0..rod.n_nodes).map(|i| rod.node_dof(i)).collect()
        }
    };
    let points = points_in(forces, dofs.len(), "forces")?;
    let mut all = sim.assembler().user_forces().to_vec();
    all.resize(sim.model.q.len(), 0.0);
    for (k, f) in dofs.iter().zip(&points) {
        all[*k..*k + 3].copy_from_slice(f.as_slice());
    }
    sim.set_user_forces(all).map_err(PyValueError::new_err)
}

/// The external forces set from Python, one per coordinate of `q` (N; zeros when none).
pub fn user_forces<'py>(py: Python<'py>, sim: &Simulator) -> Bound<'py, PyArray1<f64>> {
    let mut all = sim.assembler().user_forces().to_vec();
    all.resize(sim.model.q.len(), 0.0);
    all.into_pyarray(py)
}
