//! The view of `exercises_synthesis`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::figures::exercises_synthesis::{ExercisesSynthesis, ExercisesSynthesisSettings};
use yew::Html;

impl FigureView for ExercisesSynthesis {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesSynthesisSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
