//! Rules between pairs of piece kinds: `uncapturable [by ...]`, `never
//! captures ...` and `never hops over ...`, resolved and folded into the move
//! rules' `capturing` filters and hop screens, so that generation, the attack
//! test and `check --dump` see one filter per rule.

use super::*;
use crate::lang::codes::Code;

/// Kinds as a set over `0..n`.
type Kinds = Vec<bool>;

impl<'a> Lowerer<'a> {
    /// Resolve the three lists of every piece (in `flat.pieces` order, the
    /// order of `pieces`) and fold them into the pieces' rules.
    pub(super) fn pairs(&mut self, pieces: &mut [PieceDef]) {
        let flat = self.flat;
        let n = pieces.len();
        let ids = |names: &[ast::Ident], me: &mut Self| -> Vec<PieceId> {
            let mut out = Vec::new();
            for name in names {
                if let Some(id) = me.piece_id(name)
                    && !out.contains(&id)
                {
                    out.push(id);
                }
            }
            out
        };
        for (i, fp) in flat.pieces.values().enumerate() {
            let Some(p) = pieces.get_mut(i) else { break };
            p.uncapturable_by = match &fp.uncapturable {
                None => Vec::new(),
                Some(None) => (0..n).collect(),
                Some(Some(by)) => ids(by, self),
            };
            p.never_captures = ids(&fp.never_captures, self);
            p.never_hops_over = ids(&fp.never_hops, self);
        }
        for i in 0..n {
            // The kinds piece i may not capture: its own list, and every
            // piece uncapturable by it.
            let mut victims: Kinds = vec![false; n];
            for &k in &pieces[i].never_captures {
                victims[k] = true;
            }
            for (k, q) in pieces.iter().enumerate() {
                if q.uncapturable_by.contains(&i) {
                    victims[k] = true;
                }
            }
            let mut screens: Kinds = vec![false; n];
            for &k in &pieces[i].never_hops_over {
                screens[k] = true;
            }
            if !victims.contains(&true) && !screens.contains(&true) {
                continue;
            }
            let at = flat
                .pieces
                .get_index(i)
                .and_then(|(_, fp)| fp.never_hops.first().map(|id| id.span))
                .unwrap_or(pieces[i].span);
            let mut bad_screen = None;
            for rule in &mut pieces[i].moves {
                fold(rule, &victims, &screens, &mut bad_screen);
            }
            if let Some(f) = bad_screen {
                let shown = crate::ir::describe::filter_words(pieces, &f);
                self.err(
                    Diagnostic::error(
                        at,
                        format!("`never hops over` cannot be joined to the screen filter `{shown}`"),
                    )
                    .with_code(Code::BadRule)
                    .with_label("this list")
                    .with_help(
                        "a screen filter `not friend ...` or `not enemy ...` with `never hops over` \
                         says more than one filter can: name the screens the hop may use instead",
                    ),
                );
            }
        }
    }
}

/// Fold the kinds a rule may not capture and may not hop over into it.
fn fold(rule: &mut MoveRule, victims: &Kinds, screens: &Kinds, bad: &mut Option<PieceFilter>) {
    match rule {
        MoveRule::Ride(r) => {
            if captures(r.to) {
                restrict_captures(&mut r.guards, victims);
            }
        }
        MoveRule::Hop(h) => {
            if captures(h.to) {
                restrict_captures(&mut h.guards, victims);
            }
            if screens.contains(&true) {
                match restrict_screen(&h.screen, screens) {
                    Some(f) => h.screen = f,
                    None => *bad = Some(h.screen.clone()),
                }
            }
        }
        MoveRule::Prefer { first, fallback } => {
            for r in first.iter_mut().chain(fallback.iter_mut()) {
                fold(r, victims, screens, bad);
            }
        }
    }
}

fn captures(to: Target) -> bool {
    matches!(to, Target::Enemy | Target::NotFriend | Target::EnPassant)
}

/// The rule's `capturing` filter, narrowed to exclude `victims`. A captured
/// piece is always an enemy, so any filter reduces to a set of kinds.
fn restrict_captures(guards: &mut Vec<Guard>, victims: &Kinds) {
    if !victims.contains(&true) {
        return;
    }
    let n = victims.len();
    let old = guards.iter().position(|g| matches!(g, Guard::Captures(_)));
    let mut allowed: Kinds = match old.map(|i| &guards[i]) {
        Some(Guard::Captures(f)) => {
            let listed = |k: usize| f.pieces.is_empty() || f.pieces.contains(&k);
            (0..n)
                .map(|k| match f.owner {
                    // No enemy is a friend: a friends-only filter takes nothing.
                    Some(Owner::Friend) => f.negate,
                    None | Some(Owner::Enemy) => listed(k) != f.negate,
                })
                .collect()
        }
        _ => vec![true; n],
    };
    for (a, &v) in allowed.iter_mut().zip(victims) {
        *a &= !v;
    }
    let f = kinds_filter(&allowed, None);
    match old {
        Some(i) => guards[i] = Guard::Captures(f),
        None => guards.push(Guard::Captures(f)),
    }
}

/// The hop's screen filter without `screens`, or None when one filter
/// cannot say it (`not friend X` less some kinds).
fn restrict_screen(f: &PieceFilter, screens: &Kinds) -> Option<PieceFilter> {
    let n = screens.len();
    let listed = |k: usize| f.pieces.is_empty() || f.pieces.contains(&k);
    if f.negate && f.owner.is_some() {
        return None;
    }
    let allowed: Kinds = (0..n)
        .map(|k| (listed(k) != f.negate) && !screens[k])
        .collect();
    Some(kinds_filter(
        &allowed,
        if f.negate { None } else { f.owner },
    ))
}

/// The shortest filter that accepts exactly the `allowed` kinds (of `owner`).
fn kinds_filter(allowed: &Kinds, owner: Option<Owner>) -> PieceFilter {
    let yes: Vec<PieceId> = (0..allowed.len()).filter(|&k| allowed[k]).collect();
    let no: Vec<PieceId> = (0..allowed.len()).filter(|&k| !allowed[k]).collect();
    if yes.is_empty() {
        // Nothing: `not any`.
        PieceFilter {
            owner: None,
            pieces: Vec::new(),
            negate: true,
        }
    } else if owner.is_none() && no.len() < yes.len() {
        PieceFilter {
            owner: None,
            pieces: no,
            negate: true,
        }
    } else {
        PieceFilter {
            owner,
            pieces: if no.is_empty() { Vec::new() } else { yes },
            negate: false,
        }
    }
}
