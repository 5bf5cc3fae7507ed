import { Copy, Link2, RefreshCw, Rss } from 'lucide-react';
import { useRef, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetAgendaFeedQuery, useRevokeAgendaFeedMutation, useRotateAgendaFeedMutation } from './api.ts';

type Confirming = 'rotate' | 'revoke' | null;

/** The secret .ics address of the agent's agenda: create, copy, reset (rotate) or turn off (revoke). */
export function CalendarFeedCard({ agentId }: { agentId: string }) {
  const feed = useGetAgendaFeedQuery(agentId);
  const [rotate, rotating] = useRotateAgendaFeedMutation();
  const [revoke, revoking] = useRevokeAgendaFeedMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const address = feed.data?.path ? `${window.location.origin}${feed.data.path}` : undefined;

  const makeLink = async () => {
    setError(null);
    const result = await rotate(agentId);
    setConfirming(null);
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'The link could not be created. Please try again.'));
    else
      showToast(
        'success',
        feed.data?.enabled ? 'A new calendar link is ready' : 'Your calendar link is ready',
      );
  };
  const turnOff = async () => {
    setError(null);
    const result = await revoke(agentId);
    setConfirming(null);
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'The link could not be turned off. Please try again.'));
    else showToast('success', 'Calendar link turned off');
  };
  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      showToast('success', 'Calendar link copied');
    } catch {
      // no clipboard access (insecure origin, permissions): select it for a manual copy
      input.current?.select();
      showToast('info', 'Press Ctrl+C (⌘C on a Mac) to copy the selected link');
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-4 space-y-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100">
          <Rss className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Calendar subscription</CardTitle>
          <CardDescription>
            Show your agenda in Google Calendar, Apple Calendar or Outlook with a private .ics link. Anyone
            who has the link can see your events, so reset it if it gets out.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {feed.isLoading && <div className="h-11 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}
        {feed.isError && <Alert>Your calendar link could not be loaded.</Alert>}
        {feed.data && !feed.data.enabled && (
          <Button onClick={makeLink} loading={rotating.isLoading}>
            <Link2 className="size-4" aria-hidden="true" />
            Create calendar link
          </Button>
        )}
        {address && (
          <>
            <FormField
              label="Calendar link"
              hint={
                <>
                  Paste it where your calendar app asks for a calendar URL, or{' '}
                  <a
                    className="font-medium text-brand-2 underline-offset-2 hover:underline"
                    href={address.replace(/^https?:/, 'webcal:')}
                  >
                    open it in your calendar app
                  </a>
                  .
                </>
              }
            >
              {(control) => (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    {...control}
                    ref={input}
                    readOnly
                    value={address}
                    className="font-mono text-sm"
                    onFocus={(focus) => focus.target.select()}
                  />
                  <Button variant="secondary" onClick={copy}>
                    <Copy className="size-4" aria-hidden="true" />
                    Copy link
                  </Button>
                </div>
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setConfirming('rotate')}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Reset link
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming('revoke')}>
                Turn off
              </Button>
            </div>
          </>
        )}
        {error && <Alert>{error}</Alert>}
      </CardContent>

      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        size="sm"
        title={confirming === 'revoke' ? 'Turn off the calendar link?' : 'Reset the calendar link?'}
        description={
          confirming === 'revoke'
            ? 'The current link stops working at once. Calendars subscribed to it stop showing your events.'
            : 'The current link stops working at once. Calendars subscribed to it need the new link.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            {confirming === 'revoke' ? (
              <Button variant="danger" loading={revoking.isLoading} onClick={turnOff}>
                Turn off link
              </Button>
            ) : (
              <Button loading={rotating.isLoading} onClick={makeLink}>
                Reset link
              </Button>
            )}
          </>
        }
      />
    </Card>
  );
}
