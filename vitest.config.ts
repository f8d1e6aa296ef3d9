import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { ALIASES } from './wxt.config';

// Dates are shown in the user's time zone; the tests' fixed timestamps read the same everywhere in UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  resolve: { alias: ALIASES }, // as in the build
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['test/unit/setup.ts'],
    testTimeout: 20_000,
    // Run through Vite (not loaded as is from node_modules), so the serializer alias reaches the
    // messaging library's own import of the serializer.
    server: { deps: { inline: ['@webext-core/messaging'] } },
    hookTimeout: 20_000,
  },
});
