/**
 * Every error sentence the API answers with that a client may want to show: the domain schemas'
 * validation messages and the server's own refusals, each under a stable code. The schemas and the
 * server take their sentence from here, so it is written once; the server adds the code to a 4xx
 * body (`{ Status: false, Error, code }`) and the web app translates by code (its `errors` locale
 * namespace, keyed by these codes), so editing a sentence here never loses its translation.
 *
 * A sentence may hold `{{name}}` placeholders (the worker limit, a schedule day): `formatMessage`
 * fills them, and `matchMessage` reads a filled sentence back into its code and values, so a client
 * translates it with the values in place (the web's `errors` texts use the same placeholders).
 *
 * The numbers in the sentences repeat the limits the schemas enforce (`messages.test.ts` checks
 * they agree): the catalog imports nothing, so every schema module may import it.
 */
export const messages = {
  // Sign-up, login, passwords and codes (auth.ts)
  emailRequired: 'Email is required.',
  emailNotText: 'Email must be text.',
  emailTooLong: 'Email is too long.',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required.',
  passwordNotText: 'Password must be text.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  companyNameRequired: 'Company name is required.',
  companyNameNotText: 'Company name must be text.',
  companyNameTooLong: 'Company name is too long.',
  verificationCodeRequired: 'Verification code is required.',
  verificationCodeNotText: 'Verification code must be text.',
  verificationCodeFormat: 'The verification code has 6 digits.',
  codeRequired: 'Code is required.',
  codeNotText: 'Code must be text.',
  codeFormat: 'The code has 6 digits.',
  codeInvalid: 'This code is not valid or has expired. Request a new code.',
  codeTooManyWrong: 'Too many wrong codes. Request a new code.',
  emailTaken: 'This email is already used by another account.',
  emailUnchanged: 'This is already your e-mail.',
  loginInvalid: 'Invalid email or password.',
  loginNotVerified: 'Please verify your email before logging in.',
  verificationCodeExpired: 'This verification code has expired. Request a new code.',
  verificationCodeWrong: 'Invalid verification code.',
  accountNotFound: 'Account not found.',
  adminPasswordElsewhere:
    'The admin password is set with ADMIN_PASSWORD, or with "Forgot password?" once two-step verification is on.',

  // Two-step verification (auth.ts, the server's auth module two-factor*.ts)
  twoFactorCodeFormat: 'Enter the 6-digit code from your authenticator app or one of your recovery codes.',
  twoFactorCodeWrong:
    'This code is not right. Enter the current code from your authenticator app or an unused recovery code.',
  twoFactorChallengeRequired: 'The sign-in step is missing. Log in again with your password.',
  twoFactorChallengeInvalid: 'This sign-in step has expired or was already used. Log in again with your password.',
  twoFactorChallengeTooMany: 'Too many wrong codes. Log in again with your password.',
  tooManyWrongCodes: 'Too many wrong codes. Please try again in {{wait}}.',
  twoFactorNotPending: 'Start the setup again: no new authenticator is waiting for its first code.',
  twoFactorNotOn: 'Two-step verification is not on for this account.',
  twoFactorAdminKeeps:
    'The admin keeps two-step verification once it is on; set it up again to move it to another app.',
  twoFactorNotForWorkers: 'Two-step verification is for employer and admin accounts.',
  adminResetNeedsTwoFactor:
    'The admin password is reset by e-mail only with two-step verification on. Set ADMIN_PASSWORD and restart the server instead.',
  adminResetCodeRequired: 'Enter the code from your authenticator app (or a recovery code) as well.',

  // Rate limits (the server's rate-limits plugin): {{wait}} is "N seconds" or "N minutes"
  tooManyCodeMailsNetwork: 'Too many e-mails requested from your network. Please try again in {{wait}}.',
  tooManyCodeMailsAddress: 'Too many e-mails requested for this address. Please try again in {{wait}}.',
  tooManySignups: 'Too many sign-ups from your network. Please try again in {{wait}}.',
  tooManyVerifications: 'Too many verification attempts. Please try again in {{wait}}.',
  tooManyVerificationsAddress: 'Too many verification attempts for this address. Please try again in {{wait}}.',
  tooManyLogins: 'Too many login attempts. Please try again in {{wait}}.',
  tooManyFailedLogins: 'Too many failed logins for this account. Please try again in {{wait}}.',
  tooManyAttempts: 'Too many attempts. Please try again in {{wait}}.',
  tooManyAttemptsAddress: 'Too many attempts for this address. Please try again in {{wait}}.',
  tooManyWrongPasswords: 'Too many wrong passwords. Please try again in {{wait}}.',
  tooManyContactMessages: 'Too many messages from your network. Please try again in {{wait}}.',
  tooManyEmailChanges: 'Too many e-mail change requests. Please try again in {{wait}}.',

  // Sessions and access (the server's auth plugin and error handler)
  loginRequired: 'Please log in to continue.',
  accessDenied: 'You do not have access to this.',
  crossSiteRefused: 'Cross-site requests are not allowed.',
  adminSessionEnded: 'Your admin session has ended. Please log in again.',
  notImpersonating: 'You are not viewing an account as an admin.',
  employerNotFound: 'Employer not found.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  requestInvalid: 'The request is not valid.',

  // The worker's own password (worker.ts)
  currentPasswordRequired: 'Current password is required.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  newPasswordRequired: 'New password is required.',
  newPasswordTooShort: 'New password must be at least 8 characters.',
  newPasswordTooLong: 'New password must be at most 256 characters.',
  newPasswordMismatch: 'New password and confirmation do not match.',

  // Contact form (contact.ts)
  nameRequired: 'Name is required.',
  nameNotText: 'Name must be text.',
  nameTooLong: 'Name is too long.',
  messageRequired: 'Message is required.',
  messageNotText: 'Message must be text.',
  messageTooLong: 'Message is too long (at most 5000 characters).',

  // Employees (employees.ts, salary.ts)
  employeeRequired: 'Name, salary, role, and wages are required. Please select a valid role.',
  employeeNameTooLong: 'Name is too long (at most 120 characters).',
  employeeRoleTooLong: 'Role is too long (at most 60 characters).',
  wagesInvalid: 'Wages must be Orë, Ditë or Muaj.',
  workerLoginPasswordMissing: "Enter a password of at least 8 characters for the worker's login.",
  workerLoginEmailMissing: "Enter an email for the worker's login, or leave the password empty.",
  clockPinInvalid: 'The clock PIN must be 1 to 24 letters or digits.',
  salaryFormat: 'Salary must be a number such as 450, 450.5 or 450,5.',
  salaryDecimals: 'Salary can have at most 2 decimals.',
  salaryTooLarge: 'Salary is too large.',
  salaryRequired: 'Salary is required.',
  employeeNotFound: 'Employee not found.',
  workerLimitOne:
    'Your plan allows at most 1 worker. Delete a worker or ask the platform administrator to raise the limit.',
  workerLimit:
    'Your plan allows at most {{limit}} workers. Delete a worker or ask the platform administrator to raise the limit.',
  workerLoginMissingForPassword:
    'This employee has no login, so it has no password to set. Add the employee again with an e-mail and a password to give it one.',
  startDateInvalid: 'The start date must be a real date written YYYY-MM-DD.',
  endDateInvalid: 'The end date must be a real date written YYYY-MM-DD.',
  endDateBeforeStart: 'The end date must not be before the start date.',
  employeeArchived:
    'This employee has pay in a closed month, so it was archived instead of deleted: it is gone from the lists, its card and clock PIN are free, and its hours, scans, statements and payslips are kept.',

  // Schedules (schedule.ts)
  scheduleDaySelected: 'Each schedule day needs "selected" (true or false).',
  scheduleDayShape: 'Each schedule day must be an object with selected, startTime and endTime.',
  scheduleShape: 'Schedule must be an object keyed monday to sunday, or that object as JSON text.',
  scheduleNotJson: 'Schedule is not valid JSON.',
  scheduleNotObject: 'Schedule must be an object keyed monday to sunday.',
  scheduleDayInvalid: 'Schedule day is not valid.',
  scheduleDayNoTimes: '{{day}}: choose a start and an end time.',
  scheduleDayTimeStep: '{{day}}: times go in 15-minute steps from 00:00 to 23:45 (for example 08:00 or 16:45).',
  scheduleDaySameTimes: '{{day}}: the end time must differ from the start time.',

  // Roles (roles.ts)
  roleNameRequired: 'Role name is required.',
  roleNameTooLong: 'Role name is too long (at most 60 characters).',
  roleIndexInvalid: 'The role index must be a whole number from 0.',
  roleExists: 'This role already exists.',
  roleHeldOne: 'This role is held by 1 employee; assign them another role first.',
  roleHeld: 'This role is held by {{count}} employees; assign them another role first.',

  // Hours (hours.ts, hours-entries.ts)
  hoursRequired: 'Hours are required.',
  hoursInvalid: 'Hours must be a number from 0 to 24 (at most 2 decimals).',
  hoursEntriesList: 'Send a list of hours entries.',
  hoursSelectWorker: 'Select at least one worker.',
  hoursTooManyEntries: 'At most 1000 entries at once.',
  hoursWorkerInvalid: 'worker_id must be the id of one of your employees.',
  hoursDeleteList: 'idsToDelete must be a list of entry ids.',
  hoursSelectEntry: 'Select at least one entry to delete.',
  hoursEntryNotFound: 'Hours entry not found.',
  hoursSomeNotFound: 'Some of these hours entries were not found; nothing was deleted.',
  hoursDuplicate: 'Hours for {{name}} on {{date}} already exist.',
  hoursIdMismatch: 'The id in the body does not match the id in the address.',
  hoursTimeInvalid: 'from and to must be times of day written HH:MM.',
  hoursTimesBoth: 'Give both from and to, or neither.',
  hoursTimesSame: 'from and to must not be the same time.',
  hoursLongerThanTimes: 'The hours must not be more than the time from from to to.',

  // Dates and periods (calendar.ts, period.ts)
  dateRequired: 'Date is required (YYYY-MM-DD).',
  dateInvalid: 'Date must be a real date written YYYY-MM-DD.',
  monthRequired: 'Month is required (YYYY-MM).',
  monthInvalid: 'Month must be written YYYY-MM (for example 2025-03).',
  periodChooseOne: 'Choose one of date, month, or from and to.',
  periodFromAndTo: 'Give both from and to (YYYY-MM-DD).',
  periodFromAfterTo: 'from must not be after to.',
  periodTooLong: 'A period can cover at most 366 days.',

  // Ids (ids.ts and the schemas naming theirs)
  idInvalid: 'The id must be a positive whole number.',
  employerIdInvalid: 'The employer id must be a positive whole number.',
  workerIdInvalid: 'The worker id must be a positive whole number.',
  employerIdFilterInvalid: 'employerId must be a positive whole number.',

  // Devices and clocks (devices.ts, the server's devices and zkteco modules)
  deviceIdRequired: 'Device ID is required.',
  deviceIdTooLong: 'Device ID is too long (at most 64 characters).',
  deviceIdFormat: 'Device ID may hold only letters, digits and - _ . :',
  deviceNameRequired: 'Device name is required.',
  deviceNameTooLong: 'Device name is too long (at most 80 characters).',
  deviceTaken: 'This device ID is already registered.',
  commandsPerPollInvalid: 'Commands per poll must be a whole number from 1 to 50.',
  commandsPerPollZktecoOnly: 'Only a ZKTeco clock takes commands per poll.',
  numericUsersInvalid: 'numeric_users must be true or false.',
  numericUsersZktecoOnly: 'Only a ZKTeco clock can be sent numeric users.',
  ssidRequired: 'SSID is required.',
  ssidTooLong: 'SSID is too long (at most 32 characters).',
  wifiPasswordTooLong: 'Wi-Fi password is too long (at most 63 characters).',
  deviceConfigShape: 'Send a name, an ssid and a password, commands_per_poll or numeric_users.',
  scansTooMany: 'At most 500 scans per batch.',
  groupNameRequired: 'Group name is required.',
  groupNameTooLong: 'Group name is too long (at most 80 characters).',
  deviceNotFound: 'Device not found.',
  groupNotFound: 'Device group not found.',
  notAClock: 'Only a ZKTeco clock keeps upload stamps; this device sends its scans as it makes them.',
  attlogPinInvalid: 'the PIN is not 1 to 24 letters or digits',
  attlogNoDateTime: 'no date and time written YYYY-MM-DD HH:MM:SS (or another form Puna reads)',
  attlogDateTimeInvalid: 'the date or time does not exist',
  attlogTimeOutOfRange: 'the time is more than 400 days ago or more than a day ahead',
  clockForeignNetwork:
    "a request with this clock's serial from another network while the clock calls from its own: refused",

  // Cards and clock PINs (rfid.ts, the server's rfid module)
  cardUidRequired: 'Card UID is required.',
  cardUidTooLong: 'Card UID is too long (at most 64 characters).',
  cardUidFormat: 'Card UID may hold only letters, digits and - _ :',
  cardTaken: 'This card is already assigned to another employee.',
  clockPinTaken: 'This clock PIN is already used by another employee.',
  kioskPinFormat: 'The kiosk PIN has 4 to 8 digits.',
  kioskPinTaken: 'This kiosk PIN is already used by another employee, as a kiosk or clock PIN.',
  scanTimeFormat: 'Times must be HH:MM.',
  scanTimesOrder: 'The last scan must be after the first, or the next morning at most 14 hours after it.',

  // Chat (chat.ts)
  chatNotFound: 'Chat not found.',
  chatGroupNameTooLong: 'The group name is too long (at most 80 characters).',
  chatSelectEmployee: 'Please select at least one employee.',
  chatGroupNeedsName: 'A group chat needs a name.',
  chatDirectOneWorker: 'A direct chat has exactly one worker.',
  chatMessageEmpty: 'The message is empty.',
  chatMessageTooLong: 'The message is too long.',
  chatMessageBadCharacter: 'The message holds a character that cannot be stored.',
  chatWorkersNotFound: 'One or more of the selected workers were not found.',
  chatOnlyOwnWorkers: 'A chat can only include you and your own workers.',
  chatTooFast: 'You are sending messages too fast. Wait a few seconds and try again.',
  pushNotFound: 'Push subscription not found.',
  pushNotWhileImpersonating: 'Notifications cannot be turned on while viewing an account as admin.',
  pushEndpointTaken: 'This push subscription belongs to another account; log out there first.',

  // Settings, exports, subscriptions and the admin area
  listTypeInvalid: "listaType must be 'rfid' or 'klista'.",
  exportFormatInvalid: "format must be 'csv' or 'xlsx'.",
  exportLocaleInvalid: "locale must be 'sq' (1.234,56 with ; between fields) or 'en' (1,234.56 with ,).",
  premiumRequired: 'This feature is part of Puna Premium.',
  paymentsNotConfigured: 'Payments are not configured.',
  subscriptionIdInvalid: 'The subscription id is not valid.',
  subscriptionElsewhere: 'This subscription belongs to another account.',
  adminSearchTooLong: 'The search text is too long.',
  adminTypeInvalid: "type must be 'basic' or 'premium'.",
  adminTransactionIdInvalid: 'transaction_id must be text or null.',
  adminTransactionIdTooLong: 'transaction_id is too long (at most 200 characters).',
  adminTransactionDateInvalid: 'transaction_date must be a real date written YYYY-MM-DD, or null.',
  adminWorkerLimitNegative: 'limit_workers must be 0 or more.',
  adminWorkerLimitTooLarge: 'limit_workers must be at most 100000.',
  adminLimitInvalid: 'limit must be a whole number from 1 to 500.',
  adminUnreadInvalid: "unread must be 'true' or 'false'.",
  adminReadInvalid: 'read must be true or false.',

  // Holidays (holidays-api.ts, the server's holidays module)
  yearInvalid: 'year must be a year from 1900 to 2200, written YYYY.',
  holidayExists: 'The company already has a day off on this date.',

  // Labour settings and the payroll statement (month-close-api.ts, the server's month-close module)
  jurisdictionInvalid: "jurisdiction must be 'XK' (Kosovo) or 'AL' (Albania).",
  applyLabourRulesInvalid: 'apply_labour_rules must be true or false.',
  toleranceInvalid: 'The tolerance must be a whole number of minutes from 0 to 120.',
  autoCheckoutInvalid: 'auto_checkout must be true or false.',
  labourRulesOff:
    'Labour-law rules are off for this company: turn on "Apply labour-law rules" in the labour settings to see the payroll statement.',
  monthClosed: 'This month is closed: its hours, scan corrections and pay cannot change. Reopen the month first.',
  monthAlreadyClosed: 'This month is already closed.',
  companyDayMonthClosed:
    'This month is closed: its company days cannot be added or removed, as its pay is already settled. Reopen the month first.',
  monthNotClosed: 'This month is not closed.',
  monthHasExceptions:
    'This month has exceptions to review (missing checkouts, long days, work on holidays, overtime over the caps, hours in the wrong source): fix them, or acknowledge them to close the month.',
  acknowledgeExceptionsInvalid: 'acknowledge_exceptions must be true or false.',
  reasonRequired: 'Write why the month is reopened.',
  reasonTooLong: 'The reason must be at most 500 characters.',
  noRuleSetForMonth:
    'Puna has no labour-law rules for this month (they start in August 2024 for Kosovo and January 2024 for Albania).',

  // Missed punches: "I forgot to scan" (corrections-api.ts, the server's corrections module)
  correctionKindInvalid: "kind must be 'in' or 'out'.",
  correctionTimeInvalid: 'The time must be a time of day written HH:MM.',
  correctionNoteTooLong: 'The note on a correction request must be at most 500 characters.',
  correctionStatusInvalid: "A correction request's status must be 'approved' or 'declined'.",
  correctionFilterInvalid: "status must be 'pending', 'approved' or 'declined'.",
  correctionInFuture: 'This time has not come yet: you can only correct a scan you missed.',
  correctionPending: 'You already asked to correct this scan on this day; wait for the answer.',
  correctionOutBeforeIn: 'The checkout must be after the first scan of the day.',
  correctionNoFirstScan: 'This day has no first scan: ask for the scan in first.',
  correctionInAfterOut: 'The first scan must be before the checkout of the day.',
  correctionDecided: 'This request has already been answered.',
  correctionNotFound: 'Correction request not found.',
  correctionTooOld: 'You can ask to correct a scan from the last 2 years only.',
  correctionsPerDay: 'You can send at most 20 correction requests in 24 hours. Please try again later.',
  // Leave and absences (leave-api.ts, the server's leave module)
  leaveNotFound: 'Leave not found.',
  leaveTypeNotFound: 'Leave type not found.',
  leaveTypeIdInvalid: 'The leave type id must be a positive whole number.',
  leaveTypeNameRequired: "Write the leave type's name.",
  leaveTypeNameTooLong: "The leave type's name must be at most 60 characters.",
  leaveTypeNameTaken: 'The company already has a leave type with this name.',
  leaveTypeBuiltIn:
    'A built-in leave type keeps its name and whether it is paid, and cannot be archived: only whether it needs approval can change.',
  leaveTypeArchived: 'This leave type is archived: choose another one.',
  leavePaidInvalid: 'paid must be true or false.',
  leaveNeedsApprovalInvalid: 'needs_approval must be true or false.',
  leaveArchivedInvalid: 'archived must be true or false.',
  leaveNoteTooLong: 'The note must be at most 500 characters.',
  leaveRangeReversed: 'The leave must end on or after the day it starts.',
  leaveRangeTooLong: 'A leave can cover at most 366 days.',
  leaveOverlaps: 'The worker already has leave asked for or approved on some of these days.',
  leaveNoWorkingDay: 'These days are all rest days or holidays: there is no working day to take as leave.',
  leaveAlreadyDecided: 'This leave has already been decided.',
  leaveNotPending: 'Only a leave still waiting for a decision can be cancelled.',
  leaveOutOfWindow: 'Leave can start at most 2 years back and end at most 2 years ahead.',
  leavePerDay: 'You can send at most 20 leave requests in 24 hours. Please try again later.',
  leaveStatusInvalid: "status must be 'pending', 'approved', 'declined' or 'cancelled'.",
  leaveDecisionInvalid: "status must be 'approved' or 'declined'.",
  leaveDaysInvalid: 'The number of days must be a whole or half number from 0 to 366.',
  annualLeaveDaysInvalid: 'The annual leave days must be a whole number from 0 to 366, or empty for the legal minimum.',

  // Payroll documents: the personal ID number (employees.ts), the payroll export and payslips
  personalIdInvalid: 'The personal ID number must be 1 to 20 letters or digits.',
  payslipMonthOpen: 'Your payslip for this month is ready once your employer closes the month.',
  payslipWorkerMissing: "This employee has no row in this month's payroll statement.",
  fiscalNumberInvalid:
    "The fiscal number must be the company's NUI in Kosovo (9 digits) or its NIPT in Albania (a letter, 8 digits and a letter).",
  addressTooLong: "The company's address must be at most 200 characters.",
  // Shifts and the roster (roster.ts)
  shiftTimeInvalid: 'A shift starts and ends at a time of day written HH:MM.',
  shiftSameStartEnd: 'A shift cannot start and end at the same time.',
  shiftBreakInvalid: 'The break is a whole number of minutes shorter than the shift.',
  shiftNoteTooLong: 'The note is at most 200 characters.',
  shiftEmployeeInvalid: 'The employee is an employee id, or null for an open shift.',
  shiftRangeInvalid: 'Give a range of dates (from and to), at most 62 days long.',
  shiftWeekInvalid: 'A week is written YYYY-Www, such as 2026-W48.',
  shiftNotFound: 'Shift not found.',
  shiftOverlaps: 'The employee already has a shift at that time.',
  shiftOnLeave: 'The employee is on approved leave that day.',
  shiftMonthClosed: 'That month is closed: its shifts cannot change. Reopen the month first.',
  shiftCopyTargetNotEmpty: 'The week you copy to already has shifts: remove them first, or copy to another week.',
  shiftNotOpen: 'Only a published open shift from today on can be claimed.',
  shiftNotYours: 'You can offer only your own published shift from today on.',
  shiftSwapSelf: 'Offer the shift to a colleague, not to yourself.',
  shiftRequestNotFound: 'Shift request not found.',
  shiftRequestDecided: 'This shift request was already answered.',
  shiftRequestPending: 'This shift already has a request waiting for an answer.',
  shiftRequestStatusInvalid: "status must be 'pending', 'offered', 'approved' or 'declined'.",
  shiftDecisionInvalid: "A shift request's status must be 'approved' or 'declined'.",

  rosterSettingFlagInvalid: 'shift_requests_auto and no_show_alert are true or false.',
  breakRulesInvalid:
    'Unpaid break rules are a list of at most 12 rules, sorted by from_minutes (0 to 1440, each once) with break_minutes from 0 to 180, or null.',
  // Workplaces and phone clock-in (phone-clock.ts, the server's phone-clock module)
  latitudeInvalid: 'Latitude is a number from -90 to 90.',
  longitudeInvalid: 'Longitude is a number from -180 to 180.',
  locationNameRequired: 'A workplace needs a name.',
  locationNameTooLong: 'A workplace name is at most 80 characters.',
  locationRadiusInvalid: "A workplace's radius is a whole number of metres from 25 to 2000.",
  locationAddressTooLong: "A workplace's address is at most 200 characters.",
  locationNotFound: 'Workplace not found.',
  phoneOutsideInvalid: "Outside every workplace a phone punch is either 'refuse'd or 'flag'ged.",
  phoneClockFlagInvalid: 'Each phone clock setting is true or false (or null for the employer setting).',
  photoRetentionInvalid: 'Photos are kept for a whole number of days from 1 to 3650.',
  punchIdInvalid: "A punch's id is a UUID made by the phone.",
  punchAccuracyInvalid: "The position's accuracy is a number of metres, 0 or more.",
  punchTakenAtInvalid: 'The punch time is an instant such as 2026-11-28T08:00:00Z.',
  punchEmployeeInvalid: 'Choose an employee by id.',
  punchPhotoNotJpeg: 'The photo must be a JPEG image.',
  punchPhotoTooBig: 'The photo is at most 200 KB: take it again smaller.',
  punchPhotoRequired: 'Take a photo with the punch: your employer requires one.',
  phonePunchesOff: 'Punching from the phone is not allowed for you. Ask your employer.',
  punchOutside: 'You are {{distance}} m from {{name}}, outside every workplace: the punch was not stored.',
  punchNoWorkplace: 'Your employer has set up no workplace yet, so a phone punch cannot be placed.',
  punchTooOld: 'A punch older than 7 days cannot be sent any more.',
  punchInFuture: "The punch time is ahead of the server's clock: set the phone's clock right and punch again.",
  punchTooMany: 'Too many punches in one minute: wait a moment.',
  punchMonthClosed: 'This month is closed: its punches cannot change. Reopen the month first.',
  punchNotFound: 'Punch not found.',
  punchPhotoNotFound: 'This punch has no photo: none was taken, or it was deleted after the retention period.',
  punchIdUsed: 'This punch id already belongs to another punch: send the punch with a new id.',
  punchNotFlagged: 'Only a flagged punch can be accepted or removed; correct the day instead.',
} as const;

