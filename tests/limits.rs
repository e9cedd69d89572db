//! Every limit of docs/limits.md, at the limit (it loads, it works) and just
//! beyond it (one located error, no panic, no crash). The inputs are built
//! here, not kept as huge fixture files.

use myriad::ir::lower::{
    self, MAX_BOARD_SIDE, MAX_EXPANSION_BYTES, MAX_EXPLOSION, MAX_EXTENDS_DEPTH, MAX_FIGURE,
    MAX_FILE_BYTES, MAX_FILES, MAX_MACRO_DEPTH,
};
use myriad::lang::diagnostic::{Diagnostic, MAX_SNIPPET_COLUMNS, SourceMap};
use myriad::lang::parser::MAX_NESTING;
use myriad::movegen::MAX_PERFT_DEPTH;
use std::path::PathBuf;

/// Where the generated rule text pretends to live: `import "chess.variant"`
/// finds the bundled chess rules.
const NAME: &str = "rules/limits-test.variant";

/// Load and compile `src` (the whole pipeline, as `myriad check` does).
fn loads(src: &str) {
    if let Err(e) = myriad::load::load_source(NAME, src) {
        panic!("expected to load, got:\n{}", e.rendered());
    }
}

/// The errors of `src`, which must not load, with `file:line:col` of each.
fn errors(src: &str) -> Vec<(String, String)> {
    let mut sources = SourceMap::new();
    match lower::load_source(NAME, src, &mut sources, &[]) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e
            .iter()
            .map(|d: &Diagnostic| (d.message.clone(), sources.location(d.span)))
            .collect(),
    }
}

/// `src` fails with exactly one error whose message contains `needle`;
/// returns its location.
fn one_error(src: &str, needle: &str) -> String {
    let e = errors(src);
    assert_eq!(e.len(), 1, "expected one error, got {e:?}");
    assert!(
        e[0].0.contains(needle),
        "expected {needle:?} in {:?}",
        e[0].0
    );
    e[0].1.clone()
}

/// A game extending chess with `items` inside.
fn chess_with(items: &str) -> String {
    format!("import \"chess.variant\"\ngame Limits extends Chess {{\n{items}\n}}\n")
}

/// A knight whose moves are `prefer` nested `n` deep.
fn nested_prefer(n: usize) -> String {
    let body = format!(
        "{}leap (1,2) sym to not_friend{}",
        "prefer { ".repeat(n),
        " } else { step orth }".repeat(n)
    );
    chess_with(&format!("piece Knight \"N\" {{ moves {{ {body} }} }}"))
}

/// `when` blocks nested `n` deep, a knight inside.
fn nested_when(n: usize) -> String {
    chess_with(&format!(
        "option extra \"Extra?\" {{ choices no yes default yes }}\n{}piece Knight \"N\" {{ value 3 }}{}",
        "when extra == yes { ".repeat(n),
        " }".repeat(n)
    ))
}

// ----------------------------------------------------------------- nesting

/// Regression (issue 16, defect 5): `prefer` nested 10,000 deep overflowed
/// the stack (abort, exit 134). The game, the piece and `moves` are three
/// levels, so 61 `prefer` reach the limit.
#[test]
fn nested_prefer_at_the_limit_loads_and_beyond_is_refused() {
    let at = MAX_NESTING - 3;
    loads(&nested_prefer(at));
    let loc = one_error(
        &nested_prefer(at + 1),
        &format!("blocks nested too deeply: more than {MAX_NESTING} levels"),
    );
    // The brace that opens level 65: `prefer {` is 9 bytes, after 4 + 2 + 8
    // columns of `  piece Knight "N" { moves { ` on line 3.
    let col = "piece Knight \"N\" { moves { ".len() + 9 * at + "prefer ".len() + 1;
    assert!(
        loc.ends_with(&format!("limits-test.variant:3:{col}")),
        "{loc}"
    );
    for n in [10_000, 100_000] {
        one_error(&nested_prefer(n), "nested too deeply");
    }
}

/// Regression (issue 16, defect 5): `when` nested 5,000 deep overflowed the stack.
#[test]
fn nested_when_at_the_limit_loads_and_beyond_is_refused() {
    // The game is one level, each `when` one more, the piece one more.
    let at = MAX_NESTING - 2;
    loads(&nested_when(at));
    one_error(&nested_when(at + 1), "blocks nested too deeply");
    one_error(&nested_when(5_000), "blocks nested too deeply");
}

