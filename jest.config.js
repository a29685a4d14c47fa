/** Jest runs the TypeScript sources through ts-jest (CommonJS). */
const os = require('node:os');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testTimeout: 60000,
  // At least two test files at once, even on two cores (Jest's default there is one): much of a
  // file's time is spent waiting on PostgreSQL, child processes and Chromium. On this project's
  // 2-core machine the suite took 721 s with two workers against 1,176 s with one.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
};
