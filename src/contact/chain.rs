//! Chains: an ordered list of elements read from a RON chain file and validated at load time.
//!
//! ```ron
//! Chain(
//!     name: "linear",
//!     elements: [
//!         Deformable_Capsule_1_Data, Deformable_Capsule_2_Data,
//!         Capsule_Capsule,
//!         N_LinearForce(stiffness: 1e3),
//!         AssembleForces, AssembleContactMatrix,
//!     ],
//! )
//! ```
//!
//! Validation walks the elements in order, tracking what has been given: each element's
//! [`Needs`](super::Needs) must be met by the elements before it, and a resolver must match the
//! primitive kinds the data elements bound. A complete chain binds both sides, resolves the
//! geometry, has a normal law and assembles its forces.

use super::builtin::Builtin;
use super::chain_method::method_of;
use super::ctx::ContactCtx;
use super::element::{
    Caps, ChainElement, ContactMethod, ElementSet, Env, MEMORY_WORDS, Memory, MemoryLayout,
    PairMemory,
};
use super::primitive::{PrimId, PrimKind};
use crate::contact::core::EnergyRole;
use crate::diag::SceneError;
use crate::diag::{locate, ron_error, ron_options};
use crate::time::Coefficients;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// A validated chain of elements of the set `E` (the built-ins by default), with the contact
/// method and the per-pair memory layout its elements imply. Its fields are read through
/// accessors: a validated chain cannot be edited into an invalid one.
#[derive(Debug, Clone)]
pub struct Chain<E = Builtin> {
    name: String,
    file: PathBuf,
    elements: Vec<E>,
    kinds: (PrimKind, PrimKind),
    method: ContactMethod,
    memory: MemoryLayout,
    /// Position of the geometry resolver (the last one), after which an inert chain stops for
    /// a pair beyond its reach.
    resolver_at: Option<usize>,
    /// Each element's role in the energy balance.
    roles: Vec<EnergyRole>,
    /// In a chain that stacks laws (`stack_laws: true`), the positions of its normal laws: one
    /// that rejects a pair only has nothing for it (see [`Chain::evaluate_into`]). Empty
    /// otherwise.
    stacked_normal: Vec<usize>,
}

#[derive(Deserialize)]
#[serde(rename = "Chain", deny_unknown_fields)]
struct ChainFile<E> {
    name: String,
    #[serde(default)]
    #[allow(dead_code)]
    description: Option<String>,
    /// Several normal (or tangential) laws whose forces add up are meant.
    #[serde(default)]
    stack_laws: bool,
    elements: Vec<E>,
}

impl<E: ElementSet + DeserializeOwned> Chain<E> {
    /// Reads and validates a chain file.
    pub fn load(path: &Path) -> Result<Self, SceneError> {
        Self::load_with_source(path).map(|(chain, _)| chain)
    }

    /// Reads and validates a chain file, and returns its text with the chain.
    pub fn load_with_source(path: &Path) -> Result<(Self, String), SceneError> {
        let source = crate::diag::read_text(path, "chain file").map_err(|e| {
            if e.help.is_some() {
                e
            } else {
                e.with_help("chain paths in a scene are relative to the scene file; shipped chains are in chains/")
            }
        })?;
        let chain = Self::parse(&source, path)?;
        Ok((chain, source))
    }

    /// Parses and validates chain text; `file` is used in messages.
    pub fn parse(source: &str, file: &Path) -> Result<Self, SceneError> {
        let f: ChainFile<E> = ron_options()
            .from_str(source)
            .map_err(|e| ron_error(e, file))?;
        Self::with_roles(&f.name, f.elements, file, source, f.stack_laws)
    }

    /// Validates a list of elements into a chain: what each needs is given before it, and each
    /// role (resolver, normal law, tangential law, side data, contact matrix, assembler) is
    /// filled once.
    pub fn new(
        name: &str,
        elements: Vec<E>,
        file: &Path,
        source: Option<&str>,
    ) -> Result<Self, SceneError> {
        Self::with_roles(name, elements, file, source.unwrap_or(""), false)
    }

