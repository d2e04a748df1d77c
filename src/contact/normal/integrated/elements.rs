//! The integrated normal-law elements `N_Hertz_Int`, `N_DampedHertz_Int`,
//! `N_LinearPressure_Int` (mpacts, seed 003; Smeets et al. 2015). Each adds its pressure
//! ([`PressureLaw`]) to the pair's rounded-triangle record, integrates the pressures at the
//! current state and sets the normal force `F` (the triangle's share of the contact) for the
//! laws after it; `DistributeForcesAndMomentsToTriangle_1_Nodes` then writes the nodal forces
//! and their Jacobians. Pairs whose encompassing spheres do not overlap are rejected.

use super::kernel::evaluate;
use super::pair_kernel::evaluate_pair;
use super::pressure::PressureLaw;
use crate::contact::WidePair;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::effective::effective_modulus;
use crate::contact::normal::{check_non_negative, check_optional_positive, check_positive};
use crate::contact::resolve::rounded_triangle::Counterpart;
use serde::{Deserialize, Serialize};

/// Adds `law` to the record and evaluates the integrated pressures; rejects the pair when the
/// record is missing (no rounded resolver ran), full, or nothing acts.
///
/// A two-triangle pair (`RoundedTriangle_RoundedTriangle`) is evaluated by the two-triangle
/// kernel ([`evaluate_pair`]) over its six nodes.
pub(super) fn integrate_law(ctx: &mut ContactCtx, law: PressureLaw) {
    let (x, v) = (ctx.x, ctx.v);
    let six = WidePair::six(ctx);
    let Some(rec) = ctx.rounded.as_mut() else {
        ctx.reject = true;
        return;
    };
    if !rec.spec.push_law(law) {
        ctx.reject = true;
        return;
    }
    let integral = if let Counterpart::Triangle { radius } = rec.spec.other {
        rec.pair = six.and_then(|(x6, v6)| {
            evaluate_pair(
                &rec.spec.law_list(),
                [rec.spec.inverse_curvature, radius],
                &x6,
                &v6,
            )
        });
        rec.pair.map(|o| o.integral)
    } else {
        rec.outcome = evaluate(&rec.spec, &x, &v);
        rec.outcome.map(|o| o.integral)
    };
    match integral {
        Some(i) => {
            ctx.normal_force = i.force;
            ctx.contact_area = i.contact_area;
        }
        None => ctx.reject = true,
    }
}

pub(super) const NEEDS: Needs = Needs::caps(Caps::POLYGON);

/// `N_Hertz_Int`: Hertz pressure integrated over the polygon.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HertzInt {
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
}

static HERTZ_DOC: ElementDoc = ElementDoc {
    name: "N_Hertz_Int",
    category: Category::Normal,
    summary: "Hertz pressure p = 2Ê/(πR̂) √(a² − r²) integrated over a rounded triangle's polygon",
    details: "Parameters (optional; write `N_Hertz_Int()` for none): effective_modulus Ê (Pa), by \
              default 1/Ê = Σ(1 − ν²)/E from the bound materials. With δ, R̂ and the contact point P of \
              the encompassing spheres (RoundedTriangle_Sphere or _Plane), a = √(δR̂), the pressure \
              p(r) = 2Ê/(πR̂) √(a² − r²) (r the in-plane distance from P) is integrated over the \
              intersection polygon clipped to the 16-gon circumscribing the contact circle (fan of \
              triangles, 16-point degree-8 rule each) to a force F and a moment about P; when 0.1(N_i − 2)·16·πa² < A_i (small overlap) F = (4/3)Ê√R̂ δ^{3/2} × \
              A(polygon ∩ circle)/(πa²), at the centroid of polygon ∩ circle. Over a closed mesh of \
              R_t = R the triangles' forces sum to Hertz's. Needs DistributeForcesAndMomentsToTriangle_1_Nodes \
              after it. No energy (the quadrature is not a potential). Source: mpacts N_Hertz_Int \
              (seed 003); Smeets et al. 2015; Johnson (1985) Eq. 4.22.",
};

