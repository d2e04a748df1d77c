//! External forces: gravity (with buoyancy), viscous drag, regularized Stokeslets, point
//! forces and patch forces (constant or staged in time), in the order the scene lists them.

use super::bodies::{Bodies, rod_item};
use super::ctx::Ctx;
use super::patch_force::{PatchSpec, patch_forces};
use super::window::{Fields, schedule};
use crate::diag::{SceneError, closest};
use crate::external::{
    AeroDrag, ExternalForce, Gravity, PointForce, RegularizedStokeslets, ShellViscosity,
    StokesDrag, Suction, SurfaceDrag, TangentialSmoothing, ViscousDrag,
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
    let mut patches = 0;
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
            ForceSpec::ShellViscosity { viscosity } => {
                externals.push(Box::new(ShellViscosity {
                    viscosity: viscosity.0,
                }));
            }
            ForceSpec::TangentialSmoothing { stiffness } => {
                if !model.bodies.shells.iter().any(|s| s.cell.is_some()) {
                    return Err(cx.err(
                        "TangentialSmoothing",
                        "TangentialSmoothing smooths the meshes of cells, and the scene has none: give a shell \
                         `cell: (tension: …)` or remove the force"
                            .into(),
                    ));
                }
                externals.push(Box::new(TangentialSmoothing::new(stiffness.0)));
            }
            ForceSpec::SurfaceDrag { friction } => {
                externals.push(Box::new(SurfaceDrag {
                    friction: friction.0,
                }));
            }
            ForceSpec::Suction {
                body,
                pressure,
                mouth,
                axis,
                radius,
                width,
            } => externals.push(Box::new(suction(
                cx,
                model,
                body,
                pressure.0,
                (mouth, axis),
                radius.0,
                width.0,
            )?)),
            ForceSpec::Rss {
                viscosity,
                epsilon,
                far_field,
            } => {
                let mut rss = RegularizedStokeslets::new(viscosity.0, epsilon.map(|e| e.0))
                    .map_err(|e| cx.err("Rss", e.to_string()))?;
                if let Some(kappa) = far_field {
                    rss = rss
                        .with_far_field(kappa.0)
                        .map_err(|e| cx.err("Rss", e.to_string()))?;
                }
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
                let (dof, kind) = if bodies.rods.contains_key(rod.as_str()) {
                    let r = bodies.find_rod(cx, rod)?;
                    let n = rod_item(cx, *node, model.bodies.rods[r].n_nodes, "node", rod)?;
                    (model.bodies.rods[r].node_dof(n), "rod")
                } else {
                    node_of_body(cx, model, rod, *node)?
                };
                let fields = Fields {
                    anchor: "PointForce",
                    nth: point_forces,
                    names: ["start", "end", "ramp"],
                    what: format!("the point force on {kind} \"{rod}\""),
                };
                point_forces += 1;
                externals.push(Box::new(PointForce {
                    dof,
                    force: force.vec(),
                    window: schedule(cx, &fields, *start, *end, *ramp)?,
                }));
            }
            ForceSpec::PatchForce {
                body,
                center,
                radius,
                force,
                start,
                end,
                ramp,
            } => {
                let patch = PatchSpec {
                    body,
                    center: *center,
                    radius: *radius,
                    force: *force,
                    start: *start,
                    end: *end,
                    ramp: *ramp,
                    nth: patches,
                };
                patches += 1;
                for f in patch_forces(cx, bodies, model, &patch)? {
                    externals.push(Box::new(f));
                }
            }
        }
    }

    // Load-controlled rigid bodies: their load and their dashpot.
    for b in &model.bodies.rigid {
        if let crate::model::RigidMotion::Loaded(l) = &b.motion {
            externals.push(Box::new(PointForce {
                dof: b.offset,
                force: l.force,
                window: l.window,
            }));
            externals.push(Box::new(crate::external::NodeDrag {
                node: b.node,
                dof: b.offset,
                resistance: l.resistance,
            }));
        }
    }
    Ok(externals)
}

/// A [`Suction`] on the cell named `body`, or an error naming the cells, or the bad axis.
fn suction(
    cx: &Ctx,
    model: &Model,
    body: &str,
    pressure: f64,
    (mouth, axis): (&crate::scene::V3, &crate::scene::V3),
    radius: f64,
    width: f64,
) -> Result<Suction, SceneError> {
    let cells = || {
        model
            .bodies
            .shells
            .iter()
            .enumerate()
            .filter(|(_, s)| s.cell.is_some())
    };
    let Some((shell, _)) = cells().find(|(_, s)| s.name == body) else {
        let names: Vec<&str> = cells().map(|(_, s)| s.name.as_str()).collect();
        let e = cx.err(
            "Suction",
            format!("Suction acts on a cell, and no cell is named \"{body}\""),
        );
        return Err(match closest(body, names.iter().copied()) {
            Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
            None if names.is_empty() => {
                e.with_help("give a shell `cell: (tension: …, bulk_modulus: …)`")
            }
            None => e.with_help(format!("cells: {}", names.join(", "))),
        });
    };
    let a = axis.vec();
    let norm = a.norm();
    if !(norm > 0.0 && norm.is_finite()) {
        return Err(cx
            .err(
                "Suction",
                format!("the axis ({}, {}, {}) has no direction", a.x, a.y, a.z),
            )
            .with_help("give the normal of the mouth plane, pointing into the pipette"));
    }
    Ok(Suction {
        shell,
        pressure,
        mouth: mouth.vec(),
        axis: a / norm,
        radius,
        width,
    })
}

/// The first DOF of node `node` (negative counts from the end) of the shell or sphere named
/// `name` with the kind of body it is, or an error naming the bodies a point force can act on.
fn node_of_body(
    cx: &Ctx,
    model: &Model,
    name: &str,
    node: i64,
) -> Result<(usize, &'static str), SceneError> {
    let with_nodes = || model.bodies.iter().filter(|b| b.n_nodes() > 0);
    let Some(b) = with_nodes().find(|b| b.name() == name) else {
        let names: Vec<&str> = with_nodes().map(|b| b.name()).collect();
        let e = cx.err(
            &format!("\"{name}\""),
            format!("no rod, shell or sphere is named \"{name}\""),
        );
        return Err(match closest(name, names.iter().copied()) {
            Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
            None => e.with_help(format!("bodies with nodes: {}", names.join(", "))),
        });
    };
    let len = b.n_nodes() as i64;
    let k = if node < 0 { len + node } else { node };
    if !(0..len).contains(&k) {
        return Err(cx
            .err(
                &format!("\"{name}\""),
                format!("node index {node} is out of range for \"{name}\" ({len} nodes)"),
            )
            .with_help(format!("use 0..{} or −1..−{len} from the end", len - 1)));
    }
    let kind = match b.kind() {
        crate::model::BodyKind::Shell => "shell",
        crate::model::BodyKind::Sphere => "sphere",
        _ => "body",
    };
    Ok((b.node_dof(k as usize), kind))
}
