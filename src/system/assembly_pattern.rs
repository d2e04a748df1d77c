//! The assembler's sparsity pattern: which blocks it holds (elastic stencils, nodes, contact
//! candidates unless the Krylov solve applies them itself) and the slot maps that scatter each
//! block's entries into the pattern's values.

use super::assembly::Assembler;
use super::contact_slots::ContactSlots;
use super::pattern::{NO_SLOT, SparsityPattern};
use crate::contact::NO_DOF;
use crate::model::Model;

impl Assembler {
    /// Whether contact blocks go into the sparsity pattern and the assembled Jacobian values
    /// (true by default; the Krylov solve sets it off and applies the pairs' blocks itself).
    pub fn set_contacts_in_pattern(&mut self, model: &Model, on: bool) {
        if self.contacts_in_pattern != on {
            self.contacts_in_pattern = on;
            if on && let Some(c) = &self.contacts {
                self.contact_layouts = c.layouts(model);
            }
            self.rebuild_pattern(model);
        }
    }

    /// Rebuilds the sparsity pattern (elastic stencils, nodes, contact candidates) and every slot map.
    pub(super) fn rebuild_pattern(&mut self, model: &Model) {
        self.generation += 1;
        if !self.contacts_in_pattern {
            self.contact_layouts.clear();
        }
        let contact_groups: Vec<Vec<usize>> = self
            .contact_layouts
            .iter()
            .map(|l| {
                l.iter()
                    .filter(|&&d| d != NO_DOF)
                    .map(|&d| d as usize)
                    .collect()
            })
            .collect();
        self.pattern = SparsityPattern::build(
            &model.dofs,
            self.stencils
                .groups()
                .chain(self.node_dofs.iter().map(|g| &g[..]))
                .chain(contact_groups.iter().map(|g| &g[..])),
            self.generation,
        );
        self.stencils.bind(model, &self.pattern);
        let pattern = &self.pattern;
        self.node_slots = self
            .node_dofs
            .iter()
            .map(|g| {
                let mut s = [NO_SLOT; 9];
                pattern.block_slots(&model.dofs, g, &mut s);
                s
            })
            .collect();
        // Slot lookups (binary searches) for thousands of candidates: in parallel, in order,
        // over each pair's own local coordinates.
        self.contact_slots = ContactSlots::build(model, pattern, &self.contact_layouts);
        self.face_slots = if self.externals.iter().any(|f| f.couples_faces()) {
            model
                .bodies
                .shells
                .iter()
                .map(|shell| {
                    shell
                        .mesh
                        .triangles
                        .iter()
                        .map(|tri| {
                            let group: Vec<usize> = tri
                                .iter()
                                .flat_map(|&n| {
                                    let d = shell.node_dof(n as usize);
                                    [d, d + 1, d + 2]
                                })
                                .collect();
                            let mut s = [NO_SLOT; 81];
                            pattern.block_slots(&model.dofs, &group, &mut s);
                            s
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
    }
}
