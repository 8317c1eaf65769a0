//! The `EventScrambler` class: scrambles for one cubing.js event (`333`, `pyram`, `clock`, …), in the
//! event's notation, by the core's [`crate::events::EventScrambler`] over the cubing.js KPuzzle
//! definitions the core embeds, so scrambles need no network and no cubing.js. A scrambler keeps its
//! tables (built by its first scramble) for every later one; they go to and come from bytes for a JS
//! cache (`tablesKey`, `saveTables`, `loadTables`).

use serde::Deserialize;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::events::{self, ScrambleKind, EVENTS};
use crate::group::rng_from_seed;
use crate::Error;

use super::options;
use super::run::{bytes_arg, error, run, Hooks};

/// Options of `scramble`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
struct EventScrambleOptions {
    /// A seed for a reproducible scramble (a safe integer).
    seed: Option<u64>,
}

/// A JS `RangeError` for an event ID that is not one of cubing.js's (with the core's `input` kind).
fn unknown_event(e: &Error) -> JsValue {
    let e = js_sys::RangeError::new(&e.to_string());
    // Setting a data property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&e, &JsValue::from_str("kind"), &JsValue::from_str("input"));
    e.into()
}

/// The scrambler of one cubing.js event; its tables are built by the first scramble and kept.
#[wasm_bindgen]
pub struct EventScrambler {
    inner: events::EventScrambler,
}

#[wasm_bindgen]
impl EventScrambler {
    /// The scrambler of a cubing.js event ID: a `RangeError` for an ID cubing.js does not have, an
    /// `Error` naming the event for one twistsearch does not scramble yet.
    #[wasm_bindgen(constructor)]
    pub fn new(event_id: &str) -> Result<EventScrambler, JsValue> {
        events::lookup(event_id).map_err(|e| unknown_event(&e))?;
        let inner = events::EventScrambler::for_event(event_id).map_err(|e| error(&e))?;
        Ok(EventScrambler { inner })
    }

    /// A scrambler for another event that shares this one's tables, where the two scramble the same
    /// puzzle the same way (the 3x3x3 events); `undefined` where they do not. A `RangeError` for an ID
    /// cubing.js does not have.
    pub fn sibling(&self, event_id: &str) -> Result<Option<EventScrambler>, JsValue> {
        events::lookup(event_id).map_err(|e| unknown_event(&e))?;
        Ok(self.inner.sibling(event_id).map_err(|e| error(&e))?.map(|inner| EventScrambler { inner }))
    }

    /// The cubing.js event ID.
    #[wasm_bindgen(getter, js_name = eventId)]
    pub fn event_id(&self) -> String {
        self.inner.event().id.to_string()
    }

    /// The cubing.js puzzle ID of the event's puzzle (`"3x3x3"`).
    #[wasm_bindgen(getter)]
    pub fn puzzle(&self) -> String {
        self.inner.event().puzzle.to_string()
    }

    /// Whether the tables are built (a later scramble reuses them).
    #[wasm_bindgen(getter)]
    pub fn warm(&self) -> bool {
        self.inner.is_warm()
    }

    /// The key of the multi-phase tables the first scramble builds (`phase-<16 hex digits>`: what a
    /// cache keeps their bytes under; the same for the events that share them), or `undefined` for an
    /// event without such tables (random moves, the clock, the Square-1).
    #[wasm_bindgen(js_name = tablesKey)]
    pub fn tables_key(&self) -> Result<Option<String>, JsValue> {
        Ok(self.inner.tables_key().map_err(|e| error(&e))?.map(|k| format!("phase-{k}")))
    }

    /// The multi-phase tables as versioned, checksummed, compressed bytes (`Uint8Array`), once a scramble
    /// has built them (or they were loaded); `undefined` before, or for an event without them.
    #[wasm_bindgen(js_name = saveTables)]
    pub fn save_tables(&self) -> Option<Vec<u8>> {
        self.inner.save_tables()
    }

