//! What XBoard is told about an engine-defined variant: each piece's moves in
//! XBetza (derived from the IR's move rules, generically), the piece-to-char
//! table that places the pieces in XBoard's piece slots, the `setup` line,
//! square names in XBoard's numbering, and the `highlight` board answering
//! `lift`.
//!
//! XBetza cannot say every rule (guards other than a start zone, screen
//! filters, drops' side effects, fallbacks): the string sent is then the
//! closest superset and the engine stays the judge (highlights, and
//! `Illegal move` for the rest).

use crate::board::{Color, Position, Square};
use crate::ir::{Guard, HopShape, MoveRule, PieceDef, RuleSet, Target, Vector};
use crate::movegen::{Move, MoveKind, Variant};
use crate::notation::write_fen;

/// XBoard's piece slots in order, by their default letters (the last is the
/// king): pawn, knight, bishop, rook, queen, ferz, alfil, archbishop,
/// chancellor, wazir, man, cannon, nightrider, ... king.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";
const KING_SLOT: usize = 21;
const CANNON_SLOT: usize = 11;

/// The atom letter of a leap (|dx|, |dy|) sorted, if XBetza has one.
fn atom(v: Vector) -> Option<char> {
    let (a, b) = {
        let (x, y) = (v.0.unsigned_abs(), v.1.unsigned_abs());
        (x.min(y), x.max(y))
    };
    Some(match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// All vectors of an atom's family, mover's frame.
fn family(v: Vector) -> Vec<Vector> {
    let (x, y) = (v.0.abs(), v.1.abs());
    let mut out: Vec<Vector> = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let w = (a * sa, b * sb);
            if !out.contains(&w) {
                out.push(w);
            }
        }
    }
    out
}

/// The XBetza direction letters of one vector.
fn direction(v: Vector) -> String {
    let (x, y) = v;
    let fb = if y > 0 { "f" } else { "b" };
    let lr = if x > 0 { "r" } else { "l" };
    if x == 0 {
        fb.to_string()
    } else if y == 0 {
        lr.to_string()
    } else if y.abs() >= x.abs() {
        format!("{fb}{lr}")
    } else {
        format!("{lr}{fb}")
    }
}

/// The direction modifiers of a set of vectors of one atom: empty for all
/// of them, else a compact group (`f`, `s`, `v`, ...) or one atom per
/// direction (returned as several prefixes).
fn directions(set: &[Vector]) -> Vec<String> {
    let all = family(set[0]);
    if all.iter().all(|w| set.contains(w)) {
        return vec![String::new()];
    }
    let has = |w: Vector| set.contains(&w);
    let orth = set[0].0 == 0 || set[0].1 == 0;
    let diag = set[0].0.abs() == set[0].1.abs();
    if orth {
        let k = set[0].0.abs().max(set[0].1.abs());
        let (f, b, l, r) = (has((0, k)), has((0, -k)), has((-k, 0)), has((k, 0)));
        let mut s = String::new();
        match (f, b) {
            (true, true) if !(l || r) => s.push('v'),
            _ => {
                if f {
                    s.push('f');
                }
                if b {
                    s.push('b');
                }
            }
        }
        match (l, r) {
            (true, true) => s.push('s'),
            (true, false) => s.push('l'),
            (false, true) => s.push('r'),
            _ => {}
        }
        return vec![s];
    }
    if diag {
        let k = set[0].0.abs();
        let (fl, fr, bl, br) = (has((-k, k)), has((k, k)), has((-k, -k)), has((k, -k)));
        return match (fl, fr, bl, br) {
            (true, true, false, false) => vec!["f".into()],
            (false, false, true, true) => vec!["b".into()],
            (true, false, true, false) => vec!["l".into()],
            (false, true, false, true) => vec!["r".into()],
            _ => set.iter().map(|&w| direction(w)).collect(),
        };
    }
    set.iter().map(|&w| direction(w)).collect()
}

