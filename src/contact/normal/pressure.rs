//! Pressure laws between a cell's (or shell's) nodes and a surface: a pressure `p` on the node's
//! share of its surface, `A_c = Σ Āₜ/3` over the rest areas of the node's triangles (m²), so
//! that summed over the nodes the force is the pressure integrated over the surface. Side 1
//! is a shell (or cell) node, or a rod node with its projected area `A_c = 2r l̄ᵢ` (`r` the
//! radius, `l̄ᵢ` the rest Voronoi length); other pairs are rejected.
//! Against a cell's triangles (`Point_Triangle`) each node meets the cell once, at its closest
//! point (the cell surface rule of the resolver), so the integral counts every node once per
//! cell. Bound between all cells both ways (nodes of A on triangles of B and nodes of B on
//! triangles of A), the interface is counted twice: give each direction half the per-area
//! energy or pressure of the interface.
//!
//! * `N_LinearPressure` (mpacts, seed 003): `F = A_c (k δ − c Δ̇)` on overlap `δ = −gap > 0`,
//!   `k` a layer stiffness (Pa/m), `c` a damping (Pa·s/m), `Δ̇` the normal gap rate; energy
//!   `½ A_c k δ²`. As in mpacts the pressure is never negative: a damping stronger than the
//!   elastic part gives zero.
//! * `N_AdhesivePressure` (catena): an adhesion energy `W` per unit area with a short range
//!   `h₀` and a repulsive layer `k`, as the per-area potential
//!   `φ(g) = −W (1 − (g/h₀)²)²` for `0 ≤ g < h₀`, `φ(g) = −W + ½ k g²` for `g < 0`, 0 beyond:
//!   `C¹` everywhere (zero slope at `g = 0` and at `h₀`), its minimum `−W` at contact, so that
//!   separating a unit area of contact costs `W` (J/m²; the Young–Dupré adhesion energy).
//!   Node force `F = −A_c φ′(g)` along the normal (positive = repulsive), energy `A_c φ(g)`.
//!   With `area: Current` the share is the node's *current* one, `A_i(x) = Σ A_t(x)/3`, and
//!   the law also pulls the node's ring in the membrane's plane (`−φ ∇A_i`: adhesion lowers the
//!   membrane's tension where it binds; see [`super::current_area`]): what Young–Dupré's
//!   contact angle needs (`catena validate cell_doublet`).

use super::current_area::{add_current_area_terms, current_node_area};
use super::effective::{check_non_negative, check_positive};
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::core::PrimId;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs, SolverNeeds,
};
use crate::model::Model;
use serde::{Deserialize, Serialize};

/// The area share `A_c` (m²) of side 1's node: for a shell (or cell) node a third of the rest
/// area of each of its triangles, for a rod node its projected area `2r l̄ᵢ` (diameter times
/// the rest Voronoi length); `None` for other primitives.
pub fn node_area(model: &Model, prim: PrimId) -> Option<f64> {
    match prim {
        PrimId::ShellNode(n) => {
            let sh = &model.bodies.shells[n.shell as usize];
            Some(
                sh.topology.node_triangles[n.node as usize]
                    .iter()
                    .map(|&t| sh.rest_areas[t as usize] / 3.0)
                    .sum(),
            )
        }
        PrimId::RodNode(n) => {
            let rod = &model.bodies.rods[n.rod as usize];
            Some(2.0 * rod.section.contact_radius() * rod.voronoi[n.node as usize])
        }
        _ => None,
    }
}

/// `N_LinearPressure`: `F = A_c (k δ − c Δ̇)`, never negative.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearPressure {
    /// Layer stiffness `k` (Pa/m).
    pub stiffness: f64,
    /// Damping `c` (Pa·s/m), default 0.
    #[serde(default)]
    pub damping: f64,
}

impl Default for LinearPressure {
    /// k = 10¹⁰ Pa/m, no damping.
    fn default() -> Self {
        Self {
            stiffness: 1e10,
            damping: 0.0,
        }
    }
}

