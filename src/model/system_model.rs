//! The model: all bodies, their shared DOF map, state, lumped mass and boundary conditions.

use super::{
    Bodies, BoundaryCondition, DofMap, Plane, Rod, RodFrames, Shell, ShellBending, Sphere,
};
use super::{BodyMasks, RigidBody};
use crate::math::Vec3;

/// Everything that is simulated, with its state at the current time.
#[derive(Debug, Clone, Default)]
pub struct Model {
    /// Every body (rods, shells, spheres, planes), each knowing its DOF offsets.
    pub bodies: Bodies,
    /// Reference frames of each rod, committed at the start of the current step.
    pub frames: Vec<RodFrames>,
    /// Free/constrained numbering of the global DOFs.
    pub dofs: DofMap,
    /// Generalised coordinates `q` (m for positions, rad for twists).
    pub q: Vec<f64>,
    /// Generalised velocities `q̇`.
    pub v: Vec<f64>,
    /// Diagonal lumped mass matrix (kg, or kg·m² for twist DOFs).
    pub mass: Vec<f64>,
    /// Boundary conditions.
    pub bcs: Vec<BoundaryCondition>,
    /// Whether each boundary condition's DOFs are constrained in [`Model::dofs`] now (staged
    /// conditions engage and let go between steps, see [`Model::stage_bcs`]).
    pub(super) bc_held: Vec<bool>,
    /// DOFs held fixed besides the boundary conditions' (e.g. clamped shell nodes).
    pub fixed: Vec<usize>,
    /// Point masses: (first global DOF of the node, mass in kg).
    pub point_masses: Vec<(usize, f64)>,
    /// Simulated time (s).
    pub time: f64,
    /// The contact mask of every body (0 unless the scene sets `mask:`).
    pub masks: BodyMasks,
}

impl Model {
    /// Adds a rod built by [`Rod::new`]; returns its index. Add all rods before any sphere,
    /// and call [`Model::finalize`] after the last body and boundary condition.
    pub fn add_rod(&mut self, mut rod: Rod, frames: RodFrames, q_local: Vec<f64>) -> usize {
        assert!(
            self.bodies.spheres.is_empty() && self.bodies.shells.is_empty(),
            "rods are added before shells and spheres"
        );
        rod.offset = self.q.len();
        rod.first_node = self.n_nodes();
        self.q.extend_from_slice(&q_local);
        self.v.extend(std::iter::repeat_n(0.0, q_local.len()));
        for i in 0..rod.n_nodes {
            self.mass.extend_from_slice(&[rod.node_mass(i); 3]);
            if i + 1 < rod.n_nodes {
                self.mass.push(rod.twist_inertia(i));
            }
        }
        self.bodies.rods.push(rod);
        self.frames.push(frames);
        self.bodies.rods.len() - 1
    }

    /// Adds a shell in its rest configuration with node velocity `velocity`; returns its index.
    /// Add shells after the rods and before any sphere. Mid-edge shells get one `ξ` DOF per
    /// edge after their nodes, starting at 0 (the mid-edge normals of the rest shape) and
    /// without inertia: the bending energy alone determines them.
    pub fn add_shell(&mut self, mut shell: Shell, velocity: Vec3) -> usize {
        assert!(
            self.bodies.spheres.is_empty(),
            "shells are added before spheres"
        );
        shell.offset = self.q.len();
        shell.first_node = self.n_nodes();
        for (x, &m) in shell.mesh.nodes.iter().zip(shell.node_masses()) {
            self.q.extend_from_slice(x.as_slice());
            self.v.extend_from_slice(velocity.as_slice());
            self.mass.extend_from_slice(&[m; 3]);
        }
        if shell.bending == ShellBending::MidEdge {
            shell.xi_offset = Some(self.q.len());
            let n = shell.topology.n_edges();
            self.q.extend(std::iter::repeat_n(0.0, n));
            self.v.extend(std::iter::repeat_n(0.0, n));
            self.mass.extend(std::iter::repeat_n(0.0, n));
        }
        self.bodies.shells.push(shell);
        self.bodies.shells.len() - 1
    }

    /// Whether any body has a time-varying natural shape.
    pub fn is_actuated(&self) -> bool {
        self.bodies.iter().any(|b| b.is_actuated())
    }

    /// Sets every body's natural shape for time `t` (s): curvature ramps of rods, hinge
    /// actuation of shells.
    pub fn actuate(&mut self, t: f64) {
        for b in self.bodies.iter_mut() {
            b.actuate(t);
        }
    }

