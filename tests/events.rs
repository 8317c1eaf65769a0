//! Event scrambles (`twistsearch::events`): every supported event's scramble parses on its cubing.js
//! puzzle, random-state scrambles reach the state they were made for (the solver verifies, and applying
//! the scramble is compared), minimum lengths hold, seeds reproduce, and 2x2x2 states are uniform.

use std::collections::HashMap;

use twistsearch::alg::Alg;
use twistsearch::control::Control;
use twistsearch::events::{EventScrambler, ScrambleKind, EVENTS};
use twistsearch::group::random::rng_from_seed;

fn definition(puzzle: &str) -> String {
    let path = format!("{}/tests/data/puzzles/cubing-kpuzzle/{puzzle}.kpuzzle.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn scrambler(id: &str) -> EventScrambler {
    let e = twistsearch::events::event(id).unwrap();
    EventScrambler::new(id, &definition(e.puzzle)).unwrap()
}

#[test]
fn registry_has_every_cubing_event_once() {
    let ids: Vec<&str> = EVENTS.iter().map(|e| e.id).collect();
    for id in [
        "333",
        "222",
        "444",
        "555",
        "666",
        "777",
        "333bf",
        "333fm",
        "333oh",
        "clock",
        "minx",
        "pyram",
        "skewb",
        "sq1",
        "444bf",
        "555bf",
        "333mbf",
        "333ft",
        "fto",
        "master_tetraminx",
        "kilominx",
        "redi_cube",
        "baby_fto",
    ] {
        assert_eq!(ids.iter().filter(|i| **i == id).count(), 1, "{id}");
    }
    assert!(twistsearch::events::event("3x3x3").is_none());
}

#[test]
fn unknown_and_unsupported_events_are_errors() {
    let err = EventScrambler::new("444x", "{}").err().unwrap().to_string();
    assert!(err.contains("unknown event") && err.contains("333"), "{err}");
    // No event is refused any more (`ScrambleKind::Unsupported` stays for definitions that lack one).
    assert!(!EVENTS.iter().any(|e| matches!(e.kind, twistsearch::events::ScrambleKind::Unsupported(_))));
    let err = EventScrambler::new("222", "{\"name\": 1").err().unwrap().to_string();
    assert!(err.contains("2x2x2 definition"), "{err}");
}

/// Scrambles of a random-state event reach uniformly random states: the scramble's inverse solves
/// them, and they respect the WCA minimum.
fn check_random_state(id: &str, count: usize, min: usize) {
    let s = scrambler(id);
    let mut rng = rng_from_seed(Some(7)).unwrap();
    for _ in 0..count {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        let alg = Alg::parse(&sc.alg).unwrap();
        let p = s.puzzle();
        let state = p.position(&alg).unwrap();
        assert!(p.is_legal(&state), "{id}: {}", sc.alg);
        let back = p.apply_alg(&state, &alg.invert(p).unwrap()).unwrap();
        assert_eq!(&back, p.solved(), "{id}: {}", sc.alg);
        assert!(sc.length >= min, "{id}: {} shorter than {min}", sc.alg);
    }
    assert!(s.is_warm());
}

/// 4x4x4 scrambles by reduction: cubing.js's outer and `Uw`/`Rw`/`Fw` turns, each reaching the drawn
/// state (checked in the scrambler and by `check_random_state`); 444bf shares the tables and adds an
/// orientation.
#[test]
fn cube4_random_state() {
    check_random_state("444", 3, 30);
    let s = scrambler("444");
    let bf = s.sibling("444bf").unwrap().expect("444bf shares 444's tables");
    let mut rng = rng_from_seed(Some(5)).unwrap();
    let sc = bf.scramble(&mut rng, Control::none()).unwrap();
    for t in sc.alg.split(' ') {
        let base = t.trim_end_matches(['\'', '2']);
        assert!(["U", "D", "F", "B", "R", "L", "Uw", "Rw", "Fw"].contains(&base), "{}", sc.alg);
    }
    assert!(sc.length >= 30 && sc.length <= 70, "{}", sc.alg);
    // Positions are solved by the same reduction (`solve`), and an unsolvable one is refused.
    let p = s.puzzle();
    let start = p.position(&Alg::parse("Rw U2 Fw' R2 Uw F D' Rw2 B L' Fw U' R").unwrap()).unwrap();
    let solved = s.solve(&start, Control::none()).unwrap();
    assert_eq!(&p.apply_alg(&start, &Alg::parse(&solved.alg).unwrap()).unwrap(), p.solved(), "{}", solved.alg);
    let corners = p.layout().orbits().iter().find(|o| o.name == "CORNERS").unwrap();
    let mut twisted = p.solved().as_bytes().to_vec();
    twisted[corners.orientations_range().start] = 1;
    let twisted = p.state_from_bytes(twisted).unwrap();
    let err = s.solve(&twisted, Control::none()).err().unwrap().to_string();
    assert!(err.contains("not solvable"), "{err}");
}

/// Megaminx positions (`solve`): seeded WCA scrambles and uniformly random states of the face turns'
/// group, solved by the staged search in cubing.js's face turns and checked (centers' orientations
/// aside); the solved position needs nothing; an unsolvable one is refused; answers are reproducible.
#[test]
fn minx_positions_are_solved() {
    let s = scrambler("minx");
    let p = s.puzzle().clone();
    // Solved up to the puzzle's orientation (a WCA scramble's `R++` turns the whole puzzle but one face,
    // centers included) and to the centers' orientations: some rotation brings every piece home, the
    // centers too, and every orientation but the centers'.
    let rotations = twistsearch::search::orient::rotation_group(&p).unwrap();
    assert_eq!(rotations.len(), 60);
    let solved_but_centers = |state: &twistsearch::State| {
        rotations.iter().any(|r| {
            let turned = p.apply_moves(state, r);
            p.orbits().iter().all(|o| {
                let (t, h) = (turned.as_bytes(), p.solved().as_bytes());
                t[o.pieces_range()] == h[o.pieces_range()]
                    && (o.name == "CENTERS" || t[o.orientations_range()] == h[o.orientations_range()])
            })
        })
    };
    let check = |state: &twistsearch::State| {
        let sol = s.solve(state, Control::none()).unwrap();
        let alg = Alg::parse(&sol.alg).unwrap();
        assert_eq!(sol.alg.split_whitespace().count(), sol.length);
        for t in sol.alg.split(' ') {
            let face = t.trim_end_matches(['2', '\'']);
            assert!(["U", "D", "F", "B", "L", "DR", "BL", "FR", "BR", "FL", "R", "DL"].contains(&face), "{}", sol.alg);
        }
        assert!(solved_but_centers(&p.apply_alg(state, &alg).unwrap()), "{}", sol.alg);
        assert!(sol.length < 250, "{} moves", sol.length);
        sol
    };
    let mut rng = rng_from_seed(Some(12)).unwrap();
    for _ in 0..50 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        let state = p.position(&Alg::parse(&sc.alg).unwrap()).unwrap();
        let sol = check(&state);
        assert_eq!(s.solve(&state, Control::none()).unwrap(), sol, "deterministic");
    }
    let moves = twistsearch::MoveSet::parse(&p, "U,D,F,B,L,DR,BL,FR,BR,FL,R,DL").unwrap();
    let chain = twistsearch::group::puzzle_chain(&p, &moves).unwrap();
    for _ in 0..20 {
        check(&twistsearch::group::random::random_position(&p, &chain, &mut rng).unwrap());
    }
    assert_eq!(s.solve(p.solved(), Control::none()).unwrap().length, 0);
    let corners = p.layout().orbits().iter().find(|o| o.name == "CORNERS").unwrap();
    let mut twisted = p.solved().as_bytes().to_vec();
    twisted[corners.orientations_range().start] = 1;
    let twisted = p.state_from_bytes(twisted).unwrap();
    let err = s.solve(&twisted, Control::none()).err().unwrap().to_string();
    assert_eq!(err, "event minx: the position is not solvable");
    // The tables are refused, before they are built, under a smaller memory budget.
    let mut small = scrambler("minx");
    small.set_memory_bytes(1 << 20);
    let err = small.solve(p.solved(), Control::none()).err().unwrap().to_string();
    assert!(err.contains("megaminx tables need"), "{err}");
}

