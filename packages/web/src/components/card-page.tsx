import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandName } from './brand';
import { LanguageSwitch } from './language-switch';

type CardPageProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** A back arrow before the title. */
  back?: { to: string; label: string };
};

/** Centered card on a soft background: login, sign-up and contact pages. */
export function CardPage({ title, subtitle, children, wide = false, back }: CardPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-50 via-white to-amber-50">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Link to="/" className="rounded-lg">
          <BrandName />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <div className={`card w-full ${wide ? 'max-w-lg' : 'max-w-md'} p-6 sm:p-8`}>
          <div className="flex items-center gap-2">
            {back ? (
              <Link
                to={back.to}
                className="-ml-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100"
                aria-label={back.label}
              >
                <ArrowLeft className="size-5" aria-hidden="true" />
              </Link>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          </div>
          {subtitle ? <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
