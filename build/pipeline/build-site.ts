// The build: data/ → load and check → derive every edge once → render (stamped from the ledger) → validate against the
// JSON Schemas → write a new release folder → switch public/ to it in one step (build/write/releases.ts). A rebuild
// redoes only the vehicles and chargers whose inputs changed (build-state.ts).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createDocumentValidator } from '../api/validate-documents.ts';
import { threadAnswer } from '../infra/thread-answer.ts';
import { loadDataset } from '../checks/load-dataset.ts';
import { dataDigest, readRelease, RELEASE_FILE } from '../data/release-file.ts';
import type { HistoryMode } from '../release/edge-history.ts';
import { SlugAliases } from '../render/aliases.ts';
import { WantedTally } from '../render/explain-files.ts';
import { globalFiles } from '../render/global-files.ts';
import { layout, OWNED_PATHS, PUBLISHED_AFTER_COMMIT } from '../render/layout.ts';
import { acquireBuildLock } from '../write/build-lock.ts';
import { faultPoint } from '../write/fault-points.ts';
import {
  currentRelease,
  discardRelease,
  isServed,
  materialise,
  newRelease,
  recordChanges,
  swapTo,
} from '../write/releases.ts';
import { TreeWriter, type WriteStats } from '../write/tree-writer.ts';
import { changesSince, currentState, readState, writeState, type BuildState } from './build-state.ts';
import { isSmallChange, FullBuildNeeded, type PassContext } from './edge-passes.ts';
import { estimatedPairings, fullPass, passThreads, startHelpers } from './full-pass.ts';
import { reviveError, type CarriedError, type PassHelper } from './pass-threads.ts';
import type { PublishTask } from './publish-mirror.ts';
import { incrementalPass } from './incremental-pass.ts';

export interface BuildOptions {
  /** Project folder holding data/. */
  root: string;
  /** Served folder (a link to the current release, see build/write/releases.ts); defaults to <root>/public. */
  publicDir?: string;
  /** enforce (default, for publishing): the ledger must match the data. provisional: preview versions, never published. */
  history?: HistoryMode;
  /** Ignore the build state and render everything (the output is the same either way). */
  full?: boolean;
  /** Threads of a full pass (the output is the same whatever the number); default: one per core for a large dataset. */
  threads?: number;
  /**
   * A publishing build returns once the tree is committed; its exports, bundle and mirror.json follow, settled in
   * `BuildResult.mirror` (npm start serves meanwhile). Default: the build returns once they are in public/.
   */
  mirrorLater?: boolean;
}

export interface BuildResult extends WriteStats {
  /** Files rendered (in an incremental build, only those whose inputs changed, plus the global ones). */
  files: number;
  datasetVersion: string;
  /** full: every document rendered; incremental: only those whose inputs changed (the output is the same). */
  pass: 'full' | 'incremental';
  /**
   * With `mirrorLater`: the exports, bundle and mirror.json of a publishing build, settled once they are written and
   * public/ was switched to the new release (rejected, with public/ left on the previous release, when they failed).
   */
  mirror?: Promise<void>;
  /** The new release's folder: what public/ links to once the build is done (npm start serves it before that). */
  releaseDir: string;
}

/** The release does not match the data: publishing now would publish wrong edge versions. */
export class StaleLedgerError extends Error {
  readonly reasons: string[];

