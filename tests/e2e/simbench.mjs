// The simulator's two engines side by side in the browser: the fast engine
// and the reference (README "The simulator's engine against its reference"),
// each case through the JS API (the book's build, opt-level "z") and
// through the simulation module (the animator's build, opt-level 3), in the
// release build, with the native figures of the same run for the ratio.
// `.ci/bench` runs it.
// Usage: node simbench.mjs BASE_URL NATIVE_JSON_FILE
import { readFileSync } from 'node:fs';
import { launch } from './browser.mjs';

const [base, nativeFile] = process.argv.slice(2);
if (!base || !nativeFile) { console.error('usage: node simbench.mjs BASE_URL NATIVE_JSON'); process.exit(2); }
const native = JSON.parse(readFileSync(nativeFile, 'utf8')).filter((c) => c.id.startsWith('sim-'));
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${base}#/`);
await page.waitForFunction(() => window.commbook && window.commbook.bench);
const rate = (c) => c.work / c.median_ms / 1e3;
// The animator's build of the core (opt-level 3): the simulation module,
// which the film worker and the page's seeks run, loaded on this page.
const simBench = (id) => page.evaluate(async (id) => {
  const file = document.querySelector("meta[name='commbook-pack-sim']").content;
  const m = await import(new URL(file, location.href).href);
  await m.default();
  return JSON.parse(m.sim_bench(id, 1, 5));
}, id);
console.log('case                          native M moves/s   JS API (opt z)   animator (opt 3)   checksums');
for (const n of native) {
  const b = await page.evaluate((id) => window.commbook.bench({ case: id, warmup: 1 }), n.id);
  const a = await simBench(n.id);
  const same = b.checksum === n.checksum && a.checksum === n.checksum ? 'equal' : `DIFFER (${b.checksum} / ${a.checksum} / ${n.checksum})`;
  const col = (c) => `${rate(c).toFixed(1)} (${(100 * rate(c) / rate(n)).toFixed(0)} %)`;
  console.log(`${n.id.padEnd(30)}${rate(n).toFixed(1).padStart(8)}${col(b).padStart(20)}${col(a).padStart(19)}   ${same}`);
}
await browser.close();
