//! Materials: the scene's named materials, each checked (one of Poisson's ratio or shear
//! modulus, ν in (−1, 0.5]) and turned into a [`Material`].

use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::model::Material;
use crate::scene::SceneSpec;
use std::collections::BTreeMap;

/// The scene's materials by name.
pub(super) type Materials = BTreeMap<String, Material>;

/// Checks and builds every material of the scene.
pub(super) fn build_materials(spec: &SceneSpec, cx: &Ctx) -> Result<Materials, SceneError> {
    let mut materials = BTreeMap::new();
    for (k, m) in &spec.materials {
        let needle = format!("\"{k}\"");
        let mat = match (m.poisson_ratio, m.shear_modulus) {
            (Some(nu), None) => {
                if !(nu > -1.0 && nu <= 0.5) {
                    return Err(cx
                        .err(
                            &needle,
                            format!("material \"{k}\": Poisson's ratio {nu} is outside (−1, 0.5]"),
                        )
                        .with_help("an isotropic elastic solid has −1 < ν ≤ 0.5"));
                }
                Material::from_poisson(m.youngs_modulus.0, nu, m.density.0)
            }
            (None, Some(g)) => Material {
                youngs_modulus: m.youngs_modulus.0,
                shear_modulus: g.0,
                density: m.density.0,
            },
            (Some(_), Some(_)) => {
                return Err(cx
                    .err(
                        &needle,
                        format!("material \"{k}\" gives both poisson_ratio and shear_modulus"),
                    )
                    .with_help("give one of them"));
            }
            (None, None) => {
                return Err(cx
                    .err(
                        &needle,
                        format!("material \"{k}\" needs poisson_ratio or shear_modulus"),
                    )
                    .with_help("add e.g. `poisson_ratio: 0.5`"));
            }
        };
        materials.insert(k.clone(), mat);
    }
    Ok(materials)
}
