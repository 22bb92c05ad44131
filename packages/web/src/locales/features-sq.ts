/**
 * Every feature's Albanian texts (`src/features/<feature>/locales/sq.json`), merged into one chunk
 * that `lib/i18n` loads with the signed-in areas; the public pages use only `locales/sq.json`.
 */
const files = import.meta.glob<Record<string, unknown>>('../features/*/locales/sq.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
