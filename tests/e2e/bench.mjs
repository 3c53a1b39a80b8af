// Measures the release site against the budgets in README "Benchmarks":
// the gzipped transfer size of everything the book loads, and the time from
// navigation to the first chapter's figures being interactive, in headless
// Chromium from localhost (median of several cold loads).
// Usage: node bench.mjs BASE_URL DIST_DIR
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, watchedPage, figuresReady } from './browser.mjs';

const [base, dist] = process.argv.slice(2);
if (!base || !dist) { console.error('usage: node bench.mjs BASE_URL DIST_DIR'); process.exit(2); }

const files = readdirSync(dist).filter((f) => statSync(join(dist, f)).isFile());
let raw = 0; let gz = 0;
const rows = [];
for (const f of files.sort()) {
  const data = readFileSync(join(dist, f));
  const z = gzipSync(data, { level: 9 }).length;
  raw += data.length; gz += z;
  rows.push([f, data.length, z]);
}
console.log('file                                        bytes      gzip');
for (const [f, r, z] of rows) console.log(`${f.padEnd(40)} ${String(r).padStart(9)} ${String(z).padStart(9)}`);
console.log(`${'total'.padEnd(40)} ${String(raw).padStart(9)} ${String(gz).padStart(9)}  (budget 409600 gzipped)`);

const browser = await launch();
const times = [];
for (let i = 0; i < 7; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(`${base}#/chapter/permutations`);
  await figuresReady(page);
  await page.waitForSelector('figure.widget .player button');
  times.push(Date.now() - t0);
  await ctx.close();
}
await browser.close();
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`first chapter interactive: median ${median} ms over ${times.length} cold loads (min ${times[0]}, max ${times[times.length - 1]}; budget 1000 ms)`);
console.log(JSON.stringify({ gzip_bytes: gz, raw_bytes: raw, first_interactive_ms: median }));
