import { ComingSoonPage } from '../shell/ComingSoonPage.tsx';

/** Placeholder until its screen lands (being built in this session). */
export function UpdatePaymentPage() {
  return <ComingSoonPage />;
}
