//! The `never-moves` lint: move rules that give no move from any square.
//!
//! Each rule as written (a `step`, `slide`, `leap` or `hop`, also inside a
//! `prefer`) is tried for both players from every square of the board, on a
//! board that is empty except for what the rule's own conditions demand: the
//! squares `when occupied (x,y)` names hold a piece (of either side, as
//! needed), the squares `when empty (x,y)` names are empty. The rule is
//! reported when no player, square and direction of it gives a move:
//!
//! - no square meets its `when from [not] in` conditions and, with `within`,
//!   lies in that zone (an empty zone, or `from in a` with `from not in a`);
//! - a square it needs occupied is off the board (or a hole) from every
//!   square that meets them, or is also one it needs empty;
//! - every landing square is off the board, on a hole, outside its `within`
//!   zone, or on a square its conditions make impossible (`to empty` onto a
//!   square it needs occupied, `to enemy` onto one it needs empty), or it
//!   would pass over a square it needs occupied; a hop needs a screen square
//!   and a landing square beyond it on the line;
//! - `to en_passant` in a game where no rule or drop sets en passant.
//!
//! A rule restricted to a zone (`when from [not] in`, `within`) that moves
//! somewhere is then tried from the squares its piece can ever stand on
//! (`whereabouts.rs`): a rule starting only in a zone the piece never
//! reaches is reported too (`step n when from in home` for a piece that
//! never comes back home).
//!
//! What other pieces do is not considered (a rule that only the start
//! position makes useless is not reported), nor what `capturing` or a hop's
//! `over` filter admits. `then first to empty` is reported by the hop's own
//! lowering ("this hop can never move").

use super::whereabouts::Whereabouts;
use super::*;
use crate::lang::codes::Code;

/// How far a rule got towards a move from the best start square: the lint's
/// label says where it stopped.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    /// No square meets its `when from` / `within` start conditions.
    NoStart,
    /// The squares its `when occupied` / `when empty` conditions name cannot be.
    NoGuard,
    /// It never lands on a square of the board it may land on.
    NoLanding,
    /// Some square gives a move.
    Moves,
}

/// Distinct rules analysed per written rule (one macro body used with many
/// arguments gives many); past that, the rest are not analysed.
const MAX_VARIANTS_PER_RULE: usize = 64;

/// The board as the analysis needs it: which squares exist and which are in
/// each zone for each player.
struct Grid<'g> {
    geo: &'g Geometry,
    players: &'g [PlayerDef; 2],
    /// Per zone, per player, per square index (`f + r * files`).
    zones: Vec<[Vec<bool>; 2]>,
    /// Some rule or drop of the game sets en passant.
    en_passant: bool,
}

