// npm run check and npm run fix as a contributor runs them, on copies of the mini fixture (the commands run in-process).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKET_SUFFIX_TEXT } from '../../build/core/slugs.ts';
import { storeCachedValue } from '../../build/infra/derived-cache.ts';
import { dataStamp } from '../../build/data/data-stamp.ts';
import { fixCsv, fixYaml } from '../../build/data/fix.ts';
import { runCli } from '../helpers/cli.ts';
import { cellColumn, column, startOfCell } from '../helpers/rows.ts';
import { copyFixture, editData as edit, MINI_FIXTURE } from '../helpers/fixture.ts';

const run = (script: 'check' | 'fix', root: string) => runCli(script, ['--root', root]);

describe('npm run check', () => {
  it('passes the clean fixture and says so', async () => {
    const result = await run('check', copyFixture());
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^data\/ is clean: \d+ rows in 16 files passed every check/m);
  });

  it('answers from its cache while data/ is unchanged, and checks again after any change', async () => {
    const root = copyFixture();
    const stamp = dataStamp(path.join(root, 'data')).key;
    // A result only a cache could give: the command must answer it without reading the data.
    storeCachedValue('check-result', stamp, { problems: [], rows: 4242, files: 11 });
    expect((await run('check', root)).stdout).toBe('data/ is clean: 4242 rows in 11 files passed every check\n');
    edit(root, 'vehicles.csv', (t) => `${t}\n`);
    const again = await run('check', root);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('4242');
  });

  it('reports one error of each kind at its exact file:line:column, with the check name, and exits 1', async () => {
    const VOLT_C = 'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,6.6,';
    const root = copyFixture();
    edit(root, 'protocols.yaml', (t) => `\uFEFF${t}`); // format
    edit(
      root,
      'vehicles.csv',
      (t) =>
        t
          .replace(
            'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,50,',
            'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,6.6,',
          ) // plausibility
          .replace('volt-f-no-dc-2024,Fixture,Volt F,,2024,20', 'compatibility,Fixture,Volt F,,2024,20'), // reserved-slugs, slug-conventions (and out of order)
    );
    edit(root, 'vehicle_regions.csv', (t) => t.replace('volt-f-no-dc-2024,EU', 'compatibility,EU'));
    edit(root, 'chargers.csv', (t) =>
      t.replace('amp-dc-50,Amp,DC 50,DC,50,fixture-spec,150,', 'amp-dc-50,Amp,DC 50,DC,50,fixture-spec,600,'),
    ); // consistency
    edit(
      root,
      'charger_connectors.csv',
      (t) => `${t.trimEnd()}\namp-wall-22,EU,type2,22,fixture-spec,32,fixture-spec,3,fixture-spec,fixture-spec\n`,
    ); // unique-keys
    edit(root, 'observations.csv', (t) => t.replace('volt-a-400-2024,bolt-super-250', 'volt-a-400-2024,ghost-charger')); // references
    edit(
      root,
      'sources.yaml',
      (t) => `${t}- id: zz-unused\n  kind: press\n  title: Never cited\n  url: null\n  accessedAt: 2026-1-5\n`,
    ); // schema, sources-cited
    const result = await run('check', root);
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('data/'));
    expect(lines.sort()).toEqual(
      [
        `data/charger_connectors.csv:9:${startOfCell('amp-wall-22,EU,type2', 2)}: [unique-keys] charger, region and connector "amp-wall-22 EU type2" is already defined on line 6`,
        'data/charger_connectors.csv:9:1: [sorted-rows] row amp-wall-22 EU type2 is out of order: it belongs after line 6 (amp-wall-22 EU type2) and before line 7 (bolt-super-250 EU ccs2) (fix: run npm run fix)',
        `data/chargers.csv:2:${startOfCell('amp-dc-50,Amp,DC 50,DC,50,fixture-spec,600', 6)}: [consistency] output_voltage_min_v (600) is above output_voltage_max_v (500)`,
        `data/observations.csv:2:${startOfCell('volt-a-400-2024,ghost-charger', 1)}: [references] charger "ghost-charger" is not defined in data/chargers.csv`,
        'data/protocols.yaml:1:1: [format] file starts with a byte-order mark (BOM) (fix: save the file as UTF-8 without BOM, or run npm run fix)',
        'data/sources.yaml:16:15: [schema] accessedAt: must be a date written YYYY-MM-DD',
        'data/vehicle_regions.csv:8:1: [sorted-rows] row compatibility EU is out of order: it belongs before line 2 (volt-a-400-2024 EU) (fix: run npm run fix)',
        `data/vehicles.csv:4:${cellColumn('vehicles', VOLT_C, 'max_dc_kw_oem')}: [plausibility] peak DC 6.6 kW is not above on-board AC 6.6 kW`,
        'data/vehicles.csv:7:1: [reserved-slugs] slug "compatibility" is reserved by the API paths',
        `data/vehicles.csv:7:1: [slug-conventions] "compatibility" must end with its market: ${MARKET_SUFFIX_TEXT}`,
        'data/vehicles.csv:7:1: [slug-conventions] "compatibility" must hold its model year 2024',
        'data/vehicles.csv:7:1: [slug-conventions] "compatibility" must start with "fixture-" (its brand Fixture as a slug)',
        'data/vehicles.csv:7:1: [sorted-rows] row compatibility is out of order: it belongs before line 2 (volt-a-400-2024) (fix: run npm run fix)',
      ].sort(),
    );
  });
});

