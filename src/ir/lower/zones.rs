//! Zones: named sets of squares, per player.

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn region(&mut self, r: &ast::Region) -> Vec<Coord> {
        let mut out = Vec::new();
        for item in &r.items {
            let squares = match item {
                ast::RegionItem::Squares(set) => self.square_set(set, Holes::SkipInRanges),
                ast::RegionItem::Ranks { from, to, .. } => self.lines(from, to.as_ref(), false),
                ast::RegionItem::Files { from, to, .. } => self.lines(from, to.as_ref(), true),
            };
            push_unique(&mut out, squares);
        }
        out
    }

    /// The squares of `rank N[..M]` or `file X[..Y]`, holes left out.
    pub(super) fn lines(
        &mut self,
        from: &ast::Ident,
        to: Option<&ast::Ident>,
        files: bool,
    ) -> Vec<Coord> {
        let Some(geo) = self.geo.as_ref() else {
            return Vec::new();
        };
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
        let (files_n, ranks_n, holes) = (geo.files, geo.ranks, geo.holes.clone());
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

    pub(super) fn zones(&mut self) -> Vec<ZoneDef> {
        let flat = self.flat;
        let mut out = Vec::new();
        for z in flat.zones.values() {
            let mut squares: [Vec<Coord>; 2] = [Vec::new(), Vec::new()];
            match &z.body {
                ast::ZoneBody::Shared(region) => {
                    let first = self.region(region);
                    squares[1] = first.iter().map(|&c| self.for_player(1, c)).collect();
                    squares[0] = first;
                }
                ast::ZoneBody::PerPlayer(parts) => {
                    let mut given: [Option<Span>; 2] = [None, None];
                    for (player, region) in parts {
                        let sq = self.region(region);
                        let Some(i) = self.player_index(player) else {
                            continue;
                        };
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
                        squares[i] = sq;
                    }
                    if let Some(players) = &self.players {
                        let missing: Vec<String> = (0..2)
                            .filter(|&i| given[i].is_none())
                            .map(|i| players[i].name.clone())
                            .collect();
                        for m in missing {
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
                }
            }
            for s in &mut squares {
                s.sort_unstable_by_key(|&(f, r)| (r, f));
                s.dedup();
            }
            self.zone_ids.insert(z.name.text.clone(), out.len());
            out.push(ZoneDef {
                name: z.name.text.clone(),
                squares,
            });
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
