export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// Deliberately loose: one @, a dot in the domain, no spaces. The account service has the final word.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LOGIN_MESSAGES = {
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@agency.com',
  passwordRequired: 'Enter your password',
} as const;

export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL_FORMAT.test(trimmed)) errors.email = LOGIN_MESSAGES.emailInvalid;
  if (!password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