static LINEAR_DOC: ElementDoc = ElementDoc {
    name: "N_LinearPressure",
    category: Category::Normal,
    summary: "pressure linear in overlap on a shell node's area, F = A_c(kδ − cΔ̇)",
    details: "Parameters: stiffness k (Pa/m, required), damping c (Pa·s/m, default 0). Side 1 a shell or \
              cell node, A_c its share of the rest area (a third of each of its triangles'), or a rod node, \
              A_c = 2r l̄ᵢ (other pairs rejected). For overlap δ = −gap > 0: F = max(A_c(kδ − cΔ̇), 0), E = ½A_c kδ², exact \
              ∂f/∂x, ∂f/∂v. Against a cell's triangles each node meets the cell once (Point_Triangle's \
              cell surface rule). Source: mpacts N_LinearPressure (seed 003).",
};

impl ChainElement for LinearPressure {
    fn doc(&self) -> &'static ElementDoc {
        &LINEAR_DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::NORMAL_FORCE.with(Caps::CONTACT_AREA));
        if self.damping == 0.0 {
            g
        } else {
            g.dissipative()
        }
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("stiffness", "Pa/m", self.stiffness)?;
        check_non_negative("damping", "Pa·s/m", self.damping)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        let Some(area) = node_area(env.model, ctx.prim[0]) else {
            ctx.reject = true;
            return;
        };
        if delta.is_nan() || delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        let rate = -ctx.normal_velocity();
        let s = linear_pressure(area, self.stiffness, self.damping, delta, rate);
        ctx.contact_area = area;
        add_normal_force(ctx, s);
    }
}

/// The scalar law of [`LinearPressure`] at overlap `delta` (m) and overlap rate `rate` (m/s,
/// positive while approaching, `= −Δ̇`) on the area `area` (m²).
fn linear_pressure(area: f64, k: f64, c: f64, delta: f64, rate: f64) -> ScalarForce {
    let f = area * (k * delta + c * rate);
    let energy = 0.5 * area * k * delta * delta;
    if f <= 0.0 {
        return ScalarForce {
            energy,
            ..ScalarForce::default()
        };
    }
    ScalarForce {
        force: f,
        d_overlap: area * k,
        d_rate: area * c,
        energy,
    }
}

/// Which area share of a node a pressure law acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AreaShare {
    /// The rest share `Σ Ā/3` (a constant of the mesh).
    #[default]
    Rest,
    /// The current share `Σ A(x)/3` of a shell (or cell) node, whose gradient also acts on the
    /// node's ring; a rod node keeps its rest `2r l̄ᵢ`.
    Current,
}

/// `N_AdhesivePressure`: adhesion energy `W` per area within a range `h₀`, a repulsive layer
/// `k` on overlap.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdhesivePressure {
    /// Adhesion energy per unit area `W` (J/m²).
    pub energy: f64,
    /// Range `h₀` (m) of the attraction beyond contact.
    pub range: f64,
    /// Stiffness `k` (Pa/m) of the repulsive layer on overlap.
    pub stiffness: f64,
    /// The node's area share the energy is paid on (default `Rest`).
    #[serde(default)]
    pub area: AreaShare,
}

impl Default for AdhesivePressure {
    /// W = 10⁻⁴ J/m², h₀ = 10⁻⁷ m, k = 10¹¹ Pa/m, on the rest area.
    fn default() -> Self {
        Self {
            energy: 1e-4,
            range: 1e-7,
            stiffness: 1e11,
            area: AreaShare::Rest,
        }
    }
}

static ADHESIVE_DOC: ElementDoc = ElementDoc {
    name: "N_AdhesivePressure",
    category: Category::Normal,
    summary: "adhesion energy W per area within range h₀ plus a repulsive layer, on a shell node's area",
    details: "Parameters: energy W (J/m², ≥ 0), range h₀ (m, > 0), stiffness k (Pa/m, > 0), area Rest (default) or \
              Current. Side 1 a shell or \
              cell node (A_c its share of the rest area, or with area: Current of its current area, whose gradient \
              −φ∇A_c also pulls the node's ring: adhesion lowers the membrane's tension where it binds, as \
              Young–Dupré needs) or a rod node (A_c = 2r l̄ᵢ); other pairs rejected. Per-area potential \
              φ(g) = −W(1 − (g/h₀)²)² for 0 ≤ g < h₀, −W + ½kg² for g < 0, 0 beyond (C¹, minimum −W at \
              contact); F = −A_c φ′(g) (positive = repulsive), E = A_c φ(g), exact ∂f/∂x. Needs \
              keep_distance ≥ h₀. Conservative (no hysteresis). Against a cell's triangles each node \
              meets the cell once; bound both ways between cells, give each direction W/2. Source: \
              catena; the Young–Dupré adhesion energy of the deformable cell model (Odenthal et al. \
              2013, PLoS Comput. Biol. 9 e1003267).",
};

