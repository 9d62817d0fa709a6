// A full pass on several threads writes the tree one thread writes, byte for byte, and fails as one thread fails: a
// stale ledger is listed in vehicle order, and a helper thread's failure reaches the build as the error it was.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { DataError } from '../../build/data/problems.ts';
import { buildSite, StaleLedgerError } from '../../build/pipeline/build-site.ts';
import { helperTask, passChargers, passVehicles, spillDirs } from '../../build/pipeline/full-pass.ts';
import type { PassContext } from '../../build/pipeline/edge-passes.ts';
import { createDocumentValidator, SchemaViolation } from '../../build/api/validate-documents.ts';
import { SlugAliases } from '../../build/render/aliases.ts';
import { WantedTally } from '../../build/render/explain-files.ts';
import { ChargerSpill } from '../../build/write/charger-spill.ts';
import { carryError, PassHelper, reviveError, WorkCounters } from '../../build/pipeline/pass-threads.ts';
import { layout, OWNED_PATHS } from '../../build/render/layout.ts';
import { TreeWriter } from '../../build/write/tree-writer.ts';
import { copyFixture, treeDigest } from '../helpers/fixture.ts';

const LEDGER = 'data/ledger';
const PASS_FILES =
  /^api\/v1\/_data\/(vehicles|chargers|edges|vehicle-compatibility|vehicle-explain|vehicle-networks|charger-compatibility)\//;

/** The context a build gives its full pass over the fixture copy at `root`, writing a first build of `publicDir`. */
function passContext(root: string, publicDir: string): PassContext {
  const data = loadDataset(root);
  return {
    data,
    dataDir: path.join(root, 'data'),
    publicDir,
    mode: 'enforce',
    writer: new TreeWriter(publicDir, OWNED_PATHS),
    validate: createDocumentValidator(),
    aliases: new SlugAliases(data),
    wanted: new WantedTally(),
    files: 0,
  };
}

describe('a full pass on several threads', () => {
  it('writes the same tree, byte for byte, on one, two and three threads', async () => {
    const root = copyFixture();
    const trees = await Promise.all(
      [1, 2, 3].map(async (threads) => {
        const publicDir = path.join(root, `public-${threads}`);
        // The release folder a build fills is its own: every other figure of the result is the same.
        const { releaseDir: _own, ...result } = await buildSite({ root, publicDir, threads });
        return { digest: treeDigest(publicDir), result };
      }),
    );
    expect(Object.keys(trees[0]!.digest).length).toBeGreaterThan(100);
    for (const { digest, result } of trees.slice(1)) {
      expect(digest).toEqual(trees[0]!.digest);
      expect(result).toEqual(trees[0]!.result);
    }
  });

  it('lists a stale ledger in vehicle order, whichever thread found each edge', async () => {
    const root = copyFixture();
    // Every edge of every vehicle now has a hash the build does not derive: more stale edges than are listed.
    for (const shard of readdirSync(path.join(root, LEDGER))) {
      const file = path.join(root, LEDGER, shard);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/,[0-9a-f]{16},/g, ',0000000000000000,'));
    }
    const messages = await Promise.all(
      [1, 3].map(async (threads) => {
        const failure = await buildSite({ root, publicDir: path.join(root, `public-${threads}`), threads }).catch(
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(StaleLedgerError);
        return (failure as StaleLedgerError).reasons;
      }),
    );
    expect(messages[0]).toContainEqual(expect.stringMatching(/^and \d+ more edge\(s\)$/));
    expect(messages[0]![0]).toMatch(/^volt-a-400-2024 × .*: content changed$/);
    expect(messages[1]).toEqual(messages[0]);
  });

  it("merges a helper's spill into the charger lists: a helper that took every vehicle gives the same tree", async () => {
    const root = copyFixture();
    const single = path.join(root, 'public-single');
    await buildSite({ root, publicDir: single, threads: 1 });
    const publicDir = path.join(root, 'public');
    const context = passContext(root, publicDir);
    const { data, writer } = context;
    const spills = spillDirs(publicDir, 2);
    const counters = new WorkCounters();
    const helper = new PassHelper();
    helper.begin(helperTask(context, spills, 1, counters));
    await helper.vehiclesDone(); // before this thread claims any: the helper has every vehicle
    expect(passVehicles(context, counters, new ChargerSpill(spills[0]!, data.chargers.length))).toEqual({
      count: 0,
      listed: [],
    });
    expect(context.files).toBe(0);
    helper.startChargers();
    passChargers(context, counters, spills);
    const report = await helper.finish();
    expect(report.files).toBeGreaterThan(data.vehicles.length);
    writer.absorb(report.writer);
    await writer.commit();
    // The pass's files: every resource's document, edges and lists (the global files are written by the build).
    const passFiles = (dir: string) =>
      Object.fromEntries(Object.entries(treeDigest(dir)).filter(([file]) => PASS_FILES.test(file)));
    expect(Object.keys(passFiles(publicDir)).length).toBe(context.files + report.files);
    expect(passFiles(publicDir)).toEqual(passFiles(single));
  });

  it("reports a helper thread's failure as the build's error, naming what failed", async () => {
    const root = copyFixture();
    const publicDir = path.join(root, 'public');
    const context = passContext(root, publicDir);
    const { data, writer } = context;
    // A file already staged where the helper must write the first vehicle's document: 'wx' refuses it.
    const taken = path.join(writer.stagingDir, layout.vehicle(data.vehicles[0]!.slug));
    mkdirSync(path.dirname(taken), { recursive: true });
    writeFileSync(taken, 'taken');
    const helper = new PassHelper();
    const counters = new WorkCounters();
    try {
      helper.begin(helperTask(context, spillDirs(publicDir, 2), 1, counters));
      await expect(helper.vehiclesDone()).rejects.toThrow(/^a thread of the build failed: EEXIST.*vehicles\//);
    } finally {
      await helper.stop();
      writer.abort();
    }
  });

  it('carries a schema violation and a data problem back as the classes they were thrown as', () => {
    const violation = reviveError(carryError(new SchemaViolation('api/x.json', 'edge', ['/kw must be number'])));
    expect(violation).toBeInstanceOf(SchemaViolation);
    expect(violation.message).toBe('api/x.json does not match schema edge: /kw must be number');
    const problem = { file: 'data/vehicles.csv', line: 2, column: 5, check: 'schema', message: 'bad' };
    const dataError = reviveError(carryError(new DataError([problem])));
    expect(dataError).toBeInstanceOf(DataError);
    expect((dataError as DataError).problems).toEqual([problem]);
    expect(reviveError(carryError(new RangeError('too far'))).message).toBe('a thread of the build failed: too far');
  });
});
