//! Position blocks (`Solved`, `StartState`, `Move`, `MoveTransformation`, `Scramble`, `ScrambleState`):
//! reading the set chunks up to `End`, and turning them into states or transformations with every check
//! twsearch makes.

use super::lines::{Line, Lines, Token};
use crate::error::{Error, Result};
use crate::model::layout::{Layout, Orbit};

/// What a block describes, which decides numbering, wildcards and checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// `Solved` (1-based) or `StartState` (0-based): may hold identical pieces and `?` orientations.
    State { zero_based: bool },
    /// `Move` (1-based, ksolve move orientation) or `MoveTransformation` (0-based, state orientation).
    Move { zero_based: bool },
    /// `Scramble` (1-based) or `ScrambleState` (0-based): like a state, with the solved state's pieces, and
    /// ksolve+ `?`/`?N` permutation entries for ignored pieces.
    Scramble { zero_based: bool },
}

impl BlockKind {
    fn zero_based(self) -> bool {
        match self {
            BlockKind::State { zero_based } | BlockKind::Move { zero_based } | BlockKind::Scramble { zero_based } => {
                zero_based
            }
        }
    }

    fn noun(self) -> &'static str {
        match self {
            BlockKind::State { .. } => "state",
            BlockKind::Move { .. } => "move",
            BlockKind::Scramble { .. } => "scramble",
        }
    }
}

/// One value of a number line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Num(u64),
    /// `?`: unknown (an orientation wildcard, or an ignored piece in a scramble).
    Wild,
    /// `?N`: ignored, with a hint (scramble permutations only).
    Hint(u64),
}

/// One set chunk of a block as read.
struct Chunk<'a> {
    orbit: usize,
    lines: Vec<Line<'a>>,
}

/// The result of a block: bytes, plus for scrambles the `(orbit, slot)`s whose permutation or orientation
/// was given as ksolve+ `?` / `?N` (ignored, with an optional hint).
pub struct BlockValue {
    pub bytes: Vec<u8>,
    pub ignored_permutation: Vec<(usize, usize)>,
    pub ignored_orientation: Vec<(usize, usize)>,
}

/// Reads a block after its header line, through its `End` line.
pub fn read_block(
    lines: &mut Lines<'_>,
    header: &Line<'_>,
    layout: &Layout,
    kind: BlockKind,
    defaults: &[u8],
) -> Result<BlockValue> {
    let mut chunks: Vec<Chunk<'_>> = Vec::new();
    let mut closed = false;
    for line in lines.by_ref() {
        let head = line.head();
        if head == "End" {
            line.expect_tokens(1, "End")?;
            closed = true;
            break;
        }
        let is_numbers = head.starts_with(|c: char| c.is_ascii_digit() || c == '?');
        if is_numbers {
            let Some(chunk) = chunks.last_mut() else {
                return Err(line.error("a number line must follow a set name"));
            };
            if chunk.lines.len() == 2 {
                return Err(line.error(format!(
                    "set {} already has its permutation and orientation lines",
                    layout.orbits()[chunk.orbit].name
                )));
            }
            chunk.lines.push(line);
        } else {
            let chunk = start_chunk(&line, header, layout, kind, &chunks)?;
            chunks.push(chunk);
        }
    }
    if !closed {
        return Err(Error::at_line(
            lines.last_number(),
            format!("end of file inside the {} block that starts at line {} (missing End)", kind.noun(), header.number),
        ));
    }
    if let Some(last) = chunks.last() {
        if last.lines.is_empty() {
            return Err(header.error(format!("set {} has no permutation line", layout.orbits()[last.orbit].name)));
        }
    }
    let mut value =
        BlockValue { bytes: defaults.to_vec(), ignored_permutation: Vec::new(), ignored_orientation: Vec::new() };
    for chunk in &chunks {
        let orbit = &layout.orbits()[chunk.orbit];
        let perm = values(&chunk.lines[0], orbit, kind, true)?;
        let ori = match chunk.lines.get(1) {
            Some(l) => values(l, orbit, kind, false)?,
            None => vec![Value::Num(0); orbit.size],
        };
        fill_orbit(&mut value, orbit, kind, chunk, &perm, &ori, defaults)?;
    }
    Ok(value)
}

