//! Films kept between visits: a finished simulation worth keeping (at
//! least [`KEEP_MOVES`](crate::book::figures::netsim::KEEP_MOVES) flit moves, a second or more of simulation) is
//! written to the browser's origin-private file system (OPFS), in the
//! folder `films`, and opened from there the next time the same run is
//! asked for, instead of being simulated again.
//!
//! A file is named after the build and the run (`<build>-<run>.film`): the
//! build is a hash of the simulation module's file name, which carries a
//! hash of its content, so a film is only ever opened by the code that
//! made it, and keeping a film deletes every film of another build. The
//! bytes are [`Film::to_bytes`]'s, checked when opened ([`Film::open`]).
//! Where OPFS is missing or refuses (a private window, a full quota, a
//! browser without writable files), films are simulated as before and the
//! page says why they could not be kept: nothing fails.
//!
//! The OPFS calls are a few lines of JavaScript each (its handles are
//! promises and async iterators), called through `js_sys::Function`.

use crate::book::figures::netsim::{Shelf, Shelved, set_shelf};
use crate::core::sim::spill::SPILL_MOVES;
use crate::core::sim::{DiskFolder, DiskUse, Film};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// How long a film is looked for before the run is simulated instead, ms.
const LOOK_MS: u32 = 3000;

/// The folder of the films, in OPFS.
const OPEN_DIR: &str = "const d = () => navigator.storage.getDirectory().then((r) => r.getDirectoryHandle('films', { create: true }));";

/// What looking for a film found.
#[derive(Clone)]
enum Found {
    Looking,
    Bytes(Rc<Vec<u8>>),
    Nothing,
}

thread_local! {
    static FOUND: RefCell<BTreeMap<String, Found>> = const { RefCell::new(BTreeMap::new()) };
    /// Whether the films of other builds were deleted this visit.
    static SWEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The shelf the animator looks films up on.
struct Opfs;

impl Shelf for Opfs {
    fn find(&self, name: &str) -> Option<Option<Rc<Vec<u8>>>> {
        let file = file_name(name);
        let known = FOUND.with(|f| f.borrow().get(&file).cloned());
        match known {
            Some(Found::Looking) => None,
            Some(Found::Bytes(b)) => {
                // Read once per visit: a film opened is on the page now.
                FOUND.with(|f| f.borrow_mut().remove(&file));
                Some(Some(b))
            }
            Some(Found::Nothing) => {
                FOUND.with(|f| f.borrow_mut().remove(&file));
                Some(None)
            }
            None => {
                FOUND.with(|f| f.borrow_mut().insert(file.clone(), Found::Looking));
                wasm_bindgen_futures::spawn_local(async move {
                    let found = match read(&file).await {
                        Some(b) => Found::Bytes(Rc::new(b)),
                        None => Found::Nothing,
                    };
                    FOUND.with(|f| f.borrow_mut().insert(file, found));
                });
                None
            }
        }
    }
}

/// Gives the animator its shelf (once per module).
pub fn install() {
    thread_local!(static DONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if !DONE.with(|d| d.replace(true)) {
        set_shelf(Rc::new(Opfs));
        // Checkpoints on disk of a tab closed while its film was shown.
        sweep_once();
    }
}

/// This build's mark: a hash of the simulation module's file name (which
/// holds a hash of its content), "dev" where there is none.
fn build() -> String {
    let file = crate::ui::packs::named_file("sim");
    match file {
        Some(f) => format!("{:08x}", crate::core::fnv::fnv64(f.as_bytes()) >> 32),
        None => "dev".into(),
    }
}

fn file_name(run: &str) -> String {
    format!("{}-{run}.film", build())
}

/// Calls a JavaScript function of `args` whose body `body` returns a
/// promise, and waits for it.
async fn call(args: &str, body: &str, values: &[JsValue]) -> Result<JsValue, String> {
    let f = js_sys::Function::new_with_args(args, &format!("{OPEN_DIR} {body}"));
    let a = js_sys::Array::new();
    values.iter().for_each(|v| {
        a.push(v);
    });
    let p = f
        .apply(&JsValue::NULL, &a)
        .map_err(|_| "the browser refused".to_string())?;
    wait(p).await
}

/// Waits for promise `p`; its error's message if it fails.
async fn wait(p: JsValue) -> Result<JsValue, String> {
    let p: js_sys::Promise = p.dyn_into().map_err(|_| "no promise".to_string())?;
    JsFuture::from(p).await.map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "no reason given".into())
    })
}

