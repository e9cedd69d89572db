//! `myriad diff`: what a change to a rule file did: the legal moves that
//! appeared and vanished in a set of positions (each with its piece and the
//! rule that makes it), perft differences, and the lowered description's
//! changed lines (setup, options, reserves, game ends, pieces).

use std::collections::{BTreeSet, HashSet};

use serde::Serialize;

use crate::board::Position;
use crate::ir::describe::{describe, rule_line};
use crate::ir::{MoveRule, RuleSet, TestStep};
use crate::load::Game;
use crate::movegen::{Move, MoveKind, Variant, perft};
use crate::notation::{move_to_string, parse_fen, parse_move, write_fen};

/// What to compare.
#[derive(Debug, Clone)]
pub struct DiffConfig {
    /// Perft depth compared in every position (0: none).
    pub depth: u32,
    /// Extra positions given by the user: (where it came from, FEN).
    pub positions: Vec<(String, String)>,
    /// Random playouts of the old rules from the start.
    pub playouts: usize,
    /// Plies per playout; a position is taken every [`SAMPLE_EVERY`] plies.
    pub plies: usize,
    /// Seed of the playouts.
    pub seed: u64,
}

/// A playout contributes its position after every this many plies.
pub const SAMPLE_EVERY: usize = 4;

impl Default for DiffConfig {
    fn default() -> Self {
        DiffConfig {
            depth: 2,
            positions: Vec::new(),
            playouts: 4,
            plies: 24,
            seed: 1,
        }
    }
}

/// One move that appeared or disappeared.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct MoveChange {
    /// Coordinate notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The moving (or dropped) piece's name.
    pub piece: String,
    /// The rules of the piece that can make this move, as `check --dump`
    /// writes them (in the old rules for a move that vanished, the new for
    /// one that appeared); empty if none fits by geometry.
    pub rules: Vec<String>,
}

/// The comparison in one position.
#[derive(Debug, Clone, Serialize)]
pub struct PositionDiff {
    /// The position.
    pub fen: String,
    /// Where it came from: `start`, a test's name, a playout, the user's file.
    pub source: String,
    /// Legal in the new rules only.
    pub appeared: Vec<MoveChange>,
    /// Legal in the old rules only.
    pub disappeared: Vec<MoveChange>,
    /// Perft at the configured depth, old and new, when they differ.
    pub perft: Option<(u64, u64)>,
    /// Why the position could not be compared (e.g. its FEN is not valid in
    /// one of the two rule sets).
    pub error: Option<String>,
}

impl PositionDiff {
    /// Whether anything differs here.
    pub fn changed(&self) -> bool {
        !self.appeared.is_empty()
            || !self.disappeared.is_empty()
            || self.perft.is_some()
            || self.error.is_some()
    }
}

/// A changed line of the lowered description.
#[derive(Debug, Clone, Serialize)]
pub struct RuleChange {
    /// `+` (new only) or `-` (old only).
    pub sign: char,
    /// The section the line belongs to (e.g. `piece Basilisk`), empty for a
    /// top-level line.
    pub section: String,
    /// The line, trimmed.
    pub line: String,
}

/// Everything `myriad diff` found.
#[derive(Debug, Clone, Serialize)]
pub struct DiffReport {
    /// The old file's name.
    pub old: String,
    /// The new file's name.
    pub new: String,
    /// Changed lines of the lowered descriptions.
    pub rules: Vec<RuleChange>,
    /// The perft depth compared.
    pub depth: u32,
    /// Every position compared (changed or not).
    pub positions: Vec<PositionDiff>,
}

impl DiffReport {
    /// Whether the two rule sets differ anywhere this report looked.
    pub fn differs(&self) -> bool {
        !self.rules.is_empty() || self.positions.iter().any(PositionDiff::changed)
    }

    /// The positions where something changed.
    pub fn changed_positions(&self) -> impl Iterator<Item = &PositionDiff> {
        self.positions.iter().filter(|p| p.changed())
    }

