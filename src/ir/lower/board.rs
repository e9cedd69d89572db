//! The board: files, ranks, holes, and squares written in the rule file.

use super::*;
use crate::lang::codes::Code;

/// Board geometry, once the board block is valid.
pub(super) struct Geometry {
    pub(super) files: u8,
    pub(super) ranks: u8,
    pub(super) file_labels: Vec<String>,
    pub(super) rank_labels: Vec<String>,
    pub(super) holes: HashSet<Coord>,
}

impl Geometry {
    /// The name of a square as the rule file writes it (`e4`).
    pub(super) fn name(&self, (f, r): Coord) -> String {
        format!(
            "{}{}",
            self.file_labels.get(f as usize).map_or("?", String::as_str),
            self.rank_labels.get(r as usize).map_or("?", String::as_str)
        )
    }
}

/// What the board and players stages produced, for the stages that place
/// squares for a player (zones, castling, setup): they run only when both
/// succeeded.
#[derive(Clone, Copy)]
pub(super) struct Sides<'s> {
    pub(super) geo: &'s Geometry,
    pub(super) players: &'s [PlayerDef; 2],
}

/// How squares on a hole are treated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Holes {
    /// Reading the `holes` list itself: nothing is a hole yet.
    Reading,
    /// Zones: a square on a hole is an error, ranges skip holes.
    SkipInRanges,
    /// Setup and castling: any hole is an error.
    Forbid,
}

impl<'a> Lowerer<'a> {
    pub(super) fn labels(
        &mut self,
        labels: &ast::Labels,
        span: Span,
        files: bool,
    ) -> Option<Vec<String>> {
        let what = if files { "files" } else { "ranks" };
        let out: Vec<String> = match labels {
            ast::Labels::Range { from, to } => {
                if files {
                    let (a, b) = (from.text.as_bytes(), to.text.as_bytes());
                    if a.len() != 1 || b.len() != 1 {
                        self.err(
                            Diagnostic::error(
                                span,
                                "a range of files goes from one letter to another",
                            )
                            .with_code(Code::BoardSize)
                            .with_label("like a..h")
                            .with_help("list longer labels one by one: `files aa bb cc`"),
                        );
                        return None;
                    }
                    (a[0]..=b[0]).map(|c| char::from(c).to_string()).collect()
                } else {
                    let (Ok(a), Ok(b)) = (from.text.parse::<u32>(), to.text.parse::<u32>()) else {
                        let big = if from.text.parse::<u32>().is_err() {
                            from
                        } else {
                            to
                        };
                        self.err(
                            Diagnostic::error(
                                big.span,
                                format!("rank number `{}` is too large", big.text),
                            )
                            .with_code(Code::BoardSize)
                            .with_label(format!("at most {}", u32::MAX)),
                        );
                        return None;
                    };
                    if b.saturating_sub(a) > 1000 {
                        self.err(
                            Diagnostic::error(span, format!("the board has too many {what}"))
                                .with_code(Code::BoardSize)
                                .with_label(format!("at most {MAX_BOARD_SIDE} are supported")),
                        );
                        return None;
                    }
                    (a..=b).map(|n| n.to_string()).collect()
                }
            }
            ast::Labels::List(list) => {
                let mut seen: HashMap<&str, Span> = HashMap::new();
                for l in list {
                    if let Some(first) = seen.get(l.text.as_str()) {
                        self.errors.push(
                            Diagnostic::error(l.span, format!("duplicate label `{}`", l.text))
                                .with_code(Code::Duplicate)
                                .with_label("listed again here")
                                .with_secondary(*first, "first listed here"),
                        );
                    } else {
                        seen.insert(&l.text, l.span);
                    }
                }
                list.iter().map(|l| l.text.clone()).collect()
            }
        };
        if out.is_empty() {
            if let ast::Labels::Range { from, to } = labels {
                self.err(
                    Diagnostic::error(span, format!("the board has no {what}"))
                        .with_code(Code::BoardSize)
                        .with_label(format!("`{}` comes after `{}`", from.text, to.text))
                        .with_help(format!(
                            "write the range upwards: {}..{}",
                            to.text, from.text
                        )),
                );
            }
            return None;
        }
        if out.len() > MAX_BOARD_SIDE {
            self.err(
                Diagnostic::error(
                    span,
                    format!(
                        "the board has {}; at most {MAX_BOARD_SIDE} are supported",
                        plural(out.len(), &what[..4], what)
                    ),
                )
                .with_code(Code::BoardSize)
                .with_label("too many"),
            );
            return None;
        }
        Some(out)
    }

