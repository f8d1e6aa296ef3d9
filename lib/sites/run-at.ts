/**
 * When the overlay's content script is injected, by the manifest (entrypoints/overlay.content) and
 * as the "any site" script the background registers. Before the page is parsed, and it waits for it
 * (startOverlay): a script injected at document_idle makes Chromium split the end of a large page's
 * parsing into two tasks, both long (a content script that does nothing did so in most loads of the
 * benchmark's heavy page; at document_start it did not: bench/load-tasks.ts). A module of its own:
 * the content script imports it, and lib/sites/hosts.ts would bring the sites' list with it.
 */
export const OVERLAY_RUN_AT = 'document_start' as const;
