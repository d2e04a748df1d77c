//! Every file a scene names, in one place: the chain files of its contacts, the node files of
//! its rods (`PolylineFile`), the mesh files of its shells (`File`: OBJ, STL or node file),
//! the signal tables of its shells' actuations (`Table`) and the files of its sphere sets
//! (`File`: CSV or a `.vtp` frame). A checkpoint keeps what each of them held
//! (`catena::run::input_files`), and a planned study makes each of them absolute
//! (`catena::study::portable_scene_text`): a field that names a file is added here, and both
//! follow.

use super::{GeometrySpec, MeshSpec, SceneSpec, SignalSpec, SphereSourceSpec};

/// What a file named by a scene is to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A contact's chain file.
    Chain,
    /// A rod's node file (`PolylineFile`).
    Polyline,
    /// A shell's mesh file (`.obj`, `.stl` or a `.txt` node file).
    Mesh,
    /// A shell actuation's signal table (`Table`).
    SignalTable,
    /// A sphere set's file (`.csv` or a `.vtp` frame).
    SphereFile,
}

impl InputKind {
    /// Its name in messages ("chain file", "mesh file", …).
    pub fn what(self) -> &'static str {
        match self {
            Self::Chain => "chain file",
            Self::Polyline => "polyline file",
            Self::Mesh => "mesh file",
            Self::SignalTable => "signal table",
            Self::SphereFile => "sphere file",
        }
    }
}

/// The files `spec` names, as written in it (relative paths are relative to the scene file),
/// in the order the scene names them: contacts, rods, shells (mesh, then tables), sphere sets.
pub fn input_paths(spec: &SceneSpec) -> Vec<(InputKind, &str)> {
    let mut out: Vec<(InputKind, &str)> = spec
        .contacts
        .iter()
        .map(|c| (InputKind::Chain, c.chain.as_str()))
        .collect();
    for r in &spec.rods {
        if let GeometrySpec::PolylineFile(p) = &r.geometry {
            out.push((InputKind::Polyline, p));
        }
    }
    for sh in &spec.shells {
        if let MeshSpec::File(p) = &sh.mesh {
            out.push((InputKind::Mesh, p));
        }
        for a in &sh.actuate {
            if let SignalSpec::Table(p) = &a.signal {
                out.push((InputKind::SignalTable, p));
            }
        }
    }
    for set in &spec.sphere_sets {
        if let SphereSourceSpec::File(p) = &set.from {
            out.push((InputKind::SphereFile, p));
        }
    }
    out
}

/// The same fields as [`input_paths`], to rewrite them.
pub fn input_paths_mut(spec: &mut SceneSpec) -> Vec<(InputKind, &mut String)> {
    let mut out: Vec<(InputKind, &mut String)> = spec
        .contacts
        .iter_mut()
        .map(|c| (InputKind::Chain, &mut c.chain))
        .collect();
    for r in &mut spec.rods {
        if let GeometrySpec::PolylineFile(p) = &mut r.geometry {
            out.push((InputKind::Polyline, p));
        }
    }
    for sh in &mut spec.shells {
        if let MeshSpec::File(p) = &mut sh.mesh {
            out.push((InputKind::Mesh, p));
        }
        for a in &mut sh.actuate {
            if let SignalSpec::Table(p) = &mut a.signal {
                out.push((InputKind::SignalTable, p));
            }
        }
    }
    for set in &mut spec.sphere_sets {
        if let SphereSourceSpec::File(p) = &mut set.from {
            out.push((InputKind::SphereFile, p));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;
    use std::path::Path;

    #[test]
    fn every_kind_of_file_a_scene_names_is_listed_once_in_order() {
        let text = r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) },
    rods: [(name: "r", material: "m", radius: 1e-3, geometry: PolylineFile("r.txt"))],
    shells: [(name: "s", material: "m", thickness: 1e-3, mesh: File("s.stl"),
              actuate: [(hinges: Boundary, signal: Table("phi.txt"))])],
    sphere_sets: [(name: "p", material: "m", from: File("p.csv"))],
    contacts: [(chain: "c.ron", first: AllRods, second: AllRods, keep_distance: 1e-3)],
)"#;
        let mut spec = parse_scene(text, Path::new("scene.ron")).expect("scene");
        let listed: Vec<(InputKind, String)> = input_paths(&spec)
            .into_iter()
            .map(|(k, p)| (k, p.to_string()))
            .collect();
        assert_eq!(
            listed,
            [
                (InputKind::Chain, "c.ron".to_string()),
                (InputKind::Polyline, "r.txt".into()),
                (InputKind::Mesh, "s.stl".into()),
                (InputKind::SignalTable, "phi.txt".into()),
                (InputKind::SphereFile, "p.csv".into()),
            ]
        );
        for (_, p) in input_paths_mut(&mut spec) {
            p.insert_str(0, "/abs/");
        }
        assert!(
            input_paths(&spec)
                .iter()
                .all(|(_, p)| p.starts_with("/abs/"))
        );
        assert_eq!(InputKind::SignalTable.what(), "signal table");
    }
}
