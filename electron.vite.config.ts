import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { RENDERER_CSP } from './shared/csp';
import { BUILT_WRITER_HASH_NAME, BUILT_WRITER_NAME } from './electron/main/core/packaged-paths';

/**
 * The writer thread's SHA-256, written beside it once the main build is on disk (#25.8): the installed app checks the
 * unpacked writer against it (the hash file stays inside app.asar, under Electron's integrity check).
 */
const writerHash = (): Plugin => ({
  name: 'shopdesk-writer-hash',
  writeBundle(options) {
    const dir = options.dir ?? resolve(__dirname, 'out/main');
    const file = join(dir, BUILT_WRITER_NAME);
    if (!fs.existsSync(file)) return;
    const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    fs.writeFileSync(join(dir, BUILT_WRITER_HASH_NAME), `${hash}\n`);
  },
});

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
const WRITER_CHUNK = 'writer.worker';

export default defineConfig({
  main: {
    plugins: [writerHash()],
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
    resolve: {
      // shared code's default English (the core's) is the screen's translator here: renderer/src/english.ts says why
      alias: [{ find: /^\.\/i18n\/english$/, replacement: resolve(__dirname, 'renderer/src/english.ts') }],
    },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the first screen parses a third as much script
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
        // floating-ui (tooltips, popovers, menus, drop-downs: 44 kB) in a chunk of its own: left to itself the bundler
        // put it in one chunk with three small Mantine helpers the first screen imports, so it loaded with the first
        // screen although only chunks fetched after the first paint use it (#31.2)
        output: { codeSplitting: { groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ }] } },
      },
    },
  },
});
