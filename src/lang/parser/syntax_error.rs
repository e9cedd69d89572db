//! Syntax errors: a pest error rewritten as a [`Diagnostic`] that speaks of
//! squares and move rules, not of grammar rule names.

use super::*;
use crate::lang::codes::Code;
use crate::lang::diagnostic::did_you_mean;

// ============================================================================
// Syntax errors
// ============================================================================

/// Every keyword (mirrors `keyword` in the grammar).
pub(super) const KEYWORDS: &[&str] = &[
    "resets_clock",
    "directions",
    "checkmate",
    "stalemate",
    "castling",
    "occupied",
    "replaces",
    "exactly",
    "extends",
    "illegal",
    "players",
    "promote",
    "reserve",
    "define",
    "remove",
    "import",
    "mirror",
    "option",
    "prefer",
    "board",
    "check",
    "empty",
    "files",
    "holes",
    "legal",
    "moves",
    "perft",
    "piece",
    "ranks",
    "royal",
    "setup",
    "slide",
    "value",
    "zones",
    "drop",
    "must",
    "else",
    "file",
    "from",
    "game",
    "leap",
    "over",
    "play",
    "rank",
    "sets",
    "step",
    "test",
    "then",
    "when",
    "and",
    "end",
    "fen",
    "hop",
    "max",
    "not",
    "sym",
    "use",
    "in",
    "to",
    "capturing",
    "within",
    "pass",
];