/// One move rule's XBetza pieces: (modifiers before the atom, atom, range
/// suffix, vector) so that equal kinds can be merged over directions.
#[derive(Clone, PartialEq)]
struct Part {
    pre: String,
    atom: char,
    range: String,
    vector: Vector,
}

fn mode(to: Target) -> &'static str {
    match to {
        Target::Empty => "m",
        Target::Enemy => "c",
        Target::NotFriend => "",
        Target::EnPassant => "e",
    }
}

/// Is `zone` (player 0's squares) an "initial" zone for `kind`: every
/// square of it on a rank where the piece starts? Then a rule limited to it
/// is XBetza's `i` (a pawn's double step); any other zone guard is left out
/// (the string says more than the rule, the engine judges).
fn initial_zone(rules: &RuleSet, kind: usize, zone: usize) -> bool {
    let ranks: Vec<u8> = rules
        .setup
        .placements
        .iter()
        .filter(|p| p.0 == 0 && p.1 == kind)
        .map(|p| p.2.1)
        .collect();
    let squares = &rules.zones[zone].squares[0];
    !ranks.is_empty() && !squares.is_empty() && squares.iter().all(|c| ranks.contains(&c.1))
}

fn parts(rules: &RuleSet, kind: usize, moves: &[MoveRule], out: &mut Vec<Part>) {
    for r in moves {
        match r {
            MoveRule::Ride(ride) => {
                let Some(a) = atom(ride.vector) else { continue };
                let initial = ride
                    .guards
                    .iter()
                    .any(|g| matches!(g, Guard::FromIn(z) if initial_zone(rules, kind, *z)));
                let mut pre = String::new();
                if initial {
                    pre.push('i');
                }
                pre.push_str(mode(ride.to));
                let range = match (ride.min, ride.max) {
                    (_, 0) => a.to_string(),
                    (1, 1) => String::new(),
                    (lo, hi) if lo == hi && a == 'W' && hi == 2 => {
                        // Two plain steps: a lame (non-jumping) D.
                        out.push(Part {
                            pre: format!("{pre}n"),
                            atom: 'D',
                            range: String::new(),
                            vector: (ride.vector.0 * 2, ride.vector.1 * 2),
                        });
                        continue;
                    }
                    (_, hi) => hi.to_string(),
                };
                out.push(Part {
                    pre,
                    atom: a,
                    range,
                    vector: ride.vector,
                });
            }
            MoveRule::Hop(hop) => {
                let Some(a) = atom(hop.vector) else { continue };
                let pre = match (hop.shape, hop.to) {
                    (HopShape::Next, to) => format!("{}g", mode(to)),
                    (HopShape::First, _) => "cp".to_string(),
                    (HopShape::Slide, to) => format!("{}p", mode(to)),
                };
                out.push(Part {
                    pre,
                    atom: a,
                    range: a.to_string(),
                    vector: hop.vector,
                });
            }
            MoveRule::Prefer { first, fallback } => {
                parts(rules, kind, first, out);
                parts(rules, kind, fallback, out);
            }
        }
    }
}

