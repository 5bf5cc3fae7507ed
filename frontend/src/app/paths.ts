import { LOGIN_PATH } from '#contracts/route-guard';

/** App routes the foundation links to (spec §2). The router owns the route table itself. */
export const paths = {
  login: LOGIN_PATH,
  forgotPassword: '/authentication/forgot-password',
  register: '/authentication/register',
  /** Reached from the logo and the profile menu; where a signed-in agent lands. */
  profile: '/agents/profile',
  upgrade: '/agents/upgrade',
  updatePayment: '/payment/update-payment',
} as const;
