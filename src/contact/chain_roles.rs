//! One element per role: a chain with two resolvers (only the last one's geometry would count),
//! two data elements for one side, two contact-matrix choices or an assembler twice is refused
//! at load time, naming both elements. Two normal (or two tangential) laws add their forces:
//! that is refused too unless the chain file declares it with `stack_laws: true`.
//!
//! A normal dashpot (`DASHPOTS`: `LinearDamper`, `LinearDamperOverlap`) is not a second law:
//! as in mpacts it is meant to be added to an elastic law (`N_Hertz(), LinearDamperOverlap(…)`,
//! `N_JKR(…), LinearDamper(…)`), so it has a role of its own (one dashpot per chain). Likewise
//! the moment laws (`MOMENT_LAWS`: rolling resistance, torsional friction) act on rotations only
//! and are added to a friction law, each at most once. `MaxwellFluidShell` and `SerialDashpot`
//! add no force: they move the rest length of the spring law before them, each at most once.

use super::element::{Category, ElementSet};
use crate::diag::{SceneError, locate};
use std::path::Path;

/// Normal elements that are dashpots added to a law rather than laws of their own.
pub(super) const DASHPOTS: &[&str] = &["LinearDamper", "LinearDamperOverlap"];

/// Normal elements that modify the spring law before them (its rest length) and add no force
/// of their own: each has a role of its own.
const SPRING_MODIFIERS: &[&str] = &["MaxwellFluidShell", "SerialDashpot"];

/// Tangential elements that apply torques only, added to a friction law.
const MOMENT_LAWS: &[&str] = &["T_RollingResistance", "T_TorsionalCoulombFriction"];

/// Checks the roles of `elements` (in chain order); `stack_laws` allows several normal and
/// tangential laws.
pub(super) fn check_roles<E: ElementSet>(
    elements: &[E],
    file: &Path,
    source: &str,
    stack_laws: bool,
) -> Result<(), SceneError> {
    // (element index, name) of the first element seen in each role.
    let mut first: Vec<(&'static str, usize, &'static str)> = Vec::new();
    for (i, e) in elements.iter().enumerate() {
        let doc = e.doc();
        let g = e.gives();
        let mut roles: Vec<&'static str> = Vec::new();
        match doc.category {
            Category::Resolver => roles.push("resolver"),
            Category::Normal if !stack_laws && DASHPOTS.contains(&doc.name) => {
                roles.push("normal dashpot");
            }
            Category::Normal if SPRING_MODIFIERS.contains(&doc.name) => roles.push(doc.name),
            Category::Normal if !stack_laws => roles.push("normal law"),
            // Moment laws act on rotations only and combine with a friction law.
            Category::Tangential if !stack_laws && MOMENT_LAWS.contains(&doc.name) => {
                roles.push(doc.name);
            }
            Category::Tangential if !stack_laws => roles.push("tangential law"),
            Category::Matrix => roles.push("contact-matrix element"),
            // Resistances add up (mpacts adds each to the pair's Γ), each once.
            Category::Resistance => roles.push(doc.name),
            Category::Assembler | Category::Feedback => roles.push(doc.name),
            _ => {}
        }
        if g.side1.is_some() {
            roles.push("data element of side 1");
        }
        if g.side2.is_some() {
            roles.push("data element of side 2");
        }
        for role in roles {
            let Some(&(_, j, other)) = first.iter().find(|(r, _, _)| *r == role) else {
                first.push((role, i, doc.name));
                continue;
            };
            let nth = elements[..i]
                .iter()
                .filter(|x| x.doc().name == doc.name)
                .count();
            let pos = nth_position(source, doc.name, nth);
            let what = if role == doc.name {
                format!("`{}` appears twice", doc.name)
            } else {
                format!("a second {role}")
            };
            let (why, help) = match role {
                "normal law" | "tangential law" | "normal dashpot" => (
                    "their forces would add up".to_string(),
                    format!(
                        "keep one {role}; if the sum of both is meant, declare it with \
                         `stack_laws: true` in the chain file"
                    ),
                ),
                "resolver" => (
                    "only the last resolver's geometry would be used".to_string(),
                    "keep one resolver; contacts of other body kinds need a chain of their own"
                        .to_string(),
                ),
                _ => (
                    "only one of them can take effect".to_string(),
                    format!("remove one of them (element {} or {})", j + 1, i + 1),
                ),
            };
            return Err(SceneError::new(
                file,
                pos,
                format!(
                    "element {} `{}`: {what} after element {} `{other}`: {why}",
                    i + 1,
                    doc.name,
                    j + 1
                ),
            )
            .with_help(help));
        }
    }
    Ok(())
}

/// Line and column of the `nth` (0-based) occurrence of `name` outside comments.
fn nth_position(source: &str, name: &str, nth: usize) -> Option<(usize, usize)> {
    let mut from = 0;
    let mut at = None;
    for _ in 0..=nth {
        let b = crate::diag::locate_byte(source, name, from)?;
        at = Some(b);
        from = b + name.len();
    }
    at.and_then(|b| locate(source, name, b))
}

#[cfg(test)]
mod tests {
    use crate::contact::{Builtin, Chain};
    use std::path::Path;

    fn parse(src: &str) -> Result<Chain, crate::diag::SceneError> {
        Chain::<Builtin>::parse(src, Path::new("c.ron"))
    }

    #[test]
    fn two_resolvers_and_unstacked_laws_are_refused() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             Sphere_Sphere, N_Hertz(), AssembleForces])",
        )
        .expect_err("two resolvers");
        assert!(e.message.contains("a second resolver"), "{e}");
        assert_eq!(e.position, Some((1, 74)), "{e}");
        let two = "Chain(name: \"x\", STACK elements: [Sphere_1_Data, Sphere_2_Data, \
                   Sphere_Sphere, N_Hertz(), N_LinearForce(stiffness: 1.0), AssembleForces])";
        let e = parse(&two.replace("STACK", "")).expect_err("two normal laws");
        assert!(e.message.contains("a second normal law"), "{e}");
        assert!(
            e.help.as_deref().unwrap_or("").contains("stack_laws: true"),
            "{e}"
        );
        parse(&two.replace("STACK", "stack_laws: true,")).expect("declared stacking");
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_Hertz(), AssembleForces, AssembleForces])",
        )
        .expect_err("assembled twice");
        assert!(e.message.contains("`AssembleForces` appears twice"), "{e}");
        // A dashpot on top of an elastic law is the usual damped contact, not two laws.
        parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_Hertz(), LinearDamperOverlap(damping: 0.4, damping_onset: 1e-4), AssembleForces])",
        )
        .expect("law + dashpot");
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_Hertz(), LinearDamper(damping: 1.0), LinearDamper(damping: 1.0), AssembleForces])",
        )
        .expect_err("two dashpots");
        assert!(e.message.contains("a second normal dashpot"), "{e}");
    }
}
