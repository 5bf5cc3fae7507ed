/** Upgrade benefits, verbatim from spec §1; the upgrade page lists them too. */
export const UPGRADE_BENEFITS = [
  'Unlimited connections, properties and clients',
  'Advanced analytics and reporting',
  'Custom branding options',
  'Priority support',
  'Mobile app access',
  'Team collaboration (Agency plans only)',
] as const;
