//! The view of `lab`: the matrix editor and the settings, then the table
//! of every algorithm, the selected schedule phase by phase with its
//! exports, the animator and a measured timeline (`ui::lab`).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::lab::{Lab, LabOut, LabSettings};
use crate::book::lab::compare::Table;
use crate::book::lab::matrix::LINK_MAX_CHARS;
use crate::book::params::{Value, Values};
use crate::ui::lab::editor::MatrixEditor;
use crate::ui::lab::{selected, table};
use crate::ui::parts::controls::setting;
use crate::ui::parts::standard::standard;
use yew::prelude::*;

impl FigureView for Lab {
    fn view(props: &FigureProps, ctx: &Ctx<LabOut>, s: &LabSettings, _: &Shared) -> Html {
        let set_com = {
            let (set, values) = (ctx.set_values.clone(), ctx.values.clone());
            Callback::from(move |text: String| {
                let mut next: Values = values.clone();
                next.set("com", Value::Text(text));
                set.emit(next);
            })
        };
        let fresh = props.initial == props.defaults;
        let field = |k: &'static str| {
            props.entry.param(k).copied().map(|p| setting(props, ctx, &p, props.entry.note(k)))
        };
        let generating = s.com.trim().is_empty();
        let settings = html! {
            <>
                <MatrixEditor id={props.id.clone()} com={AttrValue::from(s.com.clone())}
                    set_com={set_com.clone()} restore={fresh} />
                <div class="controls">
                    if generating {
                        { for ["gen", "n", "d", "bytes"].into_iter().filter_map(field) }
                    }
                    { for ["seed", "machine", "tau", "bw", "net", "algo"].into_iter().filter_map(field) }
                </div>
                if s.com.len() > LINK_MAX_CHARS {
                    <p class="notices" role="status">{format!(
                        "This matrix is {} characters: more than the {LINK_MAX_CHARS} a link should carry, so the link keeps the other settings only. Share the matrix as a file (Exports below); this browser keeps it for your next visit.",
                        s.com.len()
                    )}</p>
                }
            </>
        };
        standard(props, ctx, settings, "the table", |out| match &**out {
            Err(why) => html! {
                <div class="notices" role="alert">{format!("The matrix cannot be used: {why}. Your text is kept in the editor above.")}</div>
            },
            Ok(t) => body(props, ctx, s, t, &set_com),
        })
    }
}

fn body(props: &FigureProps, ctx: &Ctx<LabOut>, s: &LabSettings, t: &Table, set_com: &Callback<String>) -> Html {
    let select = {
        let (set, values) = (ctx.set_values.clone(), ctx.values.clone());
        Callback::from(move |name: &'static str| {
            let mut next: Values = values.clone();
            next.set("algo", Value::Choice(name));
            set.emit(next);
        })
    };
    html! {
        <>
            { table::view(t, s.algo, &select) }
            { selected::view(props, ctx, s, t, set_com) }
        </>
    }
}
