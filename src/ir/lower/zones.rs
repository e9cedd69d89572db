//! Zones: named sets of squares, per player.

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn region(&mut self, geo: &Geometry, r: &ast::Region) -> Vec<Coord> {
        let mut out = Vec::new();
        for item in &r.items {
            let squares = match item {
                ast::RegionItem::Squares(set) => self.square_set(geo, set, Holes::SkipInRanges),
                ast::RegionItem::Ranks { from, to, .. } => {
                    self.lines(geo, from, to.as_ref(), false)
                }
                ast::RegionItem::Files { from, to, .. } => self.lines(geo, from, to.as_ref(), true),
            };
            push_unique(&mut out, squares);
        }
        out
    }

    /// The squares of `rank N[..M]` or `file X[..Y]`, holes left out.
    pub(super) fn lines(
        &mut self,
        geo: &Geometry,
        from: &ast::Ident,
        to: Option<&ast::Ident>,
        files: bool,
    ) -> Vec<Coord> {
        let labels = if files {
            &geo.file_labels
        } else {
            &geo.rank_labels
        };
        let what = if files { "file" } else { "rank" };
        let find = |l: &ast::Ident| labels.iter().position(|x| *x == l.text);
        let mut bad = Vec::new();
        let a = find(from);
        if a.is_none() {
            bad.push(from.clone());
        }
        let b = match to {
            Some(t) => {
                let b = find(t);
                if b.is_none() {
                    bad.push(t.clone());
                }
                b
            }
            None => a,
        };
        let first = labels.first().cloned().unwrap_or_default();
        let last = labels.last().cloned().unwrap_or_default();
        let (files_n, ranks_n, holes) = (geo.files, geo.ranks, &geo.holes);
        for l in bad {
            self.err(
                Diagnostic::error(
                    l.span,
                    format!("there is no {what} `{}` on this board", l.text),
                )
                .with_code(Code::OffBoard)
                .with_label("off the board")
                .with_help(format!("{what}s run {first}..{last}")),
            );
        }
        let (Some(a), Some(b)) = (a, b) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for line in a.min(b)..=a.max(b) {
            let n = if files { ranks_n } else { files_n };
            for k in 0..n {
                let c = if files {
                    (line as u8, k)
                } else {
                    (k, line as u8)
                };
                if !holes.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The zones stage, in three parts: the squares of every region need the
    /// board, the owners of per-player parts need the players, and putting
    /// them together (mirroring shared zones) needs both. A part whose input
    /// failed is skipped; the others still report.
    pub(super) fn zones(
        &mut self,
        geo: Option<&Geometry>,
        players: Option<&[PlayerDef; 2]>,
    ) -> Option<Vec<ZoneDef>> {
        let regions = geo.map(|g| self.zone_regions(g));
        let owners = players.map(|p| self.zone_owners(p));
        let sides = Sides {
            geo: geo?,
            players: players?,
        };
        let (regions, owners) = (regions?, owners?);
        let flat = self.flat;
        let mut out = Vec::new();
        for ((z, regions), owners) in flat.zones.values().zip(regions).zip(owners) {
            let mut squares: [Vec<Coord>; 2] = [Vec::new(), Vec::new()];
            match &z.body {
                ast::ZoneBody::Shared(_) => {
                    let first = regions.into_iter().next().unwrap_or_default();
                    squares[1] = first.iter().map(|&c| sides.for_player(1, c)).collect();
                    squares[0] = first;
                }
                ast::ZoneBody::PerPlayer(_) => {
                    for (sq, owner) in regions.into_iter().zip(owners) {
                        if let Some(i) = owner {
                            squares[i] = sq;
                        }
                    }
                }
            }
            for s in &mut squares {
                s.sort_unstable_by_key(|&(f, r)| (r, f));
                s.dedup();
            }
            out.push(ZoneDef {
                name: z.name.text.clone(),
                squares,
            });
        }
        Some(out)
    }

    /// The squares of every zone's regions (one region for a shared zone, one
    /// per part for a per-player zone), as written from the first player's side.
    fn zone_regions(&mut self, geo: &Geometry) -> Vec<Vec<Vec<Coord>>> {
        let flat = self.flat;
        let mut out = Vec::new();
        for z in flat.zones.values() {
            out.push(match &z.body {
                ast::ZoneBody::Shared(region) => vec![self.region(geo, region)],
                ast::ZoneBody::PerPlayer(parts) => parts
                    .iter()
                    .map(|(_, region)| self.region(geo, region))
                    .collect(),
            });
        }
        out
    }

    /// The player of each part of every per-player zone (none for a shared
    /// zone), with errors for unknown players, players given twice and
    /// players left out.
    fn zone_owners(&mut self, players: &[PlayerDef; 2]) -> Vec<Vec<Option<usize>>> {
        let flat = self.flat;
        let mut out = Vec::new();
        for z in flat.zones.values() {
            let ast::ZoneBody::PerPlayer(parts) = &z.body else {
                out.push(Vec::new());
                continue;
            };
            let mut given: [Option<Span>; 2] = [None, None];
            let mut owners = Vec::new();
            for (player, _) in parts {
                let owner = self.player_index(players, player);
                owners.push(owner);
                let Some(i) = owner else { continue };
                if let Some(first) = given[i] {
                    self.errors.push(
                        Diagnostic::error(
                            player.span,
                            format!("zone `{}` gives `{}` twice", z.name.text, player.text),
                        )
                        .with_code(Code::Duplicate)
                        .with_label("given again here")
                        .with_secondary(first, "first given here"),
                    );
                }
                given[i] = Some(player.span);
            }
            for (i, player) in players.iter().enumerate() {
                if given[i].is_none() {
                    let m = &player.name;
                    self.err(
                        Diagnostic::error(
                            z.name.span,
                            format!("zone `{}` has no squares for `{m}`", z.name.text),
                        )
                        .with_code(Code::EmptyZone)
                        .with_label(format!("add `{m}: ...`")),
                    );
                }
            }
            out.push(owners);
        }
        out
    }

    pub(super) fn zone(&mut self, name: &ast::Ident) -> Option<ZoneId> {
        if let Some(&id) = self.zone_ids.get(&name.text) {
            self.used_zones.insert(name.text.clone());
            return Some(id);
        }
        let known: Vec<&str> = self.flat.zones.keys().map(String::as_str).collect();
        let d = unknown("zone", name, known.iter().copied());
        self.err(d);
        None
    }
}
