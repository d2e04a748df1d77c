//! `ComputeContactMatrixElementStatic` / `…Underdamped` / `…Overdamped` (choose how the force
//! derivatives enter the global Jacobian) and `AssembleContactMatrix` (adds the block).
//!
//! catena integrates positions with implicit Euler, `J = M/Δt² − ∂F/∂q − (1/Δt)∂F/∂v`, so the
//! mpacts matrix elements map onto the contact block `J_c` as (see [`MatrixMode`]):
//! * Static, `M₁₂ = ∇ₓF` → `J_c = −∂f/∂x`;
//! * Underdamped, `M₁₂ = λΔt(∇ᵥF + Δt∇ₓF)` (velocity form) → divided by `Δt²`:
//!   `J_c = −λ(∂f/∂x + ∂f/∂v/Δt)`;
//! * Overdamped, `M₁₂ = ∇ᵥF + λΔt∇ₓF` → divided by `Δt`: `J_c = −(λ∂f/∂x + ∂f/∂v/Δt)`.
//!
//! With `λ = 1` the first two are the exact Newton Jacobian; other choices make Newton
//! converge linearly at best. Without a matrix element, `AssembleContactMatrix` uses the exact
//! underdamped block.

use crate::contact::ctx::{ContactCtx, MatrixMode};
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::Deserialize;

/// `ComputeContactMatrixElementStatic`: `J_c = −∂f/∂x`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct MatrixStatic;

/// `ComputeContactMatrixElementUnderdamped`: `J_c = −λ(∂f/∂x + ∂f/∂v/Δt)`.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixUnderdamped {
    /// Implicitness λ ∈ [0, 1] (default 1).
    #[serde(default = "one")]
    pub implicitness: f64,
}

/// `ComputeContactMatrixElementOverdamped`: `J_c = −(λ∂f/∂x + ∂f/∂v/Δt)`.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixOverdamped {
    /// Implicitness λ ∈ [0, 1] (default 1).
    #[serde(default = "one")]
    pub implicitness: f64,
}

fn one() -> f64 {
    1.0
}

impl Default for MatrixUnderdamped {
    fn default() -> Self {
        Self { implicitness: 1.0 }
    }
}
impl Default for MatrixOverdamped {
    fn default() -> Self {
        Self { implicitness: 1.0 }
    }
}

static STATIC: ElementDoc = ElementDoc {
    name: "ComputeContactMatrixElementStatic",
    category: Category::Matrix,
    summary: "contact block J_c = −∂f/∂x (static spring network)",
    details: "mpacts M₁₂ = ∇ₓF, for quasi-static solves: velocity derivatives are dropped. No parameters.",
};
static UNDER: ElementDoc = ElementDoc {
    name: "ComputeContactMatrixElementUnderdamped",
    category: Category::Matrix,
    summary: "contact block J_c = −λ(∂f/∂x + ∂f/∂v/Δt) (inertial dynamics; exact for λ = 1)",
    details: "mpacts M₁₂ = λΔt(∇ᵥF + Δt∇ₓF), divided by Δt² for catena's position-form implicit Euler. \
              Parameter: implicitness λ ∈ [0, 1] (default 1).",
};
static OVER: ElementDoc = ElementDoc {
    name: "ComputeContactMatrixElementOverdamped",
    category: Category::Matrix,
    summary: "contact block J_c = −(λ∂f/∂x + ∂f/∂v/Δt) (overdamped dynamics)",
    details: "mpacts M₁₂ = ∇ᵥF + λΔt∇ₓF, divided by Δt. Parameter: implicitness λ ∈ [0, 1] (default 1).",
};

fn check_implicitness(l: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&l) {
        Ok(())
    } else {
        Err(format!("implicitness must be in [0, 1], got {l}"))
    }
}

macro_rules! matrix_element {
    ($ty:ident, $doc:ident, |$s:ident| $mode:expr, |$v:ident| $valid:expr) => {
        impl ChainElement for $ty {
            fn doc(&self) -> &'static ElementDoc {
                &$doc
            }
            fn needs(&self) -> Needs {
                Needs::caps(Caps::NORMAL_FORCE)
            }
            fn gives(&self) -> Gives {
                Gives::caps(Caps::MATRIX_MODE)
            }
            fn validate(&self) -> Result<(), String> {
                let $v = self;
                $valid
            }
            fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
                let $s = self;
                ctx.matrix_mode = $mode;
            }
        }
    };
}

matrix_element!(MatrixStatic, STATIC, |_s| MatrixMode::Static, |_v| Ok(()));
matrix_element!(
    MatrixUnderdamped,
    UNDER,
    |s| MatrixMode::Underdamped {
        implicitness: s.implicitness
    },
    |v| check_implicitness(v.implicitness)
);
matrix_element!(
    MatrixOverdamped,
    OVER,
    |s| MatrixMode::Overdamped {
        implicitness: s.implicitness
    },
    |v| check_implicitness(v.implicitness)
);

/// Adds the contact block to the global Jacobian.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleContactMatrix;

static ASSEMBLE: ElementDoc = ElementDoc {
    name: "AssembleContactMatrix",
    category: Category::Assembler,
    summary: "adds the contact Jacobian block to the global implicit system",
    details: "Adds J_c (from the chosen ComputeContactMatrixElement*, default underdamped λ = 1) over the \
              rows of the sides whose forces are assembled and the columns of all the pair's DOFs. \
              Nothing for rejected pairs. No parameters.",
};

impl ChainElement for AssembleContactMatrix {
    fn doc(&self) -> &'static ElementDoc {
        &ASSEMBLE
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::FORCES_ASSEMBLED)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::MATRIX_ASSEMBLED)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        ctx.assemble_matrix = true;
    }
}
