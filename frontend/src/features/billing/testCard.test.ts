import { describe, expect, it } from 'vitest';
import { paymentMethodInput } from '#contracts/schemas/billing';
import { cardBrand, passesLuhn, testCardReference } from './testCard.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('the test card form', () => {
  it('turns a card into the provider reference the API accepts, without its number', () => {
    const result = testCardReference({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now);
    expect(result).toEqual({ reference: 'pm_test_visa_4242_12_2030' });
    const parsed = paymentMethodInput.safeParse({
      paymentMethod: (result as { reference: string }).reference,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(parsed.success).toBe(true);
  });

  it('tells the brands apart', () => {
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('card');
  });

  it('checks the number, the expiry and the CVC field by field', () => {
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(testCardReference({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '1' }, now)).toEqual({
      errors: {
        number: 'Enter a valid card number.',
        expiry: 'Enter the expiry date as MM/YY.',
        cvc: 'Enter the 3 or 4 digits on the back of the card.',
      },
    });
    expect(testCardReference({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      errors: { expiry: 'This card has expired.' },
    });
    expect(testCardReference({ number: '4242424242424242', expiry: '11 / 2026', cvc: '1234' }, now)).toEqual({
      reference: 'pm_test_visa_4242_11_2026',
    });
  });
});
