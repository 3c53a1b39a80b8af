//! The view of `exercises_redist`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::figures::exercises_redist::{ExercisesRedist, ExercisesRedistSettings};
use yew::Html;

impl FigureView for ExercisesRedist {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesRedistSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
