import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Dates are shown in the user's time zone; the tests' fixed timestamps read the same everywhere in UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
