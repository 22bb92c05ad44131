// Bundles the server into dist/main.js. npm packages stay external (resolved from node_modules at
// run time); the workspace's own TypeScript (@puna/domain) is bundled in.
import { build } from 'esbuild';

const keepExternal = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@puna/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [keepExternal],
  logLevel: 'warning',
});
