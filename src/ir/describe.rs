//! A readable dump of a rule set: what the compiler understood, for snapshots
//! and for `myriad check --dump`.

use super::*;
use std::fmt::Write;

fn coord(r: &RuleSet, (f, k): Coord) -> String {
    format!(
        "{}{}",
        r.board
            .file_labels
            .get(f as usize)
            .map_or("?", |s| s.as_str()),
        r.board
            .rank_labels
            .get(k as usize)
            .map_or("?", |s| s.as_str())
    )
}

fn rule_text(r: &RuleSet, rule: &MoveRule, out: &mut String, indent: usize) {
    let pad = " ".repeat(indent);
    match rule {
        MoveRule::Ride(x) => {
            let range = match (x.min, x.max) {
                (1, 1) => "once".to_string(),
                (a, 0) => format!("{a}.."),
                (a, b) if a == b => format!("exactly {a}"),
                (a, b) => format!("{a}..{b}"),
            };
            let _ = write!(
                out,
                "{pad}ride ({},{}) {range} to {:?}",
                x.vector.0, x.vector.1, x.to
            );
            for g in &x.guards {
                let _ = match g {
                    Guard::FromIn(z) => write!(out, " when from in {}", r.zones[*z].name),
                    Guard::FromNotIn(z) => write!(out, " when from not in {}", r.zones[*z].name),
                    Guard::Occupied(v) => write!(out, " when occupied ({},{})", v.0, v.1),
                    Guard::Empty(v) => write!(out, " when empty ({},{})", v.0, v.1),
                    Guard::Within(_) | Guard::Captures(_) => write!(out, "{}", guard_text(r, g)),
                };
            }
            for e in &x.effects {
                let _ = write!(out, " then {e:?}");
            }
            out.push('\n');
        }
        MoveRule::Hop(h) => {
            let _ = write!(
                out,
                "{pad}hop ({},{}) over {} then {:?} to {:?}",
                h.vector.0,
                h.vector.1,
                filter_text(r, &h.screen),
                h.shape,
                h.to
            );
            for g in &h.guards {
                let _ = match g {
                    Guard::Within(_) | Guard::Captures(_) => write!(out, "{}", guard_text(r, g)),
                    _ => write!(out, " when {g:?}"),
                };
            }
            out.push('\n');
        }
        MoveRule::Prefer { first, fallback } => {
            let _ = writeln!(out, "{pad}prefer");
            for x in first {
                rule_text(r, x, out, indent + 2);
            }
            let _ = writeln!(out, "{pad}else");
            for x in fallback {
                rule_text(r, x, out, indent + 2);
            }
        }
    }
}

/// ` within ZONE` or ` capturing FILTER` (other guards: empty).
fn guard_text(r: &RuleSet, g: &Guard) -> String {
    match g {
        Guard::Within(z) => format!(" within {}", r.zones[*z].name),
        Guard::Captures(f) => format!(" capturing {}", filter_text(r, f)),
        _ => String::new(),
    }
}

fn filter_text(r: &RuleSet, f: &PieceFilter) -> String {
    filter_words(&r.pieces, f)
}

/// A filter as the rule language writes it (`not friend Pawn`, `any`,
/// `not any`).
pub(crate) fn filter_words(pieces: &[PieceDef], f: &PieceFilter) -> String {
    let mut words = Vec::new();
    if f.negate {
        words.push("not".to_string());
    }
    match f.owner {
        Some(Owner::Friend) => words.push("friend".into()),
        Some(Owner::Enemy) => words.push("enemy".into()),
        None => {}
    }
    words.extend(
        f.pieces
            .iter()
            .map(|&k| pieces.get(k).map_or("?".to_string(), |p| p.name.clone())),
    );
    if f.owner.is_none() && f.pieces.is_empty() {
        words.push("any".into());
    }
    words.join(" ")
}

