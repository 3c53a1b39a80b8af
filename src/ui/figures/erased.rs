//! A figure's types erased behind [`Hosted`], so one component hosts
//! every figure (see `host`): a component type, or a copy of the hook, per
//! figure would each bring their own copy of Yew's generic code into the
//! wasm. The erasure is written once, generically, in `impl Hosted for
//! Host<F>`, so a figure's key, output and view always belong to the same
//! `F`: a wrong pairing does not compile. Also the list of the figures
//! this wasm module hosts.

use super::FigureView;
use super::host::*;
use crate::book::params::{Notice, Values};
use crate::book::pooled::round_trips;
use crate::book::settings::Settings;
use crate::core::step::{Progress, Stepper};
use crate::ui::pool::Remote;
use std::any::Any;
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use yew::prelude::*;

/// A computation's result, its type erased.
pub type AnyOut = Rc<dyn Any>;

/// A computation's key, its type erased but still comparable.
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

/// A figure the page can host, its types erased.
pub trait Hosted: 'static {
    /// The computation's key from the settings, with notices.
    fn key(&self, values: &Values) -> (AnyKey, Vec<Notice>);
    /// The computation.
    fn compute(&self, key: &AnyKey) -> Box<dyn Stepper<Output = AnyOut>>;
    /// Steps of the player over a result.
    fn steps(&self, out: &AnyOut) -> usize;
    /// Opens at the last step.
    fn start_at_end(&self) -> bool;
    /// The computation named for a Web Worker, if it is a sweep the
    /// workers may share and the link strings give back `key` exactly.
    fn remote(&self, name: &'static str, values: &Values, key: &AnyKey) -> Option<Remote>;
    /// Draws the figure.
    fn view(&self, props: &FigureProps, ctx: Ctx<AnyOut>, shared: &Shared) -> Html;
}

/// Figure `F`, hosted.
pub struct Host<F>(PhantomData<fn() -> F>);

impl<F> Host<F> {
    pub const NEW: Self = Host(PhantomData);
}

impl<F: FigureView> Hosted for Host<F> {
    fn key(&self, values: &Values) -> (AnyKey, Vec<Notice>) {
        let (k, notices) = F::key(&F::Settings::from_values(values));
        (AnyKey(Rc::new(k)), notices)
    }

    fn compute(&self, key: &AnyKey) -> Box<dyn Stepper<Output = AnyOut>> {
        match key.0.any().downcast_ref::<F::Key>() {
            Some(k) => Box::new(Erased(F::compute(k))),
            // Keys come from `key` above, so this cannot happen.
            None => Box::new(Nothing),
        }
    }

    fn steps(&self, out: &AnyOut) -> usize {
        out.downcast_ref::<F::Output>().map_or(0, F::steps)
    }

    fn start_at_end(&self) -> bool {
        F::START_AT_END
    }

    fn remote(&self, name: &'static str, values: &Values, key: &AnyKey) -> Option<Remote> {
        if !F::POOLED {
            return None;
        }
        let raw: Vec<(String, String)> = values
            .to_strings(&Values::default())
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let key = key.0.any().downcast_ref::<F::Key>()?;
        round_trips::<F>(&raw, key).then_some(Remote { figure: name, raw })
    }

    fn view(&self, props: &FigureProps, ctx: Ctx<AnyOut>, shared: &Shared) -> Html {
        let settings = F::Settings::from_values(&ctx.values);
        F::view(props, &ctx.downcast::<F::Output>(), &settings, shared)
    }
}

/// A stepper whose result is erased.
struct Erased<T>(Box<dyn Stepper<Output = T>>);

impl<T: 'static> Stepper for Erased<T> {
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
    fn preview(&self) -> Option<AnyOut> {
        self.0.preview().map(|p| Rc::new(p) as AnyOut)
    }
    fn pool(&mut self) -> Option<&mut dyn crate::core::pool::Pool> {
        self.0.pool()
    }
    fn after_paint(&self) -> bool {
        self.0.after_paint()
    }
    fn elsewhere(&self) -> bool {
        self.0.elsewhere()
    }
}

/// What a key of the wrong type computes (never: see `compute`).
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

impl Ctx<AnyOut> {
    /// The context with the result's type restored.
    fn downcast<T: 'static>(self) -> Ctx<T> {
        let phase = match self.phase {
            RunState::Running {
                progress,
                elapsed_ms,
                preview,
                workers,
            } => RunState::Running {
                progress,
                elapsed_ms,
                preview: preview.and_then(|out| (*out).clone().downcast::<T>().ok()),
                workers,
            },
            RunState::Cancelled => RunState::Cancelled,
            RunState::Done(out) => match (*out).clone().downcast::<T>() {
                Ok(t) => RunState::Done(t),
                Err(_) => RunState::Cancelled,
            },
        };
        Ctx {
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

thread_local! {
    /// The figures this wasm module hosts (see `ui::figures::packs`).
    static INSTALLED: RefCell<Vec<(&'static str, &'static dyn Hosted)>> = const { RefCell::new(Vec::new()) };
}

/// Makes `figures` hostable here.
pub fn install(figures: &[(&'static str, &'static dyn Hosted)]) {
    INSTALLED.with(|i| {
        let mut i = i.borrow_mut();
        for f in figures {
            if !i.iter().any(|(n, _)| *n == f.0) {
                i.push(*f);
            }
        }
    });
}

/// The hosted figure called `name`, if this module has it.
pub fn hosted(name: &str) -> Option<&'static dyn Hosted> {
    INSTALLED.with(|i| i.borrow().iter().find(|(n, _)| *n == name).map(|f| f.1))
}
