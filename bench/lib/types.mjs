// Types shared by run.mjs and the suites (JSDoc only: this module exports nothing at run time).

/**
 * One line of the results table, and of `latest.json`. `null` where a column does not apply.
 * @typedef {object} Row
 * @property {string} suite
 * @property {string} metric
 * @property {string | null} db `pglite`, `postgres`, `none` (a baseline without a database) or null
 * @property {number | string | null} value
 * @property {string | null} unit
 * @property {number | null} baseline
 * @property {number | null} ratio
 * @property {number | string | null} target
 * @property {boolean | null} met null where there is no target (every row of a quick run but the soak's verdict)
 * @property {boolean} [ok] false on a row that records an error: the run exits 1, quick or full
 * @property {unknown} [latency] extra figures, kept in `latest.json` only
 * @property {number} [non2xx]
 * @property {number} [errors]
 * @property {number} [timeouts]
 * @property {number} [rejectedScans]
 * @property {number[]} [samples]
 */

/**
 * What a suite is given: `quick` for the small smoke run, `log` for a progress line, `note` for a
 * line of the table's header.
 * @typedef {object} SuiteContext
 * @property {boolean} quick
 * @property {(line: string) => void} log
 * @property {(text: string) => void} note
 */

/**
 * A suite: `suites/<name>.mjs` exports one as default; run.mjs lists them in `SUITES`. `prepare`,
 * when there is one, is called for every selected suite before the first one runs: it starts work
 * that can overlap the suites before it (a quick run's web build).
 * @typedef {object} Suite
 * @property {string} name
 * @property {(context: SuiteContext) => void} [prepare]
 * @property {(context: SuiteContext) => Promise<Row[]>} run
 */

export {};
