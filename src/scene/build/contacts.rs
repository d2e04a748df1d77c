//! Contacts: each `contacts` entry of the scene becomes a [`ContactBinding`] (its chain file
//! loaded and validated, its two body groups resolved ([`super::groups`]), its exclusions, a
//! keep distance beyond the chain's reach), and the bindings one [`ContactSet`], checked for
//! one line-search method and, for barrier chains, a start without penetration.

use super::bodies::Bodies;
use super::ctx::Ctx;
use super::groups::ContactNames;
use crate::contact::{
    BodyGroup, Chain, ContactBinding, ContactModel, ContactSet, ElementSet, PrimId, Redetect,
    RigidRefusal, SelfExclusion, band_neighbours,
};
use crate::contact::{Category, PrimKind};
use crate::diag::{SceneError, locate};
use crate::model::Model;
use crate::scene::schema::ContactSpec;
use crate::scene::{SceneSpec, SphereSetSpec};
use serde::de::DeserializeOwned;
use std::path::Path;

/// The contact model of a scene, `None` when it has no contacts.
type BuiltContacts = Option<Box<dyn ContactModel>>;

/// Binds every contact of the scene, with chains read as element set `E` (`None` if the scene
/// has no contacts), each element checked against the bodies it is bound to
/// ([`super::body_checks`]; `sets`: the sphere sets as declared), with the warnings of
/// [`band_warnings`].
pub(super) fn build_contacts<E: ElementSet + DeserializeOwned + 'static>(
    spec: &SceneSpec,
    sets: &[SphereSetSpec],
    cx: &Ctx,
    bodies: &Bodies,
    model: &Model,
) -> Result<(BuiltContacts, Vec<String>), SceneError> {
    let mut bindings: Vec<ContactBinding<E>> = Vec::new();
    let mut warnings = Vec::new();
    for (ci, contact) in spec.contacts.iter().enumerate() {
        let b = bind(&ContactNames {
            cx,
            bodies,
            model,
            ci,
            contact,
        })?;
        super::body_checks::check_bodies(cx, sets, model, ci, &contact.chain, &b)?;
        warnings.extend(band_warnings(model, &b, ci));
        warnings.extend(matrix_warning(&b, ci));
        check_static(cx, spec, ci, &b.chain)?;
        bindings.push(b);
    }
    let ccd_bindings: Vec<bool> = bindings
        .iter()
        .map(|b| b.chain.method().needs_ccd())
        .collect();
    let mut contacts: Option<Box<dyn ContactModel>> = if bindings.is_empty() {
        None
    } else {
        let set = ContactSet::new(bindings).map_err(|m| {
            cx.err("contacts", m).with_help(
                "IMC and IPC drive Newton differently (‖r‖² line search vs energy + CCD): \
                 use chains of one method in a scene",
            )
        })?;
        Some(Box::new(set))
    };
    if let Some(c) = contacts.as_mut() {
        check_contact_methods(c.as_mut(), &ccd_bindings, model, spec, cx)?;
    }
    Ok((contacts, warnings))
}

/// A rod primitive as a user names it.
fn describe(p: &PrimId) -> String {
    match p {
        PrimId::RodEdge(e) => format!("edge {}", e.edge),
        PrimId::RodNode(n) => format!("node {}", n.node),
        other => format!("{other:?}"),
    }
}

/// Warnings for the rods of binding `ci` whose kept neighbouring primitives sit in the
/// chain's force band when the rod is straight ([`band_neighbours`]).
fn band_warnings<E: ElementSet>(model: &Model, b: &ContactBinding<E>, ci: usize) -> Vec<String> {
    band_neighbours(model, b)
        .into_iter()
        .map(|n| {
            let rod = &model.bodies.rods[n.rod];
            format!(
                "contact {} (chain \"{}\"): rod \"{}\": {} pair(s) of neighbours along the rod \
                 sit in the force band when it is straight (closest {} and {}: {:.3e} m apart \
                 along the rod, band 2r + reach = {:.3e} m); they push the rod apart along \
                 itself and show up in min_gap and the contact counts\n  help: leave \
                 `exclude_within` out (the default, Reach, excludes them) or widen it, e.g. \
                 exclude_within: ArcLength({:.3e})",
                ci + 1,
                b.chain.name(),
                rod.name,
                n.count,
                describe(&n.closest.0),
                describe(&n.closest.1),
                n.gap,
                n.band,
                n.band
            )
        })
        .collect()
}

