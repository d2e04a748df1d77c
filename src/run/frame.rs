//! What a run writes besides `steps.csv` rows: its VTK frames (bodies with their motion), the
//! force chains and contact list of each frame, and the granular columns of each row — all
//! decided once from the scene ([`OutputPlan`]).

use super::RunError;
use crate::granular::{contact_counts, contact_lines, packing_fraction, sphere_kinetic_energies};
use crate::io::{
    Frame, GranularRecord, MeshBody, OutputDir, PolylineBody, SphereBody, StepColumns,
};
use crate::math::Vec3;
use crate::model::Model;
use crate::scene::{BuiltScene, PackingRegionSpec};
use crate::system::Simulator;

/// Node positions of every rod, for a VTK frame.
pub fn frame_of(model: &Model) -> Vec<(String, Vec<Vec3>, f64)> {
    model
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
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct OutputPlan {
    /// Granular columns in `steps.csv` (the scene has spheres).
    pub(super) granular: bool,
    /// The packing-fraction box, if any.
    pub(super) region: Option<(Vec3, Vec3)>,
    /// Force chains with every frame.
    pub(super) chains: bool,
    /// A contact list with every frame.
    pub(super) list: bool,
}

impl OutputPlan {
    /// The plan of `scene`: granular columns when it has spheres; force chains by default when
    /// it also has contacts.
    pub(super) fn of(scene: &BuiltScene) -> Self {
        let granular = !scene.model.spheres.is_empty();
        let o = &scene.output;
        Self {
            granular,
            region: o.packing_region.filter(|_| granular).map(|r| match r {
                PackingRegionSpec::Box { min, max } => (min.vec(), max.vec()),
            }),
            chains: o
                .force_chains
                .unwrap_or(granular && scene.contacts.is_some()),
            list: o.contact_list,
        }
    }

    /// The optional columns of `steps.csv`.
    pub(super) fn columns(&self) -> StepColumns {
        StepColumns {
            granular: self.granular,
            packing: self.region.is_some(),
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

/// Writes the frame of `sim`'s model (bodies with velocities; spheres with angular velocity
/// and orientation) and, as `plan` says, its force chains and contact list.
pub(super) fn write_frame(
    out: &mut OutputDir,
    sim: &Simulator,
    plan: &OutputPlan,
) -> Result<(), RunError> {
    let model = &sim.model;
    let rods = frame_of(model);
    let rod_velocities: Vec<Vec<Vec3>> = (0..model.rods.len())
        .map(|r| model.rod_nodes(r, &model.v))
        .collect();
    let bodies: Vec<PolylineBody> = rods
        .iter()
        .zip(&rod_velocities)
        .map(|((name, pts, r), v)| PolylineBody {
            name,
            points: pts,
            radius: *r,
            velocities: v,
        })
        .collect();
    let spheres: Vec<SphereBody> = model
        .spheres
        .iter()
        .zip(&model.orientations)
        .map(|(s, o)| SphereBody {
            center: s.center(&model.q),
            radius: s.radius,
            velocity: s.center(&model.v),
            angular_velocity: s.omega(&model.v),
            orientation: [o.w, o.i, o.j, o.k],
        })
        .collect();
    let shell_nodes: Vec<Vec<Vec3>> = model.shells.iter().map(|s| s.nodes(&model.q)).collect();
    let shell_velocities: Vec<Vec<Vec3>> = model.shells.iter().map(|s| s.nodes(&model.v)).collect();
    let shells: Vec<MeshBody> = model
        .shells
        .iter()
        .zip(shell_nodes.iter().zip(&shell_velocities))
        .map(|(s, (pts, v))| MeshBody {
            name: &s.name,
            points: pts,
            triangles: &s.mesh.triangles,
            thickness: s.thickness,
            velocities: v,
        })
        .collect();
    out.write_frame(&Frame {
        time: model.time,
        rods: &bodies,
        spheres: &spheres,
        shells: &shells,
    })?;
    if plan.chains || plan.list {
        let lines = contact_lines(model, sim.last_contacts());
        out.write_contacts(model.time, &lines, plan.chains, plan.list)?;
    }
    Ok(())
}
