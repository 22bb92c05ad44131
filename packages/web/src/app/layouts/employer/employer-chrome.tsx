import type { ReactNode } from 'react';
import { BrandName } from '../../../components/brand';
import { useTranslation } from '../../../lib/i18n';

/**
 * The employer area's top bar and page column, shared by the area's frame (`EmployerFrame`) and
 * the dashboard's first paint (`DashboardFirstPaint`, in the entry chunk), so the page replaces
 * the first paint without moving. `brand` wraps the brand (the frame's link home); `banner` goes
 * above the bar, `end` after the brand in it, `after` after the page column (tabs, menus).
 */
export function EmployerChrome({
  brand,
  banner,
  end,
  after,
  busy,
  children,
}: {
  brand: (content: ReactNode) => ReactNode;
  banner?: ReactNode;
  end?: ReactNode;
  after?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        {banner}
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          {/* Between lg and xl the header links need the room. */}
          {brand(<BrandName subtitle={t('employer.title')} subtitleClassName="lg:hidden xl:inline" />)}
          {end}
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 pt-6 pb-28 sm:px-6 lg:pb-12" aria-busy={busy || undefined}>
        {children}
      </main>
      {after}
    </div>
  );
}
