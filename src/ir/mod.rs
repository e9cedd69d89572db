//! The validated rule set: what a rule file means, with every name resolved.
//!
//! The IR is produced by [`crate::ir::lower`] from the AST and consumed by
//! [`crate::movegen`], which compiles it into per-square tables. Vectors are in
//! the mover's frame (+y is forward); zones, castling squares and the setup are
//! already resolved to absolute squares for each player.

pub mod describe;
pub mod lower;

use crate::lang::diagnostic::Span;

/// A square as (file, rank), both 0-based from White's lower left.
pub type Coord = (u8, u8);
/// A vector (dx, dy) in the mover's frame: +y is forward.
pub type Vector = (i8, i8);
/// Index into [`RuleSet::pieces`].
pub type PieceId = usize;
/// Index into [`RuleSet::zones`].
pub type ZoneId = usize;

/// A whole game, resolved and validated.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSet {
    /// The game's name (`game Chess { .. }`).
    pub name: String,
    /// Geometry.
    pub board: BoardDef,
    /// Exactly two players; index 0 moves first and is upper case in FEN.
    pub players: [PlayerDef; 2],
    /// Pieces in declaration order.
    pub pieces: Vec<PieceDef>,
    /// Named zones, per player.
    pub zones: Vec<ZoneDef>,
    /// Castling, if the game has it.
    pub castling: Option<CastlingDef>,
    /// The start position.
    pub setup: SetupDef,
    /// How the game ends.
    pub end: EndDef,
    /// Tests written in the rule file.
    pub tests: Vec<TestDef>,
    /// Drop rules: how pieces enter from the reserve.
    pub drops: Vec<DropDef>,
    /// Options declared by the game (decided before move 1).
    pub options: Vec<OptionDef>,
    /// Position-level legality: a move is illegal if afterwards one holds.
    pub forbid: Vec<ForbidDef>,
    /// Captures that remove more than the captured piece (`explosion`).
    pub explosion: Option<ExplosionDef>,
    /// The choice this rule set was lowered with, per option (index into
    /// `options[i].choices`), in declaration order.
    pub option_values: Vec<usize>,
    /// `must capture`: when the side to move has a legal capture, only
    /// captures are legal.
    pub must_capture: bool,
    /// `pass`: a player may pass instead of moving.
    pub pass: bool,
    /// `captures to hand`: a captured piece goes to the captor's reserve as
    /// its unpromoted kind (a piece that promoted reverts to the kind it
    /// promoted from), and the FEN marks promoted pieces with `~`.
    pub captures_to_hand: bool,
    /// `gating in ZONE`: when a piece first leaves its square of the zone, a
    /// piece from the mover's hand may enter the square in the same move
    /// (at most one square per file for each player).
    pub gating: Option<ZoneId>,
}

impl RuleSet {
    /// Every declared option with its value, in declared order: the value
    /// `given` names for it, else its default.
    pub fn option_settings(&self, given: &[(String, String)]) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|d| {
                let v = given
                    .iter()
                    .find(|(n, _)| *n == d.name)
                    .map_or_else(|| d.choices[d.default].clone(), |(_, v)| v.clone());
                (d.name.clone(), v)
            })
            .collect()
    }
}

/// A drop rule: a piece of the mover's reserve placed on an empty square.
#[derive(Debug, Clone, PartialEq)]
pub struct DropDef {
    /// The piece dropped.
    pub piece: PieceId,
    /// Where it may land (per player); None = any empty square.
    pub zone: Option<ZoneId>,
    /// Conditions on squares relative to the drop square.
    pub requires: Vec<Requirement>,
    /// `max N per file`: not on a file where N of the mover's pieces of
    /// this type stand.
    pub per_file: Option<u8>,
    /// What else happens in the same move.
    pub effects: Vec<DropEffect>,
    /// Where it was declared.
    pub span: Span,
}

/// A condition a drop needs, on a square at a vector (mover's frame) from the drop square.
#[derive(Debug, Clone, PartialEq)]
pub enum Requirement {
    /// The square holds a piece passing the filter.
    Piece(Vector, PieceFilter),
    /// The square exists and is empty.
    Empty(Vector),
}

