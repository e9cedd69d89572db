//! `myriad check` and `myriad test`: load rule files, report their errors
//! and lints, run the tests written inside them.

use std::path::PathBuf;

use myriad::ir::describe::describe;
use myriad::lang::diagnostic::render_all;
use myriad::load::load;
use myriad::testing::run_tests;

use super::{Failure, print_warnings};

/// Parse, validate and lint each file (and with `dump`, print what was
/// understood); exit 2 if any fails to load, else with `deny_warnings` 1 if
/// any has warnings.
pub(super) fn check(paths: &[PathBuf], dump: bool, deny_warnings: bool) -> Result<(), Failure> {
    let (mut failed, mut warned) = (false, 0);
    for p in paths {
        match load(p) {
            Ok(game) => {
                print_warnings(&game);
                warned += game.warnings.len();
                let r = &game.variant.rules;
                println!(
                    "{}: ok (game {}, {} pieces, {}x{} board, {} tests)",
                    p.display(),
                    r.name,
                    r.pieces.len(),
                    r.board.files,
                    r.board.ranks,
                    r.tests.len()
                );
                if dump {
                    println!("{}", describe(r).trim_end());
                }
            }
            Err(e) => {
                eprintln!("{}", e.rendered().trim_end());
                failed = true;
            }
        }
    }
    if failed {
        Err(Failure(String::new(), 2))
    } else if deny_warnings && warned > 0 {
        Err(Failure(
            format!("{warned} warning(s), denied by --deny-warnings",),
            1,
        ))
    } else {
        Ok(())
    }
}

/// Run every file's tests: exit 1 if a test fails, 2 if a file fails to load.
pub(super) fn test(paths: &[PathBuf]) -> Result<(), Failure> {
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for p in paths {
        let game = match load(p) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{}", e.rendered().trim_end());
                broken += 1;
                continue;
            }
        };
        for r in run_tests(&game) {
            if r.failures.is_empty() {
                passed += 1;
                println!("ok    {}: {}", p.display(), r.name);
            } else {
                failed += 1;
                println!("FAIL  {}: {}", p.display(), r.name);
                println!("{}", render_all(&r.failures, &game.sources));
            }
        }
    }
    println!("\n{passed} passed, {failed} failed");
    match (broken, failed) {
        (0, 0) => Ok(()),
        (0, _) => Err(Failure(String::new(), 1)),
        _ => Err(Failure(
            format!("{broken} rule file(s) could not be loaded"),
            2,
        )),
    }
}
