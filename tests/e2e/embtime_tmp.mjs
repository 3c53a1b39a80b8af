import { launch, figuresReady } from './browser.mjs';
const base = process.argv[2];
const links = process.argv.slice(3);
const browser = await launch();
for (const l of links) {
  const ts = [];
  for (let k = 0; k < 2; k++) {
    const ctx = await browser.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await page.goto(`${base}#/`); await page.waitForSelector('.cover');
    const t0 = Date.now();
    await page.evaluate((h) => { location.hash = h; }, l);
    await page.waitForSelector('figure.widget');
    await figuresReady(page, 60000);
    ts.push(Date.now() - t0);
    await ctx.close();
  }
  console.log(ts.join(' '), l);
}
await browser.close();
