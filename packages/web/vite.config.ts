import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';
/** Paths the Fastify server answers; everything else is the single-page app. */
const apiPaths = [
  '/auth',
  '/krye',
  '/api',
  '/chat',
  '/notifications',
  '/verify',
  '/contact',
  '/device',
  '/iclock',
  '/healthz',
  '/readyz',
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's CSP allows only same-origin scripts; keep every asset a file (no data: scripts).
    assetsInlineLimit: 0,
    // No modulepreload polyfill (0.4 KB gzip in the first chunk): a browser without modulepreload
    // (Safari before 17) still loads every chunk, following the imports instead of ahead of them.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      // '^/contact(?!us)' keeps the /contactus page on the dev server while /contact goes to the API.
      ...Object.fromEntries(
        apiPaths.map((prefix) => [`^${prefix}(?![\\w-])`, { target: apiTarget, changeOrigin: false }]),
      ),
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
