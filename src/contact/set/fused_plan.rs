//! [`CapsulePlan`]: which bindings of a contact set take the fused capsule path (see
//! [`fused_pair`](super::fused_pair)), decided once when the set is built.
//!
//! A chain qualifies when it is exactly the plain rod–rod IMC or IPC chain the crate ships
//! (`chains/imc.ron`, `imc_friction.ron`, `ipc.ron`):
//!
//! ```text
//! Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule,
//! N_IMC | N_IPC, [T_IMC | T_IPC], AssembleForces, AssembleContactMatrix
//! ```
//!
//! with any parameters. Elements are recognised by type ([`ElementSet::element_any`]), so a
//! user's element set that wraps the built-ins qualifies too; any other chain (another law, a
//! matrix element, a one-sided assembler, feedback, stacked laws) keeps the generic path. The
//! laws' parameters and adaptive state are read from the chain at each evaluation
//! ([`CapsulePlan::laws`]): adaptive stiffnesses change between steps.

use crate::contact::chain::Chain;
use crate::contact::core::EnergyRole;
use crate::contact::element::{CcdKernel, ContactMethod, ElementSet, MemoryLayout, MemorySlot};
use crate::contact::{
    AssembleContactMatrix, AssembleForces, CapsuleCapsule, DeformableCapsule1Data,
    DeformableCapsule2Data, Imc, ImcFriction, Ipc, IpcFriction,
};
use std::any::Any;

/// Position of the normal law in a qualifying chain (after the two data elements and the
/// resolver); the friction law, when there is one, follows it.
const NORMAL_AT: usize = 3;

/// A binding whose chain takes the fused capsule path: whether it has a friction law.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CapsulePlan {
    friction: bool,
}

