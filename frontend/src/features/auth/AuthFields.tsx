import { KeyRound, type LucideIcon, Mail } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { type FormControlProps, FormField } from '../../components/ui/FormField.tsx';
import { Input, type InputProps } from '../../components/ui/Input.tsx';
import { PasswordInput } from './PasswordInput.tsx';

/** What the password policy asks for, under every field that sets a new password. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, with upper- and lower-case letters and a number.';

export interface AuthFieldProps
  extends Omit<InputProps, keyof FormControlProps | 'ref' | 'value' | 'onChange' | 'leading' | 'trailing'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
}

/** A FormField around one controlled input: label, hint and error are announced with the control. */
function Field({
  label,
  error,
  hint,
  labelAside,
  inputRef,
  value,
  onValueChange,
  renderInput,
  ...input
}: AuthFieldProps & { renderInput: (props: InputProps) => ReactNode }) {
  return (
    <FormField label={label} error={error} hint={hint} labelAside={labelAside}>
      {(control) =>
        renderInput({
          ...control,
          ...input,
          ref: inputRef,
          value,
          onChange: (event) => onValueChange(event.target.value),
        })
      }
    </FormField>
  );
}

/** A text field of an auth form, with its icon drawn inside. */
export function TextField({ icon: Icon, ...props }: AuthFieldProps & { icon: LucideIcon }) {
  return (
    <Field {...props} renderInput={(input) => <Input {...input} leading={<Icon className="size-4.5" />} />} />
  );
}

/** A password field of an auth form: the lock icon and the Show/Hide password toggle. */
export function PasswordField(props: AuthFieldProps) {
  return <Field {...props} renderInput={(input) => <PasswordInput {...input} />} />;
}

const EMAIL_ENTRY_HINTS = {
  name: 'email',
  inputMode: 'email',
  spellCheck: false,
  placeholder: 'name@agency.com',
} as const;

/** The "Email" field. `plain`: only type and autocomplete, as on screens reached from an emailed link. */
export function EmailField({ plain = false, ...props }: Omit<AuthFieldProps, 'label'> & { plain?: boolean }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      icon={Mail}
      {...(plain ? {} : EMAIL_ENTRY_HINTS)}
      {...props}
    />
  );
}

/** A field for an emailed one-time code; white space is dropped as it is typed or pasted. */
export function CodeField({ onValueChange, ...props }: AuthFieldProps) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      placeholder="123456"
      className="tracking-[0.3em]"
      icon={KeyRound}
      {...props}
      onValueChange={(value) => onValueChange(value.replace(/\s/g, ''))}
    />
  );
}
