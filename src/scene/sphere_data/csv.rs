//! Spheres from a CSV file.
//!
//! The first line that is not blank or a `#` comment is the header: comma-separated column
//! names among [`CSV_COLUMNS`], in any order — `x,y,z,r` (centre and radius, m) are required;
//! `vx,vy,vz` (velocity, m/s) and `wx,wy,wz` (angular velocity, rad/s) are optional and zero
//! when absent. Every further line that is not blank or a comment is one sphere. Errors name the
//! file, the line and the column of the field at fault.
//!
//! ```text
//! # x,y,z in m, r in m, v in m/s
//! x,y,z,r,vx,vy,vz
//! 0.01,0.01,0.01,0.005,0,0,-0.1
//! ```

use super::SphereRow;
use crate::diag::{SceneError, closest, read_text};
use crate::math::Vec3;
use std::path::Path;

/// The columns a sphere CSV may have, in their documented order.
pub const CSV_COLUMNS: [&str; 10] = ["x", "y", "z", "r", "vx", "vy", "vz", "wx", "wy", "wz"];

/// Reads the spheres of the CSV file at `path`.
pub fn read_csv(path: &Path) -> Result<Vec<SphereRow>, SceneError> {
    let text = read_text(path, "sphere file")?;
    parse_csv(&text, path)
}

/// Parses CSV text; `path` names the file in errors.
pub fn parse_csv(text: &str, path: &Path) -> Result<Vec<SphereRow>, SceneError> {
    let at = |line: usize, col: usize, msg: String| SceneError::new(path, Some((line, col)), msg);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((header_line, header)) = lines.next() else {
        return Err(
            SceneError::new(path, None, "the sphere file has no header line").with_help(format!(
                "start it with a header such as `{}`",
                CSV_COLUMNS.join(",")
            )),
        );
    };
    // Column of each field: the index into CSV_COLUMNS it fills.
    let mut slot = Vec::new();
    for (name, col) in fields(header) {
        let Some(k) = CSV_COLUMNS.iter().position(|c| *c == name) else {
            let e = at(
                header_line,
                col,
                format!("unknown column `{name}` in the header"),
            );
            return Err(match closest(name, CSV_COLUMNS) {
                Some(c) => e.with_help(format!("did you mean `{c}`?")),
                None => e.with_help(format!("columns are {}", CSV_COLUMNS.join(","))),
            });
        };
        if slot.contains(&k) {
            return Err(
                at(header_line, col, format!("column `{name}` appears twice"))
                    .with_help("name every column once"),
            );
        }
        slot.push(k);
    }
    if let Some(missing) = (0..4).find(|k| !slot.contains(k)) {
        return Err(at(
            header_line,
            1,
            format!("the header has no `{}` column", CSV_COLUMNS[missing]),
        )
        .with_help("the columns x, y, z (centre, m) and r (radius, m) are required"));
    }
    let mut rows = Vec::new();
    for (line, l) in lines {
        let values: Vec<(&str, usize)> = fields(l).collect();
        if values.len() != slot.len() {
            return Err(at(
                line,
                1,
                format!(
                    "this row has {} fields, the header {} ({})",
                    values.len(),
                    slot.len(),
                    header.trim()
                ),
            )
            .with_help("give one value per header column, separated by commas"));
        }
        let mut v = [0.0; 10];
        for ((s, col), &k) in values.iter().zip(&slot) {
            let x: f64 = s.parse().map_err(|_| {
                at(
                    line,
                    *col,
                    format!(
                        "column `{}`: expected a number, found `{s}`",
                        CSV_COLUMNS[k]
                    ),
                )
                .with_help("write numbers in SI units, e.g. 0.005 or 5e-3")
            })?;
            if !x.is_finite() {
                return Err(at(
                    line,
                    *col,
                    format!("column `{}`: {s} is not finite", CSV_COLUMNS[k]),
                )
                .with_help("every value must be a finite number"));
            }
            v[k] = x;
        }
        if v[3] <= 0.0 {
            let col = values[slot.iter().position(|&k| k == 3).unwrap_or(0)].1;
            return Err(at(line, col, format!("radius {} is not positive", v[3]))
                .with_help("a sphere's radius r (m) must be > 0"));
        }
        rows.push(SphereRow {
            center: Vec3::new(v[0], v[1], v[2]),
            radius: v[3],
            velocity: Vec3::new(v[4], v[5], v[6]),
            omega: Vec3::new(v[7], v[8], v[9]),
        });
    }
    if rows.is_empty() {
        return Err(at(
            header_line,
            1,
            "the sphere file has a header but no rows".into(),
        )
        .with_help("add one line per sphere after the header"));
    }
    Ok(rows)
}

