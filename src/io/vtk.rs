//! VTK XML PolyData (`.vtp`, ASCII) frames that ParaView opens.
//!
//! Layout of one file: all rod points first (rod 0, rod 1, …), then one point per
//! sphere centre, then every shell's nodes. Rods are `<Lines>` cells (one polyline per rod);
//! spheres are `<Verts>` cells (one vertex per sphere); shell triangles are `<Polys>` (so
//! ParaView shows shells as surfaces). Point data:
//! - `radius` (Float64): the rod radius on rod points, the sphere radius on sphere
//!   centres; it is the active scalar, so ParaView's *Tube* filter (Vary Radius:
//!   *By Absolute Scalar*, Radius Factor 1) gives rods their true thickness and the
//!   *Glyph* filter (Sphere glyph, Scale Array `radius`, Scale Factor 2, since the
//!   unit glyph has radius 0.5) gives the spheres theirs;
//! - `body` (Int32): body index, rods `0..R`, spheres `R..R+S`, then shells.
//!
//! Frames with shells also carry cell data: `normal` (unit, from the mesh's orientation)
//! and `area` (m²) of each triangle, zero on the vertex and line cells.
//!
//! Field data `TIME` (and ParaView's own `TimeValue`) hold the frame time \[s\].
//! Body names appear in an XML comment only. Coordinates are written with
//! [`fmt_f64`] (full precision); non-finite values are written as `inf`/`NaN`,
//! which VTK may not parse.

use std::fmt::Write as _;
use std::path::Path;

use crate::math::Vec3;

use super::{OutputError, fmt_f64, write_atomic};

/// A rod drawn as a polyline through its nodes, with a uniform cross-section radius.
#[derive(Debug, Clone, Copy)]
pub struct PolylineBody<'a> {
    /// Display name (written into an XML comment).
    pub name: &'a str,
    /// Node positions \[m\], in order along the rod. A rod with no points is skipped.
    pub points: &'a [Vec3],
    /// Cross-section radius \[m\].
    pub radius: f64,
}

/// A rigid sphere (or particle) drawn as a vertex carrying its radius.
#[derive(Debug, Clone, Copy)]
pub struct SphereBody {
    /// Centre position \[m\].
    pub center: Vec3,
    /// Radius \[m\].
    pub radius: f64,
}

/// A triangle-mesh body (a shell): its node positions and triangles (0-based node indices).
#[derive(Debug, Clone, Copy)]
pub struct MeshBody<'a> {
    /// Name (written in the file's header comment).
    pub name: &'a str,
    /// Node positions \[m\].
    pub points: &'a [Vec3],
    /// Triangles.
    pub triangles: &'a [[u32; 3]],
    /// Thickness \[m\], written as twice the points' radius.
    pub thickness: f64,
}

/// Everything drawn in one output frame.
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    /// Simulated time of the frame \[s\].
    pub time: f64,
    /// Rods, in body-index order.
    pub rods: &'a [PolylineBody<'a>],
    /// Spheres; their body indices follow the rods'.
    pub spheres: &'a [SphereBody],
    /// Shells (polygons); their points and body indices follow the spheres'.
    pub shells: &'a [MeshBody<'a>],
}

/// Writes `frame` as an ASCII VTK XML PolyData file at `path`, atomically.
pub fn write_vtp(path: &Path, frame: &Frame) -> Result<(), OutputError> {
    let text = render_vtp(frame).map_err(|e| {
        OutputError::io(
            path,
            std::io::Error::other(format!("formatting failed: {e}")),
        )
    })?;
    write_atomic(path, text.as_bytes())
}

/// Makes `name` safe inside an XML comment (no `--`, no control characters).
fn comment_safe(name: &str) -> String {
    let mut s: String = name.chars().filter(|c| !c.is_control()).collect();
    while s.contains("--") {
        s = s.replace("--", "-_");
    }
    s
}

