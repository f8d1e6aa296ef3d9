import { describe, expect, it } from 'vitest';
import { isSolanaAddress } from '../../../lib/detect/address';
import { fakeCatalog } from '../../fixtures/fake-catalog';
import { renderFixture, usdText } from '../../fixtures/render';

const catalog = fakeCatalog();

describe('renderFixture', () => {
  it('fills placeholders and display forms', () => {
    const w = catalog.wallets[3]!;
    expect(renderFixture('<a href="/account/{{wallet:3}}">{{wallet:3|short}}</a>', catalog)).toBe(
      `<a href="/account/${w}">${w.slice(0, 4)}...${w.slice(-4)}</a>`,
    );
    expect(renderFixture('{{kalshi:0}} {{polymarket:1}} {{queuedWallet:0}}', catalog)).toBe(
      `${catalog.events.kalshi[0]} ${catalog.events.polymarket[1]} ${catalog.queuedWallets[0]}`,
    );
  });

  it("writes a mint's token symbol, name and price as the simulator serves them", () => {
    const t = catalog.tokens[2]!;
    expect(catalog.tokens).toHaveLength(catalog.mints.length);
    expect(renderFixture('{{mint:2|symbol}} ({{mint:2|name}}) {{mint:2|price}}', catalog)).toBe(
      `${t.symbol} (${t.name}) ${usdText(t.priceUsd)}`,
    );
    // hostile names are written as text, not markup
    expect(renderFixture('{{mint:5|name}}', catalog)).not.toContain('<img');
    expect(() => renderFixture('{{wallet:0|symbol}}', catalog)).toThrow(/mints only/);
    expect([0.105351, 150.25, 1, 0.0000307741, null].map(usdText)).toEqual([
      '$0.1054',
      '$150.25',
      '$1.00',
      '$0.00003077',
      '\u2014',
    ]);
  });

  it('throws on unknown placeholders, modifiers and indexes out of range', () => {
    expect(() => renderFixture('{{wallets:0}}', catalog)).toThrow(/Unknown fixture placeholder kind/);
    expect(() => renderFixture('{{wallet}}', catalog)).toThrow(/Unknown fixture placeholder/);
    expect(() => renderFixture('{{wallet:0|upper}}', catalog)).toThrow(/modifier/);
    expect(() => renderFixture('{{pool:999}}', catalog)).toThrow(/out of range/);
  });

  it('fake catalog is deterministic and made of valid, distinct addresses', () => {
    expect(fakeCatalog()).toEqual(catalog);
    const all = [
      ...catalog.wallets,
      ...catalog.queuedWallets,
      ...catalog.mints,
      ...catalog.orders,
      ...catalog.pools,
    ];
    expect(new Set(all).size).toBe(all.length);
    for (const a of all) expect(isSolanaAddress(a)).toBe(true);
  });
});
