//! Results handed to JS as plain values: a JSON value becomes objects, arrays, strings, numbers and
//! booleans (objects as objects, not `Map`s), as the JS API's types describe them.

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::JsValue;

use super::run::error;
use crate::Error;

/// A JSON value as a plain JS value (objects as objects, not `Map`s).
pub fn to_js(v: &Value) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error(&Error::new(e.to_string())))
}
