// @vitest-environment happy-dom
/**
 * The popup's tools beside the shared cards' addresses: a copy button for each full address, and a
 * token's top DCA users looked up in the popup (Solscan one ↗ away). The page's popover keeps its
 * plain short links: the tools come from the extension pages' shell only.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OverlayCard } from '../../../components/overlay/OverlayCard';
import { explorerUrl } from '../../../components/shared/AddressLabel';
import { pending } from './fake-ask';
import { MINT, ORDER, order, page, token, WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

const OWNER = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';

function clipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

const tokenHandlers = {
  lookup: answer({ kind: 'token', mint: MINT, token: token() }),
  chart: () => pending<never>(),
  tokenOrders: () => page([]),
};

/** A wallet looked up, and the copy button beside its address. */
async function walletCopyButton() {
  setup({ lookup: answer({ kind: 'wallet', wallet: wallet() }), walletOrders: () => page([]) });
  search(WALLET);
  const card = await screen.findByTestId('view-wallet');
  return within(card).getByRole('button', { name: `Copy address ${WALLET}` });
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('popup: copy an address', () => {
  it("copies the wallet's full address, and says so politely for a moment", async () => {
    const write = clipboard(async () => {});
    const button = await walletCopyButton();
    expect(button.tagName).toBe('BUTTON'); // a native button: in the tab order, Enter and Space work
    vi.useFakeTimers({ toNotFake: ['setImmediate', 'clearImmediate'] }); // (IndexedDB's own timers stay real)
    const settle = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    fireEvent.click(button);
    await settle(0);
    expect(write).toHaveBeenCalledWith(WALLET);
    const said = button.nextElementSibling as HTMLElement;
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent).toBe('Copied');
    await settle(2500);
    expect(said.textContent).toBe('');
  });

  it('says so when the clipboard refuses', async () => {
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const button = await walletCopyButton();
    fireEvent.click(button);
    await waitFor(() => expect(button.nextElementSibling?.textContent).toMatch(/^Could not copy/));
  });

  it('says so when there is no clipboard at all', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const button = await walletCopyButton();
    fireEvent.click(button);
    await waitFor(() => expect(button.nextElementSibling?.textContent).toMatch(/^Could not copy/));
  });

  it("copies the token's mint and each top user", async () => {
    const write = clipboard(async () => {});
    setup(tokenHandlers);
    search(MINT);
    const card = await screen.findByTestId('view-token');
    fireEvent.click(within(card).getByRole('button', { name: `Copy address ${MINT}` }));
    fireEvent.click(within(card).getByRole('button', { name: `Copy address ${WALLET}` }));
    await waitFor(() => expect(write.mock.calls).toEqual([[MINT], [WALLET]]));
  });

  it("copies an order's owner and the order's own address", async () => {
    const write = clipboard(async () => {});
    setup({ lookup: answer({ kind: 'order', order: order(1, { owner: OWNER, address: ORDER }) }) });
    search(ORDER);
    const card = await screen.findByTestId('view-order');
    fireEvent.click(within(card).getByRole('button', { name: `Copy address ${OWNER}` }));
    fireEvent.click(within(card).getByRole('button', { name: `Copy address ${ORDER}` }));
    await waitFor(() => expect(write.mock.calls).toEqual([[OWNER], [ORDER]]));
  });
});

describe('popup: top DCA users', () => {
  it('looks a top user up in the popup, with Solscan one ↗ away', async () => {
    const fake = setup(tokenHandlers);
    search(MINT);
    const users = (await screen.findByTestId('view-token')).querySelector('[data-card="token"]')!;
    // its name starts with what it shows (WCAG 2.5.3), then says what it does (jsdom's name
    // computation puts a space after the shown text's element)
    const open = within(users as HTMLElement).getByRole('button', {
      name: new RegExp(`^7Jsi…cTZz ?, look up wallet ${WALLET}$`),
    });
    const solscan = within(users as HTMLElement).getByRole('link', { name: `Open ${WALLET} in Solscan` });
    expect(solscan.getAttribute('href')).toBe(explorerUrl(WALLET));
    expect(solscan.getAttribute('target')).toBe('_blank');
    fireEvent.click(open);
    await waitFor(() => expect(fake.callsOf('lookup')).toEqual([{ input: MINT }, { input: WALLET }]));
  });
});

describe("the page's popover keeps its plain labels", () => {
  it('no copy buttons, top users link to Solscan', () => {
    render(
      <OverlayCard
        content={{
          kind: 'mint',
          view: { status: 'ready', value: token() },
          fills: [],
          live: 'off',
          liveNote: null,
        }}
        now={Date.now()}
        currency="usd"
        onOpenOptions={() => {}}
        onOpenLookup={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Copy address/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /look up wallet/i })).toBeNull();
    const user = screen.getAllByRole('link').find((a) => a.getAttribute('href') === explorerUrl(WALLET));
    expect(user?.textContent).toBe('7Jsi…cTZz');
  });
});
