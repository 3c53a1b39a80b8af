//! A widget's [`Spec`] with its types erased, so that the scaffold's hook
//! (settings, job, player, URL) is compiled once for the whole book rather
//! than once per widget type. Only the thin conversions here are generic.
//!
//! Measured on the release build: with seven widgets, one shared copy of the
//! hook instead of seven saves several kilobytes of gzipped wasm.

use super::scaffold::{Phase, Spec, WidgetCtx};
use crate::book::params::{Notice, Values};
use crate::core::step::{Progress, Stepper};
use std::any::Any;
use std::rc::Rc;

/// A computation's result, type-erased.
pub type AnyOut = Rc<dyn Any>;

/// A computation's key (its inputs), type-erased but still comparable.
#[derive(Clone)]
pub struct AnyKey(Rc<dyn KeyObj>);

trait KeyObj {
    fn any(&self) -> &dyn Any;
    fn same(&self, other: &dyn KeyObj) -> bool;
}

impl<K: PartialEq + 'static> KeyObj for K {
    fn any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn KeyObj) -> bool {
        other.any().downcast_ref::<K>() == Some(self)
    }
}

impl PartialEq for AnyKey {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

type Boxed<T> = Box<dyn Stepper<Output = T>>;
type KeyFn = dyn Fn(&Values) -> (AnyKey, Vec<Notice>);
type MakeFn = dyn Fn(&AnyKey) -> Boxed<AnyOut>;

/// [`Spec`] with the key and the result erased.
pub struct AnySpec {
    pub key: Rc<KeyFn>,
    pub make: Rc<MakeFn>,
    pub len: Rc<dyn Fn(&AnyOut) -> usize>,
    pub start_at_end: bool,
}

impl AnySpec {
    /// Erases `spec`.
    pub fn of<K: PartialEq + Clone + 'static, T: 'static>(spec: Spec<K, T>) -> Self {
        let Spec {
            key,
            make,
            len,
            start_at_end,
        } = spec;
        AnySpec {
            key: Rc::new(move |v| {
                let (k, notes) = key(v);
                (AnyKey(Rc::new(k)), notes)
            }),
            make: Rc::new(move |k: &AnyKey| -> Boxed<AnyOut> {
                match k.0.any().downcast_ref::<K>() {
                    Some(k) => Box::new(ToAny(make(k))),
                    None => Box::new(Nothing),
                }
            }),
            len: Rc::new(move |out: &AnyOut| out.downcast_ref::<T>().map_or(0, len)),
            start_at_end,
        }
    }
}

/// A stepper whose result is erased.
struct ToAny<T>(Boxed<T>);

impl<T: 'static> Stepper for ToAny<T> {
    type Output = AnyOut;
    fn step(&mut self) -> bool {
        self.0.step()
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn finish(self: Box<Self>) -> AnyOut {
        Rc::new(self.0.finish())
    }
}

/// What a key of the wrong type computes (it cannot happen: a widget's
/// keys all come from its own spec).
struct Nothing;

impl Stepper for Nothing {
    type Output = AnyOut;
    fn step(&mut self) -> bool {
        false
    }
    fn progress(&self) -> Progress {
        Progress::default()
    }
    fn finish(self: Box<Self>) -> AnyOut {
        Rc::new(())
    }
}

impl WidgetCtx<AnyOut> {
    /// The context with the result's type restored.
    pub fn downcast<T: 'static>(self) -> WidgetCtx<T> {
        let phase = match self.phase {
            Phase::Running {
                progress,
                elapsed_ms,
            } => Phase::Running {
                progress,
                elapsed_ms,
            },
            Phase::Cancelled => Phase::Cancelled,
            Phase::Done(out) => match (*out).clone().downcast::<T>() {
                Ok(t) => Phase::Done(t),
                Err(_) => Phase::Cancelled,
            },
        };
        WidgetCtx {
            values: self.values,
            set_values: self.set_values,
            phase,
            cancel: self.cancel,
            rerun: self.rerun,
            pos: self.pos,
            player: self.player,
            notices: self.notices,
        }
    }
}
