// `npm run bench:schemas [-- --runs 5 --root <folder>]`: what ajv validation of every emitted document costs, against
// a full build of the same data.
import { wholeNumber } from '../../build/cli/argument-kinds.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'bench:schemas',
    summary:
      "Measures what validating every emitted document against its JSON Schema costs (the validators' compilation " +
      'and the validation of every document), against a full build of the same data into an empty folder.',
    options: {
      runs: { description: 'runs of each measurement (the median is reported)', value: wholeNumber(1, 50), default: 5 },
      root: ROOT_OPTION,
    },
    examples: ['npm run bench:schemas', 'npm run bench:schemas -- --runs 3'],
  },
  async ({ options }, output) => {
    const { measureSchemaValidation } = await import('./measure-schemas.ts');
    await measureSchemaValidation(options.root, options.runs, output);
  },
);

await runAsProgram(import.meta.url, command);
