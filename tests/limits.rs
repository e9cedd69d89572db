//! Every limit of docs/limits.md, at the limit (it loads, it works) and just
//! beyond it (one located error, no panic, no crash). The inputs are built
//! here, not kept as huge fixture files.

use myriad::ir::lower::{self};
use myriad::lang::diagnostic::{Diagnostic, SourceMap};
use myriad::lang::parser::MAX_NESTING;

/// Where the generated rule text pretends to live: `import "chess.variant"`
/// finds the bundled chess rules.
const NAME: &str = "rules/limits-test.variant";

/// Load and compile `src` (the whole pipeline, as `myriad check` does).
fn loads(src: &str) {
    if let Err(e) = myriad::load::load_source(NAME, src) {
        panic!("expected to load, got:\n{}", e.rendered);
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
        .unwrap_or_else(|e| panic!("{}", e.rendered));
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    let mut pos = game.variant.start_position();
    assert_eq!(myriad::movegen::perft(&game.variant, &mut pos, 1), 20);
}
