import { LOGIN_PATH, OWNER_CONFIRMATION_PATH } from '#contracts/route-guard';
import { OAUTH_CALLBACK_PATH } from '#contracts/values';

/** App routes (spec §2) plus the account screens under /authentication. The router owns the route table. */
export const paths = {
  login: LOGIN_PATH,
  register: '/authentication/register',
  confirm: '/authentication/confirm',
  forgotPassword: '/authentication/forgot-password',
  resetPassword: '/authentication/reset-password',
  oauthCallback: OAUTH_CALLBACK_PATH,
  /** Reached from the logo and the profile menu; where a signed-in agent lands. */
  profile: '/agents/profile',
  agentProfile: (agentId: string) => `/pages/agent/profile/${encodeURIComponent(agentId)}`,
  notifications: '/notifications',
  addProperty: '/properties/add-property',
  savedProperties: '/properties/saved',
  propertyList: '/properties/property-list',
  propertySuccess: '/properties/success',
  allAgents: '/agents/all-agents',
  clients: '/clients',
  /** deals with other agents (issue 22); one deal at /deals/{id} */
  deals: '/deals',
  agenda: '/agenda',
  cloud: '/cloud',
  webBuilder: '/web-builder',
  templates: '/templates',
  team: '/team',
  settings: '/settings',
  /** support staff answer the Live Chat conversations here */
  supportInbox: '/settings/support-inbox',
  /** support staff approve or reject the deeds agents upload for their listings */
  deedReviews: '/settings/deed-reviews',
  /** a listing's owner confirms it through the emailed link, without an account (public) */
  ownerConfirmation: OWNER_CONFIRMATION_PATH,
  upgrade: '/agents/upgrade',
  invite: '/agents/invite',
  updatePayment: '/payment/update-payment',
} as const;
