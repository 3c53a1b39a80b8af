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
pub use worker::FilmWorker;

#[cfg(target_arch = "wasm32")]
mod worker {
    use commbook::core::sim::{FilmJob, FilmWork};
    use wasm_bindgen::prelude::*;

    /// A run simulated in a worker, chunk by chunk.
    #[wasm_bindgen]
    pub struct FilmWorker {
        work: FilmWork,
    }

    #[wasm_bindgen]
    impl FilmWorker {
        /// The run of a job's bytes, or why it cannot be run (as text).
        #[wasm_bindgen(constructor)]
        pub fn new(job: &[u8]) -> Result<FilmWorker, JsValue> {
            let job = FilmJob::from_bytes(job).map_err(|e| JsValue::from_str(&e))?;
            let work = FilmWork::new(&job).map_err(|e| JsValue::from_str(&e.to_string()))?;
            Ok(FilmWorker { work })
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
