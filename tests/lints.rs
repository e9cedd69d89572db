//! Lints: every fixture in tests/fixtures/lints loads, with the warnings
//! listed for it (codes in source order, rendered text snapshot-tested);
//! every bundled rule file loads without any; `myriad check` exits 0 on
//! warnings unless `--deny-warnings`.

use std::path::Path;
use std::process::Command;

use myriad::lang::diagnostic::render_all;
use myriad::load::load;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn lint_fixtures() {
    insta::glob!("fixtures/lints", "*.variant", |path| {
        let game = load(path).unwrap_or_else(|e| panic!("{} does not load:\n{e}", path.display()));
        let text = render_all(&game.warnings, &game.sources).replace(&format!("{ROOT}/"), "");
        assert!(text.contains("warning["), "no warning in: {text}");
        assert!(!text.contains("error"), "{text}");
        insta::assert_snapshot!(text);
    });
}

/// The codes each lint fixture is expected to produce, in source order.
const EXPECTED_CODES: &[(&str, &[&str])] = &[
    ("en_passant_never_set.variant", &["never-moves"]),
    (
        "never_enters.variant",
        &[
            "never-enters",
            "never-enters",
            "never-enters",
            "never-enters",
        ],
    ),
    ("never_moves.variant", &["never-moves"; 9]),
    (
        "test_asserts_nothing.variant",
        &["asserts-nothing", "asserts-nothing", "asserts-nothing"],
    ),
    ("unused_names.variant", &["unused", "unused", "unused"]),
    ("zone_out_of_reach.variant", &["never-moves"]),
];

/// Every lint fixture gives exactly the codes listed for it, and every
/// fixture is listed.
#[test]
fn lint_fixtures_have_their_codes() {
    let dir = Path::new(ROOT).join("tests/fixtures/lints");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".variant"))
        .collect();
    names.sort();
    let listed: Vec<&str> = EXPECTED_CODES.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, listed, "list every fixture in EXPECTED_CODES");
    for (name, expected) in EXPECTED_CODES {
        let game = load(&dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut w: Vec<_> = game.warnings.iter().collect();
        w.sort_by_key(|d| (d.span.file, d.span.start));
        let got: Vec<&str> = w
            .iter()
            .map(|d| d.code.map_or("NONE", |c| c.as_str()))
            .collect();
        assert_eq!(&got, expected, "{name}");
    }
}

/// The bundled rule files are the examples authors copy: none has a lint.
#[test]
fn bundled_rule_files_have_no_warnings() {
    let mut paths: Vec<_> = ["rules", "rules/lib"]
        .iter()
        .flat_map(|d| std::fs::read_dir(Path::new(ROOT).join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    paths.sort();
    assert!(paths.len() > 20, "{paths:?}");
    let mut noisy = Vec::new();
    for p in &paths {
        // A library of macros declares no game: nothing to lint on its own.
        let Ok(game) = load(p) else { continue };
        if !game.warnings.is_empty() {
            noisy.push(render_all(&game.warnings, &game.sources));
        }
    }
    assert!(noisy.is_empty(), "{}", noisy.join("\n"));
}

fn check(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("check")
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("myriad runs")
}

#[test]
fn check_prints_warnings_with_their_code_and_exits_0() {
    let o = check(&["tests/fixtures/lints/unused_names.variant"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning[unused]: zone `centre` is never used"),
        "{err}"
    );
    assert!(
        err.contains("tests/fixtures/lints/unused_names.variant:8:5"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains(": ok (game Lints"));
}

#[test]
fn deny_warnings_exits_1_on_a_warning_and_0_without() {
    let o = check(&[
        "--deny-warnings",
        "rules/chess.variant",
        "tests/fixtures/lints/test_asserts_nothing.variant",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("warning[asserts-nothing]"), "{err}");
    assert!(err.contains("denied by --deny-warnings"), "{err}");
    let o = check(&["--deny-warnings", "rules/chess.variant"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Errors still exit 2.
    let o = check(&[
        "--deny-warnings",
        "tests/fixtures/broken/unknown_zone.variant",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
