//! A film's checkpoints on disk, in the browser (`core::sim::spill`): the
//! folder a film worker writes them to ([`SpillFolder`], deleted with the
//! film), the page's reads of them when a seek wants one ([`read_for`],
//! by the disk worker `www/commbook-disk-worker.js`), and the line under
//! the film that says how many there are ([`DiskNote`]).

use super::films::{build, call, megabytes, sweep_once, wait};
use crate::core::sim::spill::SPILL_MOVES;
use crate::core::sim::{DiskFolder, DiskUse, Film};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// A folder of checkpoints on disk (`core::sim::spill`), written by a
/// film worker: `<build>-spill-<random>` in `films`. While a page holds it
/// it holds a Web Lock of its name, so that another tab's sweep (`SWEEP`
/// in `ui::films`) leaves it alone; dropping it (the film is gone: other
/// settings, another page, the reader's Delete) releases the lock and
/// deletes the folder, unless it is kept with its film's file
/// ([`DiskFolder::set_kept`]; `ui::films` marks it so for the sweep).
pub struct SpillFolder {
    name: String,
    lock: JsValue,
    kept: std::cell::Cell<bool>,
}

impl DiskFolder for SpillFolder {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn kept(&self) -> bool {
        self.kept.get()
    }

    fn set_kept(&self, kept: bool) {
        self.kept.set(kept);
    }
}

impl SpillFolder {
    /// A new folder's name and lock (the worker makes the folder when it
    /// writes its first group); `None` where the page has no
    /// origin-private file system.
    pub fn new() -> Option<Rc<SpillFolder>> {
        let has = "return !!(navigator.storage && navigator.storage.getDirectory);";
        let has = js_sys::Function::new_no_args(has).call0(&JsValue::NULL);
        if has.ok().and_then(|v| v.as_bool()) != Some(true) {
            return None;
        }
        sweep_once();
        let random = (js_sys::Math::random() * 2f64.powi(52)) as u64;
        Some(Self::held(
            format!("{}-spill-{random:013x}", build()),
            false,
        ))
    }

    /// The folder `name`, held by this page (its lock taken).
    pub fn held(name: String, kept: bool) -> Rc<SpillFolder> {
        let hold = "const h = { done: false, release: null };
             if (navigator.locks && navigator.locks.request)
               navigator.locks.request('commbook-' + name, () => h.done ? null : new Promise((r) => { h.release = r; })).catch(() => {});
             return h;";
        let lock = js_sys::Function::new_with_args("name", hold)
            .call1(&JsValue::NULL, &JsValue::from_str(&name))
            .unwrap_or(JsValue::NULL);
        Rc::new(SpillFolder {
            name,
            lock,
            kept: std::cell::Cell::new(kept),
        })
    }
}

impl Drop for SpillFolder {
    fn drop(&mut self) {
        // A worker just stopped may still hold a file open for a moment:
        // a second try a few seconds later (or the next visit's sweep).
        let body = "h && (h.done = true, h.release && h.release());
             if (keep || !navigator.storage || !navigator.storage.getDirectory) return Promise.resolve();
             const rm = () => d().then((dir) => dir.removeEntry(name, { recursive: true }));
             return rm().catch((e) => e && e.name === 'NotFoundError' ? null
               : new Promise((ok) => setTimeout(ok, 3000)).then(rm)).catch(() => null);";
        let (name, lock) = (self.name.clone(), self.lock.clone());
        let keep = JsValue::from_bool(self.kept.get());
        wasm_bindgen_futures::spawn_local(async move {
            let _ = call(
                "name, h, keep",
                body,
                &[JsValue::from_str(&name), lock, keep],
            )
            .await;
        });
    }
}

