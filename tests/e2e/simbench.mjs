// The simulator's two engines side by side in the browser: the fast engine
// and the reference (README "The simulator's engine against its reference"),
// each case through the JS API (its worker, the core at opt-level 3 since
// 2026-12-07, "z" before) and through the simulation module (the
// animator's build, the core at opt-level 3), in the
// release build, with the native figures for the ratio. `.ci/bench` runs it.
// Usage: node simbench.mjs BASE_URL NATIVE_JSON_FILE [NATIVE_BENCH]
// With NATIVE_BENCH (the native bench binary, as `.ci/bench` builds it),
// each case is timed natively again just before and just after its browser
// runs, and the browser's share is of the mean of those two native
// medians: on a machine whose speed drifts by a fifth from minute to
// minute, a native figure from minutes earlier moved the share as much as
// the browser did. Without it, the share is of NATIVE_JSON_FILE's figure.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { launch } from './browser.mjs';

const [base, nativeFile, nativeBench] = process.argv.slice(2);
if (!base || !nativeFile) { console.error('usage: node simbench.mjs BASE_URL NATIVE_JSON [NATIVE_BENCH]'); process.exit(2); }
const native = JSON.parse(readFileSync(nativeFile, 'utf8')).filter((c) => c.id.startsWith('sim-'));
// One native run of case `id` (its warm-up, checksum and timed runs).
const nativeNow = (id) => {
  const out = execFileSync(nativeBench, ['--json', `=${id}`], { encoding: 'utf8' });
  const [c] = JSON.parse(out.trim().split('\n').pop());
  return c;
};
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
const bracket = nativeBench ? ', native timed before and after each' : '';
console.log(`case                          native M moves/s   JS API (opt 3)   animator (opt 3)   checksums${bracket}`);
for (const first of native) {
  const before = nativeBench ? nativeNow(first.id) : first;
  const b = await page.evaluate((id) => window.commbook.bench({ case: id, warmup: 1 }), first.id);
  const a = await simBench(first.id);
  const after = nativeBench ? nativeNow(first.id) : first;
  const nativeRate = (rate(before) + rate(after)) / 2;
  const sums = [first, before, after].map((c) => c.checksum);
  const same = sums.every((c) => c === b.checksum && c === a.checksum) ? 'equal' : `DIFFER (${b.checksum} / ${a.checksum} / ${sums.join(', ')})`;
  const col = (c) => `${rate(c).toFixed(1)} (${(100 * rate(c) / nativeRate).toFixed(0)} %)`;
  const spread = nativeBench ? ` (${rate(before).toFixed(1)} before, ${rate(after).toFixed(1)} after)` : '';
  console.log(`${first.id.padEnd(30)}${nativeRate.toFixed(1).padStart(8)}${col(b).padStart(20)}${col(a).padStart(19)}   ${same}${spread}`);
}
await browser.close();
