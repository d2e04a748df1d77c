//! Hinge actuation of a shell (`actuate: [...]`): the hinges whose edge lies in a region, and
//! their signal — a sine with a phase varying linearly in space, or a table file of `t s` rows
//! read with located errors.

use super::ctx::Ctx;
use super::window::{Fields, schedule};
use crate::diag::SceneError;
use crate::model::{HingeActuation, HingeSignal, Shell, ShellBending};
use crate::scene::{HingeActuationSpec, RegionSpec, SignalSpec};
use std::path::Path;

/// The actuations of `shell` declared by `specs` (`needle` locates the shell in the scene).
pub(super) fn hinge_actuations(
    specs: &[HingeActuationSpec],
    shell: &Shell,
    cx: &Ctx,
    needle: &str,
    inside: impl Fn(&RegionSpec, usize) -> bool,
) -> Result<Vec<HingeActuation>, SceneError> {
    if !specs.is_empty() && shell.bending != ShellBending::Hinge {
        return Err(cx
            .err(
                needle,
                format!(
                    "shell \"{}\": `actuate` drives hinge angles, but the shell uses {:?} bending",
                    shell.name, shell.bending
                ),
            )
            .with_help("set `bending: Hinge` on an actuated shell"));
    }
    let mut out = Vec::new();
    for spec in specs {
        let hinges: Vec<usize> = (0..shell.topology.hinges.len())
            .filter(|&h| {
                let e = &shell.topology.edges[shell.topology.hinges[h].edge as usize];
                e.nodes.iter().all(|&n| inside(&spec.hinges, n as usize))
            })
            .collect();
        if hinges.is_empty() {
            return Err(cx
                .err(
                    needle,
                    format!(
                        "shell \"{}\": no hinge (interior edge) has both nodes in an `actuate` region",
                        shell.name
                    ),
                )
                .with_help("check the region against the mesh (after `translate`)"));
        }
        let base = hinges.iter().map(|&h| shell.natural_angles[h]).collect();
        let signal = match &spec.signal {
            SignalSpec::Sine {
                amplitude,
                ramp,
                frequency,
                phase,
                phase_gradient,
            } => {
                let k = phase_gradient.vec();
                let phases = hinges
                    .iter()
                    .map(|&h| {
                        let e = &shell.topology.edges[shell.topology.hinges[h].edge as usize];
                        let [a, b] = e.nodes.map(|n| shell.mesh.nodes[n as usize]);
                        phase + k.dot(&((a + b) * 0.5))
                    })
                    .collect();
                HingeSignal::Sine {
                    amplitude: *amplitude,
                    ramp: ramp.0,
                    frequency: frequency.0,
                    phases,
                }
            }
            SignalSpec::Table(file) => {
                let path = cx.file.parent().unwrap_or(Path::new(".")).join(file);
                let (times, values) = read_table(&path).map_err(|e| {
                    if e.position.is_none() {
                        // The file could not be read: point at its name in the scene.
                        SceneError {
                            file: cx.file.to_path_buf(),
                            position: crate::diag::locate(cx.source, &format!("\"{file}\""), 0),
                            ..e
                        }
                    } else {
                        e
                    }
                })?;
                HingeSignal::Table { times, values }
            }
        };
        let fields = Fields {
            anchor: needle,
            nth: 0,
            names: ["start", "end", "ramp"],
            what: format!("shell \"{}\": actuation {}", shell.name, out.len() + 1),
        };
        out.push(HingeActuation {
            hinges,
            base,
            signal,
            window: schedule(cx, &fields, spec.start, spec.end, spec.ramp)?,
        });
    }
    Ok(out)
}

/// Reads a table of `t s` rows: two numbers per line separated by whitespace or a comma, `#`
/// starting a comment, blank lines skipped, times strictly increasing.
pub fn read_table(path: &Path) -> Result<(Vec<f64>, Vec<f64>), SceneError> {
    // The message names the table: an error without a line is shown at the table's name in
    // the scene file.
    let bytes = crate::diag::read_input(path).map_err(|e| {
        let help = e.help("signal table");
        SceneError::new(
            path,
            None,
            format!("cannot read the signal table {}: {e}", path.display()),
        )
        .with_help(help)
    })?;
    let text = crate::diag::text_of(bytes, path, "signal table")?;
    parse_table(&text, path)
}

/// Parses a table of `t s` rows (see [`read_table`]); errors name `path` and the line.
pub fn parse_table(text: &str, path: &Path) -> Result<(Vec<f64>, Vec<f64>), SceneError> {
    let (mut times, mut values) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let at = |col: usize, msg: String| SceneError::new(path, Some((i + 1, col)), msg);
        let fields: Vec<&str> = content
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|f| !f.is_empty())
            .collect();
        if fields.len() != 2 {
            return Err(at(
                1,
                format!("expected two numbers `t s`, found {}", fields.len()),
            )
            .with_help("one row per line: time (s) and value (rad)"));
        }
        let mut row = [0.0; 2];
        for (k, f) in fields.iter().enumerate() {
            let col = line.find(f).map_or(1, |c| c + 1);
            row[k] = f
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| at(col, format!("`{f}` is not a finite number")))?;
        }
        if let Some(&last) = times.last()
            && row[0] <= last
        {
            return Err(at(
                1,
                format!("time {} does not increase (previous {last})", row[0]),
            )
            .with_help("sort the rows by time, without repeats"));
        }
        times.push(row[0]);
        values.push(row[1]);
    }
    if times.is_empty() {
        return Err(SceneError::new(path, None, "the signal table has no rows")
            .with_help("write one `t s` row per line"));
    }
    Ok((times, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_with_comments_and_commas() {
        let (t, v) = parse_table(
            "# t, phi\n0 0\n0.5, 1.5 # peak\n\n1.0\t0\n",
            Path::new("a.txt"),
        )
        .unwrap();
        assert_eq!(t, vec![0.0, 0.5, 1.0]);
        assert_eq!(v, vec![0.0, 1.5, 0.0]);
    }

    #[test]
    fn bad_rows_are_located() {
        let e = parse_table("0 0\n1 x\n", Path::new("a.txt")).unwrap_err();
        assert_eq!(e.position, Some((2, 3)));
        let e = parse_table("0 0\n0 1\n", Path::new("a.txt")).unwrap_err();
        assert_eq!(e.position, Some((2, 1)));
        assert!(e.message.contains("does not increase"));
        let e = parse_table("0 0 0\n", Path::new("a.txt")).unwrap_err();
        assert!(e.message.contains("two numbers"));
        assert!(parse_table("# nothing\n", Path::new("a.txt")).is_err());
    }
}