#[test]
fn small_random_state_events() {
    check_random_state("222", 20, 4);
    check_random_state("skewb", 10, 7);
    check_random_state("pyram", 10, 6);
}

/// FTO scrambles: cubing.js's eight face turns, at most the event's target length (40), each reaching the
/// drawn state up to the identical center triangles (checked in the scrambler), and applying on the puzzle
/// to a legal position that its inverse brings back (`check_random_state`).
#[test]
fn fto_random_state() {
    check_random_state("fto", 10, 2);
    let s = scrambler("fto");
    let mut rng = rng_from_seed(Some(4)).unwrap();
    for _ in 0..10 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        assert!(sc.length <= 40, "{}", sc.alg);
        for t in sc.alg.split(' ') {
            assert!(["U", "L", "F", "R", "B", "BR", "D", "BL"].contains(&t.trim_end_matches('\'')), "{}", sc.alg);
        }
    }
}

/// Master tetraminx scrambles: cubing.js's vertex turns (`U L R B`) and wide ones (`u l r b`), at most
/// the event's target length (24), each reaching the drawn state (checked by `check_random_state`).
#[test]
fn master_tetraminx_random_state() {
    check_random_state("master_tetraminx", 10, 2);
    let s = scrambler("master_tetraminx");
    let mut rng = rng_from_seed(Some(3)).unwrap();
    for _ in 0..10 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        assert!(sc.length <= 24, "{}", sc.alg);
        let tokens: Vec<&str> = sc.alg.split(' ').collect();
        assert_eq!(tokens.len(), sc.length);
        for t in tokens {
            assert!(["U", "L", "R", "B", "u", "l", "r", "b"].contains(&t.trim_end_matches('\'')), "{}", sc.alg);
        }
    }
}

