import {
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  Clock3,
  Cpu,
  Crown,
  House,
  Inbox,
  LayoutGrid,
  ListChecks,
  ListTodo,
  type LucideIcon,
  MapPin,
  MessagesSquare,
  Plane,
  Scale,
  UserCog,
  Users,
} from 'lucide-react';
import { REQUESTS_PATH } from '../../../features/requests/paths';
import type { TranslationKey } from '../../../lib/i18n';

export type NavItem = {
  to: string;
  /** Translation key of the label. */
  labelKey: TranslationKey;
  icon: LucideIcon;
  /** Match the path exactly (the area's home). */
  end?: boolean;
  /** Shows the unread-messages dot. */
  chat?: boolean;
  /** Shows the dot of correction requests not yet seen (premium). */
  corrections?: boolean;
  /** Shows the dot for leave requests not yet seen. */
  leave?: boolean;
  /** Shows how many requests (leave and corrections) wait for a decision. */
  requests?: boolean;
  /** A call to action ('Behu Premium'), styled apart, never shown as the current page, only to a basic employer. */
  promo?: boolean;
};

const base = '/kryepuntor';

/** Header links (docs/product.md#employer-shell). */
export const headerItems: NavItem[] = [
  { to: base, labelKey: 'employer.nav.dashboard', icon: House, end: true },
  { to: `${base}/employee`, labelKey: 'employer.nav.manageEmployees', icon: Users },
  { to: `${base}/klista`, labelKey: 'employer.nav.list', icon: ListChecks },
  { to: `${base}/puntoret`, labelKey: 'employer.nav.payAndHours', icon: Clock3 },
];

/** The 'More' dropdown. */
export const moreItems: NavItem[] = [
  { to: REQUESTS_PATH, labelKey: 'requests.nav', icon: Inbox, requests: true },
  { to: `${base}/orari`, labelKey: 'roster.nav.employer', icon: CalendarRange },
  { to: `${base}/devices`, labelKey: 'employer.nav.devices', icon: Cpu },
  { to: `${base}/device/group`, labelKey: 'employer.nav.groupDevices', icon: LayoutGrid },
  { to: `${base}/vendet`, labelKey: 'phoneClock.nav', icon: MapPin },
  { to: `${base}/chat`, labelKey: 'employer.nav.chat', icon: MessagesSquare, chat: true },
  { to: `${base}/premium/listatype`, labelKey: 'employer.nav.chooseList', icon: ListTodo },
  { to: `${base}/korrigjimet`, labelKey: 'employer.nav.corrections', icon: CalendarClock, corrections: true },
  { to: `${base}/kalendari`, labelKey: 'employer.nav.calendar', icon: CalendarDays },
  { to: `${base}/mbyll-muajin`, labelKey: 'employer.nav.monthClose', icon: CalendarCheck },
  { to: `${base}/ligji-i-punes`, labelKey: 'employer.nav.labourLaw', icon: Scale },
  { to: `${base}/pushimet`, labelKey: 'employer.nav.leave', icon: Plane, leave: true },
  { to: `${base}/llogaria`, labelKey: 'employer.nav.account', icon: UserCog },
];

/** Bottom tab bar below the lg breakpoint. */
export const tabItems: NavItem[] = [
  { to: base, labelKey: 'employer.nav.home', icon: House, end: true },
  { to: `${base}/employee`, labelKey: 'employer.nav.employees', icon: Users },
  { to: `${base}/klista`, labelKey: 'employer.nav.list', icon: ListChecks },
  { to: `${base}/puntoret`, labelKey: 'employer.nav.hours', icon: Clock3 },
  { to: `${base}/chat`, labelKey: 'employer.nav.chats', icon: MessagesSquare, chat: true },
];

/** Slide-in menu on the chat page: the main sections (the tab bar's place there). */
export const mobileChatMenuItems: NavItem[] = tabItems.slice(0, 4);

/** Slide-in menu elsewhere: what the tab bar does not hold (the 'More' items but chat), and premium. */
export const mobileMenuItems: NavItem[] = [
  ...moreItems.filter((item) => !item.chat),
  { to: `${base}/premium`, labelKey: 'employer.nav.goPremium', icon: Crown, promo: true },
];
