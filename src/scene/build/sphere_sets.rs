//! Sphere sets: each `sphere_sets` entry read (CSV, `.vtp`) or generated (lattice, random
//! packing) into plain spheres named `{name}{i}`, appended to the scene's `spheres` before the
//! bodies are built. Errors in a set point at its name in the scene file; errors in a file at
//! the file's line and column.

use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::math::Vec3;
use crate::scene::sphere_data::{
    LatticeSpec, RandomPackSpec, SphereRow, lattice, random_packing, read_csv, read_frame_spheres,
};
use crate::scene::{Positive, SceneSpec, SphereSetSpec, SphereSourceSpec, SphereSpec, V3};
use std::collections::BTreeSet;
use std::path::Path;

/// `spec` with the spheres of its sets appended to `spheres` (and no sets left).
pub(super) fn with_sphere_sets(spec: &SceneSpec, cx: &Ctx) -> Result<SceneSpec, SceneError> {
    let mut out = spec.clone();
    out.sphere_sets.clear();
    let mut names: BTreeSet<String> = spec
        .rods
        .iter()
        .map(|r| r.name.clone())
        .chain(spec.shells.iter().map(|s| s.name.clone()))
        .chain(spec.spheres.iter().map(|s| s.name.clone()))
        .collect();
    let mut existing: Vec<SphereRow> = spec
        .spheres
        .iter()
        .map(|s| SphereRow::at_rest(s.center.vec(), s.radius.0))
        .collect();
    for set in &spec.sphere_sets {
        let needle = format!("\"{}\"", set.name);
        let rows = rows_of(set, cx, &needle, &existing)?;
        if !set.rotation && rows.iter().any(|r| r.omega != Vec3::zeros()) {
            return Err(cx
                .err(
                    &needle,
                    format!(
                        "sphere set \"{}\" has angular velocities but `rotation: false`",
                        set.name
                    ),
                )
                .with_help("remove `rotation: false`, or the angular velocities"));
        }
        for (i, row) in rows.iter().enumerate() {
            let name = format!("{}{i}", set.name);
            if !names.insert(name.clone()) {
                return Err(cx
                    .err(
                        &needle,
                        format!(
                            "sphere set \"{}\" makes a sphere \"{name}\", a name already taken",
                            set.name
                        ),
                    )
                    .with_help("give the set a name prefix no other body starts with"));
            }
            out.spheres.push(SphereSpec {
                name,
                material: set.material.clone(),
                radius: Positive(row.radius),
                center: v3(row.center),
                velocity: v3(row.velocity + set.velocity.vec()),
                angular_velocity: v3(row.omega + set.angular_velocity.vec()),
                rotation: set.rotation,
                fixed: set.fixed,
                mask: set.mask,
                translate: None,
            });
        }
        existing.extend(rows);
    }
    Ok(out)
}

fn v3(x: Vec3) -> V3 {
    V3(x.x, x.y, x.z)
}