/// The film in `file`, if there is one and it can be read within
/// [`LOOK_MS`].
async fn read(file: &str) -> Option<Vec<u8>> {
    let body = format!(
        "if (!navigator.storage || !navigator.storage.getDirectory) return Promise.resolve(null);
         const look = d().then((dir) => dir.getFileHandle(name)).then((h) => h.getFile())
           .then((f) => f.arrayBuffer()).then((b) => new Uint8Array(b)).catch(() => null);
         const late = new Promise((ok) => setTimeout(() => ok(null), {LOOK_MS}));
         return Promise.race([look, late]);"
    );
    let v = call("name", &body, &[JsValue::from_str(file)]).await.ok()?;
    v.dyn_into::<js_sys::Uint8Array>().ok().map(|a| a.to_vec())
}

/// Writes `film` to `file` a piece at a time (so the page never holds a
/// second copy of it), after deleting the films of other builds; the
/// bytes written.
async fn write(file: &str, film: &Film) -> Result<usize, String> {
    if !SWEPT.with(|s| s.replace(true)) {
        let prefix = format!("{}-", build());
        let _ = call("prefix", SWEEP, &[JsValue::from_str(&prefix)]).await;
    }
    let open = "if (!navigator.storage || !navigator.storage.getDirectory) return Promise.reject(new Error('this browser has no origin-private file system'));
         return d().then((dir) => dir.getFileHandle(name, { create: true })).then((h) => {
           if (!h.createWritable) throw new Error('this browser cannot write files from the page');
           return h.createWritable();
         });";
    let stream = call("name", open, &[JsValue::from_str(file)]).await?;
    // A writable file stream writes to a copy that replaces the file only
    // when closed: a write that fails, or is abandoned, leaves no part of
    // a film behind.
    let mut pieces = film.pieces().ok_or("the run is not over")?;
    let mut written = 0;
    while let Some(p) = pieces.next_piece() {
        written += p.len();
        let piece = js_sys::Uint8Array::from(&p[..]);
        if let Err(why) = method(&stream, "write", &piece.into()).await {
            let _ = method(&stream, "abort", &JsValue::UNDEFINED).await;
            return Err(why);
        }
    }
    method(&stream, "close", &JsValue::UNDEFINED).await?;
    Ok(written)
}

/// Calls `obj.name(arg)`, which returns a promise, and waits for it.
async fn method(obj: &JsValue, name: &str, arg: &JsValue) -> Result<JsValue, String> {
    let f: js_sys::Function = js_sys::Reflect::get(obj, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| format!("the file cannot {name}"))?;
    let p = f
        .call1(obj, arg)
        .map_err(|_| format!("the file refused to {name}"))?;
    wait(p).await
}

/// Deletes `file`.
async fn remove(file: &str) -> Result<(), String> {
    let body = "return d().then((dir) => dir.removeEntry(name));";
    call("name", body, &[JsValue::from_str(file)])
        .await
        .map(|_| ())
}

/// A folder of checkpoints on disk (`core::sim::spill`), written by a
/// film worker: `<build>-spill-<random>` in `films`. While a page holds it
/// it holds a Web Lock of its name, so that another tab's sweep
/// ([`sweep`]) leaves it alone; dropping it (the film is gone: other
/// settings, another page, the reader's Delete) releases the lock and
/// deletes the folder.
pub struct SpillFolder {
    name: String,
    lock: JsValue,
}

impl DiskFolder for SpillFolder {
    fn name(&self) -> String {
        self.name.clone()
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
        let name = format!("{}-spill-{random:013x}", build());
        let hold = "const h = { done: false, release: null };
             if (navigator.locks && navigator.locks.request)
               navigator.locks.request('commbook-' + name, () => h.done ? null : new Promise((r) => { h.release = r; })).catch(() => {});
             return h;";
        let lock = js_sys::Function::new_with_args("name", hold)
            .call1(&JsValue::NULL, &JsValue::from_str(&name))
            .unwrap_or(JsValue::NULL);
        Some(Rc::new(SpillFolder { name, lock }))
    }
}

/// Sweeps the films' folder once a visit ([`SWEEP`]): when the animator
/// is first shown, and before a film worker is given a folder.
fn sweep_once() {
    if !SPILL_SWEPT.with(|s| s.replace(true)) {
        wasm_bindgen_futures::spawn_local(async {
            let prefix = JsValue::from_str(&format!("{}-", build()));
            let _ = call("prefix", SWEEP, &[prefix]).await;
        });
    }
}