/// A piece's moves in XBetza, castling (`O2`) included for the royal
/// castling piece.
pub fn xbetza(rules: &RuleSet, kind: usize) -> String {
    let piece: &PieceDef = &rules.pieces[kind];
    let mut all = Vec::new();
    parts(rules, kind, &piece.moves, &mut all);
    // Group the parts by everything but the direction, in first-seen order.
    let mut groups: Vec<(String, char, String, Vec<Vector>)> = Vec::new();
    for p in all {
        match groups
            .iter_mut()
            .find(|g| g.0 == p.pre && g.1 == p.atom && g.2 == p.range)
        {
            Some(g) => {
                if !g.3.contains(&p.vector) {
                    g.3.push(p.vector);
                }
            }
            None => groups.push((p.pre, p.atom, p.range, vec![p.vector])),
        }
    }
    // A capture and an en-passant capture the same way: `ce`.
    let mut i = 0;
    while i < groups.len() {
        let e = &groups[i];
        if let Some(p) = e.0.strip_suffix('e')
            && let Some(j) = groups
                .iter()
                .position(|c| c.0 == format!("{p}c") && c.1 == e.1 && c.2 == e.2 && c.3 == e.3)
        {
            groups[j].0.push('e');
            groups.remove(i);
            continue;
        }
        i += 1;
    }
    // Merge a full W and a full F of the same kind: K (one step), Q (rides).
    let full = |g: &(String, char, String, Vec<Vector>)| directions(&g.3) == [String::new()];
    let mut text = String::new();
    let mut used = vec![false; groups.len()];
    for i in 0..groups.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let g = &groups[i];
        if full(g) && (g.1 == 'W' || g.1 == 'F') {
            let other = if g.1 == 'W' { 'F' } else { 'W' };
            let other_range = if g.2.is_empty() {
                String::new()
            } else {
                other.to_string()
            };
            if let Some(j) = (0..groups.len()).find(|&j| {
                !used[j]
                    && groups[j].0 == g.0
                    && groups[j].1 == other
                    && groups[j].2 == other_range
                    && full(&groups[j])
            }) {
                used[j] = true;
                text += &g.0;
                text.push(if g.2.is_empty() { 'K' } else { 'Q' });
                continue;
            }
        }
        for d in directions(&g.3) {
            text += &d;
            text += &g.0;
            match (g.1, g.2.as_str()) {
                ('W', "W") => text.push('R'),
                ('F', "F") => text.push('B'),
                (a, r) => {
                    text.push(a);
                    text += r;
                }
            }
        }
    }
    if piece.royal
        && let Some(c) = &rules.castling
        && rules
            .pieces
            .get(c.king)
            .is_some_and(|k| k.name == piece.name)
    {
        let mut dists: Vec<u8> = Vec::new();
        for s in &c.sides {
            for to in &s.king_to[0] {
                let d = to.0.abs_diff(s.king_from[0].0);
                if !dists.contains(&d) {
                    dists.push(d);
                }
            }
        }
        dists.sort();
        for d in dists {
            text += &format!("O{d}");
        }
    }
    text
}

/// Where each piece kind goes among XBoard's slots.
pub struct PieceTable {
    /// `slot[kind]`: the slot of each piece kind (None: no room).
    pub slot: Vec<Option<usize>>,
    /// The holdings size `setup` announces (0 without drops).
    pub holdings: usize,
}

impl PieceTable {
    /// Place the pieces: royal pieces on the king's slot, pawns, knights,
    /// bishops, rooks and queens (by their moves) on theirs, droppable
    /// pieces on the lowest free slots (XBoard shows only the first
    /// `holdings` slots in the holdings), hoppers on the cannon's, the rest
    /// by letter or on the first free slot.
    pub fn new(rules: &RuleSet) -> PieceTable {
        let n = rules.pieces.len();
        let mut slot: Vec<Option<usize>> = vec![None; n];
        let mut taken = [false; 22];
        let mut put = |slot: &mut Vec<Option<usize>>, k: usize, s: usize| {
            if slot[k].is_none() && !taken[s] {
                taken[s] = true;
                slot[k] = Some(s);
            }
        };
        let betza: Vec<String> = (0..n).map(|k| xbetza(rules, k)).collect();
        for k in 0..n {
            if rules.pieces[k].royal {
                put(&mut slot, k, KING_SLOT);
            }
        }
        for (k, b) in betza.iter().enumerate() {
            let std = match b.as_str() {
                "N" => Some(1),
                "B" => Some(2),
                "R" => Some(3),
                "Q" => Some(4),
                _ if rules.pieces[k].promotion.is_some() => Some(0),
                _ => None,
            };
            if let Some(s) = std {
                put(&mut slot, k, s);
            }
        }
        let dropped: Vec<usize> = rules.drops.iter().map(|d| d.piece).collect();
        for &k in &dropped {
            for s in 0..KING_SLOT {
                put(&mut slot, k, s);
            }
        }
        for (k, b) in betza.iter().enumerate() {
            if b.contains('p') || b.contains('g') {
                put(&mut slot, k, CANNON_SLOT);
            }
            if let Some(s) = SLOTS.find(rules.pieces[k].letter) {
                put(&mut slot, k, s);
            }
        }
        for k in 0..n {
            for s in 5..KING_SLOT {
                put(&mut slot, k, s);
            }
            for s in 0..5 {
                put(&mut slot, k, s);
            }
        }
        let holdings = dropped
            .iter()
            .filter_map(|&k| slot[k])
            .map(|s| s + 1)
            .max()
            .unwrap_or(0);
        PieceTable { slot, holdings }
    }

