// The page's reader of a film's checkpoints on disk (src/ui/films.rs,
// src/core/sim/spill.rs): told a folder of the origin-private file system
// and a file, it reads the file whole with a synchronous access handle
// (a worker may; the page would go through a File and a Blob, a few ms
// slower and less even) and sends its bytes back, or why it could not.
// The film worker wrote and closed every file it is asked for.
let films = null;
const folders = new Map();

self.onmessage = async (e) => {
  const { id, folder, name } = e.data;
  try {
    if (!films) films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films');
    let dir = folders.get(folder);
    if (!dir) {
      dir = await films.getDirectoryHandle(folder);
      folders.set(folder, dir);
    }
    const file = await dir.getFileHandle(name);
    let bytes;
    if (file.createSyncAccessHandle) {
      const h = await file.createSyncAccessHandle();
      try {
        bytes = new Uint8Array(h.getSize());
        const n = h.read(bytes, { at: 0 });
        if (n !== bytes.length) throw new Error(`read ${n} of ${bytes.length} bytes`);
      } finally {
        h.close();
      }
    } else {
      bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
    }
    self.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    // A folder deleted and made again is looked up afresh next time.
    folders.delete(folder);
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
};
