//! Element checks against bodies: every element of a contact's chain sees the bodies the
//! contact binds on each side ([`crate::contact::ChainElement::check_bodies`]), once the model
//! is built — a law that picks its coefficients by mask refuses a mask beyond its matrices, a
//! law written for mesh nodes refuses a sphere. The error names the contact, the element and
//! the body, and points at the body's declaration (or at the sphere set that made it).

use super::ctx::Ctx;
use super::sphere_checks::needle;
use crate::contact::{BodyId, ContactBinding, ElementSet};
use crate::diag::SceneError;
use crate::model::{BodyKind, Model};
use crate::scene::SphereSetSpec;

/// Checks every element of binding `b` (the scene's contact `ci`, chain file `chain_file`)
/// against its bodies; `sets` are the scene's sphere sets as declared.
pub(super) fn check_bodies<E: ElementSet>(
    cx: &Ctx,
    sets: &[SphereSetSpec],
    model: &Model,
    ci: usize,
    chain_file: &str,
    b: &ContactBinding<E>,
) -> Result<(), SceneError> {
    let (first, second) = (b.first.bodies(), b.second.bodies());
    for (k, e) in b.chain.elements().iter().enumerate() {
        let Err(r) = e.check_bodies(model, [&first, &second]) else {
            continue;
        };
        let mut message = format!(
            "contact {}: chain \"{}\", element {} `{}`: {}",
            ci + 1,
            b.chain.name(),
            k + 1,
            e.doc().name,
            r.message
        );
        let at = match r.body {
            Some(body) => declaration(cx, sets, model, body, &mut message),
            None => format!("\"{chain_file}\""),
        };
        return Err(cx.err(&at, message).with_help(r.help));
    }
    Ok(())
}

/// Where `body` is declared in the scene: its quoted name, or that of the sphere set that made
/// it (then named in `message` too).
fn declaration(
    cx: &Ctx,
    sets: &[SphereSetSpec],
    model: &Model,
    body: BodyId,
    message: &mut String,
) -> String {
    let (kind, i) = body.kind_index();
    let Some(b) = model.bodies.get(kind, i) else {
        return String::new();
    };
    let own = format!("\"{}\"", b.name());
    if kind != BodyKind::Sphere {
        return own;
    }
    let at = needle(b.name(), sets, cx);
    if at != own {
        // Name the set after the sphere, where the message names it (else at its end).
        let label = body.label(model);
        let named = format!("{label} (of the sphere set {at})");
        *message = match message.find(&label) {
            Some(i) => format!("{}{named}{}", &message[..i], &message[i + label.len()..]),
            None => format!("{message} ({named})"),
        };
    }
    at
}
