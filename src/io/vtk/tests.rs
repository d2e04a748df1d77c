//! Tests of the frame writer.

use super::xml_check::{attr, well_formed};
use super::*;
use crate::math::Vec3;

/// Whitespace-separated values of the `DataArray` named `name` inside `<section>`.
fn array(xml: &str, section: &str, name: &str) -> Vec<String> {
    let sec_start = xml.find(&format!("<{section}")).expect("section");
    let sec_end = sec_start
        + xml[sec_start..]
            .find(&format!("</{section}>"))
            .expect("end");
    let sec = &xml[sec_start..sec_end];
    let a = sec.find(&format!("Name=\"{name}\"")).expect("array");
    let body_start = a + sec[a..].find('>').expect(">") + 1;
    let body_end = body_start + sec[body_start..].find("</DataArray>").expect("close");
    sec[body_start..body_end]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn nums(v: &[String]) -> Vec<usize> {
    v.iter().map(|x| x.parse().expect("int")).collect()
}

#[test]
fn two_rods_and_two_spheres() {
    let a = [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(2.0, 0.5, 0.0),
    ];
    let b = [Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 1.0, 1e-9)];
    let rods = [
        PolylineBody {
            name: "left--rod",
            points: &a,
            radius: 0.01,
            velocities: &[],
        },
        PolylineBody {
            name: "right",
            points: &b,
            radius: 0.02,
            velocities: &[],
        },
    ];
    let spheres = [
        SphereBody::at_rest(Vec3::new(5.0, 5.0, 5.0), 0.5),
        SphereBody::at_rest(Vec3::new(-1.0, 0.0, 0.25), 0.125),
    ];
    let frame = Frame {
        shells: &[],
        time: 0.125,
        rods: &rods,
        spheres: &spheres,
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("f.vtp");
    write_vtp(&path, &frame).expect("write");
    let xml = std::fs::read_to_string(&path).expect("read");
    assert!(!dir.path().join("f.vtp.tmp").exists());

    let elems = well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert_eq!(elems[0], "VTKFile");
    assert_eq!(attr(&xml, "VTKFile", "type").as_deref(), Some("PolyData"));
    assert_eq!(attr(&xml, "Piece", "NumberOfPoints").as_deref(), Some("7"));
    assert_eq!(attr(&xml, "Piece", "NumberOfLines").as_deref(), Some("2"));
    assert_eq!(attr(&xml, "Piece", "NumberOfVerts").as_deref(), Some("2"));

    assert_eq!(
        nums(&array(&xml, "Lines", "connectivity")),
        vec![0, 1, 2, 3, 4]
    );
    assert_eq!(nums(&array(&xml, "Lines", "offsets")), vec![3, 5]);
    assert_eq!(nums(&array(&xml, "Verts", "connectivity")), vec![5, 6]);
    assert_eq!(nums(&array(&xml, "Verts", "offsets")), vec![1, 2]);
    assert_eq!(
        nums(&array(&xml, "PointData", "body")),
        vec![0, 0, 0, 1, 1, 2, 3]
    );
    let radius: Vec<f64> = array(&xml, "PointData", "radius")
        .iter()
        .map(|x| x.parse().expect("float"))
        .collect();
    assert_eq!(radius, vec![0.01, 0.01, 0.01, 0.02, 0.02, 0.5, 0.125]);
    let pts: Vec<f64> = array(&xml, "Points", "Points")
        .iter()
        .map(|x| x.parse().expect("float"))
        .collect();
    assert_eq!(pts.len(), 21);
    assert_eq!(&pts[9..15], &[0.0, 1.0, 0.0, 0.0, 1.0, 1e-9]);
    assert_eq!(&pts[18..21], &[-1.0, 0.0, 0.25]);
    assert_eq!(array(&xml, "FieldData", "TIME"), vec!["0.125"]);
    assert!(xml.contains("0=rod:left-_rod"));
}

#[test]
fn a_shell_is_written_as_polygons_after_rods_and_spheres() {
    let a = [Vec3::zeros(), Vec3::x()];
    let rods = [PolylineBody {
        name: "r",
        points: &a,
        radius: 0.01,
        velocities: &[],
    }];
    let spheres = [SphereBody::at_rest(Vec3::z(), 0.5)];
    let square = [
        Vec3::zeros(),
        Vec3::x(),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::y(),
    ];
    let tris = [[0, 1, 2], [0, 2, 3]];
    let traction = [Vec3::new(0.0, 0.0, -2.0), Vec3::new(1.5, 0.0, 0.0)];
    let shells = [MeshBody {
        name: "sheet",
        points: &square,
        triangles: &tris,
        thickness: 0.002,
        velocities: &[],
        traction: Some(&traction),
        tension: Some(&[0.5, 0.0, -1.0, 2.0]),
    }];
    let xml = render_vtp(&Frame {
        time: 0.5,
        rods: &rods,
        spheres: &spheres,
        shells: &shells,
    })
    .expect("render");
    well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert!(xml.contains("2=shell:sheet"), "{xml}");
    assert_eq!(attr(&xml, "Piece", "NumberOfPoints").as_deref(), Some("7"));
    assert_eq!(attr(&xml, "Piece", "NumberOfPolys").as_deref(), Some("2"));
    // Shell points follow the rod's two and the sphere's one.
    assert_eq!(
        nums(&array(&xml, "Polys", "connectivity")),
        vec![3, 4, 5, 3, 5, 6]
    );
    assert_eq!(nums(&array(&xml, "Polys", "offsets")), vec![3, 6]);
    assert_eq!(
        nums(&array(&xml, "PointData", "body")),
        vec![0, 0, 1, 2, 2, 2, 2]
    );
    let radius = array(&xml, "PointData", "radius");
    assert_eq!(radius[3], "0.001");
    // Verts list only the sphere; cell data covers the 1 vertex, 1 line and 2
    // triangles: zero, zero, then each triangle's +z normal and area ½.
    assert_eq!(nums(&array(&xml, "Verts", "connectivity")), vec![2]);
    assert_eq!(
        array(&xml, "CellData", "area"),
        vec!["0", "0", "0.5", "0.5"]
    );
    let normal = array(&xml, "CellData", "normal");
    assert_eq!(normal.len(), 12);
    assert_eq!(&normal[6..], ["0", "0", "1", "0", "0", "1"]);
    // Spring tension: zero on the rod's two points and the sphere's centre, then the shell's.
    assert_eq!(
        array(&xml, "PointData", "spring_tension"),
        ["0", "0", "0", "0.5", "0", "-1", "2"]
    );
    // Traction: zero on the vertex and the line, then the two triangles'.
    assert_eq!(
        array(&xml, "CellData", "traction"),
        [
            "0", "0", "0", "0", "0", "0", "0", "0", "-2", "1.5", "0", "0"
        ]
    );
}

#[test]
fn empty_rod_is_skipped_but_keeps_body_numbering() {
    let a = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0)];
    let rods = [
        PolylineBody {
            name: "empty",
            points: &[],
            radius: 0.1,
            velocities: &[],
        },
        PolylineBody {
            name: "a",
            points: &a,
            radius: 0.2,
            velocities: &[],
        },
    ];
    let frame = Frame {
        shells: &[],
        time: 0.0,
        rods: &rods,
        spheres: &[],
    };
    let xml = render_vtp(&frame).expect("render");
    well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert_eq!(attr(&xml, "Piece", "NumberOfLines").as_deref(), Some("1"));
    assert_eq!(attr(&xml, "Piece", "NumberOfVerts").as_deref(), Some("0"));
    assert_eq!(nums(&array(&xml, "Lines", "offsets")), vec![2]);
    assert_eq!(nums(&array(&xml, "PointData", "body")), vec![1, 1]);
}

#[test]
fn empty_frame_is_well_formed() {
    let xml = render_vtp(&Frame {
        shells: &[],
        time: 1.0,
        rods: &[],
        spheres: &[],
    })
    .expect("render");
    well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert_eq!(attr(&xml, "Piece", "NumberOfPoints").as_deref(), Some("0"));
}
