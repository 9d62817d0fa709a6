// Builds one shared site of a test run in a process of its own (tests/helpers/run-sites.ts starts it, once per run):
// argv is the site's name (mini or shipped), its public/, and the released mini fixture's project folder.
import { buildSite } from '../../build/pipeline/build-site.ts';
import { PROJECT_ROOT } from './run-sites.ts';

const [name, publicDir, miniProject] = process.argv.slice(2) as [string, string, string];
if (name === 'mini') await buildSite({ root: miniProject, publicDir, history: 'enforce' });
// The shipped dataset in preview mode: contributors' data need not be released.
else await buildSite({ root: PROJECT_ROOT, publicDir, history: 'provisional' });
