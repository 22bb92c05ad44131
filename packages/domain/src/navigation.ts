/** Kept free of Zod so the web app's first chunk can import it without the schemas. */
export type HomeRole = 'admin' | 'employer' | 'worker';

/** Where each kind of user lands after logging in (docs/product.md#login). */
export function homePathFor(user: { role: HomeRole }): string {
  if (user.role === 'admin') return '/admin';
  if (user.role === 'worker') return '/datapuntoret';
  return '/kryepuntor';
}
