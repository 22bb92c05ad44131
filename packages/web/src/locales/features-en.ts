/**
 * Every feature's English texts (`src/features/<feature>/locales/en.json`), merged into one chunk
 * that `lib/i18n` loads with the signed-in areas; the public pages use only `locales/en.json`.
 */
const files = import.meta.glob<Record<string, unknown>>('../features/*/locales/en.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
