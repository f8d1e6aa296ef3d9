import { z } from 'zod';
import { isSolanaAddress } from '../../detect/address';

/** A base58 Solana address (32 bytes). */
export const Address = z.string().refine(isSolanaAddress, { message: 'not a Solana address' });

/** An exact base-unit amount: a string of decimal digits, kept as text (BigInt does the math later). */
export const BaseUnits = z.string().regex(/^\d+$/, 'not an integer amount');

/** A USD (or other) amount that is null or missing when no price exists. */
export const MaybeNumber = z.number().nullish();

export const Count = z.number().int().nonnegative();

/** Text shown to the user; untrusted, rendered as text only. */
export const Text = z.string();

/** A timestamp the services send either as ISO-8601 text or as a unix number. */
export const TimeValue = z.union([z.string(), z.number()]);

/** Data API error: `{ error: { code, message } }`. */
export const DataErrorBody = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string().optional() }),
});

/** Prediction-market API error: `{ code, error, errorCode? }`. */
export const PredictionErrorBody = z.looseObject({
  code: z.number().int(),
  error: z.string(),
  errorCode: z.string().nullish(),
});

/** PnL currency error: `{ error: 'Invalid currency. Options: usd, sol, eur' }`. */
export const PnlErrorBody = z.looseObject({ error: z.string() });

export type DataErrorBody = z.infer<typeof DataErrorBody>;
export type PredictionErrorBody = z.infer<typeof PredictionErrorBody>;
