import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { minify } from 'terser';
import { defineConfig } from 'wxt';
import { ANY_SITE_ORIGINS, API_HOST_PERMISSIONS, LOCAL_MATCHES, SITE_MATCHES } from './lib/sites/hosts';

/**
 * LENS_SIM_URL (e.g. http://127.0.0.1:8787) makes a build for the simulator: default hosts point at
 * it, the local fixture pages get the overlay, and LENS_SIM_KEY (if set) is the preset API key.
 * Without it the build is the store build: live hosts, no key, no local pages.
 */
const simUrl = process.env.LENS_SIM_URL ?? '';
const simKey = process.env.LENS_SIM_KEY ?? '';
const testHooks = process.env.LENS_TEST_HOOKS === '1';
/** LENS_OUT_DIR lets concurrent simulator builds (e2e, bench, demo) keep out of each other's way. */
const outDir = process.env.LENS_OUT_DIR || (simUrl ? '.output/sim' : '.output');

/**
 * The overlay's stylesheet (components/shared/styles.ts) is written a rule per line for reading;
 * the build joins the lines (each ends a declaration or a rule, so nothing else changes): bytes off
 * the content script's size budget.
 */
const joinCssLines = {
  name: 'lens-join-css-lines',
  transform(code: string, id: string) {
    if (!id.endsWith('/components/shared/styles.ts')) return null;
    return code.replace(/= `([^`]*)`/g, (_, css: string) => `= \`${css.replace(/([;{},])\n/g, '$1')}\``);
  },
};

/**
 * The content script is minified twice: by the build's own minifier (Oxc), then by Terser over its
 * output, which takes about 300 bytes (gzipped) more off the content script's size budget. (Terser
 * instead of Oxc took 20; two passes of Terser's compressor are worth 120 of the 300, a third
 * nothing.) Only the content script: every page a trader opens loads it.
 */
const terserContentScript = {
  name: 'lens-terser-content-script',
  // Store and test builds; not `wxt` dev, whose content scripts are left unminified.
  apply: (_: unknown, env: { mode: string }) => env.mode === 'production',
  // After WXT's own generateBundle, which makes the script's IIFE anonymous (it matches
  // `var overlay=(function`, which Terser would have rewritten first).
  enforce: 'post' as const,
  async generateBundle(
    _: unknown,
    bundle: Record<string, { type: string; fileName: string; code?: string }>,
  ) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('content-scripts/')) continue;
      const out = await minify(chunk.code!, {
        // (`expression`: the script stays `(function(){…})()`, its completion value kept.
        // `unsafe_arrows`: a function expression using neither `this` nor `arguments` becomes an
        // arrow; none of ours or our libraries' is called with `new`. `pure_getters`: reading a
        // property has no side effect; nothing reads a layout property only to force a reflow.
        // With `ecma: 2020` (what the source is written in anyway) about 50 bytes together,
        // checked by the e2e suite, which runs this build. `unsafe_methods`: an object's arrow
        // property becomes a method (`onClick(e){…}`); Terser leaves those using `this`, and none is
        // called with `new`: 2 bytes.)
        compress: {
          passes: 2,
          expression: true,
          ecma: 2020,
          unsafe_arrows: true,
          unsafe_methods: true,
          pure_getters: true,
        },
        mangle: true,
        format: { comments: false },
      });
      chunk.code = out.code!;
    }
  },
};

/**
 * The messaging library logs each message through `config.logger`, which no messenger of ours sets
 * (defineExtensionMessaging() with no logger): its log lines are dead code a minifier cannot prove
 * dead. The build reads them as `undefined`, and they go.
 */
export const dropMessagingLogs = {
  name: 'lens-drop-messaging-logs',
  transform(code: string, id: string) {
    if (!/@webext-core\/messaging\/dist\/generic-[^/]*\.mjs$/.test(id)) return null;
    return code.replace(/(?<![\w$.])config\??\.logger\?\./g, 'undefined?.');
  },
};

/**
 * The messaging library's error serializer, in less (see lib/serialize-error.ts): in the build and,
 * through vitest.config.ts, in the unit tests.
 */
export const ALIASES = {
  '@aklinker1/zero-serialize-error': fileURLToPath(new URL('lib/serialize-error.ts', import.meta.url)),
};

export default defineConfig({
  imports: false,
  outDir,
  vite: () => ({
    plugins: [preact(), joinCssLines, dropMessagingLogs, terserContentScript],
    resolve: { alias: ALIASES },
    define: {
      __LENS_SIM_URL__: JSON.stringify(simUrl),
      __LENS_SIM_KEY__: JSON.stringify(simKey),
      __LENS_TEST_HOOKS__: JSON.stringify(testHooks),
    },
    build: { sourcemap: false },
  }),
  zip: {
    // The Firefox sources ZIP is for reviewers rebuilding the add-on: leave out local run outputs.
    excludeSources: ['test-artifacts/**', 'demo-output/**', 'bench-output/**', 'docs/*.png'],
  },
  hooks: {
    'build:manifestGenerated': (_wxt, manifest) => {
      // The overlay (the only declared content script) runs on the supported sites; simulator
      // builds add the local fixture hosts.
      for (const script of manifest.content_scripts ?? []) {
        script.matches = [...SITE_MATCHES, ...(simUrl ? LOCAL_MATCHES : [])];
      }
    },
  },
  manifest: ({ browser }) => ({
    name: 'Onchain Lens',
    description:
      'Read-only Solana Tracker overlays: DCA badges, PnL popovers and prediction-market odds on the pages traders use.',
    minimum_chrome_version: '116',
    permissions: ['storage', 'alarms', 'notifications', 'contextMenus', 'scripting'],
    // The API hosts only (simulator builds: the local simulator). The content script's sites need no
    // host permission: its matches let it run there, and nothing else of ours may touch those sites.
    host_permissions: [...API_HOST_PERMISSIONS, ...(simUrl ? LOCAL_MATCHES : [])],
    optional_host_permissions: ANY_SITE_ORIGINS,
    // The popup's shortcut: MV2 (Firefox) opens a browser action's popup by its own command name.
    commands: {
      [browser === 'firefox' ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Open Onchain Lens',
      },
    },
    action: { default_title: 'Onchain Lens' },
    ...(browser === 'firefox'
      ? {
          // MV2 has no optional_host_permissions (WXT drops it): "any site" detection asks for this instead.
          optional_permissions: ANY_SITE_ORIGINS,
          browser_specific_settings: {
            gecko: {
              id: 'onchain-lens@onchainlens.dev',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
