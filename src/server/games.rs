//! The games being played: a bounded store (the game idle longest is
//! evicted), each game's pre-game vote, moves and undo, its state as JSON
//! and its PGN.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

use crate::board::Kind;
use crate::ir::OptionDef;
use crate::load::Game;
use crate::movegen::MoveKind;
use crate::notation::{options_tag, parse_fen, write_fen, write_pgn};
use crate::play::{Match, move_squares, reason_text};

use super::error::ApiError;

/// A ballot box: the ballots cast on one option decided by vote.
#[derive(Debug, Clone)]
pub struct VoteState {
    /// Index of the option in the rule set.
    pub option: usize,
    /// (player, choice) in the order cast.
    pub ballots: Vec<(usize, usize)>,
    /// The result once every asked player voted.
    pub result: Option<usize>,
}

/// One game.
pub struct Session {
    /// The variant's id.
    pub variant: String,
    /// The rules at their default options: votes are asked from these.
    pub base: Arc<Game>,
    /// The rules lowered with the decided options (None while voting).
    pub game: Option<Arc<Game>>,
    /// Option values given or decided, (name, value).
    pub options: Vec<(String, String)>,
    /// The votes, in the order asked.
    pub votes: Vec<VoteState>,
    /// The moves played (from the start position of `base` while voting).
    pub m: Match,
    /// A sentence about the rules changing under the game.
    pub notice: Option<String>,
    /// Last use, for eviction.
    pub touched: Instant,
    /// Counts changes, so that a search on an old snapshot is not applied.
    pub rev: u64,
    /// The stop flag of the analysis running on this game, if any.
    pub analysis: Option<Arc<AtomicBool>>,
}

