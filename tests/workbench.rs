//! The author's workbench end to end, as a user runs it: `myriad diff`,
//! `myriad new`, `myriad fmt` and the lints they lean on.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn myriad_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("myriad runs")
}

fn myriad(args: &[&str]) -> Output {
    myriad_in(&root(), args)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("myriad-workbench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copy a directory tree (the bundled rules, with their imports).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

// ------------------------------------------------------------------ diff

/// The done-when: the Basilisk's fallback slide on rook lines
/// instead of queen lines. The changed moves are reasoned out from the rule
/// file alone: the fallback slide exists only for a Basilisk with no jump
/// at all, slides only to empty squares (so attacks, checks and pins are
/// unchanged), and rook lines are a subset of queen lines: no move can
/// appear, and exactly the diagonal slides of a Basilisk of the side to
/// move that has no jump vanish. Among the compared positions (the start,
/// the tests' positions, random playouts with the extra piece voted off by
/// default, so no Basilisk is on the board) two have such a Basilisk:
/// - test "without any jump ...": Basilisk a1, kings h1 and e8, nothing
///   else: no screen anywhere, so it slides; its diagonal a1-h8 is empty:
///   b2 c3 d4 e5 f6 g7 h8 vanish (the test's second FEN has a knight a5 as
///   a screen: a jump, no slide, no change);
/// - test "the fallback is judged per piece": the Basilisk a1 jumps over
///   a4 (no slide, no change); the Basilisk h3 has no screen on any line
///   (h-file, 3rd rank and both diagonals empty, the black king is on e8),
///   so it slides: g4 f5 e6 d7 c8 and g2 f1 vanish.
///
/// The position of the test "gives check only through jump captures" has a
/// white Basilisk with Black to move: its moves are the same, its perft
/// differs (White's slides at ply 2).
#[test]
fn diff_basilisk_fallback_on_rook_lines() {
    let dir = scratch("basilisk");
    copy_tree(&root().join("rules"), &dir);
    let path = dir.join("basilisk.variant");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replace(
        "        slide all to empty\n",
        "        slide orth to empty\n",
    );
    assert_ne!(
        text, edited,
        "the line to change is in rules/basilisk.variant"
    );
    std::fs::write(&path, edited).unwrap();

    let o = myriad(&[
        "diff",
        "rules/basilisk.variant",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "differences exit 1: {}",
        stderr(&o)
    );
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");

    // The lowered Basilisk lost its four diagonal fallback rides.
    let rules: Vec<String> = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{} {}: {}",
                c["sign"].as_str().unwrap(),
                c["section"].as_str().unwrap(),
                c["line"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            "- piece Basilisk: ride (1,1) 1.. to Empty",
            "- piece Basilisk: ride (1,-1) 1.. to Empty",
            "- piece Basilisk: ride (-1,-1) 1.. to Empty",
            "- piece Basilisk: ride (-1,1) 1.. to Empty",
        ]
    );

    let mut moved = Vec::new();
    let mut perft_only = Vec::new();
    for p in report["positions"].as_array().unwrap() {
        assert!(p["error"].is_null(), "{p}");
        assert_eq!(p["appeared"].as_array().unwrap().len(), 0, "{p}");
        let gone = p["disappeared"].as_array().unwrap();
        for m in gone {
            assert_eq!(m["piece"], "Basilisk", "{m}");
            // Attributed to the one rule that makes it: the fallback slide.
            let rules = m["rules"].as_array().unwrap();
            assert_eq!(rules.len(), 1, "{m}");
            let rule = rules[0].as_str().unwrap();
            assert!(
                rule.ends_with("1.. to Empty (fallback of prefer)"),
                "{rule}"
            );
        }
        let mut names: Vec<&str> = gone.iter().map(|m| m["move"].as_str().unwrap()).collect();
        names.sort();
        if !names.is_empty() {
            moved.push((p["fen"].as_str().unwrap().to_string(), names.join(" ")));
        } else if !p["perft"].is_null() {
            perft_only.push(p["fen"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(
        moved,
        [
            (
                "4k3/8/8/8/8/8/8/S6K w - - 0 1".to_string(),
                "a1b2 a1c3 a1d4 a1e5 a1f6 a1g7 a1h8".to_string()
            ),
            (
                "4k3/8/8/8/p7/7S/8/S5K1 w - - 0 1".to_string(),
                "h3c8 h3d7 h3e6 h3f1 h3f5 h3g2 h3g4".to_string()
            ),
        ]
    );
    assert_eq!(perft_only, ["k7/8/8/8/8/8/8/S6K b - - 0 1"]);

    // The readable report says the same, position by position.
    let o = myriad(&["diff", "rules/basilisk.variant", path.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(
        out.contains("- a1h8     Basilisk  by ride (1,1) 1.. to Empty (fallback of prefer)"),
        "{out}"
    );
    assert!(out.contains("positions: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diff_of_a_file_with_itself_finds_nothing() {
    let o = myriad(&["diff", "rules/chess.variant", "rules/chess.variant"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("the lowered descriptions are the same"),
        "{out}"
    );
    assert!(out.contains(" 0 with changes"), "{out}");
}

#[test]
fn diff_reads_the_user_positions() {
    // Chess against Shatranj in a position given by the user: the pawn's
    // double step is chess's alone (shatranj.variant has no pawn_start
    // rule), so e2e4 vanishes, e2e3 stays (a pawn each: neither side is
    // bare, which would end a game of shatranj).
    let dir = scratch("positions");
    let file = dir.join("fens.txt");
    std::fs::write(&file, "# a comment\n\n4k3/3p4/8/8/8/8/4P3/4K3 w - - 0 1\n").unwrap();
    let o = myriad(&[
        "diff",
        "rules/chess.variant",
        "rules/shatranj.variant",
        "--positions",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let given = report["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["source"].as_str().unwrap().ends_with("fens.txt:3"))
        .expect("the given position is compared");
    let gone: Vec<&str> = given["disappeared"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert!(gone.contains(&"e2e4"), "{given}");
    assert!(!gone.contains(&"e2e3"), "{given}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diff_git_compares_with_a_revision_and_says_why_it_cannot() {
    // HEAD's version of a bundled file: in a clean checkout the same; in a
    // worktree with edits it may differ, so only the exit code's range and
    // the header are checked here.
    let o = myriad(&["diff", "rules/chess.variant", "--git", "HEAD"]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("--- rules/chess.variant@HEAD\n"),
        "{}",
        stdout(&o)
    );

    let o = myriad(&["diff", "rules/chess.variant", "--git", "no-such-rev"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("at revision `no-such-rev`"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"));

    let dir = scratch("nogit");
    std::fs::copy(
        root().join("rules/chess.variant"),
        dir.join("chess.variant"),
    )
    .unwrap();
    let o = myriad_in(&dir, &["diff", "chess.variant", "--git", "HEAD"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not in a git repository"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------------ new

#[test]
fn new_writes_a_starter_whose_tests_pass_and_never_overwrites() {
    let dir = scratch("new");
    let o = myriad_in(&dir, &["new", "my-chess", "--from", "chess"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("my-chess.variant");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game MyChess extends Chess {"), "{text}");
    // The Wazir on a3 (the first square, from White's side, that is empty
    // in the start position along with its mirror a6): the a2 pawn loses
    // its two moves and the b1 knight its a3, 20 - 3 = 17, and the Wazir
    // steps to a4 and b3: 19.
    assert!(text.contains("Wazir a3"), "{text}");
    assert!(text.contains("moves = 19"), "{text}");

    let o = myriad_in(&dir, &["test", "my-chess.variant"]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("2 passed, 0 failed"), "{}", stdout(&o));
    // No lint either: the sample piece enters the game.
    let o = myriad_in(&dir, &["check", "my-chess.variant"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));

    // A second run refuses and leaves the file alone.
    std::fs::write(&file, "// mine\n").unwrap();
    let o = myriad_in(&dir, &["new", "my-chess", "--from", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "// mine\n");

    let o = myriad_in(&dir, &["new", "other", "--from", "no-such-game"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no such rule file or bundled variant"),
        "{}",
        stderr(&o)
    );
    let o = myriad_in(&dir, &["new", "9lives", "--from", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("starts with a letter"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_works_from_every_bundled_parent() {
    let dir = scratch("new-all");
    for entry in std::fs::read_dir(root().join("rules")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "variant") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let name = format!("x-{stem}");
        let o = myriad_in(&dir, &["new", &name, "--from", &stem]);
        assert!(o.status.success(), "{stem}: {}", stderr(&o));
        let o = myriad_in(&dir, &["test", &format!("{name}.variant")]);
        assert!(o.status.success(), "{stem}: {}{}", stdout(&o), stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