describe('npm run check warnings', () => {
  it('prints a new row that looks like a published variant under a heading, naming both rows, and still passes', async () => {
    const root = copyFixture();
    const twin = 'fixture-volt-a-twin-2024-eu';
    const header = (t: string) => t.indexOf('\n') + 1;
    edit(root, 'vehicles.csv', (t) => {
      const volt = t.split('\n').find((line) => line.startsWith('volt-a-400-2024,'))!;
      return `${t.slice(0, header(t))}${volt.replace('volt-a-400-2024,', `${twin},`)}\n${t.slice(header(t))}`;
    });
    edit(
      root,
      'vehicle_regions.csv',
      (t) => `${t.slice(0, header(t))}${twin},EU,type2,ccs2,fixture-spec\n${t.slice(header(t))}`,
    );
    const result = await run('check', root);
    expect(result.status).toBe(0);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'warnings (to look at; they do not fail the check):',
      `data/vehicles.csv:2:1: [similar-variants] vehicle "${twin}" looks like the published "volt-a-400-2024" at ` +
        'data/vehicles.csv:3:1 (same brand, family, model year and usable battery: Fixture Volt A 2024, 60 kWh; sold ' +
        'in EU too) (fix: if it is the same car, put its facts on that row and drop this one; if not, let its trim ' +
        'say how it differs)',
    ]);
    expect(result.stdout).toMatch(/^data\/ is clean: \d+ rows in 16 files passed every check \(1 warning above\)$/m);
  });
});

