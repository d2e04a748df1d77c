//! Body groups and exclusions of one contact: the two sides a chain is bound to (all rods,
//! named spheres, …), checked against the primitive kinds the chain binds, and the pairs of
//! bodies excluded from it.

use super::bodies::Bodies;
use super::ctx::Ctx;
use crate::contact::{BodyGroup, BodyId, PrimKind};
use crate::diag::{SceneError, closest};
use crate::model::Model;
use crate::scene::schema::{ContactSpec, GroupSpec};
use std::collections::BTreeMap;

/// Resolves the names of the scene's contact number `ci + 1`.
pub(super) struct ContactNames<'a> {
    /// The scene file.
    pub(super) cx: &'a Ctx<'a>,
    /// The scene's bodies by name.
    pub(super) bodies: &'a Bodies<'a>,
    /// The model they were added to.
    pub(super) model: &'a Model,
    /// 0-based index of the contact in the scene.
    pub(super) ci: usize,
    /// The contact.
    pub(super) contact: &'a ContactSpec,
}

impl ContactNames<'_> {
    /// The bodies of `g` on one `side` ("side 1", "side 2") of a chain that binds that side to
    /// `kind`.
    pub(super) fn group(
        &self,
        g: &GroupSpec,
        kind: PrimKind,
        side: &str,
    ) -> Result<BodyGroup, SceneError> {
        let needle = format!("\"{}\"", self.contact.chain);
        let wrong = |what: &str| {
            self.cx
                .err(
                    &needle,
                    format!(
                        "contact {}: chain \"{}\" binds {side} to {kind}, but `{}` lists {what}",
                        self.ci + 1,
                        self.contact.chain,
                        if side == "side 1" { "first" } else { "second" }
                    ),
                )
                .with_help(match kind {
                    PrimKind::Capsule | PrimKind::Point => {
                        "use AllRods, Rods([...]), AllShells or Shells([...]) for this side"
                    }
                    PrimKind::Triangle => "use AllShells or Shells([...]) for this side",
                    PrimKind::Sphere => "use AllSpheres or Spheres([...]) for this side",
                    PrimKind::Plane => "use AllPlanes or Planes([...]) for this side",
                })
        };
        let names = |list: &[String],
                     index: &BTreeMap<&str, usize>,
                     what: &str|
         -> Result<Vec<usize>, SceneError> {
            list.iter()
                .map(|n| {
                    index.get(n.as_str()).copied().ok_or_else(|| {
                        let e = self.cx.err(
                            &format!("\"{n}\""),
                            format!("contact {}: no {what} is named \"{n}\"", self.ci + 1),
                        );
                        match closest(n, index.keys().copied()) {
                            Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
                            None => e,
                        }
                    })
                })
                .collect()
        };
        match (g, kind) {
            (GroupSpec::AllRods, PrimKind::Capsule | PrimKind::Point) => {
                Ok(BodyGroup::Rods((0..self.model.bodies.rods.len()).collect()))
            }
            (GroupSpec::Rods(l), PrimKind::Capsule | PrimKind::Point) => {
                Ok(BodyGroup::Rods(names(l, &self.bodies.rods, "rod")?))
            }
            (GroupSpec::AllSpheres, PrimKind::Sphere) => Ok(BodyGroup::Spheres(
                (0..self.model.bodies.spheres.len()).collect(),
            )),
            (GroupSpec::Spheres(l), PrimKind::Sphere) => Ok(BodyGroup::Spheres(names(
                l,
                &self.bodies.spheres,
                "sphere",
            )?)),
            (GroupSpec::AllPlanes, PrimKind::Plane) => Ok(BodyGroup::Planes(
                (0..self.model.bodies.planes.len()).collect(),
            )),
            (GroupSpec::Planes(l), PrimKind::Plane) => {
                Ok(BodyGroup::Planes(names(l, &self.bodies.planes, "plane")?))
            }
            (GroupSpec::AllShells, PrimKind::Capsule | PrimKind::Point | PrimKind::Triangle) => Ok(
                BodyGroup::Shells((0..self.model.bodies.shells.len()).collect()),
            ),
            (GroupSpec::Shells(l), PrimKind::Capsule | PrimKind::Point | PrimKind::Triangle) => {
                Ok(BodyGroup::Shells(names(l, &self.bodies.shells, "shell")?))
            }
            (GroupSpec::AllRigid, PrimKind::Capsule | PrimKind::Point | PrimKind::Triangle) => Ok(
                BodyGroup::Rigid((0..self.model.bodies.rigid.len()).collect()),
            ),
            (GroupSpec::Rigid(l), PrimKind::Capsule | PrimKind::Point | PrimKind::Triangle) => Ok(
                BodyGroup::Rigid(names(l, &self.bodies.rigid, "rigid body")?),
            ),
            (GroupSpec::AllRigid | GroupSpec::Rigid(_), _) => Err(wrong("rigid bodies")),
            (GroupSpec::AllRods | GroupSpec::Rods(_), _) => Err(wrong("rods")),
            (GroupSpec::AllShells | GroupSpec::Shells(_), _) => Err(wrong("shells")),
            (GroupSpec::AllSpheres | GroupSpec::Spheres(_), _) => Err(wrong("spheres")),
            (GroupSpec::AllPlanes | GroupSpec::Planes(_), _) => Err(wrong("planes")),
        }
    }

    /// The body named `n` in an `exclude` pair.
    pub(super) fn excluded_body(&self, n: &str) -> Result<BodyId, SceneError> {
        if let Some(&r) = self.bodies.rods.get(n) {
            Ok(BodyId::Rod(r as u32))
        } else if let Some(&s) = self.bodies.spheres.get(n) {
            Ok(BodyId::Sphere(s as u32))
        } else if let Some(&p) = self.bodies.planes.get(n) {
            Ok(BodyId::Plane(p as u32))
        } else if let Some(&s) = self.bodies.shells.get(n) {
            Ok(BodyId::Shell(s as u32))
        } else if let Some(&s) = self.bodies.rigid.get(n) {
            Ok(BodyId::Rigid(s as u32))
        } else {
            Err(self
                .cx
                .err(
                    &format!("\"{n}\""),
                    format!(
                        "contact {}: exclude names \"{n}\", which is no body",
                        self.ci + 1
                    ),
                )
                .with_help("exclude takes pairs of rod, shell, sphere, rigid body or plane names"))
        }
    }
}
