import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { UnreadDot } from '../unread-dot';
import { moreItems } from './nav-items';
import { PendingCount } from './pending-count';

/** The header's 'More' dropdown: Devices, Group Devices, Chat, Zdjidh Listën, the month close, the labour law, the account. */
export function MoreMenu({
  hasUnread,
  hasCorrections = false,
  hasLeaveUnread = false,
  requestsPending = 0,
}: {
  hasUnread: boolean;
  hasCorrections?: boolean;
  hasLeaveUnread?: boolean;
  /** Requests waiting for a decision: a count beside Requests. */
  requestsPending?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const isCurrent = moreItems.some((item) => pathname.startsWith(item.to));

  // A navigation closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // A click or a Tab outside the dropdown closes it.
    function onOutside(event: Event) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`relative inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
          isCurrent ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
        }`}
      >
        {t('employer.nav.more')}
        <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        <UnreadDot show={hasUnread || hasCorrections || hasLeaveUnread} className="absolute top-1 right-1" />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-60 animate-pop-in rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <ul>
            {moreItems.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                        isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    <span className="flex-1">{t(item.labelKey)}</span>
                    {item.chat ? <UnreadDot show={hasUnread} /> : null}
                    {item.corrections ? <UnreadDot show={hasCorrections} /> : null}
                    {item.leave ? <UnreadDot show={hasLeaveUnread} /> : null}
                    {item.requests ? <PendingCount count={requestsPending} /> : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
