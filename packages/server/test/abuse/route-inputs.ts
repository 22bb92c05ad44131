import { ICLOCK_ROUTES } from '../helpers/iclock-routes';
import type { ApiRoute } from '../helpers/route-table';
import { routeKey } from '../helpers/route-table';
import { WORKER_PASSWORD } from '../helpers/workspace-factories';
import { CLOSED_MONTH_A, DAY, PUSH_ENDPOINT_A, ROSTER_DAY_A, ROSTER_WEEK_A, type World } from './world';

export type Input = { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };

/**
 * A valid request for every route the matrix calls, aimed at employer A's data: a refusal must
 * come from access control, never from bad input. A route missing here fails the matrix.
 */
export const INPUTS: Record<string, (w: World) => Input> = {
  'GET /auth/check/protected': () => ({}),
  'GET /verify': () => ({}),
  'GET /auth/admin/contact-messages': () => ({}),
  'PUT /auth/admin/contact-messages/:id/read': (w) => ({ params: { id: w.ids.contactMessage }, body: { read: true } }),
  'GET /krye/ujipuntoret_count': () => ({}),
  'GET /krye/ujipuntor_count': () => ({}),
  'GET /krye/ujimjeshter_count': () => ({}),
  'GET /krye/employee': () => ({}),
  'GET /krye/data/employee/:id': (w) => ({ params: { id: w.ids.plainEmployee } }),
  'POST /krye/add_employee': () => ({ body: { name: 'Newcomer', salary: 3, wages: 'Orë', role: 'Punëtor' } }),
  'PUT /krye/edit_employee/:id': (w) => ({
    params: { id: w.ids.plainEmployee },
    body: { name: 'Renamed', salary: 9, wages: 'Orë', role: 'Punëtor' },
  }),
  'DELETE /krye/delete_employee/:id': (w) => ({ params: { id: w.ids.plainEmployee } }),
  'GET /krye/employees/:id/kiosk': (w) => ({ params: { id: w.ids.plainEmployee } }),
  'PUT /krye/employees/:id/kiosk-pin': (w) => ({ params: { id: w.ids.plainEmployee }, body: { pin: '73914' } }),
  'GET /krye/employees/:id/badge.pdf': (w) => ({ params: { id: w.ids.plainEmployee } }),
  'POST /krye/employees/:id/badge/revoke': (w) => ({ params: { id: w.ids.plainEmployee }, body: {} }),
  'GET /krye/holidays': () => ({ query: { year: DAY.slice(0, 4) } }),
  'POST /krye/holidays': () => ({ body: { date: `${DAY.slice(0, 4)}-12-24`, name: 'Added day' } }),
  'DELETE /krye/holidays/:id': (w) => ({ params: { id: w.ids.companyDayA } }),
  'GET /krye/labour-settings': () => ({}),
  'PUT /krye/labour-settings': () => ({ body: { jurisdiction: 'AL', apply_labour_rules: true } }),
  'GET /krye/payroll': () => ({ query: { month: DAY.slice(0, 7) } }),
  // A closed A's month the month before DAY in the world; B closing "its" month acts on B's own.
  'POST /krye/months/:month/close': () => ({ params: { month: DAY.slice(0, 7) } }),
  'POST /krye/months/:month/reopen': () => ({ params: { month: CLOSED_MONTH_A }, body: { reason: 'Reopened' } }),
  'GET /krye/employers/roles': () => ({}),
  'POST /krye/employers/roles': () => ({ body: { role: 'Added role' } }),
  'PUT /krye/employers/roles/:index': () => ({ params: { index: 0 }, body: { role: 'Renamed role' } }),
  'DELETE /krye/employers/roles/:index': () => ({ params: { index: 0 } }),
  'GET /krye/employers/:userId/listaType': (w) => ({ params: { userId: w.ids.employerA } }),
  'PUT /krye/employers/:userId/updateListaType': (w) => ({
    params: { userId: w.ids.employerA },
    body: { listaType: 'rfid' },
  }),
  'GET /krye/workerdate': () => ({ query: { date: DAY } }),
  'GET /krye/klista': () => ({ query: { date: DAY } }),
  'GET /krye/klista/:id': (w) => ({ params: { id: w.ids.hoursOfPlain } }),
  'PUT /krye/edit_klista/:id': (w) => ({ params: { id: w.ids.hoursOfPlain }, body: { ora: 3 } }),
  'PUT /krye/edit_klista_modal': (w) => ({ body: { id: w.ids.hoursOfPlain, ora: 3 } }),
  'POST /krye/addworkerklista': (w) => ({ body: [{ worker_id: w.ids.plainEmployee, data: '2025-03-05', ora: 8 }] }),
  'DELETE /krye/delete_workers': (w) => ({ body: { idsToDelete: [w.ids.hoursOfPlain] } }),
  'DELETE /krye/delete_klista/:id': (w) => ({ params: { id: w.ids.hoursOfPlain } }),
  'GET /krye/oret/:workerId': (w) => ({ params: { workerId: w.ids.otherWorkerA }, query: { date: DAY } }),
  'GET /krye/pay': () => ({ query: { month: '2025-03' } }),
  'GET /krye/pay/by-list-type': () => ({ query: { month: '2025-03' } }),
  'GET /krye/get_worker_id': () => ({}),
  'GET /krye/worker/me': () => ({ query: { month: '2025-03' } }),
  'GET /auth/password/:id': (w) => ({ params: { id: w.ids.otherWorkerA } }),
  // WA and WA2 share a password: only the id's owner may change it, whatever the caller knows.
  'PUT /auth/changepassword/:id': (w) => ({
    params: { id: w.ids.otherWorkerA },
    body: { currentPassword: WORKER_PASSWORD, newPassword: 'a brand new password' },
  }),
  'POST /auth/email/change': () => ({
    body: { newEmail: 'moved-somewhere@example.test', currentPassword: 'not the password of anyone here' },
  }),
  'POST /auth/email/confirm': () => ({ body: { code: '000000' } }),
  'GET /auth/2fa': () => ({}),
  'POST /auth/2fa/setup': () => ({ body: { currentPassword: 'not the password of anyone here' } }),
  'POST /auth/2fa/enable': () => ({ body: { code: '000000' } }),
  'POST /auth/2fa/disable': () => ({ body: { currentPassword: 'not the password of anyone here', code: '000000' } }),
  'GET /krye/export/hours': () => ({ query: { month: '2025-03' } }),
  'GET /krye/export/pay': () => ({ query: { month: '2025-03' } }),
  'GET /krye/export/payroll': () => ({ query: { month: CLOSED_MONTH_A } }),
  // A's closed month, which holds its employee without a login (and WA, whose own payslip it is).
  'GET /krye/payslip/:employeeId': (w) => ({
    params: { employeeId: w.ids.plainEmployee },
    query: { month: CLOSED_MONTH_A },
  }),
  'GET /krye/worker/me/payslip': () => ({ query: { month: CLOSED_MONTH_A } }),
  'GET /krye/worker/me/payslips': () => ({}),
  'GET /krye/payslips': () => ({ query: { month: CLOSED_MONTH_A } }),
  'GET /krye/declaration': () => ({ query: { month: CLOSED_MONTH_A } }),
  'GET /auth/getEmployers': () => ({}),
  'GET /auth/getEmployers/:id': (w) => ({ params: { id: w.ids.employerA } }),
  'PUT /auth/updateEmployer/:id': (w) => ({ params: { id: w.ids.employerA }, body: { limit_workers: 2 } }),
  'GET /auth/admin/audit': () => ({}),
  'POST /auth/admin/impersonate/:id': (w) => ({ params: { id: w.ids.employerA }, body: {} }),
  'GET /api/paypal/plan': () => ({}),
  'GET /api/paypal/subscription/:id': (w) => ({ params: { id: w.ids.subscriptionA } }),
  'GET /api/controllers': () => ({}),
  'POST /api/controllers': (w) => ({ body: { device_id: w.ids.newDevice(), name: 'New door' } }),
  'PUT /api/controllers/:id/config': (w) => ({ params: { id: w.ids.deviceA }, body: { name: 'Taken over' } }),
  'DELETE /api/controllers/:id': (w) => ({ params: { id: w.ids.deviceA } }),
  'POST /api/controllers/:id/reupload': (w) => ({ params: { id: w.ids.clockA }, body: {} }),
  'POST /api/controllers/:id/approve-move': (w) => ({ params: { id: w.ids.clockA }, body: {} }),
  'GET /api/controllers/:id/problems': (w) => ({ params: { id: w.ids.clockA } }),
  'GET /api/controllers/:id/users': (w) => ({ params: { id: w.ids.clockA } }),
  'GET /api/controllers/:id/trust': (w) => ({ params: { id: w.ids.clockA } }),
  'POST /api/controllers/:id/import-held': (w) => ({ params: { id: w.ids.clockA }, body: {} }),
  'POST /device/v1/heartbeat': () => ({ body: { firmware: '1.0' } }),
  'POST /device/v1/scans': () => ({ body: { scans: [{ seq: 9, uid: 'CAFE', ts: `${DAY}T10:00:00+01:00` }] } }),
  'GET /api/group-devices': () => ({}),
  'POST /api/group-devices': (w) => ({ body: { name: 'Grabbed', devices: [{ device_id: w.ids.deviceA }] } }),
  'PUT /api/group-devices/:id': (w) => ({ params: { id: w.ids.groupA }, body: { name: 'Grabbed', devices: [] } }),
  'DELETE /api/group-devices/:id': (w) => ({ params: { id: w.ids.groupA } }),
  'GET /krye/listarfid': () => ({}),
  'GET /krye/roster-settings': () => ({}),
  'PUT /krye/roster-settings': () => ({
    body: {
      shift_requests_auto: false,
      no_show_alert: true,
      unpaid_break_rules: [{ from_minutes: 360, break_minutes: 30 }],
    },
  }),
  'GET /krye/shifts': () => ({ query: { from: ROSTER_DAY_A, to: ROSTER_DAY_A } }),
  'POST /krye/shifts': (w) => ({
    body: { employee_id: w.ids.otherWorkerA, date: ROSTER_DAY_A, start: '22:00', end: '23:00' },
  }),
  'PUT /krye/shifts/:id': (w) => ({
    params: { id: w.ids.shiftOfOtherA },
    body: { employee_id: w.ids.otherWorkerA, date: ROSTER_DAY_A, start: '06:00', end: '13:00' },
  }),
  'DELETE /krye/shifts/:id': (w) => ({ params: { id: w.ids.shiftOfOtherA } }),
  'POST /krye/shifts/copy': () => ({ body: { from_week: ROSTER_WEEK_A, to_week: '2031-W05' } }),
  'POST /krye/shifts/publish': () => ({ body: { from: ROSTER_DAY_A, to: ROSTER_DAY_A } }),
  'GET /krye/worker/me/shifts': () => ({ query: { from: ROSTER_DAY_A, to: ROSTER_DAY_A } }),
  'POST /krye/worker/me/shifts/:id/claim': (w) => ({ params: { id: w.ids.openShiftA } }),
  'POST /krye/worker/me/shifts/:id/swap': (w) => ({
    params: { id: w.ids.shiftOfOtherA },
    body: { employee_id: w.ids.plainEmployee },
  }),
  'GET /krye/worker/me/shift-requests': () => ({}),
  'GET /krye/worker/me/colleagues': () => ({}),
  'POST /krye/worker/me/shift-requests/:id/accept': (w) => ({ params: { id: w.ids.swapOfOtherA } }),
  'GET /krye/shift-requests': () => ({ query: { status: 'pending' } }),
  'PUT /krye/shift-requests/:id': (w) => ({ params: { id: w.ids.claimOfOtherA }, body: { status: 'declined' } }),
  'GET /krye/leave-types': () => ({}),
  'POST /krye/leave-types': () => ({ body: { name: 'Added leave', paid: false, needs_approval: true } }),
  'PUT /krye/leave-types/:id': (w) => ({ params: { id: w.ids.leaveTypeA }, body: { needs_approval: false } }),
  'GET /krye/leave/settings': () => ({}),
  'PUT /krye/leave/settings': () => ({ body: { annual_leave_days: 22 } }),
  'GET /krye/leave/balances': () => ({ query: { year: DAY.slice(0, 4) } }),
  'PUT /krye/leave/allowances/:employee_id': (w) => ({
    params: { employee_id: w.ids.plainEmployee },
    body: { year: Number(DAY.slice(0, 4)), entitled_days: 25, carried_over_days: 1 },
  }),
  'GET /krye/leave': () => ({}),
  'GET /krye/leave/unread': () => ({}),
  'POST /krye/leave': (w) => ({
    body: { employee_id: w.ids.plainEmployee, from: '2025-03-12', to: '2025-03-12', type: w.ids.leaveTypeA },
  }),
  'PUT /krye/leave/:id': (w) => ({ params: { id: w.ids.leaveA }, body: { status: 'approved' } }),
  'GET /krye/worker/me/leave': () => ({ query: { year: DAY.slice(0, 4) } }),
  'GET /krye/worker/me/leave/unread': () => ({}),
  'POST /krye/worker/me/leave': (w) => ({ body: { from: '2025-03-11', to: '2025-03-11', type: w.ids.leaveTypeA } }),
  'DELETE /krye/worker/me/leave/:id': (w) => ({ params: { id: w.ids.leaveA } }),
  'GET /krye/today': () => ({}),
  'GET /krye/calendar': () => ({ query: { month: '2025-03' } }),
  'GET /krye/attendance-settings': () => ({}),
  'PUT /krye/attendance-settings': () => ({ body: { tolerance_minutes: 15 } }),
  'POST /krye/worker/me/corrections': () => ({ body: { date: DAY, kind: 'in', time: '08:00', note: 'Harrova' } }),
  'GET /krye/worker/me/corrections': () => ({}),
  'GET /krye/worker/me/corrections/unread': () => ({}),
  'GET /krye/corrections': () => ({ query: { status: 'pending' } }),
  'GET /krye/corrections/unread': () => ({}),
  'PUT /krye/corrections/:id': (w) => ({
    params: { id: w.ids.correctionA },
    body: { status: 'approved', note: 'Në rregull' },
  }),
  'GET /krye/rfid_data': (w) => ({ query: { rfid_worker_id: String(w.ids.plainEmployee), date: DAY } }),
  'GET /krye/rfid_day': () => ({ query: { date: DAY } }),
  'GET /krye/workerrfid/:id': (w) => ({ params: { id: w.ids.plainEmployee } }),
  'PUT /krye/edit_rfid': (w) => ({
    body: { id: w.ids.plainEmployee, date: DAY, firstScanTime: '07:00', lastScanTime: '17:00' },
  }),
  'DELETE /krye/delete_rfid': (w) => ({ body: { id: w.ids.plainEmployee, date: DAY } }),
  'GET /krye/rfid/unknown': () => ({}),
  'POST /krye/rfid/assign': (w) => ({ body: { uid: 'FFEEDDCC', employeeId: w.ids.plainEmployee } }),
  // A clock's requests carry no session: every outsider call is refused by the serial.
  ...Object.fromEntries(ICLOCK_ROUTES.map((key) => [key, () => ({})])),
  'GET /chat/chats': () => ({}),
  'GET /chat/chats/:id/messages': (w) => ({ params: { id: w.ids.chatA } }),
  'POST /chat/chats/:id/read': (w) => ({ params: { id: w.ids.chatA }, body: {} }),
  'GET /chat/workers': () => ({}),
  'POST /chat/chats': (w) => ({ body: { type: 'direct', members: [{ id: w.ids.otherWorkerA, userType: 'worker' }] } }),
  'GET /notifications/messages/unread': () => ({}),
  'GET /notifications/push/key': () => ({}),
  'POST /auth/push-subscription': () => ({
    body: { subscription: { endpoint: 'https://push.example.test/own', keys: { p256dh: 'own-key', auth: 'own' } } },
  }),
  // A's endpoint: nobody else may unsubscribe A.
  'DELETE /auth/push-subscription': () => ({ body: { endpoint: PUSH_ENDPOINT_A } }),
};

/** The request INPUTS describes for a route, as `app.inject` options. */
export function requestFor(world: World, route: ApiRoute) {
  const input = INPUTS[routeKey(route)]?.(world) ?? {};
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(input.params?.[name])));
  return {
    method: route.method as 'GET',
    url,
    ...(input.query ? { query: input.query } : {}),
    ...(input.body === undefined ? {} : { payload: input.body as Record<string, unknown> }),
  };
}
