import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, FileText, House, KeyRound, MessagesSquare, Plane } from 'lucide-react';
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
import { workerKey } from '../../features/worker/api/get-worker-id';
import { hasPremiumAccess, useSession } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useHoursUpdates } from '../../lib/queries/hours-updates';
import { LogoutButton } from './logout-button';
import { UnreadDot } from './unread-dot';

/** The worker area's frame: Home, Chat, Payslips, change password, Logout (docs/product.md#worker-area). */
export function WorkerShell() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const hasUnread = useUnreadCount() > 0;
  // "I forgot to scan" corrects scans, part of Puna Premium: a basic employer's worker has no scans.
  const premium = user ? hasPremiumAccess(user) : false;
  const hasAnswers = (useCorrectionsUnread('worker', premium).data ?? 0) > 0;
  const hasLeaveUnread = useWorkerLeaveUnread() > 0;
  useLeaveUpdates();
  // The worker's month and payslips are built from its hours: refetched when the employer changes them.
  const queryClient = useQueryClient();
  const refreshOwnMonth = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: workerKey });
  }, [queryClient]);
  useHoursUpdates(refreshOwnMonth);
  usePushRegistration();
  const employeeId = user?.employeeId ?? user?.id;
  const links = [
    { to: '/datapuntoret', label: t('worker.nav.home'), icon: House, end: true, chat: false },
    { to: '/datapuntoret/chat', label: t('worker.nav.chat'), icon: MessagesSquare, end: false, chat: true },
    { to: '/datapuntoret/pushimet', label: t('worker.nav.leave'), icon: Plane, end: false, chat: false, leave: true },
    { to: '/datapuntoret/fletepagesat', label: t('worker.nav.payslips'), icon: FileText, end: false, chat: false },
    ...(premium
      ? [
          {
            to: '/datapuntoret/korrigjimet',
            label: t('worker.nav.corrections'),
            icon: CalendarClock,
            end: false,
            chat: false,
            corrections: true,
          },
        ]
      : []),
    {
      to: `/change/password/${employeeId ?? ''}`,
      label: t('worker.nav.password'),
      icon: KeyRound,
      end: false,
      chat: false,
    },
  ];
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3 sm:px-6">
          <Link to="/datapuntoret" className="min-w-0 flex-1 rounded-lg md:flex-initial">
            <BrandName subtitle={user?.name ?? t('worker.title')} />
          </Link>
          <div className="flex shrink-0 items-center gap-2 md:order-3">
            <LanguageSwitch />
            <LogoutButton compact />
          </div>
          {/* The links wrap onto a second line rather than scroll sideways out of sight. */}
          <nav aria-label={t('worker.nav.label')} className="-mx-1 w-full md:order-2 md:mx-0 md:w-auto">
            <ul className="flex flex-wrap gap-1">
              {links.map((link) => {
                const Icon = link.icon;
                return (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={({ isActive }) =>
                        `relative inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                          isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                        }`
                      }
                    >
                      {/* Text only from md up: five links, the language switch and Logout fit on one line. */}
                      <Icon className="size-4 md:hidden" aria-hidden="true" />
                      {link.label}
                      {link.chat ? <UnreadDot show={hasUnread} /> : null}
                      {'corrections' in link ? <UnreadDot show={hasAnswers} /> : null}
                      {'leave' in link ? <UnreadDot show={hasLeaveUnread} /> : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
