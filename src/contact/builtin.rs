//! The built-in elements, dispatched statically with `enum_dispatch`, and the [`ElementSet`]
//! trait through which chain files name them (and through which a user crate adds its own).

use super::assemble::{
    AssembleContactMatrix, AssembleForces, Feedback, FeedbackDistance, MatrixElement, NoFeedback,
};
use super::ctx::MatrixMode;
use super::data::{CapsuleData, PlaneData, PointData, SphereData};
use super::element::ChainElement;
#[allow(unused_imports)]
use super::element::ElementDoc;
use super::normal::{
    DampedHertz, Dmt, Hertz, Imc, ImcStiffness, Ipc, IpcStiffness, Jkr, LinearDamper,
    LinearDamperOverlap, LinearForce, Spring, SpringDamper,
};
use super::resolve::{
    CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, SpherePlane, SpherePoint,
    SphereSphere,
};
use super::tangential::{CoulombFriction, CundallStrack, ImcFriction, IpcFriction};
use enum_dispatch::enum_dispatch;
use serde::Deserialize;
use serde::de::{self, Deserializer, EnumAccess, VariantAccess, Visitor};
use std::marker::PhantomData;

/// Every element that ships with catena.
#[enum_dispatch(ChainElement)]
#[derive(Debug, Clone, PartialEq)]
pub enum Builtin {
    /// `Deformable_Capsule_{1,2}_Data`.
    CapsuleData(CapsuleData),
    /// `Sphere_{1,2}_Data`.
    SphereData(SphereData),
    /// `Point_{1,2}_Data`.
    PointData(PointData),
    /// `Plane_2_Data`.
    PlaneData(PlaneData),
    /// `Capsule_Capsule`.
    CapsuleCapsule(CapsuleCapsule),
    /// `Capsule_Sphere`.
    CapsuleSphere(CapsuleSphere),
    /// `Sphere_Sphere`.
    SphereSphere(SphereSphere),
    /// `Sphere_Point`.
    SpherePoint(SpherePoint),
    /// `Point_Point`.
    PointPoint(PointPoint),
    /// `Point_Plane`.
    PointPlane(PointPlane),
    /// `Sphere_Plane`.
    SpherePlane(SpherePlane),
    /// `Capsule_Plane`.
    CapsulePlane(CapsulePlane),
    /// `N_LinearForce`.
    LinearForce(LinearForce),
    /// `N_IMC`.
    Imc(Imc),
    /// `T_IMC`.
    ImcFriction(ImcFriction),
    /// `N_IPC`.
    Ipc(Ipc),
    /// `T_IPC`.
    IpcFriction(IpcFriction),
    /// `N_Hertz`.
    Hertz(Hertz),
    /// `N_DampedHertz`.
    DampedHertz(DampedHertz),
    /// `Spring`.
    Spring(Spring),
    /// `Spring_Damper`.
    SpringDamper(SpringDamper),
    /// `LinearDamper`.
    LinearDamper(LinearDamper),
    /// `LinearDamperOverlap`.
    LinearDamperOverlap(LinearDamperOverlap),
    /// `N_DMT`.
    Dmt(Dmt),
    /// `N_JKR`.
    Jkr(Jkr),
    /// `T_CoulombFriction`.
    CoulombFriction(CoulombFriction),
    /// `T_CundallStrack`.
    CundallStrack(CundallStrack),
    /// `ComputeContactMatrixElement{Static,Underdamped,Overdamped}`.
    MatrixElement(MatrixElement),
    /// `AssembleForces`, `AssembleForces_1`, `AssembleForces_2`.
    AssembleForces(AssembleForces),
    /// `AssembleContactMatrix`.
    AssembleContactMatrix(AssembleContactMatrix),
    /// `Feedback`.
    Feedback(Feedback),
    /// `FeedbackDistance`.
    FeedbackDistance(FeedbackDistance),
    /// `NoFeedback`.
    NoFeedback(NoFeedback),
}

/// A set of chain elements that chain files can name: the built-ins, or a user's set that wraps
/// them (see `examples/custom_element.rs` and [`crate::element_set!`], which implements it).
///
/// ```
/// use catena::contact::{Builtin, ChainElement, ElementSet};
/// assert!(Builtin::names().contains(&"Capsule_Capsule"));
/// let hertz = Builtin::catalogue().into_iter().find(|e| e.doc().name == "N_Hertz").unwrap();
/// assert!(hertz.validate().is_ok());
/// ```
pub trait ElementSet: ChainElement + Sized + Send + Sync + Clone + std::fmt::Debug {
    /// Every name a chain file may use.
    fn names() -> &'static [&'static str];
    /// Builds the element called `name` from the rest of its RON variant: unit elements take no
    /// body (`Capsule_Capsule`), parametrised ones a struct body (`N_LinearForce(stiffness: 1e3)`).
    fn from_variant<'de, A: VariantAccess<'de>>(name: &str, variant: A) -> Result<Self, A::Error>;
    /// One instance of every element, with default or typical parameters (for documentation
    /// and for naming the elements that could fix an invalid chain).
    fn catalogue() -> Vec<Self>;
}

