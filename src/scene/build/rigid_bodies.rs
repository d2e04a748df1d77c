//! Rigid bodies: their meshes placed at `t = 0`, mass properties, motion, added to the model.

use super::ctx::Ctx;
use super::materials::Materials;
use super::shells::located;
use super::window::{Fields, schedule};
use crate::diag::{SceneError, closest};
use crate::math::{Mat3, Vec3};
use crate::model::body::rigid::rotation::exp_map;
use crate::model::body::rigid::shapes::{box_mesh, cylinder_mesh, is_closed};
use crate::model::body::rigid::{LoadedMotion, MassProperties, PrescribedMotion, RotationState};
use crate::model::mesh::icosphere;
use crate::model::{Model, RigidBody, RigidMotion, TriMesh};
use crate::scene::{RigidBodySpec, RigidMeshSpec, RigidMotionSpec};
use nalgebra::UnitQuaternion;
use std::collections::BTreeMap;
use std::path::Path;

/// Adds every rigid body of `specs` (after the spheres); returns their indices by name.
/// `taken` tells names already used by other bodies.
pub(super) fn add_rigid_bodies<'s>(
    specs: &'s [RigidBodySpec],
    cx: &Ctx,
    materials: &Materials,
    taken: &dyn Fn(&str) -> bool,
    model: &mut Model,
) -> Result<BTreeMap<&'s str, usize>, SceneError> {
    let mut index = BTreeMap::new();
    for s in specs {
        let needle = format!("\"{}\"", s.name);
        if taken(&s.name) || index.contains_key(s.name.as_str()) {
            return Err(cx
                .err(&needle, format!("two bodies are named \"{}\"", s.name))
                .with_help("give every body a unique name"));
        }
        let body = build(s, cx, materials, &needle)?;
        let omega = s.angular_velocity.vec();
        let center = body.initial_center;
        let i = model.add_rigid(
            body,
            center,
            UnitQuaternion::identity(),
            s.velocity.vec(),
            omega,
        );
        index.insert(s.name.as_str(), i);
    }
    Ok(index)
}

/// The body of `s`, not yet in a model (its `initial_center` is its centre of mass).
fn build(
    s: &RigidBodySpec,
    cx: &Ctx,
    materials: &Materials,
    needle: &str,
) -> Result<RigidBody, SceneError> {
    let material = materials.get(&s.material).copied().ok_or_else(|| {
        let e = cx.err(
            &format!("\"{}\"", s.material),
            format!(
                "rigid body \"{}\" uses material \"{}\", which is not defined",
                s.name, s.material
            ),
        );
        match closest(&s.material, materials.keys().map(String::as_str)) {
            Some(c) => e.with_help(format!("did you mean \"{c}\"?")),
            None => e.with_help("define it in `materials`"),
        }
    })?;
    let mut mesh = mesh_of(&s.mesh, cx, needle)?;
    let turn = exp_map(&s.rotate.vec());
    for x in &mut mesh.nodes {
        *x = turn * *x + s.translate.vec();
    }
    let closed = is_closed(&mesh);
    let motion = motion_of(&s.motion, cx, &s.name)?;
    let (center, mass, inertia) = match MassProperties::of_closed(&mesh).filter(|_| closed) {
        Some(p) => {
            let rho_mass = material.density * p.volume;
            let mass = s.mass.map_or(rho_mass, |m| m.0);
            (p.centroid, mass, p.inertia * (mass / p.volume))
        }
        None if motion == RigidMotion::Free
            || (matches!(motion, RigidMotion::Loaded(_)) && s.mass.is_none()) =>
        {
            return Err(cx
                .err(
                    needle,
                    format!(
                        "rigid body \"{}\" moves under its forces, but its mesh is not a closed \
                         surface with outward normals: it has no volume, mass or inertia",
                        s.name
                    ),
                )
                .with_help(
                    "close the mesh (every edge shared by two triangles, normals outwards), give \
                     a loaded wall its `mass`, or make it a wall with `motion: Fixed` or \
                     `motion: Prescribed(…)`",
                ));
        }
        None => {
            let c = mesh.nodes.iter().sum::<Vec3>() / mesh.nodes.len() as f64;
            (c, s.mass.map_or(1.0, |m| m.0), Mat3::identity())
        }
    };
    for x in &mut mesh.nodes {
        *x -= center;
    }
    let edges = unique_edges(&mesh);
    let mut vertex_triangles = vec![Vec::new(); mesh.nodes.len()];
    for (t, tri) in mesh.triangles.iter().enumerate() {
        for &v in tri {
            vertex_triangles[v as usize].push(t as u32);
        }
    }
    Ok(RigidBody {
        name: s.name.clone(),
        surface: mesh,
        edges,
        vertex_triangles,
        closed,
        mass,
        inertia,
        material,
        skin: s.skin.0,
        motion,
        initial_center: center,
        offset: 0,
        rotation: 0,
        node: 0,
        state: RotationState {
            orientation: UnitQuaternion::identity(),
            omega: Vec3::zeros(),
            previous_momentum: Vec3::zeros(),
        },
        theta_committed: Vec3::zeros(),
    })
}

