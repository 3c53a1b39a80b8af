//! The view of `predict`: a schedule's phases predicted and simulated, one phase per step.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::predict::{Predict, PredictSettings};
use crate::book::reports::Report;
use crate::ui::parts::report::report_figure;
use yew::prelude::*;

impl FigureView for Predict {
    fn view(props: &FigureProps, ctx: &Ctx<Report>, _: &PredictSettings, _: &Shared) -> Html {
        report_figure(props, ctx, "the simulation")
    }
}