/// Deserialises any [`ElementSet`] from RON: reads the element name, reports an unknown name
/// with the list of known ones (RON adds line:column; catena adds the closest name), then reads
/// the element's body.
pub fn deserialize_element<'de, D: Deserializer<'de>, E: ElementSet>(d: D) -> Result<E, D::Error> {
    struct V<E>(PhantomData<E>);
    impl<'de, E: ElementSet> Visitor<'de> for V<E> {
        type Value = E;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(
                "a chain element, e.g. `Capsule_Capsule` or `N_LinearForce(stiffness: 1e3)`",
            )
        }
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<E, A::Error> {
            let (VariantName(name), variant): (VariantName, A::Variant) = data.variant()?;
            if !E::names().contains(&name.as_str()) {
                return Err(de::Error::unknown_variant(&name, E::names()));
            }
            E::from_variant(&name, variant)
        }
    }
    d.deserialize_enum("Element", E::names(), V(PhantomData))
}

/// An enum variant's name, read as an identifier.
struct VariantName(String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct I;
        impl<'de> Visitor<'de> for I {
            type Value = VariantName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an element name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<VariantName, E> {
                Ok(VariantName(v.to_string()))
            }
        }
        d.deserialize_identifier(I)
    }
}

impl<'de> Deserialize<'de> for Builtin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_element(d)
    }
}

/// Parameters of the underdamped/overdamped matrix elements.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct Implicitness {
    #[serde(default = "one")]
    implicitness: f64,
}

fn one() -> f64 {
    1.0
}

const NAMES: &[&str] = &[
    "Deformable_Capsule_1_Data",
    "Deformable_Capsule_2_Data",
    "Sphere_1_Data",
    "Sphere_2_Data",
    "Point_1_Data",
    "Point_2_Data",
    "Plane_2_Data",
    "Capsule_Capsule",
    "Capsule_Sphere",
    "Sphere_Sphere",
    "Sphere_Point",
    "Point_Point",
    "Point_Plane",
    "Sphere_Plane",
    "Capsule_Plane",
    "N_LinearForce",
    "N_IMC",
    "T_IMC",
    "N_IPC",
    "T_IPC",
    "N_Hertz",
    "N_DampedHertz",
    "Spring",
    "Spring_Damper",
    "LinearDamper",
    "LinearDamperOverlap",
    "N_DMT",
    "N_JKR",
    "T_CoulombFriction",
    "T_CundallStrack",
    "ComputeContactMatrixElementStatic",
    "ComputeContactMatrixElementUnderdamped",
    "ComputeContactMatrixElementOverdamped",
    "AssembleForces",
    "AssembleForces_1",
    "AssembleForces_2",
    "AssembleContactMatrix",
    "Feedback",
    "FeedbackDistance",
    "NoFeedback",
];