/// The mesh of `spec`, validated (manifold, consistently oriented).
fn mesh_of(spec: &RigidMeshSpec, cx: &Ctx, needle: &str) -> Result<TriMesh, SceneError> {
    let mesh = match spec {
        RigidMeshSpec::Box { size } => {
            let v = size.vec();
            if v.iter().any(|&x| x.is_nan() || x <= 0.0) {
                return Err(cx
                    .err(
                        needle,
                        format!("a box needs three positive edge lengths, got {v:?}"),
                    )
                    .with_help("e.g. `Box(size: (0.1, 0.05, 0.02))`"));
            }
            box_mesh(v)
        }
        RigidMeshSpec::Cylinder {
            radius,
            length,
            segments,
        } => {
            if *segments < 3 {
                return Err(cx
                    .err(
                        needle,
                        format!("a cylinder needs at least 3 segments, got {segments}"),
                    )
                    .with_help("e.g. `segments: 32`"));
            }
            cylinder_mesh(radius.0, length.0, *segments)
        }
        RigidMeshSpec::Icosphere { radius, level } => icosphere(radius.0, *level),
        RigidMeshSpec::File(f) => TriMesh::load(cx.file.parent().unwrap_or(Path::new(".")).join(f)),
        RigidMeshSpec::Inline { nodes, triangles } => TriMesh::from_rows(nodes, triangles),
    };
    mesh.map_err(|e| located(e, cx, needle))
}

/// Every undirected edge of `mesh`, lower vertex first, in order of first use.
fn unique_edges(mesh: &TriMesh) -> Vec<[u32; 2]> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for t in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            let e = [a.min(b), a.max(b)];
            if seen.insert(e) {
                out.push(e);
            }
        }
    }
    out
}

