// The licences the project publishes under (contract §10): the code, the data, the attribution the data licence asks
// for, and the open datasets the data includes records of (named in data/LICENSE by SPDX id, with a link to the text).

export const CODE_LICENSE = { name: 'MIT', identifier: 'MIT', file: 'LICENSE' } as const;
export const DATA_LICENSE = {
  name: 'CC BY 4.0',
  identifier: 'CC-BY-4.0',
  file: 'data/LICENSE',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
export const ATTRIBUTION = 'Open EV compatibility API contributors';

/** An open dataset whose records the data imports (`npm run import`); data/LICENSE names its licence and links the text. */
export interface IncludedDataset {
  name: string;
  /** SPDX identifier of its licence. */
  license: string;
  /** Where the licence's text is published. */
  licenseText: string;
  url: string;
  /** Every source id the importer writes for it starts with this. */
  sourcePrefix: string;
}

export const INCLUDED_DATASETS: readonly IncludedDataset[] = [
  {
    name: 'OpenEV Data dataset',
    license: 'CDLA-Permissive-2.0',
    licenseText: 'https://cdla.dev/permissive-2-0/',
    url: 'https://github.com/open-ev-data/open-ev-data-dataset',
    sourcePrefix: 'oed-',
  },
];