impl ElementSet for Builtin {
    fn names() -> &'static [&'static str] {
        NAMES
    }

    fn from_variant<'de, A: VariantAccess<'de>>(name: &str, v: A) -> Result<Self, A::Error> {
        Ok(match name {
            "N_LinearForce" => Builtin::LinearForce(v.newtype_variant::<LinearForce>()?),
            "N_IMC" => Builtin::Imc(v.newtype_variant::<Imc>()?),
            "T_IMC" => Builtin::ImcFriction(v.newtype_variant::<ImcFriction>()?),
            "N_IPC" => Builtin::Ipc(v.newtype_variant::<Ipc>()?),
            "T_IPC" => Builtin::IpcFriction(v.newtype_variant::<IpcFriction>()?),
            "N_Hertz" => Builtin::Hertz(v.newtype_variant::<Hertz>()?),
            "N_DampedHertz" => Builtin::DampedHertz(v.newtype_variant::<DampedHertz>()?),
            "Spring" => Builtin::Spring(v.newtype_variant::<Spring>()?),
            "Spring_Damper" => Builtin::SpringDamper(v.newtype_variant::<SpringDamper>()?),
            "LinearDamper" => Builtin::LinearDamper(v.newtype_variant::<LinearDamper>()?),
            "LinearDamperOverlap" => {
                Builtin::LinearDamperOverlap(v.newtype_variant::<LinearDamperOverlap>()?)
            }
            "N_DMT" => Builtin::Dmt(v.newtype_variant::<Dmt>()?),
            "N_JKR" => Builtin::Jkr(v.newtype_variant::<Jkr>()?),
            "T_CoulombFriction" => {
                Builtin::CoulombFriction(v.newtype_variant::<CoulombFriction>()?)
            }
            "T_CundallStrack" => Builtin::CundallStrack(v.newtype_variant::<CundallStrack>()?),
            "ComputeContactMatrixElementUnderdamped" => {
                let p = v.newtype_variant::<Implicitness>()?;
                Builtin::MatrixElement(MatrixElement {
                    mode: MatrixMode::Underdamped {
                        implicitness: p.implicitness,
                    },
                })
            }
            "ComputeContactMatrixElementOverdamped" => {
                let p = v.newtype_variant::<Implicitness>()?;
                Builtin::MatrixElement(MatrixElement {
                    mode: MatrixMode::Overdamped {
                        implicitness: p.implicitness,
                    },
                })
            }
            unit => {
                v.unit_variant()?;
                unit_element(unit).ok_or_else(|| de::Error::unknown_variant(unit, NAMES))?
            }
        })
    }

    fn catalogue() -> Vec<Self> {
        let mut all: Vec<Builtin> = NAMES.iter().filter_map(|n| unit_element(n)).collect();
        all.push(Builtin::LinearForce(LinearForce {
            stiffness: 1e3,
            damping: 0.0,
            damping_onset: 0.0,
        }));
        all.push(Builtin::Imc(Imc::new(
            1e-5,
            ImcStiffness::Adaptive {
                scale: 1e5,
                floor: 0.0,
            },
        )));
        all.push(Builtin::ImcFriction(ImcFriction {
            mu: 0.1,
            slip_tolerance: 1e-4,
        }));
        all.push(Builtin::Ipc(Ipc::new(
            1e-4,
            IpcStiffness::Adaptive {
                min_scale: 1e11,
                max_factor: 100.0,
            },
        )));
        all.push(Builtin::IpcFriction(IpcFriction {
            mu: 0.1,
            eps_v: 1e-3,
            lag_updates: 0,
        }));
        all.push(Builtin::Hertz(Hertz::default()));
        all.push(Builtin::DampedHertz(DampedHertz {
            damping_time: 1e-4,
            ..Default::default()
        }));
        all.push(Builtin::Spring(Spring {
            stiffness: Some(1e3),
            ..Default::default()
        }));
        all.push(Builtin::SpringDamper(SpringDamper {
            stiffness: Some(1e3),
            damping: 0.1,
            ..Default::default()
        }));
        all.push(Builtin::LinearDamper(LinearDamper { damping: 0.1 }));
        all.push(Builtin::LinearDamperOverlap(LinearDamperOverlap {
            damping: 0.1,
            damping_onset: 0.0,
        }));
        all.push(Builtin::Dmt(Dmt {
            surface_energy: 0.05,
            ..Default::default()
        }));
        all.push(Builtin::Jkr(Jkr {
            surface_energy: 0.05,
            ..Default::default()
        }));
        all.push(Builtin::CoulombFriction(CoulombFriction {
            mu: 0.3,
            c_t: 10.0,
            cap_smoothing: 0.02,
        }));
        all.push(Builtin::CundallStrack(CundallStrack {
            mu_s: 0.5,
            mu_d: Some(0.4),
            k_t: 1e4,
            c_t: 0.0,
            cap_smoothing: 0.02,
        }));
        for mode in [
            MatrixMode::Underdamped { implicitness: 1.0 },
            MatrixMode::Overdamped { implicitness: 1.0 },
        ] {
            all.push(Builtin::MatrixElement(MatrixElement { mode }));
        }
        all
    }
}

