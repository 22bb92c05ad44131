const albanian = new Intl.Collator('sq', { sensitivity: 'base', numeric: true });

/**
 * Orders names the Albanian way, ignoring case: C before Ç before D, E before Ë before F, and
 * 'Punëtor 2' before 'Punëtor 10'. Lists sorted "by name" use it on the server and in the web app.
 */
export function compareNames(a: string, b: string): number {
  return albanian.compare(a, b);
}