impl Session {
    /// A new game of `base` with `given` option values; the other options
    /// with a vote are asked unless `no_vote`.
    pub fn new(
        variant: &str,
        base: Arc<Game>,
        given: Vec<(String, String)>,
        no_vote: bool,
    ) -> Result<Session, ApiError> {
        let votes = if no_vote {
            Vec::new()
        } else {
            base.variant
                .rules
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| o.vote.is_some() && !given.iter().any(|(n, _)| *n == o.name))
                .map(|(i, _)| VoteState {
                    option: i,
                    ballots: Vec::new(),
                    result: None,
                })
                .collect()
        };
        let start = base.variant.start_position();
        let mut s = Session {
            variant: variant.to_string(),
            base,
            game: None,
            options: given,
            votes,
            m: Match::new(start),
            notice: None,
            touched: Instant::now(),
            rev: 0,
            analysis: None,
        };
        s.start_if_decided()?;
        Ok(s)
    }

    /// The rules being played (the base rules while voting).
    pub fn rules(&self) -> &Arc<Game> {
        self.game.as_ref().unwrap_or(&self.base)
    }

    /// Is a vote still open?
    pub fn vote_pending(&self) -> bool {
        self.game.is_none()
    }

    /// Once every vote is decided, lower the rules with the options and
    /// set up the start position.
    fn start_if_decided(&mut self) -> Result<(), ApiError> {
        if self.votes.iter().any(|v| v.result.is_none()) || self.game.is_some() {
            return Ok(());
        }
        let mut values = self.options.clone();
        for vs in &self.votes {
            let o = &self.base.variant.rules.options[vs.option];
            if let Some(r) = vs.result
                && !values.iter().any(|(n, _)| *n == o.name)
            {
                values.push((o.name.clone(), o.choices[r].clone()));
            }
        }
        let game = if values.is_empty() {
            self.base.clone()
        } else {
            Arc::new(
                self.base
                    .with_options(&values)
                    .map_err(|e| ApiError::conflict(format!("the rules do not load: {e}")))?,
            )
        };
        // Every declared option named, in declared order.
        self.options = game.variant.rules.option_settings(&values);
        self.m = Match::new(game.variant.start_position());
        self.game = Some(game);
        Ok(())
    }

    /// The player whose ballot the open vote awaits: (vote index, player).
    pub fn asked(&self) -> Option<(usize, usize)> {
        let (i, vs) = self
            .votes
            .iter()
            .enumerate()
            .find(|(_, v)| v.result.is_none())?;
        let def = self.base.variant.rules.options[vs.option].vote.as_ref()?;
        let mut cast = vs.ballots.iter();
        for &(player, cond) in &def.voters {
            let asked = cond.is_none_or(|(p, c)| vs.ballots.iter().any(|&(q, d)| q == p && d == c));
            if asked && cast.next().is_none() {
                return Some((i, player));
            }
        }
        None
    }

    /// The option a vote is about.
    pub fn option_def(&self, vote: usize) -> &OptionDef {
        &self.base.variant.rules.options[self.votes[vote].option]
    }

    /// Cast `player`'s ballot for `choice` in the open vote.
    pub fn cast(&mut self, player: usize, choice: usize) -> Result<(), ApiError> {
        let names = &self.base.variant.rules.players;
        let Some((i, asked)) = self.asked() else {
            return Err(ApiError::conflict("no vote is open in this game"));
        };
        if player != asked {
            return Err(ApiError::bad(format!(
                "{} votes out of turn: {} is asked now",
                names[player].name, names[asked].name
            )));
        }
        self.votes[i].ballots.push((player, choice));
        if self.asked().is_none_or(|(j, _)| j != i) {
            let def = self.option_def(i).vote.clone().expect("a vote");
            let r = def.decide(&self.votes[i].ballots).map_err(ApiError::bad)?;
            self.votes[i].result = Some(r);
            self.start_if_decided()?;
        }
        self.rev += 1;
        Ok(())
    }

    /// The index of a player named `name`.
    pub fn player(&self, name: &str) -> Result<usize, ApiError> {
        let p = &self.base.variant.rules.players;
        p.iter()
            .position(|pl| pl.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "unknown player `{name}` (players: {}, {})",
                    p[0].name, p[1].name
                ))
            })
    }

    /// Play a move (coordinate notation or SAN).
    pub fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let Some(g) = &self.game else {
            return Err(ApiError::conflict(
                "the vote is still open: no move before it is decided",
            ));
        };
        let g = g.clone();
        let v = &g.variant;
        if let Some((r, why)) = self.m.end(v) {
            return Err(ApiError::conflict(format!(
                "the game is over ({}, {})",
                r.pgn(),
                reason_text(why)
            )));
        }
        self.m.play_text(v, text).map_err(ApiError::bad)?;
        self.rev += 1;
        Ok(())
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if !self.m.undo() {
            return Err(ApiError::conflict("no move to take back"));
        }
        self.rev += 1;
        Ok(())
    }

    /// The state as docs/api.md describes it.
    pub fn state(&self, id: u64) -> Value {
        let g = self.rules();
        let v = &g.variant;
        let r = &v.rules;
        let pos = self.m.position();
        let end = self.m.end(v);
        let pending = self.vote_pending();
        let legal = if pending || end.is_some() {
            Vec::new()
        } else {
            self.m.legal(v)
        };
        let moves: Vec<Value> = legal
            .iter()
            .map(|&(m, ref text)| {
                let (from, to) = move_squares(v, m);
                let piece = if m.kind == MoveKind::Drop {
                    v.drop_piece(m)
                } else {
                    pos.board[m.from as usize].kind()
                };
                let capture = match m.kind {
                    MoveKind::EnPassant => true,
                    MoveKind::Castle | MoveKind::Drop | MoveKind::Pass => false,
                    _ => !pos.board[m.to as usize].is_none(),
                };
                json!({
                    "move": text,
                    "san": crate::notation::move_to_san(v, pos, m),
                    "from": from,
                    "to": to,
                    "piece": v.letter(piece).to_string(),
                    "drop": m.kind == MoveKind::Drop,
                    "promotion": (m.kind == MoveKind::Promotion).then(|| v.letter(Kind::new(m.data as usize)).to_string()),
                    "castle": m.kind == MoveKind::Castle,
                    "capture": capture,
                })
            })
            .collect();
        let mut reserves = serde_json::Map::new();
        for (c, pl) in r.players.iter().enumerate() {
            let mut hand = serde_json::Map::new();
            for (k, p) in r.pieces.iter().enumerate() {
                let n = pos.reserve[c][k];
                if n > 0 {
                    hand.insert(p.letter.to_string(), json!(n));
                }
            }
            reserves.insert(pl.name.clone(), Value::Object(hand));
        }
        let history: Vec<Value> = self
            .m
            .played
            .iter()
            .map(|p| json!({"move": p.text, "san": p.san, "fen": p.fen}))
            .collect();
        let last = self.m.last().map(|p| {
            let (from, to) = move_squares(v, p.mv);
            json!({"move": p.text, "san": p.san, "fen": p.fen, "from": from, "to": to})
        });
        let votes: Vec<Value> = self
            .votes
            .iter()
            .enumerate()
            .map(|(i, vs)| {
                let o = self.option_def(i);
                let asked = self
                    .asked()
                    .filter(|&(j, _)| j == i)
                    .map(|(_, p)| r.players[p].name.clone());
                let ballots: Vec<Value> = vs
                    .ballots
                    .iter()
                    .map(|&(p, c)| json!({"player": r.players[p].name, "answer": o.choices[c]}))
                    .collect();
                json!({
                    "option": o.name,
                    "prompt": o.prompt,
                    "choices": o.choices,
                    "ballots": ballots,
                    "asked": asked,
                    "result": vs.result.map(|c| o.choices[c].clone()),
                })
            })
            .collect();
        let options: serde_json::Map<String, Value> = if pending {
            serde_json::Map::new()
        } else {
            self.options
                .iter()
                .map(|(n, v)| (n.clone(), json!(v)))
                .collect()
        };
        json!({
            "id": id.to_string(),
            "variant": self.variant,
            "options": options,
            "vote_pending": pending,
            "votes": votes,
            "fen": write_fen(v, pos),
            "start_fen": write_fen(v, &self.m.start),
            "turn": r.players[pos.side].name,
            "ply": self.m.played.len(),
            "check": v.in_check(pos),
            "legal": legal.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
            "san": moves.iter().map(|m| m["san"].clone()).collect::<Vec<_>>(),
            "moves": moves,
            "reserves": reserves,
            "result": end.map(|(res, _)| res.pgn()),
            "reason": end.map(|(_, why)| reason_text(why)),
            "history": history,
            "last_move": last,
            "notice": self.notice,
        })
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let g = self.rules();
        let v = &g.variant;
        let result = self.m.end(v).map_or("*", |(r, _)| r.pgn());
        let mut tags: Vec<(&str, String)> = vec![
            ("Event", "Myriad game".into()),
            ("Site", "myriad serve".into()),
            ("Date", crate::protocol::selfplay::pgn_date()),
            ("White", "?".into()),
            ("Black", "?".into()),
            ("Result", result.into()),
            ("Variant", self.variant.clone()),
            ("SetUp", "1".into()),
            ("FEN", write_fen(v, &self.m.start)),
        ];
        if let Some(o) = options_tag(&self.options)
            && !self.vote_pending()
        {
            tags.push(("Options", o));
        }
        if let Some((_, why)) = self.m.end(v) {
            tags.push(("ResultReason", reason_text(why).into()));
        }
        let san: Vec<String> = self.m.played.iter().map(|p| p.san.clone()).collect();
        write_pgn(
            &tags,
            self.m.start.fullmove,
            self.m.start.side,
            &san,
            result,
        )
    }

    /// Stop the analysis running on this game, if any.
    pub fn stop_analysis(&mut self) {
        if let Some(f) = self.analysis.take() {
            f.store(true, Ordering::Relaxed);
        }
    }

    /// Set the start position from a FEN (checked against the rules).
    pub fn set_fen(&mut self, fen: &str) -> Result<(), ApiError> {
        let g = self.rules().clone();
        let pos = parse_fen(&g.variant, fen).map_err(|e| ApiError::bad(e.to_string()))?;
        self.m = Match::new(pos);
        Ok(())
    }
}

