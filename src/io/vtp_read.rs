//! Reading back the `.vtp` frames that [`super::write_vtp`] writes (ASCII VTK XML PolyData with
//! the layout documented there: rod polylines as `<Lines>`, sphere centres as `<Verts>`,
//! point data `radius` and `body` — and, when present, the spheres' `velocity` and
//! `angular_velocity` — field data `TIME`, shell triangles as `<Polys>`).
//!
//! This reads catena's own frames, not arbitrary VTK files: binary or appended data are
//! reported as unsupported, and polygons other than triangles are refused.

use super::OutputError;
use crate::math::Vec3;
use std::path::Path;

/// One rod of a frame.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameRod {
    /// Body index (rods first, then spheres).
    pub body: usize,
    /// Node positions (m).
    pub points: Vec<Vec3>,
    /// Cross-section radius (m).
    pub radius: f64,
}

/// One sphere of a frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameSphere {
    /// Body index.
    pub body: usize,
    /// Centre (m).
    pub center: Vec3,
    /// Radius (m).
    pub radius: f64,
    /// Velocity of the centre (m/s); zero when the frame has no `velocity` array.
    pub velocity: Vec3,
    /// Angular velocity (rad/s); zero when the frame has no `angular_velocity` array.
    pub angular_velocity: Vec3,
}

/// One shell of a frame.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameShell {
    /// Body index.
    pub body: usize,
    /// Node positions (m).
    pub points: Vec<Vec3>,
    /// Triangles, as indices into `points`.
    pub triangles: Vec<[usize; 3]>,
    /// Half the thickness (m).
    pub radius: f64,
}

/// The bodies of one frame, as read back.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FrameData {
    /// Simulated time (s).
    pub time: f64,
    /// Rods, in body order.
    pub rods: Vec<FrameRod>,
    /// Spheres, in body order.
    pub spheres: Vec<FrameSphere>,
    /// Shells, in body order.
    pub shells: Vec<FrameShell>,
}

/// Reads a frame written by [`super::write_vtp`].
pub fn read_vtp(path: &Path) -> Result<FrameData, OutputError> {
    // A frame may be an input (a sphere set's file): refuse a FIFO or a device at once.
    let bytes = crate::diag::read_input(path).map_err(|e| match e {
        crate::diag::InputReadError::Io(e) => OutputError::read(path, e),
        other => OutputError::invalid_data(path, other.to_string()),
    })?;
    let xml = String::from_utf8(bytes)
        .map_err(|_| OutputError::invalid_data(path, "not UTF-8 text".to_string()))?;
    parse_vtp(&xml).map_err(|m| OutputError::invalid_data(path, m))
}

