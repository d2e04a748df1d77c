//! [`RodEdge`]: edge `i` of a Discrete Elastic Rod seen as a deformable capsule — the segment
//! `[x_i, x_{i+1}]` swept by the rod's contact radius (seed 001 §3; mpacts' deformable capsule).

use super::{BodyGroup, BodyId, PointDofs, PrimId, PrimKind, Primitive, Span};
use crate::contact::core::ContactMaterial;
use crate::contact::core::RodEdge;
use crate::contact::core::{Category, ElementDoc};
use crate::model::Model;

static DOC1: ElementDoc = ElementDoc {
    name: "Deformable_Capsule_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rod edge or a shell edge (two nodes, radius, material)",
    details: "Side 1 is edge i of a rod (points x_i, x_{i+1}) or of a shell's mesh, with their \
              velocities and DOFs, contact radius h (m) = the rod's cross-section radius or half \
              the shell's thickness, and the body's material (mass: the mean of the two nodes' \
              lumped masses). No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Deformable_Capsule_2_Data",
    summary: "binds side 2 to a rod edge or a shell edge (two nodes, radius, material)",
    details: "Side 2 is edge j of a rod or of a shell's mesh: its two points with their \
              velocities and DOFs, contact radius h (m) and the body's material. No parameters.",
    ..DOC1
};

impl Primitive for RodEdge {
    const KIND: PrimKind = PrimKind::Capsule;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::RodEdge(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Rods(rods) = group {
            for &r in rods {
                out.extend((0..model.bodies.rods[r].n_edges()).map(|e| {
                    PrimId::RodEdge(RodEdge {
                        rod: r as u32,
                        edge: e as u32,
                    })
                }));
            }
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        let r = &model.bodies.rods[self.rod as usize];
        let e = self.edge as usize;
        PointDofs::of(&[r.node_dof(e), r.node_dof(e + 1)])
    }
    fn radius(&self, model: &Model) -> f64 {
        model.bodies.rods[self.rod as usize]
            .section
            .contact_radius()
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let r = &model.bodies.rods[self.rod as usize];
        let e = self.edge as usize;
        ContactMaterial::of(&r.material, 0.5 * (r.node_mass(e) + r.node_mass(e + 1)))
    }
    fn body(&self) -> BodyId {
        BodyId::Rod(self.rod)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "rod \"{}\" edge {}",
            model.bodies.rods[self.rod as usize].name, self.edge
        )
    }
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        Some(if side == 0 { &DOC1 } else { &DOC2 })
    }
    fn span(&self, model: &Model) -> Option<Span> {
        let r = &model.bodies.rods[self.rod as usize];
        let e = self.edge as usize;
        Some(Span {
            body: self.body(),
            nodes: (self.edge, self.edge + 1),
            arc: (r.arc_length[e], r.arc_length[e + 1]),
            thickness: 2.0 * r.section.contact_radius(),
        })
    }
}
