import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicNavbar } from './public-navbar';

type PublicPageProps = {
  /** The column's width class, e.g. `max-w-3xl`. */
  width: string;
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
};

/** A public page below the landing page (getting started, plans): navbar, centred title and subtitle, footer. */
export function PublicPage({ width, title, subtitle, children }: PublicPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicNavbar />
      <main className="flex-1 bg-gradient-to-b from-brand-50 to-white">
        <div className={`mx-auto ${width} px-4 py-12 sm:px-6 sm:py-20`}>
          <h1 className="text-center text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mx-auto mt-3 max-w-xl text-center text-lg text-slate-600">{subtitle}</p>
          {children}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
