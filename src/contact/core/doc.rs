//! [`ElementDoc`] and [`Category`]: how an element documents itself for `catena elements`.

/// Role of an element in a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// Binds a side of the pair to body data.
    Data,
    /// Resolves the contact geometry.
    Resolver,
    /// Normal force law.
    Normal,
    /// Tangential (friction) force law.
    Tangential,
    /// Resistance law: a viscous force `−Γ v_rel` between the pair (mpacts' `N_T_*Resistance`).
    Resistance,
    /// Chooses how derivatives enter the implicit system.
    Matrix,
    /// Feeds forces and Jacobians into the global system.
    Assembler,
    /// Feedback to the contact detector.
    Feedback,
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Data => "data",
            Self::Resolver => "resolver",
            Self::Normal => "normal law",
            Self::Tangential => "tangential law",
            Self::Resistance => "resistance law",
            Self::Matrix => "contact matrix",
            Self::Assembler => "assembler",
            Self::Feedback => "feedback",
        })
    }
}

/// Documentation of an element, for `catena elements`.
#[derive(Debug, Clone, Copy)]
pub struct ElementDoc {
    /// Name as written in chain files.
    pub name: &'static str,
    /// Role.
    pub category: Category,
    /// One line.
    pub summary: &'static str,
    /// Formula, parameters with units and defaults, source.
    pub details: &'static str,
}