/// Redi cube scrambles: cubing.js's eight corner turns, at most the event's target length (17), reaching
/// the drawn state exactly (the solver's target leaves the edges' orientations out, which their places
/// give).
#[test]
fn redi_cube_random_state() {
    check_random_state("redi_cube", 20, 2);
    let s = scrambler("redi_cube");
    let mut rng = rng_from_seed(Some(16)).unwrap();
    for _ in 0..20 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        assert!(sc.length <= 17, "{}", sc.alg);
        let tokens: Vec<&str> = sc.alg.split(' ').collect();
        assert_eq!(tokens.len(), sc.length);
        for t in tokens {
            assert!(["UL", "U", "UR", "F", "L", "B", "R", "D"].contains(&t.trim_end_matches('\'')), "{}", sc.alg);
        }
    }
}

#[test]
fn pyraminx_tips_come_last() {
    let s = scrambler("pyram");
    let mut rng = rng_from_seed(Some(8)).unwrap();
    for _ in 0..10 {
        let alg = s.scramble(&mut rng, Control::none()).unwrap().alg;
        let tokens: Vec<&str> = alg.split(' ').collect();
        let first_tip = tokens.iter().position(|t| t.starts_with(char::is_lowercase)).unwrap_or(tokens.len());
        assert!(tokens[first_tip..].iter().all(|t| t.starts_with(char::is_lowercase)), "{alg}");
        assert!(first_tip >= 6, "{alg}");
    }
}

#[test]
fn seeds_reproduce() {
    for id in ["222", "clock", "555", "minx"] {
        let s = scrambler(id);
        let a = s.scramble(&mut rng_from_seed(Some(5)).unwrap(), Control::none()).unwrap();
        let b = s.scramble(&mut rng_from_seed(Some(5)).unwrap(), Control::none()).unwrap();
        let c = s.scramble(&mut rng_from_seed(Some(6)).unwrap(), Control::none()).unwrap();
        assert_eq!(a, b, "{id}");
        assert_ne!(a, c, "{id}");
    }
}

