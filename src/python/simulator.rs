//! `catena.Simulator`: a built scene stepped from Python, one step at a time (with the Δt
//! retries of `catena run`) or as a run with output, its state read and written as numpy arrays.

use super::callback::Callback;
use super::contact_outputs;
use super::convert::{FloatArray, RodRef};
use super::errors::run_error;
use super::interrupt::CtrlC;
use super::run_helpers::{check_until, on_worker};
use super::state;
pub use super::step_report::StepReport;
use crate::run::{RunError, RunOptions, RunScene, run_simulator};
use crate::system::{AdaptiveState, Simulator as Sim, advance};
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

mod access;

/// A scene being simulated. Made by ``Scene.simulator()``.
#[pyclass(module = "catena._catena", unsendable)]
pub struct Simulator {
    /// `None` only while a run holds it.
    pub(super) sim: Option<Sim>,
    info: RunScene,
    adaptive: AdaptiveState,
    pub(super) steps: u64,
    /// Whether a run's callback is being called with this simulator (which then must not be
    /// stepped or run).
    pub(super) in_callback: bool,
}

#[pymethods]
impl Simulator {
    /// Advances one scene step Δt, as ``catena run`` does (a failed Newton solve is retried
    /// with a halved Δt down to the scene's ``min_dt``; with ``time.max_dt``, one step of the
    /// current size, grown as ``catena run`` grows it, with no horizon). Raises ``SolveError``
    /// when the step fails even then; the state is then the last accepted sub-step.
    fn step(&mut self) -> PyResult<StepReport> {
        self.not_in_callback("step")?;
        let settings = self.info.adaptive;
        let mut adaptive = self.adaptive;
        let sim = self.sim_mut()?;
        let t0 = sim.model.time;
        let result = advance(sim, &mut adaptive, &settings);
        self.adaptive = adaptive;
        match result {
            Ok(st) => {
                self.steps += 1;
                let r = st.report;
                Ok(StepReport {
                    t: r.t,
                    dt: r.dt,
                    iterations: r.newton.iterations,
                    line_search_steps: r.newton.line_search_evaluations,
                    residual: r.newton.residuals.last().copied().unwrap_or(0.0),
                    residuals: r.newton.residuals,
                    candidates: r.contacts.candidates,
                    active_contacts: r.contacts.active,
                    min_gap: r.contacts.min_gap,
                    min_gap_iterates: r.newton.min_gap,
                    max_penetration: r.contacts.max_penetration,
                    wall_ms: r.wall.as_secs_f64() * 1e3,
                    substeps: st.substeps,
                    retries: st.retries,
                    stages_ms: crate::system::StageTimes::NAMES
                        .iter()
                        .zip(r.stages.values())
                        .map(|(name, ms)| ((*name).to_owned(), ms))
                        .collect(),
                    energy: crate::system::Energies::NAMES
                        .iter()
                        .zip(r.energy.values())
                        .map(|(name, e)| ((*name).to_owned(), e))
                        .collect(),
                })
            }
            Err(failure) => Err(run_error(RunError::Solve {
                step: self.steps + 1,
                t: t0,
                failure,
            })),
        }
    }