    /// Makes node `node` of rod `rod` share the coordinates starting at global DOF `target` (a
    /// node of another rod or of a shell, at the same place): the rod's stencils, forces and
    /// contacts then act on those DOFs, the node's lumped mass moves there, and its own three
    /// coordinates are held fixed and unused. Call before [`Model::finalize`].
    pub fn share_rod_node(&mut self, rod: usize, node: usize, target: usize) {
        let own = self.bodies.rods[rod].own_node_dof(node);
        for c in 0..3 {
            self.mass[target + c] += self.mass[own + c];
            self.q[own + c] = self.q[target + c];
        }
        self.fixed.extend([own, own + 1, own + 2]);
        self.bodies.rods[rod].shared.push((node, target));
    }

    /// Adds a point mass `mass` (kg) at the node whose first coordinate is global DOF `dof`
    /// (inertia, and weight under [`crate::external::Gravity`]).
    pub fn add_point_mass(&mut self, dof: usize, mass: f64) {
        for c in 0..3 {
            self.mass[dof + c] += mass;
        }
        self.point_masses.push((dof, mass));
    }

    /// Holds the mid-edge rotation `ξ` of edge `edge` of shell `shell` at its value (no-op for
    /// hinge bending, which has no edge DOFs): with both end nodes held, the edge is clamped.
    pub fn fix_shell_edge_rotation(&mut self, shell: usize, edge: usize) {
        if let Some(x) = self.bodies.shells[shell].xi_offset {
            self.fixed.push(x + edge);
        }
    }

    /// Holds the three coordinates of node `node` of shell `shell` fixed.
    pub fn fix_shell_node(&mut self, shell: usize, node: usize) {
        let d = self.bodies.shells[shell].node_dof(node);
        self.fixed.extend([d, d + 1, d + 2]);
    }

    /// Adds a rigid sphere at `center` with velocity `velocity`; returns its index.
    pub fn add_sphere(&mut self, mut sphere: Sphere, center: Vec3, velocity: Vec3) -> usize {
        sphere.offset = self.q.len();
        sphere.node = self.n_nodes();
        self.q.extend_from_slice(center.as_slice());
        self.v.extend_from_slice(velocity.as_slice());
        self.mass.extend_from_slice(&[sphere.mass(); 3]);
        sphere.spin = None;
        self.bodies.spheres.push(sphere);
        self.bodies.spheres.len() - 1
    }

    /// Lets sphere `i` rotate: appends its three rotational DOFs `θ` (rad) with the moment of
    /// inertia `I = 2/5 m r²` as their mass and the angular velocity `omega` (rad/s) as their
    /// velocity. Call once per sphere, before [`Model::finalize`].
    pub fn spin_sphere(&mut self, i: usize, omega: Vec3) {
        let sphere = &mut self.bodies.spheres[i];
        assert!(sphere.spin.is_none(), "sphere {i} already rotates");
        let inertia = sphere.inertia();
        sphere.spin = Some(self.q.len());
        self.q.extend_from_slice(&[0.0; 3]);
        self.v.extend_from_slice(omega.as_slice());
        self.mass.extend_from_slice(&[inertia; 3]);
    }

    /// Drives sphere `i` along `motion` from where it is now (its centre in [`Model::q`] is
    /// `c₀`): its centre's DOFs, and its rotation's if it rotates, are held from
    /// [`Model::finalize`] on, and the centre is set to `c(t)` at every step (see
    /// [`SpherePath`](super::SpherePath)). Call before [`Model::finalize`].
    pub fn prescribe_sphere(&mut self, i: usize, motion: super::body::rigid::PrescribedMotion) {
        let sphere = &mut self.bodies.spheres[i];
        let start = sphere.center(&self.q);
        sphere.path = Some(super::SpherePath { start, motion });
    }

    /// Ends an accepted step from the current `q` to `q_new` (with the new velocities already
    /// in [`Model::v`]): every body's [`Body::commit_step`](super::Body::commit_step) — the
    /// orientation update `R ← exp(Δθ) R` of rotating bodies.
    pub fn commit_bodies(&mut self, q_new: &[f64], c: &crate::time::Coefficients) {
        let (dofs, q, v) = (&self.dofs, &self.q, &mut self.v);
        for b in self.bodies.iter_mut() {
            b.commit_step(dofs, q, q_new, v, c);
        }
    }

