import clsx from 'clsx';
import { Check, Clock, MailQuestion, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import type { ConnectionStatus } from './types.ts';
import { type ConnectionPeer, useConnectionActions } from './useConnectionActions.ts';

type Action = 'connect' | 'accept' | 'decline' | 'withdraw';

export interface ConnectButtonProps {
  agent: ConnectionPeer;
  /** the pair's state; undefined while it loads */
  status: ConnectionStatus | undefined;
  /**
   * card: one compact control (Connect / Pending / Respond / Connected) that opens its choices in place;
   * profile: an incoming request shows Accept and Decline at once.
   */
  layout?: 'card' | 'profile';
  className?: string;
}

/** The connection state with another agent, and what the signed-in agent can do about it. */
export function ConnectButton({ agent, status, layout = 'card', className }: ConnectButtonProps) {
  const actions = useConnectionActions();
  const [running, setRunning] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const state = status?.state;
  const requestId = status?.request_id;

  const run = async (action: Action, work: () => Promise<boolean>) => {
    setRunning(action);
    try {
      if (await work()) setOpen(false);
    } finally {
      setRunning(null);
    }
  };
  const busy = running !== null;
  const box = clsx('flex flex-wrap items-center gap-2', className);

  if (state === 'self') return null;

  if (state === 'connected') {
    return (
      <div className={box}>
        <span className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-emerald-50 px-3 text-sm font-semibold text-emerald-700 ring-1 ring-emerald-200">
          <Check className="size-4" aria-hidden="true" />
          Connected
        </span>
      </div>
    );
  }

  if (state === 'pending_received' && requestId && (open || layout === 'profile')) {
    return (
      <fieldset className={box}>
        <legend className="sr-only">Connection request from {agent.full_name}</legend>
        <Button
          size="sm"
          loading={running === 'accept'}
          disabled={busy && running !== 'accept'}
          onClick={() => run('accept', () => actions.answer(agent, requestId, 'accepted'))}
        >
          <Check className="size-4" aria-hidden="true" />
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={running === 'decline'}
          disabled={busy && running !== 'decline'}
          onClick={() => run('decline', () => actions.answer(agent, requestId, 'declined'))}
        >
          <X className="size-4" aria-hidden="true" />
          Decline
        </Button>
        {layout === 'card' && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
            Later
          </Button>
        )}
      </fieldset>
    );
  }

  if (state === 'pending_received') {
    return (
      <div className={box}>
        <Button size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
          <MailQuestion className="size-4" aria-hidden="true" />
          Respond
        </Button>
      </div>
    );
  }

  if (state === 'pending_sent' && requestId) {
    return (
      <div className={box}>
        {open ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              loading={running === 'withdraw'}
              onClick={() => run('withdraw', () => actions.withdraw(agent, requestId))}
            >
              Withdraw request
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={false}
            title="Waiting for an answer. Click to withdraw the request."
            onClick={() => setOpen(true)}
          >
            <Clock className="size-4" aria-hidden="true" />
            Pending
          </Button>
        )}
      </div>
    );
  }

  // Until the pair's state is known, promise nothing: a "Connect" that turns into "Pending" misleads.
  if (state === undefined) {
    return (
      <div className={box}>
        <Button
          size="sm"
          variant="secondary"
          loading
          disabled
          aria-label={`Checking the connection with ${agent.full_name}`}
        >
          Checking…
        </Button>
      </div>
    );
  }

  return (
    <div className={box}>
      <Button
        size="sm"
        loading={running === 'connect'}
        onClick={() => run('connect', () => actions.connect(agent))}
      >
        <UserPlus className="size-4" aria-hidden="true" />
        Connect
      </Button>
    </div>
  );
}
