//! AST to IR: imports, inheritance, name resolution, validation. (stub until the front end lands)
use super::RuleSet;
use crate::lang::diagnostic::{Diagnostic, SourceMap};
/// A loaded game.
pub struct Loaded {
    /// Rules.
    pub rules: RuleSet,
    /// Lints.
    pub warnings: Vec<Diagnostic>,
}
/// Load.
pub fn load_file(_path: &std::path::Path, _sources: &mut SourceMap) -> Result<Loaded, Vec<Diagnostic>> {
    Err(vec![])
}
/// Load.
pub fn load_source(_name: &str, _source: &str, _sources: &mut SourceMap) -> Result<Loaded, Vec<Diagnostic>> {
    Err(vec![])
}
