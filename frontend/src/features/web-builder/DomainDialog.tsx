import clsx from 'clsx';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useSetCustomDomainMutation, useSetupDomainMutation } from './api.ts';
import { useCheckCustomDomainMutation, useGetWebsiteDomainsQuery } from './domainApi.ts';
import { checkFinding, lapseExplanation, proofSummary, timeAgo } from './domainStatus.ts';
import type { Website, WebsiteDomain } from './types.ts';

/** How often the dialog reads a pending claim again (the schedule checks it every few minutes). */
const PENDING_REFRESH_MS = 30_000;

/** The time the dialog words "2 min ago" against: read at each render, which it brings about every 30 s. */
function useNow(active: boolean): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return Date.now();
}

/** Copies one value of a DNS record, saying so; without clipboard access, tells how to copy by hand. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      showToast('info', `Select the ${label.toLowerCase()} and press Ctrl+C (⌘C on a Mac) to copy it`);
    }
  }
  const Icon = copied ? Check : Copy;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="shrink-0"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={() => void copy()}
    >
      <Icon className={clsx('size-4', copied && 'text-emerald-600')} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}

/** One DNS record to create at the domain's provider, each value with its copy button. */
function DnsRecord({
  type,
  name,
  value,
  label,
  valueTestId,
}: {
  type: string;
  name: string;
  value: string;
  label: string;
  valueTestId?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between border-b border-slate-100 px-3 py-1.5">
        <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</span>
        <span className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{type}</span>
      </div>
      <dl className="divide-y divide-slate-100 text-sm">
        {(
          [
            ['Name', name, undefined],
            ['Value', value, valueTestId],
          ] as const
        ).map(([field, text, testId]) => (
          <div key={field} className="flex items-center gap-3 px-3 py-1.5">
            <dt className="w-12 shrink-0 text-slate-500">{field}</dt>
            <dd
              className="min-w-0 flex-1 break-all font-mono text-[0.8125rem] text-slate-900"
              data-testid={testId}
            >
              {text}
            </dd>
            <CopyButton value={text} label={`${type} ${field.toLowerCase()}`} />
          </div>
        ))}
      </dl>
    </div>
  );
}

const badgeLabels = { pending: 'Pending', active: 'Verified', lapsed: 'Lapsed' } as const;

const badgeTones = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lapsed: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;

