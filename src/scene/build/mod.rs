//! Turning a parsed [`SceneSpec`] into a model, forces and run settings, with semantic checks
//! (names that resolve, indices in range, geometry that makes a rod).
//!
//! One builder per concept, called in this order by [`build_scene_with`] (the first error
//! wins): scene-wide settings (`settings`, `memory_check`), sphere sets read or generated
//! into spheres (`sphere_sets`), materials, bodies (rods, spheres,
//! planes) and the checks of the spheres' placement and speeds (`sphere_checks`), boundary
//! conditions (with their time windows, `window`), contacts (chains bound to body groups) and
//! external forces.

mod bodies;
mod body_checks;
mod boundary;
mod built;
mod contacts;
mod ctx;
mod forces;
mod groups;
mod masks;
mod materials;
mod memory_check;
mod patch_force;
mod rigid_bodies;
mod rods;
mod settings;
mod shared_nodes;
mod shell_actuation;
mod shells;
mod sphere_checks;
mod sphere_sets;
mod window;

pub use built::{BuiltScene, LateStart};
pub(in crate::scene) use sphere_sets::sphere_set_count;

use super::SceneSpec;
use crate::contact::{Builtin, ElementSet};
use crate::diag::SceneError;
use crate::model::Model;
use ctx::Ctx;
use serde::de::DeserializeOwned;
use std::path::Path;

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
    let cx = Ctx {
        file,
        source,
        dt: spec.time.dt.0,
        duration: spec.time.duration.0,
        late: Default::default(),
    };
    let name = settings::scene_name(spec, file);
    settings::check(spec, &cx)?;
    memory_check::check_memory(spec, &cx)?;
    let sets = &spec.sphere_sets;
    let expanded;
    let spec = if spec.sphere_sets.is_empty() {
        spec
    } else {
        expanded = sphere_sets::with_sphere_sets(spec, &cx)?;
        &expanded
    };
    let materials = materials::build_materials(spec, &cx)?;
    let mut model = Model::default();
    let bodies = bodies::add_bodies(spec, &cx, &materials, &mut model)?;
    masks::set_masks(spec, &bodies, &mut model);
    let mut warnings = sphere_checks::check_spheres(spec, sets, &cx, &model)?;
    shared_nodes::add_junctions(spec, &cx, &bodies, &mut model)?;
    boundary::add_boundary_conditions(spec, &cx, &bodies, &mut model)?;
    model.finalize();
    bodies.fix_spheres(&mut model);
    let (contacts, band_warnings) =
        contacts::build_contacts::<E>(spec, sets, &cx, &bodies, &model)?;
    warnings.extend(band_warnings);
    let externals = forces::build_forces(spec, &cx, &bodies, &model)?;
    Ok(BuiltScene {
        name,
        file: file.to_path_buf(),
        model,
        externals,
        contacts,
        solver: spec.solver,
        dt: spec.time.dt.0,
        integrator: spec.time.integrator,
        duration: spec.time.duration.0,
        output: spec.output,
        adaptive: settings::adaptive(spec),
        rest: spec.time.until_rest,
        warnings,
        late_starts: cx.late.into_inner(),
    })
}