#[test]
fn random_move_events_use_the_puzzle_notation() {
    for (id, len) in [("555", 60), ("666", 80), ("777", 100), ("555bf", 60)] {
        let s = scrambler(id);
        let sc = s.scramble(&mut rng_from_seed(Some(9)).unwrap(), Control::none()).unwrap();
        assert_eq!(sc.length, len);
        let alg = Alg::parse(&sc.alg).unwrap();
        s.puzzle().position(&alg).unwrap();
    }
    let minx = scrambler("minx").scramble(&mut rng_from_seed(Some(9)).unwrap(), Control::none()).unwrap();
    assert_eq!(minx.alg.lines().count(), 7);
}

#[test]
fn clock_scramble_applies_and_reaches_every_dial_value() {
    let s = scrambler("clock");
    let mut rng = rng_from_seed(Some(10)).unwrap();
    for _ in 0..20 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        let moves: Vec<&str> = sc.alg.split(' ').take(15).collect();
        let alg = Alg::parse(&moves.join(" ")).unwrap();
        let state = s.puzzle().position(&alg).unwrap();
        assert!(s.puzzle().is_legal(&state));
    }
}

#[test]
fn suffixes() {
    let fm = scrambler("333fm").scramble(&mut rng_from_seed(Some(11)).unwrap(), Control::none()).unwrap();
    assert!(fm.alg.starts_with("R' U' F ") && fm.alg.ends_with(" R' U' F"), "{}", fm.alg);
    let s = scrambler("333bf");
    let mut rng = rng_from_seed(Some(12)).unwrap();
    let mut wide = 0;
    for _ in 0..4 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        wide += sc.alg.split(' ').filter(|t| t.contains('w')).count();
        let alg = Alg::parse(&sc.alg).unwrap();
        s.puzzle().position(&alg).unwrap();
    }
    assert!(wide > 0);
}

#[test]
fn cube_333_is_verified_and_short() {
    check_random_state("333", 5, 2);
    let s = scrambler("333");
    let mut rng = rng_from_seed(Some(13)).unwrap();
    for _ in 0..5 {
        assert!(s.scramble(&mut rng, Control::none()).unwrap().length <= 21);
    }
}

/// Chi-square over a coarse statistic of 2x2x2 scrambles: the position of the corner that starts in
/// slot 0 (8 slots, each 1/8 for uniform states; the fixed-DBL representation is not assumed).
#[test]
fn cube_222_states_are_uniform() {
    let s = scrambler("222");
    let p = s.puzzle();
    let mut rng = rng_from_seed(Some(14)).unwrap();
    let n = 800;
    let mut counts: HashMap<Vec<u8>, usize> = HashMap::new();
    for _ in 0..n {
        let alg = Alg::parse(&s.scramble(&mut rng, Control::none()).unwrap().alg).unwrap();
        let st = p.position(&alg).unwrap();
        // The orientation of the first slot's corner: 3 values, uniform.
        counts.entry(st.as_bytes()[8..9].to_vec()).and_modify(|c| *c += 1).or_insert(1);
    }
    let expected = n as f64 / counts.len() as f64;
    let chi: f64 = counts.values().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    assert!(counts.len() >= 3, "{counts:?}");
    // 99.9th percentile of chi-square with up to 7 degrees of freedom: 24.3.
    assert!(chi < 24.3, "chi-square {chi} over {counts:?}");
}

#[test]
fn every_supported_event_scrambles() {
    for e in EVENTS {
        if matches!(e.kind, ScrambleKind::Unsupported(_)) || e.id.starts_with("333") {
            continue;
        }
        let s = scrambler(e.id);
        let sc = s.scramble(&mut rng_from_seed(Some(15)).unwrap(), Control::none()).unwrap();
        assert!(!sc.alg.is_empty(), "{}", e.id);
    }
}

