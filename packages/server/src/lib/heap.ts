import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, on the embedded
 * database: 1.5 × instead of V8's own factor (up to 4 ×). PGlite serves one query at a time, so in a
 * burst every waiting request's objects outlive two scavenges and are promoted; with V8's factor that
 * garbage piled up to 170 MB of old generation before a full collection (docs/operations.md#memory-on-the-embedded-database).
 * On PostgreSQL the statement-sized answers (the payroll statement) would pay for the extra full
 * collections: 50 ms of CPU per statement instead of 36 ms, so it is left to V8 there.
 */
const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/** Applies the embedded database's heap growth (read by V8 at every full collection). */
export function limitHeapGrowthForEmbeddedDatabase(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
