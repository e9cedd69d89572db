//! Macros (`define` / `use`) and option-dependent blocks (`when`), applied to a
//! game's items before inheritance folds them in.

use super::{Loader, unknown, written};
use crate::lang::ast::{self, MacroArg};
use crate::lang::codes::Code;
use crate::lang::diagnostic::{Diagnostic, Span, did_you_mean};
use crate::lang::parser::MAX_NESTING;
use crate::lang::visit::{Slot, walk_items};
use indexmap::IndexMap;
use std::collections::{HashMap, HashSet};

/// One expansion of a macro: errors inside `body` also point at `site`.
#[derive(Debug, Clone)]
pub(super) struct Expansion {
    /// The whole `define`.
    body: Span,
    /// The `use`.
    site: Span,
    /// The macro's name.
    name: String,
}

/// Does `outer` contain `inner`?
fn contains(outer: Span, inner: Span) -> bool {
    outer.file == inner.file && outer.start <= inner.start && inner.end <= outer.end
}

/// `Diagnostic` for a name that is not a choice of an option.
fn not_a_choice(option: &ast::OptionDecl, choice: &ast::Ident) -> Diagnostic {
    let d = Diagnostic::error(
        choice.span,
        format!(
            "`{}` is not a choice of option `{}`",
            choice.text, option.name.text
        ),
    )
    .with_code(Code::UnknownName)
    .with_label("no such choice");
    let names = option.choices.iter().map(|c| c.text.as_str());
    match did_you_mean(&choice.text, names.clone()) {
        Some(g) => d.with_help(format!("did you mean `{g}`?")),
        None => d.with_help(format!(
            "choices: {}",
            names
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The index of `choice` among `option`'s choices.
pub(super) fn choice_index(
    option: &ast::OptionDecl,
    choice: &ast::Ident,
) -> Result<usize, Box<Diagnostic>> {
    option
        .choices
        .iter()
        .position(|c| c.text == choice.text)
        .ok_or_else(|| Box::new(not_a_choice(option, choice)))
}

/// The option named `name`.
pub(super) fn find_option<'o>(
    options: &'o IndexMap<String, ast::OptionDecl>,
    name: &ast::Ident,
) -> Result<&'o ast::OptionDecl, Box<Diagnostic>> {
    options
        .get(&name.text)
        .ok_or_else(|| Box::new(unknown("option", name, options.keys().map(String::as_str))))
}

/// The text of an option's default choice (the first if `default` is missing or wrong).
pub(super) fn default_text(option: &ast::OptionDecl) -> &str {
    option
        .default
        .as_ref()
        .filter(|d| option.choices.iter().any(|c| c.text == d.text))
        .or(option.choices.first())
        .map_or("", |c| c.text.as_str())
}

/// The most macros that may be expanded inside one another (`use` of a
/// macro whose body uses another, ...).
pub const MAX_MACRO_DEPTH: usize = 32;

/// The most macro body text, in bytes, that one load may expand (each `use`
/// counts the whole text of its `define`): 1 MiB, as much as one rule file.
/// A macro that uses another twice doubles with each level; this stops it.
pub const MAX_EXPANSION_BYTES: usize = 1 << 20;

/// The most "in this use of" labels one diagnostic gets.
const MAX_USE_LABELS: usize = 16;

impl Loader<'_> {
    /// Replace every `use` in `items` (also inside `when`) by the macro's body.
    pub(super) fn expand(
        &mut self,
        items: &[ast::GameItem],
        stack: &mut Vec<String>,
    ) -> Vec<ast::GameItem> {
        self.expand_in(items, stack, 0, None)
    }

    /// [`Self::expand`] for items inside `depth` `when` blocks of the
    /// expanded game, `site` the innermost `use` being expanded.
    fn expand_in(
        &mut self,
        items: &[ast::GameItem],
        stack: &mut Vec<String>,
        depth: usize,
        site: Option<Span>,
    ) -> Vec<ast::GameItem> {
        let mut out = Vec::new();
        for item in items {
            if self.expansion_failed {
                break;
            }
            match item {
                ast::GameItem::Use(u) => out.extend(self.expand_use(u, stack, depth)),
                ast::GameItem::When(w) => {
                    if depth >= MAX_NESTING {
                        // Only macros can nest `when` this deep: a file's
                        // own blocks are bounded by the parser.
                        let d = Diagnostic::error(
                            site.unwrap_or(w.span),
                            format!(
                                "`when` blocks nested too deeply once macros are expanded: \
                                 more than {MAX_NESTING} levels"
                            ),
                        )
                        .with_code(Code::TooDeep)
                        .with_label("this use nests them too deeply")
                        .with_secondary(
                            Span::new(w.span.file, w.span.start..w.span.start + 4),
                            format!("`when` level {} starts here", MAX_NESTING + 1),
                        )
                        .with_help(format!(
                            "at most {MAX_NESTING} blocks may sit inside one another, \
                             macros expanded"
                        ));
                        self.errors.push(d);
                        self.expansion_failed = true;
                        break;
                    }
                    let mut w = w.clone();
                    w.items = self.expand_in(&w.items, stack, depth + 1, site);
                    out.push(ast::GameItem::When(w));
                }
                other => out.push(other.clone()),
            }
        }
        out
    }

    fn expand_use(
        &mut self,
        u: &ast::Use,
        stack: &mut Vec<String>,
        depth: usize,
    ) -> Vec<ast::GameItem> {
        if self.expansion_failed {
            return Vec::new();
        }
        let Some(def) = self
            .defines
            .iter()
            .find(|d| d.name.text == u.name.text)
            .cloned()
        else {
            let known: Vec<&str> = self.defines.iter().map(|d| d.name.text.as_str()).collect();
            let mut d = unknown("macro", &u.name, known.iter().copied());
            if known.is_empty() {
                d = d.with_help(
                    "define it first: `define NAME(P) { ... }` (or import the file that does)",
                );
            }
            self.errors.push(d);
            return Vec::new();
        };
        if stack.contains(&def.name.text) {
            self.errors.push(
                Diagnostic::error(
                    u.name.span,
                    format!("macro `{}` uses itself", def.name.text),
                )
                .with_code(Code::Cycle)
                .with_label("recursive use")
                .with_secondary(def.name.span, "defined here"),
            );
            return Vec::new();
        }
        if stack.len() >= MAX_MACRO_DEPTH {
            self.errors.push(
                Diagnostic::error(
                    u.span,
                    format!(
                        "macros nested too deeply: more than {MAX_MACRO_DEPTH} macros \
                         inside one another"
                    ),
                )
                .with_code(Code::TooDeep)
                .with_label(format!("macro {} is used here", MAX_MACRO_DEPTH + 1))
                .with_secondary(def.name.span, "defined here")
                .with_help(format!(
                    "a macro may use another, up to {MAX_MACRO_DEPTH} levels deep"
                )),
            );
            self.expansion_failed = true;
            return Vec::new();
        }
        let size = def.span.end.saturating_sub(def.span.start);
        if self.expanded_bytes.saturating_add(size) > MAX_EXPANSION_BYTES {
            self.errors.push(
                Diagnostic::error(
                    u.span,
                    format!(
                        "macro expansion too large: expanding `{}` here takes the load past \
                         {} MiB of expanded macro text",
                        def.name.text,
                        MAX_EXPANSION_BYTES >> 20
                    ),
                )
                .with_code(Code::Macro)
                .with_label("the expansion budget runs out at this use")
                .with_secondary(def.name.span, "defined here")
                .with_help(format!(
                    "the macros used in loading one game may expand to at most {} bytes \
                     (each use counts its whole `define`); a macro that uses another twice \
                     doubles with each level",
                    MAX_EXPANSION_BYTES
                )),
            );
            self.expansion_failed = true;
            return Vec::new();
        }
        self.expanded_bytes += size;
        if def.params.len() != u.args.len() {
            let params: Vec<&str> = def.params.iter().map(|p| p.text.as_str()).collect();
            let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
            self.errors.push(
                Diagnostic::error(
                    u.span,
                    format!(
                        "macro `{}` takes {} {}, found {}",
                        def.name.text,
                        def.params.len(),
                        plural(def.params.len()),
                        u.args.len()
                    ),
                )
                .with_code(Code::Macro)
                .with_label(format!(
                    "expected {} {}",
                    def.params.len(),
                    plural(def.params.len())
                ))
                .with_secondary(
                    def.name.span,
                    format!("defined here as `{}({})`", def.name.text, params.join(", ")),
                ),
            );
            return Vec::new();
        }
        let args: HashMap<&str, &MacroArg> = def
            .params
            .iter()
            .map(|p| p.text.as_str())
            .zip(&u.args)
            .collect();
        let mut body = def.items.clone();
        let mut errors = Vec::new();
        let not_param = |text: &str, span: Span| {
            let name = text.trim_start_matches('$');
            let d = Diagnostic::error(
                span,
                format!("`{text}` is not a parameter of macro `{}`", def.name.text),
            )
            .with_code(Code::Macro)
            .with_label("no parameter has this name");
            match did_you_mean(name, def.params.iter().map(|p| p.text.as_str())) {
                Some(g) => d.with_help(format!("did you mean `${g}`?")),
                None if def.params.is_empty() => d.with_help("this macro has no parameters"),
                None => d.with_help(format!(
                    "parameters: {}",
                    def.params
                        .iter()
                        .map(|p| format!("`${}`", p.text))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        };
        let sources = &*self.sources;
        walk_items(&mut body, &mut |slot| match slot {
            Slot::Name(i) => {
                let Some(name) = i.text.strip_prefix('$') else {
                    return;
                };
                match args.get(name) {
                    None => errors.push(not_param(&i.text, i.span)),
                    Some(MacroArg::Name(a)) => {
                        i.text.clone_from(&a.text);
                        i.span = a.span;
                    }
                    Some(MacroArg::Number(n)) => errors.push(
                        Diagnostic::error(
                            n.span,
                            format!(
                                "`{}` stands for a name, but the argument is the number {}",
                                i.text,
                                written(sources, n.span)
                            ),
                        )
                        .with_code(Code::Macro)
                        .with_label("expected a name")
                        .with_secondary(i.span, "used as a name here"),
                    ),
                }
            }
            Slot::Number(n) => {
                let Some(name) = n.param.clone() else { return };
                match args.get(name.as_str()) {
                    None => errors.push(not_param(&format!("${name}"), n.span)),
                    Some(MacroArg::Number(a)) => {
                        n.value = a.value;
                        n.span = a.span;
                        n.param = None;
                    }
                    Some(MacroArg::Name(a)) => errors.push(
                        Diagnostic::error(
                            a.span,
                            format!(
                                "`${name}` stands for a whole number, but the argument is `{}`",
                                a.text
                            ),
                        )
                        .with_code(Code::Macro)
                        .with_label("expected a whole number")
                        .with_secondary(n.span, "used as a number here"),
                    ),
                }
            }
            Slot::Arg(a) => {
                let MacroArg::Name(i) = a else { return };
                let Some(name) = i.text.strip_prefix('$') else {
                    return;
                };
                match args.get(name) {
                    None => errors.push(not_param(&i.text, i.span)),
                    Some(&arg) => *a = arg.clone(),
                }
            }
        });
        if !errors.is_empty() {
            let site = format!("in this use of `{}`", def.name.text);
            self.errors.extend(
                errors
                    .into_iter()
                    .map(|e| e.with_secondary(u.span, site.clone())),
            );
            return Vec::new();
        }
        self.expansions.push(Expansion {
            body: def.span,
            site: u.span,
            name: def.name.text.clone(),
        });
        stack.push(def.name.text.clone());
        let out = self.expand_in(&body, stack, depth, Some(u.span));
        stack.pop();
        out
    }

    /// The items of `items` with each `when` replaced by its blocks if the
    /// option has that value, or dropped; the names written in dropped blocks
    /// go to `untaken`, the options the `when`s test to `read`.
    pub(super) fn select_when(
        &mut self,
        items: &[ast::GameItem],
        options: &IndexMap<String, ast::OptionDecl>,
        untaken: &mut HashSet<String>,
        read: &mut HashSet<String>,
    ) -> Vec<ast::GameItem> {
        let mut out = Vec::new();
        for item in items {
            let ast::GameItem::When(w) = item else {
                out.push(item.clone());
                continue;
            };
            let option = match find_option(options, &w.option) {
                Ok(o) => o,
                Err(d) => {
                    self.errors.push(*d);
                    continue;
                }
            };
            read.insert(option.name.text.clone());
            if let Err(d) = choice_index(option, &w.choice) {
                self.errors.push(*d);
                continue;
            }
            let value = self
                .option_params
                .iter()
                .find(|(n, _)| *n == option.name.text)
                .map_or(default_text(option), |(_, v)| v.as_str());
            if value == w.choice.text {
                out.extend(self.select_when(&w.items, options, untaken, read));
            } else {
                walk_items(&mut w.items.clone(), &mut |slot| {
                    if let Slot::Name(i) = slot {
                        untaken.insert(i.text.clone());
                    }
                });
            }
        }
        out
    }

    /// Add a secondary label at the `use` to each diagnostic inside a macro
    /// body (at most [`MAX_USE_LABELS`] of them: a macro used 40,000 times
    /// would otherwise give each of its errors 40,000 labels).
    pub(super) fn point_at_uses(&self, diags: &mut [Diagnostic]) {
        for d in diags {
            let mut at = vec![d.span];
            let mut i = 0;
            while i < at.len() && i < 8 {
                for e in &self.expansions {
                    if at.len() > MAX_USE_LABELS {
                        break;
                    }
                    if contains(e.body, at[i])
                        && !at.contains(&e.site)
                        && !d.secondary.iter().any(|(s, _)| *s == e.site)
                    {
                        d.secondary
                            .push((e.site, format!("in this use of `{}`", e.name)));
                        at.push(e.site);
                    }
                }
                i += 1;
            }
        }
    }
}

/// One error for each macro parameter (`$x`: a name, a whole number or an
/// argument of `use`) written in `games`, that is, outside any `define`; in
/// source order. Run on each file as it is parsed, before anything else.
pub(super) fn params_outside_macros(games: &mut [ast::Game]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for g in games {
        walk_items(&mut g.items, &mut |slot| {
            let at = match slot {
                Slot::Name(i) if i.text.starts_with('$') => Some((i.text.clone(), i.span)),
                Slot::Number(ast::Uint {
                    param: Some(p),
                    span,
                    ..
                }) => Some((format!("${p}"), *span)),
                Slot::Arg(MacroArg::Name(i)) if i.text.starts_with('$') => {
                    Some((i.text.clone(), i.span))
                }
                _ => None,
            };
            if let Some((text, sp)) = at {
                errors.push(
                    Diagnostic::error(sp, format!("`{text}` is a macro parameter outside a macro"))
                        .with_code(Code::Macro)
                        .with_label("only allowed inside `define NAME(...) { ... }`"),
                );
            }
        });
    }
    errors
}