/// Describe a rule set, one fact per line.
pub fn describe(r: &RuleSet) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "game {}", r.name);
    let b = &r.board;
    let holes: Vec<String> = b.holes.iter().map(|&c| coord(r, c)).collect();
    let _ = writeln!(
        s,
        "board {}x{} files {} ranks {} holes [{}]",
        b.files,
        b.ranks,
        b.file_labels.join(""),
        b.rank_labels.join(","),
        holes.join(" ")
    );
    for p in &r.players {
        let _ = writeln!(s, "player {} frame {:?}", p.name, p.frame);
    }
    for z in &r.zones {
        for (i, p) in r.players.iter().enumerate() {
            let sq: Vec<String> = z.squares[i].iter().map(|&c| coord(r, c)).collect();
            let _ = writeln!(s, "zone {} for {}: {}", z.name, p.name, sq.join(" "));
        }
    }
    for p in &r.pieces {
        let _ = writeln!(
            s,
            "piece {} \"{}{}\" value {}{}{}{}",
            p.name,
            if p.plus { "+" } else { "" },
            p.letter,
            p.value,
            if p.royal { " royal" } else { "" },
            if p.resets_clock { " resets_clock" } else { "" },
            p.figure
                .as_ref()
                .map_or_else(String::new, |f| format!(" figure \"{f}\""))
        );
        let names = |ks: &[PieceId]| -> String {
            ks.iter()
                .map(|&k| r.pieces[k].name.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if p.uncapturable_by.len() == r.pieces.len() {
            let _ = writeln!(s, "  uncapturable");
        } else if !p.uncapturable_by.is_empty() {
            let _ = writeln!(s, "  uncapturable by {}", names(&p.uncapturable_by));
        }
        if !p.never_captures.is_empty() {
            let _ = writeln!(s, "  never captures {}", names(&p.never_captures));
        }
        if !p.never_hops_over.is_empty() {
            let _ = writeln!(s, "  never hops over {}", names(&p.never_hops_over));
        }
        for m in &p.moves {
            rule_text(r, m, &mut s, 2);
        }
        if let Some(pr) = &p.promotion {
            let to: Vec<&str> = pr.to.iter().map(|&k| r.pieces[k].name.as_str()).collect();
            let _ = writeln!(
                s,
                "  promote in {}{} to {}{}{}",
                if pr.leaving { "or from " } else { "" },
                r.zones[pr.zone].name,
                if pr.captured { "captured " } else { "" },
                to.join(" "),
                if pr.optional { " optional" } else { "" }
            );
        }
    }
    if let Some(c) = &r.castling {
        let _ = writeln!(
            s,
            "castling king {} partner {}",
            r.pieces[c.king].name, r.pieces[c.partner].name
        );
        for side in &c.sides {
            for (i, p) in r.players.iter().enumerate() {
                let to: Vec<String> = side.king_to[i].iter().map(|&c| coord(r, c)).collect();
                let _ = writeln!(
                    s,
                    "  {} for {}: king {} -> {}  partner {} -> {}",
                    side.name,
                    p.name,
                    coord(r, side.king_from[i]),
                    to.join(" | "),
                    coord(r, side.partner_from[i]),
                    coord(r, side.partner_to[i])
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "setup: {} pieces on the board, {} in reserve",
        r.setup.placements.len(),
        r.setup.reserves.iter().map(|x| x.2 as usize).sum::<usize>()
    );
    for &(player, kind, n) in &r.setup.reserves {
        let _ = writeln!(
            s,
            "  reserve for {}: {} x{}",
            r.players[player].name, r.pieces[kind].name, n
        );
    }
    for d in &r.drops {
        let _ = write!(s, "drop {}", r.pieces[d.piece].name);
        if let Some(z) = d.zone {
            let _ = write!(s, " in {}", r.zones[z].name);
        }
        if let Some(n) = d.per_file {
            let _ = write!(s, " max {n} per file");
        }
        for q in &d.requires {
            let _ = match q {
                Requirement::Piece(v, f) => {
                    write!(s, " require {} at ({},{})", filter_text(r, f), v.0, v.1)
                }
                Requirement::Empty(v) => write!(s, " require empty at ({},{})", v.0, v.1),
            };
        }
        for e in &d.effects {
            let _ = match e {
                DropEffect::Relocate {
                    at,
                    by,
                    steps,
                    sets_ep,
                } => write!(
                    s,
                    " then move ({},{}) by ({},{}) x{}{}",
                    at.0,
                    at.1,
                    by.0,
                    by.1,
                    steps,
                    if *sets_ep { " sets en_passant" } else { "" }
                ),
            };
        }
        s.push('\n');
    }
    for (i, o) in r.options.iter().enumerate() {
        let chosen = r.option_values.get(i).copied().unwrap_or(o.default);
        let _ = write!(
            s,
            "option {} \"{}\" choices [{}] default {} chosen {}",
            o.name,
            o.prompt,
            o.choices.join(" "),
            o.choices[o.default],
            o.choices.get(chosen).map_or("?", |c| c.as_str())
        );
        if let Some(v) = &o.vote {
            let voters: Vec<String> = v
                .voters
                .iter()
                .map(|(p, cond)| match cond {
                    None => r.players[*p].name.clone(),
                    Some((q, c)) => format!(
                        "{} when {} == {}",
                        r.players[*p].name, r.players[*q].name, o.choices[*c]
                    ),
                })
                .collect();
            let _ = write!(
                s,
                " vote [{}] result any {} else {}",
                voters.join(", "),
                o.choices[v.any],
                o.choices[v.otherwise]
            );
        }
        s.push('\n');
    }
    let e = &r.end;
    let _ = writeln!(
        s,
        "end: checkmate {:?}, stalemate {:?}, repetition {:?}, no_progress {:?}",
        e.checkmate, e.stalemate, e.repetition, e.no_progress
    );
    describe_goals(r, &mut s);
    describe_whole_side(r, &mut s);
    for t in &r.tests {
        let _ = writeln!(s, "test \"{}\" ({} steps)", t.name, t.steps.len());
    }
    s
}

/// The `checks` and `reaches` end conditions and the `forbid` block, one
/// line each (nothing when the game has none).
fn describe_goals(r: &RuleSet, s: &mut String) {
    let names = |ids: &[PieceId]| {
        ids.iter()
            .map(|&k| r.pieces[k].name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some((n, o)) = r.end.checks {
        let _ = writeln!(s, "end: checks {n} -> {o:?} for the player who gave them");
    }
    for g in &r.end.reach {
        let _ = write!(
            s,
            "end: {} reaches {} -> {:?} for its owner",
            names(&g.pieces),
            r.zones[g.zone].name,
            g.outcome
        );
        if let Some(a) = g.answered {
            let _ = write!(s, ", answered -> {a:?}");
        }
        s.push('\n');
    }
    for f in &r.forbid {
        match f {
            ForbidDef::Check => s.push_str("forbid: giving check\n"),
            ForbidDef::Facing { pieces, dirs } => {
                let _ = writeln!(s, "forbid: {} facing along {dirs:?}", names(pieces));
            }
        }
    }
    if let Some(x) = &r.explosion {
        let _ = writeln!(
            s,
            "explosion: the capturer, and around the capture square {:?} each piece: {}",
            x.around,
            filter_text(r, &x.removes)
        );
    }
}

/// `must capture` and the `extinct` rules, only when the game has them.
fn describe_whole_side(r: &RuleSet, s: &mut String) {
    if r.must_capture {
        s.push_str("must capture\n");
    }
    if r.pass {
        s.push_str("pass: a player may pass\n");
    }
    if r.captures_to_hand {
        s.push_str("captures to hand\n");
    }
    if let Some(z) = r.gating {
        let _ = writeln!(s, "gating in {}", r.zones[z].name);
    }
    if let Some((n, o)) = r.end.passes {
        let _ = writeln!(s, "end: {n} passes in a row {o:?}");
    }
    if let Some((ForbidDef::Facing { pieces, dirs }, o)) = &r.end.facing {
        let names: Vec<&str> = pieces.iter().map(|&k| r.pieces[k].name.as_str()).collect();
        let _ = writeln!(
            s,
            "end: {} facing along {dirs:?} must be ended, a pass then {o:?}",
            names.join(" ")
        );
    }
    if let Some((c, o)) = &r.end.counting {
        let name = |k: usize| r.pieces[k].name.as_str();
        let without: Vec<&str> = c.without.iter().map(|&k| name(k)).collect();
        let limits: Vec<String> = c
            .limits
            .iter()
            .map(|&(p, k, n)| format!("{} {k} -> {n}", name(p)))
            .collect();
        let _ = writeln!(
            s,
            "end: counting without [{}] board {} [{}] else {} {o:?}",
            without.join(" "),
            c.board,
            limits.join(", "),
            c.otherwise
        );
    }
    for x in &r.end.extinct {
        let names: Vec<&str> = x
            .pieces
            .iter()
            .map(|&k| r.pieces[k].name.as_str())
            .collect();
        let _ = writeln!(s, "end: extinct [{}] {:?}", names.join(" "), x.outcome);
    }
    for x in &r.end.bare {
        let names: Vec<&str> = (0..r.pieces.len())
            .filter(|k| !x.pieces.contains(k))
            .map(|k| r.pieces[k].name.as_str())
            .collect();
        let _ = writeln!(s, "end: bare [{}] {:?}", names.join(" "), x.outcome);
    }
    if let Some(p) = &r.end.points {
        let cents = |n: i64| format!("{}", n as f64 / 100.0);
        let pieces: Vec<String> = (0..r.pieces.len())
            .filter(|&k| p.pieces.get(k).is_some_and(|&n| n != 0))
            .map(|k| format!("{} {}", r.pieces[k].name, cents(p.pieces[k])))
            .collect();
        let _ = writeln!(
            s,
            "end: points [{}] bonus {} {}",
            pieces.join(", "),
            cents(p.bonus[0]),
            cents(p.bonus[1])
        );
    }
    if let Some((pieces, o)) = &r.end.drop_mate {
        let names: Vec<&str> = pieces.iter().map(|&k| r.pieces[k].name.as_str()).collect();
        let _ = writeln!(s, "end: checkmate by drop {} {o:?}", names.join(" "));
    }
    if let Some(o) = r.end.perpetual {
        let _ = writeln!(
            s,
            "end: perpetual check in a repetition {o:?} for the checker"
        );
    }
}

/// One movement rule as `myriad check --dump` writes it, on one line (a
/// `prefer` block's rules each on their own indented line below it).
pub fn rule_line(r: &RuleSet, rule: &MoveRule) -> String {
    let mut s = String::new();
    rule_text(r, rule, &mut s, 0);
    s.trim_end().to_string()
}
