import { Alert } from '../../components/ui/Alert.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import type { CardErrors, CardInput } from './testCard.ts';

export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

/** What the local provider's test mode accepts, said where a card is typed. */
export function TestModeNote() {
  return (
    <Alert tone="info">
      Test mode: no money moves. Use a test card such as 4242 4242 4242 4242 with any future date; 4000 0000
      0000 0002 is declined.
    </Alert>
  );
}

/**
 * Card number, expiry and CVC, each with its own message. Used wherever a card is entered (the payment
 * page and the plan-change dialog), so both check it the same way (testCard.ts).
 */
export function CardFields({
  card,
  errors,
  onChange,
}: {
  card: CardInput;
  errors: CardErrors;
  onChange: (card: CardInput) => void;
}) {
  const field = (name: keyof CardInput) => ({
    value: card[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...card, [name]: event.target.value }),
  });
  return (
    <div className="space-y-4">
      <FormField label="Card number" error={errors.number}>
        {(control) => (
          <Input
            {...control}
            {...field('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={errors.expiry}>
          {(control) => <Input {...control} {...field('expiry')} autoComplete="cc-exp" placeholder="MM/YY" />}
        </FormField>
        <FormField label="CVC" error={errors.cvc}>
          {(control) => (
            <Input
              {...control}
              {...field('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