/// A side effect of a drop.
#[derive(Debug, Clone, PartialEq)]
pub enum DropEffect {
    /// The piece at `at` (relative to the drop square) moves `steps` times by
    /// `by`; every square it passes and the one it reaches must be empty.
    Relocate {
        /// Where the relocated piece stands, relative to the drop square.
        at: Vector,
        /// Its step vector.
        by: Vector,
        /// Number of steps (>= 1).
        steps: u8,
        /// The squares passed become en-passant squares (as after a double step).
        sets_ep: bool,
    },
}

/// An option decided before the game starts, e.g. by a vote.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDef {
    /// Name, e.g. "extra".
    pub name: String,
    /// The question put to players.
    pub prompt: String,
    /// Possible values, e.g. ["no", "yes"].
    pub choices: Vec<String>,
    /// Index of the value used when nothing decides it.
    pub default: usize,
    /// How players decide it, if they do.
    pub vote: Option<VoteDef>,
    /// Where it was declared.
    pub span: Span,
}

/// A pre-game vote.
#[derive(Debug, Clone, PartialEq)]
pub struct VoteDef {
    /// Voters in order: the player, and the condition under which they are
    /// asked: an earlier voter (player index) having answered this choice.
    pub voters: Vec<(usize, Option<(usize, usize)>)>,
    /// If any voter chose this value, it is the result...
    pub any: usize,
    /// ...otherwise this one.
    pub otherwise: usize,
}

/// Why ballots do not fit a vote's order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BallotError {
    /// A player voted while another is asked.
    #[error("player {voter} votes out of turn (player {asked} is asked now)")]
    OutOfTurn {
        /// Who voted.
        voter: usize,
        /// Who is asked now.
        asked: usize,
    },
    /// A player who is asked has not voted.
    #[error("player {0} has not voted")]
    Missing(usize),
    /// A player voted who is not asked (any more).
    #[error("player {0} is not asked to vote")]
    NotAsked(usize),
}

impl From<BallotError> for String {
    fn from(e: BallotError) -> String {
        e.to_string()
    }
}

impl VoteDef {
    /// The result of a vote, or an error if the ballots do not fit the order
    /// (a player voting who is not asked, or one asked who did not vote).
    /// `ballots` are (player, choice) in the order cast.
    pub fn decide(&self, ballots: &[(usize, usize)]) -> Result<usize, BallotError> {
        let mut cast: Vec<(usize, usize)> = Vec::new();
        let mut rest = ballots.iter();
        for &(player, cond) in &self.voters {
            let asked = cond.is_none_or(|(p, c)| cast.iter().any(|&(q, d)| q == p && d == c));
            if !asked {
                continue;
            }
            match rest.next() {
                Some(&(p, c)) if p == player => cast.push((p, c)),
                Some(&(p, _)) => {
                    return Err(BallotError::OutOfTurn {
                        voter: p,
                        asked: player,
                    });
                }
                None => return Err(BallotError::Missing(player)),
            }
        }
        if let Some(&(p, _)) = rest.next() {
            return Err(BallotError::NotAsked(p));
        }
        Ok(if cast.iter().any(|&(_, c)| c == self.any) {
            self.any
        } else {
            self.otherwise
        })
    }
}

/// A rectangular board with optional holes.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardDef {
    /// Number of files (columns), 1..=16.
    pub files: u8,
    /// Number of ranks (rows), 1..=16.
    pub ranks: u8,
    /// Label of each file, e.g. "a".."h".
    pub file_labels: Vec<String>,
    /// Label of each rank, e.g. "1".."8".
    pub rank_labels: Vec<String>,
    /// Squares missing from the board.
    pub holes: Vec<Coord>,
}

/// How a player's frame maps mover-frame vectors onto the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// (x, y) as written.
    Identity,
    /// (x, -y): Black in orthodox chess.
    MirrorRanks,
    /// (-x, y).
    MirrorFiles,
    /// (-x, -y): a half turn.
    Rotate,
}

