import { describe, expect, it } from 'vitest';
import { RoomClock } from './room-clock';

/** A clock whose time the test moves. */
function fakeClock(options: { marginMs?: number; retainMs?: number } = {}) {
  let time = 1_000_000;
  const clock = new RoomClock({ marginMs: 1_000, retainMs: 60_000, ...options, now: () => time });
  return {
    clock,
    advance(ms: number) {
      time += ms;
    },
  };
}

describe('RoomClock', () => {
  it('lists the events that went to the rooms within since and the margin, each once', () => {
    const { clock, advance } = fakeClock();
    advance(30_000);
    clock.sent(['employer:1'], 'rfid_update');
    advance(5_000);
    clock.sent(['employer:1', 'worker:7'], 'employee_update');
    clock.sent(['employer:1'], 'employee_update');
    advance(2_000);
    // 2 s ago: employee_update; 7 s ago: rfid_update (the margin is 1 s).
    expect(clock.sentWithin(['employer:1', 'session:3'], 500)).toEqual([]);
    expect(clock.sentWithin(['employer:1', 'session:3'], 1_000)).toEqual(['employee_update']);
    expect(clock.sentWithin(['employer:1'], 5_999)).toEqual(['employee_update']);
    expect(clock.sentWithin(['employer:1'], 6_000)).toEqual(['rfid_update', 'employee_update']);
    expect(clock.sentWithin(['worker:7'], 6_000)).toEqual(['employee_update']);
  });

  it('never lists another room’s events', () => {
    const { clock, advance } = fakeClock();
    advance(10_000);
    clock.sent(['employer:2'], 'employee_update');
    clock.sent(['worker:9'], 'leave_update');
    expect(clock.sentWithin(['employer:1', 'worker:8', 'session:1'], 5_000)).toEqual([]);
    expect(clock.sentWithin([], 5_000)).toEqual([]);
  });

  it('cannot tell about a time before it started', () => {
    const { clock, advance } = fakeClock();
    advance(5_000);
    expect(clock.sentWithin(['employer:1'], 3_999)).toEqual([]);
    expect(clock.sentWithin(['employer:1'], 4_001)).toBeNull();
  });

  it('cannot tell about a time longer than it remembers, and forgets what is older', () => {
    const { clock, advance } = fakeClock();
    advance(100_000);
    clock.sent(['employer:1'], 'device_update');
    advance(30_000);
    clock.sent(['employer:2'], 'device_update');
    expect(clock.sentWithin(['employer:1'], 58_000)).toEqual(['device_update']);
    expect(clock.sentWithin(['employer:1'], 59_001)).toBeNull();
    advance(40_000);
    clock.forgetOld();
    expect(clock.size).toBe(1);
    expect(clock.sentWithin(['employer:2'], 50_000)).toEqual(['device_update']);
    advance(30_000);
    clock.forgetOld();
    expect(clock.size).toBe(0);
  });
});