    /// The board stage: the geometry, or `None` if the labels are not valid
    /// (a board whose every square is a hole is reported but still returned).
    pub(super) fn board(&mut self, b: &ast::Board) -> Option<Geometry> {
        let files = self.labels(&b.files, b.files_span, true);
        let ranks = self.labels(&b.ranks, b.ranks_span, false);
        let (file_labels, rank_labels) = (files?, ranks?);
        let mut geo = Geometry {
            files: file_labels.len() as u8,
            ranks: rank_labels.len() as u8,
            file_labels,
            rank_labels,
            holes: HashSet::new(),
        };
        let mut holes = HashSet::new();
        for set in &b.holes {
            for c in self.square_set(&geo, set, Holes::Reading) {
                holes.insert(c);
            }
        }
        if holes.len() == geo.files as usize * geo.ranks as usize {
            self.errors.push(
                Diagnostic::error(b.span, "every square of the board is a hole")
                    .with_code(Code::BoardSize)
                    .with_label("no square left"),
            );
        }
        geo.holes = holes;
        Some(geo)
    }

    /// `e4` to a coordinate, with errors for squares off the board or on a hole.
    pub(super) fn square(
        &mut self,
        geo: &Geometry,
        sq: &ast::Ident,
        holes: Holes,
    ) -> Option<Coord> {
        let split = sq
            .text
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(sq.text.len());
        let (f, r) = sq.text.split_at(split);
        let file = geo.file_labels.iter().position(|l| l == f);
        let rank = geo.rank_labels.iter().position(|l| l == r);
        let (Some(file), Some(rank)) = (file, rank) else {
            let d = Diagnostic::error(sq.span, format!("square `{}` is not on the board", sq.text))
                .with_code(Code::OffBoard)
                .with_label("off the board")
                .with_help(format!(
                    "files run {}..{} and ranks {}..{}",
                    geo.file_labels.first().map_or("", String::as_str),
                    geo.file_labels.last().map_or("", String::as_str),
                    geo.rank_labels.first().map_or("", String::as_str),
                    geo.rank_labels.last().map_or("", String::as_str),
                ));
            self.err(d);
            return None;
        };
        let c = (file as u8, rank as u8);
        if holes != Holes::Reading && geo.holes.contains(&c) {
            self.err(
                Diagnostic::error(
                    sq.span,
                    format!("square `{}` is a hole in the board", sq.text),
                )
                .with_code(Code::Hole)
                .with_label("nothing can stand here"),
            );
            return None;
        }
        Some(c)
    }

    /// The squares of `e4` or `a2..h2`, holes treated as `holes` says.
    pub(super) fn square_set(
        &mut self,
        geo: &Geometry,
        set: &ast::SquareSet,
        holes: Holes,
    ) -> Vec<Coord> {
        match set {
            ast::SquareSet::One(sq) => self.square(geo, sq, holes).into_iter().collect(),
            ast::SquareSet::Range { from, to, span } => {
                let a = self.square(geo, from, Holes::Reading);
                let b = self.square(geo, to, Holes::Reading);
                let (Some(a), Some(b)) = (a, b) else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                let mut on_hole = Vec::new();
                for r in a.1.min(b.1)..=a.1.max(b.1) {
                    for f in a.0.min(b.0)..=a.0.max(b.0) {
                        if geo.holes.contains(&(f, r)) {
                            on_hole.push((f, r));
                        } else {
                            out.push((f, r));
                        }
                    }
                }
                if holes == Holes::Forbid && !on_hole.is_empty() {
                    let names: Vec<String> = on_hole.iter().map(|&c| geo.name(c)).collect();
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!(
                                "range `{}..{}` covers holes in the board",
                                from.text, to.text
                            ),
                        )
                        .with_code(Code::Hole)
                        .with_label(format!(
                            "{} a hole",
                            names.join(", ") + if names.len() == 1 { " is" } else { " are" }
                        )),
                    );
                }
                out
            }
        }
    }
}