/// What a grammar rule means to a user, or None to leave it out of messages.
fn describe(rule: Rule) -> Option<String> {
    let s = match rule {
        Rule::EOI => "end of file",
        Rule::import => "`import`",
        Rule::game => "`game`",
        Rule::game_item => {
            "a game block (board, players, directions, zones, piece, castling, setup, end, test, reserve, drop, option, when or use)"
        }
        Rule::name => "a name",
        Rule::uint | Rule::int => "a whole number",
        Rule::number => "a number like 3 or 3.25",
        Rule::string | Rule::string_text => "a string in double quotes",
        Rule::file_label => "a file label like a",
        Rule::rank_label => "a rank number like 1",
        Rule::file_range | Rule::file_list => "file labels like a..h",
        Rule::rank_range | Rule::rank_list => "rank labels like 1..8",
        Rule::square => "a square like e4",
        Rule::square_range | Rule::square_set => "a square like e4 or a range like a2..h2",
        Rule::vector => "a vector like (1,2)",
        Rule::move_token => "a move like e2e4",
        Rule::extends => "`extends`",
        Rule::files => "`files`",
        Rule::ranks => "`ranks`",
        Rule::holes => "`holes`",
        Rule::player => "a player name",
        Rule::frame => "`mirror ranks`, `mirror files` or `mirror both`",
        Rule::direction_def => "a direction set like `orth = n e s w`",
        Rule::dir_item => "a direction name or a vector like (1,2)",
        Rule::zone_def => "a zone like `promotion = rank 8`",
        Rule::zone_player => "a player's part of the zone like `white: rank 1`",
        Rule::region | Rule::region_item => "a region: rank N, file X, a square or a range",
        Rule::rank_region => "`rank`",
        Rule::file_region => "`file`",
        Rule::piece_item => "a piece property (royal, value, resets_clock, moves or promote)",
        Rule::append => "`+=`",
        Rule::move_rule | Rule::step_rule | Rule::slide_rule | Rule::leap_rule => {
            "a move rule (step, slide, leap, hop or prefer)"
        }
        Rule::hop_rule => "`hop`",
        Rule::prefer_rule => "`prefer`",
        Rule::prefer_block => "`{`",
        Rule::over => "`over`",
        Rule::hop_shape => "first, next or slide",
        Rule::filter | Rule::filter_piece => {
            "a filter like `any`, `enemy`, `not friend PIECE` or piece names"
        }
        Rule::owner => "friend or enemy",
        Rule::define => "`define`",
        Rule::use_item => "`use`",
        Rule::macro_arg => "a name or a whole number",
        Rule::replaces => "`replaces`",
        Rule::reserve => "`reserve`",
        Rule::reserve_player => "a player's reserve like `white: PIECE 2`",
        Rule::reserve_entry => "a piece name, optionally followed by a count",
        Rule::drop => "`drop`",
        Rule::drop_item
        | Rule::drop_zone
        | Rule::require_empty
        | Rule::require_piece
        | Rule::drop_move => {
            "a part of a drop (in ZONE, require ... at (x,y) or then move (x,y) DIR N)"
        }
        Rule::option => "`option`",
        Rule::choice => "a choice name",
        Rule::default_choice => "`default`",
        Rule::vote => "`vote`",
        Rule::voter => "a player name, optionally with `when PLAYER == CHOICE`",
        Rule::vote_result => "`result any CHOICE else CHOICE`",
        Rule::when_block => "`when`",
        Rule::option_setting => "an option setting like `extra = yes`",
        Rule::ballot => "a ballot like `white yes`",
        Rule::range => "`max N` or `exactly N`",
        Rule::sym => "`sym`",
        Rule::modifier => "a modifier (to, when, sets, capturing or within)",
        Rule::capturing => "`capturing`",
        Rule::within => "`within`",
        Rule::target => "`to`",
        Rule::target_kind => "empty, enemy, not_friend or en_passant",
        Rule::guard => "`when`",
        Rule::condition
        | Rule::from_condition
        | Rule::occupied_condition
        | Rule::empty_condition => {
            "a condition: from in ZONE, from not in ZONE, occupied (x,y) or empty (x,y)"
        }
        Rule::effect => "`sets en_passant`",
        Rule::castle_side => "a castling side like `side short { ... }`",
        Rule::setup_player => "a player's setup: `NAME { ... }` or `NAME mirror`",
        Rule::mirror => "`mirror`",
        Rule::placement => "a piece name followed by squares",
        Rule::end_rule => {
            "an end condition (checkmate, stalemate, repetition, no_progress, checks, extinct, passes, facing, counting, perpetual check or PIECE reaches ZONE), or a points table"
        }
        Rule::points_table | Rule::points_entry => "a piece or player name and its points, or `}`",
        Rule::perpetual_end => "`perpetual check`",
        Rule::reach_end | Rule::reach_piece => "a piece name, or `reaches`",
        Rule::answered => "`answered`",
        Rule::forbid_rule | Rule::facing => "a forbidden condition (check or facing)",
        Rule::facing_piece => "a piece name, or `along`",
        Rule::explosion => "`around` and directions, then `removes` and a filter, or `}`",
        Rule::outcome => "loss, win, draw or points",
        Rule::test_step
        | Rule::fen_step
        | Rule::fen_is_step
        | Rule::play_step
        | Rule::perft_step
        | Rule::legal_step
        | Rule::illegal_step
        | Rule::count_step
        | Rule::not_check_step
        | Rule::checkmate_step
        | Rule::stalemate_step
        | Rule::extinct_step
        | Rule::bare_step
        | Rule::counting_step
        | Rule::result_step
        | Rule::check_step
        | Rule::option_step
        | Rule::vote_step => {
            "a test step (option, vote, fen, play, perft, legal, illegal, moves =, check, not check, checkmate, stalemate or result)"
        }
        Rule::board => "`board`",
        Rule::players => "`players`",
        Rule::directions => "`directions`",
        Rule::zones => "`zones`",
        Rule::piece => "`piece`",
        Rule::castling => "`castling`",
        Rule::setup => "`setup`",
        Rule::end => "`end`",
        Rule::test => "`test`",
        Rule::royal => "`royal`",
        Rule::value => "`value`",
        Rule::resets_clock => "`resets_clock`",
        Rule::moves => "`moves`",
        Rule::promote => "`promote`",
        Rule::not_royal => "`not royal`",
        Rule::remove => "`remove`",
        Rule::must_capture => "`must capture`",
        Rule::extinct => "`extinct`",
        Rule::bare_end => "`bare`",
        Rule::pass => "`pass`",
        Rule::captures_to_hand => "`captures to hand`",
        Rule::gating => "`gating in ZONE`",
        Rule::passes_end => "`passes`",
        Rule::facing_end => "`facing`",
        Rule::counting_end => "`counting`",
        Rule::counting_limit => "a piece name and a number, or `else`",
        r => {
            let name = format!("{r:?}");
            return name.strip_prefix("kw_").map(|k| format!("`{k}`"));
        }
    };
    Some(s.to_string())
}

