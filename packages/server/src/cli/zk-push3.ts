/**
 * The simulator's push 3.x mode: a clock speaking ZKTeco's "Security PUSH" conversation
 * (`registry`, `push`, `rtdata?type=time`, punches as `table=rtlog` events and `tabledata`
 * transaction records), as docs/devices.md describes it. `device-sim … zk push3 <command>`.
 */
import { encodeClockTime } from '../modules/zkteco/push3-punches';

export const push3Usage = `ZKTeco push 3.x clock (Security PUSH: registry, rtlog events, tabledata transactions):
  device-sim --url … --device <serial> zk push3 register     (registry with a capability line, then push options)
  device-sim --url … --device <serial> zk push3 time         (the server time, rtdata?type=time)
  device-sim --url … --device <serial> zk push3 punch <pin> ["YYYY-MM-DD HH:MM:SS" local time, default now] [<event>]
                                                             (an rtlog event, 0 by default: a person verified)
  device-sim --url … --device <serial> zk push3 door         (a door-opened event of no person: not stored)
  device-sim --url … --device <serial> zk push3 transaction <pin> ["YYYY-MM-DD HH:MM:SS"]
                                                             (a tabledata transaction record, time_second encoded)
  device-sim --url … --device <serial> zk push3 burst <count> [<pins> 40] [<batch> 100]
                                                             (<count> rtlog punches, <batch> per upload)
`;

type Push3Options = { url: string; device: string };

async function send(method: string, url: string, body?: string): Promise<string> {
  const res = await fetch(url, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The simulator's local time as a clock writes it (`YYYY-MM-DD HH:MM:SS`), `ms` from now. */
export function clockTime(ms = 0): string {
  const at = new Date(Date.now() + ms);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** One rtlog event line as push 3.x firmware writes it (tab-separated key=value fields). */
export function rtlogLine(time: string, pin: string, event = 0, index = 1): string {
  const verifytype = event === 0 ? 1 : 200;
  return `time=${time}\tpin=${pin}\tcardno=0\teventaddr=1\tevent=${event}\tinoutstatus=0\tverifytype=${verifytype}\tindex=${index}\n`;
}

/** One `tabledata` transaction record, its local time in the protocol's `time_second` encoding. */
export function transactionLine(time: string, pin: string): string {
  const encoded = encodeClockTime(new Date(`${time.replace(' ', 'T')}Z`));
  return `transaction cardno=0\tpin=${pin}\tverified=1\tdoorid=1\teventtype=0\tinoutstate=0\ttime_second=${encoded}\n`;
}

export async function zk3(options: Push3Options, command: string, args: string[]): Promise<string> {
  const base = `${options.url}/iclock`;
  const sn = encodeURIComponent(options.device);
  switch (command) {
    case 'register': {
      const code = await send(
        'POST',
        `${base}/registry?SN=${sn}`,
        'DeviceType=acc,~DeviceName=Puna-Sim,FirmVer=Ver 8.0.1.3-sim,PushVersion=Ver 3.1.2,CommType=ethernet,MaxPackageSize=2048000,LockCount=1',
      );
      const push = await send('POST', `${base}/push?SN=${sn}`, '');
      return `${code}\n${push}`;
    }
    case 'time':
      return send('GET', `${base}/rtdata?SN=${sn}&type=time`);
    case 'punch': {
      const [pin, time = clockTime(), event = '0'] = args;
      if (!pin) throw new Error('zk push3 punch needs a PIN');
      return send('POST', `${base}/cdata?SN=${sn}&table=rtlog`, rtlogLine(time, pin, Number(event)));
    }
    case 'door':
      return send('POST', `${base}/cdata?SN=${sn}&table=rtlog`, rtlogLine(clockTime(), '0', 200));
    case 'transaction': {
      const [pin, time = clockTime()] = args;
      if (!pin) throw new Error('zk push3 transaction needs a PIN');
      return send(
        'POST',
        `${base}/cdata?SN=${sn}&table=tabledata&tablename=transaction&count=1`,
        transactionLine(time, pin),
      );
    }
    case 'burst': {
      const count = Number(args[0] ?? 1000);
      const pins = Number(args[1] ?? 40);
      const batch = Number(args[2] ?? 100);
      const started = performance.now();
      let acknowledged = 0;
      for (let start = 0; start < count; start += batch) {
        const lines = [];
        for (let i = start; i < Math.min(count, start + batch); i += 1) {
          // A punch every 30 s back from a minute ago: every one a different (PIN, time).
          lines.push(rtlogLine(clockTime(-60_000 - i * 30_000), String((i % pins) + 1), 0, i + 1));
        }
        const answer = await send('POST', `${base}/cdata?SN=${sn}&table=rtlog`, lines.join(''));
        acknowledged += Number(/^OK:(\d+)$/.exec(answer)?.[1] ?? 0);
      }
      const seconds = (performance.now() - started) / 1000;
      return `${acknowledged} rtlog punches acknowledged in ${seconds.toFixed(2)} s`;
    }
    default:
      throw new Error(`unknown zk push3 command '${command}'`);
  }
}