impl ChainElement for HertzInt {
    fn doc(&self) -> &'static ElementDoc {
        &HERTZ_DOC
    }
    fn needs(&self) -> Needs {
        NEEDS
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::PRESSURE.with(Caps::CONTACT_AREA)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let modulus = effective_modulus(ctx, self.effective_modulus);
        integrate_law(ctx, PressureLaw::Hertz { modulus });
    }
}

/// `N_DampedHertz_Int`: damped Hertz pressure integrated over the polygon.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DampedHertzInt {
    /// Dissipative constant `Â` (s).
    pub damping_time: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
}

static DAMPED_DOC: ElementDoc = ElementDoc {
    name: "N_DampedHertz_Int",
    category: Category::Normal,
    summary: "damped Hertz pressure p = (Ê/π)√(a² − r²)(3Âδ̇/a² + 2/R̂) integrated over a rounded triangle's polygon",
    details: "Parameters: damping_time Â (s, ≥ 0); optional effective_modulus Ê (Pa). As N_Hertz_Int with \
              the pressure p(r) = (Ê/π)√(a² − r²)(3Âδ̇/a² + 2/R̂) (δ̇ the encompassing spheres' overlap \
              rate, positive while approaching), whose full-sphere force is (4/3)Ê√R̂ δ^{3/2} + \
              2ÊÂ√R̂ δ̇ δ^{1/2}: Brilliantov et al.'s (3/2)Â, so the same damping_time damps 3/2 times more \
              than N_DampedHertz's (4/3)Ê√R̂Âδ̇√δ. Assembled as is (may pull at the end of an impact). \
              Source: mpacts N_DampedHertz_Int (seed 003); Smeets et al. 2015; Brilliantov et al. (1996) \
              Eq. 17.",
};

impl ChainElement for DampedHertzInt {
    fn doc(&self) -> &'static ElementDoc {
        &DAMPED_DOC
    }
    fn needs(&self) -> Needs {
        NEEDS
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::PRESSURE.with(Caps::CONTACT_AREA)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_non_negative("damping_time", "s", self.damping_time)?;
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let modulus = effective_modulus(ctx, self.effective_modulus);
        integrate_law(
            ctx,
            PressureLaw::DampedHertz {
                modulus,
                damping_time: self.damping_time,
            },
        );
    }
}

/// `N_LinearPressure_Int`: a uniform pressure `kδ + cδ̇` on the geometric contact circle.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearPressureInt {
    /// Layer stiffness `k` (Pa/m).
    pub stiffness: f64,
    /// Damping `c` (Pa·s/m), default 0.
    #[serde(default)]
    pub damping: f64,
}

static LINEAR_DOC: ElementDoc = ElementDoc {
    name: "N_LinearPressure_Int",
    category: Category::Normal,
    summary: "uniform pressure p = kδ + cδ̇ on the geometric contact circle, integrated over a rounded triangle's polygon",
    details: "Parameters: stiffness k (Pa/m, > 0), damping c (Pa·s/m, default 0). The pressure \
              p = max(kδ + cδ̇, 0) acts on the geometric contact circle of the encompassing spheres, \
              r < a_g = √(2R̂δ) (where the undeformed surfaces cross, to first order in δ/R̂); being \
              uniform it is integrated exactly over polygon ∩ circle: F = p·A(polygon ∩ circle), at \
              its centroid (the small-overlap fallback of mpacts gives the same). Over a closed mesh \
              the triangles' forces sum to p·πa_g² = 2πR̂kδ² (c = 0). Needs \
              DistributeForcesAndMomentsToTriangle_1_Nodes after it. Source: mpacts \
              N_LinearPressure_Int (seed 003); Smeets et al. 2015.",
};

impl ChainElement for LinearPressureInt {
    fn doc(&self) -> &'static ElementDoc {
        &LINEAR_DOC
    }
    fn needs(&self) -> Needs {
        NEEDS
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::PRESSURE.with(Caps::CONTACT_AREA)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("stiffness", "Pa/m", self.stiffness)?;
        check_non_negative("damping", "Pa·s/m", self.damping)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        integrate_law(
            ctx,
            PressureLaw::Linear {
                stiffness: self.stiffness,
                damping: self.damping,
            },
        );
    }
}
