import {
  CHAT_PUSH_BODY_MAX,
  CHAT_PUSH_ICON,
  CHAT_PUSH_TITLE,
  chatPageUrl,
  type TChatMessage,
  type TChatPushPayload,
  type TChatUserType,
  type TLeaveRequest,
  type TShiftRequest,
} from '@puna/domain';
import type { AnnouncedEvents, CorrectionFact } from '../../lib/events';

/**
 * What each notification says and which page it opens (packages/web/src/app/router.tsx). Albanian,
 * the product's language: a push carries its text ready to show.
 */
/** The employer's requests inbox, where leave and corrections wait together (docs/product.md#requests-inbox). */
export const EMPLOYER_REQUESTS_URL = '/kryepuntor/kerkesat';
export const WORKER_LEAVE_URL = '/datapuntoret/pushimet';
/** The employer's corrections page, where the morning digest's exceptions are listed. */
export const EMPLOYER_CORRECTIONS_URL = '/kryepuntor/korrigjimet';
export const WORKER_CORRECTIONS_URL = '/datapuntoret/korrigjimet';
export const DEVICES_URL = '/kryepuntor/devices';
/** The worker's own shifts ('Turnet e mia'). */
export const WORKER_SHIFTS_URL = '/datapuntoret/turnet';
/** The employer's board of today, where who is missing shows. */
export const EMPLOYER_TODAY_URL = '/kryepuntor';
/** The employer's roster ('Orari'). */
export const EMPLOYER_ROSTER_URL = '/kryepuntor/orari';
const ICON = CHAT_PUSH_ICON;

export type Notice = {
  title: string;
  body: string;
  icon?: string;
  tag: string;
  data: { url: string } & Record<string, unknown>;
};

/** The notification a member gets for a message while none of its sockets is open. */
export function chatNotice(message: TChatMessage, recipientType: TChatUserType): TChatPushPayload {
  const text = [...`${message.sender_name}: ${message.content}`.replace(/\s+/g, ' ')];
  const body = text.length > CHAT_PUSH_BODY_MAX ? `${text.slice(0, CHAT_PUSH_BODY_MAX - 1).join('')}…` : text.join('');
  return {
    title: CHAT_PUSH_TITLE,
    body,
    icon: ICON,
    tag: `chat-${message.chat_id}`,
    data: { url: chatPageUrl(recipientType, message.chat_id), chatId: message.chat_id },
  };
}

const period = (request: TLeaveRequest) =>
  request.from === request.to ? request.from : `${request.from} – ${request.to}`;

/** A worker's new request (or leave the employer recorded), to the employer. */
export function newLeaveNotice(name: string, request: TLeaveRequest): Notice {
  return {
    title: request.status === 'approved' ? 'Pushim i regjistruar' : 'Kërkesë e re për pushim',
    body: `${name}: ${request.type_name}, ${period(request)} (${request.days} ditë)`,
    icon: ICON,
    tag: `leave-${request.id}`,
    data: { url: EMPLOYER_REQUESTS_URL, leaveId: request.id },
  };
}

/** A decision (or leave the employer recorded), to the worker. */
export function leaveDecisionNotice(request: TLeaveRequest): Notice {
  return {
    title: request.status === 'approved' ? 'Pushimi u miratua' : 'Pushimi nuk u miratua',
    body: `${request.type_name}, ${period(request)}${request.decision_note ? `: ${request.decision_note}` : ''}`,
    icon: ICON,
    tag: `leave-${request.id}`,
    data: { url: WORKER_LEAVE_URL, leaveId: request.id },
  };
}

/** A worker's "I forgot to scan", to the employer. */
export function newCorrectionNotice(correction: CorrectionFact): Notice {
  return {
    title: 'Korrigjim i ri',
    body: `${correction.employeeName}: ${correction.kind === 'in' ? 'hyrja' : 'dalja'} më ${correction.date} në ${correction.time}`,
    icon: ICON,
    tag: `correction-${correction.id}`,
    data: { url: EMPLOYER_REQUESTS_URL },
  };
}

/** The employer's answer, to the worker. */
export function correctionDecisionNotice(correction: CorrectionFact): Notice {
  return {
    title: correction.status === 'approved' ? 'Korrigjimi u pranua' : 'Korrigjimi u refuzua',
    body: `${correction.kind === 'in' ? 'Hyrja' : 'Dalja'} më ${correction.date} në ${correction.time}${correction.decisionNote ? `: ${correction.decisionNote}` : ''}`,
    icon: ICON,
    tag: `correction-${correction.id}`,
    data: { url: WORKER_CORRECTIONS_URL },
  };
}

