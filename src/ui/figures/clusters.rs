//! The view of `clusters`: paper 004's cluster experiments, one message size per step.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::clusters::{Clusters, ClustersSettings};
use crate::book::reports::Report;
use crate::ui::parts::report::report_figure;
use yew::prelude::*;

impl FigureView for Clusters {
    fn view(props: &FigureProps, ctx: &Ctx<Report>, _: &ClustersSettings, _: &Shared) -> Html {
        report_figure(props, ctx, "the experiment")
    }
}
