// A helper thread of a large build's full pass (full-pass.ts): loads the build's code while the build loads the data,
// then takes its task (the dataset, the staging folder), claims vehicles and then chargers as the build's own thread
// does, and reports what it wrote.
import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { createDocumentValidator } from '../api/validate-documents.ts';
import { SlugAliases } from '../render/aliases.ts';
import { WantedTally } from '../render/explain-files.ts';
import { ChargerSpill } from '../write/charger-spill.ts';
import { TreeWriter } from '../write/tree-writer.ts';
import type { PassContext } from './edge-passes.ts';
import { passChargers, passVehicles } from './full-pass.ts';
import { carryError, WorkCounters, type BuildMessage, type HelperMessage } from './pass-threads.ts';

const port = parentPort!;
const post = (message: HelperMessage) => port.postMessage(message);
const receive = async <T extends BuildMessage['type']>(type: T): Promise<Extract<BuildMessage, { type: T }>> => {
  const [message] = (await once(port, 'message')) as [BuildMessage];
  if (message.type !== type) throw new Error(`a helper thread was sent ${message.type}, not ${type}`);
  return message as Extract<BuildMessage, { type: T }>;
};

// Compiled before the task arrives: loading the validators is part of the start that overlaps the build's loading.
const validate = createDocumentValidator();
const { task } = await receive('begin');
const counters = new WorkCounters(task.counters);
try {
  const { data } = task;
  const context: PassContext = {
    data,
    dataDir: task.dataDir,
    publicDir: task.publicDir,
    mode: task.mode,
    writer: TreeWriter.join(task.share),
    validate,
    aliases: new SlugAliases(data),
    files: 0,
    wanted: new WantedTally(),
  };
  const stale = passVehicles(context, counters, new ChargerSpill(task.spills[task.thread]!, data.chargers.length));
  post({ type: 'vehicles-done' });
  await receive('start-chargers');
  passChargers(context, counters, task.spills);
  post({
    type: 'done',
    report: { writer: context.writer.report(), files: context.files, stale, wanted: context.wanted.entries() },
  });
} catch (error) {
  counters.fail();
  post({ type: 'failed', error: carryError(error) });
}
