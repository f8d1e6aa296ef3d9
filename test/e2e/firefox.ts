import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/** Debian's Firefox ESR (or Firefox), or FIREFOX_PATH. */
export function firefoxPath(): string {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error(
    'Firefox not found: install it with `sudo apt-get install firefox-esr` (Debian) or set FIREFOX_PATH to a Firefox binary.',
  );
}

/** A JSON value as WebDriver BiDi's script module returns it (only what the tests read). */
type RemoteValue = { type: string; value?: unknown };

export interface Firefox {
  /** The tab the tests drive (its browsing context); page operations default to it. */
  context: string;
  /** One WebDriver BiDi command; rejects with the error Firefox answered. */
  send<T = Record<string, unknown>>(method: string, params: object): Promise<T>;
  /** Loads `url` in the tab and waits for its load event. */
  goto(url: string): Promise<void>;
  /**
   * The tab of the options page the first install opened. BiDi may not navigate a tab to a
   * moz-extension:// page, but that page may go to another of its own (location.assign).
   */
  extensionTab(): Promise<string>;
  /** Evaluates an expression in the page (its main world) and returns its JSON-able value (awaited). */
  evaluate<T>(expression: string, context?: string): Promise<T>;
  /** Moves the mouse to a point of the page's viewport, as a trader's pointer would. */
  hover(x: number, y: number): Promise<void>;
  /** A real click (pointer down and up) at a point of a tab's viewport: a user gesture, as a trader's. */
  click(x: number, y: number, context?: string): Promise<void>;
  /** Keys typed into the focused element, one at a time (WebDriver key codes for special keys). */
  type(keys: string, context?: string): Promise<void>;
  /** A PNG of the tab's viewport. */
  screenshot(file: string, context?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Firefox headless on a fresh profile, driven over WebDriver BiDi (Firefox's own remote protocol:
 * no driver binary to download), with the unpacked MV2 build installed as a temporary add-on.
 * Playwright's Firefox is a patched build that cannot load extensions, so it is not used here.
 */
export async function launchFirefox(
  extensionDir: string,
  options: {
    /** More preferences for the profile (user.js). */
    prefs?: Record<string, unknown>;
    /** Pages served over a self-signed certificate load without the warning page. */
    acceptInsecureCerts?: boolean;
  } = {},
): Promise<Firefox> {
  const profile = mkdtempSync(join(tmpdir(), 'lens-ff-'));
  // (the remote agent sets its recommended preferences too: no updates, no telemetry, no first-run pages)
  const prefs: Record<string, unknown> = {
    'browser.shell.checkDefaultBrowser': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    ...options.prefs,
  };
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  );
  const proc = spawn(
    firefoxPath(),
    ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let ws: WebSocket | null = null;
  const cleanup = () => {
    ws?.close();
    proc.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    ws = new WebSocket(`${await bidiAddress(proc)}/session`);
    await new Promise<void>((ok, fail) => {
      ws!.once('open', () => ok());
      ws!.once('error', fail);
    });
    const send = bidiSender(ws);
    await send('session.new', {
      capabilities: options.acceptInsecureCerts ? { alwaysMatch: { acceptInsecureCerts: true } } : {},
    });
    await send('webExtension.install', { extensionData: { type: 'path', path: extensionDir } });
    // The first install opens the options page in a tab of its own (lib/background/start.ts):
    // once it is there, the tests get a tab of theirs, in front (a background tab gets no animation
    // frames, which the overlay waits for).
    const optionsTab = await waitForTab(send, /^moz-extension:\/\/[^/]+\/options\.html/);
    const { context } = await send<{ context: string }>('browsingContext.create', { type: 'tab' });
    /** One sequence of the mouse's actions in a tab. */
    const pointer = async (target: string, actions: object[]) => {
      await send('input.performActions', {
        context: target,
        actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
      });
    };
    await send('browsingContext.activate', { context });
    await send('browsingContext.setViewport', { context, viewport: { width: 1280, height: 800 } });
    return {
      context,
      send,
      async goto(url) {
        await send('browsingContext.navigate', { context, url, wait: 'complete' });
      },
      extensionTab: async () => optionsTab,
      async evaluate<T>(expression: string, target = context) {
        const r = await send<{ type: string; result?: RemoteValue; exceptionDetails?: { text: string } }>(
          'script.evaluate',
          {
            expression: `Promise.resolve(${expression}).then((v) => JSON.stringify(v))`,
            target: { context: target },
            awaitPromise: true,
          },
        );
        if (r.type !== 'success') throw new Error(`page script failed: ${r.exceptionDetails?.text}`);
        return JSON.parse(String(r.result?.value ?? 'null')) as T;
      },
      hover: (x, y) =>
        pointer(context, [{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), duration: 50 }]),
      click: (x, y, target = context) =>
        pointer(target, [
          { type: 'pointerMove', x: Math.round(x), y: Math.round(y) },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ]),
      async type(keys, target = context) {
        const actions = [...keys].flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]);
        await send('input.performActions', {
          context: target,
          actions: [{ type: 'key', id: 'keyboard', actions }],
        });
      },
      async screenshot(file, target = context) {
        const shot = await send<{ data: string }>('browsingContext.captureScreenshot', { context: target });
        writeFileSync(file, Buffer.from(shot.data, 'base64'));
      },
      async close() {
        await send('browser.close', {}).catch(() => {});
        await new Promise<void>((ok) => {
          if (proc.exitCode !== null) ok();
          else {
            proc.once('exit', () => ok());
            setTimeout(ok, 5_000);
          }
        });
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** The first tab whose address matches `url` (waits up to 10 s for it). */
async function waitForTab(send: ReturnType<typeof bidiSender>, url: RegExp): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const tree = await send<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', {});
    const tab = tree.contexts.find((c) => url.test(c.url));
    if (tab) return tab.context;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no tab at ${url} in 10 s`);
}

/** The WebSocket address Firefox prints once its remote agent listens. */
function bidiAddress(proc: ChildProcess): Promise<string> {
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`Firefox did not start its remote agent in 30 s:\n${out}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      out += chunk;
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      ok(m[1]!);
    };
    proc.stdout?.on('data', read);
    proc.stderr?.on('data', read);
    proc.once('exit', (code) => fail(new Error(`Firefox exited (${code}) before listening:\n${out}`)));
  });
}

function bidiSender(ws: WebSocket) {
  let next = 0;
  const waiting = new Map<number, { ok(v: unknown): void; fail(e: Error): void; method: string }>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as {
      id?: number;
      type: string;
      result?: unknown;
      error?: string;
      message?: string;
    };
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return; // events: none subscribed
    waiting.delete(m.id!);
    if (m.type === 'error') w.fail(new Error(`${w.method}: ${m.error}: ${m.message}`));
    else w.ok(m.result);
  });
  ws.on('close', () => {
    for (const w of waiting.values()) w.fail(new Error(`${w.method}: the connection to Firefox closed`));
    waiting.clear();
  });
  return <T>(method: string, params: object): Promise<T> =>
    new Promise<T>((ok, fail) => {
      const id = ++next;
      waiting.set(id, { ok: ok as (v: unknown) => void, fail, method });
      ws.send(JSON.stringify({ id, method, params }));
    });
}
