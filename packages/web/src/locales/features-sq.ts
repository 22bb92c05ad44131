/**
 * Every feature's Albanian texts (`src/features/<feature>/locales/sq.json`), merged into one chunk
 * that `lib/i18n` loads with the signed-in areas; the public pages use only `locales/sq.json` (and
 * the forms also `locales/errors/sq.json`).
 * Listed one by one (not globbed) so their type is known: the Albanian texts are the source of
 * the translation keys' type (`lib/i18n-keys.ts`); `i18n-locales.test.ts` checks no feature is missing.
 */
import account from '../features/account/locales/sq.json';
import admin from '../features/admin/locales/sq.json';
import calendar from '../features/calendar/locales/sq.json';
import chat from '../features/chat/locales/sq.json';
import corrections from '../features/corrections/locales/sq.json';
import dashboard from '../features/dashboard/locales/sq.json';
import deviceGroups from '../features/device-groups/locales/sq.json';
import devices from '../features/devices/locales/sq.json';
import employees from '../features/employees/locales/sq.json';
import exportsTexts from '../features/exports/locales/sq.json';
import holidays from '../features/holidays/locales/sq.json';
import hours from '../features/hours/locales/sq.json';
import kiosk from '../features/kiosk/locales/sq.json';
import leave from '../features/leave/locales/sq.json';
import listType from '../features/list-type/locales/sq.json';
import monthClose from '../features/month-close/locales/sq.json';
import pay from '../features/pay/locales/sq.json';
import phoneClock from '../features/phone-clock/locales/sq.json';
import requests from '../features/requests/locales/sq.json';
import rfid from '../features/rfid/locales/sq.json';
import roles from '../features/roles/locales/sq.json';
import roster from '../features/roster/locales/sq.json';
import subscription from '../features/subscription/locales/sq.json';
import today from '../features/today/locales/sq.json';
import worker from '../features/worker/locales/sq.json';

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