    fn with_roles(
        name: &str,
        elements: Vec<E>,
        file: &Path,
        source: &str,
        stack_laws: bool,
    ) -> Result<Self, SceneError> {
        let kinds = validate(&elements, file, source)?;
        super::chain_roles::check_roles(&elements, file, source, stack_laws)?;
        let method = method_of(&elements, file, source)?;
        let memory = MemoryLayout::new(elements.iter().map(|e| e.needs().memory)).map_err(|w| {
            SceneError::new(
                file,
                locate(source, "elements", 0),
                format!(
                    "the chain's elements keep {w} words of memory per pair, more than the \
                     {MEMORY_WORDS} a pair has"
                ),
            )
            .with_help("split the laws over two chains, or keep less per-pair memory")
        })?;
        let resolver_at = elements
            .iter()
            .rposition(|e| e.doc().category == crate::contact::Category::Resolver);
        let roles = elements
            .iter()
            .map(|e| EnergyRole::of(e.doc(), &e.gives()))
            .collect();
        let stacked_normal = if stack_laws {
            (elements.iter().enumerate())
                .filter(|(_, e)| e.doc().category == crate::contact::Category::Normal)
                .map(|(k, _)| k)
                .collect()
        } else {
            Vec::new()
        };
        Ok(Self {
            stacked_normal,
            name: name.to_string(),
            file: file.to_path_buf(),
            roles,
            elements,
            kinds,
            method,
            memory,
            resolver_at,
        })
    }
}

impl<E: ElementSet> Chain<E> {
    /// Name given in the file.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// File it was read from (empty for chains built in code).
    pub fn file(&self) -> &Path {
        &self.file
    }
    /// Whether the chain can store a contact potential: some normal law of conservative role
    /// (a dissipative law's energy and a friction law's are not potentials, see
    /// [`EnergyRole`]). Without one, every pair's potential is zero.
    pub fn has_potential(&self) -> bool {
        self.elements.iter().zip(&self.roles).any(|(e, role)| {
            *role == EnergyRole::Conservative
                && e.doc().category == crate::contact::Category::Normal
        })
    }

    /// The elements, in evaluation order.
    pub fn elements(&self) -> &[E] {
        &self.elements
    }
    /// The elements, mutably, for the contact set's adaptive hooks only (their parameters are
    /// not to be edited once validated).
    pub(crate) fn elements_mut(&mut self) -> &mut [E] {
        &mut self.elements
    }
    /// Primitive kinds of side 1 and side 2.
    pub fn kinds(&self) -> (PrimKind, PrimKind) {
        self.kinds
    }
    /// The contact method the elements imply (line search, CCD kernel, reach, lagging).
    pub fn method(&self) -> &ContactMethod {
        &self.method
    }
    /// Where each element's per-pair memory sits.
    pub fn memory_layout(&self) -> &MemoryLayout {
        &self.memory
    }
    /// Each element's role in the energy balance, in evaluation order.
    pub(crate) fn roles(&self) -> &[EnergyRole] {
        &self.roles
    }

    /// A pair memory holding `m` in the slot of element `position` (0-based) and nothing else:
    /// e.g. to test a law from a given history.
    ///
    /// # Panics
    /// When that element keeps no memory of `M`'s size.
    pub fn memory_with<M: Memory>(&self, position: usize, m: &M) -> PairMemory {
        let slot = self.memory.slots[position].expect("the element keeps no per-pair memory");
        let mut out = PairMemory::default();
        out.write(&slot, m);
        out
    }

    /// The memory of element `position` (0-based) in `memory`, as `M`.
    ///
    /// # Panics
    /// As [`Chain::memory_with`].
    pub fn memory_of<M: Memory>(&self, memory: &PairMemory, position: usize) -> M {
        let slot = self.memory.slots[position].expect("the element keeps no per-pair memory");
        memory.read(&slot)
    }

    /// Runs the chain on one pair at the iterate `env`, starting from the pair's committed
    /// `memory`, under implicit Euler with step `dt`; stops at the first element that rejects
    /// the pair (in a chain that stacks normal laws, once all of them rejected it: see
    /// [`Chain::evaluate_into`]).
    pub fn evaluate(
        &self,
        env: &Env,
        first: PrimId,
        second: PrimId,
        memory: PairMemory,
        dt: f64,
        want_jacobian: bool,
    ) -> ContactCtx {
        let step = Coefficients::implicit_euler(dt);
        self.evaluate_step(env, first, second, memory, &step, want_jacobian)
    }

    /// Like [`Chain::evaluate`], under the time integrator whose coefficients are `step`
    /// (positions in `env` are those of its evaluation point). For a chain inert beyond its
    /// reach ([`ContactMethod::inert_beyond_reach`]), a pair clearly beyond it stops after the
    /// resolver: no law or assembler runs, so it exerts nothing.
    pub fn evaluate_step(
        &self,
        env: &Env,
        first: PrimId,
        second: PrimId,
        memory: PairMemory,
        step: &Coefficients,
        want_jacobian: bool,
    ) -> ContactCtx {
        let mut ctx = ContactCtx::new(first, second, memory, step.dt, want_jacobian);
        self.evaluate_into(env, first, second, memory, step, want_jacobian, &mut ctx);
        ctx
    }

