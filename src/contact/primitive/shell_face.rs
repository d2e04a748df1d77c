//! [`ShellFace`]: triangle `t` of a shell's mesh — its three nodes, swept by half the shell's
//! thickness (the node–face half of triangle-mesh contact; mpacts' deformable triangle).

use super::{BodyGroup, BodyId, MeshNodes, PointDofs, PrimId, PrimKind, Primitive};
use crate::contact::core::ContactMaterial;
use crate::contact::core::ShellFace;
use crate::contact::core::{Category, ElementDoc};
use crate::model::Model;

static DOC1: ElementDoc = ElementDoc {
    name: "DeformableTriangle_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a shell triangle (three nodes, half thickness, material)",
    details: "Side 1 is triangle t of a shell: points x_a, x_b, x_c (the mesh's node order, so \
              (x_b − x_a) × (x_c − x_a) is the outward normal) with their velocities and DOFs, \
              contact radius h/2 (m) with h the shell thickness, the shell material and the mean \
              of the three nodes' lumped masses. Hertz-family laws treat the face as flat \
              (infinite radius of curvature). No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "DeformableTriangle_2_Data",
    summary: "binds side 2 to a shell triangle (three nodes, half thickness, material)",
    ..DOC1
};

impl ShellFace {
    fn nodes(&self, model: &Model) -> [u32; 3] {
        model.bodies.shells[self.shell as usize].mesh.triangles[self.face as usize]
    }
}

impl Primitive for ShellFace {
    const KIND: PrimKind = PrimKind::Triangle;

    fn from_id(id: PrimId) -> Option<Self> {
        match id {
            PrimId::ShellFace(p) => Some(p),
            _ => None,
        }
    }
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
        if let BodyGroup::Shells(shells) = group {
            for &s in shells {
                out.extend((0..model.bodies.shells[s].mesh.triangles.len()).map(|t| {
                    PrimId::ShellFace(ShellFace {
                        shell: s as u32,
                        face: t as u32,
                    })
                }));
            }
        }
    }
    fn point_dofs(&self, model: &Model) -> PointDofs {
        let s = &model.bodies.shells[self.shell as usize];
        let [a, b, c] = self.nodes(model);
        PointDofs::of(&[
            s.node_dof(a as usize),
            s.node_dof(b as usize),
            s.node_dof(c as usize),
        ])
    }
    fn radius(&self, model: &Model) -> f64 {
        0.5 * model.bodies.shells[self.shell as usize].thickness
    }
    fn material(&self, model: &Model) -> ContactMaterial {
        let s = &model.bodies.shells[self.shell as usize];
        let mass = self
            .nodes(model)
            .iter()
            .map(|&i| s.node_mass(i as usize))
            .sum::<f64>()
            / 3.0;
        ContactMaterial::of(&s.material, mass)
    }
    fn body(&self) -> BodyId {
        BodyId::Shell(self.shell)
    }
    fn label(&self, model: &Model) -> String {
        format!(
            "shell \"{}\" triangle {}",
            model.bodies.shells[self.shell as usize].name, self.face
        )
    }
    fn data_doc(side: usize) -> Option<&'static ElementDoc> {
        Some(if side == 0 { &DOC1 } else { &DOC2 })
    }
    fn mesh_nodes(&self, model: &Model) -> Option<MeshNodes> {
        Some(MeshNodes::of(self.shell, &self.nodes(model)))
    }
}
