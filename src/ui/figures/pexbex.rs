//! The view of `pexbex`: PEX against BEX on the simulated fat tree, one exchange step per step.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::pexbex::{Pexbex, PexbexSettings};
use crate::book::reports::Report;
use crate::ui::parts::report::report_figure;
use yew::prelude::*;

impl FigureView for Pexbex {
    fn view(props: &FigureProps, ctx: &Ctx<Report>, _: &PexbexSettings, _: &Shared) -> Html {
        report_figure(props, ctx, "the exchange")
    }
}
