/**
 * Device simulator: speaks Puna device protocol v1 (a card reader) or the ZKTeco push protocol
 * (a time clock) to a running server. Usage: see `usage` below or run with `--help`.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runSoak, ZkClock } from './zk-clock';
import { movedUsage, zkMoved } from './zk-moved';
import { push3Usage, zk3 } from './zk-push3';

const usage = `Puna device simulator

Puna reader (protocol v1):
  device-sim --url http://localhost:3000 --device <id> --secret <secret> heartbeat [--ssid Office]
  device-sim --url … --device <id> --secret <secret> scan <uid> [<uid>…] [--seq <n>] [--at <ISO time>]
  device-sim --url … --device <id> --secret <secret> burst <count> [--uid <uid>] [--batch 100]

ZKTeco clock (iclock push; the serial is the registered device ID):
  device-sim --url … --device <serial> zk handshake
  device-sim --url … --device <serial> zk punch <pin> ["YYYY-MM-DD HH:MM:SS" local time, default now]
  device-sim --url … --device <serial> zk user <pin> <name> <card>
  device-sim --url … --device <serial> zk poll          (fetches queued commands and acknowledges them)
  device-sim --url … --device <serial> zk sync          (a stateful clock: handshake, then every command
                                                          one per poll, each run and answered)
  device-sim --url … --device <serial> zk soak <count>  (a stateful clock pushes <count> punches in batches,
                                                          rebooting every 7 uploads and missing every 5th answer)

${push3Usage}
${movedUsage}`;

type Options = { url: string; device: string; secret?: string };

async function send(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(url, { method, ...init });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return text;
}

function deviceHeaders(options: Options): Record<string, string> {
  if (!options.secret) throw new Error('--secret is required for protocol v1');
  return { authorization: `Device ${options.device}:${options.secret}`, 'content-type': 'application/json' };
}

export async function heartbeat(options: Options, ssid: string, ackConfigVersion?: number) {
  const body = JSON.stringify({ ssid, firmware: 'puna-sim/1', ...(ackConfigVersion ? { ackConfigVersion } : {}) });
  const answer = JSON.parse(
    await send('POST', `${options.url}/device/v1/heartbeat`, { headers: deviceHeaders(options), body }),
  ) as { serverTime: string; config: { version: number } | null };
  // A real reader applies the config, then acknowledges it on the next heartbeat.
  if (answer.config) await heartbeat(options, ssid, answer.config.version);
  return answer;
}

export type SimScan = { seq: number; uid: string; ts: string };

/** Sends scans in batches, retrying a batch until the server has accepted it (as a reader must). */
export async function sendScans(options: Options, scans: SimScan[], batchSize = 100) {
  const accepted: number[] = [];
  for (let start = 0; start < scans.length; start += batchSize) {
    const batch = scans.slice(start, start + batchSize);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = JSON.parse(
          await send('POST', `${options.url}/device/v1/scans`, {
            headers: deviceHeaders(options),
            body: JSON.stringify({ scans: batch }),
          }),
        ) as { accepted: number[]; rejected: { seq: number | null; error: string }[] };
        accepted.push(...answer.accepted);
        for (const rejected of answer.rejected) console.error(`rejected seq ${rejected.seq}: ${rejected.error}`);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }
  return accepted;
}

function localNow(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

export async function zk(options: Options, command: string, args: string[]): Promise<string> {
  const base = `${options.url}/iclock`;
  const sn = encodeURIComponent(options.device);
  const text = { 'content-type': 'text/plain' };
  switch (command) {
    case 'handshake':
      return send('GET', `${base}/cdata?SN=${sn}&options=all&pushver=2.4.1&language=83`);
    case 'punch': {
      const [pin, time = localNow()] = args;
      if (!pin) throw new Error('zk punch needs a PIN');
      return send('POST', `${base}/cdata?SN=${sn}&table=ATTLOG&Stamp=1`, {
        headers: text,
        body: `${pin}\t${time}\t0\t1\t0\t0\t0\n`,
      });
    }
    case 'user': {
      const [pin, name, card] = args;
      if (!pin || !name || !card) throw new Error('zk user needs a PIN, a name and a card');
      return send('POST', `${base}/cdata?SN=${sn}&table=OPERLOG&Stamp=1`, {
        headers: text,
        body: `USER PIN=${pin}\tName=${name}\tPri=0\tPasswd=\tCard=${card}\tGrp=1\tTZ=0000000000000000\n`,
      });
    }
    case 'poll': {
      const commands = await send('GET', `${base}/getrequest?SN=${sn}`);
      const ids = [...commands.matchAll(/^C:(\d+):/gm)].map((match) => match[1]);
      if (ids.length > 0) {
        await send('POST', `${base}/devicecmd?SN=${sn}`, {
          headers: text,
          body: ids.map((id) => `ID=${id}&Return=0&CMD=DATA`).join('\n'),
        });
      }
      return commands;
    }
    case 'sync': {
      const clock = new ZkClock({ url: options.url, serial: options.device });
      await clock.handshake();
      const commands = await clock.drainCommands();
      return `${commands.length} commands run; the clock knows ${clock.users.size} users`;
    }
    case 'soak': {
      const count = Number(args[0] ?? 50_000);
      const clock = new ZkClock({ url: options.url, serial: options.device });
      const started = performance.now();
      const result = await runSoak(clock, { count });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return `${result.acknowledged} punches acknowledged in ${result.uploads} uploads (${result.resends} answers missed and sent again) in ${seconds} s`;
    }
    default:
      throw new Error(`unknown zk command '${command}'`);
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      device: { type: 'string' },
      secret: { type: 'string' },
      ssid: { type: 'string', default: 'Puna-Sim' },
      seq: { type: 'string' },
      at: { type: 'string' },
      uid: { type: 'string', default: 'A1B2C3D4' },
      batch: { type: 'string', default: '100' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command || !values.device) {
    console.log(usage);
    return;
  }
  const options: Options = { url: values.url.replace(/\/$/, ''), device: values.device, secret: values.secret };
  const firstSeq = values.seq ? Number(values.seq) : Date.now();
  const ts = values.at ?? new Date().toISOString();
  switch (command) {
    case 'heartbeat':
      console.log(JSON.stringify(await heartbeat(options, values.ssid)));
      break;
    case 'scan': {
      const scans = args.map((uid, i) => ({ seq: firstSeq + i, uid, ts }));
      console.log(JSON.stringify({ accepted: await sendScans(options, scans) }));
      break;
    }
    case 'burst': {
      const count = Number(args[0] ?? 100);
      const scans = Array.from({ length: count }, (_, i) => ({ seq: firstSeq + i, uid: values.uid, ts }));
      const started = performance.now();
      const accepted = await sendScans(options, scans, Number(values.batch));
      const seconds = (performance.now() - started) / 1000;
      console.log(`${accepted.length} scans accepted in ${seconds.toFixed(2)} s`);
      break;
    }
    case 'zk':
      // `zk push3 …`: the push 3.x mode (zk-push3.ts).
      if (args[0] === 'push3') console.log(await zk3(options, args[1] ?? 'register', args.slice(2)));
      // `zk moved …`: a clock that served another employer (zk-moved.ts).
      else if (args[0] === 'moved') console.log(await zkMoved(options, args.slice(1)));
      else console.log(await zk(options, args[0] ?? 'handshake', args.slice(1)));
      break;
    default:
      console.log(usage);
      process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
