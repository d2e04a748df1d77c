//! Bodies: the scene's rods ([`super::rods`]), spheres and planes added to the model, and the
//! table of their names that later builders (boundary conditions, contacts, forces) resolve
//! names and indices against.

use super::ctx::Ctx;
use super::materials::Materials;
use super::rods::add_rod;
use super::shells::add_shells;
use super::window::{Fields, schedule};
use crate::diag::{SceneError, closest};
use crate::math::Vec3;
use crate::model::body::rigid::PrescribedMotion;
use crate::model::{Material, Model, Plane, Sphere};
use crate::scene::{SceneSpec, SphereSpec, TranslateSpec};
use std::collections::BTreeMap;

/// The bodies of a scene by name, with their indices in the model.
pub(super) struct Bodies<'s> {
    /// Rod indices by name.
    pub(super) rods: BTreeMap<&'s str, usize>,
    /// Sphere indices by name.
    pub(super) spheres: BTreeMap<&'s str, usize>,
    /// Plane indices by name.
    pub(super) planes: BTreeMap<&'s str, usize>,
    /// Shell indices by name.
    pub(super) shells: BTreeMap<&'s str, usize>,
    /// Rigid body indices by name.
    pub(super) rigid: BTreeMap<&'s str, usize>,
    /// Spheres declared `fixed`, constrained once the model is finalized.
    fixed_spheres: Vec<usize>,
}

/// Checks and adds the rods, then the spheres, then the planes of `spec` to `model`.
pub(super) fn add_bodies<'s>(
    spec: &'s SceneSpec,
    cx: &Ctx,
    materials: &Materials,
    model: &mut Model,
) -> Result<Bodies<'s>, SceneError> {
    let mut rod_index: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &spec.rods {
        let needle = format!("\"{}\"", r.name);
        if rod_index.contains_key(r.name.as_str()) {
            return Err(cx
                .err(&needle, format!("two rods are named \"{}\"", r.name))
                .with_help("give every rod a unique name"));
        }
        let idx = add_rod(r, cx, materials, model)?;
        rod_index.insert(r.name.as_str(), idx);
    }

    let taken = |n: &str| rod_index.contains_key(n);
    let shell_index = add_shells(&spec.shells, cx, materials, &taken, model)?;

    let mut sphere_index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut fixed_spheres = Vec::new();
    for sp in &spec.spheres {
        let needle = format!("\"{}\"", sp.name);
        if sphere_index.contains_key(sp.name.as_str())
            || rod_index.contains_key(sp.name.as_str())
            || shell_index.contains_key(sp.name.as_str())
        {
            return Err(cx
                .err(&needle, format!("two bodies are named \"{}\"", sp.name))
                .with_help("give every rod and sphere a unique name"));
        }
        let mat = find_material(
            cx,
            materials,
            &sp.material,
            &format!("sphere \"{}\"", sp.name),
        )?;
        let idx = model.add_sphere(
            Sphere::new(sp.name.clone(), sp.radius.0, mat),
            sp.center.vec(),
            sp.velocity.vec(),
        );
        let omega = sp.angular_velocity.vec();
        if sp.rotation {
            model.spin_sphere(idx, omega);
        } else if omega != Vec3::zeros() {
            return Err(cx
                .err(
                    &needle,
                    format!(
                        "sphere \"{}\" has an angular velocity but `rotation: false`",
                        sp.name
                    ),
                )
                .with_help("remove `rotation: false`, or the angular velocity"));
        }
        if sp.fixed {
            fixed_spheres.push(idx);
        }
        if let Some(t) = &sp.translate {
            drive_sphere(cx, sp, t, idx, model)?;
        }
        sphere_index.insert(sp.name.as_str(), idx);
    }
    let taken = |n: &str| {
        rod_index.contains_key(n) || shell_index.contains_key(n) || sphere_index.contains_key(n)
    };
    let rigid =
        super::rigid_bodies::add_rigid_bodies(&spec.rigid_bodies, cx, materials, &taken, model)?;
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
        let material = match &pl.material {
            None => None,
            Some(name) => Some(find_material(
                cx,
                materials,
                name,
                &format!("plane \"{}\"", pl.name),
            )?),
        };
        let idx = model.add_plane(Plane {
            name: pl.name.clone(),
            origin: pl.origin.vec(),
            normal: n.normalize(),
            material,
        });
        plane_index.insert(pl.name.as_str(), idx);
    }
    Ok(Bodies {
        rods: rod_index,
        spheres: sphere_index,
        planes: plane_index,
        shells: shell_index,
        rigid,
        fixed_spheres,
    })
}