/// Braces that are never closed, and braces in strings and comments (which
/// do not count).
#[test]
fn nesting_counts_only_real_braces() {
    let open = format!("game X {}", "{".repeat(1_000_000));
    one_error(&open, "nested too deeply");
    let src = chess_with(&format!(
        "// {}\ntest \"{}\" {{ moves = 20 }}",
        "{".repeat(1000),
        "{".repeat(1000)
    ));
    loads(&src);
}

/// Regression (issue 16, defect 6): 3,000 nested `prefer` took 1.1 GB and
/// 5,000 took 3.1 GB; at the limit the piece compiles quickly and its moves
/// are right (the innermost rule: the knight's eight leaps... from b1, three).
#[test]
fn nesting_at_the_limit_is_cheap() {
    let start = std::time::Instant::now();
    let game = myriad::load::load_source(NAME, &nested_prefer(MAX_NESTING - 3))
        .unwrap_or_else(|e| panic!("{}", e.rendered()));
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    let mut pos = game.variant.start_position();
    assert_eq!(myriad::movegen::perft(&game.variant, &mut pos, 1), 20);
}

// ------------------------------------------------------------------ macros

/// A chain of `n` macros, each using the previous one; the game uses the last.
fn macro_chain(n: usize) -> String {
    let mut src = String::from("define m0() { piece Knight \"N\" { value 3 } }\n");
    for i in 1..n {
        src.push_str(&format!("define m{i}() {{ use m{}() }}\n", i - 1));
    }
    src + &chess_with(&format!("use m{}()", n - 1))
}

#[test]
fn macro_depth_at_the_limit_loads_and_beyond_is_refused() {
    loads(&macro_chain(MAX_MACRO_DEPTH));
    let e = errors(&macro_chain(MAX_MACRO_DEPTH + 1));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        e[0].0,
        format!("macros nested too deeply: more than {MAX_MACRO_DEPTH} macros inside one another")
    );
    // At the `use m0()` inside m1, the 33rd macro.
    assert!(e[0].1.ends_with("limits-test.variant:2:15"), "{}", e[0].1);
}

/// Regression (issue 16, defect 7): each macro using the previous one twice
/// expanded exponentially until the allocator aborted.
#[test]
fn doubling_macros_are_stopped() {
    for levels in [20, 40] {
        let mut src = String::from("define m0() { test \"t\" { moves = 20 } }\n");
        for i in 1..levels {
            src.push_str(&format!(
                "define m{i}() {{ use m{p}() use m{p}() }}\n",
                p = i - 1
            ));
        }
        src += &chess_with(&format!("use m{}()", levels - 1));
        let e = errors(&src);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].0.starts_with("macro expansion too large")
                || e[0].0.starts_with("macros nested too deeply"),
            "{e:?}"
        );
    }
}

/// A tiny macro with an error used 40,000 times (within the budget) took
/// minutes: each copy of the error got a label at every use, and removing
/// duplicate errors compared each with all the others.
#[test]
fn an_error_in_a_macro_used_40000_times_is_reported_once_quickly() {
    let src = format!(
        "import \"chess.variant\"\ndefine a(){{piece X \"X\"{{}}}}\ngame W extends Chess {{ {}}}\n",
        "use a() ".repeat(40_000)
    );
    let start = std::time::Instant::now();
    let e = myriad::load::load_source(NAME, &src)
        .err()
        .expect("duplicate pieces");
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    assert_eq!(e.count(), 1, "{}", e.rendered());
    assert!(
        e.rendered().contains("duplicate piece `X`"),
        "{}",
        e.rendered()
    );
    assert!(e.rendered().matches("in this use of `a`").count() <= 16);
}

/// A macro whose `define` is exactly 1 KiB, used `n` times.
fn kib_macro_used(n: usize) -> String {
    let head = "define t() { test \"t\" { moves = 20 } ";
    let tail = "}\n";
    let pad = 1024 - head.len() - 1;
    let define = format!("{head}{}{tail}", " ".repeat(pad));
    assert_eq!(define.trim_end().len(), 1024);
    define + &chess_with(&"use t() ".repeat(n))
}

