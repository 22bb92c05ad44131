import { z } from 'zod';
import { resultEnvelope } from './envelope';
import { messages } from './messages';

/** A device's serial (ZKTeco SN, ESP32 chip id): letters, digits, `-`, `_`, `.`, `:`. */
export const ZDeviceId = z
  .string({ error: messages.deviceIdRequired })
  .trim()
  .min(1, messages.deviceIdRequired)
  .max(64, messages.deviceIdTooLong)
  .regex(/^[\w.:-]+$/, messages.deviceIdFormat);

const ZDeviceName = z
  .string({ error: messages.deviceNameRequired })
  .trim()
  .min(1, messages.deviceNameRequired)
  .max(80, messages.deviceNameTooLong);

export const DEVICE_PROTOCOLS = ['puna', 'zkteco', 'kiosk'] as const;
export const ZDeviceProtocol = z.enum(DEVICE_PROTOCOLS);
export type TDeviceProtocol = z.infer<typeof ZDeviceProtocol>;

/** A device as GET /api/controllers lists it (docs/product.md#devices, plus its protocol). */
export const ZDevice = z.object({
  device_id: z.string(),
  name: z.string(),
  ssid: z.string().nullable(),
  /** A Wi-Fi network sent from Puna that the reader has not confirmed yet (its next heartbeat does). */
  pending_ssid: z.string().nullable(),
  connected: z.boolean(),
  last_seen: z.string().nullable(),
  protocol: ZDeviceProtocol,
  /** False for a ZKTeco clock until a punch with `confirm_pin` arrives from it. */
  confirmed: z.boolean(),
  /** A clock waiting for confirmation: the user ID to add on the clock and punch with once. */
  confirm_pin: z.string().nullable(),
  /** A confirmed clock's serial was last refused from this other network (the employer may approve the move). */
  moved_network: z.string().nullable(),
  moved_seen: z.string().nullable(),
  /** A ZKTeco clock: queued commands per poll (null for other devices). */
  commands_per_poll: z.number().int().nullable(),
  /** A ZKTeco clock behind a LAN bridge: users sent with numeric PINs and decimal cards (null for other devices). */
  numeric_users: z.boolean().nullable(),
});
export type TDevice = z.infer<typeof ZDevice>;
export const ZDeviceListResponse = resultEnvelope(z.array(ZDevice));

/** POST /api/controllers. */
export const ZRegisterDeviceRequest = z.object({
  device_id: ZDeviceId,
  name: ZDeviceName,
  protocol: ZDeviceProtocol.default('puna'),
});
export type TRegisterDeviceRequest = z.infer<typeof ZRegisterDeviceRequest>;
/** The secret is shown once; ZKTeco clocks have none (their serial is their credential). */
export const ZRegisteredDeviceResponse = resultEnvelope(
  z.object({
    device_id: z.string(),
    name: z.string(),
    secret: z.string().nullable(),
    /** ZKTeco clocks: the user ID to punch with once at the clock to confirm it is this employer's. */
    confirm_pin: z.string().nullable(),
  }),
);

export const ZDeviceParams = z.object({ id: ZDeviceId });

/**
 * PUT /api/controllers/{id}/config: `{ name }`, `{ ssid, password }` (a Puna reader), or
 * `{ commands_per_poll }` (a ZKTeco clock: how many queued commands one poll carries; 1, the
 * default, suits bridges that read one command per poll), or `{ numeric_users }` (a ZKTeco clock
 * behind a LAN bridge: users are sent with numeric PINs and decimal card numbers only).
 */
export const ZDeviceConfigRequest = z.union(
  [
    z.object({ name: ZDeviceName }).strict(),
    z
      .object({
        commands_per_poll: z
          .number({ error: messages.commandsPerPollInvalid })
          .int(messages.commandsPerPollInvalid)
          .min(1, messages.commandsPerPollInvalid)
          .max(50, messages.commandsPerPollInvalid),
      })
      .strict(),
    z.object({ numeric_users: z.boolean({ error: messages.numericUsersInvalid }) }).strict(),
    z
      .object({
        ssid: z.string().trim().min(1, messages.ssidRequired).max(32, messages.ssidTooLong),
        password: z.string().max(63, messages.wifiPasswordTooLong),
      })
      .strict(),
  ],
  { error: messages.deviceConfigShape },
);
export type TDeviceConfigRequest = z.infer<typeof ZDeviceConfigRequest>;

/** Protocol v1: POST /device/v1/heartbeat. */
export const ZHeartbeatRequest = z.object({
  ssid: z.string().max(64).nullable().optional(),
  firmware: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  /** The config version the device has applied. */
  ackConfigVersion: z.number().int().min(0).optional(),
});
export type THeartbeatRequest = z.infer<typeof ZHeartbeatRequest>;