    /// Runs from the current state to ``until`` (default: the scene's duration; a ``until``
    /// that is not a finite time after the current one raises ``ValueError``) as
    /// ``catena run`` does: with ``out``, writes ``steps.csv``, ``summary.json``, frames and
    /// checkpoints there (``force=True`` replaces an earlier run's output: only the files
    /// catena wrote, as listed in ``out/.catena.manifest``; other files stay). Returns the
    /// summary (``summary.json``'s fields) as a dict; the simulator is left at the end state. Ctrl-C
    /// stops it after the current step (output, checkpoint and summary written) and raises
    /// ``KeyboardInterrupt``; continue with ``catena resume OUT`` or another ``run``.
    ///
    /// ``callback(sim)``, if given, is called after every ``every``-th step of the run (steps
    /// ``every``, ``2·every``, … counted from the start of this call; default every step), once
    /// the step's row, frame and checkpoint are written, on the calling thread, with this
    /// simulator at the end of that step: everything that reads it works in the callback
    /// (``time``, ``steps``, ``positions``, ``velocities``, ``energies``, ``pose``, ``contacts``,
    /// …), and so do ``set_external_forces``, ``set_boundary_target`` and the other setters,
    /// which act from the next step on; ``step`` and ``run`` raise ``RuntimeError`` there. The
    /// GIL is released while Rust steps and held during the callback. Returning ``False``
    /// ends the run after that step: the summary returned is marked
    /// ``completed: False, reason: "stopped"`` (a checkpoint is written with ``out``, so
    /// ``catena resume`` can continue it); any other return value goes on. An exception raised
    /// in the callback stops the run the same way (rows, checkpoint and summary written, as for
    /// Ctrl-C) and is raised again by ``run``.
    #[pyo3(signature = (until = None, out = None, progress = false, force = false, checkpoint_every = None, callback = None, every = 1))]
    #[allow(clippy::too_many_arguments)]
    fn run<'py>(
        slf: &Bound<'py, Self>,
        until: Option<f64>,
        out: Option<PathBuf>,
        progress: bool,
        force: bool,
        checkpoint_every: Option<u64>,
        callback: Option<Bound<'py, PyAny>>,
        every: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Some(cb) = &callback
            && !cb.is_callable()
        {
            return Err(PyTypeError::new_err(format!(
                "callback: expected a function of the simulator, got {}",
                cb.get_type().name()?
            )));
        }
        if every == 0 {
            return Err(PyValueError::new_err(
                "every = 0: need a number of steps ≥ 1 between two calls of the callback",
            ));
        }
        let (sim, info, base) = {
            let mut me = slf.borrow_mut();
            me.not_in_callback("run")?;
            let t = me.sim()?.model.time;
            check_until(until, t, me.info.duration)?;
            let sim = me
                .sim
                .take()
                .ok_or_else(|| PyRuntimeError::new_err("the simulator is running"))?;
            (sim, me.info.clone(), me.steps)
        };
        // Ctrl-C stops the run at the next step boundary, as in `catena run` (rows, checkpoint
        // and a summary marked interrupted are written), and the run raises KeyboardInterrupt.
        let ctrl_c = CtrlC::install();
        let opts = RunOptions {
            out,
            force,
            until,
            progress,
            checkpoint_every,
            stop: Some(ctrl_c.stop().clone()),
        };
        let mut raised = None;
        let (sim, result) = match callback {
            None => py.detach(|| on_worker(|| run_simulator(sim, &info, &opts))),
            Some(cb) => {
                let call = Callback {
                    me: slf.clone().unbind(),
                    f: cb.unbind(),
                    base,
                    raised: &mut raised,
                };
                call.run(py, sim, &info, &opts, every)
            }
        };
        drop(ctrl_c);
        let mut me = slf.borrow_mut();
        me.sim = Some(sim);
        me.steps = base
            + match &result {
                Ok(summary) => summary.steps,
                Err(RunError::Interrupted { step, .. } | RunError::Stopped { step, .. }) => *step,
                Err(_) => 0,
            };
        drop(me);
        match result {
            Err(e @ RunError::Interrupted { .. }) => Err(CtrlC::interrupted(py, e.to_string())),
            Err(e @ RunError::Stopped { .. }) => Err(raised.unwrap_or_else(|| run_error(e))),
            Err(e) => Err(run_error(e)),
            Ok(summary) => super::state::summary_dict(py, &summary),
        }
    }

    /// Simulated time (s).
    #[getter]
    fn time(&self) -> PyResult<f64> {
        Ok(self.sim()?.model.time)
    }

    /// The scene's time step Δt (s).
    #[getter]
    fn dt(&self) -> f64 {
        self.info.dt
    }

    /// Scene steps taken (by ``step`` and ``run``).
    #[getter]
    fn steps(&self) -> u64 {
        self.steps
    }

    /// Names of the rods, in scene order (the indices the state methods take).
    #[getter]
    fn rods(&self) -> PyResult<Vec<String>> {
        Ok(self
            .sim()?
            .model
            .bodies
            .rods
            .iter()
            .map(|r| r.name.clone())
            .collect())
    }

    /// All generalised coordinates ``q`` (a copy): rod nodes and twist angles, shells,
    /// spheres, in the solver's order.
    #[getter]
    fn q<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(super::convert::numbers_out(py, self.sim()?.model.q.clone()))
    }

    /// All generalised velocities (a copy).
    #[getter]
    fn v<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(super::convert::numbers_out(py, self.sim()?.model.v.clone()))
    }

    /// Sets all generalised coordinates: any array-like of real numbers (a numpy array of
    /// any real dtype, a list) of the length of ``q``.
    fn set_q(&mut self, q: &Bound<'_, PyAny>) -> PyResult<()> {
        let q = FloatArray::of(q, "q")?;
        state::set_all(self.sim_mut()?, &q, true)
    }

    /// Sets all generalised velocities: an array-like of the length of ``v``.
    fn set_v(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        let v = FloatArray::of(v, "v")?;
        state::set_all(self.sim_mut()?, &v, false)
    }

    /// Every body of the scene: ``[{"name", "kind", "nodes"}]`` in body order (rods, shells,
    /// spheres, rigid bodies, planes).
    #[getter]
    fn bodies<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        state::bodies(py, self.sim()?)
    }

    /// The pose of a sphere or a rigid body named ``name``: ``center`` (m), ``velocity``
    /// (m/s), ``orientation`` (unit quaternion ``w, x, y, z``, the rotation from its initial
    /// pose) and ``angular_velocity`` (rad/s, world frame).
    fn pose<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        state::pose(py, self.sim()?, name)
    }

    /// The measures of the cell ``name`` (a shell with ``cell:``): ``volume`` (m³), ``area``
    /// (m²), ``pressure`` (Pa, inner: ``P_ext − K_V (V − V₀)/V₀``), ``tension`` (N/m:
    /// ``T + K_A (A − A₀)/A₀``) and ``centroid`` (m, mean of the nodes).
    fn cell<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        state::cell(py, self.sim()?, name)
    }

    /// Node positions ``(n, 3)`` (m) of one body — a rod by index or name, a shell's nodes, a
    /// sphere's centre or a rigid body's centre of mass by name — or of every rod stacked.
    #[pyo3(signature = (rod = None))]
    fn positions<'py>(
        &self,
        py: Python<'py>,
        rod: Option<RodRef>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        state::nodes(py, self.sim()?, rod, true)
    }

    /// Node velocities ``(n, 3)`` (m/s) of one body (as ``positions``), or of every rod stacked.
    #[pyo3(signature = (rod = None))]
    fn velocities<'py>(
        &self,
        py: Python<'py>,
        rod: Option<RodRef>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        state::nodes(py, self.sim()?, rod, false)
    }

    /// Twist angles θ (rad) of a rod's edges.
    fn twist_angles<'py>(
        &self,
        py: Python<'py>,
        rod: RodRef,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        state::twist_angles(py, self.sim()?, &rod)
    }

    /// Sets a body's node positions ``(n, 3)`` (a rod by index or name, any other body by
    /// name, as ``positions``): any array-like of real numbers (a numpy array
    /// of any real dtype — float32, int64, … — or a list of ``[x, y, z]`` rows), converted to
    /// float64; the reference frames follow. Nodes held by a boundary condition are put back
    /// where it holds them at the next step.
    fn set_positions(&mut self, rod: RodRef, positions: &Bound<'_, PyAny>) -> PyResult<()> {
        let positions = FloatArray::of(positions, "positions")?;
        state::set_nodes(self.sim_mut()?, &rod, &positions, true)
    }

    /// Applies external forces ``(n, 3)`` (N) to a body's nodes — a rod by index or name, a
    /// shell, sphere or rigid body by name (a sphere's or rigid body's one node is its centre)
    /// — from the next step on, until set again; forces set on other bodies stay. Any
    /// array-like, as ``set_positions``. The forces are held constant over each step (explicit:
    /// a force computed in Python from the state, e.g. a coupling or a controller, lags by one
    /// step) and count as external work in the energy account. They are not part of the
    /// scene: checkpoints do not keep them. ``clear_external_forces()`` removes them all.
    fn set_external_forces(&mut self, body: RodRef, forces: &Bound<'_, PyAny>) -> PyResult<()> {
        let forces = FloatArray::of(forces, "forces")?;
        state::set_node_forces(self.sim_mut()?, &body, &forces)
    }

    /// Removes every force set by ``set_external_forces``.
    fn clear_external_forces(&mut self) -> PyResult<()> {
        self.sim_mut()?
            .set_user_forces(Vec::new())
            .map_err(pyo3::exceptions::PyValueError::new_err)
    }

    /// The forces set by ``set_external_forces``, one per coordinate of ``q`` (N; zeros where
    /// none).
    fn external_forces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(state::user_forces(py, self.sim()?))
    }

    /// Sets a rod's node velocities ``(n, 3)`` (any array-like, as ``set_positions``).
    fn set_velocities(&mut self, rod: RodRef, velocities: &Bound<'_, PyAny>) -> PyResult<()> {
        let velocities = FloatArray::of(velocities, "velocities")?;
        state::set_nodes(self.sim_mut()?, &rod, &velocities, false)
    }

    /// The contact pairs evaluated at the last accepted state: a dict of ``binding`` (index
    /// of the scene's contact entry), ``first``/``second`` (primitive labels), ``gap`` (m),
    /// ``energy`` (J), ``active``, ``force`` ``(n, 12)`` (N, on the pair's local coordinates)
    /// and ``dofs`` ``(n, 12)`` (their global indices in ``q``, -1 where none); and the
    /// coordinates a pair reaches beyond its twelve — a pair of two triangles
    /// (``RoundedTriangle_RoundedTriangle``) has six nodes, the second triangle's last two
    /// beyond the twelve; a law weighted by the current area share reaches the node's ring —
    /// as ragged arrays: pair ``k``'s are ``extra_dofs[o[k]:o[k+1]]`` (global indices, only
    /// free ones) with forces ``extra_force[o[k]:o[k+1]]`` (N), ``o = extra_offsets``.
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        state::contacts(py, self.sim()?)
    }

    /// The virial stresses (Pa, tension positive) at the last accepted step, from the pairs of
    /// chains with ``Assemble_VirialStress``: a dict of ``spheres`` ``(n, 3, 3)``, one per
    /// sphere in scene order, and ``cells``, cell name → ``(3, 3)``.
    fn virial_stresses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        contact_outputs::virial_stresses(py, self.sim()?)
    }

    /// The contact areas (m²) at the last accepted step, summed per body over the pairs of
    /// chains with ``Assemble_ContactArea_1``/``_2`` (each on the side it names): a dict of
    /// ``spheres`` ``(n,)`` in scene order, and ``cells``, ``rigid`` and ``rods``, name → area.
    fn contact_areas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        contact_outputs::contact_areas(py, self.sim()?)
    }

    /// Each body a cell touches at the last accepted step: dicts of ``first`` (the cell),
    /// ``second``, ``contact_area`` (m², the area shares of the overlapping nodes) and
    /// ``force`` ``(3,)`` (N, on the first), as in ``frames/cell_contacts_*.csv``.
    fn cell_contacts<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        contact_outputs::cell_contacts(py, self.sim()?)
    }

    /// The contact traction on each triangle of each cell at the last accepted step (Pa), a
    /// dict of cell name → ``(T, 3)`` in triangle order: the mean over its three nodes of the
    /// node's total contact force over its area share, so that ``Σ area · traction`` is the
    /// cell's total contact force (the ``traction`` cell data of the frames).
    fn cell_tractions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        contact_outputs::cell_tractions(py, self.sim()?)
    }

    /// The spring tension at each node at the last accepted step, from the pairs of chains
    /// with ``Assemble_SpringTension`` (N/m on shell nodes, mpacts' mesh form) or
    /// ``Assemble_SpringTension1D`` (N): a dict of ``rods`` and ``shells``, body name →
    /// ``(n,)`` per node, zero where no spring is recorded.
    fn spring_tensions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        contact_outputs::spring_tensions(py, self.sim()?)
    }

    /// Energies (J) at the current state: ``elastic`` (stretching, bending, twisting, shell
    /// bending and stretching), ``kinetic`` and ``contact`` (summed over the pairs of the last
    /// accepted step).
    fn energies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        state::energies(py, self.sim()?)
    }

    /// The boundary conditions, in scene order: dicts of ``rod``, ``nodes``, ``edges`` and
    /// ``motion``, with ``targets`` ``(k, 3)``, where the nodes are now, and ``held``, whether
    /// the condition holds them (false before a staged condition's ``active_from`` and after
    /// its ``active_until``).
    fn boundary_conditions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        state::boundary_conditions(py, self.sim()?)
    }

    /// Holds the nodes of boundary condition ``index`` at ``targets`` ``(k, 3)`` (m) from the
    /// next step on (the condition becomes a clamp there, for good: a staged condition's
    /// windows are dropped; its edges keep their material frame).
    /// Call it between steps to drive a rod's end from Python.
    fn set_boundary_target(&mut self, index: usize, targets: &Bound<'_, PyAny>) -> PyResult<()> {
        let targets = FloatArray::of(targets, "targets")?;
        state::set_boundary_target(self.sim_mut()?, index, &targets)
    }

    fn __repr__(&self) -> String {
        match &self.sim {
            Some(s) => format!(
                "Simulator({:?}, t={}, steps={}, dofs={})",
                self.info.name,
                s.model.time,
                self.steps,
                s.model.q.len()
            ),
            None => format!("Simulator({:?}, running)", self.info.name),
        }
    }
}
