/** The user pool's password policy (8+ characters, upper- and lower-case letters, a number), in words. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 8 characters and include upper- and lower-case letters and a number';

/** Checks the same rules the user pool enforces, so the form can say so before a round trip. */
export function meetsPasswordPolicy(password: string): boolean {
  return password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
}
