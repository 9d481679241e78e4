import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { RENDERER_CSP } from './shared/csp';

/** The page's CSP comes from shared/csp.ts, the one place it is written. */
const csp = (): Plugin => ({
  name: 'shopdesk-csp',
  transformIndexHtml: (html) => html.replace('%SHOPDESK_CSP%', RENDERER_CSP),
});

// electron-store and conf are ESM-only: bundle them into main instead of requiring them at run time.
const bundled = ['electron-store', 'conf'];

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: bundled },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // the catalogue writer thread's own entry (see electron/main/core/db/catalogue-writer.ts)
          'catalogue-writer': resolve(__dirname, 'electron/main/core/db/catalogue-writer.worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be one CommonJS file.
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), csp()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
