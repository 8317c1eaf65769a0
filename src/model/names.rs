//! Move-name resolution: an alg token as a move of the puzzle (exact names and aliases, cubing.js amounts,
//! clock notation).

use crate::model::move_names::{CLOCK_SUFFIX, POCHMANN_SUFFIX};
use crate::model::move_ref::MoveRef;
use crate::model::puzzle::Puzzle;

impl Puzzle {
    /// Resolves one alg token: an exact move name (`R2'`, an alias), or a base name followed by a
    /// cubing.js amount (`R3`, `U2'`, `2R2`).
    pub fn resolve_name(&self, token: &str) -> Option<MoveRef> {
        if let Some(r) = self.lookup(token) {
            return Some(r);
        }
        if let Some(r) = self.resolve_pochmann_name(token) {
            return Some(r);
        }
        if let Some(r) = self.resolve_clock_name(token) {
            return Some(r);
        }
        let (body, sign) = match token.strip_suffix('\'') {
            Some(b) => (b, -1),
            None => (token, 1),
        };
        if let Some(r) = self.lookup(body).filter(|_| sign == -1) {
            return Some(self.invert_move(r));
        }
        let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
        // Longest family first: `B123` is `B12` turned 3 times when `B12` is a move (no `B1` or `B` may be
        // one then: `move_names::check_move_names`).
        for split in (body.len() - digits..body.len()).rev() {
            let (family, amount) = body.split_at(split);
            if family.is_empty() {
                continue;
            }
            let Some(r) = self.lookup(family) else { continue };
            if r.amount != 1 && self.base_moves[r.base].order > 1 {
                continue;
            }
            // Reduce the amount digit by digit, so any length of digits is fine.
            let order = self.base_moves[r.base].order.max(1) as i64;
            let amount = amount.bytes().fold(0i64, |acc, d| (acc * 10 + (d - b'0') as i64) % order);
            return Some(self.move_ref(r.base, sign * amount));
        }
        None
    }

    /// cubing.js's megaminx (Pochmann) notation: `R++` is the move `R_PLUSPLUS_`, `R--` its inverse.
    fn resolve_pochmann_name(&self, token: &str) -> Option<MoveRef> {
        let (family, sign) = match (token.strip_suffix("++"), token.strip_suffix("--")) {
            (Some(f), _) => (f, 1),
            (_, Some(f)) => (f, -1),
            _ => return None,
        };
        let r = self.lookup(&format!("{family}{POCHMANN_SUFFIX}")).filter(|r| r.amount == 1)?;
        Some(self.move_ref(r.base, sign))
    }

    /// cubing.js clock notation: `UR3+` is the move `UR_PLUS_` turned 3 times, `UR2-` turned -2 times.
    fn resolve_clock_name(&self, token: &str) -> Option<MoveRef> {
        let sign = match token.as_bytes().last()? {
            b'+' => 1,
            b'-' => -1,
            _ => return None,
        };
        let body = &token[..token.len() - 1];
        let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
        // Longest dial name first, so a dial named `A1` is found (no other dial is `A` then).
        for split in ((body.len() - digits).max(1)..body.len()).rev() {
            let (family, amount) = body.split_at(split);
            let Some(r) = self.lookup(&format!("{family}{CLOCK_SUFFIX}")) else { continue };
            let order = self.base_moves[r.base].order.max(1) as i64;
            let amount = amount.bytes().fold(0i64, |acc, d| (acc * 10 + (d - b'0') as i64) % order);
            return Some(self.move_ref(r.base, sign * amount));
        }
        None
    }
}