/// The trimmed comma-separated fields of `line` with their 1-based columns.
fn fields(line: &str) -> impl Iterator<Item = (&str, usize)> {
    let mut start = 0;
    line.split(',').map(move |f| {
        let lead = f.len() - f.trim_start().len();
        let col = line[..start + lead].chars().count() + 1;
        start += f.len() + 1;
        (f.trim(), col)
    })
}

/// Writes `rows` as CSV with every column (the inverse of [`parse_csv`], bit for bit).
#[cfg(test)]
pub fn write_csv(rows: &[SphereRow]) -> String {
    use crate::io::fmt_f64;
    let mut s = format!("{}\n", CSV_COLUMNS.join(","));
    for r in rows {
        let v = [
            r.center.x,
            r.center.y,
            r.center.z,
            r.radius,
            r.velocity.x,
            r.velocity.y,
            r.velocity.z,
            r.omega.x,
            r.omega.y,
            r.omega.z,
        ];
        s.push_str(&v.map(fmt_f64).join(","));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<SphereRow>, SceneError> {
        parse_csv(text, Path::new("pack.csv"))
    }

    #[test]
    fn round_trip_is_bit_for_bit() {
        let rows = vec![
            SphereRow {
                center: Vec3::new(0.1, -1.0 / 3.0, 2.5e-9),
                radius: 0.005,
                velocity: Vec3::new(0.0, 1e-300, -7.25),
                omega: Vec3::new(3.0, 0.0, -0.1),
            },
            SphereRow::at_rest(Vec3::new(1.0, 2.0, 3.0), 0.25),
        ];
        assert_eq!(parse(&write_csv(&rows)).expect("parse"), rows);
    }

    #[test]
    fn optional_columns_any_order_and_comments() {
        let rows = parse("# pack\n\nr, z,y,x,vz\n0.5,3,2,1,-1\n# done\n").expect("parse");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].center, Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(rows[0].radius, 0.5);
        assert_eq!(rows[0].velocity, Vec3::new(0.0, 0.0, -1.0));
        assert_eq!(rows[0].omega, Vec3::zeros());
    }

    #[test]
    fn a_bad_row_is_located() {
        let e = parse("x,y,z,r\n0,0,0,1\n1,2,oops,1\n").expect_err("bad number");
        assert_eq!(e.position, Some((3, 5)), "{e}");
        assert!(e.to_string().starts_with("pack.csv:3:5: column `z`"), "{e}");
        assert!(e.help.is_some());
        let e = parse("x,y,z,r\n0,0,0\n").expect_err("short row");
        assert_eq!(e.position, Some((2, 1)), "{e}");
        assert!(e.message.contains("3 fields"), "{e}");
        let e = parse("x,y,z,r\n0,0,0,-1\n").expect_err("negative radius");
        assert_eq!(e.position, Some((2, 7)), "{e}");
    }

    #[test]
    fn header_errors_suggest_a_fix() {
        let e = parse("x,y,z,rad\n").expect_err("unknown column");
        assert_eq!(e.position, Some((1, 7)), "{e}");
        assert_eq!(e.help.as_deref(), Some("did you mean `r`?"));
        let e = parse("x,y,r\n1,2,3\n").expect_err("no z");
        assert!(e.message.contains("no `z` column"), "{e}");
        let e = parse("x,y,z,r,x\n").expect_err("twice");
        assert!(e.message.contains("twice"), "{e}");
        assert!(parse("# only a comment\n").is_err());
        assert!(
            parse("x,y,z,r\n")
                .expect_err("no rows")
                .message
                .contains("no rows")
        );
    }
}