    /// The readable report.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "--- {}\n+++ {}", self.old, self.new);
        if self.rules.is_empty() {
            s.push_str("\nrules: the lowered descriptions are the same\n");
        } else {
            s.push_str("\nrules (lowered, as `myriad check --dump` writes them):\n");
            let mut section = None;
            for c in &self.rules {
                if section != Some(&c.section) {
                    if !c.section.is_empty() {
                        let _ = writeln!(s, "  {}:", c.section);
                    }
                    section = Some(&c.section);
                }
                let pad = if c.section.is_empty() { "  " } else { "    " };
                let _ = writeln!(s, "{pad}{} {}", c.sign, c.line);
            }
        }
        let changed: Vec<&PositionDiff> = self.changed_positions().collect();
        let _ = writeln!(
            s,
            "\npositions: {} compared, {} with changes (perft depth {})",
            self.positions.len(),
            changed.len(),
            self.depth
        );
        for p in changed {
            let _ = writeln!(s, "\n{}  ({})", p.fen, p.source);
            if let Some(e) = &p.error {
                let _ = writeln!(s, "  cannot compare: {e}");
            }
            for (sign, list) in [('-', &p.disappeared), ('+', &p.appeared)] {
                for m in list {
                    let rules = if m.rules.is_empty() {
                        String::new()
                    } else {
                        format!("  by {}", m.rules.join(" | "))
                    };
                    let _ = writeln!(s, "  {sign} {:<8} {}{rules}", m.mv, m.piece);
                }
            }
            if let Some((a, b)) = p.perft {
                let _ = writeln!(s, "  perft {}: {a} -> {b}", self.depth);
            }
        }
        s
    }
}

/// Compare two loaded rule files.
pub fn diff(
    old: &Game,
    new: &Game,
    old_name: &str,
    new_name: &str,
    cfg: &DiffConfig,
) -> DiffReport {
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    let mut add = |source: String, fen: String| {
        if seen.insert(fen.clone()) {
            positions.push((source, fen));
        }
    };
    add(
        "start".into(),
        write_fen(&old.variant, &old.variant.start_position()),
    );
    add(
        "start of the new rules".into(),
        write_fen(&new.variant, &new.variant.start_position()),
    );
    for (label, g) in [("old", old), ("new", new)] {
        for (name, fen) in test_positions(&g.variant) {
            add(format!("{label} test \"{name}\""), fen);
        }
    }
    for (name, fen) in playouts(&old.variant, cfg) {
        add(name, fen);
    }
    for (name, fen) in &cfg.positions {
        add(name.clone(), fen.clone());
    }
    let positions = positions
        .into_iter()
        .map(|(source, fen)| compare(&old.variant, &new.variant, source, fen, cfg.depth))
        .collect();
    DiffReport {
        old: old_name.to_string(),
        new: new_name.to_string(),
        rules: rule_changes(&old.variant.rules, &new.variant.rules),
        depth: cfg.depth,
        positions,
    }
}

/// The positions a game's tests set up or reach by `play`, skipping the
/// tests that set options (their positions belong to other rules).
fn test_positions(v: &Variant) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for t in &v.rules.tests {
        if t.steps.iter().any(|s| matches!(s, TestStep::Options(_))) {
            continue;
        }
        let mut pos = v.start_position();
        for step in &t.steps {
            match step {
                TestStep::Fen(fen, _) => match parse_fen(v, fen) {
                    Ok(p) => {
                        pos = p;
                        out.push((t.name.clone(), write_fen(v, &pos)));
                    }
                    Err(_) => break,
                },
                TestStep::Play(moves) => {
                    for (text, _) in moves {
                        match parse_move(v, &mut pos, text) {
                            Ok(m) => {
                                v.make(&mut pos, m);
                            }
                            Err(_) => break,
                        }
                    }
                    out.push((t.name.clone(), write_fen(v, &pos)));
                }
                _ => {}
            }
        }
    }
    out
}

