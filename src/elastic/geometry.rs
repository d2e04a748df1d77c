//! Quantities of an interior-node stencil shared by the curvature and twist derivatives (edge
//! lengths, tangents, curvature binormal `κb`, material directors), with the gradient and
//! Hessian of `w·κb` for a fixed vector `w` (Bergou et al. 2008, §4.2).

use super::stencil::{NodeStencil, material_frame};
use crate::math::{Mat3, Vec3, cross_matrix};

/// Quantities of the stencil shared by the curvature and twist derivatives.
pub(crate) struct Geometry {
    /// `|e_f|`.
    pub lf: f64,
    /// `|e_e|`.
    pub le: f64,
    /// Unit tangent of edge `f`.
    pub tf: Vec3,
    /// Unit tangent of edge `e`.
    pub te: Vec3,
    /// `χ = 1 + t_f·t_e`.
    pub chi: f64,
    /// Curvature binormal `κb = 2 t_f × t_e / χ`.
    pub kb: Vec3,
    /// `t̃ = (t_f + t_e)/χ`.
    pub tt: Vec3,
    /// `∂t_f/∂e_f = (I − t_f t_fᵀ)/|e_f|`.
    pub pf: Mat3,
    /// `∂t_e/∂e_e = (I − t_e t_eᵀ)/|e_e|`.
    pub pe: Mat3,
    /// Material directors of edge `f`.
    pub m1f: Vec3,
    /// Material directors of edge `f`.
    pub m2f: Vec3,
    /// Material directors of edge `e`.
    pub m1e: Vec3,
    /// Material directors of edge `e`.
    pub m2e: Vec3,
}

/// Edge lengths, tangents and curvature binormal of a stencil (all the reference twist needs).
pub(crate) struct Tangents {
    /// `|e_f|`.
    pub lf: f64,
    /// `|e_e|`.
    pub le: f64,
    /// Unit tangent of edge `f`.
    pub tf: Vec3,
    /// Unit tangent of edge `e`.
    pub te: Vec3,
    /// `χ = 1 + t_f·t_e`.
    pub chi: f64,
    /// Curvature binormal `κb = 2 t_f × t_e / χ`.
    pub kb: Vec3,
    /// `t̃ = (t_f + t_e)/χ`.
    pub tt: Vec3,
}

impl Tangents {
    /// Evaluates the tangent quantities of a stencil.
    #[inline]
    pub(crate) fn new(s: &NodeStencil) -> Self {
        let ef = s.x1 - s.x0;
        let ee = s.x2 - s.x1;
        let lf = ef.norm();
        let le = ee.norm();
        let tf = ef / lf;
        let te = ee / le;
        let chi = 1.0 + tf.dot(&te);
        Self {
            lf,
            le,
            tf,
            te,
            chi,
            kb: tf.cross(&te) * (2.0 / chi),
            tt: (tf + te) / chi,
        }
    }
}

impl Geometry {
    /// Evaluates the shared quantities of a stencil.
    pub(crate) fn new(s: &NodeStencil) -> Self {
        let Tangents {
            lf,
            le,
            tf,
            te,
            chi,
            kb,
            tt,
        } = Tangents::new(s);
        let id = Mat3::identity();
        let pf = (id - tf * tf.transpose()) / lf;
        let pe = (id - te * te.transpose()) / le;
        let (m1f, m2f) = material_frame(&s.d1f, &s.d2f, s.theta_f);
        let (m1e, m2e) = material_frame(&s.d1e, &s.d2e, s.theta_e);
        Self {
            lf,
            le,
            tf,
            te,
            chi,
            kb,
            tt,
            pf,
            pe,
            m1f,
            m2f,
            m1e,
            m2e,
        }
    }

    /// Gradient of `s = w·κb` (for a fixed vector `w`) with respect to `(e_f, e_e)`:
    /// `∂s/∂e_f = ((2/χ) t_e × w − s t̃)/|e_f|`, `∂s/∂e_e = (−(2/χ) t_f × w − s t̃)/|e_e|`.
    #[inline]
    pub(super) fn kb_dot_grad(&self, w: &Vec3) -> (f64, Vec3, Vec3) {
        let s = w.dot(&self.kb);
        let c = 2.0 / self.chi;
        let gf = (self.te.cross(w) * c - self.tt * s) / self.lf;
        let ge = (self.tf.cross(w) * (-c) - self.tt * s) / self.le;
        (s, gf, ge)
    }

    /// Hessian blocks `(ff, fe, ee)` of `s = w·κb` for a fixed `w`.
    pub(super) fn kb_dot_hess(&self, w: &Vec3) -> KbDot {
        let (s, gf, ge) = self.kb_dot_grad(w);
        let (lf, le, chi) = (self.lf, self.le, self.chi);
        let te_w = self.te.cross(w);
        let tf_w = self.tf.cross(w);
        // Row vectors t_eᵀ P_f and t_fᵀ P_e (P symmetric), so that
        // χ ∂t̃/∂e_f = (I − t̃ t_eᵀ) P_f = P_f − t̃ (P_f t_e)ᵀ and likewise for e_e.
        let te_pf = self.pf * self.te;
        let tf_pe = self.pe * self.tf;
        let c2 = 2.0 / (chi * chi);
        let sc = s / chi;
        // ∂/∂e_f of ∂s/∂e_f: derivative of 1/|e_f|, of 1/χ, of s, and of t̃.
        let uf = te_w * c2 - self.tt * sc;
        let hff = -(gf * self.tf.transpose()
            + self.tt * gf.transpose()
            + uf * te_pf.transpose()
            + self.pf * sc)
            / lf;
        // ∂/∂e_e of ∂s/∂e_f; ∂(t_e × w)/∂e_e = −[w]× P_e = −([w]× + (t_e × w) t_eᵀ)/|e_e|.
        let hfe = -(self.tt * ge.transpose()
            + uf * tf_pe.transpose()
            + self.pe * sc
            + (cross_matrix(w) + te_w * self.te.transpose()) * (2.0 / (chi * le)))
            / lf;
        // ∂/∂e_e of ∂s/∂e_e.
        let ue = tf_w * (-c2) - self.tt * sc;
        let hee = -(ge * self.te.transpose()
            + self.tt * ge.transpose()
            + ue * tf_pe.transpose()
            + self.pe * sc)
            / le;
        KbDot { hff, hfe, hee }
    }
}

/// Hessian blocks of `w·κb` for a fixed vector `w`.
pub(super) struct KbDot {
    pub(super) hff: Mat3,
    pub(super) hfe: Mat3,
    pub(super) hee: Mat3,
}
