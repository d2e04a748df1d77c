//! `catena new-element NAME --kind normal|tangential|resolver`: one file holding a chain
//! element for a user's crate — the struct with its serde parameters, its `ChainElement` impl
//! with needs and gives, doc comments for the formula, units and source, a unit test that runs
//! [`crate::verify::jacobians`] on it, and the RON line that uses it.
//!
//! Each kind starts from a simple, correct law (normal: a linear penalty with its energy;
//! tangential: regularised Coulomb friction through [`crate::contact::ContactFrame`];
//! resolver: two spheres by centre distance) that the user replaces with theirs; the test
//! keeps checking the replacement. The templates are in `src/scaffold/templates/`; catena's
//! CI compiles and runs their output (`examples/scaffold/`).

use std::path::{Path, PathBuf};

/// The kind of element to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ElementKind {
    /// A normal force law (`N_NAME`).
    Normal,
    /// A tangential (friction) law (`T_NAME`).
    Tangential,
    /// A geometry resolver (`NAME`).
    Resolver,
}

impl ElementKind {
    fn template(self) -> &'static str {
        match self {
            Self::Normal => include_str!("templates/normal.rs.in"),
            Self::Tangential => include_str!("templates/tangential.rs.in"),
            Self::Resolver => include_str!("templates/resolver.rs.in"),
        }
    }
    /// Prefix of the chain-file name (mpacts' scheme: `N_` normal, `T_` tangential).
    fn prefix(self) -> &'static str {
        match self {
            Self::Normal => "N_",
            Self::Tangential => "T_",
            Self::Resolver => "",
        }
    }
    /// Prefix of the file name.
    fn file_prefix(self) -> &'static str {
        match self {
            Self::Normal => "n_",
            Self::Tangential => "t_",
            Self::Resolver => "r_",
        }
    }
}

/// What [`render`] produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewElement {
    /// Rust type name (`Viscoelastic`).
    pub type_name: String,
    /// Name in chain files (`N_Viscoelastic`).
    pub ron_name: String,
    /// File name (`n_viscoelastic.rs`).
    pub file_name: String,
    /// The source.
    pub source: String,
}

/// Why an element cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    /// The name is not a CamelCase Rust identifier.
    #[error(
        "`{name}` is not a usable element name: {reason}\n  help: use a CamelCase name such as `{suggestion}`"
    )]
    BadName {
        /// The name given.
        name: String,
        /// What is wrong.
        reason: &'static str,
        /// A usable name derived from it.
        suggestion: String,
    },
    /// The name has the prefix of another kind of element (`T_X` with `--kind normal`).
    #[error(
        "`{name}` is the chain-file name of a {named} law, but --kind is not {named}\n  help: use \
         --kind {named}, or name the element `{prefix}{bare}` (or just `{bare}`)"
    )]
    WrongKind {
        /// The name given.
        name: String,
        /// The kind its prefix names (`normal`, `tangential`).
        named: &'static str,
        /// The name without prefix.
        bare: String,
        /// The prefix of the kind asked for.
        prefix: &'static str,
    },
    /// The file exists.
    #[error(
        "{0} already exists\n  help: choose another --out directory or name, or pass --force to overwrite it"
    )]
    Exists(PathBuf),
    /// Writing failed.
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

/// `name` without a chain-file prefix (`N_`, `T_`, in either case).
fn unprefixed(name: &str) -> &str {
    for p in ["N_", "T_", "n_", "t_"] {
        if let Some(rest) = name.strip_prefix(p)
            && !rest.is_empty()
        {
            return rest;
        }
    }
    name
}

fn camel(name: &str) -> String {
    let name = unprefixed(name);
    let mut out = String::new();
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut cs = part.chars();
        if let Some(c) = cs.next() {
            out.push(c.to_ascii_uppercase());
            out.extend(cs);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "My");
    }
    out
}

fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Renders the element `name` (CamelCase, e.g. `Viscoelastic`) of `kind`. The chain-file
/// name may be given instead (`N_Viscoelastic` for a normal law): its prefix is the kind's.
///
/// ```
/// use catena::scaffold::{ElementKind, render};
/// let e = render("Viscoelastic", ElementKind::Normal).unwrap();
/// assert_eq!(e.ron_name, "N_Viscoelastic");
/// assert_eq!(e.file_name, "n_viscoelastic.rs");
/// assert!(e.source.contains("impl ChainElement for Viscoelastic"));
/// assert_eq!(render("N_Viscoelastic", ElementKind::Normal).unwrap(), e);
/// assert!(render("viscous-law", ElementKind::Normal).is_err());
/// ```
pub fn render(name: &str, kind: ElementKind) -> Result<NewElement, ScaffoldError> {
    let bare = unprefixed(name);
    if bare.len() < name.len() {
        let given = &name[..2];
        if given != kind.prefix() {
            let named = match given {
                "N_" => Some("normal"),
                "T_" => Some("tangential"),
                _ => None,
            };
            return Err(match named {
                Some(other) => ScaffoldError::WrongKind {
                    name: name.to_string(),
                    named: other,
                    bare: camel(name),
                    prefix: kind.prefix(),
                },
                None => ScaffoldError::BadName {
                    name: name.to_string(),
                    reason: "a prefix is written `N_` or `T_`",
                    suggestion: camel(name),
                },
            });
        }
        return render(bare, kind);
    }
    let bad = |reason| ScaffoldError::BadName {
        name: name.to_string(),
        reason,
        suggestion: camel(name),
    };
    let mut chars = name.chars();
    match chars.next() {
        None => return Err(bad("it is empty")),
        Some(c) if !c.is_ascii_uppercase() => return Err(bad("it must start with a capital")),
        _ => {}
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(bad("only letters and digits are allowed"));
    }
    let ron_name = format!("{}{name}", kind.prefix());
    if <crate::contact::Builtin as crate::contact::ElementSet>::names().contains(&ron_name.as_str())
    {
        return Err(ScaffoldError::BadName {
            name: name.to_string(),
            reason: "a built-in element already has this name",
            suggestion: format!("My{name}"),
        });
    }
    let stem = format!("{}{}", kind.file_prefix(), snake(name));
    let source = kind
        .template()
        .replace("__RON__", &ron_name)
        .replace("__Name__", name)
        .replace("__file__", &stem);
    Ok(NewElement {
        type_name: name.to_string(),
        ron_name,
        file_name: format!("{stem}.rs"),
        source,
    })
}

/// Writes the element into `dir` (created if missing); refuses to overwrite unless `force`.
/// Returns the file written.
pub fn new_element(
    name: &str,
    kind: ElementKind,
    dir: &Path,
    force: bool,
) -> Result<(NewElement, PathBuf), ScaffoldError> {
    let e = render(name, kind)?;
    let path = dir.join(&e.file_name);
    if path.exists() && !force {
        return Err(ScaffoldError::Exists(path));
    }
    std::fs::create_dir_all(dir).map_err(|err| ScaffoldError::Io(dir.to_path_buf(), err))?;
    std::fs::write(&path, &e.source).map_err(|err| ScaffoldError::Io(path.clone(), err))?;
    Ok((e, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_derived_and_checked() {
        let e = render("MyFriction", ElementKind::Tangential).unwrap();
        assert_eq!(
            (e.ron_name.as_str(), e.file_name.as_str()),
            ("T_MyFriction", "t_my_friction.rs")
        );
        assert!(!e.source.contains("__"), "a placeholder is left");
        let err = render("my law", ElementKind::Normal)
            .unwrap_err()
            .to_string();
        assert!(err.contains("capital") && err.contains("`MyLaw`"), "{err}");
        let err = render("Hertz", ElementKind::Normal)
            .unwrap_err()
            .to_string();
        assert!(err.contains("built-in") && err.contains("MyHertz"), "{err}");
    }

    #[test]
    fn the_chain_file_prefix_is_accepted_for_its_kind() {
        let e = render("N_MyLaw", ElementKind::Normal).unwrap();
        assert_eq!(
            (e.ron_name.as_str(), e.type_name.as_str()),
            ("N_MyLaw", "MyLaw")
        );
        let e = render("T_MyFriction", ElementKind::Tangential).unwrap();
        assert_eq!(e.ron_name, "T_MyFriction");
        let err = render("T_MyLaw", ElementKind::Normal)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--kind tangential"), "{err}");
        // A lower-case name suggests the CamelCase name, not `NMyLaw`.
        let err = render("n_my_law", ElementKind::Normal)
            .unwrap_err()
            .to_string();
        assert!(err.contains("`MyLaw`"), "{err}");
    }
}
