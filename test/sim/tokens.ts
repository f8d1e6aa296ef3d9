import { Rng } from './rng';

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

export const XSS_NAME = '<img src=x onerror="document.documentElement.dataset.pwned=\'1\'">';
export const RLO = '\u202E';

export interface SimToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  image: string;
  priceUsd: number | null;
  uri: string;
  description: string;
  twitter: string | null;
  website: string | null;
  hasFileMetaData: boolean;
  hostile?: string; // which hostile variant (documentation/testing)
  extra?: Record<string, unknown>; // unknown extra fields served verbatim
}

const WORDS = [
  'Bonk',
  'Jupiter',
  'Raydium',
  'Orca',
  'Pyth',
  'Wif',
  'Popcat',
  'Mew',
  'Tensor',
  'Drift',
  'Kamino',
  'Marinade',
  'Jito',
  'Helium',
  'Render',
  'Hivemapper',
  'Nosana',
  'Shadow',
  'Zeta',
  'Parcl',
  'Sanctum',
  'Meteora',
  'Moodeng',
  'Gigachad',
  'Slerf',
  'Myro',
  'Ponke',
  'Wen',
  'Samo',
  'Bome',
  'Grass',
  'Io',
  'Kmno',
  'Cloud',
  'Ore',
  'Sharky',
  'Zeus',
  'Access',
  'Honey',
  'Step',
  'Saber',
  'Atlas',
  'Polis',
  'Genopets',
  'Aurory',
  'Dust',
  'Foxy',
  'Crown',
  'Gofx',
  'Mngo',
  'Port',
  'Larix',
  'Hxro',
  'Blze',
  'Srm',
  'Fida',
  'Media',
  'Cope',
  'Rope',
  'Tulip',
];

export const HOSTILE_VARIANTS = ['xss', 'rlo', 'long', 'jsurl', 'httpNullUsd'] as const;

function applyHostile(t: SimToken, variant: string): void {
  t.hostile = variant;
  switch (variant) {
    case 'xss':
      t.name = `${XSS_NAME} Token`;
      t.symbol = '<b>XSS</b>';
      t.description = `<script>alert(1)</script>${XSS_NAME}`;
      break;
    case 'rlo':
      t.name = `Safe${RLO}gnp.exe Coin`;
      t.symbol = `US${RLO}DC`;
      break;
    case 'long':
      t.name = `${'Very Long Token Name '.repeat(15)}`.slice(0, 300);
      t.symbol = 'LONG'.repeat(8);
      break;
    case 'jsurl':
      t.image = 'javascript:alert(1)';
      t.website = 'javascript:alert(document.cookie)';
      t.twitter = 'javascript:alert(2)';
      break;
    case 'httpNullUsd':
      t.image = `http://insecure.example.com/${t.symbol}.png`;
      t.website = 'http://insecure.example.com';
      t.priceUsd = null;
      break;
  }
  t.extra = { unknownField: 'sim-extra', nested: { x: 1 } };
}

/** 60 token mints: SOL, USDC, then synthetic tokens. mints[5..9] are hostile (one variant each). */
export function makeTokens(seed: number, hostile: boolean): SimToken[] {
  const rng = new Rng(seed, 1);
  const tokens: SimToken[] = [
    {
      mint: SOL_MINT,
      symbol: 'SOL',
      name: 'Wrapped SOL',
      decimals: 9,
      image: 'https://img.solanatracker.example/sol.png',
      priceUsd: 150.25,
      uri: 'https://meta.solanatracker.example/sol.json',
      description: 'Wrapped SOL',
      twitter: null,
      website: 'https://solana.com',
      hasFileMetaData: true,
    },
    {
      mint: USDC_MINT,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      image: 'https://img.solanatracker.example/usdc.png',
      priceUsd: 1,
      uri: 'https://meta.solanatracker.example/usdc.json',
      description: 'USD Coin',
      twitter: 'https://x.com/circle',
      website: 'https://www.circle.com',
      hasFileMetaData: true,
    },
  ];
  for (let i = 2; i < 60; i++) {
    const word = WORDS[(i - 2) % WORDS.length]!;
    // the whole word (at most 10 letters: HIVEMAPPER), as a ticker reads; a cut one ("JUPITE") looks broken
    const symbol = word.toUpperCase();
    tokens.push({
      mint: rng.address(),
      symbol,
      // (one name hyphenated, as some are: a bare word typed with its hyphen, `giga-chad`, finds it)
      name: word === 'Gigachad' ? 'Giga-Chad Token' : `${word} Token`,
      decimals: i < 12 ? [6, 9, 5, 8, 0, 6, 9, 4, 7, 2][i - 2]! : rng.int(0, 9),
      image: `https://img.solanatracker.example/${symbol.toLowerCase()}.png`,
      priceUsd: Number((10 ** rng.float(-6, 2)).toPrecision(6)),
      uri: `https://meta.solanatracker.example/${symbol.toLowerCase()}.json`,
      description: `${word} is a synthetic simulator token.`,
      twitter: rng.chance(0.6) ? `https://x.com/${word.toLowerCase()}` : null,
      website: rng.chance(0.6) ? `https://${word.toLowerCase()}.example` : null,
      hasFileMetaData: rng.chance(0.8),
    });
  }
  for (const [k, v] of HOSTILE_VARIANTS.entries()) applyHostile(tokens[5 + k]!, v);
  if (hostile) {
    for (let i = 12; i < 60; i += 3) applyHostile(tokens[i]!, HOSTILE_VARIANTS[i % HOSTILE_VARIANTS.length]!);
  }
  return tokens;
}

/** Token object as embedded in a REST order (input carries the long form). */
export function tokenJson(t: SimToken, long: boolean): Record<string, unknown> {
  const base: Record<string, unknown> = {
    mint: t.mint,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    image: t.image,
    priceUsd: t.priceUsd,
  };
  if (long) {
    Object.assign(base, {
      uri: t.uri,
      description: t.description,
      twitter: t.twitter,
      website: t.website,
      hasFileMetaData: t.hasFileMetaData,
    });
  }
  if (t.extra) Object.assign(base, t.extra);
  return base;
}