/// Parses the text of a frame written by [`super::render_vtp`].
pub fn parse_vtp(xml: &str) -> Result<FrameData, String> {
    if !xml.contains("type=\"PolyData\"") {
        return Err("not a VTK PolyData file".into());
    }
    if xml.contains("format=\"binary\"") || xml.contains("format=\"appended\"") {
        return Err("binary or appended VTK data is not supported (catena writes ASCII)".into());
    }
    let time = match array(xml, "FieldData", "TIME") {
        Some(body) => numbers::<f64>(body, "TIME")?
            .first()
            .copied()
            .unwrap_or(0.0),
        None => 0.0,
    };
    let coords = numbers::<f64>(required(xml, "Points", "Points")?, "Points")?;
    if coords.len() % 3 != 0 {
        return Err(format!(
            "Points holds {} numbers, not a multiple of 3",
            coords.len()
        ));
    }
    let points: Vec<Vec3> = coords
        .chunks_exact(3)
        .map(|c| Vec3::new(c[0], c[1], c[2]))
        .collect();
    let radius = numbers::<f64>(required(xml, "PointData", "radius")?, "radius")?;
    let body = numbers::<usize>(required(xml, "PointData", "body")?, "body")?;
    if radius.len() != points.len() || body.len() != points.len() {
        return Err(format!(
            "{} points but {} radii and {} body ids",
            points.len(),
            radius.len(),
            body.len()
        ));
    }
    let velocity = optional_vectors(xml, "velocity", points.len())?;
    let omega = optional_vectors(xml, "angular_velocity", points.len())?;
    let point = |k: usize| -> Result<usize, String> {
        if k < points.len() {
            Ok(k)
        } else {
            Err(format!("connectivity names point {k} of {}", points.len()))
        }
    };
    let mut frame = FrameData {
        time,
        ..FrameData::default()
    };
    if let Some(conn) = array(xml, "Lines", "connectivity") {
        let conn = numbers::<usize>(conn, "Lines connectivity")?;
        let offsets = numbers::<usize>(required(xml, "Lines", "offsets")?, "Lines offsets")?;
        let mut start = 0;
        for &end in &offsets {
            if end < start || end > conn.len() {
                return Err(format!(
                    "Lines offsets {end} out of order or beyond {} indices",
                    conn.len()
                ));
            }
            let idx = conn[start..end]
                .iter()
                .map(|&k| point(k))
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(&first) = idx.first() {
                frame.rods.push(FrameRod {
                    body: body[first],
                    points: idx.iter().map(|&k| points[k]).collect(),
                    radius: radius[first],
                });
            }
            start = end;
        }
    }
    if let Some(conn) = array(xml, "Verts", "connectivity") {
        for k in numbers::<usize>(conn, "Verts connectivity")? {
            let k = point(k)?;
            frame.spheres.push(FrameSphere {
                body: body[k],
                center: points[k],
                radius: radius[k],
                velocity: velocity.as_ref().map_or_else(Vec3::zeros, |v| v[k]),
                angular_velocity: omega.as_ref().map_or_else(Vec3::zeros, |w| w[k]),
            });
        }
    }
    if let Some(conn) = array(xml, "Polys", "connectivity") {
        let conn = numbers::<usize>(conn, "Polys connectivity")?;
        let offsets = numbers::<usize>(required(xml, "Polys", "offsets")?, "Polys offsets")?;
        let mut start = 0;
        for &end in &offsets {
            if end != start + 3 || end > conn.len() {
                return Err(format!(
                    "Polys offset {end} after {start}: only triangles within {} indices are read",
                    conn.len()
                ));
            }
            let tri = [
                point(conn[start])?,
                point(conn[start + 1])?,
                point(conn[start + 2])?,
            ];
            let b = body[tri[0]];
            // Shells come body by body: a new body starts a new shell; points are local.
            if frame.shells.last().is_none_or(|s| s.body != b) {
                frame.shells.push(FrameShell {
                    body: b,
                    points: Vec::new(),
                    triangles: Vec::new(),
                    radius: radius[tri[0]],
                });
            }
            let shell = frame.shells.last_mut().expect("pushed above");
            let local = tri.map(|k| points[k]);
            let n = shell.points.len();
            shell.points.extend(local);
            shell.triangles.push([n, n + 1, n + 2]);
            start = end;
        }
    }
    Ok(frame)
}

/// The 3-vectors of point-data array `name`, one per point, if the frame has it (frames written
/// before velocities were added do not).
fn optional_vectors(xml: &str, name: &str, n: usize) -> Result<Option<Vec<Vec3>>, String> {
    let Some(body) = array(xml, "PointData", name) else {
        return Ok(None);
    };
    let v = numbers::<f64>(body, name)?;
    if v.len() != 3 * n {
        return Err(format!("{name} holds {} numbers for {n} points", v.len()));
    }
    Ok(Some(
        v.chunks_exact(3)
            .map(|c| Vec3::new(c[0], c[1], c[2]))
            .collect(),
    ))
}

/// Body text of the `DataArray` named `name` inside the first `<section>` element.
fn array<'a>(xml: &'a str, section: &str, name: &str) -> Option<&'a str> {
    let start = xml.find(&format!("<{section}"))?;
    let end = start + xml[start..].find(&format!("</{section}>"))?;
    let sec = &xml[start..end];
    let a = sec.find(&format!("Name=\"{name}\""))?;
    let body_start = a + sec[a..].find('>')? + 1;
    let body_end = body_start + sec[body_start..].find("</DataArray>")?;
    Some(&sec[body_start..body_end])
}

fn required<'a>(xml: &'a str, section: &str, name: &str) -> Result<&'a str, String> {
    array(xml, section, name).ok_or_else(|| format!("no DataArray \"{name}\" in <{section}>"))
}

