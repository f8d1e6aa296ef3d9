import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Dates are shown in the user's time zone; the tests' fixed timestamps read the same everywhere in UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  // As in the build (wxt.config.ts): the messaging library's error serializer, in less.
  resolve: {
    alias: {
      '@aklinker1/zero-serialize-error': fileURLToPath(new URL('lib/serialize-error.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
    // Run through Vite (not loaded as is from node_modules), so the alias above reaches the
    // messaging library's own import of the serializer.
    server: { deps: { inline: ['@webext-core/messaging'] } },
    hookTimeout: 20_000,
  },
});
