import { CircleCheck, Clock, Home, Link2Off, MapPin, ShieldCheck, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { OWNER_TOKEN_PATTERN } from '#contracts/verification-values';
import { PRODUCT_NAME } from '../../app/brand.ts';
import { Logo } from '../../components/Logo.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  type OwnerLinkDetails,
  type OwnerResponse,
  useLookupOwnerConfirmationMutation,
  useRespondOwnerConfirmationMutation,
} from './verificationsApi.ts';

type Refusal = { kind: 'invalid' | 'used' | 'expired' | 'failed'; message: string };

/** The link's secret is the URL's fragment: never sent to a server, so in no log and no Referer. */
const tokenOf = (hash: string) => {
  const token = decodeURIComponent(hash.replace(/^#/, '')).trim();
  return OWNER_TOKEN_PATTERN.test(token) ? token : undefined;
};

function refusalOf(error: unknown): Refusal {
  const status = (error as { status?: unknown } | undefined)?.status;
  const reason = (error as { data?: { reason?: unknown } } | undefined)?.data?.reason;
  const message = apiErrorMessage(error, "We couldn't reach EstateNet. Check your connection and try again.");
  if (status === 404) return { kind: 'invalid', message };
  if (status === 410) return { kind: reason === 'expired' ? 'expired' : 'used', message };
  return { kind: 'failed', message };
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /listing-owner/confirm#<token>: a listing's owner, without an account, confirms the listing an agent
 * made of their property or says it isn't right. It shows the listing's title and address and the agent;
 * the link works once and for 7 days (the API refuses it otherwise, and this page says why).
 */
export function OwnerConfirmationPage() {
  const [token] = useState(() => tokenOf(window.location.hash));
  const [lookup, lookedUp] = useLookupOwnerConfirmationMutation();
  const [respond, responding] = useRespondOwnerConfirmationMutation();
  const [answer, setAnswer] = useState<OwnerResponse | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState<'confirm' | 'decline' | null>(null);

  useEffect(() => {
    if (!token) return;
    void lookup(token).then((result) => {
      if ('error' in result) setRefusal(refusalOf(result.error));
    });
  }, [lookup, token]);

  const decide = async (decision: 'confirm' | 'decline') => {
    if (!token) return;
    setPending(decision);
    const result = await respond({ token, decision });
    setPending(null);
    if ('error' in result) setRefusal(refusalOf(result.error));
    else setAnswer(result.data);
  };

  let content: ReactNode;
  if (!token) {
    content = (
      <Outcome
        icon={<Link2Off />}
        tone="bad"
        title="This link is incomplete"
        text="Open the link from the email again, or copy the whole address into your browser."
      />
    );
  } else if (answer) {
    content =
      answer.state === 'confirmed' ? (
        <Outcome
          icon={<CircleCheck />}
          tone="good"
          title="Thank you: the listing is confirmed"
          text={`${answer.agent_name} can now show "${answer.property_title}" as acknowledged by its owner. You can close this page.`}
        />
      ) : (
        <Outcome
          icon={<ShieldCheck />}
          tone="neutral"
          title="Thank you for telling us"
          text={`The listing "${answer.property_title}" stays unconfirmed, and ${answer.agent_name} sees that you said it isn't right. You can close this page.`}
        />
      );
  } else if (refusal && refusal.kind !== 'failed') {
    content = (
      <Outcome
        icon={refusal.kind === 'expired' ? <Clock /> : <Link2Off />}
        tone={refusal.kind === 'used' ? 'neutral' : 'bad'}
        title={
          refusal.kind === 'expired'
            ? 'This link has expired'
            : refusal.kind === 'used'
              ? 'This link was already used'
              : 'This link is not valid'
        }
        text={refusal.message}
      />
    );
  } else if (lookedUp.data) {
    content = (
      <Request
        details={lookedUp.data}
        pending={pending}
        busy={responding.isLoading}
        error={refusal?.message}
        onDecide={decide}
      />
    );
  } else if (refusal) {
    content = (
      <div className="space-y-4">
        <Alert>{refusal.message}</Alert>
        <Button
          onClick={() => {
            setRefusal(null);
            void lookup(token).then((result) => {
              if ('error' in result) setRefusal(refusalOf(result.error));
            });
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="flex justify-center py-12 text-brand-2">
        <Spinner className="size-8" label="Loading the listing" />
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 sm:py-14">
      <div className="mx-auto w-full max-w-lg">
        <Logo />
        <main className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm shadow-slate-900/5 sm:p-8">
          {content}
        </main>
        <p className="mt-6 text-center text-xs text-slate-500">
          {PRODUCT_NAME} is the network where real-estate agents list and share properties. You need no
          account to answer.
        </p>
      </div>
    </div>
  );
}

function Request({
  details,
  pending,
  busy,
  error,
  onDecide,
}: {
  details: OwnerLinkDetails;
  pending: 'confirm' | 'decline' | null;
  busy: boolean;
  error: string | undefined;
  onDecide: (decision: 'confirm' | 'decline') => void;
}) {
  const address = [details.street_address, details.area, details.city].filter(Boolean).join(', ');
  const agent = details.agency_name ? `${details.agent_name} of ${details.agency_name}` : details.agent_name;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        Is this listing of your property right?
      </h1>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
        {agent} listed a property on {PRODUCT_NAME} and named you as its owner. Please confirm the listing, or
        tell us it isn't right.
      </p>
      <dl className="mt-6 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <Detail icon={<Home />} label="Listing" value={details.property_title} strong />
        <Detail icon={<MapPin />} label="Address" value={address} />
        <Detail icon={<UserRound />} label="Listing agent" value={agent} />
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        Sent to {details.owner_email}. The link works once, until {longDate(details.expires_at)}.
      </p>
      {error && <Alert className="mt-4">{error}</Alert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => onDecide('decline')}
          loading={pending === 'decline'}
          disabled={busy && pending !== 'decline'}
        >
          This isn't right
        </Button>
        <Button
          onClick={() => onDecide('confirm')}
          loading={pending === 'confirm'}
          disabled={busy && pending !== 'confirm'}
        >
          Confirm
        </Button>
      </div>
    </div>
  );
}

function Detail({
  icon,
  label,
  value,
  strong = false,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-slate-400 [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-800'}>{value}</dd>
      </div>
    </div>
  );
}

const OUTCOME_TONES = {
  good: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  neutral: 'bg-brand-50 text-brand-2 ring-brand-100',
  bad: 'bg-amber-50 text-amber-600 ring-amber-100',
} as const;

function Outcome({
  icon,
  tone,
  title,
  text,
}: {
  icon: ReactNode;
  tone: keyof typeof OUTCOME_TONES;
  title: string;
  text: string;
}) {
  return (
    <div className="py-4 text-center" role="status">
      <div
        className={`mx-auto flex size-14 items-center justify-center rounded-2xl ring-1 [&_svg]:size-7 ${OUTCOME_TONES[tone]}`}
        aria-hidden="true"
      >
        {icon}
      </div>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mx-auto mt-2 max-w-sm text-[0.9375rem] leading-relaxed text-slate-600">{text}</p>
    </div>
  );
}