/// The 3x3x3 events share one scrambler's tables: a sibling is warm once either has scrambled, and its
/// scrambles are its own event's (the blindfolded orientation suffix, the fewest-moves padding).
#[test]
fn siblings_share_their_tables() {
    let s = EventScrambler::for_event("333").unwrap();
    let oh = s.sibling("333oh").unwrap().expect("333oh solves 3x3x3 random states as 333 does");
    let fm = s.sibling("333fm").unwrap().unwrap();
    assert!(s.sibling("222").unwrap().is_none());
    assert!(s.sibling("555").unwrap().is_none());
    assert!(s.sibling("nope").is_err());
    assert!(!oh.is_warm());
    let mut rng = rng_from_seed(Some(3)).unwrap();
    oh.scramble(&mut rng, Control::none()).unwrap();
    assert!(s.is_warm() && fm.is_warm());
    let alg = fm.scramble(&mut rng, Control::none()).unwrap().alg;
    assert!(alg.starts_with("R' U' F ") && alg.ends_with(" R' U' F"), "{alg}");
    assert_eq!(fm.event().id, "333fm");
}

/// The kilominx scrambles only its 20 corners (cubing.js's EDGES, EDGES2 and CENTERS orbits are no
/// pieces of the real puzzle): its scrambles reach the state they were made for, are at most the target
/// length, and apply on the whole cubing.js definition, where they move the corners the same way.
#[test]
fn kilominx_scrambles_its_corners() {
    check_random_state("kilominx", 20, 2);
    let s = scrambler("kilominx");
    let p = s.puzzle();
    let names: Vec<&str> = p.orbits().iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["CORNERS"]);
    let full = twistsearch::kpuzzle::parse_kpuzzle(&definition("kilominx")).unwrap();
    let corners = full.orbits().iter().find(|o| o.name == "CORNERS").unwrap();
    let mut rng = rng_from_seed(Some(16)).unwrap();
    for _ in 0..10 {
        let sc = s.scramble(&mut rng, Control::none()).unwrap();
        assert!((2..=36).contains(&sc.length), "{}", sc.alg);
        let alg = Alg::parse(&sc.alg).unwrap();
        let (reduced, whole) = (p.position(&alg).unwrap(), full.position(&alg).unwrap());
        assert_ne!(&reduced, p.solved(), "{}", sc.alg);
        let range = corners.offset..corners.offset + 2 * corners.size;
        assert_eq!(&whole.as_bytes()[range], reduced.as_bytes(), "{}", sc.alg);
    }
}

/// The cubing.js KPuzzle moves of a Square-1 scramble: `(a, b)` is `U_SQ_a D_SQ_b`, `/` is `_SLASH_`.
fn square1_kpuzzle_moves(alg: &str) -> String {
    let amount = |name: &str, a: i32| match a {
        0 => String::new(),
        a if a < 0 => format!("{name}{}' ", -a),
        a => format!("{name}{a} "),
    };
    let mut out = String::new();
    for token in alg.split(" / ").flat_map(|t| t.split('/')) {
        let token = token.trim();
        if let Some(pair) = token.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            let (a, b) = pair.split_once(", ").unwrap();
            out += &amount("U_SQ_", a.parse().unwrap());
            out += &amount("D_SQ_", b.parse().unwrap());
        }
        out += "_SLASH_ ";
    }
    out.trim_end().trim_end_matches("_SLASH_").trim_end().to_string()
}

/// Square-1: scrambles in cubing.js's notation, every slash legal on the model, reaching the drawn state;
/// applied to cubing.js's KPuzzle they give the same wedges; seeds reproduce; the WCA minimum holds.
#[test]
fn square1_scrambles() {
    use twistsearch::solvers::square1::{self, Square1, Square1Solver, MIN_MOVES};
    let s = scrambler("sq1");
    let p = s.puzzle();
    let re = |a: &str| a.split(' ').all(|t| t == "/" || t.starts_with('(') || t.ends_with(')'));
    let solver = Square1Solver::new();
    let mut rng = rng_from_seed(Some(9)).unwrap();
    for _ in 0..20 {
        let (state, alg) = square1::scramble(&solver, &mut rng, Control::none()).unwrap();
        assert_eq!(Square1::solved().apply(&alg), Some(state));
        assert!(alg.moves() >= MIN_MOVES, "{}", alg.notation());
        let text = alg.notation();
        assert!(re(&text), "{text}");
        let k = p.position(&Alg::parse(&square1_kpuzzle_moves(&text)).unwrap()).unwrap();
        let wedges = &k.as_bytes()[..24];
        assert_eq!(wedges, &state.wedges, "{text}");
    }
    let a = s.scramble(&mut rng_from_seed(Some(5)).unwrap(), Control::none()).unwrap();
    let b = s.scramble(&mut rng_from_seed(Some(5)).unwrap(), Control::none()).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.length, a.alg.matches('/').count());
}

