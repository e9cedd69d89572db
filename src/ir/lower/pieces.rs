//! Pieces and their move rules.

use super::*;
use crate::lang::codes::Code;

/// The longest figure name (`figure "..."`), bytes.
pub const MAX_FIGURE: usize = 32;

impl<'a> Lowerer<'a> {
    pub(super) fn piece_id(&mut self, name: &ast::Ident) -> Option<PieceId> {
        if let Some(&id) = self.piece_ids.get(&name.text) {
            return Some(id);
        }
        // A piece replaced by another (`replaces`) means the new one.
        if let Some(new) = self.flat.renamed.get(&name.text)
            && let Some(&id) = self.piece_ids.get(new)
        {
            return Some(id);
        }
        let known: Vec<&str> = self.piece_ids.keys().map(String::as_str).collect();
        let d = unknown("piece", name, known.iter().copied());
        self.err(d);
        None
    }

    pub(super) fn pieces(&mut self) -> Vec<PieceDef> {
        let flat = self.flat;
        let mut letters: HashMap<(bool, char), (&str, Span)> = HashMap::new();
        let mut out = Vec::new();
        for p in flat.pieces.values() {
            let letter = self.letter(&p.letter);
            if let Some((plus, l)) = letter {
                if let Some((other, first)) = letters.get(&(plus, l)) {
                    let l = if plus { format!("+{l}") } else { l.to_string() };
                    self.errors.push(
                        Diagnostic::error(
                            p.letter.span,
                            format!(
                                "letter `{l}` is used by both `{other}` and `{}`",
                                p.name.text
                            ),
                        )
                        .with_code(Code::BadLetter)
                        .with_label("used again here")
                        .with_secondary(*first, format!("`{other}` has it")),
                    );
                } else {
                    letters.insert((plus, l), (&p.name.text, p.letter.span));
                }
            }
            let value = p.value.as_ref().and_then(|v| self.value(v)).unwrap_or(0);
            let mut moves = Vec::new();
            self.piece_name.clone_from(&p.name.text);
            for rule in &p.moves {
                moves.extend(self.move_rule(rule));
            }
            let promotion = p.promote.as_ref().and_then(|(zone, to, how, _)| {
                let zone = self.zone(zone);
                let mut ids = Vec::new();
                for t in to {
                    let Some(id) = self.piece_id(t) else { continue };
                    if flat.pieces.get_index(id).is_some_and(|(_, q)| q.royal) {
                        let at = flat.pieces.get_index(id).map(|(_, q)| q.name.span);
                        let mut d = Diagnostic::error(
                            t.span,
                            format!("cannot promote to royal piece `{}`", t.text),
                        )
                        .with_code(Code::Promotion)
                        .with_label("royal");
                        if let Some(at) = at {
                            d = d.with_secondary(at, "declared royal here");
                        }
                        self.err(d);
                        continue;
                    }
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                Some(Promotion {
                    zone: zone?,
                    to: ids,
                    captured: how.captured,
                    optional: how.optional,
                    leaving: how.leaving,
                })
            });
            out.push(PieceDef {
                name: p.name.text.clone(),
                letter: letter.map_or('?', |(_, l)| l),
                plus: letter.is_some_and(|(p, _)| p),
                value,
                royal: p.royal,
                resets_clock: p.resets_clock,
                uncapturable_by: Vec::new(),
                never_captures: Vec::new(),
                never_hops_over: Vec::new(),
                figure: p.figure.as_ref().and_then(|f| self.figure(f)),
                moves,
                promotion,
                span: p.span,
            });
        }
        self.pairs(&mut out);
        out
    }

    /// A `captured` promotion's choices must each be placed by the setup
    /// for both players: the setup's count is the limit, and a choice it
    /// never places could never be chosen.
    pub(super) fn captured_promotions(&mut self, setup: &SetupDef, players: &[PlayerDef; 2]) {
        let flat = self.flat;
        for p in flat.pieces.values() {
            let Some((_, to, how, _)) = &p.promote else {
                continue;
            };
            if !how.captured {
                continue;
            }
            for t in to {
                let name = flat.renamed.get(&t.text).unwrap_or(&t.text);
                let Some(id) = self.piece_ids.get(name).copied() else {
                    continue;
                };
                for (color, player) in players.iter().enumerate() {
                    let placed = setup
                        .placements
                        .iter()
                        .any(|&(c, k, _)| c == color && k == id);
                    if !placed {
                        self.err(
                            Diagnostic::error(
                                t.span,
                                format!(
                                    "`captured` promotion to `{}`, which the setup never gives `{}`",
                                    t.text, player.name
                                ),
                            )
                            .with_code(Code::CapturedPromotion)
                            .with_label("could never be chosen")
                            .with_help(
                                "`captured` offers a piece only while the player has fewer of it than the setup places; drop `captured` or place the piece",
                            ),
                        );
                        break;
                    }
                }
            }
        }
    }

    /// A piece letter, `"L"` or `"+L"` (a promoted form): (plus, letter).
    pub(super) fn letter(&mut self, s: &ast::StrLit) -> Option<(bool, char)> {
        let (plus, rest) = match s.value.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, s.value.as_str()),
        };
        let mut chars = rest.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some((plus, c.to_ascii_uppercase())),
            _ => {
                self.err(
                    Diagnostic::error(
                        s.span,
                        format!(
                            "a piece letter must be one ASCII letter, found \"{}\"",
                            s.value
                        ),
                    )
                    .with_code(Code::BadLetter)
                    .with_label("used in FEN and moves")
                    .with_help("write a letter such as \"K\""),
                );
                None
            }
        }
    }

    /// A figure name: 1 to 32 of `a-z`, `0-9`, `-`, `_`.
    pub(super) fn figure(&mut self, s: &ast::StrLit) -> Option<String> {
        let ok = (1..=MAX_FIGURE).contains(&s.value.len())
            && s.value
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if ok {
            return Some(s.value.clone());
        }
        self.err(
            Diagnostic::error(
                s.span,
                format!(
                    "a piece figure must be a name of 1 to {MAX_FIGURE} lower-case letters, digits, `-` or `_`, found \"{}\"",
                    s.value
                ),
            )
            .with_code(Code::BadFigure)
            .with_label("the name a board draws the piece by")
            .with_help("write a name such as \"cannon\""),
        );
        None
    }

    /// `3.25` to 325 centipawns.
    pub(super) fn value(&mut self, n: &ast::Number) -> Option<i32> {
        let text = n.text.as_str();
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let bad = |msg: String, label: &str| {
            Diagnostic::error(n.span, msg)
                .with_code(Code::BadNumber)
                .with_label(label.to_string())
        };
        if int.is_empty()
            || !int.chars().all(|c| c.is_ascii_digit())
            || !frac.chars().all(|c| c.is_ascii_digit())
        {
            self.err(bad(
                format!("value `{text}` is not a number"),
                "expected a number like 3 or 3.25",
            ));
            return None;
        }
        if frac.len() > 2 {
            self.err(bad(
                format!("value `{text}` has more than two decimals"),
                "values are kept in hundredths of a pawn",
            ));
            return None;
        }
        let whole: i64 = match int.parse() {
            Ok(w) if w <= 1_000_000 => w,
            _ => {
                self.err(bad(
                    format!("value `{text}` is too large"),
                    "at most 1000000",
                ));
                return None;
            }
        };
        let hundredths: i64 = format!("{frac:0<2}").parse().unwrap_or(0);
        let v = whole * 100 + hundredths;
        Some(if neg { -v } else { v } as i32)
    }

    pub(super) fn move_rule(&mut self, rule: &ast::MoveRule) -> Vec<MoveRule> {
        match rule {
            ast::MoveRule::Ride(r) => {
                let out = self.ride_rule(r);
                self.leaf_rules
                    .push((self.piece_name.clone(), r.span, out.clone()));
                out
            }
            ast::MoveRule::Hop(h) => {
                let out = self.hop_rule(h);
                self.leaf_rules
                    .push((self.piece_name.clone(), h.span, out.clone()));
                out
            }
            ast::MoveRule::Prefer {
                first, fallback, ..
            } => {
                let first: Vec<MoveRule> = first.iter().flat_map(|r| self.move_rule(r)).collect();
                let fallback: Vec<MoveRule> =
                    fallback.iter().flat_map(|r| self.move_rule(r)).collect();
                vec![MoveRule::Prefer { first, fallback }]
            }
        }
    }

    /// The vectors of a rule's directions (None if one is wrong).
    pub(super) fn rule_vectors(&mut self, dirs: &[ast::DirItem]) -> Option<Vec<Vector>> {
        let mut vectors = Vec::new();
        let mut ok = true;
        for item in dirs {
            match self.dir_item(item, &mut Vec::new()) {
                Some(vs) => push_unique(&mut vectors, vs),
                None => ok = false,
            }
        }
        ok.then_some(vectors)
    }

    /// `any` or `[not] [friend|enemy] [Piece+]`.
    pub(super) fn filter(&mut self, f: &ast::Filter) -> Option<PieceFilter> {
        let mut pieces = Vec::new();
        let mut ok = true;
        for p in &f.pieces {
            match self.piece_id(p) {
                Some(id) => push_unique(&mut pieces, vec![id]),
                None => ok = false,
            }
        }
        ok.then_some(PieceFilter {
            owner: f.owner.map(Owner::from),
            pieces,
            negate: f.negate,
        })
    }

    /// `to`, `when` and `sets` of a rule (None if one is wrong).
    pub(super) fn modifiers(
        &mut self,
        modifiers: &[ast::Modifier],
    ) -> Option<(Option<Target>, Vec<Guard>, Vec<Effect>)> {
        let mut ok = true;
        let mut to: Option<(Target, Span)> = None;
        let mut guards = Vec::new();
        let mut effects = Vec::new();
        for m in modifiers {
            match m {
                ast::Modifier::To(kind, span) => {
                    if let Some((_, first)) = to {
                        self.errors.push(
                            Diagnostic::error(*span, "this rule says `to` twice")
                                .with_code(Code::Duplicate)
                                .with_label("second `to`")
                                .with_secondary(first, "first `to`"),
                        );
                        ok = false;
                    }
                    let t = Target::from(*kind);
                    to = Some((t, *span));
                }
                ast::Modifier::When(conds, _) => {
                    for c in conds {
                        let g = match c {
                            ast::Condition::From { negated, zone, .. } => {
                                self.zone(zone).map(|z| {
                                    if *negated {
                                        Guard::FromNotIn(z)
                                    } else {
                                        Guard::FromIn(z)
                                    }
                                })
                            }
                            ast::Condition::Occupied(v, _) => self.vector(v).map(Guard::Occupied),
                            ast::Condition::Empty(v, _) => self.vector(v).map(Guard::Empty),
                        };
                        match g {
                            Some(g) => guards.push(g),
                            None => ok = false,
                        }
                    }
                }
                ast::Modifier::Capturing(f, _) => match self.filter(f) {
                    Some(f) => guards.push(Guard::Captures(f)),
                    None => ok = false,
                },
                ast::Modifier::Within(z, _) => match self.zone(z) {
                    Some(z) => guards.push(Guard::Within(z)),
                    None => ok = false,
                },
                ast::Modifier::SetsEnPassant(_) => {
                    if !effects.contains(&Effect::SetsEnPassant) {
                        effects.push(Effect::SetsEnPassant);
                    }
                }
            }
        }
        ok.then_some((to.map(|(t, _)| t), guards, effects))
    }

    pub(super) fn hop_rule(&mut self, rule: &ast::HopRule) -> Vec<MoveRule> {
        let vectors = self.rule_vectors(&rule.dirs);
        let screen = match &rule.over {
            Some(f) => self.filter(f),
            None => Some(PieceFilter::default()),
        };
        let mods = self.modifiers(&rule.modifiers);
        for m in &rule.modifiers {
            if let ast::Modifier::SetsEnPassant(span) = m {
                self.err(
                    Diagnostic::error(*span, "a hop cannot set en passant")
                        .with_code(Code::BadRule)
                        .with_label("only step, slide and leap rules set en-passant squares"),
                );
                return Vec::new();
            }
        }
        let (Some(vectors), Some(screen), Some((to, guards, _))) = (vectors, screen, mods) else {
            return Vec::new();
        };
        let shape = HopShape::from(rule.shape);
        let to = to.unwrap_or(match shape {
            HopShape::First => Target::Enemy,
            HopShape::Next | HopShape::Slide => Target::NotFriend,
        });
        if shape == HopShape::First && matches!(to, Target::Empty | Target::EnPassant) {
            self.warnings.push(
                Diagnostic::warning(rule.span, "this hop can never move")
                    .with_code(Code::NeverMoves)
                    .with_label("`then first` lands only on the first piece beyond the screen")
                    .with_help("use `then next` or `then slide` to land on empty squares"),
            );
        }
        vectors
            .into_iter()
            .map(|vector| {
                MoveRule::Hop(Hop {
                    vector,
                    screen: screen.clone(),
                    shape,
                    to,
                    guards: guards.clone(),
                })
            })
            .collect()
    }

    pub(super) fn ride_rule(&mut self, rule: &ast::RideRule) -> Vec<MoveRule> {
        let mut vectors = Vec::new();
        let mut ok = true;
        for item in &rule.dirs {
            match self.dir_item(item, &mut Vec::new()) {
                Some(vs) => push_unique(&mut vectors, vs),
                None => ok = false,
            }
        }
        if rule.sym.is_some() {
            let mut all = Vec::new();
            for &(x, y) in &vectors {
                push_unique(
                    &mut all,
                    vec![
                        (x, y),
                        (-x, y),
                        (x, -y),
                        (-x, -y),
                        (y, x),
                        (-y, x),
                        (y, -x),
                        (-y, -x),
                    ],
                );
            }
            vectors = all;
        }
        let (min, max) = match (rule.kind, &rule.range) {
            (ast::MoveKind::Slide, None) => (1, 0),
            (ast::MoveKind::Slide, Some(ast::RangeSpec::Max(n))) => match self.count(n, "max") {
                Some(n) => (1, n),
                None => {
                    ok = false;
                    (1, 0)
                }
            },
            (ast::MoveKind::Slide, Some(ast::RangeSpec::Exactly(n))) => {
                match self.count(n, "exactly") {
                    Some(n) => (n, n),
                    None => {
                        ok = false;
                        (1, 1)
                    }
                }
            }
            _ => (1, 1),
        };
        let mods = self.modifiers(&rule.modifiers);
        let Some((to, guards, effects)) = mods else {
            return Vec::new();
        };
        if !ok {
            return Vec::new();
        }
        let to = to.unwrap_or(Target::NotFriend);
        vectors
            .into_iter()
            .map(|vector| {
                MoveRule::Ride(Ride {
                    vector,
                    min,
                    max,
                    to,
                    guards: guards.clone(),
                    effects: effects.clone(),
                })
            })
            .collect()
    }

    /// N of `max N` / `exactly N`: 1..=255.
    pub(super) fn count(&mut self, n: &ast::Uint, word: &str) -> Option<u8> {
        match n.value {
            0 => {
                self.err(
                    Diagnostic::error(n.span, format!("`{word} 0` allows no move"))
                        .with_code(Code::OutOfRange)
                        .with_label("must be at least 1"),
                );
                None
            }
            1..=255 => Some(n.value as u8),
            _ => {
                let written = self.written(n.span);
                self.err(
                    Diagnostic::error(n.span, format!("`{word} {written}` is too many steps"))
                        .with_code(Code::OutOfRange)
                        .with_label("at most 255"),
                );
                None
            }
        }
    }
}