/** The custom domain's claim: its state, the records to create while it waits, "Check now". */
function CustomDomainStatus({
  domain,
  now,
  websiteId,
}: {
  domain: WebsiteDomain;
  now: number;
  websiteId: string;
}) {
  const [checkNow, checking] = useCheckCustomDomainMutation();
  const [error, setError] = useState<string>();
  const finding = checkFinding(domain);

  async function check() {
    setError(undefined);
    try {
      const checked = await checkNow(websiteId).unwrap();
      if (checked.status === 'active') showToast('success', `${checked.domain} is verified and connected`);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The domain could not be checked. Try again in a moment.'));
    }
  }

  return (
    <section
      aria-label={`DNS proof of ${domain.domain}`}
      className="space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-semibold text-slate-900">{domain.domain}</span>
        <span
          className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1', badgeTones[domain.status])}
          data-testid="domain-status"
        >
          {badgeLabels[domain.status]}
        </span>
      </div>
      <p className="text-sm text-slate-700" data-testid="domain-summary">
        {proofSummary(domain, now)}
        {domain.status === 'active' &&
          domain.verified_at &&
          ` ${timeAgo(domain.verified_at, now)}: it serves this website.`}
      </p>
      {error && <Alert>{error}</Alert>}

      {domain.status === 'pending' && domain.verification && (
        <>
          <p className="text-sm text-slate-700">
            Prove the domain is yours: create this TXT record at your domain’s DNS provider. The domain starts
            serving this website as soon as the record is seen (checked every few minutes); a claim not proven
            within 72 hours lapses.
          </p>
          <DnsRecord
            label="Proof of ownership"
            type="TXT"
            name={domain.verification.name}
            value={domain.verification.value}
            valueTestId="txt-value"
          />
          {finding && (
            <p className="text-sm text-amber-800" data-testid="check-finding">
              {finding}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={checking.isLoading}
              onClick={() => void check()}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Check now
            </Button>
          </div>
        </>
      )}

      {domain.status === 'lapsed' && <Alert tone="info">{lapseExplanation(domain)}</Alert>}

      {domain.status !== 'lapsed' && domain.cname_target && (
        <>
          <p className="text-sm text-slate-700">
            Point the domain at the websites’ server with a CNAME record (changes can take up to 48 hours to
            spread):
          </p>
          <DnsRecord
            label="Address"
            type="CNAME"
            name={domain.domain}
            value={domain.cname_target}
            valueTestId="cname-target"
          />
        </>
      )}
    </section>
  );
}

/** The website's addresses: its default subdomain (from the business name) and a custom domain. */
export function DomainDialog({
  open,
  onOpenChange,
  website,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  website: Website;
}) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const domains = useGetWebsiteDomainsQuery(website.id, { skip: !open, pollingInterval });
  const [setupDomain, settingUp] = useSetupDomainMutation();
  const [setCustomDomain, pointing] = useSetCustomDomainMutation();
  const [businessName, setBusinessName] = useState(website.name);
  const [domain, setDomain] = useState('');
  const [setupError, setSetupError] = useState<string>();
  const [connectError, setConnectError] = useState<string>();
  const now = useNow(open);

  const list = domains.data?.domains ?? [];
  const subdomain = list.find((entry) => entry.kind === 'default');
  const custom = list.find((entry) => entry.kind === 'custom');
  const address =
    (custom?.status === 'active' ? custom.domain : undefined) ??
    (subdomain?.status === 'active' ? subdomain.domain : undefined);
  const pending = custom?.status === 'pending';
  useEffect(() => setPollingInterval(pending ? PENDING_REFRESH_MS : 0), [pending]);

  async function setup(event: FormEvent) {
    event.preventDefault();
    setSetupError(undefined);
    try {
      await setupDomain({ websiteId: website.id, businessName: businessName.trim() }).unwrap();
    } catch (failure) {
      setSetupError(apiErrorMessage(failure, 'The subdomain could not be set up.'));
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    setConnectError(undefined);
    try {
      await setCustomDomain({ website_id: website.id, domain: domain.trim().toLowerCase() }).unwrap();
      setDomain('');
    } catch (failure) {
      setConnectError(apiErrorMessage(failure, 'The domain could not be connected.'));
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Domain" size="lg">
      {domains.isLoading ? (
        <div role="status" className="flex items-center gap-3 py-8 text-sm text-slate-600">
          <Spinner />
          Loading the website’s domains…
        </div>
      ) : domains.isError ? (
        <Alert>
          <p>{apiErrorMessage(domains.error, 'The website’s domains could not be loaded.')}</p>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void domains.refetch()}
          >
            Retry
          </Button>
        </Alert>
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-slate-700">
            Current domain: <strong>{address ?? 'none yet'}</strong>
          </p>
          {!subdomain && (
            <form onSubmit={setup} className="space-y-3">
              <h3 className="text-sm font-semibold text-slate-900">Default subdomain</h3>
              <FormField label="Business name" hint="Your subdomain is made from it.">
                {(control) => (
                  <Input
                    {...control}
                    value={businessName}
                    onChange={(event) => setBusinessName(event.target.value)}
                  />
                )}
              </FormField>
              <Button
                type="submit"
                variant="secondary"
                loading={settingUp.isLoading}
                disabled={!businessName.trim()}
              >
                Set up subdomain
              </Button>
              {setupError && <Alert>{setupError}</Alert>}
            </form>
          )}
          {subdomain && (
            <p className="text-sm text-slate-700">
              Default subdomain: <strong>{subdomain.domain}</strong>
            </p>
          )}
          {custom && <CustomDomainStatus domain={custom} now={now} websiteId={website.id} />}
          <form onSubmit={connect} className="space-y-3">
            <h3 className="text-sm font-semibold text-slate-900">
              {custom && custom.status !== 'lapsed' ? 'Use another domain' : 'Use your own domain'}
            </h3>
            <FormField
              label="Custom domain"
              hint={
                custom && custom.status !== 'lapsed'
                  ? `For example www.yourname.com. It replaces ${custom.domain}.`
                  : 'For example www.yourname.com'
              }
            >
              {(control) => (
                <Input
                  {...control}
                  value={domain}
                  placeholder="www.example.com"
                  onChange={(event) => setDomain(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" loading={pointing.isLoading} disabled={!domain.trim()}>
              Connect domain
            </Button>
            {connectError && <Alert>{connectError}</Alert>}
          </form>
        </div>
      )}
    </Modal>
  );
}