/** A shift that ended without a checkout, to the worker (docs/product.md#missed-punches). */
export function missedCheckoutNotice({
  date,
  shiftEnd,
  closedAt,
}: AnnouncedEvents['attendance.checkoutMissed']): Notice {
  return {
    title: closedAt ? 'Dalja u shënua automatikisht' : 'Harruat të skanoni daljen?',
    body: closedAt
      ? `Më ${date} dalja u shënua në ${closedAt}, në fund të orarit. Nëse dolët në një tjetër orë, dërgoni një korrigjim.`
      : `Më ${date} orari mbaroi në ${shiftEnd} dhe nuk ka skanim daljeje. Dërgoni «Harrova të skanoj».`,
    icon: ICON,
    tag: `missed-checkout-${date}`,
    data: { url: WORKER_CORRECTIONS_URL },
  };
}

/** The morning digest of yesterday's exceptions, to the employer. */
export function digestNotice({ date, summary }: AnnouncedEvents['attendance.digest']): Notice {
  return {
    title: `Përmbledhja e ${date}`,
    body: summary,
    icon: ICON,
    tag: `digest-${date}`,
    data: { url: EMPLOYER_CORRECTIONS_URL },
  };
}

/** A confirmed clock calling from another network: the approval is on the Devices page. */
export function clockMovedNotice({ serial, name }: AnnouncedEvents['clock.moved']): Notice {
  return {
    title: 'Ora thërret nga një rrjet tjetër',
    body: `${name} (${serial}) ka një adresë të re interneti. Punimet presin në orë: miratoni lëvizjen te Pajisjet.`,
    tag: `clock-moved-${serial}`,
    data: { url: DEVICES_URL, device_id: serial },
  };
}

/** A published roster that changed a worker's shifts, to that worker (one per publish). */
export function rosterNotice({ from, to }: AnnouncedEvents['roster.published']): Notice {
  return {
    title: 'Turnet tuaja ndryshuan',
    body: from === to ? `Orari i ${from} u publikua.` : `Orari nga ${from} deri më ${to} u publikua.`,
    icon: ICON,
    tag: `roster-${from}-${to}`,
    data: { url: WORKER_SHIFTS_URL },
  };
}

const shiftWhen = (request: TShiftRequest) => `${request.shift.date}, ${request.shift.start}–${request.shift.end}`;

/** A claim, or a swap the colleague accepted, to the employer. */
export function shiftRequestNotice(request: TShiftRequest): Notice {
  return {
    title: request.kind === 'claim' ? 'Kërkesë për një turn të hapur' : 'Kërkesë për ndërrim turni',
    body:
      request.kind === 'claim'
        ? `${request.employee_name} kërkon turnin e ${shiftWhen(request)}.`
        : `${request.employee_name} ia jep turnin e ${shiftWhen(request)} ${request.to_employee_name ?? ''}.`,
    icon: ICON,
    tag: `shift-request-${request.id}`,
    data: { url: EMPLOYER_ROSTER_URL },
  };
}

/** A colleague's offer, to the worker it is offered to. */
export function shiftOfferNotice(request: TShiftRequest): Notice {
  return {
    title: 'Ju ofrohet një turn',
    body: `${request.employee_name} ju ofron turnin e ${shiftWhen(request)}.`,
    icon: ICON,
    tag: `shift-request-${request.id}`,
    data: { url: WORKER_SHIFTS_URL },
  };
}

/** The employer's answer, to the worker who asked (and the colleague of a swap). */
export function shiftDecisionNotice(request: TShiftRequest): Notice {
  return {
    title: request.status === 'approved' ? 'Kërkesa për turnin u miratua' : 'Kërkesa për turnin nuk u miratua',
    body: `Turni i ${shiftWhen(request)}.`,
    icon: ICON,
    tag: `shift-request-${request.id}`,
    data: { url: WORKER_SHIFTS_URL },
  };
}

/** A worker missing from its published shift 15 minutes after the start, to the employer. */
export function noShowNotice({ shiftId, employeeName, date, start, end }: AnnouncedEvents['shift.noShow']): Notice {
  return {
    title: 'Mungon në turn',
    body: `${employeeName} nuk ka skanuar për turnin e ${date}, ${start}–${end}.`,
    icon: ICON,
    tag: `no-show-${shiftId}`,
    data: { url: EMPLOYER_TODAY_URL },
  };
}