    /// The orientation of every body that rotates as a whole (spheres, rigid bodies), in body
    /// order, as unit quaternions `(w, x, y, z)` (checkpoints).
    pub fn orientations(&self) -> Vec<[f64; 4]> {
        self.bodies
            .iter()
            .filter_map(|b| b.orientation())
            .map(|r| [r.w, r.i, r.j, r.k])
            .collect()
    }

    /// Restores what [`Model::orientations`] returned; an error when the count differs.
    pub fn set_orientations(&mut self, saved: &[[f64; 4]]) -> Result<(), String> {
        let n = self
            .bodies
            .iter()
            .filter(|b| b.orientation().is_some())
            .count();
        if saved.len() != n {
            return Err(format!(
                "the checkpoint has {} body orientations, the scene {n} bodies that rotate",
                saved.len()
            ));
        }
        let bodies = self.bodies.iter_mut().filter(|b| b.orientation().is_some());
        for (b, &[w, i, j, k]) in bodies.zip(saved) {
            b.set_orientation(nalgebra::UnitQuaternion::new_unchecked(
                nalgebra::Quaternion::new(w, i, j, k),
            ));
        }
        Ok(())
    }

    /// Adds a rigid body at centre of mass `center` (m) in orientation `orientation` (its
    /// surface and inertia are given in its body frame), with velocity `velocity` (m/s) and
    /// angular velocity `omega` (rad/s); returns its index. Its six DOFs (centre, then the
    /// rotation vector `θ`, starting at zero) follow every earlier body's: add rigid bodies after
    /// the spheres. A fixed or prescribed body's DOFs are held at [`Model::finalize`].
    pub fn add_rigid(
        &mut self,
        mut body: RigidBody,
        center: Vec3,
        orientation: nalgebra::UnitQuaternion<f64>,
        velocity: Vec3,
        omega: Vec3,
    ) -> usize {
        body.offset = self.q.len();
        body.node = self.n_nodes();
        body.initial_center = center;
        self.q.extend_from_slice(center.as_slice());
        self.v.extend_from_slice(velocity.as_slice());
        self.mass.extend_from_slice(&[body.mass; 3]);
        body.rotation = self.q.len();
        self.q.extend_from_slice(&[0.0; 3]);
        self.v.extend_from_slice(omega.as_slice());
        // The rotation rows are the body's own (its full inertia tensor): no diagonal mass.
        self.mass.extend_from_slice(&[0.0; 3]);
        body.theta_committed = Vec3::zeros();
        body.state.orientation = orientation;
        body.state.omega = omega;
        body.state.previous_momentum =
            crate::model::body::rigid::momentum::world_inertia(&orientation, &body.inertia) * omega;
        self.bodies.rigid.push(body);
        self.bodies.rigid.len() - 1
    }

    /// Adds a static plane; returns its index.
    pub fn add_plane(&mut self, plane: Plane) -> usize {
        self.bodies.planes.push(plane);
        self.bodies.planes.len() - 1
    }

    /// Adds a boundary condition (its DOFs become constrained at [`Model::finalize`]).
    pub fn add_bc(&mut self, bc: BoundaryCondition) {
        self.bcs.push(bc);
    }

    /// Builds the DOF map once all bodies and conditions are in: the DOFs of every condition
    /// that holds from the start (not those waiting for their `active_from`) are constrained.
    pub fn finalize(&mut self) {
        let mut map = DofMap::new(self.q.len());
        for bc in self.bcs.iter().filter(|b| b.is_engaged()) {
            map.constrain_all(bc.dofs(&self.bodies.rods[bc.rod]));
        }
        map.constrain_all(self.fixed.iter().copied());
        let mut held = Vec::new();
        for b in self.bodies.iter() {
            b.held_dofs(&mut held);
        }
        if !held.is_empty() {
            map.constrain_all(held);
        }
        self.dofs = map;
        self.bc_held = self.bcs.iter().map(BoundaryCondition::is_engaged).collect();
    }

    /// Total number of DOFs.
    pub fn n_dofs(&self) -> usize {
        self.q.len()
    }

    /// Total number of point nodes: every body's, in body order (all rod nodes, then all
    /// shell nodes, then one per sphere).
    pub fn n_nodes(&self) -> usize {
        self.bodies.n_nodes()
    }

