//! `remove`: blocks a game inherits through `extends` and drops.

use super::*;
use crate::lang::codes::Code;

/// Apply the game's `remove` items to what it inherited in `flat`; a
/// `remove` of something not inherited is an error.
pub(super) fn apply_removes(
    flat: &mut Flat,
    items: &[ast::GameItem],
    errors: &mut Vec<Diagnostic>,
) {
    for item in items {
        let ast::GameItem::Remove(r) = item else {
            continue;
        };
        let missing = |what: String, span: Span| {
            Diagnostic::error(span, format!("nothing to remove: no {what} is inherited"))
                .with_code(Code::Remove)
                .with_label("not declared by the parent game")
                .with_help("`remove` drops what a game inherits through `extends`")
        };
        match &r.what {
            ast::RemoveWhat::Castling => {
                if flat.castling.take().is_none() {
                    errors.push(missing("`castling`".into(), r.span));
                }
            }
            ast::RemoveWhat::End => {
                if flat.end.take().is_none() {
                    errors.push(missing("`end`".into(), r.span));
                }
            }
            ast::RemoveWhat::MustCapture => {
                if flat.must_capture.take().is_none() {
                    errors.push(missing("`must capture`".into(), r.span));
                }
            }
            ast::RemoveWhat::Pieces(names) => {
                for n in names {
                    // A piece replaced by an ancestor is found under its old name too.
                    let key = flat
                        .renamed
                        .get(&n.text)
                        .filter(|_| !flat.pieces.contains_key(&n.text))
                        .cloned()
                        .unwrap_or_else(|| n.text.clone());
                    if flat.pieces.shift_remove(&key).is_none() {
                        let known: Vec<&str> = flat.pieces.keys().map(String::as_str).collect();
                        errors.push(
                            unknown("piece", n, known.iter().copied()).with_code(Code::Remove),
                        );
                        continue;
                    }
                    flat.renamed.retain(|_, new| *new != key);
                }
            }
            ast::RemoveWhat::Zones(names) => {
                for n in names {
                    if flat.zones.shift_remove(&n.text).is_none() {
                        let known: Vec<&str> = flat.zones.keys().map(String::as_str).collect();
                        errors.push(
                            unknown("zone", n, known.iter().copied()).with_code(Code::Remove),
                        );
                    }
                }
            }
        }
    }
}
