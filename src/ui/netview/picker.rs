//! The keyboard path to the animator's figures: a list of the network's
//! processors and switches, and a list of the chosen one's links, so every
//! node and link a pointer can click can also be chosen without one.

use crate::core::net::Vertex;
use crate::core::net::layout::{Layout, Pick};
use crate::core::sim::Film;
use yew::prelude::*;

/// A node's name in the lists.
fn node_name(tl: &Film, l: &Layout, i: usize) -> String {
    match l.nodes[i].vertex {
        Vertex::Proc(p) => match tl.fabric().node_name(p) {
            n if n.starts_with('(') => format!("P{p} {n}"),
            n => n,
        },
        Vertex::Switch { level, node, index } => format!("switch L{level}.{node}.{index}"),
    }
}

/// Two lists: nodes, then the chosen node's links. Their empty entries
/// pick nothing, or the node itself.
/// Props of [`Picker`].
#[derive(Properties, Clone)]
pub struct PickerProps {
    pub id: AttrValue,
    pub film: std::rc::Rc<Film>,
    pub layout: std::rc::Rc<Layout>,
    pub selected: Option<Pick>,
    pub on_pick: Callback<Option<Pick>>,
}

impl PartialEq for PickerProps {
    fn eq(&self, o: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.film, &o.film) && (&self.id, self.selected) == (&o.id, o.selected)
    }
}

/// The lists as a component of their own: they do not change from cycle
/// to cycle, and the 1,024-node fat tree's list of 2,000 nodes must not be
/// rebuilt every frame.
#[component]
pub fn Picker(p: &PickerProps) -> Html {
    lists(&p.id, &p.film, &p.layout, p.selected, &p.on_pick)
}

fn lists(
    id: &str,
    tl: &Film,
    l: &Layout,
    selected: Option<Pick>,
    on_pick: &Callback<Option<Pick>>,
) -> Html {
    let node = match selected {
        Some(Pick::Node(i)) => Some(i),
        Some(Pick::Link(k)) => l
            .links
            .get(k as usize)
            .copied()
            .flatten()
            .map(|s| s.a as usize),
        None => None,
    };
    let link = match selected {
        Some(Pick::Link(k)) => Some(k),
        _ => None,
    };
    let choose = |link: bool, none: Option<Pick>| {
        let cb = on_pick.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            cb.emit(match v.parse::<usize>() {
                Ok(k) if link => Some(Pick::Link(k as u32)),
                Ok(i) => Some(Pick::Node(i)),
                Err(_) => none,
            });
        })
    };
    let option = |value: String, text: String, on: bool| {
        html! { <option {value} selected={on}>{text}</option> }
    };
    let list = |key: &str, label: &str, onchange: Callback<Event>, options: Html| {
        let id = format!("{id}-{key}");
        html! {
            <div class="control">
                <label for={id.clone()}>{label.to_string()}</label>
                <select {id} {onchange}>{options}</select>
            </div>
        }
    };
    let nodes = std::iter::once(option(String::new(), "none".into(), node.is_none()))
        .chain(
            (0..l.nodes.len()).map(|i| option(i.to_string(), node_name(tl, l, i), node == Some(i))),
        )
        .collect::<Html>();
    html! {
        <div class="controls picker">
            { list("node", "processor or switch", choose(false, None), nodes) }
            if let Some(n) = node {
                { list("link", "its links", choose(true, Some(Pick::Node(n))),
                    std::iter::once(option(String::new(), "the node itself".into(), link.is_none()))
                        .chain(l.links_of(n).into_iter().map(|k| option(k.to_string(), tl.fabric().label(k), link == Some(k))))
                        .collect::<Html>()) }
            }
        </div>
    }
}
