/**
 * Pastes the lookup read as another account (review s19): a lookalike letter (Cyrillic `С`) touching
 * an address, which the page's finder takes for a separator, so the other 43 characters (often a
 * valid address themselves) were looked up; a long paste cut at 500 characters inside an address;
 * an invisible character (zero-width space, soft hyphen) inside an address, refused as a too long
 * token name.
 */
import { describe, expect, it } from 'vitest';
import { validateLookupInput } from '../../../components/lookup/validate';
import { isSolanaAddress } from '../../../lib/detect/address';
import { parseLookupInput } from '../../../lib/detect/lookup';
import { PAGE_INPUTS } from '../../../lib/messaging';
import { watchTargetOf } from '../../../lib/watch/menu';

/** The lookup's input limit (LOOKUP_INPUT_MAX in lib/detect/lookup.ts). */
const LOOKUP_INPUT_MAX = 2048;
const W = 'CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnDC';
const CYRILLIC_ES = '\u0421'; // looks like C
const address = (a: string) => ({ type: 'address', address: a, kind: 'unknown' });
const SPOOF = /non-Latin character '.+' \(U\+[0-9A-F]{4}\) touching it: it may be a spoofed address/;

describe('a lookalike letter touching an address', () => {
  it('the pieces left without it are valid addresses (what was looked up)', () => {
    expect(isSolanaAddress(W.slice(1))).toBe(true);
    expect(isSolanaAddress(W.slice(0, 43))).toBe(true);
  });

  it.each([
    ['first C replaced by Cyrillic С', CYRILLIC_ES + W.slice(1)],
    ['last C replaced by Cyrillic С', W.slice(0, 43) + CYRILLIC_ES],
    ['Cyrillic С added before', CYRILLIC_ES + W],
    ['a Cyrillic letter in the middle', `${W.slice(0, 20)}\u0430${W.slice(21)}`],
    ['Greek capital Tau after', `${W}\u03a4`],
    ['fullwidth C first', `\uff23${W.slice(1)}`],
    ['a combining accent after the first letter', `C\u0301${W.slice(1)}`],
    ['in a sentence', `dev wallet ${CYRILLIC_ES}${W.slice(1)} LFG`],
    ['hidden by a zero-width space', `${CYRILLIC_ES}\u200b${W.slice(1)}`],
  ])('%s is refused, naming the character', (_, text) => {
    const r = parseLookupInput(text);
    expect(r).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
    if (r.type === 'error') expect(r.message).toMatch(SPOOF);
  });

  it('names the character and its code point', () => {
    expect(parseLookupInput(CYRILLIC_ES + W.slice(1))).toMatchObject({
      message: expect.stringContaining("'С' (U+0421)"),
    });
  });

  it('the "Watch wallet" menu refuses it too, from the selection or the link', () => {
    expect(watchTargetOf(CYRILLIC_ES + W.slice(1))).toEqual({ error: expect.stringMatching(SPOOF) });
    expect(watchTargetOf(W.slice(0, 43) + CYRILLIC_ES)).toEqual({ error: expect.stringMatching(SPOOF) });
  });

  it('still reads an address after Chinese, Japanese or Korean text, or a fullwidth colon', () => {
    for (const text of [`合约地址${W}`, `コントラクト${W}`, `지갑${W}`, `CA：${W}`, `${W}。`])
      expect(parseLookupInput(text)).toEqual(address(W));
  });

  it('leaves words in other scripts alone when no address touches them', () => {
    expect(parseLookupInput('привет')).toEqual({ type: 'search', query: 'привет' });
    expect(parseLookupInput(`кошелёк ${W}`)).toEqual(address(W));
  });
});

describe('invisible characters inside an address', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['soft hyphen', '\u00ad'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\ufeff'],
    ['zero-width joiner', '\u200d'],
  ])('a %s is dropped and the address read', (_, ch) => {
    expect(parseLookupInput(`${W.slice(0, 20)}${ch}${W.slice(20)}`)).toEqual(address(W));
    expect(parseLookupInput(`${ch}${W}${ch}`)).toEqual(address(W));
    expect(parseLookupInput(`CA: ${W.slice(0, 7)}${ch}${W.slice(7)}`)).toMatchObject({ address: W });
  });

  it('the menu watches it too', () => {
    expect(watchTargetOf(`${W.slice(0, 20)}\u00ad${W.slice(20)}`)).toEqual({ wallet: W });
  });

  it('a right-to-left override (which shows the address reversed) is refused', () => {
    const r = parseLookupInput(`\u202e${W}`);
    expect(r).toMatchObject({ type: 'error', message: expect.stringMatching(/U\+202E.*another order/) });
  });

  it('alone it is nothing typed', () => {
    expect(parseLookupInput('\u200b\u00ad')).toMatchObject({
      message: expect.stringMatching(/Type a wallet/),
    });
  });
});

describe('a long paste is never cut', () => {
  // the reviewer's post: 554 characters, the wallet at 458, so a 500-character cut ends inside it
  const head = 'New launch, dev wallet below, LFG. ';
  const post = `${`${head}${'x '.repeat(300)}`.slice(0, 445)} dev wallet ${W} more text after the address so the paste is long enough`;

  it('the post is as the reviewer had it', () => {
    expect(post.length).toBeGreaterThan(500);
    expect(post.indexOf(W)).toBeLessThan(500);
    expect(post.indexOf(W) + W.length).toBeGreaterThan(500);
  });

  it('the whole post is checked and sent, and the one address in it read', () => {
    expect(validateLookupInput(post)).toEqual({ ok: true, input: post });
    expect(PAGE_INPUTS.lookup.safeParse({ input: post }).success).toBe(true);
    expect(parseLookupInput(post)).toEqual(address(W));
  });

  it('the limits agree: what the box accepts the message carries and the parser reads', () => {
    const longest = `${W} ${'x'.repeat(LOOKUP_INPUT_MAX - W.length - 1)}`;
    expect(validateLookupInput(longest).ok).toBe(true);
    expect(PAGE_INPUTS.lookup.safeParse({ input: longest }).success).toBe(true);
    expect(parseLookupInput(longest)).toEqual(address(W));
  });

  it('over the limit, it is refused with a message saying so, never read in part', () => {
    const over = `${W} ${'x'.repeat(LOOKUP_INPUT_MAX)}`;
    const message = /Input is too long \(\d+ characters; at most 2048\)/;
    expect(validateLookupInput(over)).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(parseLookupInput(over)).toMatchObject({ message: expect.stringMatching(message) });
    expect(PAGE_INPUTS.lookup.safeParse({ input: over }).success).toBe(false);
    expect(watchTargetOf(over)).toEqual({ error: expect.stringMatching(message) });
  });

  it('the menu reads a long selection whole (it cut at 300 characters)', () => {
    const selection = `${'gm '.repeat(86)}${W} wagmi`;
    expect(selection.indexOf(W)).toBeLessThan(300);
    expect(selection.indexOf(W) + W.length).toBeGreaterThan(300);
    expect(watchTargetOf(selection)).toEqual({ wallet: W });
  });
});