export const ZDeviceConfig = z.object({
  version: z.number().int(),
  name: z.string().optional(),
  ssid: z.string().optional(),
  password: z.string().optional(),
});
export type TDeviceConfig = z.infer<typeof ZDeviceConfig>;

export const ZHeartbeatResponse = z.object({ serverTime: z.string(), config: ZDeviceConfig.nullable() });

export const MAX_SCANS_PER_BATCH = 500;

/** One scan as a device sends it; each is checked on its own (see `ZScan`). */
export const ZScan = z.object({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  uid: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w:-]+$/),
  ts: z.iso.datetime({ offset: true }),
});
export type TScan = z.infer<typeof ZScan>;

/** Protocol v1: POST /device/v1/scans; scans are validated one by one by the server. */
export const ZScanBatchRequest = z.object({
  scans: z.array(z.unknown()).max(MAX_SCANS_PER_BATCH, messages.scansTooMany),
});
/**
 * Who a stored scan was attributed to: the card's holder at scan time, or null for an unknown card.
 * Sent to browser kiosks only (they show the worker's name); small readers parse a fixed-size JSON
 * document, so their answer stays as it was.
 */
export const ZScanResult = z.object({
  seq: z.number(),
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Kiosk PIN or badge scans that found no one: 'unknown' (wrong PIN, bad badge) or 'locked' (too many wrong PINs). */
  error: z.enum(['unknown', 'locked']).optional(),
});
export type TScanResult = z.infer<typeof ZScanResult>;

export const ZScanBatchResponse = z.object({
  accepted: z.array(z.number()),
  rejected: z.array(z.object({ seq: z.number().nullable(), error: z.string() })),
  /** One per accepted scan, for devices registered with protocol `kiosk`. */
  results: z.array(ZScanResult).optional(),
});
export type TScanBatchResponse = z.infer<typeof ZScanBatchResponse>;

/** Device groups (docs/product.md#device-groups): `devices` travels as JSON text of `[{ device_id, name }]`. */
export const ZDeviceGroup = z.object({ id: z.number().int(), name: z.string(), devices: z.string() });
export type TDeviceGroup = z.infer<typeof ZDeviceGroup>;
export const ZDeviceGroupListResponse = resultEnvelope(z.array(ZDeviceGroup));

export const ZDeviceGroupRequest = z.object({
  name: z
    .string({ error: messages.groupNameRequired })
    .trim()
    .min(1, messages.groupNameRequired)
    .max(80, messages.groupNameTooLong),
  devices: z
    .array(z.object({ device_id: ZDeviceId, name: z.string().optional() }))
    .max(500)
    .default([]),
});
export type TDeviceGroupRequest = z.infer<typeof ZDeviceGroupRequest>;
export const ZDeviceGroupResponse = resultEnvelope(ZDeviceGroup);

/**
 * GET /api/controllers/{id}/problems: what a ZKTeco clock sent that could not be taken (its lines with
 * the raw text) and commands it refused (a non-zero return code) or never acknowledged within a day.
 */
export const ZDeviceProblems = z.object({
  refused_lines: z.array(z.object({ raw: z.string(), reason: z.string(), at: z.string() })),
  failed_commands: z.array(
    z.object({
      id: z.number().int(),
      command: z.string(),
      /** The clock's return code; null when it never answered. */
      result: z.number().int().nullable(),
      sent_at: z.string().nullable(),
      attempts: z.number().int(),
    }),
  ),
  /**
   * A clock sending numeric users only (`numeric_users`): the employees it is not sent, and why
   * (`pin_not_numeric`: their clock PIN holds other than digits; `card_not_decimal`: their card's
   * UID is too long for a 32-bit card number, so they are sent without it).
   */
  skipped_users: z.array(
    z.object({
      employee: z.object({ id: z.number().int(), name: z.string() }),
      pin: z.string(),
      reason: z.enum(['pin_not_numeric', 'card_not_decimal']),
    }),
  ),
});
export type TDeviceProblems = z.infer<typeof ZDeviceProblems>;
export const ZDeviceProblemsResponse = resultEnvelope(ZDeviceProblems);

/** GET /api/controllers/{id}/users: the users a ZKTeco clock reported, and the employee holding each PIN. */
export const ZClockUser = z.object({
  pin: z.string(),
  name: z.string(),
  card: z.string().nullable(),
  /** The employee whose clock PIN this is (leading zeros aside), or null: a user to import. */
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  seen_at: z.string(),
});
export type TClockUser = z.infer<typeof ZClockUser>;
export const ZClockUsersResponse = resultEnvelope(z.array(ZClockUser));
