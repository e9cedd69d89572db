//! `test` blocks written in the rule file.

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn tests(&mut self) -> Vec<TestDef> {
        let mut out = Vec::new();
        for t in &self.flat.tests {
            let mut steps = Vec::new();
            for s in &t.steps {
                let moves = |ms: &Vec<ast::Ident>| -> Vec<(String, Span)> {
                    ms.iter().map(|m| (m.text.clone(), m.span)).collect()
                };
                let step = match &s.kind {
                    ast::TestStepKind::Fen(f) => TestStep::Fen(f.value.clone(), f.span),
                    ast::TestStepKind::Play(ms) => TestStep::Play(moves(ms)),
                    ast::TestStepKind::Legal(ms) => TestStep::Legal(moves(ms)),
                    ast::TestStepKind::Illegal(ms) => TestStep::Illegal(moves(ms)),
                    ast::TestStepKind::Perft { depth, nodes } => {
                        let Ok(d) = u32::try_from(depth.value) else {
                            self.err(
                                Diagnostic::error(depth.span, "perft depth is too large")
                                    .with_code(Code::OutOfRange)
                                    .with_label("here"),
                            );
                            continue;
                        };
                        TestStep::Perft {
                            depth: d,
                            nodes: nodes.value,
                            span: s.span,
                        }
                    }
                    ast::TestStepKind::MoveCount(n) => TestStep::MoveCount(n.value, s.span),
                    ast::TestStepKind::Check => TestStep::Expect(Expectation::Check, s.span),
                    ast::TestStepKind::NotCheck => TestStep::Expect(Expectation::NotCheck, s.span),
                    ast::TestStepKind::Checkmate => {
                        TestStep::Expect(Expectation::Checkmate, s.span)
                    }
                    ast::TestStepKind::Stalemate => {
                        TestStep::Expect(Expectation::Stalemate, s.span)
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
                    } => self.vote_step(option, ballots, expect.as_ref(), s.span),
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