/// Parses one number line of an orbit.
fn values(line: &Line<'_>, orbit: &Orbit, kind: BlockKind, permutation: bool) -> Result<Vec<Value>> {
    let what = if permutation { "permutation" } else { "orientation" };
    if line.tokens.len() != orbit.size {
        return Err(line.error(format!(
            "the {what} line of set {} needs {} values, found {}",
            orbit.name,
            orbit.size,
            line.tokens.len()
        )));
    }
    line.tokens
        .iter()
        .map(|tok| {
            let t = tok.text;
            if let Some(rest) = t.strip_prefix('?') {
                let allowed = match kind {
                    BlockKind::Move { .. } => false,
                    BlockKind::State { .. } => !permutation && rest.is_empty(),
                    BlockKind::Scramble { .. } => true,
                };
                if !allowed {
                    let why = match kind {
                        BlockKind::Move { .. } => "wildcards (?) are not allowed in a move".to_string(),
                        _ if permutation => {
                            "? is allowed in a permutation only in a scramble (ksolve+ ignored pieces)".into()
                        }
                        _ => "an orientation wildcard is a lone ?".into(),
                    };
                    return Err(line.token_error(tok, why));
                }
                if rest.is_empty() {
                    return Ok(Value::Wild);
                }
                let hint = Token { text: rest, column: tok.column + 1 };
                return Ok(Value::Hint(super::lines::number(line, &hint, "a ? hint", u64::MAX)?));
            }
            let article = if permutation { "a" } else { "an" };
            Ok(Value::Num(super::lines::number(line, tok, &format!("{article} {what} value"), u64::MAX)?))
        })
        .collect()
}

/// The chunk a set-name line starts, after the checks: the previous set has its permutation line, the
/// set exists and appears once, nothing follows its name (else most likely a block missing its `End`).
fn start_chunk<'a>(
    line: &Line<'_>,
    header: &Line<'_>,
    layout: &Layout,
    kind: BlockKind,
    chunks: &[Chunk<'_>],
) -> Result<Chunk<'a>> {
    let head = line.head();
    if let Some(last) = chunks.last() {
        if last.lines.is_empty() {
            return Err(line.error(format!("set {} has no permutation line", layout.orbits()[last.orbit].name)));
        }
    }
    if layout.orbit_index(head).is_none() {
        if let Some(e) = super::lines::missing_end(line, header) {
            return Err(e);
        }
    }
    if let Some(tok) = line.tokens.get(1) {
        return Err(line.token_error(
            tok,
            format!(
                "unexpected token after set name {head} (or a block missing its End; the {} block starts at line {})",
                kind.noun(),
                header.number
            ),
        ));
    }
    let Some(orbit) = layout.orbit_index(head) else {
        return Err(line.token_error(
            &line.tokens[0],
            format!(
                "unknown set {head} (or a block missing its End; the {} block starts at line {})",
                kind.noun(),
                header.number
            ),
        ));
    };
    if chunks.iter().any(|c| c.orbit == orbit) {
        return Err(line.token_error(&line.tokens[0], format!("set {head} appears twice in this block")));
    }
    Ok(Chunk { orbit, lines: Vec::new() })
}

/// Checks one orbit's values and writes them into `bytes`.
fn fill_orbit(
    value: &mut BlockValue,
    orbit: &Orbit,
    kind: BlockKind,
    chunk: &Chunk<'_>,
    perm: &[Value],
    ori: &[Value],
    defaults: &[u8],
) -> Result<()> {
    let base = if kind.zero_based() { 0 } else { 1 };
    let (mut pieces, unknown) = read_pieces(&mut value.ignored_permutation, orbit, chunk, perm, base)?;
    check_pieces(orbit, kind, &chunk.lines[0], &mut pieces, &unknown, &defaults[orbit.pieces_range()], base)?;
    let mut oris = read_orientations(&mut value.ignored_orientation, orbit, chunk, ori)?;
    if let (BlockKind::Move { zero_based: false }, true) = (kind, orbit.orientations > 1) {
        // ksolve moves give each piece's twist by piece; the state convention gives it by slot.
        let by_piece = oris.clone();
        for i in 0..orbit.size {
            oris[i] = by_piece[pieces[i] as usize];
        }
    }
    if !matches!(kind, BlockKind::Move { .. }) {
        check_wildcards(orbit, chunk, &pieces, &oris, base)?;
    }
    value.bytes[orbit.pieces_range()].copy_from_slice(&pieces);
    value.bytes[orbit.orientations_range()].copy_from_slice(&oris);
    Ok(())
}

/// The pieces of one orbit's permutation line (0-based; `?` slots left 0 and listed, in `ignored_slots`
/// too, as are `?N` hints).
fn read_pieces(
    ignored_slots: &mut Vec<(usize, usize)>,
    orbit: &Orbit,
    chunk: &Chunk<'_>,
    perm: &[Value],
    base: u64,
) -> Result<(Vec<u8>, Vec<usize>)> {
    let n = orbit.size;
    let perm_line = &chunk.lines[0];
    let mut pieces = vec![0u8; n];
    let mut unknown = Vec::new();
    for (i, v) in perm.iter().enumerate() {
        let tok = &perm_line.tokens[i];
        let raw = match *v {
            Value::Num(x) | Value::Hint(x) => x,
            Value::Wild => {
                ignored_slots.push((chunk.orbit, i));
                unknown.push(i);
                continue;
            }
        };
        if matches!(v, Value::Hint(_)) {
            ignored_slots.push((chunk.orbit, i));
        }
        if raw < base || raw - base >= n as u64 {
            return Err(perm_line.token_error(
                tok,
                format!("piece number out of range: set {} has pieces {}..{}", orbit.name, base, n as u64 - 1 + base),
            ));
        }
        pieces[i] = (raw - base) as u8;
    }
    Ok((pieces, unknown))
}

