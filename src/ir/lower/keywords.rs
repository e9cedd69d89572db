//! The pure keywords of the language (a closed set of words in the AST)
//! converted to the IR's closed enums, one `From` impl each.

use crate::ir::{Frame, HopShape, Outcome, Owner, Target};
use crate::lang::ast;

impl From<ast::Outcome> for Outcome {
    fn from(o: ast::Outcome) -> Self {
        match o {
            ast::Outcome::Loss => Outcome::Loss,
            ast::Outcome::Win => Outcome::Win,
            ast::Outcome::Draw => Outcome::Draw,
            ast::Outcome::Points => Outcome::Points,
        }
    }
}

impl From<ast::OwnerKind> for Owner {
    fn from(o: ast::OwnerKind) -> Self {
        match o {
            ast::OwnerKind::Friend => Owner::Friend,
            ast::OwnerKind::Enemy => Owner::Enemy,
        }
    }
}

impl From<ast::TargetKind> for Target {
    fn from(t: ast::TargetKind) -> Self {
        match t {
            ast::TargetKind::Empty => Target::Empty,
            ast::TargetKind::Enemy => Target::Enemy,
            ast::TargetKind::NotFriend => Target::NotFriend,
            ast::TargetKind::EnPassant => Target::EnPassant,
        }
    }
}

impl From<ast::HopShapeKind> for HopShape {
    fn from(s: ast::HopShapeKind) -> Self {
        match s {
            ast::HopShapeKind::First => HopShape::First,
            ast::HopShapeKind::Next => HopShape::Next,
            ast::HopShapeKind::Slide => HopShape::Slide,
        }
    }
}

impl From<ast::FrameKind> for Frame {
    fn from(f: ast::FrameKind) -> Self {
        match f {
            ast::FrameKind::MirrorRanks => Frame::MirrorRanks,
            ast::FrameKind::MirrorFiles => Frame::MirrorFiles,
            ast::FrameKind::MirrorBoth => Frame::Rotate,
        }
    }
}