/// A warning for binding `ci` whose chain has force laws but no `AssembleContactMatrix`:
/// Newton then gets none of their Jacobian (mpacts' explicit contact forces), and a stiff law
/// needs small steps or many iterations.
fn matrix_warning<E: ElementSet>(b: &ContactBinding<E>, ci: usize) -> Option<String> {
    let elements = b.chain.elements();
    let laws = (elements.iter())
        .any(|e| matches!(e.doc().category, Category::Normal | Category::Tangential));
    let matrix = (elements.iter()).any(|e| e.doc().name == "AssembleContactMatrix");
    (laws && !matrix).then(|| {
        format!(
            "contact {} (chain \"{}\"): no AssembleContactMatrix, so Newton sees none of the \
             chain's force derivatives and treats its forces as given within an iteration \
             (stiff laws then take many iterations or small steps)\n  help: add \
             AssembleContactMatrix after AssembleForces, unless explicit contact forces are meant",
            ci + 1,
            b.chain.name()
        )
    })
}

/// One contact of the scene: its chain loaded, its sides and exclusions resolved, its keep
/// distance checked against the chain's reach.
fn bind<E: ElementSet + DeserializeOwned + 'static>(
    names: &ContactNames,
) -> Result<ContactBinding<E>, SceneError> {
    let (cx, model, ci, c) = (names.cx, names.model, names.ci, names.contact);
    let chain_path = cx.file.parent().unwrap_or(Path::new(".")).join(&c.chain);
    let chain = Chain::<E>::load(&chain_path).map_err(|mut e| {
        if e.position.is_none() && e.message.starts_with("cannot read") {
            e.message = format!(
                "contact {}: {}: {}",
                ci + 1,
                chain_path.display(),
                e.message
            );
            e.file = cx.file.to_path_buf();
            e.position = locate(cx.source, &format!("\"{}\"", c.chain), 0);
        }
        e
    })?;
    let needle = format!("\"{}\"", c.chain);
    let first = names.group(&c.first, chain.kinds().0, "side 1")?;
    let second = names.group(&c.second, chain.kinds().1, "side 2")?;
    let radius_of = |g: &BodyGroup| -> f64 {
        match g {
            BodyGroup::Rods(v) => v
                .iter()
                .map(|&r| model.bodies.rods[r].section.contact_radius())
                .fold(0.0, f64::max),
            BodyGroup::Spheres(v) => v
                .iter()
                .map(|&s| model.bodies.spheres[s].radius)
                .fold(0.0, f64::max),
            BodyGroup::Planes(_) => 0.0,
            BodyGroup::Shells(v) => v
                .iter()
                .map(|&s| 0.5 * model.bodies.shells[s].thickness)
                .fold(0.0, f64::max),
            BodyGroup::Rigid(v) => v
                .iter()
                .map(|&b| model.bodies.rigid[b].skin)
                .fold(0.0, f64::max),
        }
    };
    let keep = c
        .keep_distance
        .map_or_else(|| radius_of(&first).max(radius_of(&second)), |k| k.0);
    let mut excluded = Vec::new();
    for (a, b) in &c.exclude {
        excluded.push((names.excluded_body(a)?, names.excluded_body(b)?));
    }
    let reach = chain.method().reach;
    if c.detect == Redetect::MeshEdges {
        check_mesh_edges(cx, ci, c, &chain, &first, &second)?;
    } else if keep <= reach {
        return Err(cx
            .err(
                &needle,
                format!(
                    "contact {}: keep_distance {keep:e} m does not exceed the reach of chain \"{}\" \
                     ({reach:e} m, its δ or d̂): contacts would start unseen by detection",
                    ci + 1,
                    chain.name()
                ),
            )
            .with_help(format!(
                "set keep_distance to more than {reach:e} m (for IPC, also more than d̂ plus twice \
                 the distance a body moves in one step)"
            )));
    }
    if c.detect == Redetect::OnMotion && chain.method().needs_ccd() {
        return Err(cx
            .err(
                "OnMotion",
                format!(
                    "contact {}: chain \"{}\" is a barrier (its Newton steps are capped by CCD from \
                     the step start), so it must detect its candidates at every step start",
                    ci + 1,
                    chain.name()
                ),
            )
            .with_help("remove `detect: OnMotion` from this contact (or set `detect: EveryStep`)"));
    }
    check_rigid(cx, ci, &needle, &chain, &first, &second)?;
    if let SelfExclusion::ArcLength(l) = c.exclude_within
        && !(l.is_finite() && l >= 0.0)
    {
        return Err(cx
            .err(
                "exclude_within",
                format!(
                    "contact {}: exclude_within: ArcLength({l}) must be a finite length ≥ 0 m",
                    ci + 1
                ),
            )
            .with_help("e.g. exclude_within: ArcLength(0.004), or Edges(3), or leave it out for the default (Reach)"));
    }
    Ok(ContactBinding {
        chain,
        first,
        second,
        keep_distance: keep,
        excluded,
        self_exclusion: c.exclude_within,
        redetect: c.detect,
    })
}

