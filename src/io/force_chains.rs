//! Force chains: the contacts of a frame as a VTK PolyData line set (`.vtp`, ASCII), one line
//! cell per active contact from the centre of its first primitive to that of its second (the
//! foot of the perpendicular on a plane), with cell data `normal_force` (N), `tangential_force`
//! (N), `overlap` (m) and `gap` (m), and field data `TIME` (s). In ParaView, a *Tube* filter
//! with radius by `normal_force` draws the chains.
//!
//! Also the contact list of a frame as CSV ([`render_contact_list`]): one row per active
//! contact.

use super::vtk::data_array;
use super::{ContactLine, OutputError, fmt_f64, write_atomic};
use std::fmt::Write as _;
use std::path::Path;

/// Header of a contact list CSV.
pub const CONTACT_LIST_HEADER: &str =
    "binding,first,second,gap,overlap,normal_force,tangential_force";

/// A per-contact value written as cell data.
type Measure = fn(&ContactLine) -> f64;

/// Renders the force-chain `.vtp` of `lines` at time `time` (s).
pub fn render_force_chains(time: f64, lines: &[ContactLine]) -> Result<String, std::fmt::Error> {
    let n = lines.len();
    let mut s = String::with_capacity(256 + n * 160);
    writeln!(s, r#"<?xml version="1.0"?>"#)?;
    writeln!(
        s,
        r#"<VTKFile type="PolyData" version="1.0" byte_order="LittleEndian" header_type="UInt64">"#
    )?;
    writeln!(s, "  <PolyData>")?;
    writeln!(s, "    <FieldData>")?;
    writeln!(
        s,
        r#"      <DataArray type="Float64" Name="TIME" NumberOfTuples="1" format="ascii">{}</DataArray>"#,
        fmt_f64(time)
    )?;
    writeln!(s, "    </FieldData>")?;
    writeln!(
        s,
        r#"    <Piece NumberOfPoints="{}" NumberOfVerts="0" NumberOfLines="{n}" NumberOfStrips="0" NumberOfPolys="0">"#,
        2 * n
    )?;
    writeln!(s, r#"      <CellData Scalars="normal_force">"#)?;
    let cell: [(&str, Measure); 4] = [
        ("normal_force", |l| l.normal_force),
        ("tangential_force", |l| l.tangential_force),
        ("overlap", ContactLine::overlap),
        ("gap", |l| l.gap),
    ];
    for (name, f) in cell {
        data_array(
            &mut s,
            name,
            "Float64",
            1,
            lines.iter().map(|l| fmt_f64(f(l))),
        )?;
    }
    writeln!(s, "      </CellData>")?;
    writeln!(s, "      <Points>")?;
    let coords = lines
        .iter()
        .flat_map(|l| [l.a, l.b])
        .flat_map(|p| [p.x, p.y, p.z]);
    data_array(&mut s, "Points", "Float64", 3, coords.map(fmt_f64))?;
    writeln!(s, "      </Points>")?;
    writeln!(s, "      <Lines>")?;
    data_array(
        &mut s,
        "connectivity",
        "Int64",
        1,
        (0..2 * n).map(|k| k.to_string()),
    )?;
    data_array(
        &mut s,
        "offsets",
        "Int64",
        1,
        (1..=n).map(|k| (2 * k).to_string()),
    )?;
    writeln!(s, "      </Lines>")?;
    writeln!(s, "    </Piece>")?;
    writeln!(s, "  </PolyData>")?;
    writeln!(s, "</VTKFile>")?;
    Ok(s)
}

/// Header of a cell-contact CSV.
pub const CELL_CONTACTS_HEADER: &str = "first,second,contact_area,fx,fy,fz";

/// One row of a cell-contact CSV: the two bodies' labels, the contact area (m²) and the force
/// on the first from the second (N).
pub type CellContactRow = (String, String, f64, [f64; 3]);

/// Renders the cell-contact CSV of `rows`: [`CELL_CONTACTS_HEADER`], then one row per touching
/// pair (labels quoted as CSV fields, `"` doubled).
pub fn render_cell_contacts(rows: &[CellContactRow]) -> String {
    let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let mut s = format!("{CELL_CONTACTS_HEADER}\n");
    for (a, b, area, f) in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{}",
            quote(a),
            quote(b),
            fmt_f64(*area),
            fmt_f64(f[0]),
            fmt_f64(f[1]),
            fmt_f64(f[2])
        );
    }
    s
}

/// Renders the contact list CSV of `lines`: [`CONTACT_LIST_HEADER`], then one row per contact
/// (labels quoted as CSV fields, `"` doubled).
pub fn render_contact_list(lines: &[ContactLine]) -> String {
    let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let mut s = format!("{CONTACT_LIST_HEADER}\n");
    for l in lines {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{}",
            l.binding,
            quote(&l.first),
            quote(&l.second),
            fmt_f64(l.gap),
            fmt_f64(l.overlap()),
            fmt_f64(l.normal_force),
            fmt_f64(l.tangential_force)
        );
    }
    s
}

/// Writes the force chains of `lines` to `path` (atomically).
pub fn write_force_chains(
    path: &Path,
    time: f64,
    lines: &[ContactLine],
) -> Result<(), OutputError> {
    let text = render_force_chains(time, lines).map_err(|e| {
        OutputError::io(
            path,
            std::io::Error::other(format!("formatting failed: {e}")),
        )
    })?;
    write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::vtk::xml_check::{attr, well_formed};
    use super::*;
    use crate::math::Vec3;

    fn line(gap: f64, fn_: f64) -> ContactLine {
        ContactLine {
            a: Vec3::new(0.0, 0.0, 1.0),
            b: Vec3::new(0.0, 0.0, 0.0),
            first: "sphere \"p0\"".into(),
            second: "plane \"floor\"".into(),
            binding: 1,
            gap,
            normal_force: fn_,
            tangential_force: 0.25,
        }
    }

    #[test]
    fn one_line_per_contact_with_its_forces() {
        let lines = [line(-1e-4, 2.5), line(2e-5, 0.0)];
        let xml = render_force_chains(0.5, &lines).expect("render");
        well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        assert_eq!(attr(&xml, "Piece", "NumberOfLines").as_deref(), Some("2"));
        assert_eq!(attr(&xml, "Piece", "NumberOfPoints").as_deref(), Some("4"));
        let values = |name: &str| {
            let a = xml.find(&format!("Name=\"{name}\"")).expect(name);
            let body = &xml[a + xml[a..].find('>').expect(">") + 1..];
            body[..body.find("</DataArray>").expect("end")]
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(values("normal_force"), ["2.5", "0"]);
        assert_eq!(values("overlap"), ["0.0001", "0"]);
        assert_eq!(values("offsets"), ["2", "4"]);
        assert_eq!(values("Points").len(), 12);
        let empty = render_force_chains(0.0, &[]).expect("render");
        well_formed(&empty).unwrap_or_else(|e| panic!("{e}\n{empty}"));
    }

    #[test]
    fn contact_list_quotes_labels() {
        let csv = render_contact_list(&[line(-1e-4, 2.5)]);
        let mut rows = csv.lines();
        assert_eq!(rows.next(), Some(CONTACT_LIST_HEADER));
        assert_eq!(
            rows.next(),
            Some(r#"1,"sphere ""p0""","plane ""floor""",-0.0001,0.0001,2.5,0.25"#)
        );
        assert_eq!(rows.next(), None);
    }
}
