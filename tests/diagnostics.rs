//! Every broken rule file in tests/fixtures/broken gets a located, readable
//! error; the rendered text is snapshot-tested.

use myriad::load::load;

#[test]
fn broken_rule_files() {
    insta::glob!("fixtures/broken", "*.variant", |path| {
        let err = match load(path) {
            Ok(_) => panic!("{} loaded, but it is broken", path.display()),
            Err(e) => e,
        };
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
        let text = err.rendered().replace(root, "");
        assert!(text.contains("error"), "no error in: {text}");
        assert!(!text.contains("panicked"), "{text}");
        insta::assert_snapshot!(text);
    });
}

/// The codes each broken fixture is expected to produce, in source order.
const EXPECTED_CODES: &[(&str, &[&str])] = &[
    ("bad_fen_in_test.variant", &["test"]),
    ("bad_figure.variant", &["bad-figure"]),
    ("bad_square.variant", &["off-board"]),
    ("board_too_big.variant", &["board-size"]),
    ("captured_promotion_absent.variant", &["captured-promotion"]),
    ("castling_off_rank.variant", &["castling"]),
    ("checks_out_of_range.variant", &["out-of-range"]),
    ("checks_without_royal.variant", &["unreachable"]),
    ("counting_with_no_progress.variant", &["bad-rule"]),
    ("cycle_a.variant", &["import"]),
    ("cycle_b.variant", &["import"]),
    ("drop_unknown_piece.variant", &["unknown-name"]),
    ("duplicate_letter.variant", &["bad-letter"]),
    ("duplicate_piece.variant", &["duplicate"]),
    ("error_in_earlier_game.variant", &["unknown-name"]),
    ("explosion_too_large.variant", &["out-of-range"]),
    ("forbid_check_without_royal.variant", &["unreachable"]),
    ("gating_two_squares_on_a_file.variant", &["gating-zone"]),
    ("hole_in_setup.variant", &["hole"]),
    ("macro_budget.variant", &["macro"]),
    ("macro_too_deep.variant", &["too-deep"]),
    ("macro_wrong_arity.variant", &["macro"]),
    (
        "many_errors.variant",
        &[
            "unknown-name",
            "out-of-range",
            "bad-rule",
            "unknown-name",
            "promotion",
            "castling",
            "unknown-name",
        ],
    ),
    ("missing_import.variant", &["import"]),
    ("nesting_too_deep.variant", &["too-deep"]),
    ("no_king.variant", &["impossible-setup"]),
    ("no_progress_too_large.variant", &["out-of-range"]),
    ("remove_nothing.variant", &["remove"]),
    ("remove_without_parent.variant", &["remove"]),
    ("setup_in_check.variant", &["impossible-setup"]),
    ("syntax_bad_hop.variant", &["syntax"]),
    ("syntax_bad_move_rule.variant", &["syntax"]),
    ("syntax_bad_square.variant", &["syntax"]),
    ("syntax_bad_target.variant", &["syntax"]),
    ("syntax_facing_without_along.variant", &["syntax"]),
    ("syntax_missing_arrow.variant", &["syntax"]),
    ("syntax_missing_brace.variant", &["syntax"]),
    ("syntax_value_not_number.variant", &["syntax"]),
    ("two_pieces_one_square.variant", &["impossible-setup"]),
    ("unknown_direction.variant", &["unknown-name"]),
    ("unknown_macro.variant", &["unknown-name"]),
    ("unknown_option_in_when.variant", &["unknown-name"]),
    ("unknown_parent.variant", &["unknown-name"]),
    ("unknown_piece.variant", &["unknown-name"]),
    ("unknown_zone.variant", &["unknown-name"]),
    ("vote_unknown_player.variant", &["unknown-name"]),
];

/// Every broken fixture gives exactly the codes listed for it (a test
/// matches on the kind of problem, not on the wording of the message), and
/// every fixture is listed.
#[test]
fn broken_rule_files_have_their_codes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/broken");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".variant"))
        .collect();
    names.sort();
    let listed: Vec<&str> = EXPECTED_CODES.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, listed, "list every fixture in EXPECTED_CODES");
    for (name, expected) in EXPECTED_CODES {
        let e = match load(&std::path::Path::new(dir).join(name)) {
            Err(e) => e,
            Ok(_) => panic!("{name} loaded, but it is broken"),
        };
        let mut d: Vec<_> = e.diagnostics.iter().collect();
        d.sort_by_key(|d| (d.span.file, d.span.start));
        let got: Vec<&str> = d
            .iter()
            .map(|d| d.code.map_or("NONE", |c| c.as_str()))
            .collect();
        assert_eq!(&got, expected, "{name}");
    }
}

#[test]
fn codes_are_distinct_kebab_case_words() {
    use myriad::lang::codes::Code;
    let mut seen = std::collections::HashSet::new();
    for c in Code::ALL {
        let s = c.as_str();
        assert!(seen.insert(s), "code {s} given twice");
        assert!(
            !s.is_empty() && s.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'),
            "{s}"
        );
    }
}
