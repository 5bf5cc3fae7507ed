/**
 * The local provider's test card form: the card number stays in the browser, which turns it into the
 * provider's reference `pm_test_<brand>_<last4>_<mm>_<yyyy>` (contracts/schemas/billing). A real
 * provider's hosted card field would answer its own reference the same way.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** `4242 4242 4242 4242` as typed → its digits; `12/30` or `12 / 2030` → month and four-digit year. */
function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Checks the form and makes the reference, or says what is wrong, field by field. */
export function testCardReference(
  card: CardInput,
  now = new Date(),
): { reference: string } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.number = 'Enter a valid card number.';
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.expiry = 'This card has expired.';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits on the back of the card.';
  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  const month = String(expiry.month).padStart(2, '0');
  return { reference: `pm_test_${cardBrand(digits)}_${digits.slice(-4)}_${month}_${expiry.year}` };
}