    /// The piece-to-char table: every slot's letter or `.`, White's slots
    /// then Black's.
    pub fn chars(&self, rules: &RuleSet) -> String {
        let mut white = vec!['.'; 22];
        for (k, s) in self.slot.iter().enumerate() {
            if let Some(s) = s {
                white[*s] = rules.pieces[k].letter.to_ascii_uppercase();
            }
        }
        let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
        white.into_iter().collect::<String>() + &black
    }
}

/// XBoard's parent variant for `setup`, which decides what its holdings
/// do: in `fairy` (XBoard's catch-all) a captured piece joins the captor's
/// holdings, as in crazyhouse; XBoard's one parent with holdings that takes
/// no captured piece into them is its name for Seirawan chess (backend.c,
/// `ApplyMove`: captures go to the holdings unless the variant is bughouse,
/// whose pieces go to the partner, or that one), and drops from it are free
/// drops as in `fairy` once the engine defines the pieces. So rules with
/// drops whose captures stay off the hand get that parent.
pub fn parent(rules: &RuleSet, holdings: usize) -> &'static str {
    if holdings > 0 && !rules.captures_to_hand {
        "seirawan"
    } else {
        "fairy"
    }
}

/// The `setup` line and the `piece` lines for variant `v`, start `pos`.
pub fn setup_lines(v: &Variant, pos: &Position) -> Vec<String> {
    let rules = &v.rules;
    let table = PieceTable::new(rules);
    let mut out = vec![format!(
        "setup ({}) {}x{}+{}_{} {}",
        table.chars(rules),
        rules.board.files,
        rules.board.ranks,
        table.holdings,
        parent(rules, table.holdings),
        write_fen(v, pos)
    )];
    for (k, p) in rules.pieces.iter().enumerate() {
        if table.slot[k].is_none() {
            continue;
        }
        let mut b = xbetza(rules, k);
        // Drops: `@N`, on the first N ranks (the drop zone's reach).
        let reach = rules
            .drops
            .iter()
            .filter(|d| d.piece == k)
            .map(|d| match d.zone {
                Some(z) => rules.zones[z].squares[0]
                    .iter()
                    .map(|c| c.1 + 1)
                    .max()
                    .unwrap_or(0),
                None => rules.board.ranks,
            })
            .max();
        if let Some(n) = reach {
            b += &format!("@{n}");
        }
        out.push(format!("piece {}& {b}", p.letter.to_ascii_uppercase()));
    }
    out
}

/// The first rank's number in XBoard: boards of exactly 10 ranks count
/// from 0, every other from 1.
fn rank_base(v: &Variant) -> u8 {
    if v.geo.ranks == 10 { 0 } else { 1 }
}

/// A square as XBoard names it.
pub fn square_name(v: &Variant, sq: Square) -> String {
    let (f, r) = v.geo.coord(sq);
    format!("{}{}", (b'a' + f) as char, r + rank_base(v))
}

/// A square named the XBoard way, if it is on the board.
pub fn parse_square(v: &Variant, s: &str) -> Option<Square> {
    let b = s.as_bytes();
    let f = b.first()?.checked_sub(b'a')?;
    let r: u8 = s.get(1..)?.parse().ok()?;
    let r = r.checked_sub(rank_base(v))?;
    if f >= v.geo.files || r >= v.geo.ranks || b.len() > 3 {
        return None;
    }
    let sq = v.geo.square((f, r));
    v.geo.is_valid(sq).then_some(sq)
}

