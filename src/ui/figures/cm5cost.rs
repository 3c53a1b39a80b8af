//! The view of `cm5cost`: the §3.2 fit and the simulated time of one
//! message over its size, and at the player's size the packets it is cut
//! into, the padding of the last one, and both times.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::cm5cost::{Cm5cost, Cm5costSettings, CostRun};
use crate::chart::{Chart, Mark, format_value};
use crate::core::published::ponnusamy93::PACKET_DATA_BYTES;
use crate::core::words::plural_s;
use crate::ui::chart::ChartView;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// Packets drawn at most.
const DRAWN: u64 = 16;

impl FigureView for Cm5cost {
    fn view(props: &FigureProps, ctx: &Ctx<CostRun>, _: &Cm5costSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the messages", |r| view(ctx, r))
    }
}

fn view(ctx: &Ctx<CostRun>, r: &CostRun) -> Html {
    let row = ctx.pos.checked_sub(1).and_then(|i| r.rows.get(i));
    let line = |f: &dyn Fn(&crate::book::figures::cm5cost::CostRow) -> f64| {
        r.rows.iter().map(|x| (x.bytes as f64, f(x))).collect::<Vec<_>>()
    };
    let chart = Chart {
        cursor: row.map(|x| x.bytes as f64),
        ..Chart::new(
            &format!("Processor 0 sends one message to processor {}", r.to),
            "message length l (bytes)",
            "time (µs)",
        )
    }
    .with("paper 004's fit, 0.112·l + 73 (83) µs", Mark::Line, 0, line(&|x| x.fit_us))
    .with("simulated fat tree", Mark::Points, 1, line(&|x| x.sim_us));
    let packets = row.map(|x| {
        let drawn = x.packets.min(DRAWN) as usize;
        let cells: Vec<GridCell> = (0..drawn)
            .map(|i| {
                let last = i as u64 + 1 == x.packets;
                let data = if last { PACKET_DATA_BYTES - x.padding } else { PACKET_DATA_BYTES };
                GridCell {
                    text: if last && x.padding > 0 {
                        format!("4 + {data} + {} pad", x.padding)
                    } else {
                        format!("4 + {data}")
                    },
                    tone: if last && x.padding > 0 { Tone::Orange } else { Tone::Blue },
                    marked: false,
                }
            })
            .collect();
        grid(&GridProps {
            rows: 1,
            cols: drawn,
            cells: Rc::new(cells),
            row_labels: Vec::new(),
            col_labels: Vec::new(),
            caption: format!(
                "Packets: control + data bytes{}",
                if x.packets > DRAWN { format!(", the first {DRAWN} of {}", x.packets) } else { String::new() }
            )
            .into(),
        })
    });
    let caption = match row {
        None => "Step through the message sizes.".to_string(),
        Some(x) => format!(
            "{}: {} of 20 bytes{}; the fit gives {} µs, the simulator {} µs ({:+.1} %).",
            plural_s(x.bytes as usize, "byte"),
            plural_s(x.packets as usize, "packet"),
            if x.padding > 0 {
                format!(", the last padded with {}", plural_s(x.padding as usize, "byte"))
            } else {
                String::new()
            },
            format_value(x.fit_us),
            format_value(x.sim_us),
            (x.sim_us / x.fit_us - 1.0) * 100.0
        ),
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="cm5-one-message.svg" />
            { for packets }
            { controls(&ctx.player, &caption, "size") }
        </>
    }
}
