import { ROLE_MASTER, ROLE_WORKER } from '@puna/domain';
import type { ComponentType } from 'react';
import { PageHeader } from '../../../components/page-header';
import { MOBILE_QUERY, useMediaQuery } from '../../../hooks/use-media-query';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { useEmployees } from '../../../lib/queries/get-employees';
import { useWorkerDates } from '../../../lib/queries/get-worker-dates';
import { useEmployeeCount } from '../api/get-employee-count';
import { CountsChart, type TRoleCount } from '../components/counts-chart';
import { FirstStepsCard } from '../components/first-steps-card';
import { ListStatusCard } from '../components/list-status-card';

/** The two roles the spec's counts name; every other role gets a bar of its own. */
const SPEC_ROLES: readonly string[] = [ROLE_WORKER, ROLE_MASTER];

/** Employees per role beyond the spec's two, most first, then by name. */
function otherRoleCounts(employees: readonly { role: string }[]): TRoleCount[] {
  const counts = new Map<string, number>();
  for (const { role } of employees) {
    if (!SPEC_ROLES.includes(role)) counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  return [...counts]
    .map(([role, count]) => ({ role, count }))
    .sort((a, b) => b.count - a.count || a.role.localeCompare(b.role));
}

/** Today's board (features/today), given by the route (features do not import one another). */
export type TTodayBoard = ComponentType<{ placeholder?: boolean }>;
/** The notice of clocks refused from a new address (features/devices), given by the route too. */
export type TMovedClocksCard = ComponentType;

/** The employer's home: employee counts by role and today's list status. */
export function DashboardPage({
  TodayBoard,
  MovedClocksCard,
}: {
  TodayBoard: TTodayBoard;
  MovedClocksCard: TMovedClocksCard;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(MOBILE_QUERY);
  // The board reads scans, a premium feature; a new employer has no one to show on it.
  const isPremium = useSession().data?.user?.type === 'premium';
  const total = useEmployeeCount('total');
  const workers = useEmployeeCount('workers');
  const masters = useEmployeeCount('masters');
  const employees = useEmployees();
  // Without a date the server answers for today in the employer's time zone.
  const today = useWorkerDates();

  // Failures are only logged (by the query cache); loading ends either way and the screen shows what it has.

  const countsLoading = [total, workers, masters, employees].some((query) => query.isPending);
  const noEmployees = !employees.isPending && !employees.isError && (employees.data ?? []).length === 0;
  const listLoading = employees.isPending || today.isPending;
  const listed = today.data ?? new Set<number>();
  const missing = (employees.data ?? []).filter((employee) => !listed.has(employee.id));

  const chart = (
    <section className="card p-5" aria-labelledby="counts-title">
      <h2 id="counts-title" className="mb-4 text-lg font-semibold text-slate-900">
        {t('dashboard.chartTitle')}
      </h2>
      <CountsChart
        workers={workers.data ?? 0}
        masters={masters.data ?? 0}
        otherRoles={otherRoleCounts(employees.data ?? [])}
        total={total.data ?? 0}
        loading={countsLoading}
        compact={isPhone}
      />
    </section>
  );
  // A new employer has no one to list yet: the first step, not a green "list complete".
  const status = noEmployees ? <FirstStepsCard /> : <ListStatusCard missing={missing} loading={listLoading} />;
  const board = isPremium && !noEmployees ? <TodayBoard placeholder={employees.isPending} /> : null;
  // A clock refused from a new address is told first (premium: devices are part of it).
  const movedClocks = isPremium ? <MovedClocksCard /> : null;
  // Until the employees are in, whether the board shows, and the first steps or the list status, is
  // not known: the skeletons show what a premium employer with employees sees, and the cards are laid
  // out anew once it is known (the `key`), so nothing moves up or down under the reader's eyes.
  const layout = employees.isPending ? 'pending' : 'ready';

  return (
    <>
      <PageHeader title={t('employer.screens.dashboard')} description={t('employer.dashboardDescription')} />
      {isPhone ? (
        // Phones: today's list status first (what needs doing), then the chart.
        <div key={layout} className="space-y-4">
          {movedClocks}
          {board}
          {status}
          {chart}
        </div>
      ) : (
        <div key={layout} className="space-y-6">
          {movedClocks}
          {board}
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">{chart}</div>
            {status}
          </div>
        </div>
      )}
    </>
  );
}
