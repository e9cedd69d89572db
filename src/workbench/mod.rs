//! The rule author's workbench: compare two versions of a rule file
//! ([`diff`]), and the other tools an author runs on rule files.

pub mod diff;
pub mod scaffold;
