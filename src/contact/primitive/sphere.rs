//! [`SpherePrim`]: a rigid sphere — its centre (three translational DOFs), radius, material
//! and mass `m = ρ 4/3 π r³`.

use super::{BodyGroup, BodyId, PointDofs, PrimId, PrimKind, Primitive};
use crate::contact::core::ContactMaterial;
use crate::contact::core::SpherePrim;
use crate::contact::core::{Category, ElementDoc};
use crate::model::Model;

static DOC1: ElementDoc = ElementDoc {
    name: "Sphere_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rigid sphere (centre, velocity, ω, radius, material, mass)",
    details: "Side 1 is a rigid sphere: centre x (m), velocity (m/s), its 3 translational DOFs, \
              radius r (m), material (E, ν, ρ) and mass m = ρ 4/3 π r³ (kg); a rotating sphere also \
              binds its angular velocity ω (rad/s) and 3 rotational DOFs, so friction laws see the \
              contact-point velocity v + ω × a and apply the torque a × F. No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Sphere_2_Data",
    summary: "binds side 2 to a rigid sphere (centre, velocity, ω, radius, material, mass)",
    ..DOC1
};

impl Primitive for SpherePrim {
    const KIND: PrimKind = PrimKind::Sphere;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::Sphere(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(_model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Spheres(s) = group {
            out.extend(
                s.iter()
                    .map(|&i| PrimId::Sphere(SpherePrim { index: i as u32 })),
            );
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        PointDofs::of(&[model.bodies.spheres[self.index as usize].offset])
    }
    fn spin_dof(&self, model: &Model) -> Option<usize> {
        model.bodies.spheres[self.index as usize].spin
    }
    fn radius(&self, model: &Model) -> f64 {
        model.bodies.spheres[self.index as usize].radius
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let s = &model.bodies.spheres[self.index as usize];
        ContactMaterial::of(&s.material, s.mass())
    }
    fn body(&self) -> BodyId {
        BodyId::Sphere(self.index)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "sphere \"{}\"",
            model.bodies.spheres[self.index as usize].name
        )
    }
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        Some(if side == 0 { &DOC1 } else { &DOC2 })
    }
}
