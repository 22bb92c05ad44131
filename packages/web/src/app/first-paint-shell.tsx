import { BrandName } from '../components/brand';
import { PageHeader } from '../components/page-header';
import { useTranslation } from '../lib/i18n';

/**
 * The employer's dashboard as it first paints, drawn from the entry chunk while the area's chunks
 * download (`main.tsx`): the area's header bar with its brand and the page's title and subtitle, in
 * the same places as the area's own (`EmployerFrame`, `PageHeader`), so nothing moves when the page
 * replaces it. No spinner: its animation cost the throttled main thread 200–400 ms of blocking time
 * in Lighthouse's runs before the page came. On a slow network the employer sees the screen they opened about a second earlier
 * than they would see a spinner (docs/design-notes.md#web-app-size-speed-and-accessibility).
 */
export function DashboardFirstPaint() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="shrink-0 rounded-lg">
            <BrandName subtitle={t('employer.title')} subtitleClassName="lg:hidden xl:inline" />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 pt-6 pb-28 sm:px-6 lg:pb-12" aria-busy="true">
        <PageHeader title={t('employer.screens.dashboard')} description={t('employer.dashboardDescription')} />
      </main>
    </div>
  );
}