/// The token at `pos`: a word, one character, or nothing at the end.
fn token_at(source: &str, pos: usize) -> &str {
    let rest = source.get(pos..).unwrap_or("");
    let word_len: usize = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum();
    if word_len > 0 {
        &rest[..word_len]
    } else {
        rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
    }
}

/// "a", "a or b", "a, b or c".
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}

/// The words that start an item of a file.
const FILE_ITEM_KEYWORDS: &[&str] = &["game", "import", "define"];

/// The words that start an item of a game.
const GAME_ITEM_KEYWORDS: &[&str] = &[
    "board",
    "players",
    "directions",
    "zones",
    "piece",
    "castling",
    "setup",
    "end",
    "test",
    "reserve",
    "drop",
    "option",
    "when",
    "use",
    "forbid",
    "explosion",
    "remove",
    "must",
    "pass",
    "captures",
    "gating",
];

/// Does `word` start a block of a game or a file? `when` does not count: it
/// also follows a move rule or a voter, so it is no sign of a missing `}`.
pub(super) fn starts_block(word: &str) -> bool {
    word != "when" && (FILE_ITEM_KEYWORDS.contains(&word) || GAME_ITEM_KEYWORDS.contains(&word))
}

/// The keywords a rule can start with, for "did you mean".
pub(super) fn rule_keywords(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::file => FILE_ITEM_KEYWORDS,
        Rule::game_item => GAME_ITEM_KEYWORDS,
        Rule::piece_item => &[
            "royal",
            "not",
            "value",
            "resets_clock",
            "figure",
            "moves",
            "promote",
            "uncapturable",
            "never",
        ],
        Rule::move_rule => &["step", "slide", "leap", "hop", "prefer"],
        Rule::hop_shape => &["first", "next", "slide"],
        Rule::drop_item => &["in", "require", "then", "max"],
        Rule::modifier => &["to", "when", "sets", "capturing", "within"],
        Rule::target_kind => &["empty", "enemy", "not_friend", "en_passant"],
        Rule::condition => &["from", "occupied", "empty"],
        Rule::range => &["max", "exactly"],
        Rule::end_rule => &[
            "checkmate",
            "stalemate",
            "repetition",
            "no_progress",
            "checks",
            "extinct",
            "bare",
            "passes",
            "facing",
            "counting",
            "perpetual",
        ],
        Rule::forbid_rule => &["check", "facing"],
        Rule::outcome => &["loss", "win", "draw", "points"],
        Rule::test_step => &[
            "option",
            "vote",
            "fen",
            "play",
            "perft",
            "legal",
            "illegal",
            "moves",
            "check",
            "not",
            "checkmate",
            "stalemate",
            "extinct",
            "bare",
            "counting",
            "result",
        ],
        _ => &[],
    }
}

/// Punctuation worth naming in "expected ..." messages.
const PUNCTUATION: &[&str] = &["{", "}", ")", ",", "=", "->", "|", "..", "+=", ":"];

