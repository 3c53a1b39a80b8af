//! The wasm module of the network animator and simulation reports of chapter 10: loaded by the book the first time a page shows
//! one of its figures (see `ui::packs`). Built by trunk's post-build hook;
//! it has no native use.
//!
//! It also exports [`FilmWorker`], the film worker's side of a long run
//! (`www/commbook-film-worker.js` imports this module in a Web Worker;
//! `ui::film_worker` starts it). The export lives here, not in the
//! library, so that only this module carries it.

commbook::figure_module!(sim);

#[cfg(target_arch = "wasm32")]
pub use worker::{FilmWorker, sim_bench};

#[cfg(target_arch = "wasm32")]
mod worker {
    use commbook::core::sim::spill::{SPILL_MOVES, SpillHead};
    use commbook::core::sim::{FilmJob, FilmWork};
    use wasm_bindgen::prelude::*;

    /// Times benchmark case `id` (`core::bench`) with this module's build
    /// of the core, the animator's (opt-level 3): `{ id, title, min_ms,
    /// median_ms, work, checksum }` as JSON. `tests/e2e/simbench.mjs`
    /// reports it beside the JS API's build and native.
    #[wasm_bindgen]
    pub fn sim_bench(id: &str, warmup: u32, runs: u32) -> Result<String, JsValue> {
        commbook::ui::js_api::time_case(id, warmup as u64, Some(runs as u64))
            .map(|v| v.to_string())
            .map_err(|e| JsValue::from_str(&e))
    }

    /// A run simulated in a worker, chunk by chunk.
    #[wasm_bindgen]
    pub struct FilmWorker {
        work: FilmWork,
        /// The group of checkpoints last handed over for disk.
        group: Option<SpillHead>,
    }

    #[wasm_bindgen]
    impl FilmWorker {
        /// The run of a job's bytes, or why it cannot be run (as text).
        #[wasm_bindgen(constructor)]
        pub fn new(job: &[u8]) -> Result<FilmWorker, JsValue> {
            let job = FilmJob::from_bytes(job).map_err(|e| JsValue::from_str(&e))?;
            let work = FilmWork::new(&job).map_err(|e| JsValue::from_str(&e.to_string()))?;
            Ok(FilmWorker { work, group: None })
        }

        /// Simulates until the next chunk is due: its bytes, or nothing
        /// once the run is over.
        pub fn next_chunk(&mut self) -> Option<Vec<u8>> {
            while !self.work.is_over() {
                if let Some(chunk) = self.work.step() {
                    return Some(chunk.to_bytes());
                }
            }
            None
        }

        /// Takes checkpoints for disk too (`core::sim::spill`): call
        /// before the first chunk, where files can be written.
        pub fn spill(&mut self) {
            self.work.spill_every(SPILL_MOVES);
        }

        /// The next group of checkpoints to write to disk, if one is
        /// ready (take them all after each chunk, before sending it).
        pub fn next_group(&mut self) -> Option<Vec<u8>> {
            let (head, bytes) = self.work.next_group()?;
            self.group = Some(head);
            Some(bytes)
        }

        /// The file name of the group last handed over.
        pub fn group_name(&self) -> String {
            self.group
                .as_ref()
                .map_or_else(String::new, |h| SpillHead::file(h.group))
        }

        /// The head of the group last handed over, for the page.
        pub fn group_head(&self) -> Vec<u8> {
            self.group
                .as_ref()
                .map_or_else(Vec::new, SpillHead::to_bytes)
        }

        /// Once, when the film has written as much to disk as one film
        /// may: why no more checkpoints go there.
        pub fn spill_full(&mut self) -> Option<String> {
            self.work.spill_full()
        }

        /// The disk refused a group: no more are taken.
        pub fn stop_spill(&mut self) {
            self.work.stop_spill();
        }

        /// Flits delivered so far.
        pub fn done(&self) -> f64 {
            self.work.progress().done as f64
        }

        /// Flits the whole run delivers.
        pub fn total(&self) -> f64 {
            self.work.progress().total as f64
        }

        /// Why the run stopped short, once it is over, if it did.
        pub fn failure(&mut self) -> Option<String> {
            self.work.failure().map(|e| e.to_string())
        }
    }
}
