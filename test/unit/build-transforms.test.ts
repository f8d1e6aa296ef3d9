/**
 * The build's transform of the messaging library (wxt.config.ts, dropMessagingLogs) still finds the
 * library's log calls: a library update that renamed them would bring their bytes back to the
 * content script unseen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropMessagingLogs } from '../../wxt.config';

const DIST = 'node_modules/@webext-core/messaging/dist';

describe('dropMessagingLogs', () => {
  it('turns every log call of the messaging library into a call on undefined, and nothing else', () => {
    const file = readdirSync(DIST).find((f) => /^generic-.*\.mjs$/.test(f));
    expect(file).toBeDefined();
    const id = join(process.cwd(), DIST, file!);
    const code = readFileSync(id, 'utf8');
    const calls = code.match(/config\??\.logger\?\./g) ?? [];
    expect(calls.length).toBeGreaterThan(5);
    const out = dropMessagingLogs.transform(code, id)!;
    expect(out).not.toMatch(/logger/);
    expect(out.match(/undefined\?\./g)).toHaveLength(calls.length);
    // Only that file of that library.
    expect(dropMessagingLogs.transform(code, join(process.cwd(), 'lib/messenger.ts'))).toBeNull();
  });
});