/// Drives sphere `idx` (scene entry `sp`) along the translation `t` (see
/// [`crate::model::SpherePath`]): refused on a `fixed` sphere and with a load stop.
fn drive_sphere(
    cx: &Ctx,
    sp: &SphereSpec,
    t: &TranslateSpec,
    idx: usize,
    model: &mut Model,
) -> Result<(), SceneError> {
    let needle = format!("\"{}\"", sp.name);
    if sp.fixed {
        return Err(cx
            .err(
                &needle,
                format!(
                    "sphere \"{}\" is `fixed` and has a `translate`: a sphere is held still or \
                     driven, not both",
                    sp.name
                ),
            )
            .with_help("drop `fixed: true`: a translated sphere is held on its path"));
    }
    if sp.velocity.vec() != Vec3::zeros() {
        return Err(cx
            .err(
                &needle,
                format!(
                    "sphere \"{}\" has a `velocity` and a `translate`: a driven sphere moves \
                     at its translation's velocity, the initial one would be ignored",
                    sp.name
                ),
            )
            .with_help("drop `velocity`, or give it as the translation's `velocity`"));
    }
    if let Some(field) = [
        ("stop_load", t.stop_load.is_some()),
        ("stop_tolerance", t.stop_tolerance.is_some()),
    ]
    .iter()
    .find_map(|(f, set)| set.then_some(*f))
    {
        return Err(cx
            .err_in(
                &needle,
                0,
                field,
                format!(
                    "sphere \"{}\": `{field}` is not supported on spheres",
                    sp.name
                ),
            )
            .with_help(
                "end the translation with `end:` (the sphere holds where it stopped), or drive \
                 a rigid body, whose translation takes a load stop",
            ));
    }
    let fields = Fields {
        anchor: &needle,
        nth: 0,
        names: ["start", "end", "ramp"],
        what: format!("sphere \"{}\": the translation", sp.name),
    };
    let window = schedule(cx, &fields, t.start, t.end, t.ramp)?;
    model.prescribe_sphere(
        idx,
        PrescribedMotion {
            translate: Some((t.velocity.vec(), window)),
            stop_load: None,
            stop_tolerance: None,
            rotate: None,
        },
    );
    Ok(())
}

/// The material `name` of `owner` (e.g. `sphere "a"`), or an error that suggests the closest
/// defined one.
fn find_material(
    cx: &Ctx,
    materials: &Materials,
    name: &str,
    owner: &str,
) -> Result<Material, SceneError> {
    materials.get(name).copied().ok_or_else(|| {
        let e = cx.err(
            &format!("\"{name}\""),
            format!("{owner} uses material \"{name}\", which is not defined"),
        );
        match closest(name, materials.keys().map(String::as_str)) {
            Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
            None => e.with_help("define it in `materials`"),
        }
    })
}

impl Bodies<'_> {
    /// Constrains the DOFs of every fixed sphere (after [`Model::finalize`]): its centre, and
    /// its rotation, which keeps its initial angular velocity.
    pub(super) fn fix_spheres(&self, model: &mut Model) {
        for &i in &self.fixed_spheres {
            let s = &model.bodies.spheres[i];
            let o = s.offset;
            let mut dofs = vec![o, o + 1, o + 2];
            if let Some(k) = s.spin {
                dofs.extend([k, k + 1, k + 2]);
            }
            model.dofs.constrain_all(dofs);
        }
    }

    /// The index of the rod named `name`, or an error that suggests the closest name.
    pub(super) fn find_rod(&self, cx: &Ctx, name: &str) -> Result<usize, SceneError> {
        let rod_index = &self.rods;
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
    }
}

/// Node or edge index `i` of rod `rod` with `len` of them (`what`: "node" or "edge"), where a
/// negative `i` counts from the end.
pub(super) fn rod_item(
    cx: &Ctx,
    i: i64,
    len: usize,
    what: &str,
    rod: &str,
) -> Result<usize, SceneError> {
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
}