/// The piece XBoard names by a holdings square in `lift`. XBoard keeps the
/// holdings in files beside the board and names them as board squares
/// (backend.c): White's pieces in the second file right of the board
/// (`j` on 8 files), Black's in the second file left of it (`_`); the n-th
/// piece of the piece-to-char table (empty slots not counted) stands on
/// White's n-th rank from the bottom and Black's n-th from the top. None
/// if `s` is no holdings square holding a piece of the table.
pub fn holdings_piece(v: &Variant, s: &str) -> Option<(Color, usize)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    let r: u8 = s.get(1..)?.parse().ok()?;
    let r = r.checked_sub(rank_base(v))?;
    if r >= v.geo.ranks {
        return None;
    }
    let (color, n) = if file == b'a' + v.geo.files + 1 {
        (Color::FIRST, r)
    } else if file == b'a' - 2 {
        (Color::SECOND, v.geo.ranks - 1 - r)
    } else {
        return None;
    };
    let table = PieceTable::new(&v.rules);
    let number = |slot: usize| table.slot.iter().flatten().filter(|&&t| t < slot).count();
    let kind = table
        .slot
        .iter()
        .position(|s| s.is_some_and(|s| s < table.holdings && number(s) == n as usize))?;
    Some((color, kind))
}

/// A move as XBoard writes it: `e2e4`, `e7e8q`, `E@g1`; castling as the
/// king's move; gating as in UCI (`b1c3h`, `h1e1h`).
pub fn move_text(v: &Variant, m: Move) -> String {
    let base = base_move_text(v, m);
    crate::notation::gate_suffix(v, m, base, |s| square_name(v, s))
}

/// [`move_text`] without the gating letter.
fn base_move_text(v: &Variant, m: Move) -> String {
    match m.kind {
        MoveKind::Drop => format!(
            "{}@{}",
            v.letter(v.drop_piece(m)).to_ascii_uppercase(),
            square_name(v, m.to)
        ),
        MoveKind::Promotion => format!(
            "{}{}{}",
            square_name(v, m.from),
            square_name(v, m.to),
            v.letter(crate::board::Kind::new(m.data as usize))
                .to_ascii_lowercase()
        ),
        MoveKind::Pass => "@@@@".to_string(),
        _ => format!("{}{}", square_name(v, m.from), square_name(v, m.to)),
    }
}

/// The `highlight` board for a piece lifted from `from` (or, for `E@`, a
/// piece of the mover's reserve): `Y` quiet targets, `R` captures, `M`
/// promotions, ranks from the top, `/` between them.
pub fn highlight(v: &Variant, pos: &Position, moves: &[Move], lifted: &str) -> String {
    let drop_kind = lifted
        .strip_suffix('@')
        .and_then(|l| l.chars().next())
        .and_then(|c| v.kind_of_letter(c.to_ascii_uppercase()));
    let from = parse_square(v, lifted);
    let mut marks = vec![' '; 256];
    for &m in moves {
        let ours = match m.kind {
            MoveKind::Drop => drop_kind.is_some_and(|k| v.drop_piece(m) == k),
            MoveKind::Pass => false,
            _ => from == Some(m.from),
        };
        if !ours {
            continue;
        }
        let c = if m.kind == MoveKind::Promotion {
            'M'
        } else if v.is_capture(pos, m) {
            'R'
        } else {
            'Y'
        };
        let cell = &mut marks[m.to as usize];
        if *cell == ' ' || c == 'R' {
            *cell = c;
        }
    }
    let mut rows = Vec::new();
    for r in (0..v.geo.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..v.geo.files {
            let c = marks[v.geo.square((f, r)) as usize];
            if c == ' ' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row += &empty.to_string();
                empty = 0;
            }
            row.push(c);
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}
