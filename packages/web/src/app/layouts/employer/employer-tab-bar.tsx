import { useTranslation } from '../../../lib/i18n';
import { TabBar } from '../tab-bar';
import { tabItems } from './nav-items';
import { useListNavItems } from './use-list-nav-items';

/** Bottom tab bar below the lg breakpoint: Home, Employees, Lista, Hours, Chats. */
export function EmployerTabBar({ hasUnread }: { hasUnread: boolean }) {
  const { t } = useTranslation();
  const items = useListNavItems(tabItems).map((item) => ({
    to: item.to,
    label: t(item.labelKey),
    icon: item.icon,
    end: item.end,
    dot: item.chat && hasUnread,
  }));
  return <TabBar label={t('employer.nav.tabsLabel')} items={items} />;
}
