import {
  Bell,
  Bookmark,
  Building2,
  CircleCheck,
  Cloud,
  Contact,
  CreditCard,
  Globe,
  Home,
  LayoutTemplate,
  type LucideIcon,
  Plus,
  Settings,
} from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';

interface Upcoming {
  title: string;
  icon: LucideIcon;
  summary: string;
  features: string[];
}

/** What each not-yet-built screen will hold, in the spec's words (§1-§3). */
export const UPCOMING: Record<string, Upcoming> = {
  [paths.notifications]: {
    title: 'Notifications',
    icon: Bell,
    summary: 'Everything that needs your attention, in one list.',
    features: [
      'Connection requests to accept or decline',
      'Reputation updates and achievements',
      'Mark as read',
    ],
  },
  [paths.addProperty]: {
    title: 'Add a property',
    icon: Plus,
    summary: 'List a property with its details, photos and documents.',
    features: [
      'Price, address, size, rooms and features',
      'Photos, video and virtual tour links',
      'Deed verification and owner acknowledgement for extra reputation',
    ],
  },
  [paths.savedProperties]: {
    title: 'Saved properties',
    icon: Bookmark,
    summary: 'Properties you bookmark from the network, ready to share with clients.',
    features: ['Save and unsave from any listing', 'Compare saved properties side by side'],
  },
  [paths.propertyList]: {
    title: 'Properties',
    icon: Home,
    summary: 'Your listings, with search, filters and grid or list views.',
    features: ['Sort by newest, price or size', 'Filter by price and date', 'Reorder photos per property'],
  },
  [paths.propertySuccess]: {
    title: 'Property added',
    icon: CircleCheck,
    summary: 'The confirmation you see after adding a property, with the reputation points it earned.',
    features: ['A link to the new listing', 'Reputation points awarded'],
  },
  [paths.allAgents]: {
    title: 'Agents',
    icon: Building2,
    summary: 'The directory of agents and agencies on the network.',
    features: ['Search by name and city', 'Send connection requests', 'See reputation and verified deals'],
  },
  [paths.clients]: {
    title: 'Clients',
    icon: Contact,
    summary: 'Your client book, shared with your agency.',
    features: ['A client table with the columns you choose', 'Add, edit and remove clients'],
  },
  [paths.cloud]: {
    title: 'Cloud',
    icon: Cloud,
    summary: 'A file store for contracts, photos and documents.',
    features: [
      'Folders, sharing with other agents and a trash',
      'Recents and shared views',
      'Storage quota per plan',
    ],
  },
  [paths.webBuilder]: {
    title: 'Website',
    icon: Globe,
    summary: 'Build and publish your own real-estate website.',
    features: [
      'A visual page editor with themes',
      'Custom domains and SEO settings',
      'Backups you can restore',
    ],
  },
  [paths.templates]: {
    title: 'Templates',
    icon: LayoutTemplate,
    summary: 'Ready-made designs for your website and marketing.',
    features: ['Website themes', 'Reusable page sections'],
  },
  [paths.settings]: {
    title: 'Settings',
    icon: Settings,
    summary: 'Preferences for your account and agency.',
    features: ['Currency and area unit', 'Brand colours for your agency', 'Notification preferences'],
  },
  [paths.updatePayment]: {
    title: 'Update payment method',
    icon: CreditCard,
    summary: 'Change the card your subscription is charged to.',
    features: ['Update your card', 'Retry a failed payment'],
  },
};

/** The honest placeholder for a screen whose issue is not done yet: what it will hold, and a way on. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const upcoming = UPCOMING[pathname] ?? {
    title: 'Coming soon',
    icon: Home,
    summary: 'This part of EstateNet is being built.',
    features: [],
  };
  const Icon = upcoming.icon;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{upcoming.title}</h1>
      <section className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="relative bg-gradient-to-br from-brand-50 via-white to-white px-6 py-10 text-center sm:px-10">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-white text-brand-2 shadow-sm ring-1 ring-brand-100">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <p className="mt-5 inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-700 uppercase ring-1 ring-amber-200">
            Coming soon
          </p>
          <h2 className="mt-3 text-xl font-semibold tracking-tight text-slate-900">{upcoming.summary}</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
            We're building this screen now. Here is what you'll find here:
          </p>
        </div>
        {upcoming.features.length > 0 && (
          <ul className="grid gap-3 border-t border-slate-100 px-6 py-6 sm:grid-cols-2 sm:px-10">
            {upcoming.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2.5 text-sm text-slate-700">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-2" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap justify-center gap-3 border-t border-slate-100 bg-slate-50/60 px-6 py-4">
          <Button asChild variant="secondary">
            <Link to={paths.profile}>Go to your profile</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
