//! The load each boundary condition's support carries: the force and moment it applies on the
//! rod to hold (or drive) the condition's DOFs.
//!
//! A time step's residual is `r = c_M M (q − q̃) − F`, the inertia of the step less every force
//! the system applies (elastic, external, contact). On a held DOF `k` Newton does not drive
//! `rₖ` to zero: the support supplies it, so `Rₖ = rₖ` is the support's generalised force on
//! the rod (`M a = F + R`), and `−Rₖ` what the rod pushes on its support (a flagellum's
//! thrust on its motor, seed 001 App. D, Eq. D.1). Summed over a condition:
//!
//! `R = Σᵢ rᵢ` (N) over its held nodes `i`,
//! `M = Σᵢ (xᵢ − c) × rᵢ + Σₑ r_θₑ tₑ` (N·m) about the centroid `c` of its held nodes,
//!
//! with `r_θₑ` the twist row of a held edge `e` (a moment about its unit tangent `tₑ`). Under
//! the overdamped and static integrators `c_M = 0` and `R = −F`: the support balances the
//! forces. Contact forces on held points are not assembled (they go straight to the support)
//! and are not counted in `R`; a condition not holding its DOFs this step carries nothing.

use super::Model;
use crate::math::Vec3;

impl Model {
    /// `[Rx, Ry, Rz, Mx, My, Mz]` of every boundary condition, in scene order, at the
    /// configuration `q` where `residual` (over all DOFs) was evaluated (see the module doc).
    pub fn support_loads(&self, q: &[f64], residual: &[f64]) -> Vec<[f64; 6]> {
        self.bcs
            .iter()
            .enumerate()
            .map(|(i, bc)| {
                if !self.bc_held.get(i).copied().unwrap_or(false) {
                    return [0.0; 6];
                }
                let rod = &self.bodies.rods[bc.rod];
                let row = |k: usize| Vec3::new(residual[k], residual[k + 1], residual[k + 2]);
                let held: Vec<(Vec3, Vec3)> = bc
                    .nodes
                    .iter()
                    .map(|&n| (rod.node(q, n), row(rod.node_dof(n))))
                    .collect();
                let c = held.iter().map(|(x, _)| x).sum::<Vec3>() / held.len().max(1) as f64;
                let force: Vec3 = held.iter().map(|(_, r)| r).sum();
                let mut moment: Vec3 = held.iter().map(|(x, r)| (x - c).cross(r)).sum();
                for &e in &bc.edges {
                    let t = (rod.node(q, e + 1) - rod.node(q, e)).normalize();
                    moment += residual[rod.twist_dof(e)] * t;
                }
                [force.x, force.y, force.z, moment.x, moment.y, moment.z]
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::scene::{build_scene, parse_scene};
    use std::path::Path;

    /// A 0.2 m beam of 21 nodes clamped at its start under gravity, stepped with `time`
    /// (`(dt: …, duration: …[, integrator: …])`) and Young's modulus `e` (Pa).
    fn clamped_beam(time: &str, e: f64) -> crate::system::Simulator {
        let text = format!(
            r#"Scene(
            name: "beam",
            time: {time},
            materials: {{ "m": (youngs_modulus: {e:e}, poisson_ratio: 0.5, density: 1000) }},
            rods: [(name: "beam", material: "m", radius: 1e-3,
                    geometry: Straight(start: (0, 0, 0), end: (0.2, 0, 0), nodes: 21))],
            boundary_conditions: [Clamp(rod: "beam", end: Start)],
            forces: [Gravity(g: (0, 0, -9.81))],
        )"#
        );
        let file = Path::new("beam.ron");
        let spec = parse_scene(&text, file).expect("scene");
        build_scene(&spec, &text, file)
            .expect("build")
            .into_simulator()
    }

    /// A cantilever under gravity, solved statically: the clamp carries the whole weight
    /// (its own nodes' too) and the moment of it about the clamp.
    #[test]
    fn a_clamp_carries_the_weight_and_its_moment() {
        let mut sim = clamped_beam("(dt: 1.0, duration: 1.0, integrator: Static)", 1e9);
        sim.step().expect("static step");
        let m = &sim.model;
        let loads = m.support_loads(&m.q, sim.last_residual());
        assert_eq!(loads.len(), 1);
        let rod = &m.bodies.rods[0];
        let w: f64 = (0..21).map(|i| 9.81 * rod.node_mass(i)).sum();
        let [fx, fy, fz, mx, my, mz] = loads[0];
        assert!((fz - w).abs() < 1e-9 * w, "Rz = {fz}, weight {w}");
        assert!(fx.abs() < 1e-9 * w && fy.abs() < 1e-9 * w);
        // M = −Σ (x − c) × m g about the clamp's centroid c = (0.005, 0, 0): My = −Σ (x − cₓ) m g.
        let arm: f64 = (0..21)
            .map(|i| (rod.node(&m.q, i).x - 0.005) * 9.81 * rod.node_mass(i))
            .sum();
        assert!(arm > 0.0);
        assert!(
            (my + arm).abs() < 1e-6 * arm,
            "My = {my}, expected {}",
            -arm
        );
        assert!(mx.abs() < 1e-9 * arm && mz.abs() < 1e-9 * arm);
    }

    /// In motion (implicit Euler), the clamp's force closes the momentum balance of the whole
    /// rod, the elastic forces summing to zero: `R = Σ mᵢ (vᵢⁿ⁺¹ − vᵢⁿ)/Δt − Σ mᵢ g`.
    #[test]
    fn in_motion_the_clamp_force_closes_the_momentum_balance() {
        let mut sim = clamped_beam("(dt: 1e-3, duration: 1.0)", 1e7);
        for _ in 0..5 {
            let v_before = sim.model.v.clone();
            sim.step().expect("step");
            let m = &sim.model;
            let rod = &m.bodies.rods[0];
            let mut expected = crate::math::Vec3::zeros();
            for i in 0..21 {
                let k = rod.node_dof(i);
                let dv = crate::math::Vec3::new(
                    m.v[k] - v_before[k],
                    m.v[k + 1] - v_before[k + 1],
                    m.v[k + 2] - v_before[k + 2],
                );
                let g = crate::math::Vec3::new(0.0, 0.0, -9.81);
                expected += rod.node_mass(i) * (dv / 1e-3 - g);
            }
            let r = m.support_loads(&m.q, sim.last_residual())[0];
            let scale = expected.norm();
            for c in 0..3 {
                assert!(
                    (r[c] - expected[c]).abs() < 1e-7 * scale,
                    "component {c}: R = {}, momentum balance {}",
                    r[c],
                    expected[c]
                );
            }
        }
    }
}