impl Frame {
    /// Map a mover-frame vector to an absolute one.
    pub fn apply(self, (x, y): Vector) -> Vector {
        match self {
            Frame::Identity => (x, y),
            Frame::MirrorRanks => (x, -y),
            Frame::MirrorFiles => (-x, y),
            Frame::Rotate => (-x, -y),
        }
    }

    /// The frame taking the first player's view (`first`) to another
    /// player's (`other`).
    pub fn between(first: Frame, other: Frame) -> Frame {
        let flips = |f: Frame| match f {
            Frame::Identity => (false, false),
            Frame::MirrorRanks => (false, true),
            Frame::MirrorFiles => (true, false),
            Frame::Rotate => (true, true),
        };
        let ((a, b), (c, d)) = (flips(first), flips(other));
        match (a != c, b != d) {
            (false, false) => Frame::Identity,
            (false, true) => Frame::MirrorRanks,
            (true, false) => Frame::MirrorFiles,
            (true, true) => Frame::Rotate,
        }
    }

    /// Map a square given in the first player's frame to this player's.
    pub fn map_coord(self, (f, r): Coord, files: u8, ranks: u8) -> Coord {
        match self {
            Frame::Identity => (f, r),
            Frame::MirrorRanks => (f, ranks - 1 - r),
            Frame::MirrorFiles => (files - 1 - f, r),
            Frame::Rotate => (files - 1 - f, ranks - 1 - r),
        }
    }
}

/// One player.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerDef {
    /// Name, e.g. "white".
    pub name: String,
    /// Frame of reference for this player's vectors.
    pub frame: Frame,
}

/// A piece type.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceDef {
    /// Name, as written in the rule file.
    pub name: String,
    /// FEN letter, upper case.
    pub letter: char,
    /// Written `+` then the letter (`"+P"`): the promoted form of the piece
    /// with the plain letter, to which it reverts in a hand.
    pub plus: bool,
    /// Value in centipawns (`value 3` is 300, `value 1.2` is 120).
    pub value: i32,
    /// Losing all royal pieces (checkmate) ends the game; they may not be left attacked.
    pub royal: bool,
    /// A move of this piece resets the no-progress counter (captures always do).
    pub resets_clock: bool,
    /// How a board draws it (`figure "cannon"`), if the rule file says.
    pub figure: Option<String>,
    /// `uncapturable [by ...]`: the pieces that may not capture it (every
    /// kind when written without `by`); empty: any piece may.
    pub uncapturable_by: Vec<PieceId>,
    /// `never captures`: the kinds its rules never capture.
    pub never_captures: Vec<PieceId>,
    /// `never hops over`: the kinds its hops never take as a screen.
    pub never_hops_over: Vec<PieceId>,
    /// Movement rules, in file order, with the three lists above folded into
    /// their `capturing` filters and hop screens.
    pub moves: Vec<MoveRule>,
    /// Promotion on reaching a zone.
    pub promotion: Option<Promotion>,
    /// Where it was declared.
    pub span: Span,
}

/// Promotion: a move ending in `zone` turns the piece into one of `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Promotion {
    /// The zone that triggers it (per player).
    pub zone: ZoneId,
    /// The choices, in file order.
    pub to: Vec<PieceId>,
    /// `captured`: a choice is offered only while the player has fewer of it
    /// on the board than the setup places for them.
    pub captured: bool,
    /// `optional`: the unpromoted move is legal too, wherever the piece
    /// could still move on an empty board afterwards.
    pub optional: bool,
    /// `in or from`: a move that starts in the zone promotes too.
    pub leaving: bool,
}

/// One movement rule, a closed set.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveRule {
    /// Move along `vector` repeatedly, `min..=max` times (max 0 = unbounded).
    /// Intermediate squares must be empty; `step` is `1..=1`, `leap` is a
    /// `1..=1` ride of a longer vector (intermediate squares are not visited).
    Ride(Ride),
    /// Slide to a screen, jump it, then land according to `shape`.
    Hop(Hop),
    /// Moves of `fallback` exist only if `first` yields no move for this piece.
    Prefer {
        /// Preferred rules.
        first: Vec<MoveRule>,
        /// Rules used only when `first` yields nothing.
        fallback: Vec<MoveRule>,
    },
}

