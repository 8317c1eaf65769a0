//! Running long work with JS hooks: progress reports and cancellation that behave the same in both
//! builds.
//!
//! The hooks object is `{ onProgress?(p), isCancelled?(): boolean, canBlock?: boolean }`.
//!
//! - Single-threaded build: the core calls `onProgress` on each report and asks `isCancelled` wherever it
//!   checks for cancellation (through [`Control::with_poll`]), all on the calling thread. The JS side
//!   answers from an `AbortSignal` or from a `SharedArrayBuffer` flag another thread sets.
//! - Threaded build: the work runs on rayon's pool; the core's reports and its cancellation flag are
//!   atomics in Rust memory. The calling thread pumps meanwhile: every [`PUMP`] it hands the latest
//!   report to `onProgress` and asks `isCancelled`, raising the core's flag when told to. JS functions are
//!   never called from a pool thread. The pump sleeps between rounds where the thread may block (a
//!   worker: `canBlock`) and spins on a browser's main thread, where blocking is not allowed.
//!
//! A hook that throws stops the work; the call then rejects with what it threw. The control also carries
//! a clock (`Date.now()`), with which the core times its table work (`tablesStatus`'s `seconds`).

use std::cell::RefCell;

use js_sys::{Function, Object, Reflect};
#[cfg(not(feature = "parallel"))]
use send_wrapper::SendWrapper;
use wasm_bindgen::{JsCast, JsValue};

use crate::control::{Control, Progress};
use crate::{Error, ErrorKind};

/// The JS hooks of one call.
pub struct Hooks {
    on_progress: Option<Function>,
    is_cancelled: Option<Function>,
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    can_block: bool,
    /// What a hook threw, first only.
    thrown: RefCell<Option<JsValue>>,
}

impl Hooks {
    /// Reads the hooks object (`undefined`: no hooks).
    pub fn from_js(v: &JsValue) -> Result<Hooks, JsValue> {
        let mut hooks = Hooks { on_progress: None, is_cancelled: None, can_block: false, thrown: RefCell::new(None) };
        if v.is_undefined() || v.is_null() {
            return Ok(hooks);
        }
        let function = |name: &str| -> Result<Option<Function>, JsValue> {
            let f = Reflect::get(v, &JsValue::from_str(name))?;
            if f.is_undefined() || f.is_null() {
                return Ok(None);
            }
            f.dyn_into::<Function>().map(Some).map_err(|_| error(&Error::new(format!("hook {name} is not a function"))))
        };
        hooks.on_progress = function("onProgress")?;
        hooks.is_cancelled = function("isCancelled")?;
        hooks.can_block = Reflect::get(v, &JsValue::from_str("canBlock"))?.is_truthy();
        Ok(hooks)
    }

    /// Whether anyone listens to progress.
    pub fn wants_progress(&self) -> bool {
        self.on_progress.is_some()
    }

    /// Hands a report to `onProgress`.
    pub fn progress(&self, p: &Progress) {
        let Some(f) = &self.on_progress else { return };
        if self.thrown.borrow().is_some() {
            return;
        }
        if let Err(e) = f.call1(&JsValue::UNDEFINED, &progress_object(p)) {
            self.thrown.borrow_mut().get_or_insert(e);
        }
    }

    /// Whether the work should stop: `isCancelled` says so, or a hook threw.
    pub fn cancelled(&self) -> bool {
        if self.thrown.borrow().is_some() {
            return true;
        }
        let Some(f) = &self.is_cancelled else { return false };
        match f.call0(&JsValue::UNDEFINED) {
            Ok(v) => v.is_truthy(),
            Err(e) => {
                self.thrown.borrow_mut().get_or_insert(e);
                true
            }
        }
    }

    /// The outcome for JS: what a hook threw wins over the core's error (cancellation, most likely).
    pub fn finish<T>(&self, r: crate::Result<T>) -> Result<T, JsValue> {
        if let Some(e) = self.thrown.borrow_mut().take() {
            return Err(e);
        }
        r.map_err(|e| error(&e))
    }
}

/// `{phase, depth, done, total}` (`total` is `null` when unknown).
fn progress_object(p: &Progress) -> JsValue {
    let o = Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = Reflect::set(&o, &JsValue::from_str(k), &v);
    };
    set("phase", JsValue::from_str(p.phase));
    set("depth", JsValue::from(p.depth));
    set("done", JsValue::from(p.done as f64));
    set("total", p.total.map_or(JsValue::NULL, |t| JsValue::from(t as f64)));
    o.into()
}