impl ChainElement for AdhesivePressure {
    fn doc(&self) -> &'static ElementDoc {
        &ADHESIVE_DOC
    }
    /// Acts up to the gap `h₀`: detection must keep pairs that close.
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds {
            reach: self.range,
            node_ring: self.area == AreaShare::Current,
            ..SolverNeeds::NONE
        })
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::CONTACT_AREA))
    }
    fn validate(&self) -> Result<(), String> {
        check_non_negative("energy", "J/m²", self.energy)?;
        check_positive("range", "m", self.range)?;
        check_positive("stiffness", "Pa/m", self.stiffness)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let Some(area) = node_area(env.model, ctx.prim[0]) else {
            ctx.reject = true;
            return;
        };
        let gap = ctx.gap;
        if gap.is_nan() || gap >= self.range {
            ctx.reject = true;
            return;
        }
        let current = match self.area {
            AreaShare::Current => {
                current_node_area(env.model, env.q, ctx.prim[0], ctx.want_jacobian)
            }
            AreaShare::Rest => None,
        };
        // The node's share counts as contact while it overlaps (as in `cell_contacts`).
        if gap < 0.0 {
            ctx.contact_area = current.as_ref().map_or(area, |s| s.area);
        }
        match current {
            Some(share) => {
                let (phi, d1, _) = self.potential(gap);
                add_normal_force(ctx, self.law(share.area, -gap));
                add_current_area_terms(ctx, share, phi, d1);
            }
            None => add_normal_force(ctx, self.law(area, -gap)),
        }
    }
}

impl AdhesivePressure {
    /// The scalar law on the area `area` (m²) at overlap `delta = −g` (m).
    fn law(&self, area: f64, delta: f64) -> ScalarForce {
        // φ(g), φ′(g), φ″(g); F = −A φ′(g) = A φ′ in δ … with dF/dδ = A φ″(g).
        let (phi, d1, d2) = self.potential(-delta);
        ScalarForce {
            force: -area * d1,
            d_overlap: area * d2,
            d_rate: 0.0,
            energy: area * phi,
        }
    }

    /// The per-area potential at gap `g` (m): `φ` (J/m²), `φ′` (Pa), `φ″` (Pa/m).
    fn potential(&self, g: f64) -> (f64, f64, f64) {
        let (w, h, k) = (self.energy, self.range, self.stiffness);
        if g < 0.0 {
            (-w + 0.5 * k * g * g, k * g, k)
        } else if g < h {
            let s = 1.0 - (g / h).powi(2);
            (
                -w * s * s,
                4.0 * w * g * s / (h * h),
                4.0 * w * (s - 2.0 * (g / h).powi(2)) / (h * h),
            )
        } else {
            (0.0, 0.0, 0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::normal::scalar_force::check_partials;

    #[test]
    fn adhesive_pressure_partials_and_energy_match_differences() {
        let law = AdhesivePressure {
            energy: 2e-4,
            range: 1e-7,
            stiffness: 1e11,
            area: AreaShare::Rest,
        };
        let area = 3e-13;
        for delta in [3e-8, 1e-9, -2e-8, -5e-8, -9e-8] {
            check_partials(|d, _| law.law(area, d), delta, 0.0, 1e-6);
        }
        // Minimum −W A at contact, zero at the range; separating costs W per area.
        assert!((law.law(area, 0.0).energy + 2e-4 * area).abs() < 1e-30);
        assert_eq!(law.law(area, -1e-7).energy, 0.0);
        assert_eq!(law.law(area, 0.0).force, 0.0);
        // Attractive (negative) beyond contact, repulsive on overlap.
        assert!(law.law(area, -3e-8).force < 0.0 && law.law(area, 1e-9).force > 0.0);
    }

    #[test]
    fn linear_pressure_partials_and_energy_match_differences() {
        for rate in [0.0, 1e-2, -1e-2] {
            check_partials(
                |d, r| linear_pressure(2e-13, 1e10, 1e3, d, r),
                2e-8,
                rate,
                1e-6,
            );
        }
        // Never pulls: a strong separation rate gives no force.
        assert_eq!(linear_pressure(2e-13, 1e10, 1e9, 1e-9, -1.0).force, 0.0);
    }
}
