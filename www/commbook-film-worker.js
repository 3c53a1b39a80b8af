// The network animator's film worker (see src/ui/film_worker.rs): it is
// told the address of the simulation module and a run's bytes, simulates
// the run with the module's FilmWorker, and sends every chunk as it is
// due with the flits delivered so far; then `end`, or `refused` with the
// simulator's reason. Anything that goes wrong is sent as `failed`, and
// the page simulates the run itself.
//
// Checkpoints on disk (src/core/sim/spill.rs): where the page names a
// folder (`spill`; empty where it has none) and the run needs them, the
// run takes checkpoints for disk too; each group is written to its own
// file in the origin-private file system (synchronously: a worker may),
// and its head sent (`spilled`) before the chunk that follows, so the
// page knows where every checkpoint is. A write the disk refuses (no file
// system, a full quota, a browser that cannot write files from a worker)
// stops them (`unspilled`, with the reason); the run goes on.
const canSpill = () => !!(self.navigator && navigator.storage && navigator.storage.getDirectory &&
  self.FileSystemFileHandle && FileSystemFileHandle.prototype.createSyncAccessHandle);

const reason = (err) => String((err && (err.name === 'QuotaExceededError' ? 'the storage quota is full' : err.message)) || err);

async function writeFile(dir, name, bytes) {
  const file = await dir.getFileHandle(name, { create: true });
  const h = await file.createSyncAccessHandle();
  try {
    h.truncate(0);
    const n = h.write(bytes, { at: 0 });
    if (n !== bytes.length) throw new Error(`the disk took ${n} of ${bytes.length} bytes`);
    h.flush();
  } finally {
    h.close();
  }
}

self.onmessage = async (e) => {
  try {
    const m = await import(e.data.module);
    const wasm = await m.default();
    const work = new m.FilmWorker(e.data.job);
    let dir = null;
    // The run takes checkpoints for disk only if it needs them; where
    // files cannot be written, the first group says so.
    if (typeof e.data.spill === 'string') work.spill();
    const spill = async () => {
      for (let g = work.next_group(); g !== undefined; g = work.next_group()) {
        try {
          if (!e.data.spill) throw new Error('this browser has no origin-private file system');
          if (!canSpill()) throw new Error('this browser cannot write files from a worker');
          if (!dir) {
            const films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films', { create: true });
            dir = await films.getDirectoryHandle(e.data.spill, { create: true });
          }
          await writeFile(dir, work.group_name(), g);
          self.postMessage({ spilled: work.group_head() });
        } catch (err) {
          work.stop_spill();
          self.postMessage({ unspilled: reason(err) });
          if (dir) dir.removeEntry(work.group_name()).catch(() => {});
          return;
        }
      }
      const full = work.spill_full();
      if (full !== undefined) self.postMessage({ unspilled: full });
    };
    for (let c = work.next_chunk(); c !== undefined; c = work.next_chunk()) {
      await spill();
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
