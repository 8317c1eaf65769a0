//! The cubing.js KPuzzle definitions the core embeds, by cubing.js puzzle ID (`"3x3x3"`, `"megaminx"`),
//! so that the JS API loads a puzzle by its ID (`loadPuzzle("3x3x3")`) without cubing.js.

use wasm_bindgen::prelude::*;

use crate::events::{embedded_definition, EMBEDDED_PUZZLES};

/// The KPuzzle definition (JSON text) of a cubing.js puzzle ID, or `undefined` for an ID whose definition
/// is not embedded.
#[wasm_bindgen(js_name = embeddedDefinition)]
pub fn definition(puzzle_id: &str) -> Option<String> {
    embedded_definition(puzzle_id).map(str::to_string)
}

/// The cubing.js puzzle IDs whose definitions are embedded, in the core's order.
#[wasm_bindgen(js_name = embeddedPuzzles)]
pub fn puzzles() -> js_sys::Array {
    EMBEDDED_PUZZLES.iter().map(|id| JsValue::from_str(id)).collect()
}