describe('npm run fix', () => {
  it('repairs BOM, CRLF, spacing and row order, says what it changed in each file, after which check passes and the data means the same', async () => {
    const root = copyFixture();
    edit(root, 'vehicles.csv', (t) => {
      const [header, ...rows] = t.trimEnd().split('\n');
      return `\uFEFF${[header, ...rows.reverse().map((r) => r.replace(',Fixture,', ' , Fixture ,'))].join('\r\n')}\r\n`;
    });
    edit(root, 'sources.yaml', (t) => {
      const [head, a, b] = t.split(/(?=^- id: )/m);
      return `${head}${b!.trimEnd()}\n${a}`;
    });
    expect((await run('check', root)).status).toBe(1);
    const fixed = await run('fix', root);
    expect(fixed.status).toBe(0);
    expect(fixed.stdout.split('\n').filter(Boolean).sort()).toEqual([
      'data/sources.yaml: put 1 entry back in order: fixture-test',
      'data/vehicles.csv: removed the byte-order mark; changed 7 line endings from CR LF to LF; trimmed spaces in 12 cells; put 5 rows back in order: volt-f-no-dc-2024, volt-e-800-boost-2024, volt-d-na-ccs1-2024, volt-c-chademo-2019, volt-b-800-2024',
    ]);
    expect((await run('check', root)).status).toBe(0);
    for (const file of ['vehicles.csv', 'sources.yaml']) {
      expect(readFileSync(path.join(root, 'data', file), 'utf8'), file).toBe(
        readFileSync(path.join(MINI_FIXTURE, 'data', file), 'utf8'),
      );
    }
    expect((await run('fix', root)).stdout).toBe('nothing to fix\n');
  });

  it('adds the columns tables.ts declares and a file lacks, in place and empty on every row, after which check passes', async () => {
    // The fixture's ac_one_phase_a and its source column are empty on every row: without them, the file is one whose
    // field was declared after its rows were written.
    const root = copyFixture();
    const at = column('vehicles', 'ac_one_phase_a') - 1;
    edit(root, 'vehicles.csv', (t) =>
      t.replace(/^.+$/gm, (line) => {
        const cells = line.split(',');
        return [...cells.slice(0, at), ...cells.slice(at + 2)].join(',');
      }),
    );
    const before = await run('check', root);
    expect(before.status).toBe(1);
    expect(before.stderr).toMatch(/^data\/vehicles\.csv:1:\d+: \[schema\]/m);
    const fixed = await run('fix', root);
    expect(fixed.stdout).toBe(
      'data/vehicles.csv: added column ac_one_phase_a where tables.ts places it, empty on 6 rows; added column ' +
        'ac_one_phase_a_source where tables.ts places it, empty on 6 rows\n',
    );
    expect(readFileSync(path.join(root, 'data', 'vehicles.csv'), 'utf8')).toBe(
      readFileSync(path.join(MINI_FIXTURE, 'data', 'vehicles.csv'), 'utf8'),
    );
    expect((await run('check', root)).status).toBe(0);
  });

  it('quotes only cells that need it and keeps YAML header comments', () => {
    expect(
      fixCsv(
        'observations',
        'vehicle,charger,region,state,kw,note,source\nb,c,EU,ok,," said ""hi"",  then left ",s\na,c,GB,ok,,"plain",s\n',
      ).text,
    ).toBe('vehicle,charger,region,state,kw,note,source\na,c,GB,ok,,plain,s\nb,c,EU,ok,,"said ""hi"", then left",s\n');
    expect(fixYaml('sources', '# comment\n- id: b\n  kind: oem\n- id: a\n  kind: oem\n').text).toBe(
      '# comment\n- id: a\n  kind: oem\n- id: b\n  kind: oem\n',
    );
  });

  it('reports the rows a reorder moved, naming them when few, not every row whose line shifted', () => {
    const header = 'id,name,current,implied_by,source';
    const ids = Array.from({ length: 300 }, (_, i) => `a-${String(i).padStart(3, '0')}`);
    const rows = (order: string[]) => order.map((id) => `${id},${id},DC,,s`).join('\n');
    const oneMoved = [ids[286]!, ...ids.filter((_, i) => i !== 286)];
    expect(fixCsv('adapters', `${header}\n${rows(oneMoved)}\n`).changes).toEqual(['put 1 row back in order: a-286']);
    const sixMoved = [...ids.slice(6), ...ids.slice(0, 6)];
    expect(fixCsv('adapters', `${header}\n${rows(sixMoved)}\n`).changes).toEqual(['put 6 rows back in order']);
    expect(fixYaml('sources', '- id: b\n- id: c\n- id: a\n').changes).toEqual(['put 1 entry back in order: a']);
  });
});
