/**
 * Every feature's English texts (`src/features/<feature>/locales/en.json`), merged into one chunk
 * that `lib/i18n` loads with the signed-in areas; the public pages use only `locales/en.json` (and
 * the forms also `locales/errors/en.json`).
 * Listed like `features-sq.ts`; `i18n-locales.test.ts` checks both hold the same keys.
 */
import account from '../features/account/locales/en.json';
import admin from '../features/admin/locales/en.json';
import calendar from '../features/calendar/locales/en.json';
import chat from '../features/chat/locales/en.json';
import corrections from '../features/corrections/locales/en.json';
import dashboard from '../features/dashboard/locales/en.json';
import deviceGroups from '../features/device-groups/locales/en.json';
import devices from '../features/devices/locales/en.json';
import employees from '../features/employees/locales/en.json';
import exportsTexts from '../features/exports/locales/en.json';
import holidays from '../features/holidays/locales/en.json';
import hours from '../features/hours/locales/en.json';
import kiosk from '../features/kiosk/locales/en.json';
import leave from '../features/leave/locales/en.json';
import listType from '../features/list-type/locales/en.json';
import monthClose from '../features/month-close/locales/en.json';
import pay from '../features/pay/locales/en.json';
import phoneClock from '../features/phone-clock/locales/en.json';
import requests from '../features/requests/locales/en.json';
import rfid from '../features/rfid/locales/en.json';
import roles from '../features/roles/locales/en.json';
import roster from '../features/roster/locales/en.json';
import subscription from '../features/subscription/locales/en.json';
import today from '../features/today/locales/en.json';
import worker from '../features/worker/locales/en.json';

export default {
  ...account,
  ...admin,
  ...calendar,
  ...chat,
  ...corrections,
  ...dashboard,
  ...deviceGroups,
  ...devices,
  ...employees,
  ...exportsTexts,
  ...holidays,
  ...hours,
  ...kiosk,
  ...leave,
  ...listType,
  ...monthClose,
  ...pay,
  ...phoneClock,
  ...requests,
  ...rfid,
  ...roles,
  ...roster,
  ...subscription,
  ...today,
  ...worker,
};
