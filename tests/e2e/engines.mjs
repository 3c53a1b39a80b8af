// The smoke test in the two engines besides Chromium: Firefox ESR (through
// geckodriver) and WebKitGTK, Safari's engine (through WebKitWebDriver).
// In each, headless, on the release build served from a sub-path: the
// cover, every chapter opened (its heavy figures asked for), every figure
// with a player stepped once from the keyboard, no console error or
// uncaught exception (watched from the moment the cover has loaded); then
// a long simulation's film is kept in the engine's own storage and opened
// from there on a new visit, or says why it cannot be kept; then the
// server stops and the book reloads offline from its service worker's
// copy and opens a chapter. The two engines run at once.
// Usage: node engines.mjs SITE_ROOT [ENGINE…]   (SITE_ROOT holds commbook/;
// engines: firefox webkit, default both)
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { homedir } from 'node:os';
import { Session, startDriver, virtualDisplay } from './webdriver.mjs';

const [root, ...wanted] = process.argv.slice(2);
if (!root || !existsSync(join(root, 'commbook'))) {
  console.error('usage: node engines.mjs target/site [firefox] [webkit]');
  process.exit(2);
}
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

// Where Debian and cargo install the browsers and drivers (.ci/lib.sh).
const which = (names) => names.find((p) => existsSync(p));
const MINIBROWSER = which(['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser', '/usr/libexec/webkit2gtk-4.1/MiniBrowser']);
const ENGINES = {
  firefox: {
    driver: which([`${homedir()}/.cargo/bin/geckodriver`, '/usr/local/bin/geckodriver', '/usr/bin/geckodriver']),
    args: (port) => ['--port', String(port), '--host', '127.0.0.1'],
    capabilities: () => ({
      browserName: 'firefox',
      'moz:firefoxOptions': { binary: '/usr/bin/firefox-esr', args: ['-headless'] },
    }),
    browser: '/usr/bin/firefox-esr',
  },
  webkit: {
    driver: which(['/usr/bin/WebKitWebDriver']),
    args: (port) => [`--port=${port}`, '--host=127.0.0.1'],
    capabilities: () => ({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation'],
      },
    }),
    // MiniBrowser has no headless mode: it draws on a virtual display.
    display: true,
    browser: MINIBROWSER,
  },
};

// A static server for SITE_ROOT that the test can stop (for offline reading).
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain' };
function serve() {
  const sockets = new Set();
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(root, path);
    if (!file.startsWith(normalize(root)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    base: `http://127.0.0.1:${server.address().port}/commbook/`,
    stop: () => new Promise((r) => { server.close(r); sockets.forEach((s) => s.destroy()); }),
  })));
}

// Runs in the page: catches what a console would show as an error.
function watch() {
  if (window.__smoke) return true;
  window.__smoke = [];
  const err = console.error.bind(console);
  console.error = (...a) => { window.__smoke.push(a.map(String).join(' ')); err(...a); };
  addEventListener('error', (e) => window.__smoke.push(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) => window.__smoke.push(`unhandled rejection: ${e.reason}`));
  return true;
}

function computed(all) {
  if (document.querySelector('.chapter-loading') || !document.querySelector('article.chapter h1')) return false;
  // A heavy figure may offer its button only after the chapter has drawn:
  // press every one that is there, as a reader would, on each look.
  if (all) document.querySelectorAll('button.compute-now').forEach((b) => b.click());
  const figs = [...document.querySelectorAll('figure.widget')];
  return figs.every((f) => !f.querySelector('.job') && !(all && f.classList.contains('deferred')));
}

// The figures still computing or waiting to, with what each shows.
function busyFigures() {
  return [...document.querySelectorAll('figure.widget')]
    .filter((f) => f.querySelector('.job') || f.classList.contains('deferred'))
    .map((f) => `${f.id}: ${(f.querySelector('.job') || f).textContent.slice(0, 120)}`);
}

// Sends a key to every figure with a player (or to those of `ids`);
// returns their captions.
function keyAll(key, ids) {
  return [...document.querySelectorAll('figure.widget')].filter((f) => f.querySelector('.caption') && (!ids || ids.includes(f.id))).map((f) => {
    f.focus();
    f.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return [f.id, f.querySelector('.caption').textContent];
  });
}

