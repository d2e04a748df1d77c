//! Element sets: how chain files name elements. [`ElementSet`] is implemented by the
//! [`crate::element_set!`] macro, for the built-ins ([`crate::contact::Builtin`]) and for a user
//! crate's set alike: one line registers an element type, its RON name is the one written in
//! its [`ElementDoc`](super::ElementDoc), and the macro generates a statically dispatched
//! `match` for every call (what `enum_dispatch` would generate, but usable across crates).

use super::adaptive::AdaptiveHooks;
use super::contract::ChainElement;
use serde::Deserialize;
use serde::de::value::UnitDeserializer;
use serde::de::{self, DeserializeOwned, Deserializer, EnumAccess, VariantAccess, Visitor};
use std::marker::PhantomData;

/// A set of chain elements that chain files can name: the built-ins, or a user's set that wraps
/// them (see `examples/custom_element.rs` and [`crate::element_set!`], which implements it).
///
/// ```
/// use catena::contact::{Builtin, ChainElement, ElementSet};
/// assert!(Builtin::names().contains(&"Capsule_Capsule"));
/// let hertz = Builtin::catalogue().into_iter().find(|e| e.doc().name == "N_Hertz").unwrap();
/// assert!(hertz.validate().is_ok());
/// // N_IMC adapts its stiffness once per step; a resolver does not adapt.
/// let imc = Builtin::catalogue().into_iter().find(|e| e.doc().name == "N_IMC").unwrap();
/// assert!(imc.adaptive().is_some());
/// let cc = Builtin::catalogue().into_iter().find(|e| e.doc().name == "Capsule_Capsule").unwrap();
/// assert!(cc.adaptive().is_none());
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
    /// The element's adaptive hooks, when it is adaptive.
    fn adaptive(&self) -> Option<&dyn AdaptiveHooks>;
    /// The element's adaptive hooks, mutably.
    fn adaptive_mut(&mut self) -> Option<&mut dyn AdaptiveHooks>;
    /// The element itself (the innermost value, not the enum variants wrapping it), for code
    /// that specialises on known element types: the contact set's fused capsule path
    /// recognises the plain IMC and IPC chains this way. `None` (the default) opts out.
    fn element_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// Reads an element of type `T` from the body of its RON variant: nothing for a unit type