/// Positions from seeded random playouts of `v` from its start.
fn playouts(v: &Variant, cfg: &DiffConfig) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rng = cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut list = Vec::new();
    for game in 1..=cfg.playouts {
        let mut pos = v.start_position();
        let mut history = vec![pos.hash];
        for ply in 1..=cfg.plies {
            if v.game_end(&mut pos, &history).is_some() {
                break;
            }
            list.clear();
            v.legal_moves(&mut pos, &mut list);
            if list.is_empty() {
                break;
            }
            // xorshift64: the same playouts for the same seed everywhere.
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = list[(rng % list.len() as u64) as usize];
            v.make(&mut pos, m);
            history.push(pos.hash);
            if ply % SAMPLE_EVERY == 0 {
                out.push((format!("playout {game}, ply {ply}"), write_fen(v, &pos)));
            }
        }
    }
    out
}

fn compare(old: &Variant, new: &Variant, source: String, fen: String, depth: u32) -> PositionDiff {
    let mut d = PositionDiff {
        fen: fen.clone(),
        source,
        appeared: Vec::new(),
        disappeared: Vec::new(),
        perft: None,
        error: None,
    };
    let (mut a, mut b) = match (parse_fen(old, &fen), parse_fen(new, &fen)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) => {
            d.error = Some(format!("not a position of the old rules: {e}"));
            return d;
        }
        (_, Err(e)) => {
            d.error = Some(format!("not a position of the new rules: {e}"));
            return d;
        }
    };
    let moves = |v: &Variant, pos: &mut Position| {
        let mut list = Vec::new();
        v.legal_moves(pos, &mut list);
        list.into_iter()
            .map(|m| (move_to_string(v, m), m))
            .collect::<Vec<(String, Move)>>()
    };
    let ma = moves(old, &mut a);
    let mb = moves(new, &mut b);
    let na: BTreeSet<&str> = ma.iter().map(|x| x.0.as_str()).collect();
    let nb: BTreeSet<&str> = mb.iter().map(|x| x.0.as_str()).collect();
    d.disappeared = ma
        .iter()
        .filter(|x| !nb.contains(x.0.as_str()))
        .map(|(s, m)| change(old, &a, s, *m))
        .collect();
    d.appeared = mb
        .iter()
        .filter(|x| !na.contains(x.0.as_str()))
        .map(|(s, m)| change(new, &b, s, *m))
        .collect();
    d.disappeared.sort();
    d.appeared.sort();
    if depth > 0 {
        let (pa, pb) = (perft(old, &mut a, depth), perft(new, &mut b, depth));
        if pa != pb {
            d.perft = Some((pa, pb));
        }
    }
    d
}

/// A move with its piece and the rules that can make it.
fn change(v: &Variant, pos: &Position, text: &str, m: Move) -> MoveChange {
    let r = &v.rules;
    let side = pos.side.index();
    let (piece, rules) = match m.kind {
        MoveKind::Drop => {
            let kind = v.drop_piece(m);
            let rule = r.drops.get(m.data as usize).map(|d| {
                let zone = d
                    .zone
                    .map_or(String::new(), |z| format!(" in {}", r.zones[z].name));
                format!("drop {}{zone}", r.pieces[d.piece].name)
            });
            (kind.index(), rule.into_iter().collect())
        }
        MoveKind::Castle => {
            let wing = r
                .castling
                .as_ref()
                .and_then(|c| c.sides.get(m.data as usize))
                .map_or("castling".to_string(), |s| format!("castling {}", s.name));
            (pos.board[m.from as usize].kind().index(), vec![wing])
        }
        MoveKind::Pass => (
            pos.board[m.from as usize].kind().index(),
            vec!["pass".into()],
        ),
        _ => {
            let kind = pos.board[m.from as usize].kind().index();
            let (f0, r0) = v.geo.coord(m.from);
            let (f1, r1) = v.geo.coord(m.to);
            let delta = (f1 as i32 - f0 as i32, r1 as i32 - r0 as i32);
            let frame = r.players.get(side).map(|p| p.frame);
            let mut fits = Vec::new();
            if let (Some(frame), Some(p)) = (frame, r.pieces.get(kind)) {
                fitting(&p.moves, frame, delta, "", &mut fits);
            }
            (kind, confirmed(v, pos, kind, text, fits))
        }
    };
    MoveChange {
        mv: text.to_string(),
        piece: r
            .pieces
            .get(piece)
            .map_or_else(|| "?".to_string(), |p| p.name.clone()),
        rules,
    }
}

