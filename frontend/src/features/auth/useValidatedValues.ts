import { type RefObject, useState } from 'react';

/** The keys of V whose values are free text (not e.g. a union of options). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V];

/**
 * A form's values and field errors. Nothing is flagged until the first `validateAll()` (the first submit);
 * from then on the messages follow the input, so they disappear as soon as a field is fixed.
 */
export function useValidatedValues<V extends object>(
  initial: V,
  validate: (values: V) => Partial<Record<keyof V, string>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const update = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  /** Flags every field from now on; returns the errors found. */
  const validateAll = () => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    return found;
  };

  /** The props that tie a TextField, EmailField or PasswordField to one text value. */
  const field = (name: TextKey<V>, inputRef: RefObject<HTMLInputElement | null>) => ({
    error: errors[name],
    inputRef,
    value: values[name] as string,
    onValueChange: (value: string) => update(name, value as V[TextKey<V>]),
  });

  return { values, errors, setErrors, update, validateAll, field };
}
