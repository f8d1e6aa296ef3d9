/**
 * Tells every tab that the configuration its data depends on changed (the key, the data hosts):
 * `configChanged` of the protocol map (lib/messaging.ts). Tabs without our content script (most of
 * them), closed meanwhile or not answering make the send fail: that is ignored, one tab's failure
 * never stops the others.
 */
import { ConfigChange } from '../messaging';

export interface ConfigPushDeps {
  /** Ids of every open tab (start.ts: browser.tabs.query({})). */
  tabIds(): Promise<number[]>;
  /** Sends the push to one tab (start.ts: messenger.sendMessage('configChanged', change, tabId)). */
  send(tabId: number, change: ConfigChange): Promise<unknown>;
}

/** Returns the push; it resolves once every tab was tried (tests wait on it); it rejects only a change its schema refuses. */
export function createConfigPush(deps: ConfigPushDeps) {
  return async function pushConfigChanged(asked: ConfigChange): Promise<void> {
    // Checked by its schema here, where it is made: content scripts carry no zod (their size
    // budget), and only the extension can message them.
    const change = ConfigChange.parse(asked);
    let ids: number[];
    try {
      ids = await deps.tabIds();
    } catch {
      return;
    }
    await Promise.all(
      ids.map(async (id) => {
        try {
          await deps.send(id, change);
        } catch {
          // no content script in that tab, or it is gone: nothing to tell
        }
      }),
    );
  };
}
