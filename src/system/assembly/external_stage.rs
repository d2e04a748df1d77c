//! The external-force stage of the assembly: every [`ExternalForce`] of the scene evaluated at
//! an iterate into one force vector, each force's derivatives combined with the integrator's
//! coefficients into node blocks (3×3, one per node of the model's node numbering) and face
//! blocks (9×9, one per shell triangle a force couples), and those blocks scattered into the
//! Jacobian through their slots.

use crate::external::{
    ExternalForce, ExternalState, ForceEval, ForceRole, Mat9, NodeDerivatives, StepStart,
};
use crate::math::Mat3;
use crate::model::Model;
use crate::system::SolveError;
use crate::system::assembly::pattern::{NO_SLOT, SparsityPattern, scatter_block};
use crate::time::Coefficients;

/// The external forces and what their assembly needs.
#[derive(Debug)]
pub(crate) struct ExternalStage {
    /// The forces, in scene order.
    pub(crate) forces: Vec<Box<dyn ExternalForce>>,
    /// First DOFs of every node of the model's node numbering (every body's nodes).
    node_dofs: Vec<[usize; 3]>,
    /// Slots of each node's 3×3 block (row-major).
    node_slots: Vec<[u32; 9]>,
    /// First DOFs of every body's rotational DOFs, ascending; empty unless a force couples
    /// spins.
    spin_dofs: Vec<[usize; 3]>,
    /// Slots of each rotational 3×3 block (row-major), in the order of `spin_dofs`.
    spin_slots: Vec<[u32; 9]>,
    /// Every force's rotational blocks combined with the coefficients, by `spin_dofs`.
    spin_blocks: Vec<Mat3>,
    /// Slots of each shell triangle's 9×9 block (row-major), by shell then triangle; empty
    /// unless a force couples faces.
    face_slots: Vec<Vec<[u32; 81]>>,
    /// One force's derivatives (scratch).
    derivatives: NodeDerivatives,
    /// Every force's node blocks combined with the integrator's coefficients.
    blocks: Vec<Mat3>,
    /// Every force's face blocks combined with the coefficients: (shell, face, block).
    faces: Vec<(usize, usize, Mat9)>,
    /// Whether a node block was written in the last evaluation.
    touched: bool,
    /// The summed force of the last evaluation (N per DOF).
    pub(crate) force: Vec<f64>,
    /// Forces set by the caller between steps (N per DOF; empty when none): constant over
    /// the step, no derivatives (explicit in the solve), potential `−F·(q − q_origin)`.
    pub(crate) user: Vec<f64>,
}

impl ExternalStage {
    /// The stage of `forces` over the bodies of `model`.
    pub(crate) fn new(model: &Model, forces: Vec<Box<dyn ExternalForce>>) -> Self {
        // The global node numbering (external forces' node blocks): every body's nodes.
        let node_dofs: Vec<[usize; 3]> = model
            .bodies
            .iter()
            .flat_map(|b| (0..b.n_nodes()).map(move |i| b.node_dof(i)))
            .map(|d| [d, d + 1, d + 2])
            .collect();
        let mut spin_dofs: Vec<[usize; 3]> = if forces.iter().any(|f| f.couples_spins()) {
            (model.bodies.iter())
                .filter_map(|b| b.rotation_dof())
                .map(|d| [d, d + 1, d + 2])
                .collect()
        } else {
            Vec::new()
        };
        spin_dofs.sort_unstable();
        Self {
            forces,
            node_dofs,
            node_slots: Vec::new(),
            spin_dofs,
            spin_slots: Vec::new(),
            spin_blocks: Vec::new(),
            face_slots: Vec::new(),
            derivatives: NodeDerivatives::default(),
            blocks: Vec::new(),
            faces: Vec::new(),
            touched: false,
            force: Vec::new(),
            user: Vec::new(),
        }
    }

    /// The DOF groups of the node and rotational blocks, for the sparsity pattern.
    pub(crate) fn groups(&self) -> impl Iterator<Item = &[usize]> {
        (self.node_dofs.iter())
            .chain(&self.spin_dofs)
            .map(|g| &g[..])
    }

