import type { TranslationKey } from '../../../lib/i18n';

/**
 * The audit log stores each write as `METHOD /route/pattern`; the admin reads it as what was done.
 * A route not listed here (a newer server) shows as it is; the raw route stays in the cell's title.
 */
const actionKeys: Record<string, TranslationKey> = {
  'POST /auth/admin/impersonate/:id': 'admin.audit.actions.impersonate',
  'POST /auth/goback': 'admin.audit.actions.goBack',
  'POST /auth/logout': 'admin.audit.actions.logout',
  'POST /krye/add_employee': 'admin.audit.actions.addEmployee',
  'PUT /krye/edit_employee/:id': 'admin.audit.actions.editEmployee',
  'DELETE /krye/delete_employee/:id': 'admin.audit.actions.deleteEmployee',
  'POST /krye/employers/roles': 'admin.audit.actions.addRole',
  'PUT /krye/employers/roles/:index': 'admin.audit.actions.renameRole',
  'DELETE /krye/employers/roles/:index': 'admin.audit.actions.deleteRole',
  'PUT /krye/employers/:userId/updateListaType': 'admin.audit.actions.listType',
  'POST /krye/addworkerklista': 'admin.audit.actions.addHours',
  'PUT /krye/edit_klista/:id': 'admin.audit.actions.editHours',
  'PUT /krye/edit_klista_modal': 'admin.audit.actions.editHours',
  'DELETE /krye/delete_klista/:id': 'admin.audit.actions.deleteHours',
  'DELETE /krye/delete_workers': 'admin.audit.actions.deleteHoursMany',
  'PUT /krye/edit_rfid': 'admin.audit.actions.editScans',
  'DELETE /krye/delete_rfid': 'admin.audit.actions.deleteScanDay',
  'POST /krye/rfid/assign': 'admin.audit.actions.assignCard',
  'POST /api/controllers': 'admin.audit.actions.addDevice',
  'DELETE /api/controllers/:id': 'admin.audit.actions.removeDevice',
  'PUT /api/controllers/:id/config': 'admin.audit.actions.configureDevice',
  'POST /api/controllers/:id/approve-move': 'admin.audit.actions.approveMove',
  'POST /api/controllers/:id/reupload': 'admin.audit.actions.reupload',
  'POST /api/group-devices': 'admin.audit.actions.addGroup',
  'PUT /api/group-devices/:id': 'admin.audit.actions.editGroup',
  'DELETE /api/group-devices/:id': 'admin.audit.actions.deleteGroup',
  'POST /chat/chats': 'admin.audit.actions.createChat',
  'POST /chat/chats/:id/read': 'admin.audit.actions.readChat',
  'PUT /auth/changepassword/:id': 'admin.audit.actions.changePassword',
  'POST /auth/email/change': 'admin.audit.actions.changeEmail',
  'POST /auth/email/confirm': 'admin.audit.actions.confirmEmail',
  'POST /auth/push-subscription': 'admin.audit.actions.pushOn',
  'DELETE /auth/push-subscription': 'admin.audit.actions.pushOff',
};

/** The translation key of an audited route, or undefined for a route this build does not name. */
export function auditActionKey(action: string): TranslationKey | undefined {
  return actionKeys[action];
}
