//! What a run writes besides `steps.csv` rows: its VTK frames (bodies with their motion), the
//! force chains and contact list of each frame, and the granular columns of each row — all
//! decided once from the scene ([`OutputPlan`]).

use super::RunError;
use crate::granular::{contact_counts, contact_lines, packing_fraction, sphere_kinetic_energies};
use crate::io::{
    Frame, GranularRecord, MeshBody, OutputDir, PolylineBody, SphereBody, StepColumns,
};
use crate::math::Vec3;
use crate::model::{Model, Shape};
use crate::scene::{BuiltScene, PackingRegionSpec};
use crate::system::Simulator;

/// Node positions of every rod, for a VTK frame.
pub fn frame_of(model: &Model) -> Vec<(String, Vec<Vec3>, f64)> {
    model
        .bodies
        .rods
        .iter()
        .enumerate()
        .map(|(r, rod)| {
            (
                rod.name.clone(),
                model.rod_nodes(r, &model.q),
                rod.section.contact_radius(),
            )
        })
        .collect()
}

/// The optional outputs of a run.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct OutputPlan {
    /// Granular columns in `steps.csv` (the scene has spheres).
    pub(super) granular: bool,
    /// The packing-fraction box, if any.
    pub(super) region: Option<(Vec3, Vec3)>,
    /// Force chains with every frame.
    pub(super) chains: bool,
    /// A contact list with every frame.
    pub(super) list: bool,
    /// The names of the bodies with load columns: every rigid body, then every driven sphere.
    pub(super) rigid: Vec<String>,
    /// The driven spheres (a prescribed path), in model order: their loads follow the rigid
    /// bodies'.
    pub(super) driven: Vec<usize>,
    /// The cells' names, for their measure columns.
    pub(super) cells: Vec<String>,
    /// The rod boundary conditions' support names, for their load columns.
    pub(super) supports: Vec<String>,
    /// With `Assemble_VirialStress` in a chain: virial stress columns for the spheres' mean
    /// (when there are spheres) …
    pub(super) stress_spheres: bool,
    /// … and for these shells (every cell), in model order.
    pub(super) stress_cells: Vec<usize>,
    /// Per-triangle contact traction on the cells in every frame (a scene with cells and
    /// contacts).
    pub(super) traction: bool,
    /// Spring tension at the shell nodes in every frame (a chain with `Assemble_SpringTension`).
    pub(super) tension: bool,
    /// Contact areas of the spheres in every frame (a chain with `Assemble_ContactArea_1` or
    /// `_2`).
    pub(super) area: bool,
}

impl OutputPlan {
    /// The plan of `scene`: granular columns when it has spheres; force chains by default when
    /// it also has contacts.
    pub(super) fn of(scene: &BuiltScene) -> Self {
        let granular = !scene.model.bodies.spheres.is_empty();
        let virial = (scene.contacts.as_ref()).is_some_and(|c| {
            c.has_element("Assemble_VirialStress") || c.has_element("Assemble_VirialStress_2")
        });
        let o = &scene.output;
        let driven: Vec<usize> = (scene.model.bodies.spheres.iter().enumerate())
            .filter(|(_, s)| s.path.is_some())
            .map(|(i, _)| i)
            .collect();
        Self {
            granular,
            region: o.packing_region.filter(|_| granular).map(|r| match r {
                PackingRegionSpec::Box { min, max } => (min.vec(), max.vec()),
            }),
            chains: o
                .force_chains
                .unwrap_or(granular && scene.contacts.is_some()),
            list: o.contact_list,
            rigid: (scene.model.bodies.rigid.iter().map(|b| &b.name))
                .chain(driven.iter().map(|&i| &scene.model.bodies.spheres[i].name))
                .map(|n| n.replace(',', "_"))
                .collect(),
            driven,
            cells: scene
                .model
                .bodies
                .shells
                .iter()
                .filter(|s| s.cell.is_some())
                .map(|s| s.name.replace(',', "_"))
                .collect(),
            supports: (0..scene.model.bcs.len())
                .map(crate::io::support_name)
                .collect(),
            stress_spheres: virial && granular,
            stress_cells: (scene.model.bodies.shells.iter().enumerate())
                .filter(|(_, s)| virial && s.cell.is_some())
                .map(|(i, _)| i)
                .collect(),
            tension: (scene.contacts.as_ref())
                .is_some_and(|c| c.has_element("Assemble_SpringTension")),
            area: (scene.contacts.as_ref()).is_some_and(|c| {
                c.has_element("Assemble_ContactArea_1") || c.has_element("Assemble_ContactArea_2")
            }),
            traction: scene.contacts.is_some()
                && scene.model.bodies.shells.iter().any(|s| s.cell.is_some()),
        }
    }

