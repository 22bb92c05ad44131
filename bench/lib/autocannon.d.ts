// The part of autocannon 8 the load generator (lib/load-worker.mjs) uses: the package ships no types.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Builds the request before each send; `context` is the connection's own object. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds. */
    timeout?: number;
    requests?: Request[];
  }
  export interface Histogram {
    average: number;
    total: number;
    sent: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    /** Seconds. */
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