function captions() {
  return [...document.querySelectorAll('figure.widget')].filter((f) => f.querySelector('.caption'))
    .map((f) => [f.id, f.querySelector('.caption').textContent]);
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

// The captions once two reads 150 ms apart agree: a busy engine may take a
// while to draw the step a key asked for, so a fixed pause would be a race.
async function settled(s) {
  let last = JSON.stringify(await s.run(captions));
  for (let i = 0; i < 40; i++) {
    await pause(150);
    const now = JSON.stringify(await s.run(captions));
    if (now === last) return JSON.parse(now);
    last = now;
  }
  return JSON.parse(last);
}

// The figures whose caption has not changed from `before` within `ms`.
async function unchanged(s, before, ms = 10000) {
  const t0 = Date.now();
  for (;;) {
    const after = new Map(await s.run(captions));
    const still = before.filter(([id, c]) => after.get(id) === c).map(([id]) => id);
    if (still.length === 0 || Date.now() - t0 > ms) return still;
    await pause(100);
  }
}

async function smoke(name, engine, site) {
  const s = await Session.open(engine.driverProc, engine.capabilities());
  try {
    await s.go(site.base);
    await s.until('the cover', () => !!document.querySelector('.cover h1'));
    await s.run(watch);
    const slugs = await s.run(() => [...document.querySelectorAll('.cover ol a[href^="#/chapter/"]')].map((a) => a.getAttribute('href').slice(10)));
    check(slugs.length >= 13, `${name}: the cover lists ${slugs.length} chapters`);
    let figures = 0;
    let stepped = 0;
    for (const slug of slugs) {
      const t0 = Date.now();
      await s.run((h) => { location.hash = h; }, `#/chapter/${slug}`);
      await s.until(`chapter ${slug}`, computed, [false]);
      await s.run(() => document.querySelectorAll('button.compute-now').forEach((b) => b.click()));
      try {
        await s.until(`chapter ${slug}'s heavy figures`, computed, [true], 120000);
      } catch (e) {
        // Name the figures that held the chapter up, and what they showed.
        const busy = await s.run(busyFigures).catch((err) => err.message);
        throw new Error(`${e.message}; still busy: ${JSON.stringify(busy)}`);
      }
      await s.run(keyAll, 'Home');
      const before = await settled(s);
      await s.run(keyAll, 'ArrowRight');
      let still = await unchanged(s, before);
      // WebKitGTK beside the other lane of the test run once took more
      // than 10 s to step the Delta model's charts (2026-11-29; under a
      // second alone): a figure that has not stepped is given the key once
      // more and 20 s, and named, so a lost key stays visible in the log.
      if (still.length > 0) {
        console.log(`note ${name}: chapter ${slug}: no step within 10 s, the key again for ${still.join(', ')}`);
        await s.run(keyAll, 'ArrowRight', still);
        still = await unchanged(s, before.filter(([id]) => still.includes(id)), 20000);
      }
      figures += before.length;
      stepped += before.length - still.length;
      check(still.length === 0, `${name}: chapter ${slug} drawn in ${Date.now() - t0} ms, ${before.length} figure(s) stepped${still.length ? `; these did not step: ${still.join(', ')}` : ''}`);
    }
    check(stepped === figures, `${name}: ${stepped} of ${figures} figures stepped once`);
    const errors = await s.run(() => window.__smoke);
    check(errors.length === 0, `${name}: no console error or uncaught exception${errors.length ? `: ${errors.slice(0, 5).join(' | ')}` : ''}`);

    // A long film (the whole Delta's all-to-all of 64 B, 53 M flit moves)
    // is kept in the browser's storage and opened from there on the next
    // visit, or says why this engine cannot keep it. (Chapter 10's Figure
    // 10.2, computed above, is the same run: it may be kept already.)
    const film = `${site.base}#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=64`;
    const shelf = () => {
      const t = document.querySelector('figure.widget .film-shelf')?.textContent || '';
      return /is kept in|could not be kept|Opened from/.test(t) ? t : null;
    };
    await s.go(film);
    await s.run(watch);
    const first = await s.until('the film kept or not', shelf, [], 120000);
    if (!first.includes('could not be kept')) {
      await s.run(() => { window.__old = true; location.reload(); });
      await s.until('the new visit', () => !window.__old && !!document.querySelector('figure.widget'), [], 60000);
      await s.run(watch);
      const again = await s.until('the kept film opened', shelf, [], 120000);
      check(again.startsWith('Opened from'), `${name}: a kept film opens from the browser's storage on the next visit ("${again.slice(0, 60)}…")`);
    } else {
      check(first.includes('could not be kept'), `${name}: a film this engine cannot keep says why ("${first}")`);
    }
    const late = await s.run(() => window.__smoke);
    check(late.length === 0, `${name}: no console error with kept films${late.length ? `: ${late.slice(0, 5).join(' | ')}` : ''}`);

    // Offline: once the service worker has saved the build, the server goes.
    const files = await s.until('the service worker\'s copy of the build', () => {
      if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return 0;
      window.__saved ??= (async () => {
        const scope = (await navigator.serviceWorker.ready).scope;
        const mine = (await caches.keys()).filter((k) => k.startsWith(`commbook ${scope} `));
        return (await (await caches.open(mine[mine.length - 1])).keys()).length;
      })().then((n) => { window.__savedCount = n; });
      return window.__savedCount || 0;
    });
    await site.stop();
    await s.go(`${site.base}#/chapter/redistribution`);
    await s.until('the chapter, offline', computed, [false]);
    const title = await s.run(() => document.querySelector('article.chapter h1').textContent);
    check(title.includes('Redistributing'), `${name}: offline, the book reloads from its saved copy (${files} files) and opens a chapter ("${title.slice(0, 40)}…")`);
  } finally {
    await s.close();
  }
}

// One engine's run, with its own server (the offline check stops it).
async function inEngine(name) {
  const engine = ENGINES[name];
  if (!engine) { check(false, `unknown engine ${name}`); return; }
  if (!engine.driver || !engine.browser || !existsSync(engine.browser)) {
    check(false, `${name}: its browser or driver is not installed (run .ci/test, which installs them)`);
    return;
  }
  const site = await serve();
  let driver;
  let screen;
  try {
    screen = engine.display ? await virtualDisplay() : null;
    driver = await startDriver(engine.driver, engine.args, screen ? { DISPLAY: screen.display } : {});
    engine.driverProc = driver;
    await smoke(name, engine, site);
  } catch (e) {
    check(false, `${name}: the smoke test itself failed: ${e.message}${driver ? `\n${driver.said()}` : ''}`);
  } finally {
    if (driver) driver.proc.kill();
    if (screen) screen.stop();
    await site.stop().catch(() => {});
  }
}

// The engines at once: each page computes on its own core.
const names = wanted.length ? wanted : Object.keys(ENGINES);
await Promise.all(names.map(inEngine));
if (failures.length) {
  console.log(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('engines: every check passed in', names.join(' and '));
