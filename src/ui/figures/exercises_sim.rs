//! The view of `exercises_sim`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::figures::exercises_sim::{ExercisesSim, ExercisesSimSettings};
use yew::Html;

impl FigureView for ExercisesSim {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesSimSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