/// The spheres of one set; `existing` are the spheres made before it (obstacles of a random
/// packing).
fn rows_of(
    set: &SphereSetSpec,
    cx: &Ctx,
    needle: &str,
    existing: &[SphereRow],
) -> Result<Vec<SphereRow>, SceneError> {
    let name = &set.name;
    let bad = |m: String, help: &str| Err(cx.err(needle, m).with_help(help.to_string()));
    let p = match source(&set.from) {
        Source::File(f) => {
            let path = cx.file.parent().unwrap_or(Path::new(".")).join(f);
            return match path.extension().and_then(|e| e.to_str()) {
                Some("csv") => read_csv(&path),
                Some("vtp") => read_frame_spheres(&path),
                _ => bad(
                    format!("sphere file \"{f}\" is neither .csv nor .vtp"),
                    "give a CSV file (header x,y,z,r[,vx,vy,vz,wx,wy,wz]) or a catena .vtp frame",
                ),
            };
        }
        Source::Lattice(l) if l.count() == 0 => {
            return bad(
                format!("sphere set \"{name}\": a lattice count is 0"),
                "give counts of at least 1 along x, y and z, e.g. (10, 10, 10)",
            );
        }
        Source::Lattice(l) => return Ok(lattice(&l)),
        Source::Random(p) => p,
    };
    if (0..3).any(|c| p.max[c] <= p.min[c]) {
        return bad(
            format!("sphere set \"{name}\": the box max is not above min on every axis"),
            "give the box's lower corner as `min` and its upper corner as `max`",
        );
    }
    if p.radius_max < p.radius_min {
        return bad(
            format!("sphere set \"{name}\": radius_max is below radius"),
            "radii are drawn in [radius, radius_max]",
        );
    }
    match (p.count, p.volume_fraction) {
        (Some(_), None) => {}
        (None, Some(phi)) if phi > 0.0 && phi < 1.0 => {}
        (None, Some(phi)) => {
            return bad(
                format!("sphere set \"{name}\": volume_fraction {phi} is not in (0, 1)"),
                "random sequential addition reaches about 0.38; ask for less, e.g. 0.3",
            );
        }
        _ => {
            return bad(
                format!("sphere set \"{name}\": give either `count` or `volume_fraction`"),
                "e.g. `count: 500` or `volume_fraction: 0.3`, not both",
            );
        }
    }
    random_packing(&p, existing).map_err(|e| {
        cx.err(needle, format!("sphere set \"{name}\": {e}"))
            .with_help(
                "ask for fewer spheres, a lower volume fraction or a larger box; random \
             sequential addition of equal spheres jams near 0.38",
            )
    })
}

/// A set's source with its generator's parameters.
enum Source<'a> {
    File(&'a str),
    Lattice(LatticeSpec),
    Random(RandomPackSpec),
}

fn source(from: &SphereSourceSpec) -> Source<'_> {
    match from {
        SphereSourceSpec::File(f) => Source::File(f),
        SphereSourceSpec::Lattice {
            origin,
            spacing,
            counts,
            radius,
            stagger,
            jitter,
            velocity_jitter,
            seed,
        } => Source::Lattice(LatticeSpec {
            origin: origin.vec(),
            spacing: spacing.0,
            counts: [counts.0, counts.1, counts.2],
            radius: radius.0,
            stagger: *stagger,
            jitter: jitter.vec(),
            velocity_jitter: velocity_jitter.vec(),
            seed: *seed,
        }),
        SphereSourceSpec::Random {
            min,
            max,
            radius,
            radius_max,
            count,
            volume_fraction,
            seed,
        } => Source::Random(RandomPackSpec {
            min: min.vec(),
            max: max.vec(),
            radius_min: radius.0,
            radius_max: radius_max.map_or(radius.0, |r| r.0),
            count: *count,
            volume_fraction: *volume_fraction,
            seed: *seed,
        }),
    }
}

/// How many spheres a set makes, at most, found without making them (for the memory
/// estimate): the lattice's count, the packing's `count` or `φ V / (4/3 π r_min³)`, or the
/// rows of a CSV file / the spheres of a frame (0 for a file that cannot be read: building the
/// set reports it).
pub(in crate::scene) fn sphere_set_count(set: &SphereSetSpec, scene_file: &Path) -> f64 {
    match source(&set.from) {
        Source::File(f) => {
            let path = scene_file.parent().unwrap_or(Path::new(".")).join(f);
            if path.extension().is_some_and(|e| e == "vtp") {
                read_frame_spheres(&path).map_or(0.0, |r| r.len() as f64)
            } else {
                crate::diag::read_text(&path, "sphere file").map_or(0.0, |t| {
                    t.lines()
                        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                        .count()
                        .saturating_sub(1) as f64
                })
            }
        }
        Source::Lattice(l) => l.count() as f64,
        Source::Random(r) => r.max_count(),
    }
}
