//! [`Bodies`]: every body of a model, one typed list per kind, and one iteration over all of
//! them through [`Body`] in the order their DOFs are numbered.

use super::{
    Body, CellStencils, InternalEnergy, Plane, RigidBody, Rod, RodStencils, Shell, ShellStencils,
    Sphere,
};

/// The bodies of a model.
///
/// Each kind has its own list (its kind-specific code — stencils, primitives, boundary
/// conditions — indexes it: `rods[i]` is rod `i`); [`Bodies::iter`] visits every body as a
/// [`Body`] in DOF order: rods, shells, spheres, rigid bodies, then the static planes. A new kind of body
/// adds one list here and one link in each iteration.
#[derive(Debug, Clone, Default)]
pub struct Bodies {
    /// Discrete Elastic Rods, in scene order (their DOFs come first).
    pub rods: Vec<Rod>,
    /// Shells (triangle meshes; their DOFs follow the rods').
    pub shells: Vec<Shell>,
    /// Rigid spheres (their DOFs follow all rod and shell DOFs).
    pub spheres: Vec<Sphere>,
    /// Rigid bodies with a mesh surface (their DOFs follow the spheres').
    pub rigid: Vec<RigidBody>,
    /// Static planes (no DOFs).
    pub planes: Vec<Plane>,
}

impl Bodies {
    /// Every body in DOF order: rods, shells, spheres, rigid bodies, planes.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Body> + '_ {
        let rods = self.rods.iter().map(|b| b as &dyn Body);
        let shells = self.shells.iter().map(|b| b as &dyn Body);
        let spheres = self.spheres.iter().map(|b| b as &dyn Body);
        let rigid = self.rigid.iter().map(|b| b as &dyn Body);
        let planes = self.planes.iter().map(|b| b as &dyn Body);
        rods.chain(shells).chain(spheres).chain(rigid).chain(planes)
    }

    /// Every body, mutably, in the order of [`Bodies::iter`].
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut dyn Body> + '_ {
        let rods = self.rods.iter_mut().map(|b| b as &mut dyn Body);
        let shells = self.shells.iter_mut().map(|b| b as &mut dyn Body);
        let spheres = self.spheres.iter_mut().map(|b| b as &mut dyn Body);
        let rigid = self.rigid.iter_mut().map(|b| b as &mut dyn Body);
        let planes = self.planes.iter_mut().map(|b| b as &mut dyn Body);
        rods.chain(shells).chain(spheres).chain(rigid).chain(planes)
    }

    /// Number of bodies of every kind.
    pub fn len(&self) -> usize {
        self.rods.len()
            + self.shells.len()
            + self.spheres.len()
            + self.rigid.len()
            + self.planes.len()
    }

    /// Whether there is no body.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Body `index` of `kind`, if there is one.
    pub fn get(&self, kind: super::BodyKind, index: usize) -> Option<&dyn Body> {
        use super::BodyKind::*;
        match kind {
            Rod => self.rods.get(index).map(|b| b as &dyn Body),
            Shell => self.shells.get(index).map(|b| b as &dyn Body),
            Sphere => self.spheres.get(index).map(|b| b as &dyn Body),
            Plane => self.planes.get(index).map(|b| b as &dyn Body),
            Rigid => self.rigid.get(index).map(|b| b as &dyn Body),
        }
    }

    /// The body named `name`, if any.
    pub fn find(&self, name: &str) -> Option<&dyn Body> {
        self.iter().find(|b| b.name() == name)
    }

    /// Total number of nodes over every body (the model's node numbering).
    pub fn n_nodes(&self) -> usize {
        self.iter().map(|b| b.n_nodes()).sum()
    }

    /// The internal energy of every deformable kind present, in kind order (rods, then
    /// shells): the stencils the global system assembles.
    pub fn internal_energies(&self) -> Vec<Box<dyn InternalEnergy>> {
        let mut out: Vec<Box<dyn InternalEnergy>> = Vec::new();
        if !self.rods.is_empty() {
            out.push(Box::new(RodStencils::new(&self.rods)));
        }
        let shells = ShellStencils::new(&self.shells);
        if !shells.is_empty() {
            out.push(Box::new(shells));
        }
        let cells = CellStencils::new(&self.shells);
        if !cells.is_empty() {
            out.push(Box::new(cells));
        }
        out
    }

    /// How many bodies of each kind, e.g. `2 rods, 1 shell, 8 spheres` (`no bodies` when
    /// empty), in kind order.
    pub fn summary(&self) -> String {
        let mut counts: Vec<(super::BodyKind, usize)> = Vec::new();
        for b in self.iter() {
            match counts.last_mut() {
                Some((k, n)) if *k == b.kind() => *n += 1,
                _ => counts.push((b.kind(), 1)),
            }
        }
        if counts.is_empty() {
            return "no bodies".into();
        }
        let parts: Vec<String> = counts
            .iter()
            .map(|&(k, n)| {
                let word = if n == 1 { k.word() } else { k.plural() };
                format!("{n} {word}")
            })
            .collect();
        parts.join(", ")
    }

    /// The axis-aligned box `(lo, hi)` around every body at `q` (m), their radii included;
    /// `None` without bodies that have a position.
    pub fn bounds(&self, q: &[f64]) -> Option<(crate::math::Vec3, crate::math::Vec3)> {
        self.iter()
            .filter_map(|b| b.bounds(q))
            .reduce(|(a, b), (c, d)| (a.inf(&c), b.sup(&d)))
    }

    /// Whether every body is rigid (spheres, planes, rigid bodies only).
    pub fn all_rigid(&self) -> bool {
        self.iter().all(|b| b.is_rigid())
    }
}
