//! The native command-line shell: reads files and arguments, calls the core, prints. Every subcommand
//! takes `--json` for machine-readable output. Errors go to stderr as `error: <input>: <message>` with
//! exit code 1.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{json, Value};

use twistsearch::kpuzzle::{kpuzzle_json, pattern_value};
use twistsearch::tws::{parse_scrambles, write_definition, write_state_block, ScrambleKind, StateNumbering};
use twistsearch::{Alg, Puzzle, State};

#[derive(Parser)]
#[command(name = "twistsearch", version, about = "Load twisty puzzles (.tws / KPuzzle JSON) and work with algs")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Sets, moves with their orders, rotations and state size of a puzzle.
    Info {
        /// A .tws / .def definition or a KPuzzle .json file.
        puzzle: String,
        #[arg(long)]
        json: bool,
    },
    /// The position an alg reaches from the solved state.
    Position {
        puzzle: String,
        alg: String,
        /// Output block: 0-based StartState, 1-based Solved (ksolve), or KPattern JSON.
        #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
        format: PositionFormat,
        #[arg(long)]
        json: bool,
    },
    /// The inverse of an alg.
    Invert {
        puzzle: String,
        alg: String,
        #[arg(long)]
        json: bool,
    },
    /// An alg with same-grip moves merged and cancelled and commuting moves in canonical order.
    Simplify {
        puzzle: String,
        alg: String,
        #[arg(long)]
        json: bool,
    },
    /// The order of an alg: how many repetitions give the identity.
    Order {
        puzzle: String,
        alg: String,
        #[arg(long)]
        json: bool,
    },
    /// Writes the puzzle in the other format (or the same one, normalized).
    Convert {
        puzzle: String,
        #[arg(long, value_enum)]
        to: ConvertTarget,
        #[arg(long)]
        json: bool,
    },
    /// Reads a ksolve/twsearch scramble file and prints each scramble's position.
    Scrambles {
        puzzle: String,
        scrambles: String,
        #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
        format: PositionFormat,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum PositionFormat {
    Startstate,
    Solved,
    Kpattern,
}

#[derive(Clone, Copy, ValueEnum)]
enum ConvertTarget {
    Json,
    Tws,
}

/// A failure with the input it concerns.
struct Failure {
    input: String,
    message: String,
}

fn fail(input: &str, e: impl std::fmt::Display) -> Failure {
    Failure { input: input.to_string(), message: e.to_string() }
}

fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| fail(path, e))
}

fn load(path: &str) -> Result<Puzzle, Failure> {
    twistsearch::load_puzzle(&read(path)?).map_err(|e| fail(path, e))
}

fn parse_alg(puzzle: &Puzzle, text: &str) -> Result<Alg, Failure> {
    let alg = Alg::parse(text).map_err(|e| fail("alg", e))?;
    alg.check_names(puzzle).map_err(|e| fail("alg", e))?;
    Ok(alg)
}

fn state_text(puzzle: &Puzzle, state: &State, format: PositionFormat, header: (&str, &str)) -> String {
    match format {
        PositionFormat::Startstate => write_state_block(puzzle, state, header.0, StateNumbering::ZeroBased),
        PositionFormat::Solved => write_state_block(puzzle, state, header.1, StateNumbering::OneBased),
        PositionFormat::Kpattern => {
            serde_json::to_string_pretty(&pattern_value(puzzle, state)).expect("JSON serializes") + "\n"
        }
    }
}

fn json_text(v: Value) -> String {
    serde_json::to_string_pretty(&v).expect("JSON serializes") + "\n"
}

