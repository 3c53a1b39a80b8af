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
use crate::book::inputs::film::{KeptFile, Piece};
use crate::core::sim::{DiskFolder, Film};
use crate::ui::spill::{DiskNote, SpillFolder};
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
    File(Rc<OpfsFile>),
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
    fn find(&self, name: &str) -> Option<Option<Rc<dyn KeptFile>>> {
        let file = file_name(name);
        let known = FOUND.with(|f| f.borrow().get(&file).cloned());
        match known {
            Some(Found::Looking) => None,
            Some(Found::File(f)) => {
                // Read once per visit: a film opened is on the page now.
                FOUND.with(|found| found.borrow_mut().remove(&file));
                Some(Some(f as Rc<dyn KeptFile>))
            }
            Some(Found::Nothing) => {
                FOUND.with(|f| f.borrow_mut().remove(&file));
                Some(None)
            }
            None => {
                FOUND.with(|f| f.borrow_mut().insert(file.clone(), Found::Looking));
                wasm_bindgen_futures::spawn_local(async move {
                    let found = match look(&file).await {
                        Some(f) => Found::File(OpfsFile::start(f)),
                        None => Found::Nothing,
                    };
                    FOUND.with(|f| f.borrow_mut().insert(file, found));
                });
                None
            }
        }
    }

    fn kept_folder(&self, folder: &str) -> Rc<dyn DiskFolder> {
        SpillFolder::held(folder.to_string(), true)
    }
}

/// Bytes read from a kept film's file at a time: the page holds one
/// block beside the film being opened (`core::sim::FilmOpener`).
const BLOCK: f64 = 4.0 * 1024.0 * 1024.0;

/// A kept film's file (a `File` of OPFS), read a block at a time, the
/// next block while the last one is opened.
struct OpfsFile {
    file: JsValue,
    size: f64,
    state: Rc<RefCell<Block>>,
}

enum Block {
    Reading,
    /// A block read, and where it ends.
    Ready(Vec<u8>, f64),
    Done,
    Failed(String),
}

impl OpfsFile {
    fn start(file: JsValue) -> Rc<OpfsFile> {
        let size = js_sys::Reflect::get(&file, &"size".into())
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        let f = OpfsFile {
            file,
            size,
            state: Rc::new(RefCell::new(Block::Reading)),
        };
        f.read(0.0);
        Rc::new(f)
    }

    /// Reads the block from `at` on.
    fn read(&self, at: f64) {
        *self.state.borrow_mut() = Block::Reading;
        let (file, state) = (self.file.clone(), self.state.clone());
        let end = (at + BLOCK).min(self.size);
        wasm_bindgen_futures::spawn_local(async move {
            // A read that hangs (a storage gone wrong) is given up after
            // 10 s, and the run simulated instead.
            let body = "const late = new Promise((_, no) => setTimeout(() => no(new Error('the read took too long')), 10000));
                 return Promise.race([f.slice(a, b).arrayBuffer().then((x) => new Uint8Array(x)), late]);";
            let f = js_sys::Function::new_with_args("f, a, b", body);
            let args = js_sys::Array::of3(&file, &JsValue::from(at), &JsValue::from(end));
            let got = match f.apply(&JsValue::NULL, &args) {
                Ok(p) => wait(p).await,
                Err(_) => Err("the browser refused".into()),
            };
            *state.borrow_mut() = match got.map(|v| v.dyn_into::<js_sys::Uint8Array>()) {
                Ok(Ok(bytes)) => Block::Ready(bytes.to_vec(), end),
                Ok(Err(_)) => Block::Failed("no bytes".into()),
                Err(why) => Block::Failed(why),
            };
        });
    }
}

