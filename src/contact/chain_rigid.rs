//! Which chains may act on a rigid body's surface ([`Chain::rigid_refusal`]): the rule the
//! scene builder refuses a contact on a group of rigid bodies by, and the Jacobian check
//! ([`crate::verify::jacobians`]) decides by whether to place rigid bodies in its
//! configurations.

use super::chain::Chain;
use super::element::ElementSet;

/// Elements written for points and spheres only: they do not see a rigid side's rotation about
/// its centre of mass.
pub const POINT_ONLY_ELEMENTS: [&str; 4] = [
    "T_IMC",
    "T_IPC",
    "T_RollingResistance",
    "T_TorsionalCoulombFriction",
];

/// Resolvers that measure each primitive alone, without the rigid surface's one-contact rule
/// (a feature shared by several triangles would touch once per triangle): `Triangle_Plane`
/// gives every triangle at a body's lowest corner a contact of its own.
pub const PER_PRIMITIVE_RESOLVERS: [&str; 1] = ["Triangle_Plane"];

/// Why a chain may not act on a rigid body's surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RigidRefusal {
    /// Its Newton steps are capped by continuous collision detection (a barrier chain), which
    /// assumes points move along straight lines, while a rotating surface's points turn along
    /// arcs.
    Ccd,
    /// It holds this element, one of [`POINT_ONLY_ELEMENTS`].
    PointOnly(&'static str),
    /// Its resolver is one of `PER_PRIMITIVE_RESOLVERS` (`Triangle_Plane`).
    PerPrimitive(&'static str),
}

impl<E: ElementSet> Chain<E> {
    /// Why the chain may not be bound to a rigid body's surface, `None` when it may (its pair
    /// type permitting: a rigid body offers triangles, edges and vertices).
    ///
    /// ```
    /// use catena::contact::{Builtin, Chain, RigidRefusal};
    /// use std::path::Path;
    /// let chain = |laws: &str| {
    ///     let src = format!(
    ///         "Chain(name: \"c\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
    ///          Capsule_Capsule, {laws}, AssembleForces])"
    ///     );
    ///     Chain::<Builtin>::parse(&src, Path::new("c.ron")).unwrap()
    /// };
    /// assert_eq!(chain("N_LinearForce(stiffness: 1e3)").rigid_refusal(), None);
    /// assert_eq!(
    ///     chain("N_IMC(delta: 1e-5, stiffness: Adaptive(scale: 1e5)), T_IMC(mu: 0.3, slip_tolerance: 1e-4)").rigid_refusal(),
    ///     Some(RigidRefusal::PointOnly("T_IMC"))
    /// );
    /// ```
    pub fn rigid_refusal(&self) -> Option<RigidRefusal> {
        if self.method().needs_ccd() {
            return Some(RigidRefusal::Ccd);
        }
        let names = || self.elements().iter().map(|e| e.doc().name);
        if let Some(r) = names().find(|n| PER_PRIMITIVE_RESOLVERS.contains(n)) {
            return Some(RigidRefusal::PerPrimitive(r));
        }
        names()
            .find(|n| POINT_ONLY_ELEMENTS.contains(n))
            .map(RigidRefusal::PointOnly)
    }
}