    /// Takes the multi-phase tables from `bytes` (a `Uint8Array` of `saveTables`) instead of building them
    /// on the first scramble: `true` when taken, `false` when there is nothing to do (the event has no such
    /// tables, or they are built already). Bytes saved for other tables, or damaged, are refused with an
    /// `Error` and the scrambler stays as it was (it builds its tables when it needs them); anything but a
    /// `Uint8Array` is a `TypeError`. Hooks: see the `run` module.
    #[wasm_bindgen(js_name = loadTables)]
    pub fn load_tables(&self, bytes: JsValue, hooks: JsValue) -> Result<bool, JsValue> {
        let bytes = bytes_arg(&bytes, "loadTables")?;
        let hooks = Hooks::from_js(&hooks)?;
        let inner = &self.inner;
        run(&hooks, |control| inner.load_tables(&bytes, control))
    }

    /// One scramble: `{alg, length}` (the alg in the event's notation; megaminx lines separated by
    /// newlines). Options: `{seed}`; hooks: see the `run` module.
    pub fn scramble(&self, options: JsValue, hooks: JsValue) -> Result<JsValue, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: EventScrambleOptions =
            options::read(options, "randomScrambleForEvent options").map_err(|e| error(&e))?;
        let mut rng = rng_from_seed(o.seed).map_err(|e| error(&e))?;
        let inner = &self.inner;
        let s = run(&hooks, |control| inner.scramble(&mut rng, control))?;
        plain(&json!({ "alg": s.alg, "length": s.length }))
    }
}

#[wasm_bindgen]
impl EventScrambler {
    /// Solves a position of the event's puzzle (KPattern data of cubing.js's KPuzzle) with the event's own
    /// solver: `{alg, length}` in the event's notation (the 3x3x3's, the Square-1's, the 4x4x4's, the
    /// megaminx's and the other random-state events' multi-phase solver; the other random-move events and
    /// the clock: an `Error`). `given`: the name of the puzzle the pattern says it is of (a cubing.js
    /// `KPattern`'s), for the error of a pattern that is not one of the event's puzzle.
    pub fn solve(&self, pattern: JsValue, hooks: JsValue, given: Option<String>) -> Result<JsValue, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let v: Value = options::read(pattern, "pattern").map_err(|e| error(&e))?;
        let inner = &self.inner;
        let state = inner.pattern(&v).map_err(|e| error(&self.not_its_puzzle(&v, given.as_deref(), e)))?;
        let s = run(&hooks, |control| inner.solve(&state, control))?;
        plain(&json!({ "alg": s.alg, "length": s.length }))
    }
}

impl EventScrambler {
    /// The error of a pattern the event's puzzle does not read (`e`): what was given (the puzzle `given`
    /// names, or the pattern's orbits), what the event wants (its cubing.js puzzle and orbits), and the
    /// fix, then `e`'s reason.
    fn not_its_puzzle(&self, v: &Value, given: Option<&str>, e: Error) -> Error {
        let event = self.inner.event();
        let wanted: Vec<&str> = self.inner.puzzle().orbits().iter().map(|o| o.name.as_str()).collect();
        let what = match (given, v.as_object()) {
            (Some(name), _) => format!("a position of cubing.js's {name:?}"),
            (None, Some(obj)) => {
                format!("a pattern with orbits {}", obj.keys().cloned().collect::<Vec<_>>().join(", "))
            }
            (None, None) => "not KPattern data".to_string(),
        };
        let mut out = Error::new(format!(
            "solveForEvent({:?}): given {what}, but the event's puzzle is cubing.js's {:?} (orbits {}): pass a pattern of \
             that puzzle (puzzles[{:?}].kpuzzle()), or the event of your puzzle; {e}",
            event.id,
            event.puzzle,
            wanted.join(", "),
            event.puzzle,
        ));
        out.kind = e.kind;
        out
    }
}

/// Every cubing.js event: `[{id, name, puzzle, supported, reason?}]` (`reason`: why an unsupported
/// event is not scrambled yet).
#[wasm_bindgen(js_name = scrambleEvents)]
pub fn scramble_events() -> Result<JsValue, JsValue> {
    let list: Vec<Value> = EVENTS
        .iter()
        .map(|e| {
            let mut v = json!({ "id": e.id, "name": e.name, "puzzle": e.puzzle, "supported": true });
            if let ScrambleKind::Unsupported(why) = e.kind {
                v["supported"] = json!(false);
                v["reason"] = json!(why);
            }
            v
        })
        .collect();
    plain(&Value::Array(list))
}

/// A JSON value as a plain JS value (objects as objects, not `Map`s).
fn plain(v: &Value) -> Result<JsValue, JsValue> {
    use serde::Serialize;
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error(&Error::internal(e.to_string())))
}
