//! The granular columns of `steps.csv`, written after the common ones only when the scene has
//! spheres (so scenes without spheres keep their table as it was):
//! [`GRANULAR_HEADER`] — translational and rotational kinetic energy of the spheres (J), the
//! coordination number (mean contacts per sphere) and the largest overlap (m) — and, when the
//! scene's output has a `packing_region`, [`PACKING_HEADER`] (the packing fraction in it);
//! then, in scenes with rigid bodies or driven spheres (a prescribed `translate`), the contact
//! force (N) and torque about the centre of mass (N·m) on each one, rigid bodies first,
//! `NAME_fx,NAME_fy,NAME_fz,NAME_tx,NAME_ty,NAME_tz` (a piston's load, an indenter's);
//! then, in scenes with cells, each cell's enclosed volume (m³), area (m²), inner pressure
//! (Pa) and centroid (m), `NAME_volume,NAME_area,NAME_pressure,NAME_cx,NAME_cy,NAME_cz`;
//! then, in scenes with rod boundary conditions, the force (N) and moment (N·m, about the
//! centroid of its held nodes) each condition's support applies on its rod,
//! `supportI_fx,supportI_fy,supportI_fz,supportI_mx,supportI_my,supportI_mz` for the `I`-th
//! condition of `boundary_conditions` (see `Model::support_loads`).

use serde::{Deserialize, Serialize};

use super::fmt_f64;

/// The granular columns, after the common ones.
pub const GRANULAR_HEADER: &str = "ke_translational,ke_rotational,coordination,max_overlap";
/// The packing-fraction column, after the granular ones.
pub const PACKING_HEADER: &str = "packing_fraction";

/// The granular measures of one step (see `catena::granular` for their definitions).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GranularRecord {
    /// Translational kinetic energy of the spheres `Σ ½ m |v|²` (J).
    pub ke_translational: f64,
    /// Rotational kinetic energy of the spheres `Σ ½ I |ω|²` (J).
    pub ke_rotational: f64,
    /// Mean contacts per sphere.
    pub coordination: f64,
    /// Largest sphere overlap (m).
    pub max_overlap: f64,
    /// Packing fraction in the scene's `packing_region`, when it has one.
    pub packing_fraction: Option<f64>,
}

/// Which optional columns a `steps.csv` has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepColumns {
    /// The [`GRANULAR_HEADER`] columns.
    pub granular: bool,
    /// The [`PACKING_HEADER`] column (only with `granular`).
    pub packing: bool,
    /// The bodies whose contact loads have columns (their names, commas replaced): the rigid
    /// bodies, then the driven spheres.
    pub rigid: Vec<String>,
    /// The cells whose measures have columns (their names, commas replaced).
    pub cells: Vec<String>,
    /// The supports whose loads have columns (`support0`, `support1`, …).
    pub supports: Vec<String>,
    /// The virial stresses with columns (`spheres`, the spheres' mean, then cells' names), in
    /// scenes whose chains have `Assemble_VirialStress`.
    pub stresses: Vec<String>,
}

/// The six load columns of a rigid body, after its name.
const LOAD_SUFFIXES: [&str; 6] = ["_fx", "_fy", "_fz", "_tx", "_ty", "_tz"];
/// The six measure columns of a cell, after its name.
const CELL_SUFFIXES: [&str; 6] = ["_volume", "_area", "_pressure", "_cx", "_cy", "_cz"];
/// The six load columns of a support, after its name.
const SUPPORT_SUFFIXES: [&str; 6] = ["_fx", "_fy", "_fz", "_mx", "_my", "_mz"];
/// The six components of a virial stress (Pa), after its body's name.
const STRESS_SUFFIXES: [&str; 6] = ["_sxx", "_syy", "_szz", "_sxy", "_syz", "_sxz"];

/// The name of the support columns of the `i`-th boundary condition.
pub fn support_name(i: usize) -> String {
    format!("support{i}")
}

impl StepColumns {
    /// The header text after the common columns (empty, or starting with a comma).
    pub fn header_suffix(&self) -> String {
        let mut s = String::new();
        if self.granular {
            s.push(',');
            s.push_str(GRANULAR_HEADER);
            if self.packing {
                s.push(',');
                s.push_str(PACKING_HEADER);
            }
        }
        for (name, suffixes) in self.groups() {
            for suffix in suffixes {
                s.push(',');
                s.push_str(name);
                s.push_str(suffix);
            }
        }
        s
    }

