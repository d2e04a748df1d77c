//! Turning a parsed [`SceneSpec`] into a model, forces and run settings, with semantic checks
//! (names that resolve, indices in range, geometry that makes a rod).

use super::geometry::{helix_nodes, read_polyline, straight_nodes};
use super::memory::{MemoryEstimate, human, memory_limit};
use super::schema::GroupSpec;
use super::schema::{BoundarySpec, End, ForceSpec, GeometrySpec, OutputSpec, SceneSpec};
use crate::contact::{
    BodyGroup, Builtin, Chain, ContactBinding, ContactLineSearch, ContactModel, ContactSet,
    ElementSet, PrimKind, Primitive,
};
use crate::diag::{SceneError, closest, locate};
use crate::external::{ExternalForce, Gravity, PointForce, RegularizedStokeslets, ViscousDrag};
use crate::math::Vec3;
use crate::model::{
    BoundaryCondition, CrossSection, Material, Model, Plane, Prescribed, Rod, Sphere,
};
use crate::system::{AdaptiveSettings, Simulator, SolverSettings};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A scene ready to run.
#[derive(Debug)]
pub struct BuiltScene {
    /// Scene name.
    pub name: String,
    /// Scene file.
    pub file: PathBuf,
    /// The model (finalized).
    pub model: Model,
    /// External forces.
    pub externals: Vec<Box<dyn ExternalForce>>,
    /// Contact model (chains bound to body groups), if the scene has contacts.
    pub contacts: Option<Box<dyn ContactModel>>,
    /// Newton settings.
    pub solver: SolverSettings,
    /// Time step (s).
    pub dt: f64,
    /// Duration (s).
    pub duration: f64,
    /// Output cadence.
    pub output: OutputSpec,
    /// Adaptive stepping: retries of failed steps with a halved Δt, and growth back.
    pub adaptive: AdaptiveSettings,
}

impl BuiltScene {
    /// Moves the scene into a simulator.
    pub fn into_simulator(self) -> Simulator {
        Simulator::with_contacts(
            self.model,
            self.externals,
            self.contacts,
            self.solver,
            self.dt,
        )
    }
}

struct Ctx<'a> {
    file: &'a Path,
    source: &'a str,
}

impl Ctx<'_> {
    /// An error located at the first occurrence of `needle` (a quoted name, a field) in the file.
    fn err(&self, needle: &str, message: String) -> SceneError {
        SceneError::new(self.file, locate(self.source, needle, 0), message)
    }
}

/// Checks and builds a scene with the built-in chain elements. `file` is used for messages and
/// to resolve relative paths.
pub fn build_scene(spec: &SceneSpec, source: &str, file: &Path) -> Result<BuiltScene, SceneError> {
    build_scene_with::<Builtin>(spec, source, file)
}

