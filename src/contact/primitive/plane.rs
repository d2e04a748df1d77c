//! [`PlanePrim`]: a static plane (ground, wall) — origin, unit normal pointing to the free
//! side, no points and no DOFs, rigid (E = ∞, so effective moduli reduce to the other side's).

use super::{BodyGroup, BodyId, PointDofs, PrimId, PrimKind, Primitive};
use crate::contact::core::ContactMaterial;
use crate::contact::core::PlanePrim;
use crate::contact::core::{Category, ElementDoc};
use crate::math::Vec3;
use crate::model::Model;

static DOC2: ElementDoc = ElementDoc {
    name: "Plane_2_Data",
    category: Category::Data,
    summary: "binds side 2 to a static plane (ground or wall)",
    details: "Side 2 is a static plane: origin o (m) and unit normal n pointing to the free \
              side; no DOFs, no radius, rigid (E = ∞, mass = ∞). No parameters.",
};

impl Primitive for PlanePrim {
    const KIND: PrimKind = PrimKind::Plane;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::Plane(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(_model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Planes(p) = group {
            out.extend(
                p.iter()
                    .map(|&i| PrimId::Plane(PlanePrim { index: i as u32 })),
            );
        }
    }
    fn point_dofs(&self, _model: &Model) -> PointDofs {
        PointDofs::NONE
    }
    fn radius(&self, _model: &Model) -> f64 {
        0.0
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        match &model.bodies.planes[self.index as usize].material {
            // A wall of a given material: its elasticity counts, its mass is infinite.
            Some(m) => ContactMaterial::of(m, f64::INFINITY),
            None => ContactMaterial {
                youngs_modulus: f64::INFINITY,
                poisson_ratio: 0.0,
                density: f64::INFINITY,
                mass: f64::INFINITY,
            },
        }
    }
    fn body(&self) -> BodyId {
        BodyId::Plane(self.index)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "plane \"{}\"",
            model.bodies.planes[self.index as usize].name
        )
    }
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        (side == 1).then_some(&DOC2)
    }
    fn plane_geometry(&self, model: &Model) -> Option<(Vec3, Vec3)> {
        let p = &model.bodies.planes[self.index as usize];
        Some((p.origin, p.normal))
    }
}