    /// The virial stress groups' names: `spheres`, then the cells'.
    fn stress_names(&self, model: &Model) -> Vec<String> {
        let spheres = self.stress_spheres.then(|| "spheres".to_string());
        let cells =
            (self.stress_cells.iter()).map(|&i| model.bodies.shells[i].name.replace(',', "_"));
        spheres.into_iter().chain(cells).collect()
    }

    /// The virial stresses of the step `sim` just took, `[σxx, σyy, σzz, σxy, σyz, σxz]` (Pa):
    /// the spheres' volume-weighted mean, then each cell's (see
    /// [`crate::contact::virial_stresses`]).
    pub(super) fn stresses(&self, sim: &Simulator) -> Vec<[f64; 6]> {
        if !self.stress_spheres && self.stress_cells.is_empty() {
            return Vec::new();
        }
        let m = &sim.model;
        let s = crate::contact::virial_stresses(m, &m.q, sim.last_contacts());
        let six = |t: &crate::math::Mat3| {
            [
                t[(0, 0)],
                t[(1, 1)],
                t[(2, 2)],
                t[(0, 1)],
                t[(1, 2)],
                t[(0, 2)],
            ]
        };
        let spheres = self.stress_spheres.then(|| six(&s.spheres_mean(m)));
        let cells = self.stress_cells.iter().map(|&i| six(&s.shells[i]));
        spheres.into_iter().chain(cells).collect()
    }

    /// The load each rod boundary condition's support carries at the step `sim` just took
    /// (see [`crate::model::Model::support_loads`]), in scene order.
    pub(super) fn support_loads(&self, sim: &Simulator) -> Vec<[f64; 6]> {
        if self.supports.is_empty() {
            return Vec::new();
        }
        sim.model.support_loads(&sim.model.q, sim.last_residual())
    }

    /// Each cell's `[V, A, P, cx, cy, cz]` after the step `sim` just took (see
    /// [`crate::model::CellMeasures`]), in scene order.
    pub(super) fn cell_measures(&self, sim: &Simulator) -> Vec<[f64; 6]> {
        let m = &sim.model;
        m.bodies
            .shells
            .iter()
            .filter_map(|s| s.cell_measures(&m.q))
            .map(|c| {
                let x = c.centroid;
                [c.volume, c.area, c.pressure, x.x, x.y, x.z]
            })
            .collect()
    }

    /// The contact force and torque on each rigid body in the step `sim` just took (see
    /// [`crate::contact::RigidLoad`]), then on each driven sphere (see
    /// [`crate::contact::sphere_loads`]): `[fx, fy, fz, tx, ty, tz]` per body, in scene order.
    pub(super) fn rigid_loads(&self, sim: &Simulator) -> Vec<[f64; 6]> {
        if self.rigid.is_empty() {
            return Vec::new();
        }
        let m = &sim.model;
        let contacts = sim.last_contacts();
        let mut loads = crate::contact::rigid_body_loads(contacts, m.bodies.rigid.len());
        if !self.driven.is_empty() {
            loads.extend(crate::contact::sphere_loads(
                m,
                &m.q,
                contacts,
                &self.driven,
            ));
        }
        loads
    }

    /// The optional columns of `steps.csv` for `model`.
    pub(super) fn columns(&self, model: &Model) -> StepColumns {
        StepColumns {
            granular: self.granular,
            packing: self.region.is_some(),
            rigid: self.rigid.clone(),
            cells: self.cells.clone(),
            supports: self.supports.clone(),
            stresses: self.stress_names(model),
        }
    }

