//! [`RodNode`]: node `i` of a Discrete Elastic Rod seen as a point with the rod's contact
//! radius (a small sphere, as in DiSMech's ground contact, seed 004 §5.2).

use super::{BodyGroup, BodyId, PointDofs, PrimId, PrimKind, Primitive, Span};
use crate::contact::core::ContactMaterial;
use crate::contact::core::RodNode;
use crate::contact::core::{Category, ElementDoc};
use crate::model::Model;

static DOC1: ElementDoc = ElementDoc {
    name: "Point_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rod node or a shell node (position, velocity, radius)",
    details: "Side 1 is node i of a rod or of a shell: position x_i, velocity, its DOFs, radius = \
              the rod's cross-section radius or half the shell's thickness (m), the body's \
              material and the node's lumped mass. No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Point_2_Data",
    summary: "binds side 2 to a rod node or a shell node (position, velocity, radius)",
    ..DOC1
};

impl Primitive for RodNode {
    const KIND: PrimKind = PrimKind::Point;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::RodNode(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Rods(rods) = group {
            for &r in rods {
                out.extend((0..model.bodies.rods[r].n_nodes).map(|n| {
                    PrimId::RodNode(RodNode {
                        rod: r as u32,
                        node: n as u32,
                    })
                }));
            }
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        PointDofs::of(&[model.bodies.rods[self.rod as usize].node_dof(self.node as usize)])
    }
    fn radius(&self, model: &Model) -> f64 {
        model.bodies.rods[self.rod as usize]
            .section
            .contact_radius()
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let r = &model.bodies.rods[self.rod as usize];
        ContactMaterial::of(&r.material, r.node_mass(self.node as usize))
    }
    fn body(&self) -> BodyId {
        BodyId::Rod(self.rod)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "rod \"{}\" node {}",
            model.bodies.rods[self.rod as usize].name, self.node
        )
    }
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        Some(if side == 0 { &DOC1 } else { &DOC2 })
    }
    fn span(&self, model: &Model) -> Option<Span> {
        let r = &model.bodies.rods[self.rod as usize];
        let s = r.arc_length[self.node as usize];
        Some(Span {
            body: self.body(),
            nodes: (self.node, self.node),
            arc: (s, s),
            thickness: 2.0 * r.section.contact_radius(),
        })
    }
}
