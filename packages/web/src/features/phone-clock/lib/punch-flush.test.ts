import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { PunchRequest } from '../api/punch';
import { flushPunches, isFinalRefusal } from './punch-flush';
import type { QueuedPunch } from './punch-queue';

function memoryQueue(items: QueuedPunch[]) {
  const kept = [...items];
  return {
    kept,
    all: async () => [...kept],
    remove: async (id: string) => {
      const index = kept.findIndex((item) => item.id === id);
      if (index >= 0) kept.splice(index, 1);
    },
  };
}

const queued = (id: string, queued_at: number): QueuedPunch => ({
  id,
  lat: 41.3,
  lng: 19.8,
  accuracy: 10,
  taken_at: '2026-03-03T07:00:00.000Z',
  queued_at,
});

const result = (request: PunchRequest) => ({
  id: request.id,
  at: request.taken_at,
  direction: 'in' as const,
  location: null,
  distance_m: null,
  flags: [],
});

describe('flushPunches', () => {
  it('sends every punch oldest first, without the queue time, and empties the queue', async () => {
    const queue = memoryQueue([queued('a', 1), queued('b', 2)]);
    const sent: PunchRequest[] = [];
    const outcomes = await flushPunches(queue, async (request) => {
      sent.push(request);
      return result(request);
    });
    expect(sent.map((request) => request.id)).toEqual(['a', 'b']);
    expect(sent[0]).not.toHaveProperty('queued_at');
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'sent']);
    expect(queue.kept).toEqual([]);
  });

  it('drops a punch the server refuses for good and goes on with the next', async () => {
    const queue = memoryQueue([queued('a', 1), queued('b', 2)]);
    const outcomes = await flushPunches(queue, async (request) => {
      if (request.id === 'a') throw new ApiError(422, 'Outside every workplace.', null);
      return result(request);
    });
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['refused', 'sent']);
    expect(queue.kept).toEqual([]);
  });

  it('keeps the punch and the ones after it when the network fails, the server errs or limits the rate', async () => {
    for (const failure of [
      new TypeError('Failed to fetch'),
      new ApiError(503, '', null),
      new ApiError(429, '', null),
    ]) {
      const queue = memoryQueue([queued('a', 1), queued('b', 2)]);
      const outcomes = await flushPunches(queue, async () => {
        throw failure;
      });
      expect(outcomes).toEqual([]);
      expect(queue.kept.map((item) => item.id)).toEqual(['a', 'b']);
    }
  });
});

describe('isFinalRefusal', () => {
  it('is a 4xx other than 408 and 429', () => {
    expect(isFinalRefusal(new ApiError(403, '', null))).toBe(true);
    expect(isFinalRefusal(new ApiError(409, '', null))).toBe(true);
    expect(isFinalRefusal(new ApiError(429, '', null))).toBe(false);
    expect(isFinalRefusal(new ApiError(500, '', null))).toBe(false);
    expect(isFinalRefusal(new Error('x'))).toBe(false);
  });
});
