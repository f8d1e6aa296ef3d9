import { existsSync } from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH. Playwright's own browser download is not available here. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error(
    'Chromium not found: install it with `sudo apt-get install chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

/** Flags that keep Chromium quiet on a closed network and let the unpacked extension start. */
export function chromiumArgs(extensionDir: string, headless: boolean): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=Translate,MediaRouter,OptimizationHints',
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    ...(headless ? ['--headless=new'] : []),
  ];
}