impl Drop for SpillFolder {
    fn drop(&mut self) {
        // A worker just stopped may still hold a file open for a moment:
        // a second try a few seconds later (or the next visit's sweep).
        let body = "h && (h.done = true, h.release && h.release());
             if (!navigator.storage || !navigator.storage.getDirectory) return Promise.resolve();
             const rm = () => d().then((dir) => dir.removeEntry(name, { recursive: true }));
             return rm().catch((e) => e && e.name === 'NotFoundError' ? null
               : new Promise((ok) => setTimeout(ok, 3000)).then(rm)).catch(() => null);";
        let (name, lock) = (self.name.clone(), self.lock.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let _ = call("name, h", body, &[JsValue::from_str(&name), lock]).await;
        });
    }
}

/// Deletes the folders of checkpoints on disk that no page holds (a tab
/// closed while its film was shown) and the films and folders of other
/// builds. Without Web Locks another tab's folder cannot be told from a
/// forgotten one, so only other builds' films are deleted.
const SWEEP: &str = "if (!navigator.storage || !navigator.storage.getDirectory) return Promise.resolve();
     return d().then(async (dir) => {
       const locks = navigator.locks && navigator.locks.query ? await navigator.locks.query() : null;
       const held = new Set([...((locks && locks.held) || []), ...((locks && locks.pending) || [])].map((l) => l.name));
       const old = [];
       for await (const [n, h] of dir.entries()) {
         const mine = n.startsWith(prefix);
         if (h.kind === 'directory') { if (locks && !held.has('commbook-' + n) && (!mine || n.includes('-spill-'))) old.push(n); }
         else if (!mine) old.push(n);
       }
       for (const n of old) await dir.removeEntry(n, { recursive: true }).catch(() => null);
     });";

thread_local! {
    /// Whether the films' folder was swept this visit ([`SWEEP`]).
    static SPILL_SWEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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

/// Where a film stands on the shelf, as the page says it.
#[derive(Clone, PartialEq)]
enum Status {
    /// Not worth keeping (a short run): nothing is said.
    Quiet,
    Saving,
    Kept(usize),
    Opened(usize),
    NotKept(String),
    Deleted,
}

/// Props of [`FilmKeeper`].
#[derive(Properties, Clone)]
pub struct KeeperProps {
    pub film: Rc<Film>,
    pub shelved: Option<Shelved>,
}

impl PartialEq for KeeperProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.film, &o.film) && self.shelved == o.shelved
    }
}

/// "3.1 MB" (from a 64-bit count: a film's checkpoints on disk pass
/// 4 GB, past a `usize` in the browser's wasm).
fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// Under a finished film: keeps it (if worth keeping) and says so, with
/// a button that deletes it.
#[component]
pub fn FilmKeeper(props: &KeeperProps) -> Html {
    let status = use_state_eq(|| Status::Quiet);
    {
        let (status, film, shelved) = (status.clone(), props.film.clone(), props.shelved.clone());
        use_effect_with(Rc::as_ptr(&props.film) as usize, move |_| match shelved {
            Some(Shelved {
                opened: Some(bytes),
                ..
            }) => status.set(Status::Opened(bytes)),
            Some(Shelved { name, opened: None }) if film.is_complete() => {
                status.set(Status::Saving);
                wasm_bindgen_futures::spawn_local(async move {
                    match write(&file_name(&name), &film).await {
                        Ok(bytes) => status.set(Status::Kept(bytes)),
                        Err(why) => status.set(Status::NotKept(why)),
                    }
                });
            }
            _ => status.set(Status::Quiet),
        });
    }
    let delete = {
        let (status, name) = (
            status.clone(),
            props.shelved.as_ref().map(|s| s.name.clone()),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(name) = name.clone() {
                let status = status.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    match remove(&file_name(&name)).await {
                        Ok(()) => status.set(Status::Deleted),
                        Err(why) => status.set(Status::NotKept(why)),
                    }
                });
            }
        })
    };
    let button =
        html! { <button type="button" class="linklike" onclick={delete}>{"delete it"}</button> };
    let text = match &*status {
        Status::Quiet => return html! {},
        Status::Saving => html! { {"Keeping this film in your browser's storage…"} },
        Status::Kept(b) => html! {
            <>{format!("This film is kept in your browser's storage ({}), so it opens at once next time; ", megabytes(*b as u64))}{button}{"."}</>
        },
        Status::Opened(b) => html! {
            <>{format!("Opened from your browser's storage ({}) instead of simulated again; ", megabytes(*b as u64))}{button}{"."}</>
        },
        Status::NotKept(why) => html! {
            {format!("This film could not be kept in your browser's storage ({why}): it will be simulated again next time.")}
        },
        Status::Deleted => {
            html! { {"Deleted from your browser's storage: it will be simulated again next time."} }
        }
    };
    html! { <p class="film-shelf" role="status">{text}</p> }
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
