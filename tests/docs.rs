//! Keeps the documentation true to the language: every fenced code block
//! tagged ```variant in `docs/*.md` is a complete rule file that must load
//! without errors, and whose tests (if it has any) must pass. Blocks tagged
//! ```variant-fragment are parts of a file and are not checked.
//!
//! A block is loaded as if it were `rules/docs-example.variant`, so
//! `import "chess.variant"` finds the bundled chess rules (and so does
//! `import "../rules/chess.variant"`, as written in the tutorial).

mod common;

use myriad::lang::diagnostic::render_all;
use myriad::load::load_source;
use myriad::testing::run_tests;
use std::path::Path;

use common::docs::{docs_files, variant_blocks};

#[test]
fn every_variant_block_loads_and_its_tests_pass() {
    let name = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join("docs-example.variant");
    let name = name.to_string_lossy().into_owned();
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in docs_files() {
        for b in variant_blocks(&file) {
            let at = format!("{}:{}", b.file.display(), b.line);
            if !b.text.contains("game ") {
                problems.push(format!(
                    "{at}: a ```variant block must be a complete rule file with a `game`; \
                     tag parts of a file ```variant-fragment"
                ));
                continue;
            }
            checked += 1;
            let game = match load_source(&name, &b.text) {
                Ok(g) => g,
                Err(e) => {
                    problems.push(format!("{at}: does not load:\n{}", e.rendered()));
                    continue;
                }
            };
            for r in run_tests(&game) {
                if !r.failures.is_empty() {
                    problems.push(format!(
                        "{at}: test \"{}\" fails:\n{}",
                        r.name,
                        render_all(&r.failures, &game.sources)
                    ));
                }
            }
        }
    }
    assert!(checked > 0, "no ```variant blocks found in docs/*.md");
    assert!(
        problems.is_empty(),
        "{} problem(s) in the docs:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn the_language_reference_and_the_tutorial_exist() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for f in ["language.md", "tutorial.md"] {
        let p = dir.join(f);
        assert!(p.exists(), "{} is missing", p.display());
        assert!(
            !variant_blocks(&p).is_empty(),
            "{} has no ```variant example",
            p.display()
        );
    }
}
