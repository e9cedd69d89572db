//! AST to IR: imports, inheritance, name resolution, validation.