/// Checks a `detect: MeshEdges` contact: a chain between two points, both sides the same
/// shells, no keep distance (its pairs are the meshes' edges, whatever their length).
fn check_mesh_edges<E: ElementSet>(
    cx: &Ctx,
    ci: usize,
    c: &ContactSpec,
    chain: &Chain<E>,
    first: &BodyGroup,
    second: &BodyGroup,
) -> Result<(), SceneError> {
    let kinds = chain.kinds();
    if kinds != (PrimKind::Point, PrimKind::Point) {
        return Err(cx
            .err(
                "MeshEdges",
                format!(
                    "contact {}: detect: MeshEdges pairs the two nodes of each mesh edge, but chain \"{}\" binds a {:?} to a {:?}",
                    ci + 1,
                    chain.name(),
                    kinds.0,
                    kinds.1
                ),
            )
            .with_help(
                "start the chain with Point_1_Data, Point_2_Data, Point_Point (as chains/shell_viscosity.ron), or detect its pairs by distance (leave `detect` out)",
            ));
    }
    let same_shells =
        matches!((first, second), (BodyGroup::Shells(a), BodyGroup::Shells(b)) if a == b);
    if !same_shells {
        return Err(cx
            .err(
                "MeshEdges",
                format!(
                    "contact {}: detect: MeshEdges pairs the nodes of each edge of one mesh, so both sides must name the same shells or cells",
                    ci + 1
                ),
            )
            .with_help("use first: AllShells, second: AllShells (or the same Shells([...]) on both sides)"));
    }
    if c.keep_distance.is_some() {
        return Err(cx
            .err(
                "keep_distance",
                format!(
                    "contact {}: keep_distance has no meaning with detect: MeshEdges (its pairs are the meshes' edges, whatever their length)",
                    ci + 1
                ),
            )
            .with_help("remove keep_distance from this contact"));
    }
    Ok(())
}

/// Rejects barrier (IPC) scenes that start with a non-positive gap (chains of conflicting
/// line searches are refused by [`ContactSet::new`]).
fn check_contact_methods(
    c: &mut dyn ContactModel,
    ccd_bindings: &[bool],
    model: &Model,
    spec: &SceneSpec,
    cx: &Ctx,
) -> Result<(), SceneError> {
    if !ccd_bindings.iter().any(|&b| b) {
        return Ok(());
    }
    c.detect(model, &model.q);
    let ev = c.evaluate(
        model,
        &model.q,
        &model.v,
        &crate::time::Coefficients::implicit_euler(spec.time.dt.0),
        false,
    );
    let worst = ev
        .iter()
        .filter(|l| ccd_bindings[l.key.binding as usize] && l.gap <= 0.0)
        .min_by(|a, b| a.gap.total_cmp(&b.gap));
    if let Some(w) = worst {
        let bi = w.key.binding as usize;
        return Err(cx
            .err(
                &format!("\"{}\"", spec.contacts[bi].chain),
                format!(
                    "contact {}: the initial configuration already penetrates: {} and {} have gap {:.3e} m, \
                     but the barrier chain \"{}\" needs every gap > 0 from the start",
                    bi + 1,
                    w.key.first.label(model),
                    w.key.second.label(model),
                    w.gap,
                    spec.contacts[bi].chain
                ),
            )
            .with_help("move the bodies apart so that they start separated (by a fraction of d̂ at least)"));
    }
    Ok(())
}

