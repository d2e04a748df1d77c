//! [`Data`]: the data element of a primitive kind and side. It binds the side's points
//! (positions, velocities, DOFs), radius and material from the model through
//! [`Primitive::bind`], and rejects a pair whose primitive on that side is of another kind.

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::primitive::{PlanePrim, Primitive, RodEdge, RodNode, ShellFace, SpherePrim};
use serde::de::{Deserialize, Deserializer, Visitor};
use std::marker::PhantomData;

/// Binds side `SIDE` (0 = side 1, 1 = side 2) of a pair to a primitive of kind `P`.
pub struct Data<P, const SIDE: usize>(PhantomData<P>);

/// `Deformable_Capsule_1_Data`: side 1 is a rod edge or a shell edge.
pub type DeformableCapsule1Data = Data<RodEdge, 0>;
/// `Deformable_Capsule_2_Data`: side 2 is a rod edge or a shell edge.
pub type DeformableCapsule2Data = Data<RodEdge, 1>;
/// `Point_1_Data`: side 1 is a rod node or a shell node.
pub type Point1Data = Data<RodNode, 0>;
/// `Point_2_Data`: side 2 is a rod node or a shell node.
pub type Point2Data = Data<RodNode, 1>;
/// `Sphere_1_Data`: side 1 is a sphere.
pub type Sphere1Data = Data<SpherePrim, 0>;
/// `Sphere_2_Data`: side 2 is a sphere.
pub type Sphere2Data = Data<SpherePrim, 1>;
/// `DeformableTriangle_1_Data`: side 1 is a shell triangle.
pub type DeformableTriangle1Data = Data<ShellFace, 0>;
/// `DeformableTriangle_2_Data`: side 2 is a shell triangle.
pub type DeformableTriangle2Data = Data<ShellFace, 1>;
/// `Plane_2_Data`: side 2 is a static plane.
pub type Plane2Data = Data<PlanePrim, 1>;

impl<P, const SIDE: usize> Default for Data<P, SIDE> {
    fn default() -> Self {
        Self(PhantomData)
    }
}
impl<P, const SIDE: usize> Clone for Data<P, SIDE> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P, const SIDE: usize> Copy for Data<P, SIDE> {}
impl<P, const SIDE: usize> PartialEq for Data<P, SIDE> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<P: Primitive, const SIDE: usize> std::fmt::Debug for Data<P, SIDE> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.doc().name)
    }
}

/// A data element has no parameters: it is written as a bare name.
impl<'de, P, const SIDE: usize> Deserialize<'de> for Data<P, SIDE> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Unit;
        impl Visitor<'_> for Unit {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a data element (no parameters)")
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
                Ok(())
            }
        }
        d.deserialize_unit_struct("Data", Unit)?;
        Ok(Self(PhantomData))
    }
}

impl<P: Primitive, const SIDE: usize> ChainElement for Data<P, SIDE> {
    fn doc(&self) -> &'static ElementDoc {
        P::data_doc(SIDE).expect("a data alias exists only for documented sides")
    }
    /// Side 2 is bound after side 1, so its points follow side 1's.
    fn needs(&self) -> Needs {
        Needs::caps(if SIDE == 0 { Caps::NONE } else { Caps::SIDE1 })
    }
    fn gives(&self) -> Gives {
        let mut g = Gives::caps(if SIDE == 0 { Caps::SIDE1 } else { Caps::SIDE2 });
        if SIDE == 0 {
            g.side1 = Some(P::KIND);
        } else {
            g.side2 = Some(P::KIND);
        }
        g
    }
    /// Binds any primitive of `P`'s kind (a point is a rod node or a shell node, a capsule a rod
    /// edge or a shell edge); a primitive of another kind rejects the pair.
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let id = ctx.prim[SIDE];
        if id.kind() == P::KIND {
            id.bind(env, ctx, SIDE);
        } else {
            ctx.reject = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::core::NO_DOF;
    use crate::contact::element::PairMemory;
    use crate::contact::primitive::PrimId;
    use crate::math::Vec3;
    use crate::model::{Material, Model, Plane, Sphere};

    fn model() -> Model {
        let mut m = Model::default();
        let mat = Material::from_poisson(1e7, 0.3, 1000.0);
        m.add_sphere(
            Sphere::new("s", 0.01, mat),
            Vec3::new(0.0, 0.0, 0.1),
            Vec3::new(0.0, 0.0, -1.0),
        );
        m.add_plane(Plane {
            name: "ground".into(),
            origin: Vec3::zeros(),
            normal: Vec3::z(),
            material: None,
        });
        m.finalize();
        m
    }

    #[test]
    fn binds_points_radius_material_and_plane() {
        let m = model();
        let env = Env {
            model: &m,
            q: &m.q,
            v: &m.v,
        };
        let (s, p) = (
            PrimId::Sphere(SpherePrim { index: 0 }),
            PrimId::Plane(PlanePrim { index: 0 }),
        );
        let mut ctx = ContactCtx::new(s, p, PairMemory::default(), 1e-3, false);
        Sphere1Data::default().evaluate(&env, &mut ctx);
        Plane2Data::default().evaluate(&env, &mut ctx);
        assert!(!ctx.reject);
        assert_eq!(ctx.points, [1, 0]);
        assert_eq!(ctx.x[0], Vec3::new(0.0, 0.0, 0.1));
        assert_eq!(ctx.v[0], Vec3::new(0.0, 0.0, -1.0));
        assert_eq!(ctx.dof[0], 0);
        assert_eq!(ctx.dof[1], NO_DOF);
        assert_eq!(ctx.radius, [0.01, 0.0]);
        assert!(ctx.material[1].youngs_modulus.is_infinite());
        assert_eq!(ctx.plane, Some((Vec3::zeros(), Vec3::z())));
        // A sphere where a rod edge is expected is rejected.
        let mut ctx = ContactCtx::new(s, p, PairMemory::default(), 1e-3, false);
        DeformableCapsule1Data::default().evaluate(&env, &mut ctx);
        assert!(ctx.reject);
    }

    #[test]
    fn names_follow_kind_and_side() {
        assert_eq!(
            DeformableCapsule2Data::default().doc().name,
            "Deformable_Capsule_2_Data"
        );
        assert_eq!(Plane2Data::default().doc().name, "Plane_2_Data");
        assert_eq!(Point1Data::default().gives().side1, Some(RodNode::KIND));
    }
}
