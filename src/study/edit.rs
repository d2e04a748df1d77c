//! Editing a scene's chains for a study: swapping the chain of the contacts a new chain applies
//! to, and setting one element parameter in a chain file's text.

use crate::contact::{Builtin, Chain};
use crate::scene::{SceneError, SceneSpec};
use std::path::Path;

/// Replaces, in `spec` (read from `scene_file`), the chain of every contact whose pair kinds
/// match those of `chain_file` (e.g. capsule–capsule), and returns how many were replaced.
pub fn swap_chains(
    spec: &mut SceneSpec,
    scene_file: &Path,
    chain_file: &Path,
) -> Result<usize, SceneError> {
    let new = Chain::<Builtin>::load(chain_file)?;
    let abs = std::fs::canonicalize(chain_file)
        .unwrap_or_else(|_| chain_file.to_path_buf())
        .to_string_lossy()
        .into_owned();
    let dir = scene_file.parent().unwrap_or(Path::new("."));
    let mut n = 0;
    for c in &mut spec.contacts {
        let old = Chain::<Builtin>::load(&dir.join(&c.chain))?;
        if old.kinds() == new.kinds() {
            c.chain = abs.clone();
            n += 1;
        }
    }
    if n == 0 {
        return Err(SceneError::new(
            chain_file,
            None,
            format!(
                "chain \"{}\" binds {} against {}, but no contact of {} does",
                new.name(),
                new.kinds().0,
                new.kinds().1,
                scene_file.display()
            ),
        )
        .with_help("compare chains of the pair type the scene's contacts use"));
    }
    Ok(n)
}

/// Index of the byte closing the parenthesis opened at `open`.
fn matching_paren(text: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in text.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Sets `ELEMENT.field` to `value` in a chain file's text (`T_IMC.mu`, `N_IPC.dhat`, …): the
/// field is replaced inside the first element of that name, or added when absent.
pub fn set_chain_parameter(text: &str, path: &str, value: &str) -> Result<String, String> {
    let (element, field) = path
        .split_once('.')
        .ok_or_else(|| format!("`{path}` is not ELEMENT.field (e.g. T_IMC.mu)"))?;
    // The element's opening parenthesis, as a whole word outside comments.
    let bytes = text.as_bytes();
    let mut at = None;
    let mut line_comment = false;
    let mut i = 0;
    while i < bytes.len() {
        if line_comment {
            line_comment = bytes[i] != b'\n';
            i += 1;
            continue;
        }
        if text[i..].starts_with("//") {
            line_comment = true;
            continue;
        }
        if text[i..].starts_with(element)
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
        {
            let rest = text[i + element.len()..].trim_start();
            if rest.starts_with('(') {
                at = Some(text.len() - rest.len());
                break;
            }
            if !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                // A unit element: add a body.
                let end = i + element.len();
                return Ok(format!(
                    "{}({field}: {value}){}",
                    &text[..end],
                    &text[end..]
                ));
            }
        }
        i += 1;
    }
    let open = at.ok_or_else(|| format!("the chain has no element `{element}`"))?;
    let close = matching_paren(bytes, open).ok_or("unbalanced parentheses in the chain file")?;
    // Find `field:` at depth 1 inside the body.
    let mut depth = 0usize;
    let mut k = open;
    while k < close {
        match bytes[k] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
        if depth == 1
            && text[k..].starts_with(field)
            && !(bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_')
            && text[k + field.len()..].trim_start().starts_with(':')
        {
            let colon = k + field.len() + text[k + field.len()..].find(':').unwrap_or(0);
            // The value runs to the next ',' or the closing ')' at depth 1.
            let mut d = 0usize;
            let mut e = colon + 1;
            while e < close {
                match bytes[e] {
                    b'(' | b'[' | b'{' => d += 1,
                    b')' | b']' | b'}' => d -= 1,
                    b',' if d == 0 => break,
                    _ => {}
                }
                e += 1;
            }
            return Ok(format!("{} {value}{}", &text[..=colon], &text[e..]));
        }
        k += 1;
    }
    let body_empty = text[open + 1..close].trim().is_empty();
    let sep = if body_empty { "" } else { ", " };
    Ok(format!(
        "{}{}{field}: {value}{}",
        &text[..close],
        sep,
        &text[close..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHAIN: &str = "// T_IMC(mu: 9) in a comment\nChain(name: \"c\", elements: [Capsule_Capsule, \
        N_IMC(delta: 1e-5, stiffness: Adaptive(scale: 1e5)), T_IMC(mu: 0.0, slip_tolerance: 1e-4), AssembleForces])";

    #[test]
    fn replaces_a_field_of_the_named_element_only() {
        let s = set_chain_parameter(CHAIN, "T_IMC.mu", "0.3").unwrap();
        assert!(s.contains("T_IMC(mu: 0.3, slip_tolerance: 1e-4)"), "{s}");
        assert!(s.contains("// T_IMC(mu: 9)"));
        let s = set_chain_parameter(CHAIN, "N_IMC.stiffness", "Fixed(2.0)").unwrap();
        assert!(
            s.contains("N_IMC(delta: 1e-5, stiffness: Fixed(2.0))"),
            "{s}"
        );
    }

    #[test]
    fn adds_missing_fields_and_bodies() {
        let s = set_chain_parameter(CHAIN, "N_IMC.extra", "1").unwrap();
        assert!(s.contains("Adaptive(scale: 1e5), extra: 1)"), "{s}");
        let s = set_chain_parameter(CHAIN, "AssembleForces.x", "1").unwrap();
        assert!(s.contains("AssembleForces(x: 1)"), "{s}");
        assert!(set_chain_parameter(CHAIN, "T_IPC.mu", "1").is_err());
        assert!(set_chain_parameter(CHAIN, "mu", "1").is_err());
    }
}
