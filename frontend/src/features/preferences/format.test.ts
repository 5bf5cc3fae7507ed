import { describe, expect, it } from 'vitest';
import { EXCHANGE_RATES_SNAPSHOT } from '#contracts/exchange-rates';
import { convertArea, convertFromUsd, formatAreaIn, formatPriceIn, formatRatesDate } from './format.ts';

describe('price conversion', () => {
  it('shows a USD amount in euros with the given rates', () => {
    expect(formatPriceIn(400000, 'EUR', { USD: 1, EUR: 0.9 })).toBe('€360,000');
  });

  it('keeps cents below a thousand and whole units above', () => {
    expect(formatPriceIn(12.5, 'USD')).toBe('$12.50');
    expect(formatPriceIn(1234.56, 'USD')).toBe('$1,235');
  });

  it('falls back to USD for a currency without a rate', () => {
    expect(convertFromUsd(100, 'XYZ', { USD: 1 })).toBe(100);
    expect(formatPriceIn(100, 'XYZ', { USD: 1 })).toBe('$100.00');
  });

  it('uses the bundled snapshot when no rates are given', () => {
    expect(convertFromUsd(1000, 'EUR', EXCHANGE_RATES_SNAPSHOT.rates)).toBeCloseTo(
      1000 * EXCHANGE_RATES_SNAPSHOT.rates.EUR,
    );
  });
});

describe('area conversion', () => {
  it('converts square metres to square feet and back', () => {
    expect(convertArea(100, 'sqm', 'sqft')).toBeCloseTo(1076.391, 3);
    expect(convertArea(1076.391, 'sqft', 'sqm')).toBeCloseTo(100, 3);
    expect(convertArea(42, 'sqm', 'sqm')).toBe(42);
  });

  it('formats a size in the preferred unit', () => {
    expect(formatAreaIn(120, 'sqft')).toBe('1,292 sqft');
    expect(formatAreaIn(1500, 'sqm', 'sqft')).toBe('139 sqm');
    expect(formatAreaIn(85, 'sqm')).toBe('85 sqm');
  });
});

it('shows the rates date as a day', () => {
  expect(formatRatesDate('2025-06-30')).toBe('30 Jun 2025');
  expect(formatRatesDate('not a date')).toBe('not a date');
});
