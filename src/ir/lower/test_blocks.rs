//! `test` blocks written in the rule file.

use super::*;
use crate::lang::codes::Code;
use crate::movegen::MAX_PERFT_DEPTH;

impl<'a> Lowerer<'a> {
    /// Is `n` as written a number a `u64` holds (the parser clips larger ones)?
    fn fits_u64(&mut self, n: &ast::Uint, what: &str) -> bool {
        let written = self.written(n.span);
        if written.parse::<u64>().is_ok() {
            return true;
        }
        self.err(
            Diagnostic::error(n.span, format!("{what} `{written}` is too large"))
                .with_code(Code::OutOfRange)
                .with_label(format!("at most {}", u64::MAX)),
        );
        false
    }

    /// Vote steps name players: checked when the players stage succeeded.
    pub(super) fn tests(&mut self, players: Option<&[PlayerDef; 2]>) -> Vec<TestDef> {
        let mut out = Vec::new();
        for t in &self.flat.tests {
            let mut steps = Vec::new();
            for s in &t.steps {
                let moves = |ms: &Vec<ast::Ident>| -> Vec<(String, Span)> {
                    ms.iter().map(|m| (m.text.clone(), m.span)).collect()
                };
                let step = match &s.kind {
                    ast::TestStepKind::Fen(f) => TestStep::Fen(f.value.clone(), f.span),
                    ast::TestStepKind::FenIs(f) => TestStep::FenIs(f.value.clone(), f.span),
                    ast::TestStepKind::Play(ms) => TestStep::Play(moves(ms)),
                    ast::TestStepKind::Legal(ms) => TestStep::Legal(moves(ms)),
                    ast::TestStepKind::Illegal(ms) => TestStep::Illegal(moves(ms)),
                    ast::TestStepKind::Perft { depth, nodes } => {
                        if depth.value > u64::from(MAX_PERFT_DEPTH) {
                            let written = self.written(depth.span);
                            self.err(
                                Diagnostic::error(
                                    depth.span,
                                    format!("`perft {written}` is too deep to ever finish"),
                                )
                                .with_code(Code::OutOfRange)
                                .with_label(format!("at most {MAX_PERFT_DEPTH}"))
                                .with_help(format!(
                                    "a perft of depth d visits about b^d positions for b moves \
                                     each; depths beyond {MAX_PERFT_DEPTH} never finish"
                                )),
                            );
                            continue;
                        }
                        if !self.fits_u64(nodes, "perft count") {
                            continue;
                        }
                        TestStep::Perft {
                            depth: depth.value as u32,
                            nodes: nodes.value,
                            span: s.span,
                        }
                    }
                    ast::TestStepKind::MoveCount(n) => {
                        if !self.fits_u64(n, "move count") {
                            continue;
                        }
                        TestStep::MoveCount(n.value, s.span)
                    }
                    ast::TestStepKind::Check => TestStep::Expect(Expectation::Check, s.span),
                    ast::TestStepKind::NotCheck => TestStep::Expect(Expectation::NotCheck, s.span),
                    ast::TestStepKind::Checkmate => {
                        TestStep::Expect(Expectation::Checkmate, s.span)
                    }
                    ast::TestStepKind::Stalemate => {
                        TestStep::Expect(Expectation::Stalemate, s.span)
                    }
                    ast::TestStepKind::Extinct => TestStep::Expect(Expectation::Extinct, s.span),
                    ast::TestStepKind::Bare => TestStep::Expect(Expectation::Bare, s.span),
                    ast::TestStepKind::Counting => TestStep::Expect(Expectation::Counting, s.span),
                    ast::TestStepKind::Result(o) => {
                        TestStep::Expect(Expectation::Result(Outcome::from(*o)), s.span)
                    }
                    ast::TestStepKind::Options(list) => {
                        let set = self.option_settings(list);
                        if steps.iter().any(|s| !matches!(s, TestStep::Options(_))) {
                            self.err(
                                Diagnostic::error(s.span, "options must be set first in a test")
                                    .with_code(Code::Test)
                                    .with_label("after other steps")
                                    .with_help("move `option ...` to the start of the test"),
                            );
                            continue;
                        }
                        if let Some(TestStep::Options(prev)) = steps.last_mut() {
                            prev.extend(set);
                            continue;
                        }
                        TestStep::Options(set)
                    }
                    ast::TestStepKind::Vote {
                        option,
                        ballots,
                        expect,
                    } => self.vote_step(option, ballots, expect.as_ref(), s.span, players),
                };
                steps.push(step);
            }
            out.push(TestDef {
                name: t.title.value.clone(),
                span: t.span,
                steps,
            });
        }
        out
    }
}
