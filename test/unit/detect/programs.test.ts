import { describe, expect, it } from 'vitest';
import { KNOWN_PROGRAMS, knownKind, knownLabel, PROGRAM_NAMES } from '../../../lib/detect/programs';

describe('known programs and mints', () => {
  it('names every known program (the lookup page) and classifies it as a program', () => {
    expect(Object.keys(PROGRAM_NAMES).sort()).toEqual([...KNOWN_PROGRAMS].sort());
    expect(knownLabel('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe('Token Program');
    expect(knownKind('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe('program');
  });

  it('names known mints, and nothing else', () => {
    expect(knownLabel('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe('USDC');
    expect(knownKind('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe('mint');
    expect(knownLabel('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBeUndefined();
    expect(knownKind('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBeNull();
    expect(knownLabel('toString')).toBeUndefined();
  });
});
