import { expect } from 'vitest';

/** The simulator as the e2e tests talk to it, whichever browser runs the extension. */
export interface SimClient {
  /** Calls the simulator's data API with the demo key (what the extension should show). */
  api<T = unknown>(path: string, init?: RequestInit): Promise<T>;
  /** A control route, `/__sim/<path>`: GET without a body, POST with one. */
  sim<T = unknown>(path: string, body?: unknown): Promise<T>;
}

export function simClient(simUrl: string): SimClient {
  return {
    async api(path, init) {
      const res = await fetch(`${simUrl}${path}`, {
        ...init,
        headers: { 'x-api-key': 'demo', ...init?.headers },
      });
      return (await res.json()) as never;
    },
    async sim(path, body) {
      const res = await fetch(`${simUrl}/__sim/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as never;
    },
  };
}

/**
 * Emits a live event (`emit`) again and again until the extension shows one (`shown`, asked 700 ms
 * after each): the first may come before the room it goes to is joined. Returns the event shown.
 */
export async function emitUntil<T>(
  emit: () => Promise<T>,
  shown: (event: T) => Promise<boolean>,
  timeout = 30_000,
): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await emit();
        await new Promise((r) => setTimeout(r, 700));
        return shown(last);
      },
      { timeout, interval: 300 },
    )
    .toBe(true);
  return last!;
}
