import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { RENDERER_CSP } from './shared/csp';
import { BUILT_WRITER_NAME } from './electron/main/core/packaged-paths';

/** The page's CSP comes from shared/csp.ts, the one place it is written. */
const csp = (): Plugin => ({
  name: 'shopdesk-csp',
  transformIndexHtml: (html) => html.replace('%SHOPDESK_CSP%', RENDERER_CSP),
});

/**
 * What main loads at run time is exactly `dependencies` (kept external, copied into the package by electron-builder);
 * everything else it uses is bundled, as the renderer's libraries are (devDependencies; see package-check.ts).
 * The catalogue writer thread is its own bundle (`?modulePath` in electron/main/index.ts) named so that Node reads
 * it as a module from a folder without package.json (app.asar.unpacked), with SQLite as its only outside import.
 */
const WRITER_CHUNK = 'catalogue-writer.worker';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/main/index.ts') },
        // an outside package whose exports go unused is not loaded for nothing (the writer thread has only SQLite)
        treeshake: { moduleSideEffects: 'no-external' },
        output: {
          chunkFileNames: (chunk) => (chunk.name === WRITER_CHUNK ? BUILT_WRITER_NAME : 'chunks/[name]-[hash].js'),
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
      // electron-vite leaves the renderer unminified; minified, the first screen parses a third as much script
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