fn info(puzzle: &Puzzle, json_out: bool) -> String {
    let mut out = String::new();
    let orbits: Vec<Value> = puzzle
        .orbits()
        .iter()
        .map(|o| json!({ "name": o.name, "pieces": o.size, "orientations": o.orientations }))
        .collect();
    let moves = |rot: bool| -> Vec<Value> {
        puzzle
            .base_moves()
            .iter()
            .enumerate()
            .filter(|(_, b)| b.rotation == rot)
            .map(|(i, b)| {
                let names: Vec<String> = (1..b.order as i64).map(|k| puzzle.move_name(puzzle.move_ref(i, k))).collect();
                let mut v = json!({ "name": b.name, "order": b.order, "powers": names });
                if let twistsearch::puzzle::MoveSource::Sequence(alg) = &b.source {
                    v["sequence"] = json!(alg);
                }
                v
            })
            .collect()
    };
    let (mv, rot) = (moves(false), moves(true));
    if json_out {
        return json_text(json!({
            "name": puzzle.name(),
            "orbits": orbits,
            "stateSize": puzzle.state_size(),
            "moves": mv,
            "rotations": rot,
            "illegal": puzzle.illegal().len(),
            "ksolvePlus": !puzzle.extras().is_empty(),
        }));
    }
    let _ = writeln!(out, "Puzzle {}", puzzle.name());
    let _ = writeln!(out, "State size {} bytes", puzzle.state_size());
    let _ = writeln!(out, "Sets:");
    for o in puzzle.orbits() {
        let _ = writeln!(out, "  {:<12} {:>4} pieces {:>4} orientations", o.name, o.size, o.orientations);
    }
    for (title, list) in [("Moves", &mv), ("Rotations", &rot)] {
        let _ = writeln!(out, "{title} ({}):", list.len());
        for m in list {
            let powers: Vec<&str> = m["powers"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            let seq = m.get("sequence").and_then(Value::as_str).map(|s| format!("  = {s}")).unwrap_or_default();
            let _ = writeln!(
                out,
                "  {:<10} order {:<4} {}{seq}",
                m["name"].as_str().unwrap(),
                m["order"],
                powers.join(" ")
            );
        }
    }
    if !puzzle.illegal().is_empty() {
        let _ = writeln!(out, "Illegal placements: {}", puzzle.illegal().len());
    }
    out
}

fn run(cli: Cli) -> Result<String, Failure> {
    let mut out = String::new();
    match cli.command {
        Command::Info { puzzle, json } => out = info(&load(&puzzle)?, json),
        Command::Position { puzzle, alg, format, json } => {
            let p = load(&puzzle)?;
            let a = parse_alg(&p, &alg)?;
            let state = p.position(&a).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "pattern": pattern_value(&p, &state) }));
            } else {
                out.push_str(&state_text(&p, &state, format, ("StartState", "Solved")));
            }
        }
        Command::Invert { puzzle, alg, json } => {
            let p = load(&puzzle)?;
            let inv = parse_alg(&p, &alg)?.invert(&p).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "inverse": inv.to_string() }));
            } else {
                let _ = writeln!(out, "{inv}");
            }
        }
        Command::Simplify { puzzle, alg, json } => {
            let p = load(&puzzle)?;
            let s = parse_alg(&p, &alg)?.simplify(&p).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "simplified": s.to_string(), "moves": s.nodes.len() }));
            } else {
                let _ = writeln!(out, "{s}");
            }
        }
        Command::Order { puzzle, alg, json } => {
            let p = load(&puzzle)?;
            let order = p.alg_order(&parse_alg(&p, &alg)?).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "order": order.to_string() }));
            } else {
                let _ = writeln!(out, "{order}");
            }
        }
        Command::Convert { puzzle, to, json } => {
            let p = load(&puzzle)?;
            let text = match to {
                ConvertTarget::Json => kpuzzle_json(&p) + "\n",
                ConvertTarget::Tws => write_definition(&p),
            };
            if json {
                out += &json_text(
                    json!({ "format": match to { ConvertTarget::Json => "json", ConvertTarget::Tws => "tws" }, "text": text }),
                );
            } else {
                out.push_str(&text);
            }
        }
        Command::Scrambles { puzzle, scrambles, format, json } => {
            let p = load(&puzzle)?;
            let file = parse_scrambles(&p, &read(&scrambles)?).map_err(|e| fail(&scrambles, e))?;
            let mut entries = Vec::new();
            for s in &file.scrambles {
                let kind = match &s.kind {
                    ScrambleKind::Position { .. } => "position",
                    ScrambleKind::Alg(_) => "alg",
                    ScrambleKind::Random => "random",
                };
                if json {
                    let mut v = json!({ "name": s.name, "line": s.line, "kind": kind });
                    if let ScrambleKind::Alg(a) = &s.kind {
                        v["alg"] = json!(a.to_string());
                    }
                    if let Some(st) = &s.state {
                        v["pattern"] = pattern_value(&p, st);
                    }
                    entries.push(v);
                    continue;
                }
                match &s.state {
                    Some(st) => {
                        let headers = (format!("ScrambleState {}", s.name), format!("Scramble {}", s.name));
                        out.push_str(&state_text(&p, st, format, (&headers.0, &headers.1)));
                    }
                    None => {
                        let _ = writeln!(out, "RandomScramble {}\nEnd", s.name);
                    }
                }
            }
            if json {
                out += &json_text(json!({ "scrambles": entries }));
            }
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(f) => {
            eprintln!("error: {}: {}", f.input, f.message);
            ExitCode::from(1)
        }
    }
}