/// A rider, leaper or stepper.
#[derive(Debug, Clone, PartialEq)]
pub struct Ride {
    /// Step vector, mover's frame.
    pub vector: Vector,
    /// Minimum number of steps (>= 1).
    pub min: u8,
    /// Maximum number of steps; 0 means unbounded.
    pub max: u8,
    /// What the landing square may hold.
    pub to: Target,
    /// Conditions on the position.
    pub guards: Vec<Guard>,
    /// Side effects.
    pub effects: Vec<Effect>,
}

/// A hopper: it slides to a screen, jumps it, and lands beyond.
#[derive(Debug, Clone, PartialEq)]
pub struct Hop {
    /// Line vector, mover's frame.
    pub vector: Vector,
    /// Which pieces may serve as the screen.
    pub screen: PieceFilter,
    /// Where it lands after the screen.
    pub shape: HopShape,
    /// What the landing square may hold.
    pub to: Target,
    /// Conditions on the position.
    pub guards: Vec<Guard>,
}

/// Landing after a hop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HopShape {
    /// The first piece beyond the screen (as a Xiangqi pao captures).
    First,
    /// Only the square right behind the screen.
    Next,
    /// Any square beyond the screen up to and including the first piece.
    Slide,
}

/// A filter on pieces by owner and type.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PieceFilter {
    /// Owner relative to the mover; None = either.
    pub owner: Option<Owner>,
    /// Allowed piece types; empty = any.
    pub pieces: Vec<PieceId>,
    /// Negate the whole filter.
    pub negate: bool,
}

/// Owner of a piece, relative to the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The mover's.
    Friend,
    /// The opponent's.
    Enemy,
}

/// What a landing square may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// An empty square (a non-capture).
    Empty,
    /// An enemy piece (capture only).
    Enemy,
    /// Empty or an enemy piece.
    NotFriend,
    /// The en-passant square left by the opponent's last move.
    EnPassant,
}

/// A condition a rule needs.
#[derive(Debug, Clone, PartialEq)]
pub enum Guard {
    /// The moving piece starts in this zone.
    FromIn(ZoneId),
    /// The moving piece does not start in this zone.
    FromNotIn(ZoneId),
    /// The square at this vector (mover's frame) from the start is occupied.
    Occupied(Vector),
    /// The square at this vector from the start is empty (or off the board).
    Empty(Vector),
    /// `within ZONE`: the start, every square passed and the landing square
    /// are in the zone.
    Within(ZoneId),
    /// `capturing FILTER`: a capture only of a piece that passes the filter.
    Captures(PieceFilter),
}

/// A side effect of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The square passed just before landing becomes the en-passant square for the
    /// opponent's next move, capturing the moving piece.
    SetsEnPassant,
}

/// A named zone, resolved per player to absolute squares.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneDef {
    /// Name.
    pub name: String,
    /// Squares for each player.
    pub squares: [Vec<Coord>; 2],
}

/// Castling.
#[derive(Debug, Clone, PartialEq)]
pub struct CastlingDef {
    /// The piece that castles (must be royal).
    pub king: PieceId,
    /// The piece it castles with.
    pub partner: PieceId,
    /// The wings, in file order.
    pub sides: Vec<CastleSide>,
}

/// One wing of castling.
#[derive(Debug, Clone, PartialEq)]
pub struct CastleSide {
    /// Name, e.g. "short".
    pub name: String,
    /// King start, per player (absolute).
    pub king_from: [Coord; 2],
    /// King destinations, per player (absolute); several allowed.
    pub king_to: [Vec<Coord>; 2],
    /// Partner start, per player.
    pub partner_from: [Coord; 2],
    /// Partner destination, per player.
    pub partner_to: [Coord; 2],
}