    /// Like [`Chain::evaluate_step`], into the record `ctx`, which is [reset](ContactCtx::reset)
    /// first: a caller evaluating many pairs keeps one record per thread instead of building
    /// and moving a fresh one per pair. The result is the same as `evaluate_step`'s.
    ///
    /// **Stacked normal laws** (`stack_laws: true`): a normal law that rejects the pair only
    /// has nothing for it — a repulsive law at a positive gap under an adhesive bond, a bond
    /// not formed yet on an overlapping pair — and the chain goes on; the pair is rejected
    /// after the last normal law when every one of them rejected it. (A rejecting law writes
    /// no memory, so its slot is cleared when the step is committed, as a dropped pair's.)
    #[allow(clippy::too_many_arguments)]
    pub fn evaluate_into(
        &self,
        env: &Env,
        first: PrimId,
        second: PrimId,
        memory: PairMemory,
        step: &Coefficients,
        want_jacobian: bool,
        ctx: &mut ContactCtx,
    ) {
        ctx.reset(first, second, memory, step, want_jacobian);
        let mut stacked_acted = false;
        for (k, (e, slot)) in self.elements.iter().zip(&self.memory.slots).enumerate() {
            ctx.slot = *slot;
            evaluate_in_role(e, self.roles[k], env, ctx);
            if let Some(&last) = self.stacked_normal.last()
                && self.stacked_normal.contains(&k)
            {
                stacked_acted |= !ctx.reject;
                ctx.reject = k == last && !stacked_acted;
            }
            if ctx.reject || (Some(k) == self.resolver_at && self.method.skips(ctx.gap)) {
                // Rejected, or beyond the reach of laws that do nothing there: the pair exerts
                // nothing and keeps no memory (what the laws would have given).
                break;
            }
        }
        ctx.slot = None;
        if ctx.has_rigid() {
            ctx.finish_rigid();
        }
    }
}

/// Runs element `e` of energy role `role` on `ctx`: what a friction or damping element adds to
/// the force and energy is also kept apart in [`ContactCtx::nonconservative`] (energy balance).
/// Every chain evaluation runs its elements through here (the contact set's fused capsule path
/// too).
#[inline]
pub(crate) fn evaluate_in_role<T: ChainElement>(
    e: &T,
    role: EnergyRole,
    env: &Env,
    ctx: &mut ContactCtx,
) {
    if role == EnergyRole::Conservative {
        e.evaluate(env, ctx);
    } else {
        let (force, energy) = (ctx.force, ctx.energy);
        let before = super::WidePair::overflow_force(ctx);
        e.evaluate(env, ctx);
        let added = ctx.force - force;
        ctx.nonconservative.add(role, &added, ctx.energy - energy);
        (ctx.nonconservative).add_extra(role, before, super::WidePair::overflow_force(ctx));
    }
}

fn element_position(source: &str, name: &str, index: usize) -> Option<(usize, usize)> {
    // The index-th element named `name` (counting only whole-word matches).
    let mut from = 0;
    let mut found = None;
    for _ in 0..=index {
        let at = locate(source, name, from)?;
        found = Some(at);
        let byte = source
            .match_indices(name)
            .find(|(b, _)| *b >= from)
            .map(|(b, _)| b)?;
        from = byte + name.len();
    }
    found
}

fn providers<E: ElementSet>(flag: Caps) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = E::catalogue()
        .iter()
        .filter(|e| e.gives().caps.contains(flag))
        .map(|e| e.doc().name)
        .collect();
    v.dedup();
    v
}

