//! Where each piece can ever stand: for each piece and player, a superset of
//! the squares it may occupy in some game (for the `never-moves` lint: a rule
//! that starts only in a zone the piece never reaches).
//!
//! The squares grow from the start position, the castling squares, the drop
//! squares of a piece that can be in a player's hand (in a `reserve`, or
//! captured with `captures to hand`) and, for a piece promoted to, the
//! squares of the promotion zone its promoter reaches; then each piece's own
//! move rules, read on an empty board with every condition ignored (a `hop`
//! lands anywhere past the first square of its line), until nothing grows.
//! Ignoring conditions only adds squares, so a square left out is a square
//! the piece never stands on. A game whose drops move other pieces (`then
//! move`) is not followed: no answer.

use super::*;

/// What the walk needs of the lowered game.
pub(super) struct GameParts<'g> {
    pub(super) geo: &'g Geometry,
    pub(super) players: &'g [PlayerDef; 2],
    pub(super) zones: &'g [ZoneDef],
    pub(super) pieces: &'g [PieceDef],
    pub(super) setup: &'g SetupDef,
    pub(super) castling: Option<&'g CastlingDef>,
    pub(super) drops: &'g [DropDef],
    pub(super) captures_to_hand: bool,
}

/// Per piece, per player, per square (`file + rank * files`): may it stand
/// there? `None` if the game moves pieces in ways this does not follow.
pub(super) type Whereabouts = Vec<[Vec<bool>; 2]>;

/// The square at `c + v`, if on the board and not a hole.
fn at(geo: &Geometry, (f, r): Coord, (dx, dy): Vector) -> Option<Coord> {
    let nf = i32::from(f) + i32::from(dx);
    let nr = i32::from(r) + i32::from(dy);
    let inside = (0..i32::from(geo.files)).contains(&nf) && (0..i32::from(geo.ranks)).contains(&nr);
    // In range: both fit in a u8 (a board is at most 16x16).
    let c = (nf as u8, nr as u8);
    (inside && !geo.holes.contains(&c)).then_some(c)
}

/// Every square a rule may land on from `from`, conditions ignored.
fn landings(geo: &Geometry, frame: Frame, rule: &MoveRule, from: Coord, out: &mut Vec<Coord>) {
    match rule {
        MoveRule::Ride(r) => {
            let v = frame.apply(r.vector);
            let (min, max) = (usize::from(r.min.max(1)), usize::from(r.max));
            let mut cur = from;
            let mut steps = 0;
            while let Some(next) = at(geo, cur, v) {
                steps += 1;
                if max > 0 && steps > max {
                    break;
                }
                if steps >= min {
                    out.push(next);
                }
                cur = next;
            }
        }
        MoveRule::Hop(h) => {
            let v = frame.apply(h.vector);
            // The first square of the line holds the screen at the nearest.
            let mut cur = at(geo, from, v);
            while let Some(c) = cur {
                cur = at(geo, c, v);
                out.extend(cur);
            }
        }
        MoveRule::Prefer { first, fallback } => {
            for r in first.iter().chain(fallback) {
                landings(geo, frame, r, from, out);
            }
        }
    }
}

/// The squares each piece of each player may ever stand on (see the module
/// documentation).
pub(super) fn whereabouts(g: &GameParts<'_>) -> Option<Whereabouts> {
    if g.drops.iter().any(|d| !d.effects.is_empty()) {
        return None;
    }
    let files = usize::from(g.geo.files);
    let cells = files * usize::from(g.geo.ranks);
    let index = |(f, r): Coord| usize::from(f) + usize::from(r) * files;
    let squares: Vec<Coord> = (0..g.geo.ranks)
        .flat_map(|r| (0..g.geo.files).map(move |f| (f, r)))
        .filter(|c| !g.geo.holes.contains(c))
        .collect();
    let n = g.pieces.len();
    let mut stands: Whereabouts = vec![[vec![false; cells], vec![false; cells]]; n];
    let mut in_hand = vec![[false; 2]; n];
    let mut todo: Vec<(PieceId, usize, Coord)> = Vec::new();
    let mut hand_todo: Vec<(PieceId, usize)> = Vec::new();
    let put = |stands: &mut Whereabouts, todo: &mut Vec<_>, k: PieceId, p: usize, c: Coord| {
        if let Some(cell) = stands.get_mut(k).and_then(|s| s[p].get_mut(index(c)))
            && !*cell
        {
            *cell = true;
            todo.push((k, p, c));
        }
    };
    for &(p, k, c) in &g.setup.placements {
        put(&mut stands, &mut todo, k, p, c);
    }
    for &(p, k, count) in &g.setup.reserves {
        if count > 0 {
            hand_todo.push((k, p));
        }
    }
    if let Some(c) = g.castling {
        for side in &c.sides {
            for p in 0..2 {
                for &to in &side.king_to[p] {
                    put(&mut stands, &mut todo, c.king, p, to);
                }
                put(&mut stands, &mut todo, c.partner, p, side.partner_to[p]);
            }
        }
    }
    let mut lands = Vec::new();
    while !todo.is_empty() || !hand_todo.is_empty() {
        while let Some((k, p)) = hand_todo.pop() {
            if std::mem::replace(&mut in_hand[k][p], true) {
                continue;
            }
            for d in g.drops.iter().filter(|d| d.piece == k) {
                let zone = d.zone.and_then(|z| g.zones.get(z));
                let targets = zone.map_or(squares.as_slice(), |z| z.squares[p].as_slice());
                for &c in targets {
                    put(&mut stands, &mut todo, k, p, c);
                }
            }
        }
        let Some((k, p, from)) = todo.pop() else {
            continue;
        };
        let piece = &g.pieces[k];
        if g.captures_to_hand {
            // Captured, it joins the other player's hand as itself or as
            // the kind it promoted from.
            hand_todo.push((k, 1 - p));
            for (j, q) in g.pieces.iter().enumerate() {
                if q.promotion.as_ref().is_some_and(|pr| pr.to.contains(&k)) {
                    hand_todo.push((j, 1 - p));
                }
            }
        }
        if let Some(pr) = &piece.promotion
            && g.zones
                .get(pr.zone)
                .is_some_and(|z| z.squares[p].contains(&from))
        {
            for &t in &pr.to {
                put(&mut stands, &mut todo, t, p, from);
            }
        }
        lands.clear();
        for rule in &piece.moves {
            landings(g.geo, g.players[p].frame, rule, from, &mut lands);
        }
        for &c in &lands {
            put(&mut stands, &mut todo, k, p, c);
        }
    }
    Some(stands)
}