/// The start position.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SetupDef {
    /// (player, piece, square).
    pub placements: Vec<(usize, PieceId, Coord)>,
    /// (player, piece, count) in hand.
    pub reserves: Vec<(usize, PieceId, u8)>,
    /// Where the `setup` block is written (for errors about the start position).
    pub span: Span,
}

/// The result of a game end, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move loses.
    Loss,
    /// The side to move wins.
    Win,
    /// Draw.
    Draw,
    /// Decided by the `points` table ([`PointsDef`]): more points win,
    /// equal points draw. Resolved in the position where the game ends.
    Points,
}

/// `points { ... }`: each player's material points, in hundredths.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsDef {
    /// The points of one piece of each type on the board (by piece id).
    pub pieces: Vec<i64>,
    /// Each player's bonus.
    pub bonus: [i64; 2],
}

/// End conditions.
#[derive(Debug, Clone, PartialEq)]
pub struct EndDef {
    /// No legal move while in check.
    pub checkmate: Outcome,
    /// No legal move while not in check.
    pub stalemate: Outcome,
    /// The same position for the N-th time.
    pub repetition: Option<(u32, Outcome)>,
    /// N full moves (2N plies) without a capture or clock-resetting move.
    pub no_progress: Option<(u32, Outcome)>,
    /// `checks N`: a player who has given check N times; the outcome is
    /// for that player.
    pub checks: Option<(u32, Outcome)>,
    /// `reaches` conditions, in order.
    pub reach: Vec<ReachDef>,
    /// `extinct`: a player with none of these pieces left (on the board or in
    /// hand) ends the game, the outcome being for that player.
    pub extinct: Vec<Extinction>,
    /// `bare`: a player with none of these pieces left (every piece but
    /// those named) is bare; the outcome is for that player.
    pub bare: Vec<Extinction>,
    /// `passes N`: N passes in a row end the game; the outcome is for the
    /// side to move.
    pub passes: Option<(u32, Outcome)>,
    /// `facing ... -> O`: while the pieces face each other, the side to move
    /// must end it or pass; a pass ends the game (outcome for the side to
    /// move then).
    pub facing: Option<(ForbidDef, Outcome)>,
    /// `counting ... -> O`: the count's limits; the outcome (for the side
    /// to move) when a count passes its limit.
    pub counting: Option<(CountingDef, Outcome)>,
    /// `points { ... }`: the table the outcome `points` reads.
    pub points: Option<PointsDef>,
    /// `perpetual check -> O`: a repetition ending the game in which one
    /// player gave check with each of its moves since the repeated position
    /// first stood; O is for that player (both: the repetition's outcome).
    pub perpetual: Option<Outcome>,
    /// `checkmate by drop P+ -> O`: a checkmate given by dropping one of
    /// these pieces; O is for the mated player.
    pub drop_mate: Option<(Vec<PieceId>, Outcome)>,
}

/// `counting without P+ { board N  P K -> N ...  else N }`, limits in full
/// moves.
#[derive(Debug, Clone, PartialEq)]
pub struct CountingDef {
    /// Pieces whose presence on the board (either side's) stops the count.
    pub without: Vec<PieceId>,
    /// The limit while the counting player has more than one piece.
    pub board: u32,
    /// For a counting player with one piece: the first `(P, K, N)` whose
    /// P the opponent has K or more of gives the limit N.
    pub limits: Vec<(PieceId, u32, u32)>,
    /// The limit for a player with one piece otherwise.
    pub otherwise: u32,
}

/// `PIECE... reaches ZONE -> O [answered -> O]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReachDef {
    /// The piece types that count.
    pub pieces: Vec<PieceId>,
    /// The zone; each player's own squares of it.
    pub zone: ZoneId,
    /// The result for the player whose piece stands there.
    pub outcome: Outcome,
    /// When the first player gets there, the second may answer with a move
    /// of such a piece into its squares of the zone: if it does, this is the
    /// result (for either player); if it cannot, the first player's result
    /// holds at once.
    pub answered: Option<Outcome>,
}

