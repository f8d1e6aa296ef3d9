// @vitest-environment happy-dom
/**
 * toFillView: the live fill line of a token card. Its USD value is the notifier's (eventUsd, one
 * place), and an amount whose token decimals the partial order leaves out is no amount at all,
 * never base units.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenCard } from '../../../components/shared/TokenCard';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { toFillView } from '../../../lib/background/views';
import { eventUsd } from '../../../lib/watch/event';
import { tokenView } from '../components/fixtures';
import { addr, filled, SOL, solToken, USDC, usdcToken, withdraw } from '../watch/fixtures';

afterEach(cleanup);

const W = addr(3);

describe('toFillView', () => {
  it('values a withdrawal of the bought token by its non-zero USD field, as notifications do', () => {
    const out = DcaTxEventSchema.parse({
      ...withdraw({ wallet: W }),
      usd: { inAmountUsd: 0, outAmountUsd: 240 },
    });
    expect(toFillView(out).usd).toBe(240);
    expect(toFillView(out).usd).toBe(eventUsd(out));
    const fill = filled({ wallet: W, usd: 50 });
    expect(toFillView(fill).usd).toBe(eventUsd(fill));
    expect(toFillView(filled({ wallet: W, usd: null })).usd).toBeNull();
  });

  it('amounts in token units when the decimals are known', () => {
    const v = toFillView(filled({ wallet: W }));
    expect([v.inAmount, v.inSymbol, v.outAmount, v.outSymbol]).toEqual([50, 'USDC', 0.31, 'SOL']);
  });

  it('a partial order without decimals gives no amount rather than base units', () => {
    const f = DcaTxEventSchema.parse({
      program: 'jupiter',
      address: addr(71),
      owner: W,
      signature: 'T'.repeat(88),
      eventIndex: 0,
      eventName: 'Filled',
      inputMint: USDC,
      outputMint: SOL,
      inAmount: '50000000',
      outAmount: '310000000',
      order: {
        input: { mint: USDC, symbol: 'USDC' },
        output: { mint: SOL, symbol: 'SOL' },
        progressPercent: 40,
      },
    });
    const v = toFillView(f);
    expect(v.inAmount).toBeNull();
    expect(v.outAmount).toBeNull();
    // one side known, the other not: only the known one gets a number
    const half = DcaTxEventSchema.parse({
      ...f,
      order: { input: usdcToken, output: { mint: SOL, symbol: 'SOL' } },
    });
    expect([toFillView(half).inAmount, toFillView(half).outAmount]).toEqual([50, null]);
    expect(
      toFillView(DcaTxEventSchema.parse({ ...f, order: { input: usdcToken, output: solToken } })).outAmount,
    ).toBe(0.31);

    // The token card's line leaves the unknown amounts out, never "50000000 USDC"; a side with
    // neither amount nor symbol is a question mark.
    const nameless = toFillView(
      DcaTxEventSchema.parse({ ...f, eventIndex: 1, order: { progressPercent: 40 } }),
    );
    const { container } = render(
      <TokenCard view={tokenView()} fills={[v, nameless]} now={v.timestamp + 60_000} live="live" />,
    );
    const [line, bare] = [...container.querySelectorAll('[data-fill]')].map((el) => el.textContent ?? '');
    expect(line).not.toMatch(/50000000|310000000|50M|310M|—/);
    expect(line).toContain('USDC → SOL');
    expect(bare).toMatch(/^\? → \?/);
  });
});
