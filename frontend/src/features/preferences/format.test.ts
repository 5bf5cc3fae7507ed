import { describe, expect, it } from 'vitest';
import { convertAmount, EXCHANGE_RATES_SNAPSHOT, usdValueOf } from '#contracts/exchange-rates';
import {
  convertArea,
  convertFromUsd,
  formatAmountInput,
  formatAreaIn,
  formatListingPrice,
  formatPriceIn,
  formatRatesDate,
} from './format.ts';

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

describe('listing prices', () => {
  const rates = { USD: 1, EUR: 0.9, GBP: 0.75 };

  it('shows the agent who entered a price exactly what they typed', () => {
    expect(formatListingPrice(450_000, 'EUR', 'EUR', rates)).toEqual({
      original: '€450,000',
      text: '€450,000',
    });
  });

  it('shows everyone else the price as entered with its conversion into their currency', () => {
    expect(formatListingPrice(450_000, 'EUR', 'USD', rates)).toEqual({
      original: '€450,000',
      converted: '$500,000',
      text: '€450,000 (≈ $500,000)',
    });
    // between two currencies other than USD, through the USD rates
    expect(formatListingPrice(450_000, 'EUR', 'GBP', rates).converted).toBe('£375,000');
  });

  it('converts nothing it has no rate for', () => {
    expect(formatListingPrice(1_000, 'EUR', 'XYZ', rates).text).toBe('€1,000');
  });

  it('writes an amount for editing with separators and cents only when there are some', () => {
    expect(formatAmountInput(450_000)).toBe('450,000');
    expect(formatAmountInput(1234.5)).toBe('1,234.5');
    expect(formatAmountInput(0.07)).toBe('0.07');
  });
});

describe('conversion between currencies', () => {
  it('goes through USD and keeps the USD value of a price to the cent', () => {
    const rates = { USD: 1, EUR: 0.8598, JPY: 154.55 };
    expect(convertAmount(1_000, 'EUR', 'EUR', rates)).toBe(1_000);
    expect(convertAmount(1_000, 'USD', 'JPY', rates)).toBeCloseTo(154_550, 6);
    expect(convertAmount(154_550, 'JPY', 'EUR', rates)).toBeCloseTo(859.8, 6);
    expect(usdValueOf(450_000, 'EUR', rates)).toBe(523_377.53);
    expect(usdValueOf(450_000, 'USD', rates)).toBe(450_000);
  });
});
