import { Award, Building2, Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME, TAGLINE } from '../../app/brand.ts';
import { Logo } from '../../components/Logo.tsx';

const HIGHLIGHTS = [
  {
    icon: Handshake,
    title: 'Co-broke with agents you trust',
    text: 'Connect with agents and agencies and share deals.',
  },
  {
    icon: Building2,
    title: 'Every listing in one place',
    text: 'Properties, clients, agenda, files and your website.',
  },
  {
    icon: Award,
    title: 'Grow your reputation',
    text: 'Earn points for verified deals, listings and connections.',
  },
] as const;

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the form, e.g. "New to EstateNet? Create an account". */
  footer?: ReactNode;
}

/** The frame of every /authentication screen: the brand panel on wide screens, the form column. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="min-h-dvh bg-white lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <BrandPanel />

      <main className="flex min-h-dvh flex-col px-5 py-6 sm:px-10 sm:py-8">
        <div className="lg:hidden">
          <Logo />
          <p className="mt-2 text-sm text-slate-500">{TAGLINE}</p>
        </div>

        <div className="mx-auto flex w-full max-w-[25rem] flex-1 flex-col pt-12 pb-10 sm:justify-center sm:py-16">
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-[0.9375rem] text-slate-600">{subtitle}</p>}
          {children}
          {footer && <div className="mt-8 text-center text-sm text-slate-600">{footer}</div>}
        </div>

        <p className="text-center text-xs text-slate-500 lg:text-left">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </main>
    </div>
  );
}

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-brand-800 text-white lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      {/* Decoration only: brand gradient, soft glows and a faint grid, all drawn in CSS. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(150deg,var(--brand-2)_0%,var(--color-brand-900)_100%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-24 size-[28rem] rounded-full bg-brand-1/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-brand-1/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(white_1px,transparent_1px),linear-gradient(90deg,white_1px,transparent_1px)] [background-size:44px_44px] [mask-image:radial-gradient(ellipse_at_30%_40%,black,transparent_75%)]"
      />

      <Logo inverted className="relative" />

      <div className="relative max-w-md">
        <p className="text-sm font-semibold tracking-wide text-white/70 uppercase">For agents and agencies</p>
        <h2 className="mt-3 text-4xl leading-[1.15] font-bold tracking-tight text-balance xl:text-[2.625rem]">
          {/* non-breaking hyphen: keep "real-estate" on one line */}
          {TAGLINE.replaceAll('-', '\u2011')}
        </h2>
        <ul className="mt-10 space-y-6">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/12 ring-1 ring-white/20 backdrop-blur">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="mt-0.5 block text-sm text-white/75">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-white/60">
        From solo agents to agency teams: one network, one workspace.
      </p>
    </aside>
  );
}

/** Google's multicolour "G", inline so nothing loads from another host. */
export function GoogleIcon() {
  return (
    <svg className="size-5" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}
