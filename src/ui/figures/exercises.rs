//! The view of `exercises`, whichever module computes it (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises::{ExerciseSet, Exercises, ExercisesSettings, Generators};
use yew::Html;

impl<G: Generators> FigureView for Exercises<G> {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
