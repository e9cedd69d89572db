//! What a piece does from where it stands, counted by the interpreter: its
//! pseudo-legal moves and the squares of a given set it attacks. Read by the
//! evaluation (mobility, and attacks near the enemy royal piece).

use super::compile::{CRule, Variant};
use crate::board::{Bitset, Position, Square};
use crate::ir::{HopShape, Target};

/// The moves and attacks of one piece.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Activity {
    /// Pseudo-legal destinations (a promotion counts once; en passant not at all).
    pub moves: u32,
    /// Squares of the given set the piece could capture on, were an enemy
    /// piece there (whatever stands there now).
    pub hits: u32,
}

impl Variant {
    /// The activity of the piece of player `color` on `from`, with its attacks
    /// counted on the squares of `zone`. Nothing is allocated.
    pub fn activity(&self, pos: &Position, color: usize, from: Square, zone: &Bitset) -> Activity {
        let kind = pos.board[from as usize].kind();
        let mut a = Activity::default();
        self.activity_of(pos, color, &self.moves[color][kind], from, zone, &mut a);
        a
    }

    fn activity_of(
        &self,
        pos: &Position,
        us: usize,
        rules: &[CRule],
        from: Square,
        zone: &Bitset,
        a: &mut Activity,
    ) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to,
                    guards,
                    ..
                } => {
                    if *to == Target::EnPassant
                        || (!guards.is_empty() && !self.guards_hold(pos, guards, from, us))
                    {
                        continue;
                    }
                    let quiet = matches!(to, Target::Empty | Target::NotFriend);
                    let capture = matches!(to, Target::Enemy | Target::NotFriend);
                    for (i, &t) in self.ride_ray(*vid, from, *max).iter().enumerate() {
                        let p = pos.board[t as usize];
                        if i + 1 >= *min as usize {
                            if capture && zone.has(t) {
                                a.hits += 1;
                            }
                            if p.is_none() {
                                a.moves += u32::from(quiet);
                            } else {
                                a.moves += u32::from(capture && p.color() != us);
                            }
                        }
                        if !p.is_none() {
                            break;
                        }
                    }
                }
                CRule::Hop {
                    vid,
                    screen,
                    shape,
                    to,
                    guards,
                } => {
                    if !guards.is_empty() && !self.guards_hold(pos, guards, from, us) {
                        continue;
                    }
                    let ray = self.ray(*vid, from);
                    let Some(si) = ray.iter().position(|&s| !pos.board[s as usize].is_none())
                    else {
                        continue;
                    };
                    if !screen.accepts(pos.board[ray[si] as usize], us) {
                        continue;
                    }
                    let quiet = matches!(to, Target::Empty | Target::NotFriend);
                    let capture = matches!(to, Target::Enemy | Target::NotFriend);
                    for (j, &t) in ray[si + 1..].iter().enumerate() {
                        let p = pos.board[t as usize];
                        if capture && zone.has(t) {
                            a.hits += 1;
                        }
                        if p.is_none() {
                            a.moves += u32::from(quiet && *shape != HopShape::First);
                        } else {
                            a.moves += u32::from(capture && p.color() != us);
                            break;
                        }
                        if *shape == HopShape::Next && j == 0 {
                            break;
                        }
                    }
                }
                CRule::Prefer { first, fallback } => {
                    let before = a.moves;
                    self.activity_of(pos, us, first, from, zone, a);
                    if a.moves == before {
                        self.activity_of(pos, us, fallback, from, zone, a);
                    }
                }
            }
        }
    }
}
