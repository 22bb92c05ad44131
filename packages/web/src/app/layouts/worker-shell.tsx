import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  CalendarRange,
  FileText,
  House,
  KeyRound,
  type LucideIcon,
  MessagesSquare,
  Plane,
} from 'lucide-react';
import { Suspense, useCallback } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandName } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { useUnreadCount } from '../../features/chat/api/get-unread-count';
import { usePushRegistration } from '../../features/chat/push';
import { useCorrectionsUnread } from '../../features/corrections/api/corrections';
import { useLeaveUpdates } from '../../features/leave/api/leave-updates';
import { useWorkerLeaveUnread } from '../../features/leave/api/worker-leave';
import { useShiftUpdates } from '../../features/roster/api/roster-updates';
import { workerKey } from '../../features/worker/api/get-worker-id';
import { hasPremiumAccess, useSession } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useHoursUpdates } from '../../lib/queries/hours-updates';
import { LogoutButton } from './logout-button';
import { TabBar } from './tab-bar';
import { UnreadDot } from './unread-dot';

type WorkerLink = { to: string; label: string; icon: LucideIcon; end?: boolean; dot?: boolean };

/**
 * The worker area's frame (docs/product.md#worker-area): one 64 px top bar (brand, language,
 * change password, Logout) and, below the lg breakpoint, the employer's bottom tab bar with Home,
 * Chat, Leave, Payslips and Corrections; from lg the same links sit in the top bar.
 */
export function WorkerShell() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const hasUnread = useUnreadCount() > 0;
  // "I forgot to scan" corrects scans, part of Puna Premium: a basic employer's worker has no scans.
  const premium = user ? hasPremiumAccess(user) : false;
  const hasAnswers = (useCorrectionsUnread('worker', premium).data ?? 0) > 0;
  const hasLeaveUnread = useWorkerLeaveUnread() > 0;
  useLeaveUpdates();
  // Its shifts, the open ones and its swap offers follow the employer's publishing and decisions.
  useShiftUpdates();
  // The worker's month and payslips are built from its hours: refetched when the employer changes them.
  const queryClient = useQueryClient();
  const refreshOwnMonth = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: workerKey });
  }, [queryClient]);
  useHoursUpdates(refreshOwnMonth);
  usePushRegistration();
  const employeeId = user?.employeeId ?? user?.id;
  const sections: WorkerLink[] = [
    { to: '/datapuntoret', label: t('worker.nav.home'), icon: House, end: true },
    { to: '/datapuntoret/chat', label: t('worker.nav.chat'), icon: MessagesSquare, dot: hasUnread },
    { to: '/datapuntoret/turnet', label: t('roster.nav.worker'), icon: CalendarRange },
    { to: '/datapuntoret/pushimet', label: t('worker.nav.leave'), icon: Plane, dot: hasLeaveUnread },
    { to: '/datapuntoret/fletepagesat', label: t('worker.nav.payslips'), icon: FileText },
    ...(premium
      ? [{ to: '/datapuntoret/korrigjimet', label: t('worker.nav.corrections'), icon: CalendarClock, dot: hasAnswers }]
      : []),
  ];
  const password: WorkerLink = {
    to: `/change/password/${employeeId ?? ''}`,
    label: t('worker.nav.password'),
    icon: KeyRound,
  };
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6">
          <Link to="/datapuntoret" className="min-w-0 rounded-lg">
            <BrandName subtitle={user?.name ?? t('worker.title')} />
          </Link>
          <nav aria-label={t('worker.nav.label')} className="hidden items-center gap-1 lg:flex">
            {[...sections, password].map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `relative inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                {link.label}
                <UnreadDot show={link.dot ?? false} />
              </NavLink>
            ))}
          </nav>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitch />
            {/* On a phone the tabs hold the sections; changing the password is a key in the top bar. */}
            <NavLink
              to={password.to}
              aria-label={password.label}
              title={password.label}
              className={({ isActive }) =>
                `inline-flex size-11 items-center justify-center rounded-lg lg:hidden ${
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              <KeyRound className="size-5" aria-hidden="true" />
            </NavLink>
            <LogoutButton compact />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-28 sm:px-6 lg:pb-12">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar label={t('employer.nav.tabsLabel')} items={sections} />
    </div>
  );
}