/// The games, at most `max`; adding one more evicts the game idle longest.
pub struct Games {
    next: u64,
    max: usize,
    /// The games by id.
    pub map: HashMap<u64, Session>,
}

impl Games {
    /// An empty store for `max` games.
    pub fn new(max: usize) -> Games {
        Games {
            next: 1,
            max: max.max(1),
            map: HashMap::new(),
        }
    }

    /// Add a game; its id.
    pub fn insert(&mut self, s: Session) -> u64 {
        while self.map.len() >= self.max {
            let Some((&old, _)) = self.map.iter().min_by_key(|(_, s)| s.touched) else {
                break;
            };
            if let Some(mut s) = self.map.remove(&old) {
                s.stop_analysis();
            }
        }
        let id = self.next;
        self.next += 1;
        self.map.insert(id, s);
        id
    }

    /// The game with this id (marked as used).
    pub fn get(&mut self, id: &str) -> Result<(u64, &mut Session), ApiError> {
        let n: Option<u64> = id.parse().ok();
        match n.and_then(|n| self.map.get_mut(&n).map(|s| (n, s))) {
            Some((n, s)) => {
                s.touched = Instant::now();
                Ok((n, s))
            }
            None => Err(ApiError::not_found(format!("unknown game `{id}`"))),
        }
    }
}
