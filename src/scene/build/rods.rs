//! Rods: one [`RodSpec`] turned into a discrete elastic rod (material, cross-section, the nodes
//! of its geometry, natural curvature and twist) and added to the model.

use super::ctx::Ctx;
use super::materials::Materials;
use super::window::{Fields, schedule};
use crate::diag::{SceneError, closest};
use crate::math::Vec3;
use crate::model::{CrossSection, Model, Rod};
use crate::scene::geometry::{helix_nodes, read_polyline, straight_nodes};
use crate::scene::{GeometrySpec, RodSpec};
use std::path::Path;

/// Checks and builds the rod `r` and adds it to `model`; returns its index.
pub(super) fn add_rod(
    r: &RodSpec,
    cx: &Ctx,
    materials: &Materials,
    model: &mut Model,
) -> Result<usize, SceneError> {
    let needle = format!("\"{}\"", r.name);
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
    // A node file's rows, to locate errors of the rod's geometry in the file.
    let mut polyline = None;
    let nodes = match &r.geometry {
        GeometrySpec::Nodes(v) => v.iter().map(|p| p.vec()).collect(),
        GeometrySpec::Straight { start, end, nodes } => {
            check_count(*nodes, cx, &needle, &r.name)?;
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
            check_count(*nodes, cx, &needle, &r.name)?;
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
            let path = cx.file.parent().unwrap_or(Path::new(".")).join(p);
            let line = read_polyline(&path).map_err(|e| {
                if e.position.is_some() {
                    return e;
                }
                // The file could not be read at all: point at the scene line that names it.
                let mut located = cx.err(
                    &format!("\"{p}\""),
                    format!("rod \"{}\": {}: {}", r.name, path.display(), e.message),
                );
                located.help = e.help;
                located
            })?;
            let nodes = line.nodes.clone();
            polyline = Some(line);
            nodes
        }
    };
    let (mut rod, frames, q) = Rod::new(
        &r.name,
        &nodes,
        section,
        mat,
        r.first_director.map(|d| d.vec()),
    )
    .map_err(|e| match &polyline {
        Some(line) => {
            let mut located = line.rod_error(&e);
            located.message = format!("rod \"{}\": {}", r.name, located.message);
            located
        }
        None => cx
            .err(&needle, format!("rod \"{}\": {e}", r.name))
            .with_help("check the node list: at least 2 distinct, finite, consecutive nodes"),
    })?;
    let fields = Fields {
        anchor: &needle,
        nth: 0,
        names: ["actuation_start", "actuation_end", "actuation_ramp"],
        what: format!("rod \"{}\": the actuation", r.name),
    };
    let staged = schedule(
        cx,
        &fields,
        r.actuation_start,
        r.actuation_end,
        r.actuation_ramp,
    )?;
    if staged.is_some() && r.actuation_time.is_some() {
        return Err(cx
            .err_in(&needle, 0, "actuation_time:", format!(
                "rod \"{}\" sets both actuation_time (a linear ramp from t = 0) and a staged \
                 actuation (actuation_start, actuation_end, actuation_ramp)",
                r.name
            ))
            .with_help("keep one: replace actuation_time by actuation_ramp (a smoothstep of that length from actuation_start), or drop the staged fields"));
    }
    if let Some((k1, k2)) = r.natural_curvature {
        if ![k1, k2].iter().all(|k| k.is_finite()) {
            return Err(cx.err(
                &needle,
                format!("rod \"{}\": natural_curvature must be finite", r.name),
            ));
        }
        match staged {
            Some(w) => rod.schedule_natural_curvature([k1, k2], w),
            None => rod.ramp_natural_curvature([k1, k2], r.actuation_time.map_or(0.0, |t| t.0)),
        }
    } else if staged.is_some() {
        return Err(cx
            .err(
                &needle,
                format!(
                    "rod \"{}\" stages an actuation without natural_curvature",
                    r.name
                ),
            )
            .with_help(
                "add `natural_curvature: (k1, k2)` (1/m), the curvature the actuation reaches",
            ));
    } else if r.actuation_time.is_some() {
        return Err(cx
            .err(&needle, format!("rod \"{}\" sets actuation_time without natural_curvature", r.name))
            .with_help("add `natural_curvature: (k1, k2)` (1/m), the curvature reached at the end of the ramp"));
    }
    if let Some(tw) = r.natural_twist {
        rod.set_natural_twist(tw);
    }
    Ok(model.add_rod(rod, frames, q))
}

/// Rejects node counts that cannot make a rod (< 2) or cannot fit a Jacobian.
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
