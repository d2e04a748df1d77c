//! Rendering a [`Frame`] as ASCII VTK XML PolyData.

use std::fmt::Write as _;
use std::path::Path;

use super::super::{OutputError, fmt_f64, write_atomic};
use super::{Frame, PolylineBody};

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

/// Writes one ASCII `DataArray` named `name` of VTK type `kind` (`Float64`, `Int64`) with
/// `components` components per tuple.
pub(crate) fn data_array<I: IntoIterator<Item = String>>(
    s: &mut String,
    name: &str,
    kind: &str,
    components: usize,
    values: I,
) -> std::fmt::Result {
    write!(
        s,
        r#"        <DataArray type="{kind}" Name="{name}" NumberOfComponents="{components}" format="ascii">"#
    )?;
    push_values(s, "          ", values);
    writeln!(s, "        </DataArray>")
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
    writeln!(
        s,
        r#"      <PointData Scalars="radius" Vectors="velocity">"#
    )?;
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
    super::point_data::push_motion(&mut s, frame, &rods)?;
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
        if frame.shells.iter().any(|m| m.traction.is_some()) {
            write!(
                s,
                r#"        <DataArray type="Float64" Name="traction" NumberOfComponents="3" format="ascii">"#
            )?;
            let traction = std::iter::repeat_n([0.0; 3], n_other)
                .chain(frame.shells.iter().flat_map(|m| {
                    (0..m.triangles.len()).map(|k| {
                        let t = m.traction.and_then(|t| t.get(k)).copied();
                        t.map_or([0.0; 3], |t| [t.x, t.y, t.z])
                    })
                }))
                .flatten();
            push_values(&mut s, ind, traction.map(fmt_f64));
            writeln!(s, "        </DataArray>")?;
        }
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