  constructor(reasons: string[]) {
    super(`the ledger does not match the data:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
    this.name = 'StaleLedgerError';
    this.reasons = reasons;
  }
}

/**
 * Builds the site into a new release folder and switches public/ to it in one rename (build/write/releases.ts). Throws
 * BuildLocked when another build of this checkout runs, DataError when data/ has problems, StaleLedgerError when the
 * data changed since the last release (enforce mode), SchemaViolation when a rendered document breaks its schema, or
 * whatever a write met (a full disk); public/ then still links to the previous release, whole.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const publicDir = path.resolve(options.publicDir ?? path.join(options.root, 'public'));
  const dataDir = path.join(options.root, 'data');
  const unlock = acquireBuildLock(publicDir);
  let result: BuildResult | undefined;
  try {
    const previous = currentRelease(publicDir);
    const threads = options.threads ?? passThreads(estimatedPairings(dataDir));
    // A first build (or --full) is a full pass: its helper threads start now and load their code while this one loads
    // the data. Another build knows whether its pass is full only once the data is loaded.
    const helpers = options.full || previous === null ? startHelpers(threads) : null;
    // Prepared on a thread while this one loads the data (build() waits for it before it writes).
    const { release: releaseDir, ready, cleared } = newRelease(publicDir, previous, OWNED_PATHS);
    try {
      const folders = { publicDir, previous, releaseDir, ready, cleared };
      result = await build(options, folders, dataDir, () => helpers ?? startHelpers(threads));
    } catch (error) {
      await cleared.catch(() => undefined);
      if (!isServed(publicDir, releaseDir)) discardRelease(releaseDir);
      throw error;
    } finally {
      await Promise.all((helpers ?? []).map((helper) => helper.stop()));
    }
    return result;
  } finally {
    // npm start's build keeps the lock until its exports are in and public/ is switched.
    if (result?.mirror) result.mirror = result.mirror.finally(unlock);
    else unlock();
  }
}

/**
 * Where a build writes: the served link, the release it links to now (null before the first build), the new one, and
 * the promise settled once the new one holds the previous one's files.
 */
interface Folders {
  publicDir: string;
  previous: string | null;
  releaseDir: string;
  ready: Promise<void>;
  /** Settled once the older folders of .public-releases/ are deleted (awaited before the swap). */
  cleared: Promise<void>;
}

/**
 * The last step of a build: what the new release changed recorded beside it (for the next build's folder), public/
 * switched to it, then the build state saved. A failure before the switch leaves the previous release served (and the
 * new folder is removed).
 */
async function swapIn(folders: Folders, state: BuildState, changed: readonly string[] | null): Promise<void> {
  await folders.cleared;
  const { publicDir, releaseDir } = folders;
  recordChanges(releaseDir, folders.previous, changed);
  faultPoint('published');
  swapTo(publicDir, releaseDir);
  // Netlify's deploy does not follow a link (docs/cdn.md): there, public/ becomes the release folder itself.
  if (process.env.NETLIFY === 'true') materialise(publicDir, releaseDir);
  writeState(publicDir, state);
  faultPoint('state');
}

/** `helpers`: the helper threads of a full pass (started already, or now). */
async function build(
  options: BuildOptions,
  folders: Folders,
  dataDir: string,
  helpers: () => PassHelper[],
): Promise<BuildResult> {
  const mode = options.history ?? 'enforce';
  const data = loadDataset(options.root);
  const release = readRelease(dataDir);
  const digest = dataDigest(data);
  if (mode === 'enforce') {
    if (!release) throw new StaleLedgerError([`data/${RELEASE_FILE} is missing: no dataset has been released yet`]);
    if (release.dataDigest !== digest)
      throw new StaleLedgerError([
        `data/ changed since release ${release.datasetVersion} (digest ${release.dataDigest}, now ${digest})`,
      ]);
  }
  const datasetVersion =
    mode === 'enforce' ? release!.datasetVersion : `${release?.datasetVersion ?? '0.0.0'}+preview.${digest}`;
  const state = currentState(data, dataDir, release?.releasedAt ?? null, mode);
  const publicDir = folders.releaseDir;
  const changes =
    options.full || folders.previous === null
      ? null
      : changesSince(readState(folders.publicDir, layout.treeToken()), state);
  const incremental = changes !== null && isSmallChange(changes, data);

  await folders.ready;
  const run = async (pass: 'full' | 'incremental'): Promise<BuildResult> => {
    const writer = new TreeWriter(publicDir, OWNED_PATHS, pass);
    const context: PassContext = {
      data,
      dataDir,
      publicDir,
      mode,
      writer,
      validate: createDocumentValidator(),
      aliases: new SlugAliases(data),
      files: 0,
      wanted: new WantedTally(),
    };
    try {
      const stale =
        pass === 'incremental' ? await incrementalPass(context, changes!) : await fullPass(context, helpers());
      if (stale.count > 0) {
        const more = stale.count - stale.listed.length;
        throw new StaleLedgerError([
          ...stale.listed.map((edge) => edge.message),
          ...(more > 0 ? [`and ${more} more edge(s)`] : []),
        ]);
      }
      // The release documents in public/ stay as they are when an incremental pass finds the records unchanged.
      const releases = { digest: state.releases, withFiles: pass === 'full' || changes!.releases };
      for (const file of globalFiles(
        data,
        dataDir,
        datasetVersion,
        context.wanted.toDocument(),
        context.validate,
        releases,
      )) {
        if (file.schema) context.validate(file.path, file.schema, file.document);
        writer.write(file.path, file.body);
        context.files += 1;
      }
      // A publishing build exports and bundles the committed tree (below); a preview build publishes neither.
      for (const owned of PUBLISHED_AFTER_COMMIT)
        if (mode === 'enforce') writer.keep(owned);
        else if (pass === 'incremental') writer.remove(owned);
      writer.write(layout.treeToken(), `${state.token}\n`);
      context.files += 1;
      faultPoint('staged');
      const stats = await writer.commit();
      faultPoint('committed');
      const result = { ...stats, files: context.files, datasetVersion, pass, releaseDir: publicDir };
      if (mode !== 'enforce') {
        await swapIn(folders, state, writer.changedPaths());
        return result;
      }
      // Publishing rewrites the tree's token and what it publishes after the commit, outside the writer.
      const written = writer.changedPaths();
      const changed = written && [...written, layout.treeToken(), ...PUBLISHED_AFTER_COMMIT];
      const task = { publicDir, release: release!, treeChanged: stats.written + stats.deleted > 0, state };
      if (options.mirrorLater) {
        const mirror = publishInThread(task).then(
          () => swapIn(folders, state, changed),
          (error: unknown) => {
            discardRelease(publicDir);
            throw error;
          },
        );
        return { ...result, mirror };
      }
      // Loaded here: a preview build (npm run build -- --preview) needs neither tar nor the exports' code.
      const { finishPublishing } = await import('./publish-mirror.ts');
      await finishPublishing(task, context.validate);
      await swapIn(folders, state, changed);
      return result;
    } catch (error) {
      writer.abort();
      throw error;
    }
  };
  if (!incremental) return run('full');
  try {
    return await run('incremental');
  } catch (error) {
    // public/ did not hold what the state said (a list file missing or foreign): render everything instead.
    if (error instanceof FullBuildNeeded) return run('full');
    throw error;
  }
}

/** finishPublishing on a thread of its own, so that the thread that started it (a server) keeps answering. */
function publishInThread(task: PublishTask): Promise<void> {
  const worker = new Worker(new URL('./publish-mirror-worker.ts', import.meta.url), { workerData: task });
  return threadAnswer<CarriedError | null>(worker, 'the publishing thread').then((carried) => {
    if (carried) throw reviveError(carried);
  });
}
