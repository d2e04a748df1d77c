//! External forces: gravity (with buoyancy), viscous drag, regularized Stokeslets and point
//! forces (constant or staged in time), in the order the scene lists them.

use super::bodies::{Bodies, rod_item};
use super::ctx::Ctx;
use super::window::{Fields, schedule};
use crate::diag::SceneError;
use crate::external::{
    AeroDrag, ExternalForce, Gravity, PointForce, RegularizedStokeslets, StokesDrag, ViscousDrag,
};
use crate::model::Model;
use crate::scene::{ForceSpec, SceneSpec};

/// Checks and builds the scene's external forces.
pub(super) fn build_forces(
    spec: &SceneSpec,
    cx: &Ctx,
    bodies: &Bodies,
    model: &Model,
) -> Result<Vec<Box<dyn ExternalForce>>, SceneError> {
    let mut externals: Vec<Box<dyn ExternalForce>> = Vec::new();
    // Point forces seen so far (locates a point force's window in the file).
    let mut point_forces = 0;
    for f in &spec.forces {
        match f {
            ForceSpec::Gravity {
                g,
                medium_density,
                ramp,
            } => {
                externals.push(Box::new(Gravity {
                    g: g.vec(),
                    medium_density: medium_density.0,
                    ramp: ramp.map(|r| r.0),
                }));
            }
            ForceSpec::StokesDrag { viscosity } => {
                externals.push(Box::new(StokesDrag {
                    viscosity: viscosity.0,
                }));
            }
            ForceSpec::AeroDrag {
                medium_density,
                drag_coefficient,
            } => {
                externals.push(Box::new(AeroDrag {
                    density: medium_density.0,
                    coefficient: drag_coefficient.0,
                }));
            }
            ForceSpec::ViscousDrag { viscosity } => {
                externals.push(Box::new(ViscousDrag {
                    viscosity: viscosity.0,
                }));
            }
            ForceSpec::Rss { viscosity, epsilon } => {
                let rss = RegularizedStokeslets::new(viscosity.0, epsilon.map(|e| e.0))
                    .map_err(|e| cx.err("Rss", e.to_string()))?;
                externals.push(Box::new(rss));
            }
            ForceSpec::PointForce {
                rod,
                node,
                force,
                start,
                end,
                ramp,
            } => {
                let r = bodies.find_rod(cx, rod)?;
                let n = rod_item(cx, *node, model.bodies.rods[r].n_nodes, "node", rod)?;
                let fields = Fields {
                    anchor: "PointForce",
                    nth: point_forces,
                    names: ["start", "end", "ramp"],
                    what: format!("the point force on rod \"{rod}\""),
                };
                point_forces += 1;
                externals.push(Box::new(PointForce {
                    rod: r,
                    node: n,
                    force: force.vec(),
                    window: schedule(cx, &fields, *start, *end, *ramp)?,
                }));
            }
        }
    }

    Ok(externals)
}
