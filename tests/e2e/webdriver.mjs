// A small W3C WebDriver client (the protocol geckodriver and WebKitGTK's
// WebKitWebDriver speak), for the smoke test in engines.mjs: Playwright
// drives only its own patched Firefox and WebKit, which are downloads;
// Debian's Firefox ESR and WebKitGTK are driven through their drivers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

// A free TCP port on 127.0.0.1.
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts a driver (`args` get the port; `env` is added to its
// environment) and waits until it answers.
export async function startDriver(exe, args, env = {}) {
  const port = await freePort();
  const proc = spawn(exe, args(port), { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let said = '';
  proc.stderr.on('data', (d) => { said = (said + d).slice(-4000); });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`${url}/status`);
      if (r.ok) return { url, proc, said: () => said };
    } catch { /* not up yet */ }
    if (proc.exitCode !== null) break;
    await sleep(100);
  }
  proc.kill();
  throw new Error(`${exe} did not start: ${said}`);
}

// A virtual X display (Debian's Xvfb) for a browser that needs one
// (WebKitGTK's MiniBrowser has no headless mode): `{ display, stop }`.
export function virtualDisplay() {
  return new Promise((resolve, reject) => {
    // -displayfd: Xvfb picks a free display and writes its number to fd 3.
    const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let out = '';
    proc.on('error', reject);
    proc.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, stop: () => proc.kill() });
    });
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

// One browser session.
export class Session {
  static async open(driver, capabilities) {
    const r = await call(driver.url, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    return new Session(driver, r.sessionId);
  }

  constructor(driver, id) {
    this.driver = driver;
    this.base = `/session/${id}`;
  }

  cmd(method, path, body) {
    return call(this.driver.url, method, `${this.base}${path}`, body);
  }

  go(url) { return this.cmd('POST', '/url', { url }); }

  // Runs `fn` (a function's source) in the page with `args`.
  run(fn, ...args) {
    return this.cmd('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments);`, args });
  }

  // Waits until `fn(...args)` is truthy in the page; returns its value.
  async until(what, fn, args = [], timeout = 60000) {
    const t0 = Date.now();
    let last;
    while (Date.now() - t0 < timeout) {
      try {
        last = await this.run(fn, ...args);
        if (last) return last;
      } catch (e) {
        // A page between two documents (a reload) cannot run scripts.
        last = e.message;
      }
      await sleep(100);
    }
    throw new Error(`waited ${timeout} ms in vain for ${what} (last: ${JSON.stringify(last)})`);
  }

  async close() {
    try { await this.cmd('DELETE', ''); } catch { /* the browser may be gone */ }
  }
}

async function call(url, method, path, body) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok || (j.value && j.value.error)) {
    throw new Error(`${method} ${path}: ${j.value?.error}: ${j.value?.message}`);
  }
  return j.value;
}