/// (`Capsule_Capsule`), a struct body for the others (`N_Hertz()`, `N_IMC(delta: 1e-5, …)`).
pub fn read_element<'de, T: DeserializeOwned, A: VariantAccess<'de>>(
    variant: A,
) -> Result<T, A::Error> {
    match T::deserialize(UnitDeserializer::<de::value::Error>::new()) {
        Ok(unit) => {
            variant.unit_variant()?;
            Ok(unit)
        }
        Err(_) => variant.newtype_variant::<T>(),
    }
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

/// Defines an element set: an enum over element types, its statically dispatched
/// [`ChainElement`] impl (a plain `match`), its [`ElementSet`] impl and its `Deserialize`.
/// catena's own [`Builtin`](crate::contact::Builtin) set is defined with it, one line per
/// element; a user crate defines its set the same way, wrapping the built-ins.
///
/// Each line is `Variant(Type)`, optionally followed by a flag:
/// * no flag — an element type: it implements [`ChainElement`], `Deserialize`, `Clone`,
///   `Debug` and `Default` (a typical instance, listed by `catena elements`), and owns its
///   data (`'static`, see [`ElementSet::element_any`]). Its RON name is
///   its doc's `name`. A unit struct is written bare in RON (`Capsule_Capsule`), a struct with
///   fields as `Name(field: value, …)`.
/// * `: adaptive` — an element type that also implements
///   [`Adaptive`](crate::contact::Adaptive) (per-step parameters with a typed state).
/// * `: set` — a whole element set (typically `catena::contact::Builtin`), whose names are
///   all accepted.
///
/// enum_dispatch cannot link a trait and an enum across crates, hence this macro.
///
/// ```
/// use catena::contact::{Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc};
/// use catena::contact::{ElementSet, Env, Gives, Needs, ScalarForce, add_normal_force};
///
/// /// `N_Drag`: a normal damper `F = c δ̇` (c in N·s/m), without energy.
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
///     details: "F = c δ̇ (N). Parameter: c (N·s/m).",
/// };
/// impl ChainElement for Drag {
///     fn doc(&self) -> &'static ElementDoc {
///         &DOC
///     }
///     fn needs(&self) -> Needs {
///         Needs::caps(Caps::GEOMETRY)
///     }
///     fn gives(&self) -> Gives {
///         Gives::caps(Caps::NORMAL_FORCE).dissipative()
///     }
///     fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
///         let rate = -ctx.normal_velocity();
///         let f = ScalarForce { force: self.c * rate, d_rate: self.c, ..ScalarForce::default() };
///         add_normal_force(ctx, f);
///     }
/// }
///
/// catena::element_set! {
///     /// The built-ins plus this crate's elements.
///     pub enum MyElements {
///         /// Every built-in element.
///         Builtin(catena::contact::Builtin): set,
///         /// A normal damper.
///         Drag(Drag),
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// assert!(MyElements::names().contains(&"N_Drag") && MyElements::names().contains(&"N_Hertz"));
/// // Two normal laws add up: the chain says that this is meant.
/// let chain = Chain::<MyElements>::parse(
///     "Chain(name: \"drag\", stack_laws: true, elements: [Sphere_1_Data, Plane_2_Data,
///         Sphere_Plane, N_Hertz(), N_Drag(c: 0.1), AssembleForces])",
///     std::path::Path::new("drag.ron"),
/// )?;
/// assert_eq!(chain.elements()[4].doc().name, "N_Drag");
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
    ($(#[$m:meta])* $vis:vis enum $set:ident {
        $( $(#[$vm:meta])* $var:ident($ty:ty) $(: $flag:ident)? ),+ $(,)?
    }) => {
        $(#[$m])*
        #[derive(Debug, Clone)]
        $vis enum $set {
            $( $(#[$vm])* $var($ty), )+
        }

        impl $crate::contact::ChainElement for $set {
            fn doc(&self) -> &'static $crate::contact::ElementDoc {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::doc(e), )+ }
            }
            fn needs(&self) -> $crate::contact::Needs {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::needs(e), )+ }
            }
            fn gives(&self) -> $crate::contact::Gives {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::gives(e), )+ }
            }
            fn validate(&self) -> ::std::result::Result<(), ::std::string::String> {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::validate(e), )+ }
            }
            #[inline]
            fn evaluate(&self, env: &$crate::contact::Env, ctx: &mut $crate::contact::ContactCtx) {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::evaluate(e, env, ctx), )+ }
            }
            fn check_bodies(
                &self,
                model: &$crate::model::Model,
                sides: [&[$crate::contact::BodyId]; 2],
            ) -> ::std::result::Result<(), $crate::contact::BodyRefusal> {
                match self { $( Self::$var(e) => $crate::contact::ChainElement::check_bodies(e, model, sides), )+ }
            }
        }

        impl $crate::contact::ElementSet for $set {
            #[allow(clippy::vec_init_then_push)]
            fn names() -> &'static [&'static str] {
                static NAMES: ::std::sync::OnceLock<::std::vec::Vec<&'static str>> =
                    ::std::sync::OnceLock::new();
                NAMES.get_or_init(|| {
                    let mut names = ::std::vec::Vec::new();
                    $( $crate::__element_names!(names, $ty $(, $flag)?); )+
                    names
                })
            }
            fn from_variant<'de, A: $crate::serde::de::VariantAccess<'de>>(
                name: &str,
                variant: A,
            ) -> ::std::result::Result<Self, A::Error> {
                $( $crate::__element_parse!(name, variant, Self::$var, $ty $(, $flag)?); )+
                ::std::result::Result::Err(<A::Error as $crate::serde::de::Error>::unknown_variant(
                    name,
                    <Self as $crate::contact::ElementSet>::names(),
                ))
            }
            #[allow(clippy::vec_init_then_push)]
            fn catalogue() -> ::std::vec::Vec<Self> {
                let mut all = ::std::vec::Vec::new();
                $( $crate::__element_catalogue!(all, Self::$var, $ty $(, $flag)?); )+
                all
            }
            fn adaptive(&self) -> ::std::option::Option<&dyn $crate::contact::AdaptiveHooks> {
                match self { $( Self::$var(e) => $crate::__element_adaptive!(e, ref $(, $flag)?), )+ }
            }
            fn adaptive_mut(
                &mut self,
            ) -> ::std::option::Option<&mut dyn $crate::contact::AdaptiveHooks> {
                match self { $( Self::$var(e) => $crate::__element_adaptive!(e, mut $(, $flag)?), )+ }
            }
            fn element_any(&self) -> ::std::option::Option<&dyn ::std::any::Any> {
                match self { $( Self::$var(e) => $crate::__element_any!(e $(, $flag)?), )+ }
            }
        }

        impl<'de> $crate::serde::Deserialize<'de> for $set {
            fn deserialize<D: $crate::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self, D::Error> {
                $crate::contact::deserialize_element(d)
            }
        }
    };
}

