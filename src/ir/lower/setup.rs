//! The start position (`setup`).

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    /// Which entry of the setup places each player's pieces (the players
    /// stage's part of the setup), with errors for unknown players and
    /// players given twice.
    pub(super) fn setup_entries<'s>(
        &mut self,
        s: &'s ast::Setup,
        players: &[PlayerDef; 2],
    ) -> [Option<&'s ast::SetupPlayer>; 2] {
        let mut entries: [Option<&ast::SetupPlayer>; 2] = [None, None];
        for e in &s.players {
            let Some(i) = self.player_index(players, &e.player) else {
                continue;
            };
            if let Some(first) = entries[i] {
                self.errors.push(
                    Diagnostic::error(
                        e.player.span,
                        format!("the setup gives `{}` twice", e.player.text),
                    )
                    .with_code(Code::Duplicate)
                    .with_label("given again here")
                    .with_secondary(first.player.span, "first given here"),
                );
                continue;
            }
            entries[i] = Some(e);
        }
        entries
    }

    /// The placements of the setup (needs the board and the players), and
    /// the royal piece check unless an error was found since `errors_before`.
    pub(super) fn setup(
        &mut self,
        s: &ast::Setup,
        entries: [Option<&ast::SetupPlayer>; 2],
        sides: Sides,
        pieces: &[PieceDef],
        errors_before: usize,
    ) -> Option<SetupDef> {
        let (geo, players) = (sides.geo, sides.players);

        let mut placements: Vec<(usize, PieceId, Coord)> = Vec::new();
        let mut occupied: HashMap<Coord, Span> = HashMap::new();
        // Explicit placements first, in player order.
        for (i, entry) in entries.iter().enumerate() {
            let Some(entry) = entry else { continue };
            match &entry.body {
                ast::SetupBody::Mirror(span) if i == 0 => {
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!(
                                "`{}` moves first and has no setup to mirror",
                                entry.player.text
                            ),
                        )
                        .with_code(Code::ImpossibleSetup)
                        .with_label("`mirror` copies the first player's setup")
                        .with_help(format!(
                            "place `{}`'s pieces: `{} {{ Piece e1 ... }}`",
                            entry.player.text, entry.player.text
                        )),
                    );
                }
                ast::SetupBody::Mirror(_) => {}
                ast::SetupBody::Placements(list) => {
                    for pl in list {
                        let piece = self.piece_id(&pl.piece);
                        for set in &pl.squares {
                            for c in self.square_set(geo, set, Holes::Forbid) {
                                if let Some(first) = occupied.get(&c) {
                                    let name = geo.name(c);
                                    self.errors.push(
                                        Diagnostic::error(
                                            set.span(),
                                            format!("impossible setup: two pieces on `{name}`"),
                                        )
                                        .with_code(Code::ImpossibleSetup)
                                        .with_label("second piece here")
                                        .with_secondary(*first, "first piece here"),
                                    );
                                    continue;
                                }
                                occupied.insert(c, set.span());
                                if let Some(p) = piece {
                                    placements.push((i, p, c));
                                }
                            }
                        }
                    }
                }
            }
        }
        // Then mirrors of the first player's placements.
        for (i, entry) in entries.iter().enumerate().skip(1) {
            let Some(entry) = entry else { continue };
            let ast::SetupBody::Mirror(span) = &entry.body else {
                continue;
            };
            let firsts: Vec<(PieceId, Coord)> = placements
                .iter()
                .filter(|(p, _, _)| *p == 0)
                .map(|&(_, piece, c)| (piece, c))
                .collect();
            for (piece, c) in firsts {
                let m = sides.for_player(i, c);
                if geo.holes.contains(&m) {
                    let (from, to) = (geo.name(c), geo.name(m));
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!("mirroring `{from}` lands on the hole `{to}`"),
                        )
                        .with_code(Code::Hole)
                        .with_label("mirrored here"),
                    );
                    continue;
                }
                if let Some(first) = occupied.get(&m) {
                    let name = geo.name(m);
                    self.errors.push(
                        Diagnostic::error(
                            *span,
                            format!("impossible setup: two pieces on `{name}`"),
                        )
                        .with_code(Code::ImpossibleSetup)
                        .with_label("the mirrored piece lands on an occupied square")
                        .with_secondary(*first, "first piece here"),
                    );
                    continue;
                }
                occupied.insert(m, *span);
                placements.push((i, piece, m));
            }
        }
        placements.sort_by_key(|&(p, _, _)| p);

        // Every player needs a royal piece if the game has any (unless a
        // placement already failed: its piece may have been the royal one).
        if self.errors.len() > errors_before {
            return None;
        }
        let royals: Vec<&str> = pieces
            .iter()
            .filter(|p| p.royal)
            .map(|p| p.name.as_str())
            .collect();
        // A player may go without a royal piece if the game can end by
        // extinction: that is how such a player loses.
        let extinction = self.flat.end.as_ref().is_some_and(|e| {
            e.rules
                .iter()
                .any(|r| matches!(r.kind, ast::EndKind::Extinct(_)))
        });
        if !royals.is_empty() && !extinction {
            for (i, player) in players.iter().enumerate() {
                let has = placements
                    .iter()
                    .any(|&(p, piece, _)| p == i && pieces.get(piece).is_some_and(|d| d.royal));
                if !has {
                    let at = entries[i].map_or(s.span, |e| e.player.span);
                    self.err(
                        Diagnostic::error(
                            at,
                            format!("impossible setup: `{}` has no royal piece", player.name),
                        )
                        .with_code(Code::ImpossibleSetup)
                        .with_label("no royal piece placed for this player")
                        .with_help(format!(
                            "place one of: {}",
                            royals
                                .iter()
                                .map(|r| format!("`{r}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
        }
        Some(SetupDef {
            placements,
            reserves: Vec::new(),
            span: s.span,
        })
    }
}
