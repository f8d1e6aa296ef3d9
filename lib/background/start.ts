import { browser } from 'wxt/browser';

/** Builds the services and registers the message handlers. Filled in by the background-core work. */
export function startBackground(): void {
  browser.runtime.onInstalled.addListener(() => {
    // placeholder until the services exist
  });
}