/// The names one line of [`element_set!`] registers.
#[doc(hidden)]
#[macro_export]
macro_rules! __element_names {
    ($names:ident, $ty:ty, set) => {
        $names.extend_from_slice(<$ty as $crate::contact::ElementSet>::names())
    };
    ($names:ident, $ty:ty $(, adaptive)?) => {
        $names.push(
            $crate::contact::ChainElement::doc(&<$ty as ::std::default::Default>::default()).name,
        )
    };
}

/// Reads `name` as one line of [`element_set!`] if it is one of its names (returns).
#[doc(hidden)]
#[macro_export]
macro_rules! __element_parse {
    ($name:ident, $variant:ident, $ctor:path, $ty:ty, set) => {
        if <$ty as $crate::contact::ElementSet>::names().contains(&$name) {
            return <$ty as $crate::contact::ElementSet>::from_variant($name, $variant).map($ctor);
        }
    };
    ($name:ident, $variant:ident, $ctor:path, $ty:ty $(, adaptive)?) => {
        if $name
            == $crate::contact::ChainElement::doc(&<$ty as ::std::default::Default>::default()).name
        {
            return $crate::contact::read_element::<$ty, _>($variant).map($ctor);
        }
    };
}

/// The catalogue entries of one line of [`element_set!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __element_catalogue {
    ($all:ident, $ctor:path, $ty:ty, set) => {
        $all.extend(
            <$ty as $crate::contact::ElementSet>::catalogue()
                .into_iter()
                .map($ctor),
        )
    };
    ($all:ident, $ctor:path, $ty:ty $(, adaptive)?) => {
        $all.push($ctor(<$ty as ::std::default::Default>::default()))
    };
}

/// The adaptive hooks of one line of [`element_set!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __element_adaptive {
    ($e:ident, ref) => {{
        let _ = $e;
        ::std::option::Option::None
    }};
    ($e:ident, mut) => {{
        let _ = $e;
        ::std::option::Option::None
    }};
    ($e:ident, ref, adaptive) => {
        ::std::option::Option::Some($e as &dyn $crate::contact::AdaptiveHooks)
    };
    ($e:ident, mut, adaptive) => {
        ::std::option::Option::Some($e as &mut dyn $crate::contact::AdaptiveHooks)
    };
    ($e:ident, ref, set) => {
        $crate::contact::ElementSet::adaptive($e)
    };
    ($e:ident, mut, set) => {
        $crate::contact::ElementSet::adaptive_mut($e)
    };
}

/// The innermost element of one line of [`element_set!`], as `Any`.
#[doc(hidden)]
#[macro_export]
macro_rules! __element_any {
    ($e:ident, set) => {
        $crate::contact::ElementSet::element_any($e)
    };
    ($e:ident $(, adaptive)?) => {
        ::std::option::Option::Some($e as &dyn ::std::any::Any)
    };
}
