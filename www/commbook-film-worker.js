// The network animator's film worker (see src/ui/film_worker.rs): it is
// told the address of the simulation module and a run's bytes, simulates
// the run with the module's FilmWorker, and sends every chunk as it is
// due with the flits delivered so far; then `end`, or `refused` with the
// simulator's reason. Anything that goes wrong is sent as `failed`, and
// the page simulates the run itself.
self.onmessage = async (e) => {
  try {
    const m = await import(e.data.module);
    const wasm = await m.default();
    const work = new m.FilmWorker(e.data.job);
    for (let c = work.next_chunk(); c !== undefined; c = work.next_chunk()) {
      // The worker's memory goes with each chunk, for the benchmarks.
      const mem = wasm.memory.buffer.byteLength;
      self.postMessage({ chunk: c, done: work.done(), total: work.total(), wasm: mem }, [c.buffer]);
    }
    const why = work.failure();
    self.postMessage(why === undefined ? { end: true } : { refused: why });
  } catch (err) {
    self.postMessage({ failed: String((err && err.message) || err) });
  }
};