/// Under `integrator: Static` forces see no velocity, so a law that divides by the step's
/// velocity scale or integrates a velocity over it (`T_IPC`'s lagged friction, `h = ∞`) is
/// refused for contact `ci` with a pointer to `Overdamped`.
fn check_static<E: ElementSet>(
    cx: &Ctx,
    spec: &SceneSpec,
    ci: usize,
    chain: &Chain<E>,
) -> Result<(), SceneError> {
    if spec.time.integrator != crate::time::IntegratorKind::Static {
        return Ok(());
    }
    const VELOCITY_LAWS: [&str; 1] = ["T_IPC"];
    let Some(e) = (chain.elements().iter())
        .map(|e| e.doc().name)
        .find(|n| VELOCITY_LAWS.contains(n))
    else {
        return Ok(());
    };
    Err(cx
        .err(
            "Static",
            format!(
                "contact {}: chain \"{}\" uses `{e}`, whose friction is a velocity over the step, \
                 but integrator: Static has no velocity (every load step is an equilibrium)",
                ci + 1,
                chain.name()
            ),
        )
        .with_help(
            "for quasi-static loading with friction use integrator: Overdamped with a drag or \
             resistance; or drop the friction law for a frictionless static solve",
        ))
}

/// What a chain on a rigid body's surface may not do, refused when a side of contact `ci` is a
/// group of rigid bodies: cap steps by CCD (a rotating surface's points move along arcs, not
/// the straight lines CCD assumes), use friction or moment laws written for points and spheres
/// only (`T_IMC`, `T_IPC`, rolling and torsional resistance: they do not see a rigid side's
/// rotation about its centre of mass), or bind a rigid vertex against a shell triangle (1 + 3
/// points and a rotation do not fit a pair's four slots). The first two are the chain's
/// [`Chain::rigid_refusal`].
fn check_rigid<E: ElementSet>(
    cx: &Ctx,
    ci: usize,
    needle: &str,
    chain: &Chain<E>,
    first: &BodyGroup,
    second: &BodyGroup,
) -> Result<(), SceneError> {
    let rigid = |g: &BodyGroup| matches!(g, BodyGroup::Rigid(_));
    if !rigid(first) && !rigid(second) {
        return Ok(());
    }
    let refuse = |what: String, help: &str| {
        Err(cx
            .err(
                needle,
                format!(
                    "contact {}: chain \"{}\" is bound to a rigid body, but {what}",
                    ci + 1,
                    chain.name()
                ),
            )
            .with_help(help.to_string()))
    };
    match chain.rigid_refusal() {
        Some(RigidRefusal::Ccd) => {
            return refuse(
                "it caps Newton steps by continuous collision detection, which rigid surfaces do \
                 not support (their points turn along arcs)"
                    .into(),
                "use a penalty or IMC normal law (N_Hertz, N_LinearSpring…, N_IMC) against rigid \
                 bodies",
            );
        }
        Some(RigidRefusal::PointOnly(e)) => {
            return refuse(
                format!("its element `{e}` does not support rigid bodies"),
                "use T_CoulombFriction or T_CundallStrack for friction against rigid bodies",
            );
        }
        Some(RigidRefusal::PerPrimitive(e)) => {
            return refuse(
                format!(
                    "its resolver `{e}` would give every triangle at the body's lowest corner a \
                     contact of its own"
                ),
                "bind the rigid body's vertices to the plane with Point_Plane (a Point_1_Data \
                 chain): each vertex touches once",
            );
        }
        None => {}
    }
    let shell = |g: &BodyGroup| matches!(g, BodyGroup::Shells(_));
    let (k1, k2) = chain.kinds();
    if (rigid(first) && k1 == PrimKind::Point && shell(second) && k2 == PrimKind::Triangle)
        || (rigid(second) && k2 == PrimKind::Point && shell(first) && k1 == PrimKind::Triangle)
    {
        return refuse(
            "it binds the rigid body's vertices against shell triangles, which do not fit a \
             pair's four slots"
                .into(),
            "bind shell nodes against the rigid body's triangles and shell edges against its \
             edges instead",
        );
    }
    Ok(())
}