#[test]
fn macro_expansion_budget_at_the_limit_loads_and_beyond_is_refused() {
    let n = MAX_EXPANSION_BYTES / 1024;
    let mut sources = SourceMap::new();
    let loaded = lower::load_source(NAME, &kib_macro_used(n), &mut sources, &[])
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(loaded.rules.tests.len(), n);
    let e = errors(&kib_macro_used(n + 1));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].0
            .starts_with("macro expansion too large: expanding `t` here"),
        "{e:?}"
    );
    // At the last `use t()`, line 4 (the define, the import, the game line).
    let col = 1 + "use t() ".len() * n;
    assert!(e[0].1.ends_with(&format!(":4:{col}")), "{}", e[0].1);
}

/// `when` blocks nested by macros: each file stays under the nesting limit,
/// the expanded game must too.
fn whens_through_macros(outer: usize, inner: usize) -> String {
    let when = |n: usize, body: &str| {
        format!(
            "{}{body}{}",
            "when extra == yes { ".repeat(n),
            " }".repeat(n)
        )
    };
    format!(
        "define w1() {{ {} }}\ndefine w2() {{ {} }}\n{}",
        when(inner, "piece Knight \"N\" { value 3 }"),
        when(outer, "use w1()"),
        chess_with("option extra \"Extra?\" { choices no yes default yes }\nuse w2()")
    )
}

#[test]
fn when_nesting_through_macros_at_the_limit_loads_and_beyond_is_refused() {
    let half = MAX_NESTING / 2;
    loads(&whens_through_macros(half, half));
    let e = errors(&whens_through_macros(half, half + 1));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].0
            .starts_with("`when` blocks nested too deeply once macros are expanded"),
        "{e:?}"
    );
    // At the `use w1()` inside w2.
    let col = "define w2() { ".len() + "when extra == yes { ".len() * half + 1;
    assert!(e[0].1.ends_with(&format!(":2:{col}")), "{}", e[0].1);
}

// ----------------------------------------------------------------- extends

fn game_chain(n: usize) -> String {
    let mut src = String::from("import \"chess.variant\"\ngame g1 extends Chess {}\n");
    for i in 2..=n {
        src.push_str(&format!("game g{i} extends g{} {{}}\n", i - 1));
    }
    src
}

/// A chain of 35,000 games overflowed the stack.
#[test]
fn extends_chains_at_the_limit_load_and_beyond_are_refused() {
    // Chess itself is one game of the chain.
    loads(&game_chain(MAX_EXTENDS_DEPTH - 1));
    one_error(
        &game_chain(MAX_EXTENDS_DEPTH),
        &format!("`extends` chain too long: more than {MAX_EXTENDS_DEPTH} games"),
    );
    one_error(&game_chain(30_000), "`extends` chain too long");
}

// ----------------------------------------------------------------- numbers

/// Regression (issue 16, defect 14): `no_progress 18446744073709551616` was
/// reported as `...615`. Numbers are quoted as written, with the range.
#[test]
fn end_counts_at_the_limit_load_and_beyond_are_quoted_as_written() {
    let end = |n: &str| {
        chess_with(&format!(
            "end {{ checkmate -> loss  no_progress {n} -> draw }}"
        ))
    };
    loads(&end("4294967295"));
    for n in [
        "4294967296",
        "18446744073709551616",
        "99999999999999999999999999",
    ] {
        let e = errors(&end(n));
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, format!("`no_progress {n}` can never happen"));
    }
    let checks = |n: &str| chess_with(&format!("end {{ checks {n} -> win }}"));
    loads(&checks(&myriad::ir::lower::MAX_CHECKS.to_string()));
    for n in ["0", "256", "18446744073709551616"] {
        one_error(&checks(n), &format!("`checks {n}` can never happen"));
    }
    let passes = |n: &str| chess_with(&format!("pass end {{ passes {n} -> draw }}"));
    loads(&passes(&myriad::ir::lower::MAX_CHECKS.to_string()));
    for n in ["0", "256", "18446744073709551616"] {
        one_error(&passes(n), &format!("`passes {n}` can never happen"));
    }
    let rep = |n: &str| chess_with(&format!("end {{ repetition {n} -> draw }}"));
    loads(&rep("4294967295"));
    one_error(
        &rep("18446744073709551616"),
        "`repetition 18446744073709551616` can never happen",
    );
}

