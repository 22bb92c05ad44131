import { Link, NavLink } from 'react-router';
import { Drawer } from '../../../components/drawer';
import { LanguageSwitch } from '../../../components/language-switch';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { LogoutButton } from '../logout-button';
import { UnreadDot } from '../unread-dot';
import { mobileChatMenuItems, mobileMenuItems } from './nav-items';
import { PendingCount } from './pending-count';
import { useListNavItems } from './use-list-nav-items';

type EmployerMobileMenuProps = {
  open: boolean;
  onClose: () => void;
  /** On the chat page the menu holds the main sections instead (docs/product.md#employer-shell). */
  onChatPage: boolean;
  id: string;
  /** Correction requests not yet seen: a dot beside Corrections. */
  hasCorrections?: boolean;
  /** Leave requests the employer has not seen: a dot beside Leave. */
  hasLeaveUnread?: boolean;
  /** Requests waiting for a decision: a count beside Requests. */
  requestsPending?: number;
};

/** Slide-in menu from the right on small screens, titled 'Menu'. */
export function EmployerMobileMenu({
  open,
  onClose,
  onChatPage,
  id,
  hasCorrections = false,
  hasLeaveUnread = false,
  requestsPending = 0,
}: EmployerMobileMenuProps) {
  const { t } = useTranslation();
  // 'Behu Premium' leads a basic employer to the subscription page; a premium account (or one whose
  // plan is not known yet) does not see it (docs/product.md#employer-shell; the first client linked it to /kryepuntor).
  const isBasic = useSession().data?.user?.type === 'basic';
  const items = useListNavItems(onChatPage ? mobileChatMenuItems : mobileMenuItems).filter(
    (item) => !item.promo || isBasic,
  );
  return (
    <Drawer open={open} onClose={onClose} title={t('employer.menu.title')} id={id}>
      <nav aria-label={t('employer.menu.title')}>
        <ul className="space-y-1">
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={`${item.to}-${item.labelKey}`}>
                {item.promo ? (
                  <Link
                    to={item.to}
                    onClick={onClose}
                    className="flex items-center gap-3 rounded-xl bg-amber-50 px-3 py-3 text-base font-semibold text-amber-900 hover:bg-amber-100"
                  >
                    <Icon className="size-5" aria-hidden="true" />
                    {t(item.labelKey)}
                  </Link>
                ) : (
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={onClose}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium ${
                        isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
                      }`
                    }
                  >
                    <Icon className="size-5" aria-hidden="true" />
                    {t(item.labelKey)}
                    {item.corrections ? <UnreadDot show={hasCorrections} /> : null}
                    {item.leave ? <UnreadDot show={hasLeaveUnread} /> : null}
                    {item.requests ? <PendingCount count={requestsPending} /> : null}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-4 space-y-4 border-t border-slate-200 px-1 pt-4">
        <LanguageSwitch />
        <LogoutButton className="w-full" />
      </div>
    </Drawer>
  );
}
