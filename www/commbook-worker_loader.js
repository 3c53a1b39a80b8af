// Starts the JS API's worker (see src/ui/js_api.rs). Trunk names worker
// files after the binary, without a hash, so this loader can be static.
importScripts("./commbook-worker.js");
wasm_bindgen({ module_or_path: "./commbook-worker_bg.wasm" });