/// Like [`build_scene`], with chains read as element set `E` (a user's set that wraps the
/// built-ins, see [`crate::element_set!`]).
pub fn build_scene_with<E: ElementSet + DeserializeOwned + 'static>(
    spec: &SceneSpec,
    source: &str,
    file: &Path,
) -> Result<BuiltScene, SceneError> {
    let cx = Ctx { file, source };
    let name = spec.name.clone().unwrap_or_else(|| {
        file.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scene".into())
    });
    if spec.rods.is_empty() && spec.spheres.is_empty() {
        return Err(
            SceneError::new(file, locate(source, "rods", 0), "the scene has no bodies").with_help(
                "add at least one rod to `rods: [...]` or one sphere to `spheres: [...]`",
            ),
        );
    }
    if spec.time.dt.0 > spec.time.duration.0 {
        return Err(cx
            .err(
                "dt",
                format!(
                    "dt = {} s is longer than duration = {} s",
                    spec.time.dt.0, spec.time.duration.0
                ),
            )
            .with_help("use a time step shorter than the duration"));
    }
    check_solver(&spec.solver, &cx)?;
    if let Some(m) = spec.time.min_dt
        && m.0 > spec.time.dt.0
    {
        return Err(cx
            .err(
                "min_dt",
                format!(
                    "min_dt = {} s is larger than dt = {} s",
                    m.0, spec.time.dt.0
                ),
            )
            .with_help("min_dt is the floor of retried steps: at most dt (dt disables retries)"));
    }
    if spec.time.grow_after == 0 {
        return Err(cx
            .err("grow_after", "grow_after must be at least 1".into())
            .with_help("the number of accepted sub-steps before a reduced Δt doubles, e.g. 4"));
    }
    check_memory(spec, &cx)?;

    let mut materials = BTreeMap::new();
    for (k, m) in &spec.materials {
        let needle = format!("\"{k}\"");
        let mat = match (m.poisson_ratio, m.shear_modulus) {
            (Some(nu), None) => {
                if !(nu > -1.0 && nu <= 0.5) {
                    return Err(cx
                        .err(
                            &needle,
                            format!("material \"{k}\": Poisson's ratio {nu} is outside (−1, 0.5]"),
                        )
                        .with_help("an isotropic elastic solid has −1 < ν ≤ 0.5"));
                }
                Material::from_poisson(m.youngs_modulus.0, nu, m.density.0)
            }
            (None, Some(g)) => Material {
                youngs_modulus: m.youngs_modulus.0,
                shear_modulus: g.0,
                density: m.density.0,
            },
            (Some(_), Some(_)) => {
                return Err(cx
                    .err(
                        &needle,
                        format!("material \"{k}\" gives both poisson_ratio and shear_modulus"),
                    )
                    .with_help("give one of them"));
            }
            (None, None) => {
                return Err(cx
                    .err(
                        &needle,
                        format!("material \"{k}\" needs poisson_ratio or shear_modulus"),
                    )
                    .with_help("add e.g. `poisson_ratio: 0.5`"));
            }
        };
        materials.insert(k.clone(), mat);
    }

    let mut model = Model::default();
    let mut rod_index: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &spec.rods {
        let needle = format!("\"{}\"", r.name);
        if rod_index.contains_key(r.name.as_str()) {
            return Err(cx
                .err(&needle, format!("two rods are named \"{}\"", r.name))
                .with_help("give every rod a unique name"));
        }
        let mat = *materials.get(&r.material).ok_or_else(|| {
            let e = cx.err(
                &format!("\"{}\"", r.material),
                format!(
                    "rod \"{}\" uses material \"{}\", which is not defined",
                    r.name, r.material
                ),
            );
            match closest(&r.material, materials.keys().map(String::as_str)) {
                Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
                None => e.with_help(format!(
                    "define it in `materials`, or use one of: {}",
                    materials.keys().cloned().collect::<Vec<_>>().join(", ")
                )),
            }
        })?;
        let section = match (r.radius, r.ellipse) {
            (Some(rad), None) => CrossSection::Circle(rad.0),
            (None, Some((a, b))) => CrossSection::Ellipse(a.0, b.0),
            _ => {
                return Err(cx
                    .err(
                        &needle,
                        format!(
                            "rod \"{}\" needs exactly one of `radius` or `ellipse`",
                            r.name
                        ),
                    )
                    .with_help("add e.g. `radius: 1e-3`"));
            }
        };
        let nodes = match &r.geometry {
            GeometrySpec::Nodes(v) => v.iter().map(|p| p.vec()).collect(),
            GeometrySpec::Straight { start, end, nodes } => {
                check_count(*nodes, &cx, &needle, &r.name)?;
                straight_nodes(start.vec(), end.vec(), *nodes)
            }
            GeometrySpec::Helix {
                radius,
                pitch,
                axial_length,
                nodes,
                origin,
                axis,
                handedness,
                phase,
            } => {
                check_count(*nodes, &cx, &needle, &r.name)?;
                let axis = axis.map_or(Vec3::z(), |a| a.vec());
                if axis.norm() < 1e-12 {
                    return Err(cx.err(
                        &needle,
                        format!("rod \"{}\": helix axis is the zero vector", r.name),
                    ));
                }
                helix_nodes(
                    radius.0,
                    pitch.0,
                    axial_length.0,
                    *nodes,
                    origin.vec(),
                    axis,
                    *handedness,
                    *phase,
                )
            }
            GeometrySpec::PolylineFile(p) => {
                let path = file.parent().unwrap_or(Path::new(".")).join(p);
                if !path.is_file() {
                    return Err(cx
                        .err(
                            &format!("\"{p}\""),
                            format!(
                                "rod \"{}\": polyline file {} does not exist",
                                r.name,
                                path.display()
                            ),
                        )
                        .with_help("PolylineFile paths are relative to the scene file"));
                }
                read_polyline(&path)?
            }
        };
        let (mut rod, frames, q) = Rod::new(
            &r.name,
            &nodes,
            section,
            mat,
            r.first_director.map(|d| d.vec()),
        )
        .map_err(|e| {
            cx.err(&needle, format!("rod \"{}\": {e}", r.name))
                .with_help("check the node list: at least 2 distinct, finite, consecutive nodes")
        })?;
        if let Some((k1, k2)) = r.natural_curvature {
            if ![k1, k2].iter().all(|k| k.is_finite()) {
                return Err(cx.err(
                    &needle,
                    format!("rod \"{}\": natural_curvature must be finite", r.name),
                ));
            }
            rod.ramp_natural_curvature([k1, k2], r.actuation_time.map_or(0.0, |t| t.0));
        } else if r.actuation_time.is_some() {
            return Err(cx
                .err(&needle, format!("rod \"{}\" sets actuation_time without natural_curvature", r.name))
                .with_help("add `natural_curvature: (k1, k2)` (1/m), the curvature reached at the end of the ramp"));
        }
        if let Some(tw) = r.natural_twist {
            rod.set_natural_twist(tw);
        }
        let idx = model.add_rod(rod, frames, q);
        rod_index.insert(r.name.as_str(), idx);
    }

    let mut sphere_index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut fixed_spheres = Vec::new();
    for sp in &spec.spheres {
        let needle = format!("\"{}\"", sp.name);
        if sphere_index.contains_key(sp.name.as_str()) || rod_index.contains_key(sp.name.as_str()) {
            return Err(cx
                .err(&needle, format!("two bodies are named \"{}\"", sp.name))
                .with_help("give every rod and sphere a unique name"));
        }
        let mat = *materials.get(&sp.material).ok_or_else(|| {
            let e = cx.err(
                &format!("\"{}\"", sp.material),
                format!(
                    "sphere \"{}\" uses material \"{}\", which is not defined",
                    sp.name, sp.material
                ),
            );
            match closest(&sp.material, materials.keys().map(String::as_str)) {
                Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
                None => e.with_help("define it in `materials`"),
            }
        })?;
        let idx = model.add_sphere(
            Sphere {
                name: sp.name.clone(),
                offset: 0,
                node: 0,
                radius: sp.radius.0,
                material: mat,
            },
            sp.center.vec(),
            sp.velocity.vec(),
        );
        if sp.fixed {
            fixed_spheres.push(idx);
        }
        sphere_index.insert(sp.name.as_str(), idx);
    }
    let mut plane_index: BTreeMap<&str, usize> = BTreeMap::new();
    for pl in &spec.planes {
        let n = pl.normal.vec();
        if n.norm() < 1e-12 {
            return Err(cx
                .err(
                    &format!("\"{}\"", pl.name),
                    format!("plane \"{}\" has a zero normal", pl.name),
                )
                .with_help(
                    "give the normal pointing to the side where bodies are, e.g. (0, 0, 1)",
                ));
        }
        let idx = model.add_plane(Plane {
            name: pl.name.clone(),
            origin: pl.origin.vec(),
            normal: n.normalize(),
        });
        plane_index.insert(pl.name.as_str(), idx);
    }

    let find_rod = |name: &str| -> Result<usize, SceneError> {
        rod_index.get(name).copied().ok_or_else(|| {
            let e = cx.err(
                &format!("\"{name}\""),
                format!("no rod is named \"{name}\""),
            );
            match closest(name, rod_index.keys().copied()) {
                Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
                None => e.with_help(format!(
                    "rods in this scene: {}",
                    rod_index.keys().copied().collect::<Vec<_>>().join(", ")
                )),
            }
        })
    };
    let index = |i: i64, len: usize, what: &str, rod: &str| -> Result<usize, SceneError> {
        let k = if i < 0 { len as i64 + i } else { i };
        if k < 0 || k >= len as i64 {
            Err(cx
                .err(
                    &format!("\"{rod}\""),
                    format!("{what} index {i} is out of range for rod \"{rod}\" ({len} {what}s)"),
                )
                .with_help(format!("use 0..{} or −1..−{len} from the end", len - 1)))
        } else {
            Ok(k as usize)
        }
    };

    let mut bcs = Vec::new();
    for b in &spec.boundary_conditions {
        let (rod_name, nodes, edges, motion) = match b {
            BoundarySpec::Clamp { rod, end } => {
                let (n, e) = match end {
                    End::Start => (vec![0, 1], vec![0]),
                    End::End => (vec![-2, -1], vec![-1]),
                };
                (rod, n, e, Prescribed::Fixed)
            }
            BoundarySpec::Fix { rod, nodes, edges } => {
                (rod, nodes.clone(), edges.clone(), Prescribed::Fixed)
            }
            BoundarySpec::Rotate {
                rod,
                nodes,
                edges,
                axis,
                center,
                omega,
            } => {
                let a = axis.vec();
                if a.norm() < 1e-12 {
                    return Err(cx.err("axis", "rotation axis is the zero vector".into()));
                }
                (
                    rod,
                    nodes.clone(),
                    edges.clone(),
                    Prescribed::Rotation {
                        axis: a.normalize(),
                        center: center.vec(),
                        omega: *omega,
                    },
                )
            }
            BoundarySpec::Translate {
                rod,
                nodes,
                edges,
                velocity,
            } => (
                rod,
                nodes.clone(),
                edges.clone(),
                Prescribed::Translation {
                    velocity: velocity.vec(),
                },
            ),
        };
        let r = find_rod(rod_name)?;
        let rod = &model.rods[r];
        let nodes = nodes
            .iter()
            .map(|&i| index(i, rod.n_nodes, "node", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        let edges = edges
            .iter()
            .map(|&i| index(i, rod.n_edges(), "edge", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        bcs.push(BoundaryCondition::new(
            r,
            rod,
            &model.frames[r],
            &model.q,
            nodes,
            edges,
            motion,
            0.0,
        ));
    }
    for bc in bcs {
        model.add_bc(bc);
    }
    model.finalize();
    for i in fixed_spheres {
        let o = model.spheres[i].offset;
        model.dofs.constrain_all([o, o + 1, o + 2]);
    }

    let mut bindings: Vec<ContactBinding<E>> = Vec::new();
    for (ci, c) in spec.contacts.iter().enumerate() {
        let chain_path = file.parent().unwrap_or(Path::new(".")).join(&c.chain);
        let chain = Chain::<E>::load(&chain_path).map_err(|mut e| {
            if e.position.is_none() && e.message.starts_with("cannot read") {
                e.message = format!(
                    "contact {}: {}: {}",
                    ci + 1,
                    chain_path.display(),
                    e.message
                );
                e.file = file.to_path_buf();
                e.position = locate(source, &format!("\"{}\"", c.chain), 0);
            }
            e
        })?;
        let needle = format!("\"{}\"", c.chain);
        let resolve_group =
            |g: &GroupSpec, kind: PrimKind, side: &str| -> Result<BodyGroup, SceneError> {
                let wrong = |what: &str| {
                    cx.err(
                    &needle,
                    format!(
                        "contact {}: chain \"{}\" binds {side} to {kind}, but `{}` lists {what}",
                        ci + 1,
                        c.chain,
                        if side == "side 1" { "first" } else { "second" }
                    ),
                )
                .with_help(match kind {
                    PrimKind::Capsule | PrimKind::Point => {
                        "use AllRods or Rods([...]) for this side"
                    }
                    PrimKind::Sphere => "use AllSpheres or Spheres([...]) for this side",
                    PrimKind::Plane => "use AllPlanes or Planes([...]) for this side",
                })
                };
                let names = |list: &[String],
                             index: &BTreeMap<&str, usize>,
                             what: &str|
                 -> Result<Vec<usize>, SceneError> {
                    list.iter()
                        .map(|n| {
                            index.get(n.as_str()).copied().ok_or_else(|| {
                                let e = cx.err(
                                    &format!("\"{n}\""),
                                    format!("contact {}: no {what} is named \"{n}\"", ci + 1),
                                );
                                match closest(n, index.keys().copied()) {
                                    Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
                                    None => e,
                                }
                            })
                        })
                        .collect()
                };
                match (g, kind) {
                    (GroupSpec::AllRods, PrimKind::Capsule | PrimKind::Point) => {
                        Ok(BodyGroup::Rods((0..model.rods.len()).collect()))
                    }
                    (GroupSpec::Rods(l), PrimKind::Capsule | PrimKind::Point) => {
                        Ok(BodyGroup::Rods(names(l, &rod_index, "rod")?))
                    }
                    (GroupSpec::AllSpheres, PrimKind::Sphere) => {
                        Ok(BodyGroup::Spheres((0..model.spheres.len()).collect()))
                    }
                    (GroupSpec::Spheres(l), PrimKind::Sphere) => {
                        Ok(BodyGroup::Spheres(names(l, &sphere_index, "sphere")?))
                    }
                    (GroupSpec::AllPlanes, PrimKind::Plane) => {
                        Ok(BodyGroup::Planes((0..model.planes.len()).collect()))
                    }
                    (GroupSpec::Planes(l), PrimKind::Plane) => {
                        Ok(BodyGroup::Planes(names(l, &plane_index, "plane")?))
                    }
                    (GroupSpec::AllRods | GroupSpec::Rods(_), _) => Err(wrong("rods")),
                    (GroupSpec::AllSpheres | GroupSpec::Spheres(_), _) => Err(wrong("spheres")),
                    (GroupSpec::AllPlanes | GroupSpec::Planes(_), _) => Err(wrong("planes")),
                }
            };
        let first = resolve_group(&c.first, chain.kinds.0, "side 1")?;
        let second = resolve_group(&c.second, chain.kinds.1, "side 2")?;
        let radius_of = |g: &BodyGroup| -> f64 {
            match g {
                BodyGroup::Rods(v) => v
                    .iter()
                    .map(|&r| model.rods[r].section.contact_radius())
                    .fold(0.0, f64::max),
                BodyGroup::Spheres(v) => v
                    .iter()
                    .map(|&s| model.spheres[s].radius)
                    .fold(0.0, f64::max),
                BodyGroup::Planes(_) => 0.0,
            }
        };
        let keep = c
            .keep_distance
            .map_or_else(|| radius_of(&first).max(radius_of(&second)), |k| k.0);
        let mut excluded = Vec::new();
        for (a, b) in &c.exclude {
            let body = |n: &str| -> Result<Primitive, SceneError> {
                if let Some(&r) = rod_index.get(n) {
                    Ok(Primitive::RodEdge {
                        rod: r as u32,
                        edge: 0,
                    })
                } else if let Some(&s) = sphere_index.get(n) {
                    Ok(Primitive::Sphere { index: s as u32 })
                } else if let Some(&p) = plane_index.get(n) {
                    Ok(Primitive::Plane { index: p as u32 })
                } else {
                    Err(cx
                        .err(
                            &format!("\"{n}\""),
                            format!(
                                "contact {}: exclude names \"{n}\", which is no body",
                                ci + 1
                            ),
                        )
                        .with_help("exclude takes pairs of rod, sphere or plane names"))
                }
            };
            excluded.push((body(a)?, body(b)?));
        }
        let reach = chain.elements.iter().map(|e| e.reach()).fold(0.0, f64::max);
        if keep <= reach {
            return Err(cx
                .err(
                    &needle,
                    format!(
                        "contact {}: keep_distance {keep:e} m does not exceed the reach of chain \"{}\" \
                         ({reach:e} m, its δ or d̂): contacts would start unseen by detection",
                        ci + 1,
                        chain.name
                    ),
                )
                .with_help(format!(
                    "set keep_distance to more than {reach:e} m (for IPC, also more than d̂ plus twice \
                     the distance a body moves in one step)"
                )));
        }
        bindings.push(ContactBinding {
            chain,
            first,
            second,
            keep_distance: keep,
            excluded,
        });
    }
    let ccd_bindings: Vec<bool> = bindings
        .iter()
        .map(|b| {
            b.chain
                .elements
                .iter()
                .any(|e| e.line_search() == Some(ContactLineSearch::EnergyCcd))
        })
        .collect();
    let mut contacts: Option<Box<dyn ContactModel>> = (!bindings.is_empty())
        .then(|| Box::new(ContactSet::new(bindings)) as Box<dyn ContactModel>);
    if let Some(c) = contacts.as_mut() {
        check_contact_methods(c.as_mut(), &ccd_bindings, &model, spec, &cx)?;
    }

    let mut externals: Vec<Box<dyn ExternalForce>> = Vec::new();
    for f in &spec.forces {
        match f {
            ForceSpec::Gravity { g, medium_density } => {
                externals.push(Box::new(Gravity {
                    g: g.vec(),
                    medium_density: medium_density.0,
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
            ForceSpec::PointForce { rod, node, force } => {
                let r = find_rod(rod)?;
                let n = index(*node, model.rods[r].n_nodes, "node", rod)?;
                externals.push(Box::new(PointForce {
                    rod: r,
                    node: n,
                    force: force.vec(),
                }));
            }
        }
    }

    Ok(BuiltScene {
        name,
        file: file.to_path_buf(),
        model,
        externals,
        contacts,
        solver: spec.solver,
        dt: spec.time.dt.0,
        duration: spec.time.duration.0,
        output: spec.output,
        adaptive: AdaptiveSettings {
            dt: spec.time.dt.0,
            min_dt: spec.time.min_dt.map_or(spec.time.dt.0 / 1024.0, |m| m.0),
            grow_after: spec.time.grow_after,
        },
    })
}

/// Rejects scenes whose chains need conflicting line searches, and barrier (IPC) scenes that
/// start with a non-positive gap.
fn check_contact_methods(
    c: &mut dyn ContactModel,
    ccd_bindings: &[bool],
    model: &Model,
    spec: &SceneSpec,
    cx: &Ctx,
) -> Result<(), SceneError> {
    c.line_search().map_err(|m| {
        cx.err("contacts", m).with_help(
            "IMC and IPC drive Newton differently (‖r‖² line search vs energy + CCD): \
             use chains of one method in a scene",
        )
    })?;
    if !ccd_bindings.iter().any(|&b| b) {
        return Ok(());
    }
    c.detect(model, &model.q);
    let ev = c.evaluate(model, &model.q, &model.v, spec.time.dt.0, false);
    let worst = ev
        .iter()
        .filter(|l| ccd_bindings[l.key.binding as usize] && l.gap <= 0.0)
        .min_by(|a, b| a.gap.total_cmp(&b.gap));
    if let Some(w) = worst {
        let bi = w.key.binding as usize;
        let name = |p: &Primitive| match *p {
            Primitive::RodEdge { rod, edge } => {
                format!("rod \"{}\" edge {edge}", model.rods[rod as usize].name)
            }
            Primitive::RodNode { rod, node } => {
                format!("rod \"{}\" node {node}", model.rods[rod as usize].name)
            }
            Primitive::Sphere { index } => format!("sphere {index}"),
            Primitive::Plane { index } => format!("plane {index}"),
        };
        return Err(cx
            .err(
                &format!("\"{}\"", spec.contacts[bi].chain),
                format!(
                    "contact {}: the initial configuration already penetrates: {} and {} have gap {:.3e} m, \
                     but the barrier chain \"{}\" needs every gap > 0 from the start",
                    bi + 1,
                    name(&w.key.first),
                    name(&w.key.second),
                    w.gap,
                    spec.contacts[bi].chain
                ),
            )
            .with_help("move the bodies apart so that they start separated (by a fraction of d̂ at least)"));
    }
    Ok(())
}

fn check_count(n: usize, cx: &Ctx, needle: &str, name: &str) -> Result<(), SceneError> {
    if n < 2 {
        Err(cx
            .err(
                needle,
                format!("rod \"{name}\" has {n} node(s); a rod needs at least 2"),
            )
            .with_help("set `nodes` to 2 or more"))
    } else if n > 10_000_000 {
        Err(cx
            .err(needle, format!("rod \"{name}\" asks for {n} nodes, more than this machine can hold in a Jacobian"))
            .with_help("use fewer nodes"))
    } else {
        Ok(())
    }
}

/// Scenes estimated below this (bytes) are never refused: the check exists to stop absurd
/// resolutions, and a mistyped or tiny `CATENA_MEMORY_LIMIT` must not break small scenes (such
/// as the fixed probe model of `catena check --jacobian`).
const ALWAYS_ALLOWED_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// Refuses a scene whose estimated memory exceeds what the machine has, before allocating it.
fn check_memory(spec: &SceneSpec, cx: &Ctx) -> Result<(), SceneError> {
    let est = MemoryEstimate::of(spec, cx.file);
    let limit = memory_limit();
    if est.total() <= limit.max(ALWAYS_ALLOWED_BYTES) {
        return Ok(());
    }
    let (part, bytes) = est.largest();
    let biggest = spec
        .rods
        .iter()
        .max_by_key(|r| match &r.geometry {
            GeometrySpec::Straight { nodes, .. } | GeometrySpec::Helix { nodes, .. } => *nodes,
            GeometrySpec::Nodes(v) => v.len(),
            GeometrySpec::PolylineFile(_) => 0,
        })
        .map(|r| format!("\"{}\"", r.name));
    let needle = if bytes == est.records {
        "dt"
    } else {
        biggest.as_deref().unwrap_or("rods")
    };
    Err(cx
        .err(
            needle,
            format!(
                "the scene needs an estimated {} of memory ({} rod nodes, {} DOFs; largest part: \
                 {part}, {}), more than the {} available",
                human(est.total()),
                est.rod_nodes,
                est.dofs,
                human(bytes),
                human(limit)
            ),
        )
        .with_help(
            "use a coarser resolution (fewer `nodes` per rod, fewer bodies, a longer `dt`); \
             CATENA_MEMORY_LIMIT=BYTES sets the limit",
        ))
}

fn check_solver(s: &SolverSettings, cx: &Ctx) -> Result<(), SceneError> {
    let bad = |what: &str, v: f64| {
        Err(cx
            .err(
                "solver",
                format!("solver.{what} = {v} must be a finite number ≥ 0"),
            )
            .with_help("see SolverSettings in the docs for defaults"))
    };
    for (what, v) in [
        ("abs_tol", s.abs_tol),
        ("rel_tol", s.rel_tol),
        ("step_tol", s.step_tol),
    ] {
        if !(v.is_finite() && v >= 0.0) {
            return bad(what, v);
        }
    }
    if s.max_iterations == 0 {
        return Err(cx.err("solver", "solver.max_iterations must be at least 1".into()));
    }
    Ok(())
}
