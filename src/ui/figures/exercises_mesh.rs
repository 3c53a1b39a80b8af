//! The view of `exercises_mesh`: the exercises view every exercise figure
//! shares (`ui::exercises`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::figures::exercises_mesh::{ExercisesMesh, ExercisesMeshSettings};
use yew::Html;

impl FigureView for ExercisesMesh {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<ExerciseSet>,
        _: &ExercisesMeshSettings,
        _: &Shared,
    ) -> Html {
        crate::ui::exercises::view(props, ctx)
    }
}
