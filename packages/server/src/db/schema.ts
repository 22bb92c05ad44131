/**
 * The whole data model (docs/product.md#data-model). Every tenant row carries `employer_id`; every lookup a screen
 * makes has an index. Later issues extend it with new migrations, never by editing old ones.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The employer a row belongs to (its tenant): required, and the row goes when the employer does. */
const employerOf = () =>
  integer('employer_id')
    .notNull()
    .references(() => employers.id, { onDelete: 'cascade' });

export const employers = pgTable(
  'employers',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** 'basic' or 'premium' (docs/product.md#subscription). */
    type: text('type').notNull().default('basic'),
    transactionId: text('transaction_id'),
    transactionDate: date('transaction_date', { mode: 'string' }),
    limitWorkers: integer('limit_workers').notNull().default(10),
    /** Default list type: 'klista' (Lista Normale) or 'rfid' (RFID Lista). */
    listType: text('list_type').notNull().default('klista'),
    timeZone: text('time_zone').notNull().default('Europe/Tirane'),
    /** Set once the default roles have been offered; deleting them all later does not bring them back. */
    rolesSeeded: boolean('roles_seeded').notNull().default(false),
    /** Whose labour law applies: 'XK' Kosovo (the default: the spec's currency is the euro) or 'AL' Albania. */
    jurisdiction: text('jurisdiction').notNull().default('XK'),
    /** Opt-in: the payroll statement under the jurisdiction's labour law (docs/labour-rules.md). */
    applyLabourRules: boolean('apply_labour_rules').notNull().default(false),
    /** Minutes a scan may be after a shift's start or before its end without counting as late or early (docs/product.md#attendance). */
    attendanceToleranceMinutes: integer('attendance_tolerance_minutes').notNull().default(10),
    /** Paid annual leave days a year for a full-time worker; null: the jurisdiction's minimum (4 weeks). */
    annualLeaveDays: integer('annual_leave_days'),
    /** Opt-in: a scanned day without checkout is closed at the scheduled end, flagged as automatic. */
    autoCheckout: boolean('auto_checkout').notNull().default(false),
    /** The last date whose exceptions digest was sent (one a day). */
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    /** Fiscal number on payslips and declarations: NUI in Kosovo, NIPT in Albania (optional). */
    fiscalNumber: text('fiscal_number'),
    /** The employer's address on payslips (optional). */
    address: text('address'),
    /** Phone clock-in (docs/product.md#phone-clock): whether workers may punch from their phones. */
    phonePunches: boolean('phone_punches').notNull().default(false),
    /** A phone punch outside every workplace: 'refuse' it, or 'flag' it and keep it. */
    phoneOutside: text('phone_outside').notNull().default('refuse'),
    /** Whether a phone punch must carry a photo. */
    phonePhotoRequired: boolean('phone_photo_required').notNull().default(false),
    /** Days a punch's photo is kept before it is deleted (phone and kiosk photos alike). */
    photoRetentionDays: integer('photo_retention_days').notNull().default(60),
    /** Shift claims and swaps go through without the employer's decision (docs/product.md#shifts-and-the-roster). */
    shiftRequestsAuto: boolean('shift_requests_auto').notNull().default(false),
    /** A published shift with no scan 15 minutes after its start pushes to the employer. */
    noShowAlert: boolean('no_show_alert').notNull().default(true),
    /**
     * Unpaid break minutes by shift length, `[{ "from_minutes": 360, "break_minutes": 30 }, …]`; null:
     * the jurisdiction's default (domain BREAK_RULES).
     */
    unpaidBreakRules: jsonb('unpaid_break_rules'),
    createdAt: createdAt(),
  },
  (t) => [
    check('employers_type_check', sql`${t.type} in ('basic', 'premium')`),
    check('employers_list_type_check', sql`${t.listType} in ('klista', 'rfid')`),
    check('employers_jurisdiction_check', sql`${t.jurisdiction} in ('XK', 'AL')`),
    check('employers_limit_workers_check', sql`${t.limitWorkers} >= 0`),
    check('employers_attendance_tolerance_check', sql`${t.attendanceToleranceMinutes} between 0 and 120`),
    check('employers_annual_leave_days_check', sql`${t.annualLeaveDays} between 0 and 366`),
    check('employers_phone_outside_check', sql`${t.phoneOutside} in ('refuse', 'flag')`),
    check('employers_photo_retention_check', sql`${t.photoRetentionDays} between 1 and 3650`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    name: text('name').notNull(),
    salary: numeric('salary', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Pay basis: 'Orë' per hour, 'Ditë' per day, 'Muaj' per month. */
    wages: text('wages').notNull().default('Orë'),
    role: text('role').notNull(),
    /** Weekly schedule keyed monday..sunday (docs/product.md#schedules). */
    schedule: jsonb('schedule'),
    /** RFID card UID, unique within the employer. */
    rfid: text('rfid'),
    /** PIN used by ZKTeco-style clocks; unique within the employer. */
    devicePin: text('device_pin'),
    /** Personal ID number for the payroll declaration (optional; 1–20 capital letters or digits). */
    personalId: text('personal_id'),
    /** First day of employment (optional): no pay, holidays or leave entitlement before it. */
    startDate: date('start_date', { mode: 'string' }),
    /** Last day of employment (optional): set when a worker with closed-month pay is archived. */
    endDate: date('end_date', { mode: 'string' }),
    /** Per-employee overrides of the employer's phone clock-in settings; null: the employer's. */
    phonePunches: boolean('phone_punches'),
    phoneOutside: text('phone_outside'),
    phonePhotoRequired: boolean('phone_photo_required'),
    /** PIN typed at the browser kiosk (4–8 digits), unique within the employer; the clock PIN also works. */
    kioskPin: text('kiosk_pin'),
    /** Bumped when a QR badge is reprinted or revoked: a badge signed with an older version is refused. */
    badgeVersion: integer('badge_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('employees_employer_name_idx').on(t.employerId, t.name),
    uniqueIndex('employees_employer_rfid_uq').on(t.employerId, t.rfid).where(sql`${t.rfid} is not null`),
    uniqueIndex('employees_employer_pin_uq').on(t.employerId, t.devicePin).where(sql`${t.devicePin} is not null`),
    uniqueIndex('employees_employer_kiosk_pin_uq').on(t.employerId, t.kioskPin).where(sql`${t.kioskPin} is not null`),
    check('employees_phone_outside_check', sql`${t.phoneOutside} in ('refuse', 'flag')`),
    check('employees_wages_check', sql`${t.wages} in ('Orë', 'Ditë', 'Muaj')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; unique across the whole platform. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'admin' (platform), 'employer' (an employer's owner account) or 'worker'. */
    kind: text('kind').notNull(),
    employerId: integer('employer_id').references(() => employers.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_employer_idx').on(t.employerId),
    uniqueIndex('users_employee_uq').on(t.employeeId).where(sql`${t.employeeId} is not null`),
    check('users_kind_check', sql`${t.kind} in ('admin', 'employer', 'worker')`),
    check(
      'users_tenant_check',
      sql`(${t.kind} = 'admin' and ${t.employerId} is null) or (${t.kind} = 'employer' and ${t.employerId} is not null) or (${t.kind} = 'worker' and ${t.employerId} is not null and ${t.employeeId} is not null)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when a platform admin acts as this user (impersonation). */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The admin's own session behind an impersonation: when it ends (revoked, expired, deleted), this one does. */
    impersonatorSessionId: integer('impersonator_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 'verify' (sign-up), 'reset' (forgotten password), 'email_change' (to `new_email`) or 'claim'
     * (the owner of a worker login's address signs up: `payload` holds the sign-up).
     */
    purpose: text('purpose').notNull().default('verify'),
    /** The address an 'email_change' code was mailed to, and that the login moves to. */
    newEmail: text('new_email'),
    /** A claim's sign-up: `{ companyName, passwordHash }`. */
    payload: jsonb('payload'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_user_idx').on(t.userId, t.createdAt),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset', 'email_change', 'claim')`),
  ],
);

/**
 * Attempt counters shared by every process on PostgreSQL (`rate-limiter-flexible`'s
 * RateLimiterPostgres table layout: one row per limiter key, `expire` in epoch milliseconds).
 * PGlite is one process and counts in memory; the table then stays empty.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    name: text('name').notNull(),
    /** Order in the employer's list; the wire addresses roles by this index. */
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('roles_employer_name_uq').on(t.employerId, t.name),
    index('roles_employer_position_idx').on(t.employerId, t.position),
  ],
);

/** An employer's own days off beside the official holidays (docs/labour-rules.md#official-holidays). */
export const companyHolidays = pgTable(
  'company_holidays',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_holidays_employer_date_uq').on(t.employerId, t.date)],
);

/**
 * A closed month of an employer (docs/product.md#month-close): who closed it and when, and the
 * payroll statement as it stood, which GET /krye/payroll answers while the month stays closed.
 * Reopening deletes the row (the audit log keeps who, when and why).
 */
export const closedMonths = pgTable(
  'closed_months',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    statement: jsonb('statement').notNull(),
  },
  (t) => [uniqueIndex('closed_months_employer_month_uq').on(t.employerId, t.month)],
);

export const hoursEntries = pgTable(
  'hours_entries',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('data', { mode: 'string' }).notNull(),
    hours: numeric('ora', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Optional start and end of the hours ('HH:MM'; an end before the start ends the next day). */
    fromTime: text('from_time'),
    toTime: text('to_time'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hours_entries_worker_date_uq').on(t.workerId, t.date),
    index('hours_entries_employer_date_idx').on(t.employerId, t.date),
    check('hours_entries_ora_check', sql`${t.hours} >= 0 and ${t.hours} <= 24`),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    /** The device's serial (ZKTeco SN, ESP32 id); unique across the platform. */
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    /** 'puna' (protocol v1), 'zkteco' (iclock push) or 'kiosk' (browser). */
    protocol: text('protocol').notNull().default('puna'),
    secretHash: text('secret_hash'),
    ssid: text('ssid'),
    firmware: text('firmware'),
    ip: text('ip'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Pending configuration `{ version, name?, ssid?, passwordEncrypted? }`, cleared on acknowledgement. */
    pendingConfig: jsonb('pending_config'),
    configVersion: integer('config_version').notNull().default(0),
    /**
     * ZKTeco clocks: the last `Stamp` each table was uploaded with (`ATTLOG`, `OPERLOG`, `ATTPHOTO`),
     * echoed in the handshake so the clock sends only what is newer; null asks for everything.
     */
    stamps: jsonb('stamps'),
    /** ZKTeco clocks: how many queued commands one poll carries (bridges read one). */
    commandsPerPoll: integer('commands_per_poll').notNull().default(1),
    /**
     * ZKTeco clocks behind a LAN bridge (pyzk-based agents): users are sent with numeric PINs and
     * decimal card numbers only; employees whose PIN is not numeric are left off and listed.
     */
    numericUsers: boolean('numeric_users').notNull().default(false),
    /**
     * When the device was confirmed as its employer's. Readers and kiosks (they hold a secret) at
     * registration; a ZKTeco clock (its serial is no secret) when a punch with `confirm_pin` arrives
     * from it. Only a confirmed serial is unique across the platform.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** ZKTeco clocks waiting for confirmation: the user ID to punch with at the clock. */
    confirmPin: text('confirm_pin'),
    /** ZKTeco clocks: the network (`a.b.c.0/24`, an IPv6 /48) requests are taken from once confirmed. */
    trustedNetwork: text('trusted_network'),
    /** ZKTeco clocks: another network the serial was last refused from, for the employer to approve. */
    movedNetwork: text('moved_network'),
    movedSeenAt: timestamp('moved_seen_at', { withTimezone: true }),
    /**
     * ZKTeco clocks: uploads that carried a confirmation-range PIN (900000–999999) but confirmed
     * nothing since the current `confirm_pin` was given; at 10 the PIN takes no more tries.
     */
    confirmAttempts: integer('confirm_attempts').notNull().default(0),
    /**
     * ZKTeco clocks: punches older than this (the confirmation punch's time) are held aside
     * (`held_punches`), never attributed, until the employer imports them; null takes every punch.
     */
    punchesFrom: timestamp('punches_from', { withTimezone: true }),
    /** ZKTeco clocks: the PINs that confirmed this clock; their punches are nobody's attendance. */
    spentPins: text('spent_pins').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_device_id_confirmed_uq').on(t.deviceId).where(sql`${t.confirmedAt} is not null`),
    uniqueIndex('devices_employer_device_uq').on(t.employerId, t.deviceId),
    index('devices_employer_idx').on(t.employerId),
  ],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_groups_employer_idx').on(t.employerId)],
);

export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('device_group_members_device_idx').on(t.deviceId)],
);

export const scans = pgTable(
  'scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    employerId: employerOf(),
    /** Null once the device is removed; the scan itself is kept. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The device's own sequence number; (device, seq) makes a retried batch harmless. */
    seq: bigint('seq', { mode: 'number' }),
    uid: text('uid').notNull(),
    /** The employee the card belonged to when scanned; reassigning a card never rewrites this. */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the punch came from: 'phone' (a worker's phone), 'kiosk' (the browser kiosk), 'reader'
     * (a Puna card reader), 'clock' (a ZKTeco clock); null on rows from before migration 0023, whose
     * origin follows from their device's protocol.
     */
    origin: text('origin'),
    /** How the kiosk knew the worker: 'card', 'pin' or 'badge' (a QR badge); null elsewhere. */
    method: text('method'),
    /** A phone punch's client-made UUID: a resend of the same punch stores nothing twice. */
    clientId: text('client_id'),
    /** A phone punch's position and its accuracy in metres, as the phone reported them. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracyM: doublePrecision('accuracy_m'),
    /** The workplace the punch fell in (or the nearest one), and its distance in metres. */
    locationId: integer('location_id').references((): AnyPgColumn => locations.id, { onDelete: 'set null' }),
    distanceM: integer('distance_m'),
    /** 'outside', 'poor_accuracy', 'late' (sent from the offline queue), 'clock_skew'; empty when nothing is odd. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    /** Set when the employer accepts a flagged punch (removing one deletes it; both leave an audit entry). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scans_device_seq_uq').on(t.deviceId, t.seq),
    uniqueIndex('scans_employer_client_uq').on(t.employerId, t.clientId).where(sql`${t.clientId} is not null`),
    check('scans_origin_check', sql`${t.origin} in ('phone', 'kiosk', 'reader', 'clock')`),
    check('scans_method_check', sql`${t.method} in ('card', 'pin', 'badge')`),
    index('scans_employer_time_idx').on(t.employerId, t.scannedAt),
    index('scans_employee_time_idx').on(t.employeeId, t.scannedAt),
  ],
);

/**
 * An employer's workplaces (docs/product.md#workplaces): a phone punch inside a circle of `radius_m`
 * metres around (`lat`, `lng`) is at that workplace.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radiusM: integer('radius_m').notNull(),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('locations_employer_idx').on(t.employerId),
    check('locations_radius_check', sql`${t.radiusM} between 25 and 2000`),
    check('locations_lat_check', sql`${t.lat} between -90 and 90`),
    check('locations_lng_check', sql`${t.lng} between -180 and 180`),
  ],
);

/**
 * The photo taken at a punch (phone or kiosk), a JPEG of at most 200 KB, kept for the employer's
 * retention period (`employers.photo_retention_days`) and then deleted by a daily job; the punch stays.
 */
export const scanPhotos = pgTable(
  'scan_photos',
  {
    scanId: bigint('scan_id', { mode: 'number' })
      .primaryKey()
      .references(() => scans.id, { onDelete: 'cascade' }),
    employerId: employerOf(),
    jpeg: bytea('jpeg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scan_photos_employer_created_idx').on(t.employerId, t.createdAt)],
);

/**
 * Each worker's scanned days, kept by the database (migration 0015's triggers on `scans` and on an
 * employer's zone): the day is the scan's date in the employer's zone, `first_at` / `last_at` its
 * earliest and latest scan, `summary` the day as the scanned-days read sends it
 * (`employee_id,HH:MM:SS,HH:MM:SS,scan_count`, the times in the employer's zone). The scans stay the
 * record; this is their sum per day, so a month's read groups 13,000 rows instead of 26,000 scans.
 */
export const scanDays = pgTable(
  'scan_days',
  {
    employerId: employerOf(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    scanCount: integer('scan_count').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.day] }), index('scan_days_employer_day_idx').on(t.employerId, t.day)],
);

/**
 * Chats belong to one employer. The employer is a member of each of its chats; workers are members
 * by employee id. A direct chat names its worker in `direct_employee_id`, so one employer has at
 * most one direct chat per worker (a unique index, safe under concurrent creates). Deleting the
 * worker keeps the chat and its history for the employer (the column becomes null).
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    /** 'direct' or 'group'. */
    type: text('type').notNull(),
    name: text('name'),
    directEmployeeId: integer('direct_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chats_employer_idx').on(t.employerId),
    uniqueIndex('chats_direct_uq').on(t.employerId, t.directEmployeeId).where(sql`${t.directEmployeeId} is not null`),
    check('chats_type_check', sql`${t.type} in ('direct', 'group')`),
  ],
);

/**
 * Who is in a chat, addressed as the wire addresses them: `member_type` 'employer' with the
 * employer id, or 'worker' with the employee id. A worker row repeats its id in `employee_id` so
 * deleting the employee removes its memberships (the FK cascades).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    memberType: text('member_type').notNull(),
    memberId: integer('member_id').notNull(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** Last message this member has read; unread = later messages from others. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.memberType, t.memberId] }),
    index('chat_members_member_idx').on(t.memberType, t.memberId),
    check(
      'chat_members_member_check',
      sql`(${t.memberType} = 'worker' and ${t.employeeId} = ${t.memberId}) or (${t.memberType} = 'employer' and ${t.employeeId} is null)`,
    ),
  ],
);

/**
 * A stored chat message. The sender is kept by type and id without a foreign key, so a deleted
 * worker's messages stay under the name they were sent with.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    employerId: employerOf(),
    senderType: text('sender_type').notNull(),
    /** Employer id or employee id, as `sender_type` says. */
    senderId: integer('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    /** The client's `messageId`; a resend with the same one is stored once. */
    clientMessageId: text('client_message_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_id_idx').on(t.chatId, t.id),
    uniqueIndex('messages_resend_uq').on(t.chatId, t.senderType, t.senderId, t.clientMessageId),
    check('messages_sender_type_check', sql`${t.senderType} in ('employer', 'worker')`),
  ],
);

/** A browser's Web Push subscription, for the logged-in user that made it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Used by `@socket.io/postgres-adapter` (several processes on PostgreSQL) for events larger than a
 * NOTIFY payload (8000 bytes); the adapter deletes rows after 30 s. Its own column names.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    provider: text('provider').notNull().default('paypal'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: text('plan_id'),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_uq').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_employer_idx').on(t.employerId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    employerId: integer('employer_id').references(() => employers.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_employer_idx').on(t.employerId, t.createdAt)],
);

/** Process-wide settings kept in the database (VAPID keys, …). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Commands waiting for a ZKTeco clock (`GET /iclock/getrequest`): sent once, acknowledged by
 * `POST /iclock/devicecmd` with the device's return code.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    result: integer('result'),
    /** How often it was sent; each resend waits twice as long (5 minutes, 10, 20 … at most 6 hours). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.id)],
);

/**
 * The users a ZKTeco clock reported it holds (OPERLOG `USER`, USERINFO/USER tables, `querydata`),
 * by PIN: the employer links those no employee holds ("Import users from this clock").
 */
export const clockUsers = pgTable(
  'clock_users',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pin: text('pin').notNull(),
    name: text('name').notNull().default(''),
    /** Normalised card UID (hex), or null. */
    card: text('card'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clock_users_device_pin_uq').on(t.deviceId, t.pin)],
);

/**
 * Punches a clock uploaded from before its confirmation by this employer (a moved clock's earlier
 * log, perhaps another employer's): kept aside, attributed to no one, shown under the clock's
 * problems until the employer imports them (`POST /api/controllers/{id}/import-held`).
 */
export const heldPunches = pgTable(
  'held_punches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    pin: text('pin').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('held_punches_device_seq_uq').on(t.deviceId, t.seq)],
);

/**
 * Upload lines a clock sent that could not be punches (malformed, impossible or out-of-window
 * times), kept with their raw text for the employer's Devices page; the newest 100 per device.
 */
export const deviceRefusals = pgTable(
  'device_refusals',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    raw: text('raw').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_refusals_device_idx').on(t.deviceId, t.id)],
);

/**
 * An employer's correction of one worker's scanned day (RFID list edit or delete). Raw scans stay
 * untouched; the latest correction of a (worker, date) replaces what the scans say.
 */
export const scanCorrections = pgTable(
  'scan_corrections',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** `HH:MM` in the employer's time zone; null on a deletion. */
    firstTime: text('first_time'),
    lastTime: text('last_time'),
    deleted: boolean('deleted').notNull().default(false),
    /** Who made it: 'employer' (an edit), 'worker' (an approved "I forgot to scan") or 'automatic' (checkout at the scheduled end). */
    origin: text('origin').notNull().default('employer'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scan_corrections_employee_date_uq').on(t.employeeId, t.date),
    index('scan_corrections_employer_date_idx').on(t.employerId, t.date),
    check('scan_corrections_origin_check', sql`${t.origin} in ('employer', 'worker', 'automatic')`),
  ],
);

/**
 * An employer's kinds of leave (docs/product.md#leave): the built-in 'annual', 'sick' and 'unpaid'
 * (one of each per employer, made on first use) and the employer's own ('custom').
 */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    paid: boolean('paid').notNull(),
    needsApproval: boolean('needs_approval').notNull().default(true),
    /** Hidden from new requests; kept for the leave already recorded with it. */
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('leave_types_employer_kind_uq').on(t.employerId, t.kind).where(sql`${t.kind} <> 'custom'`),
    uniqueIndex('leave_types_employer_name_uq').on(t.employerId, t.name),
    check('leave_types_kind_check', sql`${t.kind} in ('annual', 'sick', 'unpaid', 'custom')`),
  ],
);

/** A worker's leave from one date to another (inclusive): asked by the worker or recorded by the employer. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** Working days it takes (scheduled days less official and company holidays), fixed when recorded. */
    days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull().default(0),
    /** 'pending', 'approved', 'declined' or 'cancelled'. */
    status: text('status').notNull().default('pending'),
    note: text('note'),
    decisionNote: text('decision_note'),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Unread marks: the employer has not seen a new request; the worker has not seen a decision. */
    employerUnread: boolean('employer_unread').notNull().default(false),
    workerUnread: boolean('worker_unread').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('leave_requests_employer_status_idx').on(t.employerId, t.status),
    index('leave_requests_employee_from_idx').on(t.employeeId, t.fromDate),
    check('leave_requests_status_check', sql`${t.status} in ('pending', 'approved', 'declined', 'cancelled')`),
    check('leave_requests_range_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/** A worker's annual leave for one year when the employer sets it: entitlement (null: computed) and days carried over. */
export const leaveAllowances = pgTable(
  'leave_allowances',
  {
    employerId: employerOf(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    entitledDays: numeric('entitled_days', { precision: 6, scale: 1, mode: 'number' }),
    carriedOverDays: numeric('carried_over_days', { precision: 6, scale: 1, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.year] }), index('leave_allowances_employer_idx').on(t.employerId)],
);

/** A worker's "I forgot to scan": the time it says it came in or left on a date, for the employer to approve. */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'in' or 'out'. */
    kind: text('kind').notNull(),
    /** 'HH:MM' in the employer's time zone. */
    time: text('time').notNull(),
    note: text('note'),
    /** 'pending', 'approved' or 'declined'. */
    status: text('status').notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    employerUnread: boolean('employer_unread').notNull().default(true),
    workerUnread: boolean('worker_unread').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('correction_requests_employer_status_idx').on(t.employerId, t.status),
    index('correction_requests_employee_date_idx').on(t.employeeId, t.date),
    check('correction_requests_kind_check', sql`${t.kind} in ('in', 'out')`),
    check('correction_requests_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

/** Missed-checkout reminders already sent: one per worker and day, whichever process sends it. */
export const attendanceReminders = pgTable(
  'attendance_reminders',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    employerId: employerOf(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.date] })],
);

/**
 * A worker's weekly schedule from a date on (docs/product.md#schedules): a change keeps the days
 * before it measured against the schedule they had. `employees.schedule` stays the current one.
 */
export const employeeSchedules = pgTable(
  'employee_schedules',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    employerId: employerOf(),
    schedule: jsonb('schedule'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.effectiveFrom] })],
);

/**
 * A login's two-step verification (TOTP, RFC 6238): `secret` is the confirmed one, `pending_secret`
 * one being set up and not yet confirmed with a code (the confirmed one stays in force meanwhile).
 * A secret is never answered after setup. `last_used_step` is the 30-second time step of the last
 * accepted code, so a code is accepted once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per login with two-step verification; only their SHA-256 is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and a session for a login with two-step verification: an
 * opaque token (only its SHA-256 is stored), 5 minutes, single use, at most 5 codes tried.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_uq').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

/**
 * A shift of the roster (docs/product.md#shifts-and-the-roster): planned work for an employee, or
 * an open shift (`employee_id` null), from `start` to `end` on the employer's wall clock ('HH:MM';
 * an end at or before the start ends the next day), belonging to the date it starts on. Workers see
 * `published_copy`, the shift as last published (null: never published); the employer sees the
 * row as it is. `removed` marks a published shift the employer deleted: it goes at the next publish.
 */
export const rosterShifts = pgTable(
  'roster_shifts',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    note: text('note').notNull().default(''),
    /** `{ employee_id, date, start, end, break_minutes, note }` as workers see it; null until published. */
    publishedCopy: jsonb('published_copy'),
    removed: boolean('removed').notNull().default(false),
    /** When the employer was told of a no-show for this shift: set once, so several processes push once. */
    noShowNotifiedAt: timestamp('no_show_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roster_shifts_employer_date_idx').on(t.employerId, t.date),
    index('roster_shifts_employee_date_idx').on(t.employeeId, t.date),
  ],
);

/**
 * A worker's request about a roster shift (docs/product.md#shifts-and-the-roster): a claim of an
 * open shift, or a swap of its own shift to a colleague (`to_employee_id`), who accepts it first.
 * 'offered' (a swap waiting for the colleague), 'pending' (for the employer), 'approved', 'declined'.
 */
export const shiftRequests = pgTable(
  'shift_requests',
  {
    id: serial('id').primaryKey(),
    employerId: employerOf(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => rosterShifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    toEmployeeId: integer('to_employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shift_requests_employer_status_idx').on(t.employerId, t.status),
    index('shift_requests_shift_idx').on(t.shiftId),
    check('shift_requests_kind_check', sql`${t.kind} in ('claim', 'swap')`),
    check('shift_requests_status_check', sql`${t.status} in ('offered', 'pending', 'approved', 'declined')`),
  ],
);

/**
 * The employee list's version per employer (migration 0026): raised by the database when a
 * transaction that wrote the employer's employees or their logins commits (a deferred trigger, so
 * the row is locked last, at commit). The list's answer is kept in memory for a version and a date
 * (employees/list-cache.ts); no row yet reads as version 0.
 */
export const employeeListVersions = pgTable('employee_list_versions', {
  employerId: integer('employer_id')
    .primaryKey()
    .references(() => employers.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