export type TMessageCode = keyof typeof messages;
export type TMessage = (typeof messages)[TMessageCode];

export const MESSAGE_CODES = Object.keys(messages) as TMessageCode[];

/** The English day names, Monday first, that the schedule's sentences put in `{{day}}` (clients translate them). */
export const MESSAGE_DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Values for a sentence's `{{name}}` placeholders. */
export type TMessageParams = Record<string, string | number>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A catalog sentence with its placeholders filled: `formatMessage('workerLimit', { limit: 5 })`. */
export function formatMessage(code: TMessageCode, params: TMessageParams = {}): string {
  return messages[code].replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''));
}

const codeBySentence = new Map<string, TMessageCode>(MESSAGE_CODES.map((code) => [messages[code], code]));

/** Each sentence with placeholders as a pattern that reads the values back. */
const templates = MESSAGE_CODES.filter((code) => messages[code].includes('{{')).map((code) => {
  const sentence = messages[code];
  const names = [...sentence.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  const pattern = sentence
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { code, names, pattern: new RegExp(`^${pattern}$`, 's') };
});

/** The code of a catalog sentence, and the values in its placeholders; undefined for any other text. */
export function matchMessage(
  sentence: string | undefined,
): { code: TMessageCode; params: Record<string, string> } | undefined {
  if (sentence === undefined) return undefined;
  const exact = codeBySentence.get(sentence);
  if (exact) return { code: exact, params: {} };
  for (const template of templates) {
    const match = template.pattern.exec(sentence);
    if (match) {
      return {
        code: template.code,
        params: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] ?? ''])),
      };
    }
  }
  return undefined;
}

/** The code of a catalog sentence (a zod issue's message, an `Error`), or undefined for any other text. */
export function messageCode(sentence: string | undefined): TMessageCode | undefined {
  return matchMessage(sentence)?.code;
}

/** "X is required." when missing, "X must be text." when sent as another type (a zod `error` callback). */
export function requiredOrText(required: TMessage, notText: TMessage) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? required : notText);
}