#[test]
fn step_counts_at_the_limit_load_and_beyond_are_quoted_as_written() {
    let slide = |n: &str| {
        chess_with(&format!(
            "piece Rook \"R\" {{ moves {{ slide orth max {n} }} }}"
        ))
    };
    loads(&slide("255"));
    one_error(&slide("256"), "`max 256` is too many steps");
    one_error(
        &slide("18446744073709551616"),
        "`max 18446744073709551616` is too many steps",
    );
}

#[test]
fn reserve_counts_at_the_limit_load_and_beyond_are_quoted_as_written() {
    let reserve = |n: &str| chess_with(&format!("reserve {{ white: Knight {n} }}"));
    loads(&reserve("255"));
    one_error(&reserve("256"), "a reserve of 256 `Knight` is not possible");
    one_error(
        &reserve("18446744073709551616"),
        "a reserve of 18446744073709551616 `Knight` is not possible",
    );
}

#[test]
fn vectors_at_the_limit_load_and_beyond_are_quoted_as_written() {
    let leap = |v: &str| chess_with(&format!("piece Knight \"N\" {{ moves {{ leap {v} }} }}"));
    loads(&leap("(15,-15)"));
    one_error(&leap("(16,1)"), "vector (16,1) is too long");
    one_error(
        &leap("(99999999999999999999,1)"),
        "vector (99999999999999999999,1) is too long",
    );
}

#[test]
fn test_counts_too_large_for_any_board_are_quoted_as_written() {
    let t = |step: &str| chess_with(&format!("test \"t\" {{ {step} }}"));
    loads(&t("moves = 18446744073709551615"));
    one_error(
        &t("moves = 18446744073709551616"),
        "move count `18446744073709551616` is too large",
    );
    one_error(
        &t("perft 1 = 18446744073709551616"),
        "perft count `18446744073709551616` is too large",
    );
}

/// Defect 9: a rule-file test may not ask for a perft that never finishes.
#[test]
fn perft_depth_in_a_test_at_the_limit_loads_and_beyond_is_refused() {
    let t = |d: u64| chess_with(&format!("test \"deep\" {{ perft {d} = 1 }}"));
    // Loading does not run the test.
    loads(&t(u64::from(MAX_PERFT_DEPTH)));
    for d in [u64::from(MAX_PERFT_DEPTH) + 1, 64, 4_294_967_296] {
        let loc = one_error(&t(d), &format!("`perft {d}` is too deep to ever finish"));
        assert!(loc.ends_with(":3:21"), "{loc}");
    }
}

#[test]
fn piece_values_at_the_limit_load_and_beyond_are_refused() {
    let value = |v: &str| chess_with(&format!("piece Knight \"N\" {{ value {v} }}"));
    loads(&value("1000000"));
    loads(&value("-1000000"));
    one_error(&value("1000001"), "value `1000001` is too large");
    one_error(
        &value("18446744073709551616"),
        "value `18446744073709551616` is too large",
    );
}

#[test]
fn board_sides_at_the_limit_load_and_beyond_are_refused() {
    let board = |files: &str, ranks: &str| {
        format!(
            "game B {{\n  board {{ files {files}  ranks {ranks} }}\n  players {{ white  black mirror ranks }}\n  \
             piece King \"K\" {{ royal  moves {{ step n e s w }} }}\n  setup {{ white {{ King a1 }}  black {{ King b3 }} }}\n}}\n"
        )
    };
    assert_eq!(MAX_BOARD_SIDE, 16);
    loads(&board("a..p", "1..16"));
    one_error(
        &board("a..q", "1..8"),
        "the board has 17 files; at most 16 are supported",
    );
    one_error(
        &board("a..h", "1..17"),
        "the board has 17 ranks; at most 16 are supported",
    );
    one_error(
        &board("a..h", "1..99999999999"),
        "rank number `99999999999` is too large",
    );
}