/// The rules among `rules` whose line, in `frame`, runs along `delta`, each
/// with the words saying where it sits.
fn fitting(
    rules: &[MoveRule],
    frame: crate::ir::Frame,
    delta: (i32, i32),
    context: &'static str,
    out: &mut Vec<(MoveRule, &'static str)>,
) {
    for rule in rules {
        let (vector, min, max) = match rule {
            MoveRule::Ride(x) => (x.vector, x.min as i32, x.max as i32),
            // A hop lands at least two steps along its line.
            MoveRule::Hop(h) => (h.vector, 2, 0),
            MoveRule::Prefer { first, fallback } => {
                fitting(first, frame, delta, " (preferred)", out);
                fitting(fallback, frame, delta, " (fallback of prefer)", out);
                continue;
            }
        };
        let (x, y) = frame.apply(vector);
        let (x, y) = (x as i32, y as i32);
        let k = if x != 0 {
            delta.0 / x
        } else if y != 0 {
            delta.1 / y
        } else {
            continue;
        };
        if k >= 1 && (k * x, k * y) == delta && k >= min && (max == 0 || k <= max) {
            out.push((rule.clone(), context));
        }
    }
}

/// Of the rules that fit a move by geometry, those that make it in this
/// position: each is compiled alone as the piece's only rule and must
/// generate the move (a fallback rule alone is always active: the move
/// exists, so it was). When none or only one fits, the geometry says it all.
fn confirmed(
    v: &Variant,
    pos: &Position,
    kind: usize,
    text: &str,
    fits: Vec<(MoveRule, &'static str)>,
) -> Vec<String> {
    let label =
        |(rule, context): &(MoveRule, &str)| format!("{}{context}", rule_line(&v.rules, rule));
    if fits.len() < 2 {
        return fits.iter().map(label).collect();
    }
    let makes = |rule: &MoveRule| {
        let mut rules = v.rules.clone();
        rules.pieces[kind].moves = vec![rule.clone()];
        let Ok(alone) = Variant::new(rules) else {
            return false;
        };
        let mut list = Vec::new();
        alone.pseudo_moves(pos, &mut list);
        list.iter().any(|&m| move_to_string(&alone, m) == text)
    };
    let sure: Vec<String> = fits.iter().filter(|f| makes(&f.0)).map(label).collect();
    if sure.is_empty() {
        fits.iter().map(label).collect()
    } else {
        sure
    }
}

/// The lines of the two lowered descriptions that differ (a longest common
/// subsequence diff), each with its section.
fn rule_changes(old: &RuleSet, new: &RuleSet) -> Vec<RuleChange> {
    let sectioned = |text: String| -> Vec<(String, String)> {
        let mut section = String::new();
        let mut out = Vec::new();
        for line in text.lines() {
            if line.starts_with(' ') {
                out.push((section.clone(), line.trim().to_string()));
            } else {
                section = line.split(' ').take(2).collect::<Vec<_>>().join(" ");
                out.push((String::new(), line.to_string()));
            }
        }
        out
    };
    let a = sectioned(describe(old));
    let b = sectioned(describe(new));
    // A table of the common subsequence lengths of the suffixes.
    let (n, m) = (a.len(), b.len());
    let mut t = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            t[i][j] = if a[i] == b[j] {
                t[i + 1][j + 1] + 1
            } else {
                t[i + 1][j].max(t[i][j + 1])
            };
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    let push = |out: &mut Vec<RuleChange>, sign, (section, line): &(String, String)| {
        out.push(RuleChange {
            sign,
            section: section.clone(),
            line: line.clone(),
        })
    };
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if i < n && (j == m || t[i + 1][j] >= t[i][j + 1]) {
            push(&mut out, '-', &a[i]);
            i += 1;
        } else {
            push(&mut out, '+', &b[j]);
            j += 1;
        }
    }
    out
}
