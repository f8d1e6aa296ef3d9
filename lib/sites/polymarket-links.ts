import { defineAdapter, hostIs } from './types';

/**
 * Polymarket and Kalshi event links. Every adapter that reads links reports them (odds chips on any
 * supported page); this adapter serves the exchanges' own pages, where only the event links matter.
 */
export const polymarketLinks = defineAdapter({
  id: 'polymarket-links',
  origin: 'https://polymarket.com',
  matches: hostIs('polymarket.com', 'kalshi.com'),
  sources: { links: true },
  addresses: false,
});