/// Writes `values` as one whitespace-separated ASCII DataArray body, 9 values per line.
fn push_values<I: IntoIterator<Item = String>>(out: &mut String, indent: &str, values: I) {
    for (n, v) in values.into_iter().enumerate() {
        if n.is_multiple_of(9) {
            out.push('\n');
            out.push_str(indent);
        } else {
            out.push(' ');
        }
        out.push_str(&v);
    }
    out.push('\n');
}

/// Renders the `.vtp` document for `frame`.
pub fn render_vtp(frame: &Frame) -> Result<String, std::fmt::Error> {
    let rods: Vec<(usize, &PolylineBody)> = frame
        .rods
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.points.is_empty())
        .collect();
    let n_rod_points: usize = rods.iter().map(|(_, r)| r.points.len()).sum();
    let n_shell_points: usize = frame.shells.iter().map(|m| m.points.len()).sum();
    let n_points = n_rod_points + frame.spheres.len() + n_shell_points;
    let n_rods_total = frame.rods.len();
    let n_polys: usize = frame.shells.iter().map(|m| m.triangles.len()).sum();

    let mut s = String::with_capacity(128 + n_points * 96);
    writeln!(s, r#"<?xml version="1.0"?>"#)?;
    if !frame.rods.is_empty() || !frame.spheres.is_empty() || !frame.shells.is_empty() {
        write!(s, "<!-- bodies:")?;
        for (i, r) in frame.rods.iter().enumerate() {
            write!(s, " {i}=rod:{}", comment_safe(r.name))?;
        }
        if !frame.spheres.is_empty() {
            write!(
                s,
                " {}..={}=spheres",
                n_rods_total,
                n_rods_total + frame.spheres.len() - 1
            )?;
        }
        for (k, m) in frame.shells.iter().enumerate() {
            let body = n_rods_total + frame.spheres.len() + k;
            write!(s, " {body}=shell:{}", comment_safe(m.name))?;
        }
        writeln!(s, " -->")?;
    }
    writeln!(
        s,
        r#"<VTKFile type="PolyData" version="1.0" byte_order="LittleEndian" header_type="UInt64">"#
    )?;
    writeln!(s, "  <PolyData>")?;
    writeln!(s, "    <FieldData>")?;
    for name in ["TIME", "TimeValue"] {
        writeln!(
            s,
            r#"      <DataArray type="Float64" Name="{name}" NumberOfTuples="1" format="ascii">{}</DataArray>"#,
            fmt_f64(frame.time)
        )?;
    }
    writeln!(s, "    </FieldData>")?;
    writeln!(
        s,
        r#"    <Piece NumberOfPoints="{n_points}" NumberOfVerts="{}" NumberOfLines="{}" NumberOfStrips="0" NumberOfPolys="{n_polys}">"#,
        frame.spheres.len(),
        rods.len()
    )?;

    let ind = "          ";
    // Point data.
    writeln!(s, r#"      <PointData Scalars="radius">"#)?;
    write!(
        s,
        r#"        <DataArray type="Float64" Name="radius" format="ascii">"#
    )?;
    let radii = rods
        .iter()
        .flat_map(|(_, r)| std::iter::repeat_n(r.radius, r.points.len()))
        .chain(frame.spheres.iter().map(|sp| sp.radius))
        .chain(
            frame
                .shells
                .iter()
                .flat_map(|m| std::iter::repeat_n(0.5 * m.thickness, m.points.len())),
        );
    push_values(&mut s, ind, radii.map(fmt_f64));
    writeln!(s, "        </DataArray>")?;
    write!(
        s,
        r#"        <DataArray type="Int32" Name="body" format="ascii">"#
    )?;
    let bodies = rods
        .iter()
        .flat_map(|(i, r)| std::iter::repeat_n(*i, r.points.len()))
        .chain((0..frame.spheres.len()).map(|k| n_rods_total + k))
        .chain(frame.shells.iter().enumerate().flat_map(|(k, m)| {
            std::iter::repeat_n(n_rods_total + frame.spheres.len() + k, m.points.len())
        }));
    push_values(&mut s, ind, bodies.map(|b| b.to_string()));
    writeln!(s, "        </DataArray>")?;
    writeln!(s, "      </PointData>")?;

    // Cell data, only with shells: each triangle's unit normal (mesh orientation) and area;
    // zero for the vertex and line cells, which come first (VTK orders cells Verts, Lines,
    // Strips, Polys).
    if n_polys > 0 {
        let n_other = frame.spheres.len() + rods.len();
        let faces: Vec<(crate::math::Vec3, f64)> = frame
            .shells
            .iter()
            .flat_map(|m| {
                m.triangles.iter().map(|t| {
                    let [a, b, c] = t.map(|k| m.points[k as usize]);
                    let n = (b - a).cross(&(c - a));
                    let norm = n.norm();
                    let unit = if norm > 0.0 { n / norm } else { n };
                    (unit, 0.5 * norm)
                })
            })
            .collect();
        writeln!(s, r#"      <CellData Normals="normal" Scalars="area">"#)?;
        write!(
            s,
            r#"        <DataArray type="Float64" Name="normal" NumberOfComponents="3" format="ascii">"#
        )?;
        let normals = std::iter::repeat_n([0.0; 3], n_other)
            .chain(faces.iter().map(|(n, _)| [n.x, n.y, n.z]))
            .flatten();
        push_values(&mut s, ind, normals.map(fmt_f64));
        writeln!(s, "        </DataArray>")?;
        write!(
            s,
            r#"        <DataArray type="Float64" Name="area" format="ascii">"#
        )?;
        let areas = std::iter::repeat_n(0.0, n_other).chain(faces.iter().map(|f| f.1));
        push_values(&mut s, ind, areas.map(fmt_f64));
        writeln!(s, "        </DataArray>")?;
        writeln!(s, "      </CellData>")?;
    }

    // Points.
    writeln!(s, "      <Points>")?;
    write!(
        s,
        r#"        <DataArray type="Float64" Name="Points" NumberOfComponents="3" format="ascii">"#
    )?;
    let coords = rods
        .iter()
        .flat_map(|(_, r)| r.points.iter())
        .chain(frame.spheres.iter().map(|sp| &sp.center))
        .chain(frame.shells.iter().flat_map(|m| m.points.iter()))
        .flat_map(|p| [p.x, p.y, p.z]);
    push_values(&mut s, ind, coords.map(fmt_f64));
    writeln!(s, "        </DataArray>")?;
    writeln!(s, "      </Points>")?;

    // Cells: VTK XML offsets are the end index of each cell in `connectivity`.
    let mut cells = |tag: &str, connectivity: Vec<usize>, offsets: Vec<usize>| {
        writeln!(s, "      <{tag}>")?;
        write!(
            s,
            r#"        <DataArray type="Int64" Name="connectivity" format="ascii">"#
        )?;
        push_values(&mut s, ind, connectivity.iter().map(usize::to_string));
        writeln!(s, "        </DataArray>")?;
        write!(
            s,
            r#"        <DataArray type="Int64" Name="offsets" format="ascii">"#
        )?;
        push_values(&mut s, ind, offsets.iter().map(usize::to_string));
        writeln!(s, "        </DataArray>")?;
        writeln!(s, "      </{tag}>")
    };
    // One vertex per sphere; shell points follow the spheres' and belong to the polygons.
    cells(
        "Verts",
        (n_rod_points..n_rod_points + frame.spheres.len()).collect(),
        (1..=frame.spheres.len()).collect(),
    )?;
    let mut offsets = Vec::with_capacity(rods.len());
    let mut end = 0;
    for (_, r) in &rods {
        end += r.points.len();
        offsets.push(end);
    }
    cells("Lines", (0..n_rod_points).collect(), offsets)?;
    if n_polys > 0 {
        let mut connectivity = Vec::with_capacity(3 * n_polys);
        let mut base = n_rod_points + frame.spheres.len();
        for m in frame.shells {
            connectivity.extend(
                m.triangles
                    .iter()
                    .flat_map(|t| t.map(|i| base + i as usize)),
            );
            base += m.points.len();
        }
        cells(
            "Polys",
            connectivity,
            (1..=n_polys).map(|k| 3 * k).collect(),
        )?;
    }

    writeln!(s, "    </Piece>")?;
    writeln!(s, "  </PolyData>")?;
    writeln!(s, "</VTKFile>")?;
    Ok(s)
}

/// Test helpers shared with the other writers' tests: a minimal XML checker.
#[cfg(test)]
pub(crate) mod xml_check {
    /// Checks that tags nest and close properly; returns the element names in document order.
    pub fn well_formed(xml: &str) -> Result<Vec<String>, String> {
        let mut stack: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = xml;
        let mut roots = 0;
        while let Some(start) = rest.find('<') {
            if !stack.is_empty() || rest[..start].trim().is_empty() {
                // text outside the root must be whitespace
            } else {
                return Err(format!("text outside root: {:?}", &rest[..start]));
            }
            rest = &rest[start..];
            if let Some(r) = rest.strip_prefix("<!--") {
                let end = r.find("-->").ok_or("unterminated comment")?;
                if r[..end].contains("--") {
                    return Err("`--` inside comment".into());
                }
                rest = &r[end + 3..];
                continue;
            }
            let end = rest.find('>').ok_or("unterminated tag")?;
            let tag = &rest[1..end];
            rest = &rest[end + 1..];
            if tag.starts_with('?') {
                if !tag.ends_with('?') {
                    return Err(format!("bad declaration <{tag}>"));
                }
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
                continue;
            }
            if !tag.matches('"').count().is_multiple_of(2) {
                return Err(format!("unbalanced quotes in <{tag}>"));
            }
            let name = tag
                .split_whitespace()
                .next()
                .ok_or("empty tag")?
                .trim_end_matches('/')
                .to_string();
            if stack.is_empty() {
                roots += 1;
            }
            seen.push(name.clone());
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
        if !stack.is_empty() {
            return Err(format!("unclosed: {stack:?}"));
        }
        if !rest.trim().is_empty() {
            return Err("trailing text".into());
        }
        if roots != 1 {
            return Err(format!("{roots} root elements"));
        }
        Ok(seen)
    }

    /// Value of attribute `attr` on the first `<elem ...>` tag.
    pub fn attr(xml: &str, elem: &str, attr: &str) -> Option<String> {
        let start = xml.find(&format!("<{elem} "))?;
        let tag = &xml[start..start + xml[start..].find('>')?];
        let key = format!(" {attr}=\"");
        let a = tag.find(&key)? + key.len();
        let len = tag[a..].find('"')?;
        Some(tag[a..a + len].to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::xml_check::{attr, well_formed};
    use super::*;

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
            },
            PolylineBody {
                name: "right",
                points: &b,
                radius: 0.02,
            },
        ];
        let spheres = [
            SphereBody {
                center: Vec3::new(5.0, 5.0, 5.0),
                radius: 0.5,
            },
            SphereBody {
                center: Vec3::new(-1.0, 0.0, 0.25),
                radius: 0.125,
            },
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
        }];
        let spheres = [SphereBody {
            center: Vec3::z(),
            radius: 0.5,
        }];
        let square = [
            Vec3::zeros(),
            Vec3::x(),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::y(),
        ];
        let tris = [[0, 1, 2], [0, 2, 3]];
        let shells = [MeshBody {
            name: "sheet",
            points: &square,
            triangles: &tris,
            thickness: 0.002,
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
    }

    #[test]
    fn empty_rod_is_skipped_but_keeps_body_numbering() {
        let a = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0)];
        let rods = [
            PolylineBody {
                name: "empty",
                points: &[],
                radius: 0.1,
            },
            PolylineBody {
                name: "a",
                points: &a,
                radius: 0.2,
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
}
