//! `MyResolver`: a geometry resolver (written with `catena new-element MyResolver --kind resolver`).
//!
//! Formula (the skeleton's starting point, two spheres; replace it with your pair): with the
//! centres `x₁`, `x₂` (local points 0 and 1),
//! - `Δ = ‖x₂ − x₁‖` (m), `n = (x₂ − x₁)/Δ`, `gap = Δ − r₁ − r₂` (m);
//! - `∇Δ = (−n, n)` over the local coordinates;
//! - `∇²Δ = [[P, −P], [−P, P]]/Δ` with `P = I − nnᵀ` (1/m).
//!
//! A resolver must write `distance`, `gap`, `normal`, `contact_point`, `beta`, `contact_type`,
//! `grad` and `hess` of the [`ContactCtx`]; the laws after it read only those. Every gradient
//! must have the form `∇ₖΔ = wₖ n` on point `k` (true of any closest-point distance), which
//! friction laws rely on. It also gives its distance as a value-only kernel (`distance` below):
//! barrier chains (`N_IPC`) cap every Newton step by continuous collision detection on it, and
//! a chain that needs CCD with a resolver that gives none is refused when it is loaded.
//!
//! Source: cite the geometry you implement here.
//!
//! Use it in a chain file, after the two data elements of the kinds it needs:
//! ```ron
//! Sphere_1_Data, Sphere_2_Data, MyResolver,
//! ```
//! Register it in your crate's element set:
//! ```ignore
//! catena::element_set! {
//!     pub enum MyElements {
//!         Builtin(catena::contact::Builtin): set,
//!         MyResolver(r_my_resolver::MyResolver),
//!     }
//! }
//! ```
//! A resolver without parameters is a unit struct, written bare in RON (`MyResolver`), like
//! catena's own. Verify: `cargo test` runs the check below, which
//! compares `∇²Δ` with differences of `∇Δ` and `∇Δ` with differences of `Δ`.

use catena::contact::distance::ContactType;
use catena::contact::{
    Caps, Category, CcdKernel, ChainElement, ContactCtx, ElementDoc, Env, Gives, Mat12, Needs,
    PrimKind, Vec12,
};
use catena::math::{Mat3, Vec3};

/// `MyResolver`: centre distance of two spheres (see the module docs). No parameters.
#[derive(Debug, Clone, Copy, PartialEq, Default, catena::serde::Deserialize)]
#[serde(crate = "catena::serde", deny_unknown_fields)]
pub struct MyResolver;

/// The centre distance Δ (m) of side 1's points `a` and side 2's `b`, value only (the kernel
/// CCD advances on).
pub fn distance(a: &[Vec3], b: &[Vec3]) -> f64 {
    (b[0] - a[0]).norm()
}

static DOC: ElementDoc = ElementDoc {
    name: "MyResolver",
    category: Category::Resolver,
    summary: "sphere against sphere by centre distance",
    details: "Δ = ‖x₂ − x₁‖ (m), ∇Δ = (−n, n), ∇²Δ = [[P, −P], [−P, P]]/Δ. No parameters.",
};

impl ChainElement for MyResolver {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    /// Both sides bound, to spheres.
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds(PrimKind::Sphere, PrimKind::Sphere)
    }
    /// The geometry, and its distance kernel for CCD.
    fn gives(&self) -> Gives {
        Gives::caps(Caps::GEOMETRY).with_ccd(CcdKernel::Distance(distance))
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let d = ctx.x[1] - ctx.x[0];
        let dist = d.norm();
        if dist <= 0.0 {
            // Coincident centres: no normal is defined.
            ctx.reject = true;
            return;
        }
        let n = d / dist;
        ctx.distance = dist;
        ctx.gap = dist - ctx.radius[0] - ctx.radius[1];
        ctx.normal = n;
        ctx.contact_point = ctx.x[0] + n * (ctx.radius[0] + 0.5 * ctx.gap);
        ctx.beta = [0.0, 0.0];
        ctx.contact_type = ContactType::PointPoint;
        let mut grad = Vec12::zeros();
        grad.fixed_rows_mut::<3>(0).copy_from(&-n);
        grad.fixed_rows_mut::<3>(3).copy_from(&n);
        ctx.grad = grad;
        let p = (Mat3::identity() - n * n.transpose()) / dist;
        let mut hess = Mat12::zeros();
        hess.fixed_view_mut::<3, 3>(0, 0).copy_from(&p);
        hess.fixed_view_mut::<3, 3>(3, 3).copy_from(&p);
        hess.fixed_view_mut::<3, 3>(0, 3).copy_from(&-p);
        hess.fixed_view_mut::<3, 3>(3, 0).copy_from(&-p);
        ctx.hess = hess;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catena::contact::Chain;
    use catena::verify::{Checked, Options, jacobians};

    catena::element_set! {
        /// The built-ins and this element.
        enum Elements {
            /// The element under test.
            Builtin(catena::contact::Builtin): set,
            MyResolver(MyResolver),
        }
    }

    #[test]
    fn gradient_and_hessian_match_finite_differences() {
        let src = "Chain(name: \"test\", elements: [Sphere_1_Data, Sphere_2_Data, MyResolver, \
                   N_Hertz(), AssembleForces])";
        let chain = Chain::<Elements>::parse(src, std::path::Path::new("test.ron")).unwrap();
        let report = jacobians(&chain, &Options::default()).unwrap();
        assert!(report.passed(), "{report}");
        let row = report.row("MyResolver").unwrap();
        assert_eq!(row.checked, Checked::Geometry);
        assert_eq!(row.acted, Options::default().samples, "{report}");
    }
}
