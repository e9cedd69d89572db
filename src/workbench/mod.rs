//! The rule author's workbench: compare two versions of a rule file
//! ([`diff`]), format rule files ([`fmt`]), and the other tools an author
//! runs on rule files.

pub mod balance;
pub mod balance_svg;
pub mod balance_values;
pub mod diff;
pub mod fmt;
pub mod scaffold;
pub mod tune;
pub mod tune_squares;