    /// Node positions of rod `r` in configuration `q`.
    pub fn rod_nodes(&self, r: usize, q: &[f64]) -> Vec<Vec3> {
        let rod = &self.bodies.rods[r];
        (0..rod.n_nodes).map(|i| rod.node(q, i)).collect()
    }

    /// The committed reference frames transported to configuration `q` (into `out`).
    pub fn transport_frames(&self, q: &[f64], out: &mut Vec<RodFrames>) {
        self.transport_frames_from(&self.frames, q, out);
    }

    /// Frames `source` (one per rod) transported to configuration `q` (into `out`).
    pub fn transport_frames_from(&self, source: &[RodFrames], q: &[f64], out: &mut Vec<RodFrames>) {
        out.resize_with(self.bodies.rods.len(), || RodFrames {
            tangent: Vec::new(),
            d1: Vec::new(),
            d2: Vec::new(),
            ref_twist: Vec::new(),
        });
        for ((rod, committed), o) in self.bodies.rods.iter().zip(source).zip(out.iter_mut()) {
            committed.transport_into(|i| rod.node(q, i), o);
        }
    }

    /// The largest speed `‖ẋ‖` (m/s) of any node (rod, shell and cell nodes, sphere and
    /// rigid-body centres) over its free coordinates: a held or prescribed coordinate does not
    /// count, so a clamped end or a driven plate does not keep a model from rest. Rotations
    /// and twists are left out (their rates are rad/s). 0 for a model without free nodes.
    pub fn max_free_node_speed(&self) -> f64 {
        self.free_node_speeds_except(&[]).0
    }

    /// The largest and the mean speed (m/s) of the nodes of [`Model::max_free_node_speed`]
    /// that have a free coordinate, leaving out the spheres `k` with `skip_spheres[k]` (missing
    /// entries count as `false`); `(0, 0)` when no node is left.
    pub fn free_node_speeds_except(&self, skip_spheres: &[bool]) -> (f64, f64) {
        let first_sphere = self.bodies.rods.len() + self.bodies.shells.len();
        let skipped = |b: usize| {
            b.checked_sub(first_sphere)
                .and_then(|k| skip_spheres.get(k))
                .is_some_and(|&s| s)
        };
        let (mut fastest, mut sum, mut count) = (0.0_f64, 0.0_f64, 0usize);
        for (b, body) in self.bodies.iter().enumerate() {
            if skipped(b) {
                continue;
            }
            for i in 0..body.n_nodes() {
                let d = body.node_dof(i);
                let free = (d..d + 3).filter(|&k| !self.dofs.is_constrained(k));
                if free.clone().next().is_none() {
                    continue;
                }
                let v2: f64 = free.map(|k| self.v[k] * self.v[k]).sum();
                fastest = fastest.max(v2);
                sum += v2.sqrt();
                count += 1;
            }
        }
        (
            fastest.sqrt(),
            if count == 0 { 0.0 } else { sum / count as f64 },
        )
    }

    /// Kinetic energy `½ q̇ᵀ M q̇` (J), rotational energy `½ I ω²` of spheres and `½ ω·I_w ω` of
    /// rigid bodies included.
    pub fn kinetic_energy(&self) -> f64 {
        0.5 * self
            .v
            .iter()
            .zip(&self.mass)
            .map(|(v, m)| m * v * v)
            .sum::<f64>()
            + self
                .bodies
                .rigid
                .iter()
                .map(|b| crate::model::Body::extra_kinetic_energy(b, &self.v))
                .sum::<f64>()
    }

    /// Every body's extra state ([`crate::model::Body::extra_state`]) in body order, for those
    /// that have one (checkpoints).
    pub fn extra_states(&self) -> Vec<Vec<f64>> {
        self.bodies
            .iter()
            .map(|b| b.extra_state())
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// Restores what [`Model::extra_states`] saved.
    pub fn set_extra_states(&mut self, saved: &[Vec<f64>]) -> Result<(), String> {
        let with: Vec<&mut dyn crate::model::Body> = self
            .bodies
            .iter_mut()
            .filter(|b| !b.extra_state().is_empty())
            .collect();
        if with.len() != saved.len() {
            return Err(format!(
                "the checkpoint has the state of {} bodies, the scene {} bodies with one",
                saved.len(),
                with.len()
            ));
        }
        for (b, s) in with.into_iter().zip(saved) {
            b.restore_extra_state(s)?;
        }
        Ok(())
    }
}
