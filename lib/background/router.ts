/**
 * Routes every message of the protocol map to its handler, after two checks: the sender is allowed
 * to send it (view messages from anyone in this extension; page messages only from our own extension
 * pages), and the input matches its zod schema. Failures become typed error results, never throws.
 */
import type { z } from 'zod';
import { ApiError } from '../api';
import { viewMessage } from '../errors';
import { INPUTS, isViewMessage, type MessageName, type Outputs } from '../messaging';
import type { Result } from '../views';

export interface Sender {
  id?: string;
  url?: string;
  tab?: { id?: number };
  frameId?: number;
}

export interface HandlerContext {
  sender: Sender;
  /** The tab a content script runs in (for live subscriptions released on tab close). */
  tabId: number | null;
  fromExtensionPage: boolean;
}

export type Handler<K extends MessageName> = (
  input: z.output<(typeof INPUTS)[K]>,
  ctx: HandlerContext,
) => Promise<Outputs[K]>;

export type Handlers = { [K in MessageName]: Handler<K> };

export interface RouterOptions {
  extensionId: string;
  /** e.g. chrome-extension://<id>/ */
  extensionBaseUrl: string;
}

export function isExtensionPage(sender: Sender, opts: RouterOptions): boolean {
  return (
    sender.id === opts.extensionId &&
    typeof sender.url === 'string' &&
    sender.url.startsWith(opts.extensionBaseUrl)
  );
}

/** A refused message: its error carries the code's text (INVALID_INPUT: what exactly is wrong). */
function failure(code: string, message?: string): Result<never> {
  return { ok: false, error: { code, message: viewMessage(code, message) } };
}

/** A handler's failure, with the text the UI shows for it (ApiError.toView), never the server's. */
export function toErrorResult(error: unknown): Result<never> {
  return { ok: false, error: ApiError.from(error).toView() };
}

export function createRouter(handlers: Handlers, opts: RouterOptions) {
  return async function dispatch<K extends MessageName>(
    name: K,
    data: unknown,
    sender: Sender,
  ): Promise<Result<Outputs[K]>> {
    if (sender.id !== opts.extensionId) return failure('FORBIDDEN_SENDER');
    if (!Object.hasOwn(INPUTS, name))
      return failure('INVALID_INPUT', `Unknown message: ${String(name).slice(0, 40)}`);
    const fromExtensionPage = isExtensionPage(sender, opts);
    if (!isViewMessage(name) && !fromExtensionPage) return failure('FORBIDDEN_SENDER');
    const parsed = INPUTS[name].safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return failure('INVALID_INPUT', `${where}${issue?.message ?? 'invalid input'}`);
    }
    const ctx: HandlerContext = {
      sender,
      tabId: fromExtensionPage ? null : (sender.tab?.id ?? null),
      fromExtensionPage,
    };
    try {
      const handler = handlers[name] as Handler<K>;
      return { ok: true, value: await handler(parsed.data as z.output<(typeof INPUTS)[K]>, ctx) };
    } catch (error) {
      return toErrorResult(error);
    }
  };
}