impl KeptFile for OpfsFile {
    fn next(&self) -> Piece {
        let state = std::mem::replace(&mut *self.state.borrow_mut(), Block::Reading);
        match state {
            Block::Reading => Piece::Waiting,
            Block::Done => {
                *self.state.borrow_mut() = Block::Done;
                Piece::End
            }
            Block::Failed(why) => {
                *self.state.borrow_mut() = Block::Failed(why.clone());
                Piece::Failed(why)
            }
            Block::Ready(bytes, end) => {
                if end < self.size {
                    self.read(end);
                } else {
                    *self.state.borrow_mut() = Block::Done;
                }
                Piece::Bytes(bytes)
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
pub(super) fn build() -> String {
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
pub(super) async fn call(args: &str, body: &str, values: &[JsValue]) -> Result<JsValue, String> {
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
pub(super) async fn wait(p: JsValue) -> Result<JsValue, String> {
    let p: js_sys::Promise = p.dyn_into().map_err(|_| "no promise".to_string())?;
    JsFuture::from(p).await.map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "no reason given".into())
    })
}

/// The film in `file` (a `File` of OPFS), if there is one and it can be
/// found within [`LOOK_MS`].
async fn look(file: &str) -> Option<JsValue> {
    let body = format!(
        "if (!navigator.storage || !navigator.storage.getDirectory) return Promise.resolve(null);
         const look = d().then((dir) => dir.getFileHandle(name)).then((h) => h.getFile()).catch(() => null);
         const late = new Promise((ok) => setTimeout(() => ok(null), {LOOK_MS}));
         return Promise.race([look, late]);"
    );
    let v = call("name", &body, &[JsValue::from_str(file)]).await.ok()?;
    (!v.is_null() && !v.is_undefined()).then_some(v)
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
    // Checkpoints on disk go with the film: their folder is marked with
    // the film's file name, so that the sweep keeps it while that file is
    // there, before the film is written (a tab closed in between leaves
    // a marked folder without its film, which the sweep deletes).
    let folder = film.disk_folder().filter(|_| {
        let used = film.disk_use();
        used.checkpoints > 0 && !used.deleted
    });
    if let Some(f) = &folder {
        let args = [JsValue::from_str(&f.name()), JsValue::from_str(file)];
        call("name, film", MARK, &args).await?;
    }
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
    if let Some(f) = folder {
        f.set_kept(true);
    }
    Ok(written)
}

/// Marks folder `name` as the checkpoints on disk of the film in file
/// `film` (an empty file of that name in it), after deleting any other
/// folder marked so (the film's checkpoints of a run simulated again).
const MARK: &str = "return d().then(async (dir) => {
       const old = [];
       for await (const [n, h] of dir.entries()) {
         if (h.kind !== 'directory' || n === name || !n.includes('-spill-')) continue;
         if (await h.getFileHandle(film).then(() => true, () => false)) old.push(n);
       }
       for (const n of old) await dir.removeEntry(n, { recursive: true }).catch(() => null);
       const f = await dir.getDirectoryHandle(name);
       await f.getFileHandle(film, { create: true });
     });";

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

/// Sweeps the films' folder once a visit ([`SWEEP`]): when the animator
/// is first shown, and before a film worker is given a folder.
pub(super) fn sweep_once() {
    if !SPILL_SWEPT.with(|s| s.replace(true)) {
        wasm_bindgen_futures::spawn_local(async {
            let prefix = JsValue::from_str(&format!("{}-", build()));
            let _ = call("prefix", SWEEP, &[prefix]).await;
        });
    }
}

/// Deletes the folders of checkpoints on disk that no page holds (a tab
/// closed while its film was shown) and are not kept with a film of this
/// build (marked by [`MARK`] with the name of a film that is there), and
/// the films and folders of other builds. Without Web Locks another tab's
/// folder cannot be told from a forgotten one, so only other builds'
/// films are deleted.
const SWEEP: &str = "if (!navigator.storage || !navigator.storage.getDirectory) return Promise.resolve();
     return d().then(async (dir) => {
       const locks = navigator.locks && navigator.locks.query ? await navigator.locks.query() : null;
       const held = new Set([...((locks && locks.held) || []), ...((locks && locks.pending) || [])].map((l) => l.name));
       const old = [];
       const films = new Set();
       const spills = [];
       for await (const [n, h] of dir.entries()) {
         const mine = n.startsWith(prefix);
         if (h.kind === 'directory') {
           if (locks && !held.has('commbook-' + n) && (!mine || n.includes('-spill-'))) spills.push([n, h, mine]);
         } else if (!mine) old.push(n);
         else films.add(n);
       }
       for (const [n, h, mine] of spills) {
         let kept = false;
         if (mine) for (const f of films) if (!kept) kept = await h.getFileHandle(f).then(() => true, () => false);
         if (!kept) old.push(n);
       }
       for (const n of old) await dir.removeEntry(n, { recursive: true }).catch(() => null);
     });";

thread_local! {
    /// Whether the films' folder was swept this visit ([`SWEEP`]).
    static SPILL_SWEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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
pub(super) fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// Under a finished film: keeps it (if worth keeping) and says so, with
/// a button that deletes it, after the note on its checkpoints on disk
/// ([`DiskNote`], which says whether they are kept with it).
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
        let (status, name, film) = (
            status.clone(),
            props.shelved.as_ref().map(|s| s.name.clone()),
            props.film.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(name) = name.clone() {
                let (status, film) = (status.clone(), film.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    match remove(&file_name(&name)).await {
                        Ok(()) => {
                            // Its checkpoints on disk stay while the film
                            // is shown, and go with it.
                            if let Some(f) = film.disk_folder() {
                                f.set_kept(false);
                            }
                            status.set(Status::Deleted)
                        }
                        Err(why) => status.set(Status::NotKept(why)),
                    }
                });
            }
        })
    };
    let button =
        html! { <button type="button" class="linklike" onclick={delete}>{"delete it"}</button> };
    let disk = html! { <DiskNote film={props.film.clone()} used={props.film.disk_use()} /> };
    let text = match &*status {
        Status::Quiet => return disk,
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
    html! { <>{disk}<p class="film-shelf" role="status">{text}</p></> }
}