fn numbers<T: std::str::FromStr>(body: &str, what: &str) -> Result<Vec<T>, String> {
    body.split_whitespace()
        .map(|t| {
            t.parse::<T>()
                .map_err(|_| format!("{what}: `{t}` is not a number of the expected type"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Frame, PolylineBody, SphereBody, render_vtp};

    #[test]
    fn reads_back_what_the_writer_writes() {
        let a = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.5, -0.25)];
        let b = [
            Vec3::new(0.1, 0.2, 0.3),
            Vec3::new(0.4, 0.5, 0.6),
            Vec3::new(1e-9, -2.5, 3.0),
        ];
        let rods = [
            PolylineBody {
                name: "a",
                points: &a,
                radius: 0.01,
                velocities: &[],
            },
            PolylineBody {
                name: "empty",
                points: &[],
                radius: 0.5,
                velocities: &[],
            },
            PolylineBody {
                name: "b",
                points: &b,
                radius: 0.02,
                velocities: &[],
            },
        ];
        let spheres = [SphereBody {
            velocity: Vec3::new(0.5, -1.0 / 3.0, 2e-7),
            angular_velocity: Vec3::new(10.0, 0.0, -4.5),
            orientation: [0.5, 0.5, 0.5, 0.5],
            ..SphereBody::at_rest(Vec3::new(5.0, 6.0, 7.0), 0.25)
        }];
        let xml = render_vtp(&Frame {
            shells: &[],
            time: 1.25,
            rods: &rods,
            spheres: &spheres,
        })
        .unwrap();
        let f = parse_vtp(&xml).unwrap();
        assert_eq!(f.time, 1.25);
        assert_eq!(f.rods.len(), 2);
        assert_eq!(f.rods[0].points, a.to_vec());
        assert_eq!((f.rods[1].body, f.rods[1].radius), (2, 0.02));
        assert_eq!(f.rods[1].points, b.to_vec());
        assert_eq!(
            f.spheres,
            vec![FrameSphere {
                body: 3,
                center: Vec3::new(5.0, 6.0, 7.0),
                radius: 0.25,
                velocity: Vec3::new(0.5, -1.0 / 3.0, 2e-7),
                angular_velocity: Vec3::new(10.0, 0.0, -4.5),
            }]
        );
        // Rod points move at zero velocity (none given) and have the identity orientation.
        assert!(xml.contains(r#"Name="orientation" NumberOfComponents="4""#));
        let without = xml.replace(r#"Name="velocity""#, r#"Name="other""#);
        assert_eq!(
            parse_vtp(&without).unwrap().spheres[0].velocity,
            Vec3::zeros()
        );
    }

    #[test]
    fn reads_back_shell_triangles() {
        let x = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.5),
        ];
        let tris = [[0, 1, 2], [1, 3, 2]];
        let shells = [crate::io::MeshBody {
            name: "s",
            points: &x,
            triangles: &tris,
            thickness: 0.01,
            velocities: &[],
            traction: None,
            tension: None,
        }];
        let spheres = [SphereBody::at_rest(Vec3::new(5.0, 6.0, 7.0), 0.25)];
        let xml = render_vtp(&Frame {
            shells: &shells,
            time: 0.5,
            rods: &[],
            spheres: &spheres,
        })
        .unwrap();
        let f = parse_vtp(&xml).unwrap();
        assert_eq!(f.shells.len(), 1);
        let s = &f.shells[0];
        assert_eq!((s.body, s.radius), (1, 0.005));
        assert_eq!(s.triangles.len(), 2);
        for (t, tri) in s.triangles.iter().zip(tris) {
            for k in 0..3 {
                assert_eq!(s.points[t[k]], x[tri[k] as usize]);
            }
        }
    }

    #[test]
    fn malformed_files_are_clear_errors() {
        assert!(parse_vtp("<VTKFile/>").unwrap_err().contains("PolyData"));
        let xml = render_vtp(&Frame {
            shells: &[],
            time: 0.0,
            rods: &[PolylineBody {
                name: "a",
                points: &[Vec3::zeros(), Vec3::x()],
                radius: 0.1,
                velocities: &[],
            }],
            spheres: &[],
        })
        .unwrap();
        let broken = xml.replacen("0 1\n", "0 7\n", 1);
        assert!(parse_vtp(&broken).unwrap_err().contains("point 7"));
    }
}
