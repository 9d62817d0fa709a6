// The explorer in real Chromium: tables against the API, URL and history, 429 and errors over the mini fixture (the
// behaviour does not depend on the data's size); the 390 px layout over the shipped site, whose real names are long.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Explain, ExplainEntry } from '../../build/api/explain-schemas.ts';
import type { NetworkInfo, VehicleNetworks } from '../../build/api/network-schemas.ts';
import type { Edge, Vehicle } from '../../build/api/schemas.ts';
import type { Region } from '../../build/core/regions.ts';
import { STATES } from '../../build/core/vocabulary.ts';
import { boxesOverflowing, horizontalOverflow, openPage, screenshot, useBrowser } from '../helpers/browser.ts';
import { sharedSite, useShippedSite, type SharedSite } from '../helpers/fixture.ts';
import { LOOPBACK_PROXIES, rawRequest, useServer } from '../helpers/http.ts';

const shipped = useShippedSite();
const site = sharedSite('mini');
// Loopback trusted as a proxy: X-Forwarded-For names the client, so each test's browser context (and the test's own
// requests) has its own budget.
const running = useServer(() => site, { trustProxy: LOOPBACK_PROXIES });
const shippedServer = useServer(() => shipped, { trustProxy: LOOPBACK_PROXIES });
const chromium = useBrowser();

interface ListEntry {
  slug: string;
  brand: string;
  model?: string;
  family?: string;
  trim?: string | null;
  model_year?: number;
  regions: Region[];
}

let clients = 0;
/** A client address nobody else uses (a fresh rate-limit budget). */
const freshClient = () => `10.77.${Math.floor(++clients / 250)}.${clients % 250}`;

/** The API's answer, fetched over HTTP like any client (from its own address). */
async function api<T>(requestPath: string): Promise<T> {
  const res = await rawRequest({
    port: running.server.port,
    path: requestPath,
    headers: { 'x-forwarded-for': freshClient() },
  });
  expect(res.status, requestPath).toBe(200);
  return JSON.parse(res.body) as T;
}

const vehicles = (from: SharedSite = site) =>
  (from.json('api/v1/_data/vehicles.json') as { vehicles: ListEntry[] }).vehicles;
const chargers = (from: SharedSite = site) =>
  (from.json('api/v1/_data/chargers.json') as { chargers: ListEntry[] }).chargers;

const picked = new Map<string, ListEntry>();
/** The entry sold in `region` whose edges there show the most different states (then the most edges). */
function richest(
  entries: ListEntry[],
  kind: 'vehicle' | 'charger',
  region: Region,
  from: SharedSite = site,
): ListEntry {
  const key = `${from.publicDir} ${kind} ${region} ${entries.length}`;
  const known = picked.get(key);
  if (known) return known;
  const score = (entry: ListEntry) => {
    const doc = from.json(`api/v1/_data/${kind}-compatibility/${region}/${entry.slug}.json`) as Record<string, Edge[]>;
    const edges = doc[kind === 'vehicle' ? 'chargers' : 'vehicles']!;
    return new Set(edges.map((e) => e.state)).size * 10_000 + edges.length;
  };
  const scored = entries
    .filter((entry) => entry.regions.includes(region))
    .map((entry) => ({ entry, score: score(entry) }));
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a)).entry;
  picked.set(key, best);
  return best;
}

interface Row {
  slug: string;
  group: string;
  kw: string;
  confidence: string;
  protocols: string;
  adapter: string;
  sources: { id: string; href: string | null }[];
}

const rowsOf = (page: Page): Promise<Row[]> =>
  page.$$eval('#result section.group tbody tr[data-slug]', (trs) =>
    trs.map((tr) => {
      const cell = (label: string) => tr.querySelector(`td[data-label="${label}"]`)?.textContent ?? '';
      return {
        slug: tr.getAttribute('data-slug') ?? '',
        group: tr.closest('section.group')?.getAttribute('data-state') ?? '',
        kw: cell('kW'),
        confidence: cell('Confidence'),
        protocols: cell('Protocols'),
        adapter: cell('Adapter'),
        sources: [...tr.querySelectorAll('li[data-source]')].map((li) => ({
          id: li.getAttribute('data-source') ?? '',
          href: li.querySelector('a')?.getAttribute('href') ?? null,
        })),
      };
    }),
  );