// ------------------------------------------------------------------- files

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("myriad-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

const SMALL_GAME: &str = "game G {\n  board { files a..c  ranks 1..3 }\n  players { white  black mirror ranks }\n  \
                          piece King \"K\" { royal  moves { step n e s w } }\n  setup { white { King a1 }  black { King c3 } }\n}\n";

/// A rule file of exactly `MAX_FILE_BYTES` loads; one byte more is refused
/// (beyond: see also tests/lowering.rs).
#[test]
fn file_size_at_the_limit_loads_and_beyond_is_refused() {
    let dir = scratch("size");
    let mut text = SMALL_GAME.to_string();
    text.push_str("// ");
    text.push_str(&"x".repeat(MAX_FILE_BYTES as usize - text.len()));
    assert_eq!(text.len() as u64, MAX_FILE_BYTES);
    let path = dir.join("at.variant");
    std::fs::write(&path, &text).expect("write");
    myriad::load::load(&path).unwrap_or_else(|e| panic!("{}", e.rendered()));
    text.push('x');
    std::fs::write(&path, &text).expect("write");
    let e = myriad::load::load(&path).err().expect("too large");
    assert!(
        e.rendered()
            .contains("larger than 1 MiB, the limit for one rule file"),
        "{}",
        e.rendered()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `MAX_FILES` files in all (the rule file and its imports) load; one more
/// is refused (beyond, and the total size: tests/lowering.rs).
#[test]
fn import_count_at_the_limit_loads_and_beyond_is_refused() {
    let dir = scratch("files");
    for extra in [0, 1] {
        let mut main = String::new();
        for i in 0..MAX_FILES - 1 + extra {
            std::fs::write(dir.join(format!("f{i}.variant")), "// empty\n").expect("write");
            main.push_str(&format!("import \"f{i}.variant\"\n"));
        }
        main.push_str(SMALL_GAME);
        let path = dir.join("main.variant");
        std::fs::write(&path, &main).expect("write");
        let got = myriad::load::load(&path);
        if extra == 0 {
            got.unwrap_or_else(|e| panic!("{}", e.rendered()));
        } else {
            let e = got.err().expect("too many files");
            assert!(
                e.rendered()
                    .contains(&format!("more than {MAX_FILES} rule files in all")),
                "{}",
                e.rendered()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------- rendering

/// A source line of 90,000 columns was printed whole under its error; it is
/// cut to `MAX_SNIPPET_COLUMNS` around the caret, the location unchanged.
#[test]
fn long_source_lines_are_cut_in_diagnostics() {
    let src = chess_with(&format!(
        "{}piece Knight \"N\" {{ value x }}",
        " ".repeat(90_000)
    ));
    let e = myriad::load::load_source(NAME, &src)
        .err()
        .expect("a syntax error");
    let col = 90_000 + "piece Knight \"N\" { value ".len() + 1;
    assert!(
        e.rendered()
            .contains(&format!("limits-test.variant:3:{col}")),
        "{}",
        e.rendered()
    );
    let widest = e.rendered().lines().map(|l| l.chars().count()).max();
    assert!(
        widest.is_some_and(|w| w < MAX_SNIPPET_COLUMNS + 20),
        "{}",
        e.rendered()
    );
    assert!(e.rendered().contains("… "), "{}", e.rendered());
    assert!(e.rendered().contains("value x }"), "{}", e.rendered());
}

#[test]
fn a_figure_name_up_to_its_limit() {
    let piece = |name: &str| {
        chess_with(&format!(
            "piece Rook \"R\" extends Rook {{ figure \"{name}\" }}"
        ))
    };
    loads(&piece(&"a".repeat(MAX_FIGURE)));
    one_error(&piece(&"a".repeat(MAX_FIGURE + 1)), "piece figure must be");
}

/// `explosion { around (1,0) (2,0) ... }` with `n` vectors along the first rank and beyond.
fn explosion_of(n: usize) -> String {
    let vectors: Vec<String> = (0..n)
        .map(|i| format!("({},{})", i % 8 + 1, i / 8))
        .collect();
    chess_with(&format!("explosion {{ around {} }}", vectors.join(" ")))
}

#[test]
fn explosion_at_the_limit_loads_and_beyond_is_refused() {
    loads(&explosion_of(MAX_EXPLOSION));
    one_error(
        &explosion_of(MAX_EXPLOSION + 1),
        "an explosion reaches 17 squares; at most 16 are supported",
    );
}
