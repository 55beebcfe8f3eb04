// Jest for the example in this folder: ts-jest transpiles TypeScript (isolatedModules, no type check:
// tsc does that) to ES modules; run Jest under
// `node --experimental-vm-modules` so it loads them as such.
export default {
  rootDir: '../../..',
  roots: ['<rootDir>/test/examples/jest'],
  testMatch: ['**/*.jest.ts'],
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  // Our sources import './x.js' (NodeNext); Jest resolves the .ts file behind it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/test/examples/jest/tsconfig.json', diagnostics: false }],
  },
};