impl Grid<'_> {
    fn index(&self, (f, r): Coord) -> usize {
        f as usize + r as usize * self.geo.files as usize
    }

    /// The square at `(f, r) + v`, if it is on the board and not a hole.
    fn at(&self, (f, r): Coord, (dx, dy): Vector) -> Option<Coord> {
        let nf = f as i32 + dx as i32;
        let nr = r as i32 + dy as i32;
        let inside =
            (0..self.geo.files as i32).contains(&nf) && (0..self.geo.ranks as i32).contains(&nr);
        let c = (nf as u8, nr as u8);
        (inside && !self.geo.holes.contains(&c)).then_some(c)
    }

    fn in_zone(&self, z: ZoneId, player: usize, c: Coord) -> bool {
        self.zones
            .get(z)
            .is_some_and(|by| by[player][self.index(c)])
    }

    /// How far one rule (one vector) gets for `player` from `from`.
    fn reach(&self, rule: &MoveRule, player: usize, from: Coord) -> Reach {
        let (vector, guards, to) = match rule {
            MoveRule::Ride(r) => (r.vector, &r.guards, r.to),
            // Reported where it is lowered ("this hop can never move").
            MoveRule::Hop(h)
                if h.shape == HopShape::First
                    && matches!(h.to, Target::Empty | Target::EnPassant) =>
            {
                return Reach::Moves;
            }
            MoveRule::Hop(h) => (h.vector, &h.guards, h.to),
            MoveRule::Prefer { .. } => return Reach::Moves,
        };
        let frame = self.players[player].frame;
        let mut within = Vec::new();
        for g in guards {
            let ok = match *g {
                Guard::FromIn(z) => self.in_zone(z, player, from),
                Guard::FromNotIn(z) => !self.in_zone(z, player, from),
                Guard::Within(z) => {
                    within.push(z);
                    self.in_zone(z, player, from)
                }
                _ => true,
            };
            if !ok {
                return Reach::NoStart;
            }
        }
        // The squares the conditions make occupied and empty.
        let (mut full, mut empty) = (Vec::new(), Vec::new());
        for g in guards {
            match *g {
                Guard::Occupied(v) => match self.at(from, frame.apply(v)) {
                    Some(c) => full.push(c),
                    None => return Reach::NoGuard,
                },
                Guard::Empty(v) => empty.extend(self.at(from, frame.apply(v))),
                _ => {}
            }
        }
        if empty.contains(&from) || full.iter().any(|c| empty.contains(c)) {
            return Reach::NoGuard;
        }
        let may_land = |c: Coord| match to {
            Target::Empty => !full.contains(&c),
            Target::EnPassant => self.en_passant && !full.contains(&c),
            Target::Enemy => !empty.contains(&c),
            Target::NotFriend => true,
        };
        // The squares along the line, while they exist and stay within
        // (walked without collecting them: the lint runs on every load).
        let v = frame.apply(vector);
        let line = std::iter::successors(self.at(from, v), |&c| self.at(c, v))
            .take_while(|&c| within.iter().all(|&z| self.in_zone(z, player, c)));
        let lands = match rule {
            MoveRule::Ride(r) => {
                let (min, max) = (r.min.max(1) as usize, r.max as usize);
                let mut found = false;
                for (i, c) in line.enumerate() {
                    let steps = i + 1;
                    if max > 0 && steps > max {
                        break;
                    }
                    if steps >= min && may_land(c) {
                        found = true;
                        break;
                    }
                    if full.contains(&c) {
                        break;
                    }
                }
                found
            }
            MoveRule::Hop(h) => {
                let line: Vec<Coord> = line.collect();
                hop_lands(&line, h.shape, &full, &empty, may_land)
            }
            MoveRule::Prefer { .. } => true,
        };
        if lands {
            Reach::Moves
        } else {
            Reach::NoLanding
        }
    }
}

/// Can a hop along `line` land: a screen that may be a piece, then a
/// landing square beyond it that its shape and target allow.
fn hop_lands(
    line: &[Coord],
    shape: HopShape,
    full: &[Coord],
    empty: &[Coord],
    may_land: impl Fn(Coord) -> bool,
) -> bool {
    for (k, &screen) in line.iter().enumerate() {
        if !empty.contains(&screen) {
            for &c in &line[k + 1..] {
                let ok = match shape {
                    // The first piece beyond: a square that may hold one.
                    HopShape::First => !empty.contains(&c) && may_land(c),
                    HopShape::Next | HopShape::Slide => may_land(c),
                };
                if ok {
                    return true;
                }
                if shape == HopShape::Next || full.contains(&c) {
                    break;
                }
            }
        }
        if full.contains(&screen) {
            break;
        }
    }
    false
}

/// Does this rule (or one inside it) set en passant?
fn sets_en_passant(rule: &MoveRule) -> bool {
    match rule {
        MoveRule::Ride(r) => r.effects.contains(&Effect::SetsEnPassant),
        MoveRule::Hop(_) => false,
        MoveRule::Prefer { first, fallback } => first.iter().chain(fallback).any(sets_en_passant),
    }
}