/// A core error as a JS error with the core's message and a `kind` property (the [`ErrorKind`] name):
/// over-limit requests are `RangeError`s, cancelled work is named `AbortError`, the rest are `Error`s
/// (js/common.js maps these for callers).
pub fn error(e: &Error) -> JsValue {
    let js: js_sys::Error = match e.kind {
        ErrorKind::Limit => js_sys::RangeError::new(&e.to_string()).into(),
        _ => js_sys::Error::new(&e.to_string()),
    };
    if e.kind == ErrorKind::Cancelled {
        js.set_name("AbortError");
    }
    // Setting a data property on a fresh Error cannot fail.
    let _ = Reflect::set(&js, &JsValue::from_str("kind"), &JsValue::from_str(e.kind.name()));
    js.into()
}

/// The core's clock (seconds): `Date.now()`, the one clock every thread of the threaded build shares
/// (`performance.now()` counts from each worker's start).
fn clock() -> f64 {
    js_sys::Date::now() / 1000.0
}

/// Runs `work` with a [`Control`] wired to the hooks (see the module docs).
#[cfg(not(feature = "parallel"))]
pub fn run<T, F>(hooks: &Hooks, work: F) -> Result<T, JsValue>
where
    T: Send,
    F: FnOnce(Control) -> crate::Result<T> + Send,
{
    // The core asks for `Sync` callbacks; the JS hooks are not, and need not be: this build has one
    // thread, and `SendWrapper` checks at each call that it is the thread the hooks came from.
    let progress = SendWrapper::new(|p: &Progress| hooks.progress(p));
    let poll = SendWrapper::new(|| hooks.cancelled());
    let progress = |p: &Progress| (*progress)(p);
    let poll = || (*poll)();
    let mut control = Control::none().with_poll(&poll).with_clock(&clock);
    if hooks.wants_progress() {
        control = control.with_progress(&progress);
    }
    if hooks.cancelled() {
        return hooks.finish(Err(Error::cancelled()));
    }
    hooks.finish(work(control))
}

/// How often the calling thread pumps progress and cancellation in the threaded build.
#[cfg(feature = "parallel")]
const PUMP: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs `work` on rayon's pool with a [`Control`] whose flag and reports the calling thread pumps to
/// and from the hooks (see the module docs).
#[cfg(feature = "parallel")]
pub fn run<T, F>(hooks: &Hooks, work: F) -> Result<T, JsValue>
where
    T: Send,
    F: FnOnce(Control) -> crate::Result<T> + Send,
{
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Condvar, Mutex};

    if hooks.cancelled() {
        return hooks.finish(Err(Error::cancelled()));
    }
    let cancel = AtomicBool::new(false);
    let latest: Mutex<Option<Progress>> = Mutex::new(None);
    let fresh = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let wake = (Mutex::new(()), Condvar::new());
    let record = |p: &Progress| {
        if let Ok(mut slot) = latest.lock() {
            *slot = Some(p.clone());
            fresh.store(true, Ordering::Release);
        }
    };
    let wants_progress = hooks.wants_progress();
    let mut result = None;
    rayon::in_place_scope(|scope| {
        let (cancel, record, finished, wake, result) = (&cancel, &record, &finished, &wake, &mut result);
        scope.spawn(move |_| {
            let mut control = Control::none().with_cancel(cancel).with_clock(&clock);
            if wants_progress {
                control = control.with_progress(record);
            }
            *result = Some(work(control));
            let _guard = wake.0.lock();
            finished.store(true, Ordering::Release);
            wake.1.notify_all();
        });
        while !finished.load(Ordering::Acquire) {
            if hooks.can_block {
                if let Ok(guard) = wake.0.lock() {
                    if !finished.load(Ordering::Acquire) {
                        let _ = wake.1.wait_timeout(guard, PUMP);
                    }
                }
            } else {
                // A browser's main thread may not block: spin until the next round is due.
                let until = js_sys::Date::now() + PUMP.as_millis() as f64;
                while !finished.load(Ordering::Acquire) && js_sys::Date::now() < until {
                    std::hint::spin_loop();
                }
            }
            if fresh.swap(false, Ordering::AcqRel) {
                let report = latest.try_lock().ok().and_then(|slot| slot.clone());
                if let Some(p) = report {
                    hooks.progress(&p);
                }
            }
            if !cancel.load(Ordering::Relaxed) && hooks.cancelled() {
                cancel.store(true, Ordering::Relaxed);
            }
        }
    });
    let r = result.unwrap_or_else(|| Err(Error::internal("the work ended without a result")));
    hooks.finish(r)
}

/// The bytes of a `Uint8Array` argument; anything else is a `TypeError` naming the method.
pub fn bytes_arg(v: &JsValue, method: &str) -> Result<Vec<u8>, JsValue> {
    match v.dyn_ref::<js_sys::Uint8Array>() {
        Some(a) => Ok(a.to_vec()),
        None => {
            let e = js_sys::TypeError::new(&format!("{method}: the tables must be a Uint8Array"));
            // Setting a data property on a fresh Error cannot fail.
            let _ = js_sys::Reflect::set(&e, &JsValue::from_str("kind"), &JsValue::from_str("input"));
            Err(e.into())
        }
    }
}
