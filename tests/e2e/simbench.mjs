// The simulator's two engines side by side in the browser: the fast engine
// and the reference (README "The simulator's engine against its reference"),
// each case through the JS API's worker, in the release build, with the
// native figures of the same run for the ratio. `.ci/bench` runs it.
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
console.log('case                          native M moves/s   browser M moves/s   browser/native   checksums');
for (const n of native) {
  const b = await page.evaluate((id) => window.commbook.bench({ case: id, warmup: 1 }), n.id);
  const same = b.checksum === n.checksum ? 'equal' : `DIFFER (${b.checksum} / ${n.checksum})`;
  console.log(`${n.id.padEnd(30)}${rate(n).toFixed(1).padStart(8)}${rate(b).toFixed(1).padStart(20)}${(100 * rate(b) / rate(n)).toFixed(0).padStart(16)} %   ${same}`);
}
await browser.close();
