//! Lowering of reserves, drops, options and the test steps that use options.

use super::expand::{choice_index, find_option};
use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    /// (player, piece, count) from every `reserve` block, summed.
    /// The owners need the players stage; without it the pieces and counts
    /// are still checked.
    pub(super) fn reserves(
        &mut self,
        players: Option<&[PlayerDef; 2]>,
    ) -> Vec<(usize, PieceId, u8)> {
        let flat = self.flat;
        let mut out: Vec<(usize, PieceId, u8)> = Vec::new();
        for r in &flat.reserves {
            for (player, entries) in &r.players {
                let who = players.and_then(|ps| self.player_index(ps, player));
                for (piece, n) in entries {
                    let id = self.piece_id(piece);
                    let count = match n {
                        None => 1,
                        Some(n) if (1..=255).contains(&n.value) => n.value,
                        Some(n) => {
                            let written = self.written(n.span);
                            self.err(
                                Diagnostic::error(
                                    n.span,
                                    format!(
                                        "a reserve of {written} `{}` is not possible",
                                        piece.text
                                    ),
                                )
                                .with_code(Code::OutOfRange)
                                .with_label("must be between 1 and 255"),
                            );
                            continue;
                        }
                    };
                    let (Some(who), Some(id)) = (who, id) else {
                        continue;
                    };
                    match out.iter_mut().find(|(p, q, _)| (*p, *q) == (who, id)) {
                        Some(entry) => {
                            let total = u64::from(entry.2) + count;
                            if total > 255 {
                                self.err(
                                    Diagnostic::error(
                                        piece.span,
                                        format!("too many `{}` in reserve", piece.text),
                                    )
                                    .with_code(Code::OutOfRange)
                                    .with_label(format!("{total} in all; at most 255")),
                                );
                                continue;
                            }
                            entry.2 = total as u8;
                        }
                        None => out.push((who, id, count as u8)),
                    }
                }
            }
        }
        out
    }

    /// `gating in ZONE`: the zone, which may hold at most one square of a
    /// player on each file (the FEN's castling field names the rights by
    /// file letter).
    pub(super) fn gating(&mut self, zones: &[ZoneDef]) -> Option<ZoneId> {
        let flat = self.flat;
        let name = flat.gating.as_ref()?;
        let id = self.zone(name)?;
        let z = zones.get(id)?;
        for squares in &z.squares {
            let mut files: Vec<u8> = squares.iter().map(|&(f, _)| f).collect();
            files.sort_unstable();
            if files.windows(2).any(|w| w[0] == w[1]) {
                self.err(
                    Diagnostic::error(
                        name.span,
                        format!(
                            "the gating zone `{}` has two squares on one file",
                            name.text
                        ),
                    )
                    .with_code(Code::GatingZone)
                    .with_label("at most one square per file for each player")
                    .with_help("the FEN's castling field names gating rights by file letter"),
                );
                return None;
            }
        }
        Some(id)
    }

    /// Every `drop` rule, parents' first.
    pub(super) fn drops(&mut self) -> Vec<DropDef> {
        let flat = self.flat;
        let mut out = Vec::new();
        for d in &flat.drops {
            let piece = self.piece_id(&d.piece);
            let mut ok = piece.is_some();
            let mut zone: Option<(ZoneId, Span)> = None;
            let mut requires = Vec::new();
            let mut effects = Vec::new();
            let mut per_file = None;
            for item in &d.items {
                match item {
                    ast::DropItem::PerFile(n, _) => match self.count(n, "max") {
                        Some(n) => per_file = Some(n),
                        None => ok = false,
                    },
                    ast::DropItem::Zone(z, span) => {
                        if let Some((_, first)) = zone {
                            self.errors.push(
                                Diagnostic::error(*span, "this drop says `in` twice")
                                    .with_code(Code::Duplicate)
                                    .with_label("second `in`")
                                    .with_secondary(first, "first `in`"),
                            );
                            ok = false;
                            continue;
                        }
                        match self.zone(z) {
                            Some(id) => zone = Some((id, *span)),
                            None => ok = false,
                        }
                    }
                    ast::DropItem::RequireEmpty(v, _) => match self.vector(v) {
                        Some(v) => requires.push(Requirement::Empty(v)),
                        None => ok = false,
                    },
                    ast::DropItem::RequirePiece(f, v, _) => {
                        match (self.filter(f), self.vector(v)) {
                            (Some(f), Some(v)) => requires.push(Requirement::Piece(v, f)),
                            _ => ok = false,
                        }
                    }
                    ast::DropItem::Move {
                        at,
                        dir,
                        steps,
                        sets_ep,
                        ..
                    } => {
                        let at = self.vector(at);
                        let by = self.single_direction(dir);
                        let steps = self.count(steps, "move");
                        match (at, by, steps) {
                            (Some(at), Some(by), Some(steps)) => {
                                effects.push(DropEffect::Relocate {
                                    at,
                                    by,
                                    steps,
                                    sets_ep: *sets_ep,
                                })
                            }
                            _ => ok = false,
                        }
                    }
                }
            }
            if let (true, Some(piece)) = (ok, piece) {
                out.push(DropDef {
                    piece,
                    zone: zone.map(|(z, _)| z),
                    requires,
                    per_file,
                    effects,
                    span: d.span,
                });
            }
        }
        out
    }

    /// The vector of a direction that must be exactly one.
    fn single_direction(&mut self, dir: &ast::DirItem) -> Option<Vector> {
        let vs = self.dir_item(dir, &mut Vec::new())?;
        if let [v] = vs[..] {
            return Some(v);
        }
        let (text, span) = match dir {
            ast::DirItem::Name(n) => (n.text.clone(), n.span),
            ast::DirItem::Vector(v) => (format!("({},{})", v.x, v.y), v.span),
        };
        self.err(
            Diagnostic::error(
                span,
                format!(
                    "`then move` needs one direction, but `{text}` has {}",
                    vs.len()
                ),
            )
            .with_code(Code::BadRule)
            .with_label("a set of directions")
            .with_help("name one direction, like `n`, or a vector, like (0,1)"),
        );
        None
    }

    fn option_decl(&mut self, name: &ast::Ident) -> Option<&'a ast::OptionDecl> {
        let flat = self.flat;
        match find_option(&flat.options, name) {
            Ok(o) => Some(o),
            Err(d) => {
                self.err(*d);
                None
            }
        }
    }

    fn choice(&mut self, option: &ast::OptionDecl, choice: &ast::Ident) -> Option<usize> {
        match choice_index(option, choice) {
            Ok(i) => Some(i),
            Err(d) => {
                self.err(*d);
                None
            }
        }
    }

    /// Every option, and the value of each: the caller's, else the default.
    /// Votes need the players stage; without it an option's vote is left out.
    pub(super) fn options(
        &mut self,
        players: Option<&[PlayerDef; 2]>,
    ) -> (Vec<OptionDef>, Vec<usize>) {
        let flat = self.flat;
        let mut out = Vec::new();
        for o in flat.options.values() {
            let mut seen: HashMap<&str, Span> = HashMap::new();
            for c in &o.choices {
                if let Some(first) = seen.get(c.text.as_str()) {
                    self.errors.push(duplicate("choice", c, *first));
                } else {
                    seen.insert(&c.text, c.span);
                }
            }
            let default = o
                .default
                .as_ref()
                .and_then(|d| self.choice(o, d))
                .unwrap_or(0);
            let vote = self.vote(o, players);
            out.push(OptionDef {
                name: o.name.text.clone(),
                prompt: o.prompt.value.clone(),
                choices: o.choices.iter().map(|c| c.text.clone()).collect(),
                default,
                vote,
                span: o.span,
            });
        }
        let mut values: Vec<usize> = out.iter().map(|o| o.default).collect();
        let game = &flat.name;
        for (name, value) in self.option_params {
            let Some(i) = out.iter().position(|o| o.name == *name) else {
                let known: Vec<&str> = out.iter().map(|o| o.name.as_str()).collect();
                let mut d = Diagnostic::error(
                    game.span,
                    format!("game `{}` has no option `{name}`", game.text),
                )
                .with_code(Code::UnknownName)
                .with_label(format!("option `{name}` was set for this game"));
                d = match did_you_mean(name, known.iter().copied()) {
                    Some(g) => d.with_help(format!("did you mean `{g}`?")),
                    None if known.is_empty() => d.with_help("this game declares no options"),
                    None => d.with_help(format!(
                        "options: {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                };
                self.err(d);
                continue;
            };
            match out[i].choices.iter().position(|c| c == value) {
                Some(c) => values[i] = c,
                None => {
                    let choices = &out[i].choices;
                    let mut d = Diagnostic::error(
                        game.span,
                        format!("`{value}` is not a choice of option `{name}`"),
                    )
                    .with_code(Code::UnknownName)
                    .with_label(format!("option `{name}` was set for this game"));
                    d = match did_you_mean(value, choices.iter().map(String::as_str)) {
                        Some(g) => d.with_help(format!("did you mean `{g}`?")),
                        None => d.with_help(format!(
                            "choices: {}",
                            choices
                                .iter()
                                .map(|k| format!("`{k}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    };
                    self.err(d);
                }
            }
        }
        (out, values)
    }

    fn vote(&mut self, o: &ast::OptionDecl, players: Option<&[PlayerDef; 2]>) -> Option<VoteDef> {
        match (&o.vote, &o.result) {
            (None, None) => None,
            (None, Some((_, _, span))) => {
                self.err(
                    Diagnostic::error(
                        *span,
                        format!("option `{}` has a `result` but no `vote`", o.name.text),
                    )
                    .with_code(Code::Vote)
                    .with_label("nobody votes")
                    .with_help("add `vote { PLAYER ... }` before `result`"),
                );
                None
            }
            (Some((_, span)), None) => {
                self.err(
                    Diagnostic::error(
                        *span,
                        format!("option `{}` has a vote but no `result`", o.name.text),
                    )
                    .with_code(Code::Vote)
                    .with_label("how is this vote decided?")
                    .with_help("add `result any CHOICE else CHOICE` after the vote"),
                );
                None
            }
            (Some((voters, _)), Some((any, otherwise, _))) => {
                let mut ok = true;
                let mut out: Vec<(usize, Option<(usize, usize)>)> = Vec::new();
                for v in voters {
                    let player = players.and_then(|ps| self.player_index(ps, &v.player));
                    let cond = match &v.when {
                        None => Some(None),
                        Some((p, c)) => {
                            let earlier = players.and_then(|ps| self.player_index(ps, p));
                            let choice = self.choice(o, c);
                            if let Some(e) = earlier
                                && !out.iter().any(|&(q, _)| q == e)
                            {
                                self.err(
                                    Diagnostic::error(
                                        p.span,
                                        format!(
                                            "`{}` has not voted before `{}`",
                                            p.text, v.player.text
                                        ),
                                    )
                                    .with_code(Code::Vote)
                                    .with_label("only an earlier voter can be named here"),
                                );
                                ok = false;
                            }
                            earlier.zip(choice).map(Some)
                        }
                    };
                    match (player, cond) {
                        (Some(p), Some(c)) => out.push((p, c)),
                        _ => ok = false,
                    }
                }
                let any = self.choice(o, any);
                let otherwise = self.choice(o, otherwise);
                let (true, Some(any), Some(otherwise)) = (ok, any, otherwise) else {
                    return None;
                };
                Some(VoteDef {
                    voters: out,
                    any,
                    otherwise,
                })
            }
        }
    }

    /// `option NAME = VALUE ...` in a test: checked against the declared options.
    pub(super) fn option_settings(
        &mut self,
        list: &[(ast::Ident, ast::Ident)],
    ) -> Vec<(String, String, Span)> {
        let mut out = Vec::new();
        for (name, value) in list {
            if let Some(o) = self.option_decl(name) {
                self.choice(o, value);
            }
            out.push((
                name.text.clone(),
                value.text.clone(),
                Span::new(name.span.file, name.span.start..value.span.end),
            ));
        }
        out
    }

    /// `vote OPTION PLAYER CHOICE ... -> RESULT` in a test.
    pub(super) fn vote_step(
        &mut self,
        option: &ast::Ident,
        ballots: &[(ast::Ident, ast::Ident)],
        expect: Option<&ast::Ident>,
        span: Span,
        players: Option<&[PlayerDef; 2]>,
    ) -> TestStep {
        if let Some(o) = self.option_decl(option) {
            if o.vote.is_none() {
                self.err(
                    Diagnostic::error(option.span, format!("option `{}` has no vote", option.text))
                        .with_code(Code::Vote)
                        .with_label("nobody votes on it")
                        .with_secondary(o.name.span, "declared here"),
                );
            }
            for (player, choice) in ballots {
                if let Some(ps) = players {
                    self.player_index(ps, player);
                }
                self.choice(o, choice);
            }
            if let Some(e) = expect {
                self.choice(o, e);
            }
        } else {
            for (player, _) in ballots {
                if let Some(ps) = players {
                    self.player_index(ps, player);
                }
            }
        }
        TestStep::Vote {
            option: option.text.clone(),
            ballots: ballots
                .iter()
                .map(|(p, c)| (p.text.clone(), c.text.clone()))
                .collect(),
            expect: expect.map(|e| e.text.clone()),
            span,
        }
    }
}
