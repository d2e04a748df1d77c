//! Centreline generators: straight, helix, polyline (node) file.

use super::schema::Handedness;
use crate::diag::SceneError;
use crate::math::{Vec3, unit_normal_to};
use crate::model::{NodeFile, Polyline};
use std::path::Path;

/// `n` equally spaced nodes from `a` to `b`.
pub fn straight_nodes(a: Vec3, b: Vec3, n: usize) -> Vec<Vec3> {
    (0..n)
        .map(|i| a + (b - a) * (i as f64 / (n.max(2) - 1) as f64))
        .collect()
}

/// Nodes of a helix of radius `radius` and `pitch` about `axis` through `origin`, over
/// `axial_length`, equally spaced in the axial coordinate `s`:
/// `x(s) = origin + s â + radius (cos φ ê₁ ± sin φ ê₂)`, `φ = 2π s/pitch + phase`,
/// `+` for right-handed, `−` for left-handed, with `(ê₁, ê₂, â)` a right-handed frame.
#[allow(clippy::too_many_arguments)]
pub fn helix_nodes(
    radius: f64,
    pitch: f64,
    axial_length: f64,
    n: usize,
    origin: Vec3,
    axis: Vec3,
    handedness: Handedness,
    phase: f64,
) -> Vec<Vec3> {
    let a = axis.normalize();
    let e1 = unit_normal_to(&a);
    let e2 = a.cross(&e1);
    let sign = if handedness == Handedness::Right {
        1.0
    } else {
        -1.0
    };
    (0..n)
        .map(|i| {
            let s = axial_length * i as f64 / (n.max(2) - 1) as f64;
            let phi = std::f64::consts::TAU * s / pitch + phase;
            origin + a * s + radius * (e1 * phi.cos() + e2 * (sign * phi.sin()))
        })
        .collect()
}

/// Reads a rod's nodes from a node file (see [`crate::model::node_file`]): bare `x y z` rows
/// or the MAT-DiSMech layout (`*Nodes`, `*Edges`), whitespace- or comma-separated, with `#`,
/// `%` and `//` comments and an optional line of column names. With edges, the nodes are
/// ordered along them (one open chain). Errors give the file, line:column and a `help:` line.
pub fn read_polyline(path: &Path) -> Result<Polyline, SceneError> {
    let file = NodeFile::read(path, "polyline file").map_err(|e| {
        if e.help.is_some() {
            e
        } else {
            e.with_help("PolylineFile paths are relative to the scene file")
        }
    })?;
    file.polyline()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helix_has_radius_pitch_and_handedness() {
        let n = helix_nodes(
            0.01,
            0.05,
            0.2,
            81,
            Vec3::zeros(),
            Vec3::z(),
            Handedness::Right,
            0.0,
        );
        for x in &n {
            assert!(((x.x * x.x + x.y * x.y).sqrt() - 0.01).abs() < 1e-12);
        }
        assert!((n[80].z - 0.2).abs() < 1e-12);
        // Right-handed: angular momentum of the tangent about +z is positive.
        let t = n[1] - n[0];
        assert!(n[0].cross(&t).z > 0.0);
        let l = helix_nodes(
            0.01,
            0.05,
            0.2,
            81,
            Vec3::zeros(),
            Vec3::z(),
            Handedness::Left,
            0.0,
        );
        assert!(l[0].cross(&(l[1] - l[0])).z < 0.0);
    }

    #[test]
    fn polyline_file_errors_name_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("p.txt");
        std::fs::write(&p, "# header\n0 0 0\n1 0 x\n").unwrap();
        let e = read_polyline(&p).unwrap_err();
        assert_eq!(e.position, Some((3, 5)));
        std::fs::write(&p, "0 0 0\n1,0,0 # ok\n").unwrap();
        assert_eq!(read_polyline(&p).unwrap().nodes.len(), 2);
        let e = read_polyline(&dir.path().join("none.txt")).unwrap_err();
        assert!(e.help.unwrap().contains("relative to the scene file"));
    }
}
