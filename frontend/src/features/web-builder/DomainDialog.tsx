import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../templates/api.ts';
import { useSetCustomDomainMutation, useSetupDomainMutation } from './api.ts';
import type { Website, WebsiteDomain } from './types.ts';

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
  const [setupDomain, settingUp] = useSetupDomainMutation();
  const [setCustomDomain, pointing] = useSetCustomDomainMutation();
  const [businessName, setBusinessName] = useState(website.name);
  const [domain, setDomain] = useState('');
  const [result, setResult] = useState<WebsiteDomain | null>(null);
  const [error, setError] = useState<string>();
  const current = result?.domain ?? website.domain;

  async function setup(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      setResult(await setupDomain({ websiteId: website.id, businessName: businessName.trim() }).unwrap());
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The subdomain could not be set up.'));
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      setResult(
        await setCustomDomain({ website_id: website.id, domain: domain.trim().toLowerCase() }).unwrap(),
      );
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The domain could not be connected.'));
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Domain" size="lg">
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          Current domain: <strong>{current || 'none yet'}</strong>
        </p>
        {error && <Alert>{error}</Alert>}
        {result?.cname_target && (
          <Alert tone="info">
            <p>
              Point <strong>{result.domain}</strong> at{' '}
              <strong data-testid="cname-target">{result.cname_target}</strong> with a CNAME record at your
              domain provider.
            </p>
            <p className="mt-1">
              The record: name <code>{result.domain}</code>, type CNAME, value{' '}
              <code>{result.cname_target}</code>.{' '}
              {result.status === 'active'
                ? 'Status: active — the domain is connected to this website.'
                : 'Status: pending — the domain starts working once the record has spread (up to 48 hours).'}
            </p>
          </Alert>
        )}
        {!website.domain && !result && (
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
          </form>
        )}
        <form onSubmit={connect} className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">Use your own domain</h3>
          <FormField label="Custom domain" hint="For example www.yourname.com">
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
        </form>
      </div>
    </Modal>
  );
}