/// The element of a parameterless name.
fn unit_element(name: &str) -> Option<Builtin> {
    Some(match name {
        "Deformable_Capsule_1_Data" => Builtin::CapsuleData(CapsuleData { side: 0 }),
        "Deformable_Capsule_2_Data" => Builtin::CapsuleData(CapsuleData { side: 1 }),
        "Sphere_1_Data" => Builtin::SphereData(SphereData { side: 0 }),
        "Sphere_2_Data" => Builtin::SphereData(SphereData { side: 1 }),
        "Point_1_Data" => Builtin::PointData(PointData { side: 0 }),
        "Point_2_Data" => Builtin::PointData(PointData { side: 1 }),
        "Plane_2_Data" => Builtin::PlaneData(PlaneData),
        "Capsule_Capsule" => Builtin::CapsuleCapsule(CapsuleCapsule),
        "Capsule_Sphere" => Builtin::CapsuleSphere(CapsuleSphere),
        "Sphere_Sphere" => Builtin::SphereSphere(SphereSphere),
        "Sphere_Point" => Builtin::SpherePoint(SpherePoint),
        "Point_Point" => Builtin::PointPoint(PointPoint),
        "Point_Plane" => Builtin::PointPlane(PointPlane),
        "Sphere_Plane" => Builtin::SpherePlane(SpherePlane),
        "Capsule_Plane" => Builtin::CapsulePlane(CapsulePlane),
        "ComputeContactMatrixElementStatic" => Builtin::MatrixElement(MatrixElement {
            mode: MatrixMode::Static,
        }),
        "AssembleForces" => Builtin::AssembleForces(AssembleForces {
            first: true,
            second: true,
        }),
        "AssembleForces_1" => Builtin::AssembleForces(AssembleForces {
            first: true,
            second: false,
        }),
        "AssembleForces_2" => Builtin::AssembleForces(AssembleForces {
            first: false,
            second: true,
        }),
        "AssembleContactMatrix" => Builtin::AssembleContactMatrix(AssembleContactMatrix),
        "Feedback" => Builtin::Feedback(Feedback),
        "FeedbackDistance" => Builtin::FeedbackDistance(FeedbackDistance),
        "NoFeedback" => Builtin::NoFeedback(NoFeedback),
        _ => return None,
    })
}