impl<'a> Lowerer<'a> {
    /// Warn about each written move rule that can never give a move (see
    /// the module's documentation for what is detected).
    pub(super) fn never_moving_rules(
        &mut self,
        geo: &Geometry,
        players: &[PlayerDef; 2],
        zones: &[ZoneDef],
        pieces: &[PieceDef],
        drops: &[DropDef],
        stands: Option<&Whereabouts>,
    ) {
        let cells = geo.files as usize * geo.ranks as usize;
        let mut grid = Grid {
            geo,
            players,
            zones: Vec::new(),
            en_passant: false,
        };
        for z in zones {
            let mut by = [vec![false; cells], vec![false; cells]];
            for (p, squares) in z.squares.iter().enumerate() {
                for &c in squares {
                    let i = grid.index(c);
                    if let Some(b) = by[p].get_mut(i) {
                        *b = true;
                    }
                }
            }
            grid.zones.push(by);
        }
        grid.en_passant = pieces.iter().flat_map(|p| &p.moves).any(sets_en_passant)
            || drops.iter().flat_map(|d| &d.effects).any(|e| match e {
                DropEffect::Relocate { sets_ep, .. } => *sets_ep,
            });
        let squares: Vec<Coord> = (0..geo.ranks)
            .flat_map(|r| (0..geo.files).map(move |f| (f, r)))
            .filter(|c| !geo.holes.contains(c))
            .collect();
        let mut seen: HashMap<Span, Vec<&[MoveRule]>> = HashMap::new();
        let leaves = std::mem::take(&mut self.leaf_rules);
        for (piece, span, rules) in &leaves {
            let done = seen.entry(*span).or_default();
            if rules.is_empty()
                || done.len() >= MAX_VARIANTS_PER_RULE
                || done.contains(&rules.as_slice())
            {
                continue;
            }
            done.push(rules);
            let mut best = Reach::NoStart;
            'all: for rule in rules {
                for player in 0..2 {
                    for &from in &squares {
                        best = best.max(grid.reach(rule, player, from));
                        if best == Reach::Moves {
                            break 'all;
                        }
                    }
                }
            }
            // It moves somewhere: but does the piece ever stand there?
            // Only for a rule restricted to a zone (`when from [not] in`,
            // `within`): the lint runs on every load.
            let zoned = rules.iter().any(|r| {
                let guards = match r {
                    MoveRule::Ride(r) => &r.guards,
                    MoveRule::Hop(h) => &h.guards,
                    MoveRule::Prefer { .. } => return false,
                };
                guards
                    .iter()
                    .any(|g| matches!(g, Guard::FromIn(_) | Guard::FromNotIn(_) | Guard::Within(_)))
            });
            let mut unreached = false;
            if best == Reach::Moves
                && zoned
                && let Some(stands) = stands
                && let Some(k) = pieces.iter().position(|p| p.name == *piece)
                && stands[k].iter().any(|s| s.contains(&true))
            {
                unreached = !rules.iter().any(|rule| {
                    (0..2).any(|player| {
                        squares.iter().any(|&from| {
                            stands[k][player][grid.index(from)]
                                && grid.reach(rule, player, from) == Reach::Moves
                        })
                    })
                });
            }
            let ep = rules.iter().any(|r| match r {
                MoveRule::Ride(r) => r.to == Target::EnPassant,
                MoveRule::Hop(h) => h.to == Target::EnPassant,
                MoveRule::Prefer { .. } => false,
            });
            let (label, help) = match best {
                Reach::Moves if !unreached => continue,
                Reach::Moves => (
                    "from no square the piece can ever stand on does it give a move",
                    "the piece stands only where its setup, castling, drops, promotions and \
                     its own moves put it: a zone this rule starts in may be out of its reach",
                ),
                Reach::NoStart => (
                    "no square of the board meets its `when from` and `within` conditions",
                    "check the zones it names: one may be empty, or the conditions contradict",
                ),
                Reach::NoGuard => (
                    "the squares its `when occupied` / `when empty` conditions name cannot be",
                    "a square it needs occupied is off the board from every square, or is also needed empty",
                ),
                Reach::NoLanding if ep && !grid.en_passant => (
                    "no rule of this game sets en passant",
                    "`to en_passant` lands on the square a `sets en_passant` move passed",
                ),
                Reach::NoLanding => (
                    "from every square of the board, it lands nowhere it may land",
                    "its vectors leave the board (or its `within` zone), or its conditions block every landing square",
                ),
            };
            self.warnings.push(
                Diagnostic::warning(*span, format!("this rule of `{piece}` can never move"))
                    .with_code(Code::NeverMoves)
                    .with_label(label)
                    .with_help(help),
            );
        }
    }
}