/// Reads group `group` of `film`'s checkpoints on disk, if the seek to
/// `pos` wants one: true if the frame should wait for it (`done` is
/// called when it is in, or failed, and the film then seeks from memory).
/// A read that takes more than 3 s is given up.
pub fn read_for(film: &Rc<Film>, pos: usize, done: Callback<()>) -> bool {
    let Some(folder) = film.disk_folder() else {
        return false;
    };
    let Some(group) = film.disk_wanted(pos) else {
        return false;
    };
    if film.disk_reading(group) {
        let film = film.clone();
        let file = crate::core::sim::spill::SpillHead::file(group);
        wasm_bindgen_futures::spawn_local(async move {
            let bytes = read_file(&folder.name(), &file).await;
            let _ = film.disk_read(group, bytes);
            done.emit(());
        });
    }
    true
}

/// The bytes of `file` in `folder` (of `films`), read by the page's disk
/// worker ([`Reader`]), or on the page where it cannot run; given up
/// after 3 s.
async fn read_file(folder: &str, file: &str) -> Result<Vec<u8>, String> {
    if let Some(reader) = Reader::get() {
        match reader.read(folder, file).await {
            Ok(Some(bytes)) => return Ok(bytes),
            Ok(None) => {}
            Err(why) => return Err(why),
        }
    }
    let body = "const late = new Promise((_, no) => setTimeout(() => no(new Error('the read took too long')), 3000));
         const read = d().then((dir) => dir.getDirectoryHandle(folder)).then((f) => f.getFileHandle(name))
           .then((h) => h.getFile()).then((f) => f.arrayBuffer()).then((b) => new Uint8Array(b));
         return Promise.race([read, late]);";
    let args = [JsValue::from_str(folder), JsValue::from_str(file)];
    call("folder, name", body, &args).await.and_then(|v| {
        v.dyn_into::<js_sys::Uint8Array>()
            .map(|a| a.to_vec())
            .map_err(|_| "no bytes".to_string())
    })
}

/// The page's disk worker (`www/commbook-disk-worker.js`): it reads a
/// group's file with a synchronous access handle, off the page's thread,
/// and sends the bytes back. One per page, started at the first read;
/// if it cannot start or fails, the page reads the files itself.
struct Reader {
    worker: web_sys::Worker,
    /// The promises' resolvers of the reads under way, by id.
    waiting: Rc<RefCell<BTreeMap<u32, js_sys::Function>>>,
    next: std::cell::Cell<u32>,
    broken: Rc<std::cell::Cell<bool>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static READER: RefCell<Option<Option<Rc<Reader>>>> = const { RefCell::new(None) };
}

impl Reader {
    /// The page's reader, started on first use; `None` if it cannot run.
    fn get() -> Option<Rc<Reader>> {
        let r = READER.with(|r| r.borrow_mut().get_or_insert_with(Reader::start).clone());
        r.filter(|r| !r.broken.get())
    }

