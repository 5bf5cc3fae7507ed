import { useAppSelector } from '../../app/hooks.ts';
import { selectAgentData } from '../agents/selectors.ts';
import { AccountSection } from './AccountSection.tsx';
import { BrandColorsSection } from './BrandColorsSection.tsx';
import { AreaUnitSection, CurrencySection } from './DisplayPreferencesSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { DeedReviewsLink, PlanSection, SupportInboxLink } from './PlanSection.tsx';

/** /settings: brand colours, currency, area unit, account, notifications and Live Chat, plan and billing. */
export function SettingsPage() {
  // the shell renders its screens once the agent is loaded
  const agent = useAppSelector(selectAgentData);
  if (!agent) return null;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">Your brand, how prices and sizes are shown, and your account.</p>
      <div className="mt-6 space-y-6">
        <BrandColorsSection agent={agent} />
        <CurrencySection agentId={agent.agent_id} />
        <AreaUnitSection agentId={agent.agent_id} />
        <AccountSection agent={agent} />
        <NotificationsSection />
        <PlanSection />
        <SupportInboxLink />
        <DeedReviewsLink />
      </div>
    </div>
  );
}
