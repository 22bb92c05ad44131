/** @typedef {import('./types.mjs').Row} Row */

/**
 * A row of the results table: the columns that do not apply are null unless `extra` sets them
 * (`baseline`, `ratio`, `target`, `met`, `ok` and the figures kept in `latest.json` only).
 * @param {string} suite
 * @param {string} metric
 * @param {Row['db']} db
 * @param {Row['value']} value
 * @param {Row['unit']} unit
 * @param {Partial<Row>} [extra]
 * @returns {Row}
 */
export function resultRow(suite, metric, db, value, unit, extra = {}) {
  return { suite, metric, db, value, unit, baseline: null, ratio: null, target: null, met: null, ...extra };
}

/**
 * `resultRow` for one suite: `row(metric, db, value, unit, extra?)`.
 * @param {string} suite
 */
export const rowsOf =
  (suite) =>
  /**
   * @param {string} metric
   * @param {Row['db']} db
   * @param {Row['value']} value
   * @param {Row['unit']} unit
   * @param {Partial<Row>} [extra]
   * @returns {Row}
   */
  (metric, db, value, unit, extra) =>
    resultRow(suite, metric, db, value, unit, extra);
