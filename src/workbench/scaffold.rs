//! `myriad new`: a starter rule file that extends a parent game, with a
//! sample piece placed in the start position and tests that pass.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::ir::RuleSet;
use crate::load::{Game, load_source};
use crate::notation::{move_to_string, write_fen};
use crate::testing::run_tests;

/// The game name for a file name: `my-chess` → `MyChess`.
pub fn game_name(file_stem: &str) -> Result<String, String> {
    let ok = file_stem
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && file_stem.starts_with(|c: char| c.is_ascii_alphabetic());
    if !ok {
        return Err(format!(
            "`{file_stem}`: a name starts with a letter and has only letters, digits, `-` and `_`"
        ));
    }
    Ok(file_stem
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect())
}

/// The text of the starter file `file` (its path, for resolving the import
/// while checking it) for game `name`, extending the game of `parent`
/// (loaded), imported as `import`. The sample piece stands on the first
/// empty square (from the first player's side) where the start position is
/// valid and it has a legal move; the tests' counts are the interpreter's,
/// checked by running the tests before the text is returned.
pub fn starter(name: &str, file: &str, parent: &Game, import: &str) -> Result<String, String> {
    let r = &parent.variant.rules;
    let letter = [
        'W', 'Z', 'Y', 'X', 'U', 'T', 'J', 'I', 'O', 'L', 'D', 'F', 'G',
    ]
    .into_iter()
    .find(|&c| r.pieces.iter().all(|p| !p.letter.eq_ignore_ascii_case(&c)))
    .ok_or("the parent game uses every letter the sample piece could take")?;
    let piece = ["Wazir", "Sample", "Starter"]
        .into_iter()
        .find(|n| r.pieces.iter().all(|p| p.name != *n))
        .unwrap_or("Sample0");
    let start = parent.variant.start_position();
    let geo = &parent.variant.geo;
    let occupied = |c: (u8, u8)| {
        let sq = geo.square(c);
        !geo.is_valid(sq) || !start.board[sq as usize].is_none() || r.board.holes.contains(&c)
    };
    // Each player's empty squares, nearest its own side first (in its frame).
    let empties: Vec<Vec<(u8, u8)>> = r
        .players
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            for rank in 0..r.board.ranks {
                for f in 0..r.board.files {
                    let c = p.frame.map_coord((f, rank), r.board.files, r.board.ranks);
                    if !occupied(c) {
                        out.push(c);
                    }
                }
            }
            out
        })
        .collect();
    for n in 0..64 {
        let Some(squares) = empties
            .iter()
            .map(|e| e.get(n).copied())
            .collect::<Option<Vec<_>>>()
        else {
            break;
        };
        let distinct: std::collections::HashSet<_> = squares.iter().collect();
        if distinct.len() < squares.len() {
            continue;
        }
        if let Some(text) = attempt(name, file, parent, import, piece, letter, &squares) {
            return Ok(text);
        }
    }
    Err(format!(
        "found no square for a sample piece in `{}`'s start position",
        r.name
    ))
}

/// The starter with the sample piece on `squares` (one per player), if it
/// loads and its tests pass.
fn attempt(
    name: &str,
    file: &str,
    parent: &Game,
    import: &str,
    piece: &str,
    letter: char,
    squares: &[(u8, u8)],
) -> Option<String> {
    let r = &parent.variant.rules;
    let shown = std::path::Path::new(file)
        .file_name()
        .map_or_else(|| file.to_string(), |f| f.to_string_lossy().into_owned());
    let draft = text(name, &shown, import, r, piece, letter, squares, None);
    let game = load_source(file, &draft).ok()?;
    let v = &game.variant;
    let mut pos = v.start_position();
    let mut list = Vec::new();
    v.legal_moves(&mut pos, &mut list);
    let from = v.geo.square(squares[0]);
    let mut own: Vec<String> = list
        .iter()
        .filter(|m| m.from == from)
        .map(|&m| move_to_string(v, m))
        .collect();
    own.sort();
    let first = own.first()?.clone();
    let facts = Facts {
        moves: list.len(),
        own: own.len(),
        fen: write_fen(v, &pos),
        legal: first,
    };
    let done = text(
        name,
        &shown,
        import,
        r,
        piece,
        letter,
        squares,
        Some(&facts),
    );
    let game = load_source(file, &done).ok()?;
    run_tests(&game)
        .iter()
        .all(|t| t.failures.is_empty())
        .then_some(done)
}

/// What the tests assert, counted on the draft.
struct Facts {
    moves: usize,
    own: usize,
    fen: String,
    legal: String,
}

#[allow(clippy::too_many_arguments)]
fn text(
    name: &str,
    file: &str,
    import: &str,
    r: &RuleSet,
    piece: &str,
    letter: char,
    squares: &[(u8, u8)],
    facts: Option<&Facts>,
) -> String {
    let label = |(f, k): (u8, u8)| {
        format!(
            "{}{}",
            r.board.file_labels[f as usize], r.board.rank_labels[k as usize]
        )
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// {name}: {} with one new piece. Written by `myriad new`: edit it,\n\
         // then `myriad check {file}` and `myriad test {file}`.\n",
        r.name
    );
    let _ = writeln!(s, "import \"{import}\"\n");
    let _ = writeln!(s, "game {name} extends {} {{", r.name);
    let _ = writeln!(
        s,
        "  // A sample piece: it steps one square orthogonally (a wazir).\n  \
         // Change its moves, name, letter and value (in pawns).\n  \
         piece {piece} \"{letter}\" {{\n    value 1.5\n    moves {{ step n e s w to not_friend }}\n  }}\n"
    );
    s.push_str("  // The parent's start position, with the sample piece added.\n  setup {\n");
    for (i, p) in r.players.iter().enumerate() {
        let mut by_piece: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for &(player, kind, c) in &r.setup.placements {
            if player == i {
                by_piece.entry(kind).or_default().push(label(c));
            }
        }
        let _ = writeln!(s, "    {} {{", p.name);
        for (kind, sqs) in by_piece {
            let _ = writeln!(s, "      {} {}", r.pieces[kind].name, sqs.join(" "));
        }
        let _ = writeln!(s, "      {piece} {}", label(squares[i]));
        s.push_str("    }\n");
    }
    s.push_str("  }\n");
    if let Some(f) = facts {
        let _ = writeln!(
            s,
            "\n  // Counted by `myriad new` when it wrote this file: check them\n  \
             // by hand (or against another program) before you rely on them.\n  \
             test \"the start position\" {{\n    \
             // {} legal moves, {} of them by the {piece}.\n    moves = {}\n  }}\n\n  \
             test \"the {piece} moves\" {{\n    fen \"{}\"\n    legal {}\n  }}",
            f.moves, f.own, f.moves, f.fen, f.legal
        );
    }
    s.push_str("}\n");
    s
}
