//! [`Shell`]: a thin elastic shell discretised as a triangle mesh (seed 004 §3.1, §3.3): its
//! nodes (three position DOFs each), its membrane (edge springs, constant-strain triangles or
//! hyperelastic triangles), and its bending elements — hinges (interior edges) or, for the
//! mid-edge model, triangles with one extra DOF `ξ` per edge.

use crate::elastic::shell::MembraneLaw;
use crate::math::Vec3;
use crate::model::mesh::{MeshTopology, TriMesh};
use crate::model::{HingeActuation, Material};
use serde::{Deserialize, Serialize};

/// Which discrete bending energy a shell uses (seed 004 §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ShellBending {
    /// Hinge bending (Grinspun et al. 2003): one spring per interior edge on its dihedral angle.
    #[default]
    Hinge,
    /// Mid-edge normal bending (Grinspun et al. 2006): a discrete shape operator per triangle,
    /// with a rotation DOF `ξ` per edge.
    MidEdge,
}

/// Which membrane (stretching) energy a shell uses (seed 004 §3.1, the CST option, or a
/// hyperelastic law on the rest triangles).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum ShellMembrane {
    /// A stretching spring per edge, `k_s = (√3/4) E h ‖ē‖` per adjacent triangle (seed 004
    /// §3.1): the membrane of an isotropic sheet with ν = 1/3 on equilateral meshes only.
    #[default]
    Springs,
    /// A constant-strain triangle per face: St. Venant–Kirchhoff plane stress with the
    /// material's `E` and `ν`, exact under any affine stretch on any mesh.
    Cst,
    /// A hyperelastic triangle per face with its own moduli (N/m; the material's `E` and the
    /// thickness then only set bending and mass): Skalak's law or the incompressible Yeoh sheet
    /// of red-cell mechanics ([`MembraneLaw`]).
    Hyperelastic(MembraneLaw),
}

impl ShellMembrane {
    /// Whether this is the default (`Springs`).
    pub fn is_springs(&self) -> bool {
        *self == Self::Springs
    }
}

/// A shell body.
#[derive(Debug, Clone)]
pub struct Shell {
    /// Name given in the scene.
    pub name: String,
    /// Material (E, ν, ρ).
    pub material: Material,
    /// Thickness `h` (m).
    pub thickness: f64,
    /// Bending model.
    pub bending: ShellBending,
    /// Membrane (stretching) model; `Springs` unless set after [`Shell::new`].
    pub membrane: ShellMembrane,
    /// The mesh in its rest (reference) configuration.
    pub mesh: TriMesh,
    /// Its edges, hinges and adjacency.
    pub topology: MeshTopology,
    /// Global index of the first coordinate of node 0 (nodes are contiguous, 3 DOFs each).
    pub offset: usize,
    /// Global index of the first `ξ` DOF (mid-edge bending only; one per edge, in edge order).
    pub xi_offset: Option<usize>,
    /// Global node number of node 0 (shell nodes follow the rods' nodes).
    pub first_node: usize,
    /// Rest length of every edge (m).
    pub rest_lengths: Vec<f64>,
    /// Natural (rest) angle of every hinge (rad), `φ̄` — the actuation target.
    pub natural_angles: Vec<f64>,
    /// Rest area of every triangle (m²).
    pub rest_areas: Vec<f64>,
    /// Time-varying natural angles of hinge sets (hinge bending only).
    pub actuation: Vec<HingeActuation>,
    /// The cell terms (cortical tension, area and volume conservation) of a closed shell that
    /// is a deformable cell; `None` for a plain shell.
    pub cell: Option<super::CellMembrane>,
    /// The Maxwell relaxation of the membrane's rest state after every step
    /// ([`Shell::set_maxwell`]); `None`: an elastic membrane.
    pub maxwell: Option<super::MaxwellMembrane>,
    /// Lumped node masses (kg), computed once: each triangle's `ρ h Ā` split in three.
    masses: Vec<f64>,
}

impl Shell {
    /// A shell over `mesh` (its rest configuration), not yet placed in a model.
    pub fn new(
        name: &str,
        mesh: TriMesh,
        topology: MeshTopology,
        material: Material,
        thickness: f64,
        bending: ShellBending,
    ) -> Self {
        let x = &mesh.nodes;
        let rest_lengths = topology.edge_lengths_at(x);
        let natural_angles = topology
            .hinges
            .iter()
            .map(|h| h.dihedral_angle(x))
            .collect();
        let rest_areas = mesh.areas();
        let masses = mesh.node_masses(material.density, thickness);
        Self {
            name: name.to_string(),
            material,
            thickness,
            bending,
            membrane: ShellMembrane::Springs,
            mesh,
            topology,
            offset: 0,
            xi_offset: None,
            first_node: 0,
            rest_lengths,
            natural_angles,
            rest_areas,
            actuation: Vec::new(),
            cell: None,
            maxwell: None,
            masses,
        }
    }

    /// Sets the actuated hinges' natural angles for time `t` (s).
    pub fn actuate(&mut self, t: f64) {
        for a in &self.actuation {
            a.apply(t, &mut self.natural_angles);
        }
    }

    /// Number of nodes.
    pub fn n_nodes(&self) -> usize {
        self.mesh.n_nodes()
    }

    /// Number of DOFs: `3N`, plus one `ξ` per edge for mid-edge bending.
    pub fn n_dofs(&self) -> usize {
        3 * self.n_nodes()
            + match self.bending {
                ShellBending::Hinge => 0,
                ShellBending::MidEdge => self.topology.n_edges(),
            }
    }

    /// Global index of the first coordinate of node `i`.
    pub fn node_dof(&self, i: usize) -> usize {
        self.offset + 3 * i
    }

    /// Position of node `i` in the global vector `q`.
    pub fn node(&self, q: &[f64], i: usize) -> Vec3 {
        let k = self.node_dof(i);
        Vec3::new(q[k], q[k + 1], q[k + 2])
    }

    /// Every node position in `q`.
    pub fn nodes(&self, q: &[f64]) -> Vec<Vec3> {
        (0..self.n_nodes()).map(|i| self.node(q, i)).collect()
    }

    /// Lumped node masses (kg): each triangle's `ρ h Ā` split in three.
    pub fn node_masses(&self) -> &[f64] {
        &self.masses
    }

    /// Lumped mass of node `i` (kg).
    pub fn node_mass(&self, i: usize) -> f64 {
        self.masses[i]
    }

    /// Poisson's ratio `ν = E/(2G) − 1` of the material.
    pub fn poisson_ratio(&self) -> f64 {
        self.material.youngs_modulus / (2.0 * self.material.shear_modulus) - 1.0
    }
}
