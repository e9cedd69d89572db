//! Board geometry and positions.