/// Square-1 random states: uniform over positions where a slash can be made, so uniform over tnoodle's
/// 3,678 shapes; 2 × 2 of them (top and bottom each starting with a corner or an edge) are cube shapes.
#[test]
fn square1_shapes_are_uniform() {
    use twistsearch::solvers::square1::{random_state, Kind};
    let mut rng = rng_from_seed(Some(10)).unwrap();
    let n = 200_000;
    let mut cube = 0;
    for _ in 0..n {
        let s = random_state(&mut rng);
        assert!(s.can_slash());
        let k = s.kinds();
        let alternates = (0..24).all(|i| {
            let next = k[i / 12 * 12 + (i + 1) % 12];
            (k[i] == Kind::Edge) == (next == Kind::CornerFirst)
                && (k[i] == Kind::CornerFirst) == (next == Kind::CornerSecond)
        });
        cube += alternates as usize;
    }
    // 4 cube shapes (each layer `C E …` or `E C …`) of 3,678: expected 217.5 in 200,000, sd 14.7.
    let expected = n as f64 * 4.0 / 3678.0;
    assert!((cube as f64 - expected).abs() < 5.0 * expected.sqrt(), "{cube} cube shapes, expected {expected}");
}

/// An event's multi-phase tables saved after a scramble load into a fresh scrambler, which then
/// scrambles the same with the same seed without building; damaged bytes are refused and leave the
/// scrambler to build its own; events without such tables have no key (the 3x3x3 events build theirs in
/// tens of milliseconds, shared by the siblings).
#[test]
fn event_tables_save_and_load() {
    let built = EventScrambler::for_event("pyram").unwrap();
    assert!(built.save_tables().is_none());
    let first = built.scramble(&mut rng_from_seed(Some(7)).unwrap(), Control::none()).unwrap();
    let bytes = built.save_tables().unwrap();
    let key = built.tables_key().unwrap().unwrap();
    let fresh = EventScrambler::for_event("pyram").unwrap();
    assert_eq!(fresh.tables_key().unwrap().unwrap(), key);
    let mut damaged = bytes.clone();
    let n = damaged.len();
    damaged[n - 9] ^= 0x21;
    assert!(fresh.load_tables(&damaged, Control::none()).is_err());
    assert!(!fresh.is_warm());
    assert!(fresh.load_tables(&bytes, Control::none()).unwrap());
    assert!(fresh.is_warm());
    assert!(!fresh.load_tables(&bytes, Control::none()).unwrap(), "already built");
    assert_eq!(fresh.scramble(&mut rng_from_seed(Some(7)).unwrap(), Control::none()).unwrap().alg, first.alg);
    assert_eq!(fresh.save_tables().unwrap(), bytes);
    let other = EventScrambler::for_event("222").unwrap();
    assert!(other.tables_key().unwrap().unwrap() != key);
    assert!(other.load_tables(&bytes, Control::none()).is_err());
    assert_eq!(EventScrambler::for_event("555").unwrap().tables_key().unwrap(), None);
    let cube = EventScrambler::for_event("333").unwrap();
    assert_eq!(cube.tables_key().unwrap(), None);
    assert!(!cube.load_tables(&bytes, Control::none()).unwrap());
    cube.scramble(&mut rng_from_seed(Some(7)).unwrap(), Control::none()).unwrap();
    assert!(cube.save_tables().is_none());
    assert!(cube.sibling("333oh").unwrap().unwrap().is_warm(), "the 3x3x3 events share their tables");
}

