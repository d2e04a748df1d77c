//! The contact method a chain's elements imply together (line search, CCD kernel, reach,
//! lagging, conservativeness, adaptive needs), checked for conflicts when the chain is read.

use super::element::{ContactLineSearch, ContactMethod, ElementSet};
use crate::diag::{SceneError, locate};
use std::path::Path;

/// The contact method of a chain of `elements`: the line search its laws need (two different
/// ones in one chain are an error), its CCD kernel (a chain whose method needs CCD must have a
/// resolver that gives one), the largest reach, the lagging updates, whether it is
/// conservative, and what its adaptive elements read at the start of a step.
pub(super) fn method_of<E: ElementSet>(
    elements: &[E],
    file: &Path,
    source: &str,
) -> Result<ContactMethod, SceneError> {
    let mut m = ContactMethod {
        conservative: true,
        ..ContactMethod::default()
    };
    let mut demanded_by: Option<&str> = None;
    let mut acts_beyond_reach = false;
    for e in elements {
        let (needs, gives) = (e.needs(), e.gives());
        let name = e.doc().name;
        if let Some(ls) = needs.solver.line_search {
            match (m.line_search, demanded_by) {
                (Some(prev), Some(by)) if prev != ls => {
                    return Err(SceneError::new(
                        file,
                        locate(source, name, 0),
                        format!("`{name}` needs {ls}, but `{by}` in the same chain needs {prev}"),
                    )
                    .with_help("one chain uses one contact method; split the laws over chains"));
                }
                _ => {
                    m.line_search = Some(ls);
                    demanded_by = Some(name);
                }
            }
        }
        m.reach = m.reach.max(needs.solver.reach);
        m.lag_updates = m.lag_updates.max(needs.solver.lag_updates);
        acts_beyond_reach |= needs.solver.acts_beyond_reach;
        m.node_ring |= needs.solver.node_ring;
        m.wide_pair |= gives.caps.contains(super::element::Caps::TRIANGLE_PAIR);
        m.conservative &= !gives.dissipative;
        if let Some(k) = gives.ccd {
            m.ccd = Some(k);
        }
        if let Some(a) = e.adaptive() {
            let s = a.step_needs();
            m.step_forces |= s.forces;
            m.step_pairs |= s.pairs;
        }
    }
    m.inert_beyond_reach = !acts_beyond_reach && m.lag_updates == 0;
    if m.line_search == Some(ContactLineSearch::EnergyCcd) && m.ccd.is_none() {
        let by = demanded_by.unwrap_or("a law");
        return Err(SceneError::new(
            file,
            locate(source, by, 0),
            format!(
                "`{by}` needs every step capped by continuous collision detection, but the \
                 chain's resolver gives no CCD kernel"
            ),
        )
        .with_help("use a built-in resolver, or give yours a kernel with `Gives::with_ccd`"));
    }
    Ok(m)
}
