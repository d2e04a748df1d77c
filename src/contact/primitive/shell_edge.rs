//! [`ShellEdge`]: edge `e` of a shell's mesh seen as a deformable capsule of radius `h/2` (the
//! edge–edge half of triangle-mesh contact, as in IPC; seed 004 §5.2). It binds through
//! `Deformable_Capsule_1_Data` / `_2_Data`, so `Capsule_Capsule` resolves shell edges against
//! rod edges and against each other.

use super::{BodyGroup, BodyId, MeshNodes, PointDofs, PrimId, PrimKind, Primitive, RodEdge};
use crate::contact::core::ContactMaterial;
use crate::contact::core::ElementDoc;
use crate::contact::core::ShellEdge;
use crate::model::Model;

impl ShellEdge {
    fn nodes(&self, model: &Model) -> [u32; 2] {
        model.bodies.shells[self.shell as usize].topology.edges[self.edge as usize].nodes
    }
}

impl Primitive for ShellEdge {
    const KIND: PrimKind = PrimKind::Capsule;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::ShellEdge(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Shells(shells) = group {
            for &s in shells {
                out.extend((0..model.bodies.shells[s].topology.n_edges()).map(|e| {
                    PrimId::ShellEdge(ShellEdge {
                        shell: s as u32,
                        edge: e as u32,
                    })
                }));
            }
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        let s = &model.bodies.shells[self.shell as usize];
        let [a, b] = self.nodes(model);
        PointDofs::of(&[s.node_dof(a as usize), s.node_dof(b as usize)])
    }
    fn radius(&self, model: &Model) -> f64 {
        0.5 * model.bodies.shells[self.shell as usize].thickness
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let s = &model.bodies.shells[self.shell as usize];
        let [a, b] = self.nodes(model);
        let mass = 0.5 * (s.node_mass(a as usize) + s.node_mass(b as usize));
        ContactMaterial::of(&s.material, mass)
    }
    fn body(&self) -> BodyId {
        BodyId::Shell(self.shell)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "shell \"{}\" edge {}",
            model.bodies.shells[self.shell as usize].name, self.edge
        )
    }
    /// Shell edges bind through the capsule data elements, as rod edges do.
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        RodEdge::data_doc(side)
    }
    fn mesh_nodes(&self, model: &Model) -> Option<MeshNodes> {
        Some(MeshNodes::of(self.shell, &self.nodes(model)))
    }
}