/** What the table must show for the API's edges: one row per edge, in its state's group, every figure and source. */
function expectedRows(edges: Edge[], other: 'vehicle' | 'charger'): Row[] {
  return edges.map((e) => ({
    slug: e[other],
    group: e.state,
    kw: e.kw === 0 ? '—' : String(e.kw),
    confidence: String(e.confidence),
    protocols: e.protocols.length ? e.protocols.join(', ') : '—',
    adapter: e.adapterRequired ? 'yes' : 'no',
    sources: e.sources.map((s) => ({ id: s.id, href: s.url && /^https?:\/\//.test(s.url) ? s.url : null })),
  }));
}

const bySlug = (rows: Row[]) => [...rows].sort((a, b) => a.slug.localeCompare(b.slug));

/** The table equals the API's answer; groups come in the published state order, best power first within each. */
async function expectTableMatches(page: Page, edges: Edge[], other: 'vehicle' | 'charger'): Promise<void> {
  expect(edges.length).toBeGreaterThan(0);
  const rows = await rowsOf(page);
  expect(bySlug(rows)).toEqual(bySlug(expectedRows(edges, other)));
  const groups = [...new Set(rows.map((r) => r.group))];
  expect(groups).toEqual(STATES.filter((s) => groups.includes(s)));
  const headings = await page.$$eval('#result section.group h3', (hs) => hs.map((h) => h.textContent ?? ''));
  for (const [i, group] of groups.entries())
    expect(headings[i]).toContain(`(${rows.filter((r) => r.group === group).length})`);
  for (const group of groups) {
    const kws = rows.filter((r) => r.group === group).map((r) => (r.kw === '—' ? 0 : Number(r.kw)));
    expect(kws).toEqual([...kws].sort((a, b) => b - a));
  }
}

const waitForView = (page: Page, search: string) => page.waitForSelector(`#result[data-for="${search}"]`);
const searchOf = (page: Page) => new URL(page.url()).search;
const apiRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
};

describe('the explorer in Chromium', () => {
  it('finds a vehicle from the keyboard and shows its EU chargers exactly as the API answers, in seven requests', async () => {
    const vehicle = richest(vehicles(), 'vehicle', 'EU');
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    const requests = apiRequests(page);
    await page.goto(`${running.server.url}/explore/`);
    await page.waitForFunction(() =>
      (document.getElementById('match-count')?.textContent ?? '').includes('vehicles in the dataset'),
    );
    await page.focus('#query');
    await page.keyboard.type(`${vehicle.brand} ${vehicle.family} ${vehicle.trim ?? ''} ${vehicle.model_year}`);
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 20; i += 1) {
      if (
        await page.evaluate(
          (slug) => document.activeElement?.closest('li')?.getAttribute('data-slug') === slug,
          vehicle.slug,
        )
      )
        break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await waitForView(page, `?vehicle=${vehicle.slug}&region=EU`);
    expect(searchOf(page)).toBe(`?vehicle=${vehicle.slug}&region=EU`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('result-title');
    // The pick stays in the box, by its name, and so does the heading; the matches are gone.
    const name = [vehicle.brand, vehicle.family, vehicle.trim, vehicle.model_year].filter(Boolean).join(' ');
    expect(await page.inputValue('#query')).toBe(name);
    expect(await page.textContent('#result-title')).toBe(`Chargers for ${name} in EU`);
    expect(await page.isHidden('#matches')).toBe(true);
    const answer = await api<{ chargers: Edge[] }>(`/api/v1/vehicles/${vehicle.slug}/compatibility?region=EU`);
    await expectTableMatches(page, answer.chargers, 'charger');
    // The lists (the networks' too), the vehicle's chargers, and beside them its document (its own maxima), its explain
    // document and its networks in the region.
    expect(requests.sort()).toEqual(
      [
        '/api/v1/chargers',
        '/api/v1/vehicles',
        '/api/v1/networks',
        `/api/v1/vehicles/${vehicle.slug}/networks?region=EU`,
        `/api/v1/vehicles/${vehicle.slug}/compatibility?region=EU`,
        `/api/v1/vehicles/${vehicle.slug}`,
        `/api/v1/vehicles/${vehicle.slug}/explain`,
      ].sort(),
    );
    // Every answer has its reasoning under it, which its link names as its description.
    const explained = await page.$$eval('#result tbody tr[data-slug]', (trs) =>
      trs.map((tr) => {
        const id = tr.querySelector('th a')?.getAttribute('aria-describedby') ?? '';
        const why = document.getElementById(id);
        return [tr.getAttribute('data-slug'), why?.closest('tr')?.getAttribute('data-why-for') ?? null];
      }),
    );
    expect(explained.every(([slug, whyFor]) => slug === whyFor)).toBe(true);
    await screenshot(page, 'explorer', 'vehicle-eu');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a vehicle's networks in the region as the API answers; search finds a network, whose view links its models", async () => {
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    const vehicle = richest(vehicles(), 'vehicle', 'EU');
    await page.goto(`${running.server.url}/explore/?vehicle=${vehicle.slug}&region=EU`);
    await waitForView(page, `?vehicle=${vehicle.slug}&region=EU`);
    const answer = await api<VehicleNetworks>(`/api/v1/vehicles/${vehicle.slug}/networks?region=EU`);
    expect(answer.networks.length).toBeGreaterThan(1);
    const shown = await page.$$eval('#result section.networks tr[data-network]', (trs) =>
      trs.map((tr) => {
        const cell = (label: string) => tr.querySelector(`[data-label="${label}"]`)?.textContent ?? '';
        const slug = tr.getAttribute('data-network')!;
        const summary = document.querySelector(`tr[data-summary-for="${slug}"]`)?.textContent ?? '';
        return [slug, cell('Network'), cell('Admitted'), cell('Best'), cell('Worst'), summary];
      }),
    );
    const answerText = (a: VehicleNetworks['networks'][number]['best']) =>
      a ? `${a.name} ${a.state} ${a.kw === 0 ? '—' : a.kw} kW` : '—';
    expect(shown).toEqual(
      answer.networks.map((n) => [
        n.network,
        n.name,
        { yes: 'yes', 'some-sites': 'at some sites', no: 'no' }[n.admitted],
        answerText(n.best),
        answerText(n.worst),
        n.summary,
      ]),
    );
    expect(answer.networks.some((n) => n.best !== null)).toBe(true);
    // The charger side's search finds a network by name; its view lists its models per region, each opening its charger.
    const network = answer.networks.find((n) => n.best !== null)!;
    const doc = await api<NetworkInfo>(`/api/v1/networks/${network.network}`);
    await page.check('input[name="side"][value="charger"]');
    await page.fill('#query', network.name);
    await page.waitForSelector(`#matches li[data-kind="network"][data-slug="${network.network}"]`);
    await page.click(`#matches li[data-kind="network"][data-slug="${network.network}"] a`);
    await waitForView(page, `?network=${network.network}&region=EU`);
    expect(await page.textContent('#result-title')).toBe(`${doc.name}: charger models per region`);
    const regions = await page.$$eval('#result section.network-region', (sections) =>
      sections.map(
        (section) =>
          [
            section.getAttribute('data-region')!,
            [...section.querySelectorAll('li[data-slug]')].map((li) => li.getAttribute('data-slug')!),
          ] as const,
      ),
    );
    expect(regions[0]![0]).toBe('EU');
    expect(new Map(regions)).toEqual(new Map(doc.regions.map((r) => [r.region, r.models.map((m) => m.charger)])));
    const model = doc.regions.find((r) => r.region === 'EU')!.models[0]!;
    await page.click(`#result section.network-region[data-region="EU"] li[data-slug="${model.charger}"] a`);
    await waitForView(page, `?charger=${model.charger}&region=EU`);
    expect(await page.textContent('#result-title')).toContain('Vehicles for');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works under its Content-Security-Policy: styled from its sheet, the API fetched, no violation; inline script refused', async () => {
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    for (const url of ['/', '/explore/']) {
      const response = await page.goto(`${running.server.url}${url}`);
      expect(response!.headers()['content-security-policy'], url).toMatch(/^default-src 'self';/);
      expect(response!.headers()['x-frame-options'], url).toBe('DENY');
      // The style sheet applied (a rule of it, not the browser's default margin).
      expect(
        await page.evaluate(() => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0)),
        url,
      ).toBeGreaterThan(5);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), url).toMatch(/system-ui/);
    }
    // The script ran and fetched both lists from /api.
    await page.waitForFunction(() =>
      (document.getElementById('match-count')?.textContent ?? '').includes('vehicles in the dataset'),
    );
    expect(await violations()).toEqual([]);
    // The policy is enforced: a script injected inline does not run, and the browser reports it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { violations: string[] }).violations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await violations()).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a vehicle sold in North America from EU in NA; switching region keeps it, and says where it is not sold', async () => {
    const vehicle = richest(
      vehicles().filter((v) => !v.regions.includes('EU')),
      'vehicle',
      'NA',
    );
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    const requests = apiRequests(page);
    await page.goto(`${running.server.url}/explore/`);
    await page.fill('#query', vehicle.slug);
    expect(await page.textContent(`#matches li[data-slug="${vehicle.slug}"]`)).toContain('not in EU');
    await page.click(`#matches li[data-slug="${vehicle.slug}"] a`);
    await waitForView(page, `?vehicle=${vehicle.slug}&region=NA`);
    expect(await page.inputValue('#region')).toBe('NA');
    const answer = await api<{ chargers: Edge[] }>(`/api/v1/vehicles/${vehicle.slug}/compatibility?region=NA`);
    await expectTableMatches(page, answer.chargers, 'charger');
    await screenshot(page, 'explorer', 'vehicle-na');
    await page.selectOption('#region', 'EU');
    await waitForView(page, `?vehicle=${vehicle.slug}&region=EU`);
    expect(await page.textContent('#result .empty')).toContain('not sold in EU');
    // Back in NA from the note's button: the answer was kept, so no request.
    await page.click('#result .empty button:has-text("Show NA")');
    await waitForView(page, `?vehicle=${vehicle.slug}&region=NA`);
    await expectTableMatches(page, answer.chargers, 'charger');
    expect(requests.filter((r) => r.includes('/compatibility')).sort()).toEqual([
      `/api/v1/vehicles/${vehicle.slug}/compatibility?region=EU`,
      `/api/v1/vehicles/${vehicle.slug}/compatibility?region=NA`,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a charger: its vehicles as the API answers; a row opens that vehicle, and switching side keeps both picks', async () => {
    const charger = richest(chargers(), 'charger', 'EU');
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    await page.goto(`${running.server.url}/explore/`);
    await page.check('input[name="side"][value="charger"]');
    expect(await page.textContent('#query-label')).toBe('Find a charger or a network');
    await page.fill('#query', charger.slug.replace(/-/g, ' '));
    await page.click(`#matches li[data-slug="${charger.slug}"] a`);
    await waitForView(page, `?charger=${charger.slug}&region=EU`);
    const answer = await api<{ vehicles: Edge[] }>(`/api/v1/chargers/${charger.slug}/compatibility?region=EU`);
    await expectTableMatches(page, answer.vehicles, 'vehicle');
    // Named by brand and model, in the heading, the box and the title; each row by its vehicle's name.
    expect(await page.inputValue('#query')).toBe(`${charger.brand} ${charger.model}`);
    expect(await page.textContent('#result-title')).toBe(`Vehicles for ${charger.brand} ${charger.model} in EU`);
    expect(await page.title()).toMatch(new RegExp(`^${charger.brand} ${charger.model} in EU · `));
    const first = vehicles().find((v) => v.slug === answer.vehicles[0]!.vehicle)!;
    expect(await page.textContent(`#result tr[data-slug="${first.slug}"] th a`)).toBe(
      [first.brand, first.family, first.trim, first.model_year].filter(Boolean).join(' '),
    );
    await screenshot(page, 'explorer', 'charger-eu');

    const vehicle = answer.vehicles[0]!.vehicle;
    await page.click(`#result tr[data-slug="${vehicle}"] th a`);
    await waitForView(page, `?vehicle=${vehicle}&region=EU`);
    expect(await page.isChecked('input[name="side"][value="vehicle"]')).toBe(true);
    await page.check('input[name="side"][value="charger"]');
    await waitForView(page, `?charger=${charger.slug}&region=EU`);
    await page.check('input[name="side"][value="vehicle"]');
    await waitForView(page, `?vehicle=${vehicle}&region=EU`);
    // The back button walks the same views backwards.
    await page.goBack();
    await waitForView(page, `?charger=${charger.slug}&region=EU`);
    await page.goBack();
    await waitForView(page, `?vehicle=${vehicle}&region=EU`);
    await page.goBack();
    await waitForView(page, `?charger=${charger.slug}&region=EU`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shared URL opens the same view in a fresh browser', async () => {
    const vehicle = richest(vehicles(), 'vehicle', 'GB');
    const first = await openPage(chromium.browser, freshClient());
    await first.page.goto(`${running.server.url}/explore/`);
    await first.page.selectOption('#region', 'GB');
    await first.page.waitForFunction(() =>
      (document.getElementById('match-count')?.textContent ?? '').includes('in GB'),
    );
    await first.page.fill('#query', vehicle.slug);
    await first.page.click(`#matches li[data-slug="${vehicle.slug}"] a`);
    await waitForView(first.page, `?vehicle=${vehicle.slug}&region=GB`);
    const shared = first.page.url();
    const second = await openPage(chromium.browser, freshClient());
    await second.page.goto(shared);
    await waitForView(second.page, `?vehicle=${vehicle.slug}&region=GB`);
    expect(await second.page.textContent('#result-title')).toBe(await first.page.textContent('#result-title'));
    expect(await rowsOf(second.page)).toEqual(await rowsOf(first.page));
    expect(await second.page.inputValue('#region')).toBe('GB');
    expect(await second.page.title()).toBe(await first.page.title());
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('a 429 from the server shows the wait and keeps the page usable', async () => {
    const client = freshClient();
    for (let n = 0; n < 60; n += 1)
      await rawRequest({ port: running.server.port, path: '/api/v1', headers: { 'x-forwarded-for': client } });
    const limited = await rawRequest({
      port: running.server.port,
      path: '/api/v1',
      headers: { 'x-forwarded-for': client },
    });
    expect(limited.status).toBe(429);
    const { context, page, errors } = await openPage(chromium.browser, client);
    await page.goto(`${running.server.url}/explore/?vehicle=${vehicles()[0]!.slug}&region=EU`);
    const status = await page.waitForSelector('#status[data-kind="rate-limited"]');
    expect(await status.getAttribute('role')).toBe('alert');
    const text = (await status.textContent()) ?? '';
    expect(text).toContain('Too many requests');
    const wait = Number(/Try again in (\d+) seconds?/.exec(text)?.[1]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(Number(limited.headers['retry-after']));
    expect(await page.isVisible('#query')).toBe(true);
    expect(await page.isVisible('#region')).toBe(true);
    expect(await page.isHidden('#result')).toBe(true);
    await screenshot(page, 'explorer', 'rate-limited');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 404 and a network failure say what happened, and Try again recovers', async () => {
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    await page.goto(`${running.server.url}/explore/?vehicle=no-such-car-1999-eu&region=EU`);
    const notFound = await page.waitForSelector('#status[data-kind="not-found"]');
    expect(await notFound.textContent()).toContain('there is no vehicle “no-such-car-1999-eu” in the API');
    const vehicle = richest(vehicles(), 'vehicle', 'EU');
    await page.route('**/api/v1/vehicles/*/compatibility*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${running.server.url}/explore/?vehicle=${vehicle.slug}&region=EU`);
    const failed = await page.waitForSelector('#status[data-kind="network"]');
    expect(await failed.textContent()).toContain('Could not reach the API');
    await screenshot(page, 'explorer', 'network-error');
    await page.unroute('**/api/v1/vehicles/*/compatibility*');
    await page.click('#status button:has-text("Try again")');
    await waitForView(page, `?vehicle=${vehicle.slug}&region=EU`);
    expect(await page.textContent('#status')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says under an answer why: a usable one whose power is not on record, an unk one with its missing figure', async () => {
    type Entry = ExplainEntry & { state: Edge['state']; kw: number };
    /** A vehicle of the shipped data with both kinds of answer in one region, and the two entries. */
    const find = () => {
      for (const vehicle of vehicles(shipped))
        for (const region of vehicle.regions) {
          const explain = shipped.json(`api/v1/_data/vehicle-explain/${vehicle.slug}.json`) as Explain;
          const { chargers: edges } = shipped.json(
            `api/v1/_data/vehicle-compatibility/${region}/${vehicle.slug}.json`,
          ) as { chargers: Edge[] };
          const entries: Entry[] = edges.map((edge) => ({
            ...explain.edges.find((e) => e.charger === edge.charger && e.region === region)!,
            state: edge.state,
            kw: edge.kw,
          }));
          const powerless = entries.find(
            (e) =>
              ['ok', 'limited'].includes(e.state) &&
              e.kw === 0 &&
              e.missing.some((m) => m.file === 'vehicles.csv' && m.column === 'max_dc_kw_oem'),
          );
          const unknown = entries.find((e) => e.state === 'unk' && e.missing.some((m) => m.decides === 'state'));
          if (powerless && unknown) return { vehicle, region, powerless, unknown };
        }
      throw new Error('no vehicle of the shipped data has both kinds of answer');
    };
    const { vehicle, region, powerless, unknown } = find();
    const { context, page, errors } = await openPage(chromium.browser, freshClient());
    const view = `?vehicle=${vehicle.slug}&region=${region}`;
    await page.goto(`${shippedServer.server.url}/explore/${view}`);
    await waitForView(page, view);
    const why = (charger: string) => page.textContent(`#result tr.why[data-why-for="${charger}"] td`);
    expect(await why(powerless.charger)).toContain(
      `charges; power not on record: the car's DC peak is missing (vehicles.csv ${vehicle.slug} max_dc_kw_oem)`,
    );
    const deciding = unknown.missing.find((m) => m.decides === 'state')!;
    const unkText = (await why(unknown.charger)) ?? '';
    expect(unkText).toContain('unknown: whether it charges depends on');
    expect(unkText).toContain(`(${deciding.file} ${deciding.row} ${deciding.column})`);
    expect(unkText).toContain(`${deciding.file} ${deciding.row} ${deciding.column}: ${deciding.why}`);
    const own = shipped.json(`api/v1/_data/vehicles/${vehicle.slug}.json`) as Vehicle;
    const maximum = (kw: number | null) => (kw === null ? 'not on record' : `${kw} kW`);
    expect(await page.textContent('#result .own-max')).toBe(
      `This car's own maximum: DC ${maximum(own.max_dc_kw_oem)} · AC ${maximum(own.max_ac_kw_oem)}.`,
    );
    await screenshot(page, 'explorer', 'explained');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a 390 × 844 phone the first result is on the first screen and nothing scrolls sideways, with the shipped data's long names", async () => {
    const vehicle = richest(vehicles(shipped), 'vehicle', 'EU', shipped);
    const charger = richest(chargers(shipped), 'charger', 'NA', shipped);
    const { context, page, errors } = await openPage(chromium.browser, freshClient(), 390, 844);
    /** Where the first row of the first table ends, from the top of the page (not scrolled). */
    const firstRowBottom = () =>
      page.$eval('#result section.group tbody tr', (row) => row.querySelector('th')!.getBoundingClientRect().bottom);
    await page.goto(`${shippedServer.server.url}/explore/?vehicle=${vehicle.slug}&region=EU`);
    await waitForView(page, `?vehicle=${vehicle.slug}&region=EU`);
    expect(await firstRowBottom()).toBeLessThanOrEqual(844);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await boxesOverflowing(page)).toEqual([]);
    await screenshot(page, 'explorer', 'vehicle-390');
    await page.goto(`${shippedServer.server.url}/explore/?charger=${charger.slug}&region=NA`);
    await waitForView(page, `?charger=${charger.slug}&region=NA`);
    expect(await firstRowBottom()).toBeLessThanOrEqual(844);
    await page.fill('#query', 'a');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await boxesOverflowing(page)).toEqual([]);
    await page.goto(`${shippedServer.server.url}/`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await boxesOverflowing(page)).toEqual([]);
    await screenshot(page, 'explorer', 'reference-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