fn validate<E: ElementSet>(
    elements: &[E],
    file: &Path,
    source: &str,
) -> Result<(PrimKind, PrimKind), SceneError> {
    let mut have = Caps::NONE;
    let mut side1: Option<PrimKind> = None;
    let mut side2: Option<PrimKind> = None;
    let mut seen: Vec<&str> = Vec::new();
    for (i, e) in elements.iter().enumerate() {
        let name = e.doc().name;
        let nth = seen.iter().filter(|n| **n == name).count();
        seen.push(name);
        let pos = element_position(source, name, nth);
        let at =
            |msg: String| SceneError::new(file, pos, format!("element {} `{name}`: {msg}", i + 1));
        e.validate()
            .map_err(|m| at(m).with_help(format!("see `catena elements {name}`")))?;
        let needs = e.needs();
        let missing = needs.caps.missing_from(have);
        if let Some(flag) = missing.flags().next() {
            let prov = providers::<E>(flag);
            return Err(
                at(format!("needs {flag}, which no element before it gives"))
                    .with_help(format!("put one of {} before it", prov.join(", "))),
            );
        }
        if let Some((k1, k2)) = needs.kinds {
            let (b1, b2) = (side1.unwrap_or(k1), side2.unwrap_or(k2));
            if (b1, b2) != (k1, k2) && e.doc().category != crate::contact::Category::Resolver {
                // A law written for some pairs only (a mesh node's weight).
                return Err(at(format!(
                    "acts on {k1} against {k2} only, but the data elements bind {b1} against {b2}"
                ))
                .with_help(format!(
                    "see `catena elements {name}`; bind the sides to {k1} and {k2}, or use \
                     another law for {b1} against {b2}"
                )));
            }
            if (b1, b2) != (k1, k2) {
                let fits: Vec<&str> = E::catalogue()
                    .iter()
                    .filter(|c| {
                        c.doc().category == crate::contact::Category::Resolver
                            && c.needs().kinds == Some((b1, b2))
                    })
                    .map(|c| c.doc().name)
                    .collect();
                let help = if fits.is_empty() {
                    format!(
                        "no built-in resolver handles {b1} against {b2}; change the data elements"
                    )
                } else {
                    format!("for {b1} against {b2} use {}", fits.join(" or "))
                };
                return Err(at(format!(
                    "resolves {k1} against {k2}, but the data elements bind {b1} against {b2}"
                ))
                .with_help(help));
            }
        }
        let g = e.gives();
        if let Some(k) = g.side1 {
            side1 = Some(k);
        }
        if let Some(k) = g.side2 {
            side2 = Some(k);
        }
        have = have.with(g.caps);
    }
    // A rounded-triangle resolver's polygon is the contact geometry of its `_Int` laws.
    if have.contains(Caps::POLYGON) {
        have = have.with(Caps::GEOMETRY);
    }
    let required = Caps::SIDE1
        .with(Caps::SIDE2)
        .with(Caps::GEOMETRY)
        .with(Caps::NORMAL_FORCE)
        .with(Caps::FORCES_ASSEMBLED);
    if let Some(flag) = required.missing_from(have).flags().next() {
        return Err(SceneError::new(
            file,
            locate(source, "elements", 0),
            format!("the chain never gives {flag}"),
        )
        .with_help(format!("add one of {}", providers::<E>(flag).join(", "))));
    }
    match (side1, side2) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(SceneError::new(
            file,
            None,
            "the chain does not bind both sides",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Chain, SceneError> {
        Chain::<Builtin>::parse(src, Path::new("test.ron"))
    }

    #[test]
    fn valid_chain_loads() {
        let c = parse(
            "Chain(name: \"lin\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
             Capsule_Capsule, N_LinearForce(stiffness: 1e3, damping: 0.1), AssembleForces, AssembleContactMatrix])",
        )
        .unwrap();
        assert_eq!(c.elements().len(), 6);
        assert_eq!(c.kinds(), (PrimKind::Capsule, PrimKind::Capsule));
    }

    #[test]
    fn law_before_geometry_is_rejected_with_providers() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, N_LinearForce(stiffness: 1.0), \
             Sphere_Sphere, AssembleForces])",
        )
        .unwrap_err();
        assert!(e.message.contains("element 3 `N_LinearForce`"), "{e}");
        assert!(e.message.contains("contact geometry"), "{e}");
        assert!(e.help.as_deref().unwrap().contains("Sphere_Sphere"), "{e}");
        assert_eq!(e.position.map(|p| p.0), Some(1));
    }

    #[test]
    fn resolver_on_wrong_data_is_rejected() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Capsule_Capsule, \
             N_LinearForce(stiffness: 1.0), AssembleForces])",
        )
        .unwrap_err();
        assert!(e.message.contains("`Capsule_Capsule`"), "{e}");
        assert!(e.message.contains("sphere against sphere"), "{e}");
        assert!(e.help.as_deref().unwrap().contains("Sphere_Sphere"), "{e}");
    }

    #[test]
    fn unknown_element_suggests_closest() {
        let e = parse("Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_Spere])").unwrap_err();
        assert!(e.message.contains("Sphere_Spere"), "{e}");
        assert!(
            e.help
                .as_deref()
                .unwrap()
                .contains("did you mean `Sphere_Sphere`"),
            "{e}"
        );
        assert!(e.position.is_some());
    }

    #[test]
    fn incomplete_chain_is_rejected() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, N_LinearForce(stiffness: 1.0)])",
        )
        .unwrap_err();
        assert!(e.message.contains("assembled forces"), "{e}");
        assert!(e.help.as_deref().unwrap().contains("AssembleForces"), "{e}");
    }

    #[test]
    fn bad_parameter_is_rejected() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, N_LinearForce(stiffness: -1.0), AssembleForces])",
        )
        .unwrap_err();
        assert!(e.message.contains("stiffness must be a positive"), "{e}");
    }

    /// A sphere–sphere resolver without a CCD kernel (as a user's might be).
    #[derive(Debug, Clone, Copy, Default, serde::Deserialize)]
    struct NoCcd;

    static NO_CCD: crate::contact::ElementDoc = crate::contact::ElementDoc {
        name: "NoCcd",
        category: crate::contact::Category::Resolver,
        summary: "test resolver",
        details: "test",
    };

    impl crate::contact::ChainElement for NoCcd {
        fn doc(&self) -> &'static crate::contact::ElementDoc {
            &NO_CCD
        }
        fn needs(&self) -> crate::contact::Needs {
            crate::contact::Needs::caps(Caps::SIDE1.with(Caps::SIDE2))
                .with_kinds(PrimKind::Sphere, PrimKind::Sphere)
        }
        fn gives(&self) -> crate::contact::Gives {
            crate::contact::Gives::caps(Caps::GEOMETRY)
        }
        fn evaluate(&self, _env: &Env, _ctx: &mut ContactCtx) {}
    }

    crate::element_set! {
        /// The built-ins and the test resolver.
        enum WithNoCcd {
            /// Every built-in.
            Builtin(Builtin): set,
            /// The resolver without CCD.
            NoCcd(NoCcd),
        }
    }

    #[test]
    fn a_barrier_chain_needs_a_resolver_with_a_ccd_kernel() {
        let src = "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, NoCcd, \
                   N_IPC(dhat: 1e-4), AssembleForces])";
        let e = Chain::<WithNoCcd>::parse(src, Path::new("t.ron")).unwrap_err();
        assert!(e.message.contains("`N_IPC`"), "{e}");
        assert!(e.message.contains("CCD kernel"), "{e}");
        assert!(e.position.is_some(), "{e}");
        // The same resolver serves a chain that needs no CCD.
        let ok = "Chain(name: \"y\", elements: [Sphere_1_Data, Sphere_2_Data, NoCcd, \
                  N_Hertz(), AssembleForces])";
        let c = Chain::<WithNoCcd>::parse(ok, Path::new("t.ron")).unwrap();
        assert!(c.method().ccd.is_none() && !c.method().needs_ccd());
        // Built-in resolvers give one.
        let ipc = parse(
            "Chain(name: \"z\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_IPC(dhat: 1e-4), AssembleForces])",
        )
        .unwrap();
        assert!(ipc.method().needs_ccd() && ipc.method().ccd.is_some());
        assert_eq!(ipc.method().reach, 1e-4);
    }

    #[test]
    fn one_chain_cannot_ask_for_two_line_searches() {
        let e = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_IMC(delta: 1e-5, stiffness: Fixed(1.0)), N_IPC(dhat: 1e-4), AssembleForces])",
        )
        .unwrap_err();
        assert!(
            e.message.contains("`N_IPC`") && e.message.contains("`N_IMC`"),
            "{e}"
        );
    }

    #[test]
    fn memory_slots_are_allocated_by_position() {
        let c = parse(
            "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_JKR(surface_energy: 0.05), T_CundallStrack(mu_s: 0.5, k_t: 1e3), AssembleForces])",
        )
        .unwrap();
        let slots = &c.memory_layout().slots;
        let (jkr, cs) = (slots[3].unwrap(), slots[4].unwrap());
        assert_eq!((jkr.offset, jkr.words), (0, 1));
        assert_eq!((cs.offset, cs.words), (1, 4));
        assert!(slots[..3].iter().all(Option::is_none));
        // Each law reads back only what it wrote.
        let m = c.memory_with(
            4,
            &crate::contact::SpringElongation {
                zeta: crate::math::Vec3::x(),
                sliding: true,
            },
        );
        assert!(!c.memory_of::<crate::contact::Established>(&m, 3).0);
        assert!(
            c.memory_of::<crate::contact::SpringElongation>(&m, 4)
                .sliding
        );
    }
}
