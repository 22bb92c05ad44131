/**
 * A stateful ZKTeco clock for the device simulator and the tests: it keeps its own punch log and
 * users, uploads what the server has not acknowledged (driven by the stamp the handshake echoes),
 * reads one command per poll and answers each, and can reboot or miss an answer the way clocks in
 * the field do. It speaks only the wire protocol (docs/devices.md), so it tests the server from
 * outside.
 */

export type ClockPunch = { pin: string; time: string };

export type ZkClockOptions = {
  url: string;
  serial: string;
  /** Punch lines per upload (firmware sends its backlog in batches). */
  batch?: number;
  /** Called for every request, e.g. to log the conversation. */
  onRequest?: (method: string, path: string, status: number, answer: string) => void;
};

export class ZkClock {
  readonly punches: ClockPunch[] = [];
  readonly users = new Map<string, { name: string; card: string }>();
  /** How many of `punches` the server has acknowledged (the clock's ATTLOG stamp). */
  acknowledged = 0;
  uploads = 0;
  resends = 0;
  commandsRun = 0;
  private readonly batch: number;

  constructor(private readonly options: ZkClockOptions) {
    this.batch = options.batch ?? 500;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: string | Buffer) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${this.options.url}/iclock/${path}${separator}SN=${encodeURIComponent(this.options.serial)}`;
    const res = await fetch(url, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
    });
    const answer = await res.text();
    this.options.onRequest?.(method, path, res.status, answer);
    return { status: res.status, answer };
  }

  /**
   * Start-up (or reconnect): reads the options. `ATTLOGStamp=None` (or 0) makes the clock send its
   * whole log again; a number is the stamp the server last stored, so only newer punches are sent.
   */
  async handshake(): Promise<string> {
    const { status, answer } = await this.request('GET', 'cdata?options=all&pushver=2.4.1&language=83');
    if (status !== 200) throw new Error(`handshake refused: ${status} ${answer}`);
    const stamp = answer.match(/^ATTLOGStamp=(\S+)$/m)?.[1];
    const known = stamp && /^\d+$/.test(stamp) ? Number(stamp) : 0;
    this.acknowledged = Math.min(known, this.punches.length);
    return answer;
  }

  punch(pin: string, time: string): void {
    this.punches.push({ pin, time });
  }

  /**
   * Uploads the next batch of unacknowledged punches with the stamp they would leave. `lose`
   * models an answer that never reached the clock: the server stored the batch, the clock did not
   * see OK, so the batch is sent again later. False when nothing was acknowledged.
   */
  async uploadNext({ lose = false } = {}): Promise<boolean> {
    const next = this.punches.slice(this.acknowledged, this.acknowledged + this.batch);
    if (next.length === 0) return false;
    const stamp = this.acknowledged + next.length;
    const body = next.map((punch) => `${punch.pin}\t${punch.time}\t0\t1\t0\t0\t0\n`).join('');
    this.uploads += 1;
    const { status, answer } = await this.request('POST', `cdata?table=ATTLOG&Stamp=${stamp}`, body);
    if (lose) {
      this.resends += 1;
      return false;
    }
    if (status !== 200 || answer !== `OK:${next.length}`) return false;
    this.acknowledged = stamp;
    return true;
  }

  /** Everything not yet acknowledged, batch after batch, until the server has it all. */
  async uploadAll(): Promise<void> {
    while (this.acknowledged < this.punches.length) {
      if (!(await this.uploadNext())) throw new Error(`upload refused at punch ${this.acknowledged}`);
    }
  }

  /**
   * One command poll: runs what it got (users, CHECK, a log query) and answers each with its
   * result, as firmware does. Returns the command lines.
   */
  async poll(): Promise<string[]> {
    const { status, answer } = await this.request('GET', 'getrequest');
    if (status !== 200 || answer === 'OK') return [];
    const lines = answer.split('\n').filter((line) => line.startsWith('C:'));
    const results: string[] = [];
    for (const line of lines) {
      const [, id, command = ''] = line.match(/^C:(\d+):(.*)$/s) ?? [];
      results.push(`ID=${id}&Return=${await this.run(command)}&CMD=${command.split(' ')[0]}`);
      this.commandsRun += 1;
    }
    if (results.length > 0) await this.request('POST', 'devicecmd', results.join('\n'));
    return lines;
  }

  private async run(command: string): Promise<number> {
    const fields = (text: string) =>
      new Map(text.split('\t').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
    if (command.startsWith('DATA UPDATE USERINFO ')) {
      const user = fields(command.slice('DATA UPDATE USERINFO '.length));
      this.users.set(user.get('PIN') ?? '', { name: user.get('Name') ?? '', card: user.get('Card') ?? '' });
      return 0;
    }
    if (command.startsWith('DATA DELETE USERINFO ')) {
      this.users.delete(fields(command.slice('DATA DELETE USERINFO '.length)).get('PIN') ?? '');
      return 0;
    }
    if (command === 'CHECK') {
      await this.handshake();
      return 0;
    }
    // Anything else this clock does not know: the firmware's "unsupported" code.
    return -1002;
  }

  /** Polls until the server has no command left; the commands run. */
  async drainCommands(limit = 10_000): Promise<string[]> {
    const all: string[] = [];
    for (let poll = 0; poll < limit; poll += 1) {
      const lines = await this.poll();
      if (lines.length === 0) return all;
      all.push(...lines);
    }
    throw new Error('the server never ran out of commands');
  }
}

/**
 * `count` distinct punches of `pins` PINs, one every 8 minutes back from yesterday (inside the
 * server's window of 400 days), as a clock writes local times.
 */
export function soakPunches(count: number, pins = 50): ClockPunch[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const start = Date.now() - 24 * 60 * 60 * 1000 - count * 8 * 60 * 1000;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 8 * 60 * 1000);
    const time = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:00`;
    return { pin: String((i % pins) + 1), time };
  });
}

/**
 * The soak: `count` punches through a clock that reboots every `rebootEvery` uploads (a new
 * handshake, trusting the server's stamp) and misses every `loseEvery`-th answer (so the server
 * gets that batch twice). Resolves with what the clock did; the caller checks what was stored.
 */
export async function runSoak(
  clock: ZkClock,
  { count, rebootEvery = 7, loseEvery = 5 }: { count: number; rebootEvery?: number; loseEvery?: number },
) {
  for (const punch of soakPunches(count)) clock.punch(punch.pin, punch.time);
  await clock.handshake();
  let uploads = 0;
  while (clock.acknowledged < clock.punches.length) {
    uploads += 1;
    if (uploads % rebootEvery === 0) await clock.handshake();
    const lose = uploads % loseEvery === 0;
    const moved = await clock.uploadNext({ lose });
    if (!moved && !lose) throw new Error(`upload refused at punch ${clock.acknowledged}`);
  }
  return { uploads: clock.uploads, resends: clock.resends, acknowledged: clock.acknowledged };
}