/// The motion of `spec` for rigid body `name`, its windows checked.
fn motion_of(spec: &RigidMotionSpec, cx: &Ctx, name: &str) -> Result<RigidMotion, SceneError> {
    Ok(match spec {
        RigidMotionSpec::Free => RigidMotion::Free,
        RigidMotionSpec::Fixed => RigidMotion::Fixed,
        RigidMotionSpec::Prescribed { translate, rotate } => {
            let fields = |what: &str| Fields {
                anchor: "Prescribed",
                nth: 0,
                names: ["start", "end", "ramp"],
                what: format!("rigid body \"{name}\": the {what}"),
            };
            let translate = match translate {
                None => None,
                Some(t) => {
                    let mut window = schedule(cx, &fields("translation"), t.start, t.end, t.ramp)?;
                    // A load stop moves the window's end: it needs one.
                    if t.stop_load.is_some() && window.is_none() {
                        window = Some(crate::model::Window {
                            start: 0.0,
                            end: f64::INFINITY,
                            ramp: 0.0,
                        });
                    }
                    Some((t.velocity.vec(), window))
                }
            };
            let stop_load = translate
                .as_ref()
                .and_then(|_| spec_stop_load(spec))
                .map(|p| p.0);
            let stop_tolerance = translate_tolerance(cx, translate_spec(spec), name)?;
            let rotate = match rotate {
                None => None,
                Some(r) => {
                    let axis = r.axis.vec();
                    if axis.norm().is_nan() || axis.norm() <= 0.0 || !r.rate.is_finite() {
                        return Err(cx
                            .err(
                                &format!("\"{name}\""),
                                format!(
                                    "rigid body \"{name}\": a rotation needs a non-zero axis and \
                                     a finite rate"
                                ),
                            )
                            .with_help("e.g. `rotate: (axis: (0, 0, 1), rate: 2.0)`"));
                    }
                    Some((
                        axis.normalize(),
                        r.point.vec(),
                        r.rate,
                        schedule(cx, &fields("rotation"), r.start, r.end, r.ramp)?,
                    ))
                }
            };
            RigidMotion::Prescribed(PrescribedMotion {
                translate,
                rotate,
                stop_load,
                stop_tolerance,
            })
        }
        RigidMotionSpec::Loaded {
            direction,
            load,
            resistance,
            start,
            end,
            ramp,
        } => {
            let d = direction.vec();
            let axis = (0..3).find(|&i| d[i] != 0.0 && (0..3).all(|j| j == i || d[j] == 0.0));
            let Some(axis) = axis.filter(|_| d.iter().all(|x| x.is_finite())) else {
                return Err(cx
                    .err_in(
                        &format!("\"{name}\""),
                        0,
                        "direction",
                        format!(
                            "rigid body \"{name}\": a `Loaded` motion's direction must be a \
                             coordinate axis (±x, ±y or ±z), not ({}, {}, {})",
                            d.x, d.y, d.z
                        ),
                    )
                    .with_help("e.g. `direction: (0, 0, -1)` for a piston pressing down"));
            };
            let fields = Fields {
                anchor: "Loaded",
                nth: 0,
                names: ["start", "end", "ramp"],
                what: format!("rigid body \"{name}\": the load"),
            };
            RigidMotion::Loaded(LoadedMotion {
                axis,
                force: d.normalize() * load.0,
                resistance: resistance.0,
                window: schedule(cx, &fields, *start, *end, *ramp)?,
            })
        }
    })
}

/// The prescribed translation of `spec`, if any.
fn translate_spec(spec: &RigidMotionSpec) -> Option<&crate::scene::schema::TranslateSpec> {
    match spec {
        RigidMotionSpec::Prescribed {
            translate: Some(t), ..
        } => Some(t),
        _ => None,
    }
}

/// The load stop of a prescribed translation, if any.
fn spec_stop_load(spec: &RigidMotionSpec) -> Option<crate::scene::Positive> {
    translate_spec(spec).and_then(|t| t.stop_load)
}

/// The load stop's tolerance of rigid body `name`'s translation `t`: refused without a load
/// stop, which it would refine.
fn translate_tolerance(
    cx: &Ctx,
    t: Option<&crate::scene::schema::TranslateSpec>,
    name: &str,
) -> Result<Option<f64>, SceneError> {
    let Some(t) = t else { return Ok(None) };
    match (t.stop_tolerance, t.stop_load) {
        (Some(_), None) => Err(cx
            .err_in(
                &format!("\"{name}\""),
                0,
                "stop_tolerance",
                format!(
                    "rigid body \"{name}\": `stop_tolerance` refines a load stop, and the \
                 translation has no `stop_load`"
                ),
            )
            .with_help("give the load as `stop_load: …` (N), or drop `stop_tolerance`")),
        (tol, _) => Ok(tol.map(|p| p.0)),
    }
}