/// The normal law of a fused chain.
#[derive(Debug, Clone, Copy)]
pub(crate) enum NormalLaw<'a> {
    /// `N_IMC`.
    Imc(&'a Imc),
    /// `N_IPC`.
    Ipc(&'a Ipc),
}

/// The friction law of a fused chain.
#[derive(Debug, Clone, Copy)]
pub(crate) enum FrictionLaw<'a> {
    /// `T_IMC`.
    Imc(&'a ImcFriction),
    /// `T_IPC`.
    Ipc(&'a IpcFriction),
}

/// A fused chain's laws as they stand at one evaluation, with what the chain loop would give
/// them: their energy roles and memory slots, the chain's method (reach) and memory layout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CapsuleLaws<'a> {
    /// The normal law, its energy role and memory slot.
    pub normal: (NormalLaw<'a>, EnergyRole, Option<MemorySlot>),
    /// The friction law, its energy role and memory slot, when the chain has one.
    pub friction: Option<(FrictionLaw<'a>, EnergyRole, Option<MemorySlot>)>,
    /// The chain's contact method.
    pub method: &'a ContactMethod,
    /// The chain's memory layout.
    pub layout: &'a MemoryLayout,
}

/// The element `e` as a `T`, when it is one.
fn as_type<T: Any, E: ElementSet>(e: &E) -> Option<&T> {
    e.element_any()?.downcast_ref::<T>()
}

fn is<T: Any, E: ElementSet>(e: &E) -> bool {
    as_type::<T, E>(e).is_some()
}

impl CapsulePlan {
    /// The plan of `chain`, when it qualifies (module docs). A qualifying chain's resolver
    /// gives a distance CCD kernel, which is what lets the generic path skip a pair beyond
    /// reach before building its record; the fused path makes the same decision.
    pub(crate) fn of<E: ElementSet>(chain: &Chain<E>) -> Option<Self> {
        let e = chain.elements();
        let friction = match e.len() {
            6 => false,
            7 => true,
            _ => return None,
        };
        let n = e.len();
        let ok = is::<DeformableCapsule1Data, E>(&e[0])
            && is::<DeformableCapsule2Data, E>(&e[1])
            && is::<CapsuleCapsule, E>(&e[2])
            && (is::<Imc, E>(&e[NORMAL_AT]) || is::<Ipc, E>(&e[NORMAL_AT]))
            && (!friction
                || is::<ImcFriction, E>(&e[NORMAL_AT + 1])
                || is::<IpcFriction, E>(&e[NORMAL_AT + 1]))
            && is::<AssembleForces, E>(&e[n - 2])
            && is::<AssembleContactMatrix, E>(&e[n - 1])
            && matches!(chain.method().ccd, Some(CcdKernel::Distance(_)))
            && chain.roles()[..NORMAL_AT]
                .iter()
                .chain(&chain.roles()[n - 2..])
                .all(|r| *r == EnergyRole::Conservative);
        ok.then_some(Self { friction })
    }

    /// The laws of `chain` (the chain this plan was made for) as they stand now.
    pub(crate) fn laws<'a, E: ElementSet>(&self, chain: &'a Chain<E>) -> Option<CapsuleLaws<'a>> {
        let (e, roles) = (chain.elements(), chain.roles());
        let slots = &chain.memory_layout().slots;
        let at = NORMAL_AT;
        let normal = match (as_type::<Imc, E>(&e[at]), as_type::<Ipc, E>(&e[at])) {
            (Some(imc), _) => NormalLaw::Imc(imc),
            (_, Some(ipc)) => NormalLaw::Ipc(ipc),
            _ => return None,
        };
        let friction = if self.friction {
            let at = at + 1;
            let law = match (
                as_type::<ImcFriction, E>(&e[at]),
                as_type::<IpcFriction, E>(&e[at]),
            ) {
                (Some(imc), _) => FrictionLaw::Imc(imc),
                (_, Some(ipc)) => FrictionLaw::Ipc(ipc),
                _ => return None,
            };
            Some((law, roles[at], slots[at]))
        } else {
            None
        };
        Some(CapsuleLaws {
            normal: (normal, roles[at], slots[at]),
            friction,
            method: chain.method(),
            layout: chain.memory_layout(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn parse(elements: &str) -> Chain {
        Chain::parse(
            &format!("Chain(name: \"c\", elements: [{elements}])"),
            Path::new("t.ron"),
        )
        .unwrap()
    }

    const CAPSULES: &str = "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule";
    const ASSEMBLE: &str = "AssembleForces, AssembleContactMatrix";

    /// The shipped IMC and IPC chains qualify, with and without friction, and so do their
    /// mixtures; every other shape keeps the generic path.
    #[test]
    fn only_the_plain_imc_and_ipc_capsule_chains_qualify() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains");
        for file in ["imc.ron", "imc_friction.ron", "ipc.ron"] {
            let chain = Chain::<crate::contact::Builtin>::load(&root.join(file)).unwrap();
            let plan = CapsulePlan::of(&chain).unwrap_or_else(|| panic!("{file}"));
            assert!(plan.friction && plan.laws(&chain).is_some(), "{file}");
        }
        let imc = "N_IMC(delta: 1e-5, stiffness: Fixed(1.0))";
        let ipc = "N_IPC(dhat: 1e-5, stiffness: Fixed(1.0))";
        let t_imc = "T_IMC(mu: 0.3, slip_tolerance: 1e-4)";
        let t_ipc = "T_IPC(mu: 0.3, eps_v: 1e-4)";
        for (laws, friction) in [
            (imc.to_string(), false),
            (ipc.to_string(), false),
            (format!("{imc}, {t_ipc}"), true),
            (format!("{ipc}, {t_imc}"), true),
        ] {
            let chain = parse(&format!("{CAPSULES}, {laws}, {ASSEMBLE}"));
            assert_eq!(
                CapsulePlan::of(&chain),
                Some(CapsulePlan { friction }),
                "{laws}"
            );
        }
        for other in [
            format!("{CAPSULES}, N_LinearForce(stiffness: 1e3), {ASSEMBLE}"),
            format!("{CAPSULES}, {imc}, T_CoulombFriction(mu: 0.3, c_t: 10.0), {ASSEMBLE}"),
            format!("{CAPSULES}, {imc}, AssembleForces"),
            format!("{CAPSULES}, {imc}, AssembleForces_1, AssembleContactMatrix"),
            format!(
                "{CAPSULES}, {imc}, ComputeContactMatrixElementStatic, AssembleForces, \
                 AssembleContactMatrix"
            ),
            format!("{CAPSULES}, {imc}, {ASSEMBLE}, Feedback"),
            format!("Deformable_Capsule_1_Data, Sphere_2_Data, Capsule_Sphere, {imc}, {ASSEMBLE}"),
        ] {
            assert_eq!(CapsulePlan::of(&parse(&other)), None, "{other}");
        }
    }
}