/// A condition that makes a move illegal if it holds after the move.
#[derive(Debug, Clone, PartialEq)]
pub enum ForbidDef {
    /// The move gives check.
    Check,
    /// A piece of these types of each player on one line along one of the
    /// vectors (either way, in the mover's frame), nothing between them.
    Facing {
        /// The piece types.
        pieces: Vec<PieceId>,
        /// The lines' directions.
        dirs: Vec<Vector>,
    },
}

/// One `extinct` rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Extinction {
    /// The piece types counted together; the rule holds when a player has
    /// none of them.
    pub pieces: Vec<PieceId>,
    /// The result for the player who has none left.
    pub outcome: Outcome,
}

/// `explosion`: a capture also removes the capturing piece and, on the
/// squares at these vectors from the capture square (its landing square),
/// every piece that passes the filter. A player left without a royal piece
/// has lost.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplosionDef {
    /// Vectors from the capture square, in the first player's frame.
    pub around: Vec<Vector>,
    /// Which pieces there are removed (owner relative to the capturer).
    pub removes: PieceFilter,
}

/// A test written in a rule file.
#[derive(Debug, Clone, PartialEq)]
pub struct TestDef {
    /// Its title.
    pub name: String,
    /// Where it is.
    pub span: Span,
    /// Steps, run in order.
    pub steps: Vec<TestStep>,
}

/// One step of a test.
#[derive(Debug, Clone, PartialEq)]
pub enum TestStep {
    /// Set up this position (FEN), the span covering the string.
    Fen(String, Span),
    /// The current position, written as FEN, must be this one (the span
    /// covering the string).
    FenIs(String, Span),
    /// Play these moves (coordinate notation) from the current position.
    Play(Vec<(String, Span)>),
    /// perft(depth) must equal nodes.
    Perft {
        /// Depth.
        depth: u32,
        /// Expected count.
        nodes: u64,
        /// Where.
        span: Span,
    },
    /// These moves must be legal.
    Legal(Vec<(String, Span)>),
    /// These moves must not be legal.
    Illegal(Vec<(String, Span)>),
    /// The number of legal moves.
    MoveCount(u64, Span),
    /// The side to move is in this state.
    Expect(Expectation, Span),
    /// Run the rest of the test with these option values (name, value); must
    /// come first. The game is lowered again with them.
    Options(Vec<(String, String, Span)>),
    /// Cast these ballots (player name, choice) in the vote of `option`; the
    /// result must be `expect` (None: the ballots must be refused).
    Vote {
        /// The option voted on.
        option: String,
        /// (player, choice) in the order cast.
        ballots: Vec<(String, String)>,
        /// The expected result.
        expect: Option<String>,
        /// Where.
        span: Span,
    },
}

/// A state a test can expect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expectation {
    /// In check.
    Check,
    /// Not in check.
    NotCheck,
    /// Checkmated.
    Checkmate,
    /// Stalemated.
    Stalemate,
    /// Over by an `extinct` rule.
    Extinct,
    /// Over by a `bare` rule.
    Bare,
    /// Over by a `counting` rule.
    Counting,
    /// Over (by any end rule) with this outcome for the side to move.
    Result(Outcome),
}

/// Which pieces (by index) can enter a game of `rules`: those of the start
/// position, those of the reserves that a drop rule brings in, and what a
/// piece that enters promotes to.
pub fn entering_pieces(rules: &RuleSet) -> Vec<bool> {
    let mut enters = vec![false; rules.pieces.len()];
    let dropped = rules
        .setup
        .reserves
        .iter()
        .map(|&(_, p, _)| p)
        .filter(|&p| rules.drops.iter().any(|d| d.piece == p));
    for p in rules
        .setup
        .placements
        .iter()
        .map(|&(_, p, _)| p)
        .chain(dropped)
    {
        enters[p] = true;
    }
    let mut grew = true;
    while grew {
        grew = false;
        for (i, piece) in rules.pieces.iter().enumerate() {
            if let (true, Some(promo)) = (enters[i], &piece.promotion) {
                for to in &promo.to {
                    grew |= !std::mem::replace(&mut enters[*to], true);
                }
            }
        }
    }
    enters
}
