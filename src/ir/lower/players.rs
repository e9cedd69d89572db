//! Players (their frames) and directions (built-in, named sets, vectors).

use super::board::Sides;
use super::*;
use crate::lang::codes::Code;

/// The built-in directions, in the mover's frame.
/// Compass words and the built-in direction each means.
const COMPASS_WORDS: &[(&str, &str)] = &[
    ("north", "n"),
    ("south", "s"),
    ("east", "e"),
    ("west", "w"),
    ("northeast", "ne"),
    ("northwest", "nw"),
    ("southeast", "se"),
    ("southwest", "sw"),
    ("up", "n"),
    ("down", "s"),
    ("forward", "n"),
    ("forwards", "n"),
    ("backward", "s"),
    ("backwards", "s"),
    ("left", "w"),
    ("right", "e"),
];

const BUILTIN_DIRECTIONS: &[(&str, Vector)] = &[
    ("n", (0, 1)),
    ("s", (0, -1)),
    ("e", (1, 0)),
    ("w", (-1, 0)),
    ("ne", (1, 1)),
    ("nw", (-1, 1)),
    ("se", (1, -1)),
    ("sw", (-1, -1)),
];

impl Sides<'_> {
    /// Map a square written from the first player's side to player `p`'s.
    pub(super) fn for_player(&self, p: usize, c: Coord) -> Coord {
        let (pl, g) = (self.players, self.geo);
        Frame::between(pl[0].frame, pl[p].frame).map_coord(c, g.files, g.ranks)
    }
}

impl<'a> Lowerer<'a> {
    /// The players stage: the two players, or `None` if there are not
    /// exactly two distinct names.
    pub(super) fn players(&mut self, p: &ast::Players) -> Option<[PlayerDef; 2]> {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut ok = true;
        for pl in &p.players {
            if let Some(first) = seen.get(pl.name.text.as_str()) {
                self.errors.push(duplicate("player", &pl.name, *first));
                ok = false;
            } else {
                seen.insert(&pl.name.text, pl.name.span);
            }
        }
        if p.players.len() != 2 {
            self.err(
                Diagnostic::error(
                    p.span,
                    format!(
                        "a game needs exactly two players, found {}",
                        p.players.len()
                    ),
                )
                .with_code(Code::Players)
                .with_label("two names expected here, like `white  black mirror ranks`"),
            );
            return None;
        }
        if !ok {
            return None;
        }
        let def = |pl: &ast::Player| PlayerDef {
            name: pl.name.text.clone(),
            frame: pl.frame.map_or(Frame::Identity, |(f, _)| Frame::from(f)),
        };
        Some([def(&p.players[0]), def(&p.players[1])])
    }

    /// The index of the player `name`, or an error naming the players.
    pub(super) fn player_index(
        &mut self,
        players: &[PlayerDef; 2],
        name: &ast::Ident,
    ) -> Option<usize> {
        if let Some(i) = players.iter().position(|p| p.name == name.text) {
            return Some(i);
        }
        let known: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        self.err(unknown("player", name, known.iter().map(String::as_str)));
        None
    }

    // ------------------------------------------------------------- directions

    pub(super) fn directions(&mut self) {
        let flat = self.flat;
        for d in flat.directions.values() {
            if BUILTIN_DIRECTIONS.iter().any(|(n, _)| *n == d.name.text) {
                self.err(
                    Diagnostic::error(
                        d.name.span,
                        format!(
                            "`{}` is a built-in direction and cannot be redefined",
                            d.name.text
                        ),
                    )
                    .with_code(Code::BadRule)
                    .with_label("choose another name"),
                );
            }
        }
        for name in flat.directions.keys() {
            self.direction_set(name, &mut Vec::new());
        }
    }

    /// The vectors of a defined direction set (memoised; errors reported once).
    pub(super) fn direction_set(
        &mut self,
        name: &str,
        visiting: &mut Vec<String>,
    ) -> Option<Vec<Vector>> {
        if let Some(done) = self.dirs.get(name) {
            return done.clone();
        }
        let flat = self.flat;
        let def = flat.directions.get(name)?;
        if visiting.iter().any(|v| v == name) {
            self.err(
                Diagnostic::error(
                    def.name.span,
                    format!("direction set `{name}` contains itself"),
                )
                .with_code(Code::Cycle)
                .with_label("defined in terms of itself"),
            );
            self.dirs.insert(name.to_string(), None);
            return None;
        }
        visiting.push(name.to_string());
        let mut out = Vec::new();
        let mut ok = true;
        for item in &def.items {
            match self.dir_item(item, visiting) {
                Some(vs) => push_unique(&mut out, vs),
                None => ok = false,
            }
        }
        visiting.pop();
        let result = ok.then_some(out);
        self.dirs.insert(name.to_string(), result.clone());
        result
    }

    pub(super) fn dir_item(
        &mut self,
        item: &ast::DirItem,
        visiting: &mut Vec<String>,
    ) -> Option<Vec<Vector>> {
        match item {
            ast::DirItem::Vector(v) => self.vector(v).map(|v| vec![v]),
            ast::DirItem::Name(n) => {
                if let Some((_, v)) = BUILTIN_DIRECTIONS.iter().find(|(b, _)| *b == n.text) {
                    return Some(vec![*v]);
                }
                if self.flat.directions.contains_key(&n.text) {
                    self.used_dirs.insert(n.text.clone());
                    return self.direction_set(&n.text, visiting);
                }
                let known: Vec<&str> = BUILTIN_DIRECTIONS
                    .iter()
                    .map(|(b, _)| *b)
                    .chain(self.flat.directions.keys().map(String::as_str))
                    .collect();
                let mut d = unknown("direction", n, known.iter().copied());
                // Compass words are a natural first guess: name the short
                // form that exists instead of a look-alike.
                let word = n.text.to_lowercase().replace(['_', '-'], "");
                if let Some((_, short)) = COMPASS_WORDS.iter().find(|(w, _)| *w == word) {
                    d = d.with_help(format!(
                        "did you mean `{short}`? directions are written n s e w ne nw se sw"
                    ));
                } else if d.help.is_none() {
                    d = d.with_help("directions are n s e w ne nw se sw, sets from `directions { }`, or vectors like (1,2)");
                }
                self.err(d);
                None
            }
        }
    }

    pub(super) fn vector(&mut self, v: &ast::Vector) -> Option<Vector> {
        if v.x == 0 && v.y == 0 {
            self.err(
                Diagnostic::error(v.span, "the zero vector (0,0) goes nowhere")
                    .with_code(Code::BadRule)
                    .with_label("not a direction"),
            );
            return None;
        }
        if v.x.abs() > MAX_VECTOR || v.y.abs() > MAX_VECTOR {
            let written = self.written(v.span);
            self.err(
                Diagnostic::error(v.span, format!("vector {written} is too long"))
                    .with_code(Code::OutOfRange)
                    .with_label(format!(
                        "components must be between -{MAX_VECTOR} and {MAX_VECTOR}"
                    )),
            );
            return None;
        }
        Some((v.x as i8, v.y as i8))
    }
}
