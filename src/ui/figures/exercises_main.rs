//! The view of `exercises_main`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::{ExerciseSet, ExercisesMain, ExercisesMainSettings};
use yew::Html;

impl FigureView for ExercisesMain {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesMainSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
