/**
 * `GET /auth/check` and the landing page's `GET /auth/session` without TanStack Query: the public pages
 * only need to know whether to send a signed-in visitor on, and stay out of the query library's chunk.
 */
import type { TSessionProbeResponse, ZAuthCheckResponse } from '@puna/domain';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError, api } from './api';

export type TSession = z.infer<typeof ZAuthCheckResponse>;

/** A failed check counts as "not logged in" (docs/product.md#auth). */
export async function getSession(signal?: AbortSignal): Promise<TSession> {
  try {
    return await api.get<TSession>('/auth/check', signal);
  } catch {
    return { authenticated: false };
  }
}

/** A check started before the first render, waiting for the session query to take it, and its answer. */
let early: Promise<TSession> | undefined;
let earlyAnswer: TSession | undefined;

/**
 * Starts `GET /auth/check` as the page loads (`preloadRoute`, on a signed-in area's address), so the
 * answer comes alongside the area's chunks instead of after them: the route guard renders nothing
 * of the area before it.
 */
export function prefetchSession(): void {
  if (early) return;
  const started = getSession();
  early = started;
  void started.then((answer) => {
    if (early === started) earlyAnswer = answer;
  });
}

/** The early check under way or done (`prefetchSession`), for the first render to wait for. */
export function earlySession(): Promise<unknown> {
  return early ?? Promise.resolve();
}

/** The early check's answer if it is in (the session query's first data, so no loading screen), once. */
export function takeSessionAnswer(): TSession | undefined {
  const answer = earlyAnswer;
  if (answer) {
    early = undefined;
    earlyAnswer = undefined;
  }
  return answer;
}

/** The check `prefetchSession` started, once (the session query's first fetch), else a new one. */
export function takeSession(signal?: AbortSignal): Promise<TSession> {
  const started = early;
  early = undefined;
  earlyAnswer = undefined;
  return started ?? getSession(signal);
}

/**
 * What the landing page's session probe said (docs/product.md#landing): a signed-in user (with the
 * spec's next address), a visitor (nothing to say), or a failure the page reports with one of the
 * spec's two sentences: the server refused or broke (`failed`), or no answer came at all
 * (`unexpected`).
 */
export type TVerifyOutcome =
  | { kind: 'user'; next: string }
  | { kind: 'visitor' }
  | { kind: 'failed' }
  | { kind: 'unexpected' };

/**
 * `GET /auth/session` read as an outcome: an admin goes on to /dashboard, anyone else to
 * /employee_detail/{id}. It answers a visitor 200 with no one, where the spec's `GET /verify` answers
 * 401, which the browser logs as an error on every anonymous page load (issue 34).
 */
export async function verifySession(signal?: AbortSignal): Promise<TVerifyOutcome> {
  try {
    const answer = await api.get<TSessionProbeResponse>('/auth/session', signal);
    if (!answer?.Status) return { kind: 'failed' };
    if (!answer.Result) return { kind: 'visitor' };
    const { role, id } = answer.Result;
    return { kind: 'user', next: role === 'admin' ? '/dashboard' : `/employee_detail/${id}` };
  } catch (error) {
    if (error instanceof ApiError) return error.status === 401 ? { kind: 'visitor' } : { kind: 'failed' };
    return { kind: 'unexpected' };
  }
}

/** The landing page's verify call, made once when the page opens; undefined until it answers. */
export function useVerifyOnce(): TVerifyOutcome | undefined {
  const [outcome, setOutcome] = useState<TVerifyOutcome>();
  useEffect(() => {
    const controller = new AbortController();
    void verifySession(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setOutcome(answer);
    });
    return () => controller.abort();
  }, []);
  return outcome;
}
