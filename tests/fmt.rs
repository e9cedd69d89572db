//! `myriad fmt` is safe: on every bundled rule file and every rule-file
//! example of docs/*.md, formatting is idempotent, the formatted text lowers
//! to the same game (the IR, spans aside, its `describe` dump, and perft 2
//! from the start) and
//! keeps every comment; a messy fixture's formatted form is a reviewed
//! snapshot.

mod common;

use std::path::{Path, PathBuf};

use myriad::ir::describe::describe;
use myriad::load::{Game, load_source};
use myriad::movegen::perft;
use myriad::workbench::fmt::{first_difference, format};

use common::docs::{docs_files, variant_blocks};

/// A rule text to check: its name (imports are resolved next to it) and text.
struct Case {
    name: String,
    text: String,
}

/// Every bundled rule file (rules/*.variant, rules/lib/*.variant).
fn bundled() -> Vec<Case> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("lib")] {
        for e in std::fs::read_dir(&dir).expect("rules/ is readable") {
            let p = e.expect("a directory entry").path();
            if p.extension().is_some_and(|x| x == "variant") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() > 20, "the bundled rule files are found");
    files
        .into_iter()
        .map(|p| Case {
            name: p.to_string_lossy().into_owned(),
            text: std::fs::read_to_string(&p).expect("readable"),
        })
        .collect()
}

/// Every ```variant example of docs/*.md, named as tests/docs.rs loads it.
fn docs_examples() -> Vec<Case> {
    let name = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join("docs-example.variant");
    let name = name.to_string_lossy().into_owned();
    let cases: Vec<Case> = docs_files()
        .iter()
        .flat_map(|f| variant_blocks(f))
        .map(|b| Case {
            name: name.clone(),
            text: b.text,
        })
        .collect();
    assert!(cases.len() > 10, "the docs examples are found");
    cases
}

/// The messy fixture.
fn messy() -> Case {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fmt/messy.variant");
    Case {
        name: p.to_string_lossy().into_owned(),
        text: std::fs::read_to_string(&p).expect("the fixture"),
    }
}

fn all_cases() -> Vec<Case> {
    let mut v = bundled();
    v.extend(docs_examples());
    v.push(messy());
    v
}

fn fmt(name: &str, text: &str) -> String {
    format(name, text).unwrap_or_else(|e| panic!("{name}: does not format:\n{e}"))
}

/// Every rule file under tests/fixtures that parses (the broken ones that
/// do not are `format`'s errors, not its business here).
fn fixtures() -> Vec<Case> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("a fixtures directory") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "variant") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"),
        &mut files,
    );
    files.sort();
    let cases: Vec<Case> = files
        .into_iter()
        .map(|p| Case {
            name: p.to_string_lossy().into_owned(),
            text: std::fs::read_to_string(&p).expect("readable"),
        })
        .filter(|c| match format(&c.name, &c.text) {
            Ok(_) => true,
            // A failure of the formatter itself is never skipped.
            Err(e) => {
                assert!(!e.contains("myriad fmt failed"), "{e}");
                false
            }
        })
        .collect();
    assert!(cases.len() > 20, "the fixtures are found");
    cases
}

#[test]
fn formatting_twice_changes_nothing_more() {
    let mut problems = Vec::new();
    for c in all_cases().into_iter().chain(fixtures()) {
        let once = fmt(&c.name, &c.text);
        let twice = fmt(&c.name, &once);
        if let Some((line, a, b)) = first_difference(&once, &twice) {
            problems.push(format!("{}: line {line}:\n- {a}\n+ {b}", c.name));
        }
    }
    assert!(
        problems.is_empty(),
        "not idempotent:\n{}",
        problems.join("\n")
    );
}

/// The comments of a rule text, in order, by a reading independent of the
/// formatter's: `//` outside a string, to the end of the line.
fn comments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let bytes = line.as_bytes();
        let mut in_string = false;
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if in_string => i += 1,
                b'"' => in_string = !in_string,
                b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                    out.push(line[i..].trim_end().to_string());
                    break;
                }
                _ => {}
            }
            i += 1;
        }
    }
    out
}

