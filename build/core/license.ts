// The licences the project publishes under (contract §6): the code, the data, and the attribution the data licence asks for.

export const CODE_LICENSE = { name: 'MIT', identifier: 'MIT', file: 'LICENSE' } as const;
export const DATA_LICENSE = {
  name: 'CC BY 4.0',
  identifier: 'CC-BY-4.0',
  file: 'data/LICENSE',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
export const ATTRIBUTION = 'Open EV compatibility API contributors';