    /// The granular measures of the step `sim` just took, if the plan has them.
    pub(super) fn record(&self, sim: &Simulator) -> Option<GranularRecord> {
        if !self.granular {
            return None;
        }
        let m = &sim.model;
        let (ke_translational, ke_rotational) = sphere_kinetic_energies(m);
        let counts = contact_counts(m, sim.last_contacts());
        Some(GranularRecord {
            ke_translational,
            ke_rotational,
            coordination: counts.coordination,
            max_overlap: counts.max_overlap,
            packing_fraction: self.region.map(|(a, b)| packing_fraction(m, a, b)),
        })
    }
}

/// Writes the frame of `sim`'s model (every body's [`Shape`]: rods as tubes, spheres with
/// angular velocity and orientation, meshes with their triangles, all with velocities) and, as
/// `plan` says, its force chains and contact list.
pub(super) fn write_frame(
    out: &mut OutputDir,
    sim: &Simulator,
    plan: &OutputPlan,
) -> Result<(), RunError> {
    let model = &sim.model;
    let shapes: Vec<(&str, Shape)> = model
        .bodies
        .iter()
        .filter_map(|b| Some((b.name(), b.shape(&model.q, &model.v)?)))
        .collect();
    let (mut rods, mut spheres, mut meshes) = (Vec::new(), Vec::new(), Vec::new());
    // The spheres' virial stresses, in the order their shapes come (the model's).
    let stresses = plan
        .stress_spheres
        .then(|| crate::contact::virial_stresses(model, &model.q, sim.last_contacts()).spheres);
    let areas = plan
        .area
        .then(|| crate::contact::contact_areas(model, sim.last_contacts()).spheres);
    let tensions = plan
        .tension
        .then(|| crate::contact::spring_tensions(model, sim.last_contacts()).shells);
    // The cells' tractions, by shell index (shells come first among the mesh shapes).
    let mut tractions: Vec<Option<Vec<crate::math::Vec3>>> = vec![None; model.bodies.shells.len()];
    if plan.traction {
        for (s, t) in crate::contact::cell_tractions(model, sim.last_contacts()) {
            tractions[s] = Some(t);
        }
    }
    for (name, shape) in &shapes {
        match shape {
            Shape::Polyline {
                points,
                velocities,
                radius,
            } => rods.push(PolylineBody {
                name,
                points,
                radius: *radius,
                velocities,
            }),
            Shape::Sphere {
                center,
                radius,
                velocity,
                angular_velocity,
                orientation,
            } => spheres.push(SphereBody {
                center: *center,
                radius: *radius,
                velocity: *velocity,
                angular_velocity: *angular_velocity,
                orientation: *orientation,
                virial_stress: (stresses.as_ref())
                    .and_then(|s| s.get(spheres.len()))
                    .map(|t| std::array::from_fn(|k| t[(k / 3, k % 3)])),
                contact_area: (areas.as_ref()).and_then(|a| a.get(spheres.len()).copied()),
            }),
            Shape::Mesh {
                points,
                velocities,
                triangles,
                thickness,
            } => meshes.push(MeshBody {
                name,
                points,
                triangles,
                thickness: *thickness,
                velocities,
                traction: tractions.get(meshes.len()).and_then(|t| t.as_deref()),
                tension: (tensions.as_ref())
                    .and_then(|t| t.get(meshes.len()))
                    .map(Vec::as_slice),
            }),
        }
    }
    out.write_frame(&Frame {
        time: model.time,
        rods: &rods,
        spheres: &spheres,
        shells: &meshes,
    })?;
    if plan.chains || plan.list {
        let lines = contact_lines(model, sim.last_contacts());
        out.write_contacts(model.time, &lines, plan.chains, plan.list)?;
    }
    if !plan.cells.is_empty() {
        let rows: Vec<_> = crate::contact::cell_contacts(model, sim.last_contacts())
            .into_iter()
            .map(|c| {
                let (a, b) = (c.first.label(model), c.second.label(model));
                (a, b, c.area, [c.force.x, c.force.y, c.force.z])
            })
            .collect();
        out.write_cell_contacts(&rows)?;
    }
    Ok(())
}