    /// The columns named by `suffix`, the header after the common columns; `None` if it names
    /// others.
    pub fn from_header_suffix(suffix: &str) -> Option<Self> {
        [(false, false), (true, false), (true, true)]
            .map(|(granular, packing)| Self {
                granular,
                packing,
                rigid: Vec::new(),
                cells: Vec::new(),
                supports: Vec::new(),
                stresses: Vec::new(),
            })
            .into_iter()
            .find_map(|mut c| {
                let rest = suffix.strip_prefix(&c.header_suffix())?;
                let names: Vec<&str> = rest.split(',').skip(1).collect();
                if !names.len().is_multiple_of(6) {
                    return None;
                }
                for group in names.chunks(6) {
                    let named = |suffixes: [&str; 6]| {
                        let name = group[0].strip_suffix(suffixes[0])?;
                        let all = group
                            .iter()
                            .zip(suffixes)
                            .all(|(g, s)| g.strip_suffix(s) == Some(name));
                        all.then(|| name.to_string())
                    };
                    // Rigid bodies' groups come first, then the cells', the supports' and the
                    // stresses'.
                    let (support, stress) = (named(SUPPORT_SUFFIXES), named(STRESS_SUFFIXES));
                    let later = |c: &Self, cells: bool, supports: bool| {
                        (!cells || c.cells.is_empty())
                            && (!supports || c.supports.is_empty())
                            && c.stresses.is_empty()
                    };
                    match (named(LOAD_SUFFIXES), named(CELL_SUFFIXES), support, stress) {
                        (Some(n), ..) if later(&c, true, true) => c.rigid.push(n),
                        (_, Some(n), ..) if later(&c, false, true) => c.cells.push(n),
                        (_, _, Some(n), _) if later(&c, false, false) => c.supports.push(n),
                        (.., Some(n)) => c.stresses.push(n),
                        _ => return None,
                    }
                }
                (c.header_suffix() == suffix).then_some(c)
            })
    }

    /// Number of optional columns.
    pub fn count(&self) -> usize {
        let granular = match (self.granular, self.packing) {
            (false, _) => 0,
            (true, false) => 4,
            (true, true) => 5,
        };
        granular + 6 * self.n_groups()
    }

    /// Number of six-column groups (rigid bodies, cells, supports).
    fn n_groups(&self) -> usize {
        self.rigid.len() + self.cells.len() + self.supports.len() + self.stresses.len()
    }