/// Checks the pieces as the block kind requires (a move: a permutation; a state: contiguous ids; a
/// scramble: the solved state's pieces, `defaults`), and gives a scramble's `?` slots the pieces left
/// over, in id order.
fn check_pieces(
    orbit: &Orbit,
    kind: BlockKind,
    perm_line: &Line<'_>,
    pieces: &mut [u8],
    unknown: &[usize],
    defaults: &[u8],
    base: u64,
) -> Result<()> {
    let n = orbit.size;
    // How often each id appears among the given (not `?`) slots.
    let mut count = vec![0usize; n];
    for (i, &p) in pieces.iter().enumerate() {
        if !unknown.contains(&i) {
            count[p as usize] += 1;
        }
    }
    match kind {
        BlockKind::Move { .. } => {
            if let Some(dup) = (0..n).find(|&i| count[pieces[i] as usize] > 1) {
                let missing = (0..n).find(|&p| count[p] == 0).map_or(0, |p| p as u64 + base);
                return Err(perm_line.token_error(
                    &perm_line.tokens[dup],
                    format!(
                        "not a permutation: {} appears more than once and {missing} is missing",
                        pieces[dup] as u64 + base
                    ),
                ));
            }
        }
        BlockKind::State { .. } => {
            let used = count.iter().rposition(|&c| c > 0).map_or(0, |p| p + 1);
            if let Some(gap) = (0..used).find(|&p| count[p] == 0) {
                return Err(perm_line.error(format!(
                    "piece ids of set {} must be contiguous from {base}: {} is missing",
                    orbit.name,
                    gap as u64 + base
                )));
            }
        }
        BlockKind::Scramble { .. } => {
            // The given pieces must be the solved state's pieces (for `?` slots: some of them); the `?`
            // slots then receive the pieces left over, in id order.
            let mut left = vec![0usize; n];
            for &p in defaults {
                left[p as usize] += 1;
            }
            for id in 0..n {
                if count[id] > left[id] {
                    return Err(perm_line.error(format!(
                        "the pieces of set {} do not match the solved state's: piece {} appears {} times, the solved state has it {} times",
                        orbit.name,
                        id as u64 + base,
                        count[id],
                        left[id]
                    )));
                }
                left[id] -= count[id];
            }
            if unknown.is_empty() && left.iter().any(|&c| c > 0) {
                return Err(perm_line.error(format!(
                    "the pieces of set {} do not match the solved state's (each piece id must appear as often as it does there)",
                    orbit.name
                )));
            }
            let mut rest = (0..n).flat_map(|id| std::iter::repeat_n(id as u8, left[id]));
            for &i in unknown {
                pieces[i] = rest.next().unwrap_or(0);
            }
        }
    }
    Ok(())
}

/// The orientations of one orbit's orientation line (`?` as the orbit's wildcard; `?N` hints listed in
/// `ignored`).
fn read_orientations(
    ignored: &mut Vec<(usize, usize)>,
    orbit: &Orbit,
    chunk: &Chunk<'_>,
    ori: &[Value],
) -> Result<Vec<u8>> {
    let n = orbit.size;
    let ori_line = chunk.lines.get(1);
    let mut oris = vec![0u8; n];
    for (i, v) in ori.iter().enumerate() {
        oris[i] = match *v {
            Value::Wild => {
                if orbit.orientations == 1 {
                    0
                } else {
                    orbit.wildcard()
                }
            }
            Value::Num(x) | Value::Hint(x) if x < orbit.orientations as u64 => {
                if matches!(v, Value::Hint(_)) {
                    ignored.push((chunk.orbit, i));
                }
                x as u8
            }
            Value::Num(_) | Value::Hint(_) => {
                let line = ori_line.expect("non-zero orientations come from a line");
                return Err(line.token_error(
                    &line.tokens[i],
                    format!(
                        "orientation out of range: set {} has orientations 0..{}",
                        orbit.name,
                        orbit.orientations - 1
                    ),
                ));
            }
        };
    }
    Ok(oris)
}

/// Identical pieces must all have wildcard orientations or all numeric ones.
fn check_wildcards(orbit: &Orbit, chunk: &Chunk<'_>, pieces: &[u8], oris: &[u8], base: u64) -> Result<()> {
    let n = orbit.size;
    let ori_line = chunk.lines.get(1);
    for i in 0..n {
        for j in i + 1..n {
            if pieces[i] == pieces[j] && orbit.is_wildcard(oris[i]) != orbit.is_wildcard(oris[j]) {
                let line = ori_line.expect("wildcards come from a line");
                return Err(line.token_error(&line.tokens[j], format!(
                    "inconsistent orientation wildcards: identical pieces ({}) in slots {} and {} must all be ? or all be numbers",
                    pieces[i] as u64 + base,
                    i + 1,
                    j + 1
                )));
            }
        }
    }
    Ok(())
}