/// Defines a user element set: an enum with the built-ins plus the user's own elements, a
/// statically dispatched [`ChainElement`] impl (a plain `match`), its [`ElementSet`] impl and
/// its `Deserialize`. enum_dispatch cannot link a trait and an enum across crates, hence this macro.
///
/// Each user element type must implement [`ChainElement`], `Deserialize`, `Clone`, `Debug`, and
/// `Default` (used for the catalogue); it is written in RON as `Name(field: value, …)`
/// (`Name()` when it has no parameters).
///
/// ```
/// use catena::contact::{Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc};
/// use catena::contact::{ElementSet, Env, Gives, Needs};
///
/// /// `LinearDrag`: a normal damper `F = −c ∇Δ·v` (c in N·s/m), without energy.
/// #[derive(Debug, Clone, Copy, Default, catena::serde::Deserialize)]
/// #[serde(crate = "catena::serde", deny_unknown_fields)]
/// pub struct Drag {
///     /// Damping c (N·s/m).
///     pub c: f64,
/// }
/// static DOC: ElementDoc = ElementDoc {
///     name: "N_Drag",
///     category: Category::Normal,
///     summary: "normal damper",
///     details: "F = −c ∇Δ·v. Parameters: c (N·s/m).",
/// };
/// impl ChainElement for Drag {
///     fn doc(&self) -> &'static ElementDoc { &DOC }
///     fn needs(&self) -> Needs { Needs::caps(Caps::GEOMETRY) }
///     fn gives(&self) -> Gives { Gives::caps(Caps::NORMAL_FORCE) }
///     fn is_conservative(&self) -> bool { false }
///     fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
///         let f = -self.c * ctx.normal_velocity();
///         ctx.normal_force += f;
///         ctx.force += ctx.grad * f;
///         if ctx.want_jacobian {
///             let (g, hv) = (ctx.grad, ctx.hess * ctx.velocity());
///             ctx.dfdx += ctx.hess * f - g * hv.transpose() * self.c;
///             ctx.dfdv -= g * g.transpose() * self.c;
///         }
///     }
/// }
///
/// catena::element_set! {
///     /// The built-ins plus this crate's elements.
///     pub enum MyElements {
///         /// A normal damper.
///         "N_Drag" => Drag(Drag),
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// assert!(MyElements::names().contains(&"N_Drag") && MyElements::names().contains(&"N_Hertz"));
/// let chain = Chain::<MyElements>::parse(
///     "Chain(name: \"drag\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, N_Hertz(),
///         N_Drag(c: 0.1), AssembleForces])",
///     std::path::Path::new("drag.ron"),
/// )?;
/// assert_eq!(chain.elements[4].doc().name, "N_Drag");
/// // A misspelt name is an error with its position and the closest name.
/// let err = Chain::<MyElements>::parse(
///     "Chain(name: \"x\", elements: [N_Dreg(c: 0.1)])",
///     std::path::Path::new("x.ron"),
/// )
/// .unwrap_err();
/// assert!(err.to_string().contains("N_Drag"), "{err}");
/// # Ok(())
/// # }
/// ```
#[macro_export]
macro_rules! element_set {
    ($(#[$m:meta])* $vis:vis enum $set:ident { $( $(#[$vm:meta])* $lit:literal => $var:ident($ty:ty) ),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone)]
        $vis enum $set {
            /// Any built-in catena element.
            Builtin($crate::contact::Builtin),
            $( $(#[$vm])* $var($ty), )+
        }

        impl $crate::contact::ChainElement for $set {
            fn doc(&self) -> &'static $crate::contact::ElementDoc {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::doc(e), $( Self::$var(e) => $crate::contact::ChainElement::doc(e), )+ }
            }
            fn needs(&self) -> $crate::contact::Needs {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::needs(e), $( Self::$var(e) => $crate::contact::ChainElement::needs(e), )+ }
            }
            fn gives(&self) -> $crate::contact::Gives {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::gives(e), $( Self::$var(e) => $crate::contact::ChainElement::gives(e), )+ }
            }
            fn needs_step_forces(&self) -> bool {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::needs_step_forces(e), $( Self::$var(e) => $crate::contact::ChainElement::needs_step_forces(e), )+ }
            }
            fn is_conservative(&self) -> bool {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::is_conservative(e), $( Self::$var(e) => $crate::contact::ChainElement::is_conservative(e), )+ }
            }
            fn validate(&self) -> Result<(), String> {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::validate(e), $( Self::$var(e) => $crate::contact::ChainElement::validate(e), )+ }
            }
            fn evaluate(&self, env: &$crate::contact::Env, ctx: &mut $crate::contact::ContactCtx) {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::evaluate(e, env, ctx), $( Self::$var(e) => $crate::contact::ChainElement::evaluate(e, env, ctx), )+ }
            }
            fn begin_step(&mut self, step: &$crate::contact::StepInfo) {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::begin_step(e, step), $( Self::$var(e) => $crate::contact::ChainElement::begin_step(e, step), )+ }
            }
            fn needs_step_pairs(&self) -> bool {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::needs_step_pairs(e), $( Self::$var(e) => $crate::contact::ChainElement::needs_step_pairs(e), )+ }
            }
            fn line_search(&self) -> Option<$crate::contact::ContactLineSearch> {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::line_search(e), $( Self::$var(e) => $crate::contact::ChainElement::line_search(e), )+ }
            }
            fn reach(&self) -> f64 {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::reach(e), $( Self::$var(e) => $crate::contact::ChainElement::reach(e), )+ }
            }
            fn end_iteration(&mut self, min_gap: f64) -> bool {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::end_iteration(e, min_gap), $( Self::$var(e) => $crate::contact::ChainElement::end_iteration(e, min_gap), )+ }
            }
            fn lag_updates(&self) -> u32 {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::lag_updates(e), $( Self::$var(e) => $crate::contact::ChainElement::lag_updates(e), )+ }
            }
            fn state(&self) -> Vec<f64> {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::state(e), $( Self::$var(e) => $crate::contact::ChainElement::state(e), )+ }
            }
            fn set_state(&mut self, state: &[f64]) {
                match self { Self::Builtin(e) => $crate::contact::ChainElement::set_state(e, state), $( Self::$var(e) => $crate::contact::ChainElement::set_state(e, state), )+ }
            }
        }

        impl $crate::contact::ElementSet for $set {
            fn names() -> &'static [&'static str] {
                static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
                NAMES.get_or_init(|| {
                    let mut v = vec![$($lit),+];
                    v.extend_from_slice(<$crate::contact::Builtin as $crate::contact::ElementSet>::names());
                    v
                })
            }
            fn from_variant<'de, A: $crate::serde::de::VariantAccess<'de>>(name: &str, v: A) -> Result<Self, A::Error> {
                match name {
                    $( $lit => Ok(Self::$var(v.newtype_variant::<$ty>()?)), )+
                    other => <$crate::contact::Builtin as $crate::contact::ElementSet>::from_variant(other, v).map(Self::Builtin),
                }
            }
            fn catalogue() -> Vec<Self> {
                let mut all: Vec<Self> = vec![$( Self::$var(<$ty>::default()), )+];
                all.extend(<$crate::contact::Builtin as $crate::contact::ElementSet>::catalogue().into_iter().map(Self::Builtin));
                all
            }
        }

        impl<'de> $crate::serde::Deserialize<'de> for $set {
            fn deserialize<D: $crate::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::contact::deserialize_element(d)
            }
        }
    };
}
