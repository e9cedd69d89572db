//! Castling.

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    /// The castling stage: the castling pieces and side names are checked
    /// always, the squares of each side only when the board and players
    /// stages succeeded (`sides`).
    pub(super) fn castling(
        &mut self,
        c: &ast::Castling,
        pieces: &[PieceDef],
        sides: Option<Sides>,
    ) -> Option<CastlingDef> {
        let king = self.piece_id(&c.king);
        let partner = self.piece_id(&c.partner);
        // In a game without royal pieces any piece may castle (and nothing
        // is check); with royal pieces the castling piece must be one.
        if let Some(k) = king
            && pieces.iter().any(|p| p.royal)
            && !pieces.get(k).is_some_and(|p| p.royal)
        {
            let mut d = Diagnostic::error(
                c.king.span,
                format!("castling king `{}` is not royal", c.king.text),
            )
            .with_code(Code::Castling)
            .with_label("the piece that castles must be royal");
            if let Some((_, p)) = self.flat.pieces.get_index(k) {
                d = d.with_secondary(p.name.span, "declared here without `royal`");
            }
            self.err(d);
        }
        // The first side of each name; the others are reported and left out.
        let mut unique: Vec<&ast::CastleSide> = Vec::new();
        let mut names: HashMap<&str, Span> = HashMap::new();
        for s in &c.sides {
            if let Some(first) = names.get(s.name.text.as_str()) {
                self.errors
                    .push(duplicate("castling side", &s.name, *first));
                continue;
            }
            names.insert(&s.name.text, s.name.span);
            unique.push(s);
        }
        let sides = match sides {
            Some(at) => self.castle_sides(&unique, at),
            None => Vec::new(),
        };
        Some(CastlingDef {
            king: king?,
            partner: partner?,
            sides,
        })
    }

    /// The squares of each castling side, for both players.
    fn castle_sides(&mut self, list: &[&ast::CastleSide], at: Sides) -> Vec<CastleSide> {
        let geo = at.geo;
        let mut sides = Vec::new();
        for s in list {
            let kf = self.square(geo, &s.king_from, Holes::Forbid);
            let kt: Vec<Option<Coord>> = s
                .king_to
                .iter()
                .map(|t| self.square(geo, t, Holes::Forbid))
                .collect();
            let pf = self.square(geo, &s.partner_from, Holes::Forbid);
            let pt = self.square(geo, &s.partner_to, Holes::Forbid);
            let (Some(kf), Some(pf), Some(pt)) = (kf, pf, pt) else {
                continue;
            };
            let Some(kt) = kt.into_iter().collect::<Option<Vec<Coord>>>() else {
                continue;
            };
            // King and partner move along one rank: every square must share it.
            let off_rank = std::iter::once((&s.king_to[0], kt[0]))
                .chain(s.king_to.iter().zip(kt.iter().copied()))
                .chain([(&s.partner_from, pf), (&s.partner_to, pt)])
                .find(|(_, c)| c.1 != kf.1);
            if let Some((ident, _)) = off_rank {
                self.err(
                    Diagnostic::error(
                        ident.span,
                        format!("castling square `{}` is not on the king's rank", ident.text),
                    )
                    .with_code(Code::Castling)
                    .with_label("not on the same rank as the king")
                    .with_secondary(s.king_from.span, "the king starts here")
                    .with_help("king and partner castle along the king's rank"),
                );
                continue;
            }
            let both = |c: Coord| [at.for_player(0, c), at.for_player(1, c)];
            sides.push(CastleSide {
                name: s.name.text.clone(),
                king_from: both(kf),
                king_to: [
                    kt.iter().map(|&c| at.for_player(0, c)).collect(),
                    kt.iter().map(|&c| at.for_player(1, c)).collect(),
                ],
                partner_from: both(pf),
                partner_to: both(pt),
            });
        }
        sides
    }
}
