//! [`ShellNode`]: node `i` of a shell seen as a point with half the shell's thickness as its
//! contact radius (DiSMech's node-based shell contact, seed 004 §5.2). It binds through
//! `Point_1_Data` / `Point_2_Data`, like a rod node.

use super::{BodyGroup, BodyId, MeshNodes, PointDofs, PrimId, PrimKind, Primitive, RodNode};
use crate::contact::core::ContactMaterial;
use crate::contact::core::ElementDoc;
use crate::contact::core::ShellNode;
use crate::model::Model;

impl Primitive for ShellNode {
    const KIND: PrimKind = PrimKind::Point;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::ShellNode(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Shells(shells) = group {
            for &s in shells {
                out.extend((0..model.bodies.shells[s].n_nodes()).map(|n| {
                    PrimId::ShellNode(ShellNode {
                        shell: s as u32,
                        node: n as u32,
                    })
                }));
            }
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        PointDofs::of(&[model.bodies.shells[self.shell as usize].node_dof(self.node as usize)])
    }
    fn radius(&self, model: &Model) -> f64 {
        0.5 * model.bodies.shells[self.shell as usize].thickness
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let s = &model.bodies.shells[self.shell as usize];
        ContactMaterial::of(&s.material, s.node_mass(self.node as usize))
    }
    fn body(&self) -> BodyId {
        BodyId::Shell(self.shell)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "shell \"{}\" node {}",
            model.bodies.shells[self.shell as usize].name, self.node
        )
    }
    /// Shell nodes bind through the point data elements, as rod nodes do.
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        RodNode::data_doc(side)
    }
    fn mesh_valence(&self, model: &Model) -> Option<usize> {
        let s = &model.bodies.shells[self.shell as usize];
        Some(s.topology.node_triangles[self.node as usize].len())
    }
    fn mesh_nodes(&self, _model: &Model) -> Option<MeshNodes> {
        Some(MeshNodes::of(self.shell, &[self.node]))
    }
}
