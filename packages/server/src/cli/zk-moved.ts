/**
 * The simulator's "moved clock" scenario (issue 31, item 6): a clock that served another employer
 * still holds that employer's log, and once confirmed by its new employer uploads it whole, with
 * the confirmation punch among the last lines, as a clock whose stamps were forgotten does.
 * `device-sim … zk moved <confirmation ID> [<days> 30] [<pins> 1,2,3] [<zone>]`. Puna holds the old punches
 * aside (docs/devices.md, "Trusting a clock"); the new punch after the confirmation counts.
 */

export const movedUsage = `ZKTeco clock that served another employer ("moved clock"):
  device-sim --url … --device <serial> zk moved <confirmation ID> [<days> 30] [<pins> 1,2,3] [<IANA zone>]
                                                             (handshake; the old log, <days> days of an in
                                                              and an out per PIN, sent with the confirmation
                                                              punch; then one new punch of the first PIN)
`;

type MovedOptions = { url: string; device: string };

/**
 * `YYYY-MM-DD HH:MM:SS` as a clock set to `timeZone` (IANA; the simulator's own zone without one)
 * shows it, `minutesAgo` before `now`.
 */
export function localTime(minutesAgo = 0, now = Date.now(), timeZone?: string): string {
  const at = new Date(now - minutesAgo * 60_000);
  if (timeZone) return at.toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The former employer's log: for each of `days` days before today, an in at 08:00 and an out at 16:00 per PIN. */
export function formerLog(pins: string[], days: number, now = Date.now(), timeZone?: string): string[] {
  const lines: string[] = [];
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  for (let day = days; day >= 1; day -= 1) {
    for (const [status, hour] of [
      [0, 8],
      [1, 16],
    ] as const) {
      const at = today.getTime() - day * 24 * 60 * 60_000 + hour * 60 * 60_000;
      for (const pin of pins) lines.push(`${pin}\t${localTime(0, at, timeZone)}\t${status}\t1\t0\t0\t0`);
    }
  }
  return lines;
}

async function send(method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
  });
  return { status: res.status, text: await res.text() };
}

/** Runs the scenario and says what the server answered at each step. */
export async function zkMoved(options: MovedOptions, args: string[]): Promise<string> {
  const [confirmId, daysArg = '30', pinsArg = '1,2,3', timeZone] = args;
  if (!confirmId || !/^\d{6}$/.test(confirmId)) throw new Error('zk moved needs the 6-digit confirmation ID');
  const days = Number(daysArg);
  if (!Number.isInteger(days) || days < 1 || days > 400) throw new Error('<days> is a whole number from 1 to 400');
  const pins = pinsArg.split(',').filter((pin) => /^[A-Za-z0-9]{1,24}$/.test(pin));
  if (pins.length === 0) throw new Error('<pins> is a comma-separated list of clock PINs');
  const base = `${options.url}/iclock`;
  const sn = encodeURIComponent(options.device);
  const report: string[] = [];
  const handshake = await send('GET', `${base}/cdata?SN=${sn}&options=all&pushver=2.4.1&language=83`);
  report.push(`handshake → ${handshake.status}`);
  const log = [
    ...formerLog(pins, days, Date.now(), timeZone),
    `${confirmId}\t${localTime(0, Date.now(), timeZone)}\t0\t1\t0\t0\t0`,
  ];
  const upload = await send('POST', `${base}/cdata?SN=${sn}&table=ATTLOG&Stamp=1`, `${log.join('\n')}\n`);
  report.push(
    `the former employer's log (${log.length - 1} punches) with the confirmation punch → ${upload.status} ${upload.text}`,
  );
  const fresh = await send(
    'POST',
    `${base}/cdata?SN=${sn}&table=ATTLOG&Stamp=2`,
    `${pins[0]}\t${localTime(0, Date.now(), timeZone)}\t0\t1\t0\t0\t0\n`,
  );
  report.push(`a new punch of PIN ${pins[0]} → ${fresh.status} ${fresh.text}`);
  report.push('Puna holds the old punches aside: see Problemet on the Devices page (GET /api/controllers/{id}/trust).');
  return report.join('\n');
}
