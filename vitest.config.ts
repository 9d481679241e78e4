import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // both cores: vitest's default for a run is one fewer than the cores — one file at a time on a two-core machine,
    // where the unit stage then took 11 min of CI for 9 min of tests plus imports
    maxWorkers: 2,
  },
});
