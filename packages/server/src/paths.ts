import path from 'node:path';

/**
 * The server package's folder. This file sits in `src/` when run from source and is bundled into
 * `dist/main.js` when built: both are one level below the package.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDistDir = path.resolve(serverRoot, '../web/dist');
