//! [`Interface`]: which interface a help line speaks to, so that the same error tells a
//! command-line user to "pass --force" and a Python user to "pass force=True".

/// The interface an error is reported through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Interface {
    /// The `catena` command line: options are flags (`--force`, `--out DIR`).
    #[default]
    Cli,
    /// The Python package: options are keyword arguments (`force=True`, `out=...`).
    Python,
}

impl Interface {
    /// `cli` on the command line, `python` in Python.
    pub fn say(self, cli: &'static str, python: &'static str) -> &'static str {
        match self {
            Self::Cli => cli,
            Self::Python => python,
        }
    }

    /// How to ask for replacing earlier output: `--force` or `force=True`.
    pub fn force(self) -> &'static str {
        self.say("--force", "force=True")
    }

    /// The output directory option: `--out directory` or `out directory`.
    pub fn out_dir(self) -> &'static str {
        self.say("--out directory", "`out` directory")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_interface_has_its_words() {
        assert_eq!(Interface::default().force(), "--force");
        assert_eq!(Interface::Python.force(), "force=True");
        assert_eq!(Interface::Python.out_dir(), "`out` directory");
    }
}
