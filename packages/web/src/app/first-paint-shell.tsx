import { PageHeader } from '../components/page-header';
import { useTranslation } from '../lib/i18n';
import { EmployerChrome } from './layouts/employer/employer-chrome';

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
    <EmployerChrome brand={(content) => <div className="shrink-0 rounded-lg">{content}</div>} busy>
      <PageHeader title={t('employer.screens.dashboard')} description={t('employer.dashboardDescription')} />
    </EmployerChrome>
  );
}
