//! Inputs for figure settings. A value is checked with the same rules as a
//! URL value (`book::params::parse_one`); a bad entry is marked, explained
//! next to the field and not applied, so the figure never sees it.

use crate::book::params::{
    ParamKind, ParamSpec, Value, Values, default_of, format_number, parse_one,
};
use crate::ui::figures::host::{Ctx, FigureProps};
use yew::prelude::*;

/// The input for one of a figure's settings, wired to the figure: it shows
/// the current value and stores the reader's new one (`note` goes under it).
pub fn setting<T>(
    props: &FigureProps,
    ctx: &Ctx<T>,
    spec: &ParamSpec,
    note: impl Into<AttrValue>,
) -> Html {
    setting_for(props, &ctx.values, &ctx.set_values, spec, note.into())
}

/// [`setting`] without the figure's types, so one copy serves every figure.
pub fn setting_for(
    props: &FigureProps,
    values: &Values,
    set: &Callback<Values>,
    spec: &ParamSpec,
    note: AttrValue,
) -> Html {
    let (set, base, key) = (set.clone(), values.clone(), spec.key);
    let on_change = Callback::from(move |v: Value| {
        let mut next = base.clone();
        next.set(key, v);
        set.emit(next);
    });
    let value = values
        .0
        .get(key)
        .cloned()
        .unwrap_or_else(|| default_of(spec));
    html! {
        <ParamInput figure={props.id.clone()} spec={*spec} {value} {on_change} {note} />
    }
}

/// Props of [`ParamInput`].
#[derive(Properties, PartialEq)]
pub struct ParamInputProps {
    /// Figure id, to make the input's DOM id unique.
    pub figure: AttrValue,
    pub spec: ParamSpec,
    pub value: Value,
    pub on_change: Callback<Value>,
    /// Shown under the field (e.g. "the browser caps n at 1024").
    #[prop_or_default]
    pub note: AttrValue,
    /// Draw a number as a slider moving in steps of this size (e.g. γ).
    #[prop_or_default]
    pub slider: Option<f64>,
}

fn shown(v: &Value) -> String {
    match v {
        Value::Int(x) => x.to_string(),
        Value::Number(Some(x)) => format_number(*x),
        Value::Number(None) => String::new(),
        Value::Choice(c) => c.to_string(),
        Value::Text(t) => t.clone(),
    }
}

/// One labelled setting.
#[component]
pub fn ParamInput(props: &ParamInputProps) -> Html {
    let error = use_state(|| None::<String>);
    let id = format!("{}-{}", props.figure, props.spec.key);
    let err_id = format!("{id}-err");
    let spec = props.spec;
    let on_change = {
        let error = error.clone();
        let cb = props.on_change.clone();
        Callback::from(move |e: Event| {
            let text = match e.target_dyn_into::<web_sys::HtmlInputElement>() {
                Some(i) => i.value(),
                None => e
                    .target_unchecked_into::<web_sys::HtmlSelectElement>()
                    .value(),
            };
            let parsed = match spec.kind {
                ParamKind::Number { .. } if text.trim().is_empty() => Ok(Value::Number(None)),
                // A number field hands over "" for letters as well as for
                // nothing at all.
                ParamKind::Int { .. } if text.trim().is_empty() => {
                    Err("the field is empty or not a number; enter a whole number".to_string())
                }
                _ => parse_one(&spec, &text),
            };
            match parsed {
                Ok(v) => {
                    error.set(None);
                    cb.emit(v);
                }
                Err(why) => error.set(Some(why)),
            }
        })
    };
    // Typing again withdraws an old complaint: the reader may be retyping
    // the value the field already holds, which fires no change.
    let on_input = {
        let error = error.clone();
        Callback::from(move |_: InputEvent| {
            if error.is_some() {
                error.set(None);
            }
        })
    };
    let invalid = error.is_some().then_some("true");
    let field = match spec.kind {
        ParamKind::Choice { options, .. } => html! {
            <select id={id.clone()} onchange={on_change}>
                { for options.iter().map(|o| html! {
                    <option value={*o} selected={shown(&props.value) == *o}>{*o}</option>
                }) }
            </select>
        },
        ParamKind::Number { min, max, .. } if props.slider.is_some() => html! {
            <span class="slider">
                <input id={id.clone()} type="range" min={format_number(min)} max={format_number(max)}
                    step={props.slider.map(format_number)} value={shown(&props.value)} onchange={on_change} />
                <output for={id.clone()}>{shown(&props.value)}</output>
            </span>
        },
        // One `html!` for the three kinds of text field (each costs wasm).
        kind => {
            let (ty, mode, min, max, step, placeholder) = match kind {
                ParamKind::Int { min, max, .. } => (
                    "number",
                    Some("numeric"),
                    Some(min.to_string()),
                    Some(max.to_string()),
                    Some("1"),
                    None,
                ),
                ParamKind::Number { min, max, default } => (
                    "number",
                    None,
                    Some(format_number(min)),
                    Some(format_number(max)),
                    Some("any"),
                    Some(default.map_or("auto".to_string(), format_number)),
                ),
                _ => ("text", None, None, None, None, None),
            };
            html! {
                <input id={id.clone()} type={ty} inputmode={mode} {min} {max} {step} {placeholder}
                    value={shown(&props.value)} onchange={on_change} oninput={on_input}
                    aria-invalid={invalid} aria-describedby={err_id.clone()} />
            }
        }
    };
    html! {
        <div class="control">
            <label for={id}>{spec.label}</label>
            { field }
            <span class="error" id={err_id} aria-live="polite">{ error.as_deref().map(|e| format!("Not applied: {e}")).unwrap_or_default() }</span>
            if !props.note.is_empty() { <span class="control-note">{props.note.clone()}</span> }
        </div>
    }
}
