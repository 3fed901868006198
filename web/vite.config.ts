import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Modules every page needs: React, the router and the antd core. Kept in their own long-cached chunks. */
const VENDOR_GROUPS: ReadonlyArray<{ name: string; test: RegExp; priority: number }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // `@/…` is web/src/… (tsconfig.base.json `paths`), so no import climbs three folders up.
  resolve: { conditions: ['source', ...defaultClientConditions], alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((g) => ({ name: g.name, test: g.test, priority: g.priority })),
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.DMS_API ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
