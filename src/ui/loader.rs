//! Fetching what the book loads on demand: a chapter's page when it is
//! opened, the search index on the first search. Each is fetched once and
//! kept for the tab's life; the service worker (`sw.js`) keeps them for
//! offline reading. A failed fetch says why in words a reader can act on,
//! and the page offers to try again; nothing waits forever.

use crate::ui::dom;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Where a load stands.
pub enum Load<T> {
    Loading,
    Ready(Rc<T>),
    Failed(String),
}

impl<T> Clone for Load<T> {
    fn clone(&self) -> Self {
        match self {
            Load::Loading => Load::Loading,
            Load::Ready(t) => Load::Ready(t.clone()),
            Load::Failed(e) => Load::Failed(e.clone()),
        }
    }
}

thread_local! {
    /// Texts fetched (or offered) so far, by file name under `pages/`.
    static TEXTS: RefCell<BTreeMap<String, Rc<String>>> = const { RefCell::new(BTreeMap::new()) };
}

/// Makes `text` the content of `file`, as if fetched (the browser tests
/// offer the pages the build wrote, having no site to fetch them from).
pub fn offer(file: &str, text: &str) {
    TEXTS.with(|t| {
        t.borrow_mut()
            .insert(file.to_string(), Rc::new(text.to_string()))
    });
}

/// Forgets `file`, so that the next load fetches it again (the browser
/// tests use it to see a failed fetch).
pub fn forget(file: &str) {
    TEXTS.with(|t| t.borrow_mut().remove(file));
}

/// `file`'s text if it was fetched already.
pub fn cached(file: &str) -> Option<Rc<String>> {
    TEXTS.with(|t| t.borrow().get(file).cloned())
}

/// Fetches `pages/<file>` (relative to the book's address), or says why
/// it could not.
pub async fn fetch(file: &str) -> Result<Rc<String>, String> {
    if let Some(t) = cached(file) {
        return Ok(t);
    }
    let text = fetch_text(&format!("pages/{file}")).await?;
    let text = Rc::new(text);
    TEXTS.with(|t| t.borrow_mut().insert(file.to_string(), text.clone()));
    Ok(text)
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = dom::window().ok_or("there is no window to fetch from")?;
    let offline = "the network cannot be reached, and this part of the book has not been saved \
                   for reading offline yet (it is saved once the book has been opened online)";
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| offline.to_string())?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| "the answer was not a response".to_string())?;
    if !response.ok() {
        return Err(format!(
            "the server answered {} {} for {url}; if the book was updated since this page was \
             opened, reloading the page loads the new version",
            response.status(),
            response.status_text()
        ));
    }
    let text = response
        .text()
        .map_err(|_| "the answer could not be read".to_string())?;
    JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| "the answer was cut off".to_string())
}

/// Loads `pages/<file>` and reads it with `parse`; `retry` fetches again
/// after a failure. A new `file` starts a new load.
#[hook]
pub fn use_load<T: 'static>(file: &'static str, parse: fn(&str) -> T) -> (Load<T>, Callback<()>) {
    let ready = |file: &str| cached(file).map(|t| Load::Ready(Rc::new(parse(&t))));
    let state = use_state(|| (file, ready(file).unwrap_or(Load::Loading)));
    let attempt = use_state(|| 0u32);
    {
        let state = state.clone();
        use_effect_with((file, *attempt), move |&(file, _)| {
            if state.0 != file || !matches!(state.1, Load::Ready(_)) {
                state.set((file, Load::Loading));
                yew::platform::spawn_local(async move {
                    let load = match fetch(file).await {
                        Ok(t) => Load::Ready(Rc::new(parse(&t))),
                        Err(why) => Load::Failed(why),
                    };
                    state.set((file, load));
                });
            }
        });
    }
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let load = if state.0 == file {
        state.1.clone()
    } else {
        ready(file).unwrap_or(Load::Loading)
    };
    (load, retry)
}