/// The game's IR without source positions (they move with the layout).
fn ir(game: &Game) -> String {
    let text = format!("{:?}", game.variant.rules);
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        out.push_str("Span");
        rest = rest[at..].find('}').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn the_formatted_text_is_the_same_game_with_the_same_comments() {
    let mut problems = Vec::new();
    let mut compared = 0;
    for c in all_cases() {
        let out = fmt(&c.name, &c.text);
        if comments(&c.text) != comments(&out) {
            problems.push(format!(
                "{}: comments changed:\n{:?}\n{:?}",
                c.name,
                comments(&c.text),
                comments(&out)
            ));
        }
        let (before, after) = match (load_source(&c.name, &c.text), load_source(&c.name, &out)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(_), Err(_)) => continue,
            (a, b) => {
                problems.push(format!(
                    "{}: loads {} before and {} after",
                    c.name,
                    if a.is_ok() { "ok" } else { "not" },
                    if b.is_ok() { "ok" } else { "not" }
                ));
                continue;
            }
        };
        compared += 1;
        if ir(&before) != ir(&after) {
            problems.push(format!("{}: lowers to another game", c.name));
        }
        // The dump `myriad check --dump` prints and tests/rules.rs snapshots.
        if describe(&before.variant.rules) != describe(&after.variant.rules) {
            problems.push(format!("{}: describes another game", c.name));
        }
        let count = |g: &Game| perft(&g.variant, &mut g.variant.start_position(), 2);
        let (a, b) = (count(&before), count(&after));
        if a != b {
            problems.push(format!("{}: perft 2 {a} before, {b} after", c.name));
        }
    }
    assert!(compared > 40, "only {compared} games compared");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_messy_fixture_formats_as_reviewed() {
    let c = messy();
    let out = fmt(&c.name, &c.text);
    insta::assert_snapshot!("messy_fixture", out);
}

#[test]
fn a_file_that_does_not_parse_gets_a_located_diagnostic() {
    let e = format("bad.variant", "game X {\n  board { files a..h ranks }\n}\n")
        .expect_err("does not parse");
    assert!(e.contains("bad.variant:2:"), "{e}");
}

#[test]
fn the_first_difference_names_its_line() {
    assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
    assert_eq!(
        first_difference("a\nb\nc\n", "a\nB\nc\n"),
        Some((2, "b".to_string(), "B".to_string()))
    );
    assert_eq!(
        first_difference("a\n", "a\nb\n"),
        Some((2, String::new(), "b".to_string()))
    );
}

/// A fresh scratch directory for a CLI test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("myriad-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("a scratch directory");
    dir
}

fn myriad_fmt(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("fmt")
        .args(args)
        .output()
        .expect("myriad runs")
}

#[test]
fn check_names_the_unformatted_file_exits_1_and_fmt_rewrites_it() {
    let dir = scratch("check");
    let messy = messy().text;
    let formatted = fmt("messy.variant", &messy);
    // One file to change, below a directory; one already in the layout.
    let (bad, good) = (dir.join("sub/messy.variant"), dir.join("tidy.variant"));
    std::fs::write(&bad, &messy).unwrap();
    std::fs::write(&good, &formatted).unwrap();
    let o = myriad_fmt(&["--check".as_ref(), dir.as_os_str()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("sub/messy.variant: not formatted"), "{out}");
    assert!(!out.contains("tidy.variant"), "{out}");
    // The first line that differs: the messy file's first line is indented.
    assert!(out.contains("line 1:"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        messy,
        "--check changes nothing"
    );

    let o = myriad_fmt(&[dir.as_os_str()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), formatted);
    assert_eq!(std::fs::read_to_string(&good).unwrap(), formatted);
    let o = myriad_fmt(&["--check".as_ref(), dir.as_os_str()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_does_not_parse_is_reported_with_its_place_and_left_alone() {
    let dir = scratch("broken");
    let broken = dir.join("broken.variant");
    let text = "game X {\n    board { files a..h ranks }\n}\n";
    std::fs::write(&broken, text).unwrap();
    // A formattable file beside it is still done.
    let other = dir.join("other.variant");
    std::fs::write(&other, "game Y {   pass\n}\n").unwrap();
    let o = myriad_fmt(&[broken.as_os_str(), other.as_os_str()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("broken.variant:2:"), "{err}");
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), text);
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "game Y {\n  pass\n}\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_prefer_block_is_laid_out_like_any_block() {
    // A `prefer` block with nothing inside has no child in the syntax tree:
    // its braces (and a comment between them) are still laid out, not
    // copied as one token.
    let src = "game G {\n  piece P \"P\" { moves { prefer {   } else { step n } } }\n  \
               piece Q \"Q\" {\n    moves {\n      prefer { // none yet\n      } else { step n }\n    }\n  }\n}\n";
    let out = fmt("g.variant", src);
    assert!(out.contains("moves { prefer {} else { step n } }"), "{out}");
    // The comment stays after the `{` it followed; the `}` gets its own line.
    assert!(out.contains("prefer { // none yet\n      } else"), "{out}");
    assert_eq!(fmt("g.variant", &out), out);
}