    /// The six-column groups in column order, with their suffixes.
    fn groups(&self) -> impl Iterator<Item = (&String, [&'static str; 6])> {
        (self.rigid.iter().map(|n| (n, LOAD_SUFFIXES)))
            .chain(self.cells.iter().map(|n| (n, CELL_SUFFIXES)))
            .chain(self.supports.iter().map(|n| (n, SUPPORT_SUFFIXES)))
            .chain(self.stresses.iter().map(|n| (n, STRESS_SUFFIXES)))
    }

    /// The optional fields of a row (empty, or starting with a comma); NaN for a measure the
    /// record lacks.
    pub fn format(
        &self,
        g: Option<&GranularRecord>,
        loads: &[[f64; 6]],
        cells: &[[f64; 6]],
        supports: &[[f64; 6]],
        stresses: &[[f64; 6]],
    ) -> String {
        let mut out = self.format_granular(g);
        let groups = (0..self.rigid.len())
            .map(|k| loads.get(k))
            .chain((0..self.cells.len()).map(|k| cells.get(k)))
            .chain((0..self.supports.len()).map(|k| supports.get(k)))
            .chain((0..self.stresses.len()).map(|k| stresses.get(k)));
        for l in groups {
            for x in l.copied().unwrap_or([f64::NAN; 6]) {
                out.push(',');
                out.push_str(&fmt_f64(x));
            }
        }
        out
    }

    fn format_granular(&self, g: Option<&GranularRecord>) -> String {
        if !self.granular {
            return String::new();
        }
        let g = g.copied().unwrap_or(GranularRecord {
            ke_translational: f64::NAN,
            ke_rotational: f64::NAN,
            coordination: f64::NAN,
            max_overlap: f64::NAN,
            packing_fraction: None,
        });
        let mut v = vec![
            g.ke_translational,
            g.ke_rotational,
            g.coordination,
            g.max_overlap,
        ];
        if self.packing {
            v.push(g.packing_fraction.unwrap_or(f64::NAN));
        }
        v.into_iter().map(|x| format!(",{}", fmt_f64(x))).collect()
    }

    /// The rigid bodies' loads among the optional `fields` of a row.
    pub fn parse_loads(&self, fields: &[&str]) -> Result<Vec<[f64; 6]>, String> {
        let first = self.count() - 6 * self.n_groups();
        parse_groups(&fields[first..], &self.rigid, LOAD_SUFFIXES)
    }

    /// The cells' measures among the optional `fields` of a row.
    pub fn parse_cells(&self, fields: &[&str]) -> Result<Vec<[f64; 6]>, String> {
        let after = self.cells.len() + self.supports.len() + self.stresses.len();
        let first = self.count() - 6 * after;
        parse_groups(&fields[first..], &self.cells, CELL_SUFFIXES)
    }

    /// The supports' loads among the optional `fields` of a row.
    pub fn parse_supports(&self, fields: &[&str]) -> Result<Vec<[f64; 6]>, String> {
        let first = self.count() - 6 * (self.supports.len() + self.stresses.len());
        parse_groups(&fields[first..], &self.supports, SUPPORT_SUFFIXES)
    }

    /// The virial stresses `[σxx, σyy, σzz, σxy, σyz, σxz]` among the optional `fields` of a row.
    pub fn parse_stresses(&self, fields: &[&str]) -> Result<Vec<[f64; 6]>, String> {
        let first = self.count() - 6 * self.stresses.len();
        parse_groups(&fields[first..], &self.stresses, STRESS_SUFFIXES)
    }

    /// The record of the optional `fields` of a row (as many as [`StepColumns::count`]).
    pub fn parse(&self, fields: &[&str]) -> Result<Option<GranularRecord>, String> {
        if !self.granular {
            return Ok(None);
        }
        let names: Vec<&str> = GRANULAR_HEADER.split(',').chain([PACKING_HEADER]).collect();
        let x = |k: usize| -> Result<f64, String> {
            fields[k]
                .parse::<f64>()
                .map_err(|e| format!("column `{}`: cannot parse `{}`: {e}", names[k], fields[k]))
        };
        Ok(Some(GranularRecord {
            ke_translational: x(0)?,
            ke_rotational: x(1)?,
            coordination: x(2)?,
            max_overlap: x(3)?,
            packing_fraction: if self.packing { Some(x(4)?) } else { None },
        }))
    }
}

/// The six-column groups of `names` at the start of `fields`.
fn parse_groups(
    fields: &[&str],
    names: &[String],
    suffixes: [&str; 6],
) -> Result<Vec<[f64; 6]>, String> {
    let mut out = Vec::with_capacity(names.len());
    for (k, name) in names.iter().enumerate() {
        let mut l = [0.0; 6];
        for (i, x) in l.iter_mut().enumerate() {
            let s = fields[6 * k + i];
            *x = s
                .parse::<f64>()
                .map_err(|e| format!("column `{name}{}`: cannot parse `{s}`: {e}", suffixes[i]))?;
        }
        out.push(l);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_rows_round_trip() {
        for (granular, packing) in [(false, false), (true, false), (true, true)] {
            let c = StepColumns {
                granular,
                packing,
                rigid: Vec::new(),
                cells: Vec::new(),
                supports: Vec::new(),
                stresses: Vec::new(),
            };
            assert_eq!(
                StepColumns::from_header_suffix(&c.header_suffix()),
                Some(c.clone())
            );
            let g = GranularRecord {
                ke_translational: 1.0 / 3.0,
                ke_rotational: 2.5e-9,
                coordination: 4.25,
                max_overlap: 1e-5,
                packing_fraction: packing.then_some(0.6),
            };
            let text = c.format(Some(&g), &[], &[], &[], &[]);
            let fields: Vec<&str> = text.split(',').skip(1).collect();
            assert_eq!(fields.len(), c.count());
            let back = c.parse(&fields).expect("parse");
            assert_eq!(back, granular.then_some(g));
        }
        assert_eq!(StepColumns::from_header_suffix(",energy"), None);
        let c = StepColumns {
            granular: true,
            packing: false,
            rigid: Vec::new(),
            cells: Vec::new(),
            supports: Vec::new(),
            stresses: Vec::new(),
        };
        assert!(
            c.parse(&["1", "x", "2", "3"])
                .unwrap_err()
                .contains("ke_rotational")
        );
    }

    /// Rigid-body load groups, cell groups and support groups name their columns, read back in order.
    #[test]
    fn rigid_cell_and_support_groups_round_trip() {
        let c = StepColumns {
            granular: false,
            packing: false,
            rigid: vec!["piston".into()],
            cells: vec!["a".into(), "b_cell".into()],
            supports: vec![support_name(0), support_name(1)],
            stresses: vec!["spheres".into(), "a".into()],
        };
        let suffix = c.header_suffix();
        assert!(
            suffix.contains(",b_cell_cz,support0_fx,support0_fy,support0_fz,support0_mx,support0_my,support0_mz,support1_fx,support1_fy,support1_fz,support1_mx,support1_my,support1_mz,spheres_sxx"),
            "{suffix}"
        );
        assert!(
            suffix.ends_with(",a_sxx,a_syy,a_szz,a_sxy,a_syz,a_sxz"),
            "{suffix}"
        );
        assert_eq!(StepColumns::from_header_suffix(&suffix), Some(c.clone()));
        let loads = [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]];
        let cells = [[1e-16, 2e-10, 400.0, 0.0, 1e-6, -2.5], [7.0; 6]];
        let supports = [[-1.5, 0.0, 2e-7, 1e-12, -3.0, 4.0], [0.25; 6]];
        let stresses = [[-1e4, -2e4, -3e4, 1.0, 2.0, 3.0], [0.5; 6]];
        let text = c.format(None, &loads, &cells, &supports, &stresses);
        let fields: Vec<&str> = text.split(',').skip(1).collect();
        assert_eq!(fields.len(), c.count());
        assert_eq!(c.parse_loads(&fields).unwrap(), loads);
        assert_eq!(c.parse_cells(&fields).unwrap(), cells);
        assert_eq!(c.parse_supports(&fields).unwrap(), supports);
        assert_eq!(c.parse_stresses(&fields).unwrap(), stresses);
        // A cell group before a rigid body's is not a header catena writes.
        let swapped = ",a_volume,a_area,a_pressure,a_cx,a_cy,a_cz,p_fx,p_fy,p_fz,p_tx,p_ty,p_tz";
        assert_eq!(StepColumns::from_header_suffix(swapped), None);
        // Nor a support group before a cell's.
        let late = ",s_fx,s_fy,s_fz,s_mx,s_my,s_mz,a_volume,a_area,a_pressure,a_cx,a_cy,a_cz";
        assert_eq!(StepColumns::from_header_suffix(late), None);
        // Nor a stress group before a support's.
        let early = ",a_sxx,a_syy,a_szz,a_sxy,a_syz,a_sxz,s_fx,s_fy,s_fz,s_mx,s_my,s_mz";
        assert_eq!(StepColumns::from_header_suffix(early), None);
    }

    #[test]
    fn steps_csv_with_granular_columns_reads_back_and_reopens() {
        use crate::io::{STEPS_CSV_HEADER, StepRecord, StepsCsv, read_steps_csv};
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("steps.csv");
        let columns = StepColumns {
            granular: true,
            packing: true,
            rigid: Vec::new(),
            cells: Vec::new(),
            supports: Vec::new(),
            stresses: Vec::new(),
        };
        let row = |step: u64| StepRecord {
            step,
            granular: Some(GranularRecord {
                ke_translational: step as f64 * 0.1,
                ke_rotational: 1e-9,
                coordination: 3.5,
                max_overlap: 2e-6,
                packing_fraction: Some(0.55),
            }),
            ..StepRecord::default()
        };
        let mut w = StepsCsv::create_with(&path, columns.clone()).expect("create");
        for k in 1..=3 {
            w.write(&row(k)).expect("row");
        }
        drop(w);
        let text = std::fs::read_to_string(&path).expect("text");
        let header = format!("{STEPS_CSV_HEADER}{}", columns.header_suffix());
        assert_eq!(text.lines().next(), Some(header.as_str()));
        // Resuming after row 2 keeps the columns.
        let mut w = StepsCsv::reopen(&path, 2).expect("reopen");
        w.write(&row(7)).expect("row");
        drop(w);
        let back = read_steps_csv(&path).expect("read");
        assert_eq!(back.iter().map(|r| r.step).collect::<Vec<_>>(), [1, 2, 7]);
        assert_eq!(back[2].granular, row(7).granular);
    }
}
