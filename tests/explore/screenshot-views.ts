// The work of `npm run screenshots`: the local server over the built site, Chromium, one picture per main view.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../../build/serve/server.ts';
import { chromiumArgs, chromiumPath } from '../helpers/system-tools.ts';

interface Views {
  out: string;
  vehicle: string;
  charger: string;
  region: string;
  search: string;
  /** Two answers and their reasoning, each as vehicle/charger/region: usable with its power not on record, and unk. */
  powerNotOnRecord: string;
  unknown: string;
  /** vehicle/region: a vehicle whose networks in the region are shown. */
  networks: string;
  root: string;
}

/** Opens a view and waits until its table (or, for a search, its matches) is shown. */
async function open(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url);
  try {
    await page.waitForSelector(ready, { timeout: 15_000 });
  } catch {
    const status = await page.textContent('#status');
    throw new Error(`${url} did not show ${ready}${status ? `: ${status}` : ''}`);
  }
}

export async function saveScreenshots(views: Views): Promise<string[]> {
  const publicDir = path.join(views.root, 'public');
  if (!existsSync(path.join(publicDir, 'explore', 'index.html')))
    throw new Error(`${publicDir} holds no built explorer: run npm run build (or npm run build -- --preview) first`);
  const server = await startServer({ publicDir, netlifyToml: path.join(views.root, 'netlify.toml'), port: 0 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs(), headless: true });
  const written: string[] = [];
  const shoot = async (page: Page, file: string) => {
    const target = path.join(views.out, file);
    await page.screenshot({ path: target });
    written.push(target);
  };
  try {
    const explore = `${server.url}/explore/`;
    const desktop = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const vehicleView = `?vehicle=${views.vehicle}&region=${views.region}`;
    await open(desktop, `${explore}${vehicleView}`, `#result[data-for="${vehicleView}"]`);
    await shoot(desktop, 'explorer.png');
    const chargerView = `?charger=${views.charger}&region=${views.region}`;
    await open(desktop, `${explore}${chargerView}`, `#result[data-for="${chargerView}"]`);
    await shoot(desktop, 'explorer-charger.png');
    await open(desktop, `${explore}?region=${views.region}`, '#match-count:not(:empty)');
    await desktop.fill('#query', views.search);
    await desktop.waitForSelector('#matches li');
    await shoot(desktop, 'explorer-search.png');
    // An answer and the reasoning under it, from the top of its state's group.
    for (const [edge, file] of [
      [views.powerNotOnRecord, 'explorer-power-not-on-record.png'],
      [views.unknown, 'explorer-unk-missing-figure.png'],
    ] as const) {
      const [vehicle, charger, region] = edge.split('/');
      const view = `?vehicle=${vehicle}&region=${region}`;
      const page = await browser.newPage({ viewport: { width: 1100, height: 560 } });
      await open(page, `${explore}${view}`, `#result[data-for="${view}"] tr.why[data-why-for="${charger}"]`);
      await page.evaluate((slug) => {
        const group = document.querySelector(`tr[data-slug="${slug}"]`)!.closest('section')!;
        window.scrollTo(0, group.getBoundingClientRect().top + window.scrollY - 8);
      }, charger!);
      await shoot(page, file);
    }
    // A vehicle's charging networks in a region, from the top of their section.
    const [networkVehicle, networkRegion] = views.networks.split('/');
    const networksView = `?vehicle=${networkVehicle}&region=${networkRegion}`;
    const networksPage = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await open(networksPage, `${explore}${networksView}`, `#result[data-for="${networksView}"] section.networks`);
    await networksPage.evaluate(() => {
      const section = document.querySelector('#result section.networks')!;
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 8);
    });
    await shoot(networksPage, 'explorer-networks.png');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(phone, `${explore}${chargerView}`, `#result[data-for="${chargerView}"]`);
    await shoot(phone, 'explorer-phone.png');
    return written;
  } finally {
    await browser.close();
    await server.close();
  }
}