/// Positions of the random-state events are solved by `solve` with the solver their scrambles use: the
/// solution brings a scrambled position back to solved (the FTO's centers up to their colour: the groups
/// of cubing.js's net, FTO_CENTERS in the registry), within the event's target length; an unreachable
/// position is refused by name.
#[test]
fn random_state_events_solve_positions() {
    const FTO_CENTERS: [[u8; 3]; 8] =
        [[3, 16, 19], [6, 8, 17], [2, 4, 15], [10, 12, 13], [5, 7, 11], [0, 1, 14], [9, 18, 21], [20, 22, 23]];
    let group = |c: u8| FTO_CENTERS.iter().position(|g| g.contains(&c)).unwrap();
    for (id, longest) in [
        ("222", 11),
        ("skewb", 11),
        ("pyram", 15),
        ("baby_fto", 14),
        ("redi_cube", 17),
        ("master_tetraminx", 24),
        ("fto", 40),
    ] {
        let s = scrambler(id);
        let p = s.puzzle();
        let mut rng = rng_from_seed(Some(21)).unwrap();
        for _ in 0..3 {
            let sc = s.scramble(&mut rng, Control::none()).unwrap();
            let start = p.position(&Alg::parse(&sc.alg).unwrap()).unwrap();
            let solved = s.solve(&start, Control::none()).unwrap();
            assert!(solved.length <= longest, "{id}: {} for {}", solved.alg, sc.alg);
            let end = p.apply_alg(&start, &Alg::parse(&solved.alg).unwrap()).unwrap();
            if id != "fto" {
                assert_eq!(&end, p.solved(), "{id}: {} does not solve {}", solved.alg, sc.alg);
                continue;
            }
            for o in p.layout().orbits() {
                let (got, want) = (&end.as_bytes()[o.pieces_range()], &p.solved().as_bytes()[o.pieces_range()]);
                if o.name == "CENTERS" {
                    let groups = |v: &[u8]| v.iter().map(|&c| group(c)).collect::<Vec<_>>();
                    assert_eq!(groups(got), groups(want), "fto: {} does not solve {}", solved.alg, sc.alg);
                } else {
                    assert_eq!(got, want, "fto {}: {} does not solve {}", o.name, solved.alg, sc.alg);
                    let (got, want) =
                        (&end.as_bytes()[o.orientations_range()], &p.solved().as_bytes()[o.orientations_range()]);
                    assert_eq!(got, want, "fto {}: {} does not solve {}", o.name, solved.alg, sc.alg);
                }
            }
        }
        assert_eq!(s.solve(p.solved(), Control::none()).unwrap().alg, "", "{id}");
    }
    let s = scrambler("222");
    let p = s.puzzle();
    let corners = p.layout().orbits().iter().find(|o| o.name == "CORNERS").unwrap();
    let mut twisted = p.solved().as_bytes().to_vec();
    twisted[corners.orientations_range().start] = 1;
    let err = s.solve(&p.state_from_bytes(twisted).unwrap(), Control::none()).err().unwrap().to_string();
    assert!(err.contains("event 222") && err.contains("cannot be reached"), "{err}");
}

/// KPattern data of cubing.js's whole kilominx is read as a position of the event's puzzle (its corners):
/// the orbits the event leaves out are dropped, and the position solved; other orbits stay errors.
#[test]
fn event_patterns_drop_the_orbits_the_event_leaves_out() {
    let s = scrambler("kilominx");
    let full = twistsearch::load_puzzle(&definition("kilominx")).unwrap();
    let mut rng = rng_from_seed(Some(9)).unwrap();
    let sc = s.scramble(&mut rng, Control::none()).unwrap();
    let alg = Alg::parse(&sc.alg).unwrap();
    let data = twistsearch::kpuzzle::pattern_value(&full, &full.position(&alg).unwrap());
    assert!(data.get("EDGES").is_some());
    let start = s.pattern(&data).unwrap();
    assert_eq!(start, s.puzzle().position(&alg).unwrap());
    let solved = s.solve(&start, Control::none()).unwrap();
    let end = full.apply_alg(&full.position(&alg).unwrap(), &Alg::parse(&solved.alg).unwrap()).unwrap();
    assert_eq!(&end, full.solved(), "cubing.js's other orbits follow the corners: {}", solved.alg);
    let mut bad = data.clone();
    bad["NOPE"] = bad["CORNERS"].clone();
    assert!(s.pattern(&bad).unwrap_err().to_string().contains("unknown orbit NOPE"));
}
