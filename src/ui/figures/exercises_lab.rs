//! The view of `exercises_lab`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::figures::exercises_lab::{ExercisesLab, ExercisesLabSettings};
use yew::Html;

impl FigureView for ExercisesLab {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesLabSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