    /// Recomputes the node and face slots in `pattern`.
    pub(crate) fn bind(&mut self, model: &Model, pattern: &SparsityPattern) {
        self.node_slots = self
            .node_dofs
            .iter()
            .map(|g| {
                let mut s = [NO_SLOT; 9];
                pattern.block_slots(&model.dofs, g, &mut s);
                s
            })
            .collect();
        self.spin_slots = self
            .spin_dofs
            .iter()
            .map(|g| {
                let mut s = [NO_SLOT; 9];
                pattern.block_slots(&model.dofs, g, &mut s);
                s
            })
            .collect();
        self.face_slots = if self.forces.iter().any(|f| f.couples_faces()) {
            model
                .bodies
                .shells
                .iter()
                .map(|shell| {
                    shell
                        .mesh
                        .triangles
                        .iter()
                        .map(|tri| {
                            let group: Vec<usize> = tri
                                .iter()
                                .flat_map(|&n| {
                                    let d = shell.node_dof(n as usize);
                                    [d, d + 1, d + 2]
                                })
                                .collect();
                            let mut s = [NO_SLOT; 81];
                            pattern.block_slots(&model.dofs, &group, &mut s);
                            s
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
    }

    /// Every force's per-step work (the RSS fluid's solve) at the start of a step.
    pub(crate) fn begin_step(&mut self, start: &StepStart) -> Result<(), SolveError> {
        for x in &mut self.forces {
            x.begin_step(start).map_err(|source| SolveError::External {
                source,
                time: start.t,
            })?;
        }
        Ok(())
    }

    /// Evaluates every force at `e` into [`ExternalStage::force`] and, `with_jacobian`, their
    /// derivatives combined with the coefficients `c` into node and face blocks; returns the
    /// sum of their incremental potentials when every force has one.
    pub(crate) fn evaluate(
        &mut self,
        e: &ForceEval,
        c: &Coefficients,
        n_nodes: usize,
        with_jacobian: bool,
    ) -> Option<f64> {
        self.force.clear();
        self.force.resize(e.q.len(), 0.0);
        // Without a Jacobian (line-search trials), the forces' derivatives are not combined.
        self.blocks.clear();
        self.spin_blocks.clear();
        if with_jacobian {
            self.blocks.resize(n_nodes, Mat3::zeros());
            self.spin_blocks.resize(self.spin_dofs.len(), Mat3::zeros());
        }
        self.faces.clear();
        self.touched = false;
        let mut potential = Some(0.0);
        for f in &self.forces {
            self.derivatives.clear();
            f.add(e, &mut self.force, &mut self.derivatives);
            if with_jacobian {
                for b in self.derivatives.blocks() {
                    self.blocks[b.node] += c.system_block(&b.dfdx, &b.dfdv);
                    self.touched = true;
                }
                for b in self.derivatives.faces() {
                    let block = c.system_block(&b.dfdx, &b.dfdv);
                    self.faces.push((b.shell, b.face, block));
                }
                for b in self.derivatives.spins() {
                    let k = self
                        .spin_dofs
                        .binary_search_by_key(&b.dof, |g| g[0])
                        .expect("a force wrote a rotational block without couples_spins()");
                    self.spin_blocks[k] += c.system_block(&b.dfdx, &b.dfdv);
                    self.touched = true;
                }
            }
            potential = potential
                .zip(f.incremental_potential(e))
                .map(|(a, b)| a + b);
        }
        if !self.user.is_empty() {
            let mut work = 0.0;
            for (k, u) in self.user.iter().enumerate() {
                self.force[k] += u;
                work += u * (e.q[k] - e.q_origin[k]);
            }
            potential = potential.map(|p| p - work);
        }
        potential
    }

    /// Adds the node and face blocks of the last evaluation into the Jacobian values.
    pub(crate) fn scatter(&self, jacobian: &mut [f64]) {
        if self.touched {
            for (node, block) in self.blocks.iter().enumerate() {
                if block.iter().any(|&x| x != 0.0) {
                    // slots are row-major, nalgebra storage is column-major.
                    let t = block.transpose();
                    scatter_block(jacobian, &self.node_slots[node], t.as_slice());
                }
            }
            for (slots, block) in self.spin_slots.iter().zip(&self.spin_blocks) {
                if block.iter().any(|&x| x != 0.0) {
                    let t = block.transpose();
                    scatter_block(jacobian, slots, t.as_slice());
                }
            }
        }
        for (shell, face, block) in &self.faces {
            let t = block.transpose();
            scatter_block(jacobian, &self.face_slots[*shell][*face], t.as_slice());
        }
    }

    /// The summed force of every force at `e` (N per DOF), added into `f` (no derivatives kept).
    pub(crate) fn add_forces(&mut self, e: &ForceEval, f: &mut [f64]) {
        self.add_forces_where(e, f, |_| true);
    }

    /// The summed force of every force but the drags (role [`ForceRole::Drag`]) at `e` (N per
    /// DOF), added into `f`: the loads a body carries, whatever resists its motion.
    pub(crate) fn add_loads(&mut self, e: &ForceEval, f: &mut [f64]) {
        self.add_forces_where(e, f, |role| role != ForceRole::Drag);
    }

    /// The summed force at `e` of the forces whose role `keep` accepts, and the user forces,
    /// added into `f` (N per DOF; no derivatives kept).
    fn add_forces_where(&mut self, e: &ForceEval, f: &mut [f64], keep: impl Fn(ForceRole) -> bool) {
        for x in self.forces.iter().filter(|x| keep(x.energy_role())) {
            self.derivatives.clear();
            x.add(e, f, &mut self.derivatives);
        }
        for (f, u) in f.iter_mut().zip(&self.user) {
            *f += u;
        }
    }

    /// Sum of the potentials `U(q)` of the forces of role [`ForceRole::Potential`] at `e` (J).
    pub(crate) fn potential(&self, e: &ForceEval) -> f64 {
        self.forces
            .iter()
            .filter(|f| f.energy_role() == ForceRole::Potential)
            .map(|f| f.incremental_potential(e).unwrap_or(0.0))
            .fold(0.0, |s, u| s + u)
    }

    /// The work `(Σ F·Δq of the Work forces, −Σ F·Δq of the Drag forces)` at `e` over the
    /// step `dq` (J).
    pub(crate) fn work(&mut self, e: &ForceEval, dq: &[f64]) -> (f64, f64) {
        let dot = |f: &[f64]| f.iter().zip(dq).map(|(a, b)| a * b).sum::<f64>();
        let (mut external, mut drag) = (0.0, 0.0);
        let mut force = vec![0.0; dq.len()];
        for f in &self.forces {
            let role = f.energy_role();
            if role == ForceRole::Potential {
                continue;
            }
            force.iter_mut().for_each(|x| *x = 0.0);
            self.derivatives.clear();
            f.add(e, &mut force, &mut self.derivatives);
            match role {
                ForceRole::Work => external += dot(&force),
                ForceRole::Drag => drag -= dot(&force),
                ForceRole::Potential => {}
            }
        }
        if !self.user.is_empty() {
            external += dot(&self.user);
        }
        (external, drag)
    }

    /// The step-to-step state of every force, in scene order (checkpoints).
    pub(crate) fn states(&self) -> Vec<Option<ExternalState>> {
        self.forces.iter().map(|x| x.save_state()).collect()
    }

    /// Restores what [`ExternalStage::states`] saved.
    pub(crate) fn restore_states(
        &mut self,
        model: &Model,
        states: &[Option<ExternalState>],
    ) -> Result<(), String> {
        if states.len() != self.forces.len() {
            return Err(format!(
                "the checkpoint has {} external forces, the scene {}",
                states.len(),
                self.forces.len()
            ));
        }
        for (x, s) in self.forces.iter_mut().zip(states) {
            if let Some(s) = s {
                if s.force != x.name() {
                    return Err(format!(
                        "the checkpoint holds the state of `{}` where the scene has `{}`",
                        s.force,
                        x.name()
                    ));
                }
                x.restore_state(model, s)?;
            }
        }
        Ok(())
    }
}