/// Turn a pest error into a diagnostic in plain words.
pub(super) fn syntax_error(
    err: &pest::error::Error<Rule>,
    source: &str,
    file: FileId,
) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let mut pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let positives = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { message } => {
            let found = token_at(source, pos);
            return Diagnostic::error(Span::new(file, pos..pos + found.len()), message.clone())
                .with_code(Code::Syntax)
                .with_label("here");
        }
    };

    // pest reports the furthest position a *rule* was tried; literal tokens
    // (`->`, `}`) may have been tried further on. Use that position when it
    // starts a token (not the middle of a word, which a failed keyword leaves).
    let mut rules: Vec<Rule> = positives;
    let mut tokens: Vec<String> = Vec::new();
    if let Some(a) = err.parse_attempts() {
        let at_boundary = a.max_position == 0
            || source[..a.max_position.min(source.len())]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if a.max_position == pos || (a.max_position > pos && at_boundary) {
            tokens = a.expected_tokens().iter().map(|t| t.to_string()).collect();
            if a.max_position > pos {
                pos = a.max_position;
                rules.clear();
            }
        }
    }

    let found = token_at(source, pos);
    let sp = Span::new(file, pos..pos + found.len());
    let found_words = if found.is_empty() {
        "end of file".to_string()
    } else {
        format!("`{found}`")
    };

    if rules.contains(&Rule::name) && KEYWORDS.contains(&found) {
        return Diagnostic::error(sp, format!("expected a name, found keyword `{found}`"))
            .with_code(Code::Syntax)
            .with_label("keywords cannot be used as names");
    }

    let mut expected: Vec<String> = Vec::new();
    for r in &rules {
        let d = match r {
            Rule::file => Some("`game`, `define` or `import`".to_string()),
            r => describe(*r),
        };
        if let Some(d) = d
            && !expected.contains(&d)
        {
            expected.push(d);
        }
    }
    for t in &tokens {
        if PUNCTUATION.contains(&t.as_str()) {
            let d = format!("`{t}`");
            if !expected.contains(&d) {
                expected.push(d);
            }
        }
    }

    let mut diag = if expected.is_empty() {
        Diagnostic::error(sp, format!("unexpected {found_words}"))
            .with_code(Code::Syntax)
            .with_label("unexpected here")
    } else {
        let what = join_or(&expected);
        let label = if expected.len() == 1 {
            format!("expected {what}")
        } else {
            "unexpected here".to_string()
        };
        Diagnostic::error(sp, format!("expected {what}, found {found_words}"))
            .with_code(Code::Syntax)
            .with_label(label)
    };

    // A misspelt keyword: suggest the closest one that fits here.
    let mut words: Vec<&str> = tokens
        .iter()
        .map(String::as_str)
        .filter(|t| t.len() > 1 && t.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect();
    for r in &rules {
        words.extend(rule_keywords(*r));
    }
    if found.chars().next().is_some_and(|c| c.is_alphabetic())
        && !words.contains(&found)
        && let Some(g) = did_you_mean(found, words.iter().copied())
    {
        diag = diag.with_help(format!("did you mean `{g}`?"));
    } else if starts_block(found) && expected.iter().any(|e| e == "`}`") {
        diag = diag.with_help(format!("is a `}}` missing before `{found}`?"));
    } else if let [.., "piece", name] = source[..pos.min(source.len())]
        .split_whitespace()
        .collect::<Vec<_>>()
        .as_slice()
        && expected.iter().any(|e| e == "a string in double quotes")
    {
        diag = diag.with_help(format!(
            "a piece needs its letter, in double quotes after its name: `piece {name} \"{}\" {{ ... }}`",
            name.chars().next().map_or('X', |c| c.to_ascii_uppercase())
        ));
    }
    diag
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> String {
        match parse(src, 0) {
            Ok(_) => panic!("expected a syntax error"),
            Err(d) => d[0].message.clone(),
        }
    }

    #[test]
    fn a_piece_without_a_letter_is_told_it_needs_one() {
        let d = match parse("game X { piece Wazir { value 1 } }", 0) {
            Ok(_) => panic!("expected a syntax error"),
            Err(d) => d.into_iter().next().unwrap(),
        };
        assert_eq!(
            d.help.as_deref(),
            Some(
                "a piece needs its letter, in double quotes after its name: `piece Wazir \"W\" { ... }`"
            )
        );
    }

    #[test]
    fn keywords_are_whole_words() {
        // `royalty` is not `royal` followed by `ty`.
        assert!(err("game X { piece K \"K\" { royalty } }").contains("found `royalty`"));
        // `inside` is a zone name, not `in` + `side`.
        let f = parse("game X { piece P \"P\" { promote in inside to Q } }", 0).expect("parses");
        let GameItem::Piece(p) = &f.games[0].items[0] else {
            panic!("a piece")
        };
        assert!(matches!(&p.items[0], PieceItem::Promote { zone, .. } if zone.text == "inside"));
    }
}