    fn start() -> Option<Rc<Reader>> {
        let script = crate::ui::dom::beside_page("commbook-disk-worker.js")?;
        let worker = web_sys::Worker::new(&script).ok()?;
        let waiting: Rc<RefCell<BTreeMap<u32, js_sys::Function>>> = Rc::default();
        let broken = Rc::new(std::cell::Cell::new(false));
        let on_message = {
            let waiting = waiting.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let data = e.data();
                let id = js_sys::Reflect::get(&data, &"id".into())
                    .ok()
                    .and_then(|v| v.as_f64());
                let done = id.and_then(|id| waiting.borrow_mut().remove(&(id as u32)));
                if let Some(resolve) = done {
                    let _ = resolve.call1(&JsValue::NULL, &data);
                }
            })
        };
        let on_error = {
            let (waiting, broken) = (waiting.clone(), broken.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                // The page reads the files itself from now on.
                broken.set(true);
                for (_, resolve) in std::mem::take(&mut *waiting.borrow_mut()) {
                    let _ = resolve.call1(&JsValue::NULL, &JsValue::NULL);
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(Rc::new(Reader {
            worker,
            waiting,
            next: std::cell::Cell::new(0),
            broken,
            _on_message: on_message,
            _on_error: on_error,
        }))
    }

    /// The file's bytes, why they could not be read, or `None` if the
    /// worker failed (the page then reads the file itself).
    async fn read(&self, folder: &str, file: &str) -> Result<Option<Vec<u8>>, String> {
        let id = self.next.get();
        self.next.set(id.wrapping_add(1));
        let waiting = self.waiting.clone();
        let answer = js_sys::Promise::new(&mut |resolve, _| {
            waiting.borrow_mut().insert(id, resolve);
        });
        let msg = js_sys::Object::new();
        for (k, v) in [
            ("id", JsValue::from(id)),
            ("folder", folder.into()),
            ("name", file.into()),
        ] {
            let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
        }
        if self.worker.post_message(&msg).is_err() {
            self.waiting.borrow_mut().remove(&id);
            return Ok(None);
        }
        let late = "return Promise.race([p, new Promise((ok) => setTimeout(() => ok({ error: 'the read took too long' }), 3000))]);";
        let raced = js_sys::Function::new_with_args("p", late).call1(&JsValue::NULL, &answer);
        let data = match raced {
            Ok(p) => wait(p).await?,
            Err(_) => return Ok(None),
        };
        self.waiting.borrow_mut().remove(&id);
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or(JsValue::UNDEFINED);
        if let Some(bytes) = get("bytes").dyn_ref::<js_sys::Uint8Array>() {
            return Ok(Some(bytes.to_vec()));
        }
        match get("error").as_string() {
            Some(why) => Err(why),
            None => Ok(None),
        }
    }
}

/// Props of [`DiskNote`]: the film, and what it holds on disk now (so the
/// note follows the run as it goes).
#[derive(Properties, Clone)]
pub struct DiskNoteProps {
    pub film: Rc<Film>,
    pub used: DiskUse,
}

impl PartialEq for DiskNoteProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.film, &o.film) && self.used == o.used
    }
}

/// Under a film whose checkpoints go to disk: how many and how much, with
/// a button that deletes them once the run is over; or why they could
/// not be written. Nothing for a film that needs none.
#[component]
pub fn DiskNote(props: &DiskNoteProps) -> Html {
    let redraw = use_force_update();
    let u = &props.used;
    let delete = {
        let film = props.film.clone();
        Callback::from(move |_: MouseEvent| {
            film.forget_disk();
            redraw.force_update();
        })
    };
    let size = megabytes(u.bytes);
    let slower = "seeks replay from the checkpoints kept in memory and may be slower";
    let text = match (&u.refused, u.checkpoints, u.deleted) {
        (_, _, true) => html! { {format!("The checkpoints on disk were deleted: {slower}.")} },
        (Some(why), 0, _) => html! {
            {format!("This run's checkpoints could not be written to your browser's storage ({why}): {slower}.")}
        },
        (Some(why), n, _) => html! {
            {format!("{n} checkpoints of this run ({size}) are on disk, in your browser's storage; then it refused more ({why}): \
                      past them {slower}.")}
        },
        (None, 0, _) => return html! {},
        (None, n, _) if u.kept => html! {
            {format!("{n} checkpoints of this run ({size}) are on disk, in your browser's storage, so that a seek replays \
                      at most {:.1} M flit moves; they are kept with the film, and deleted with it.", SPILL_MOVES as f64 / 1e6)}
        },
        (None, n, _) => html! {
            <>
                {format!("{n} checkpoints of this run ({size}) are on disk, in your browser's storage, so that a seek replays \
                          at most {:.1} M flit moves; they are deleted when you leave this run", SPILL_MOVES as f64 / 1e6)}
                if props.film.is_complete() {
                    {"; "}<button type="button" class="linklike" onclick={delete}>{"delete them now"}</button>
                }
                {"."}
            </>
        },
    };
    html! { <p class="film-disk" role="status">{text}</p> }
}
