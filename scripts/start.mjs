// npm start: build, then launch the Electron app — or, where the Electron binary cannot be obtained,
// say so in one line and open the same app through the browser host (demo mode unless a service is configured).
import { spawn, spawnSync } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

const build = spawnSync('npx', ['electron-vite', 'build'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  shell: process.platform === 'win32',
});
if (build.status !== 0) {
  console.error('The build failed; see the messages above.');
  process.exit(1);
}

const binary = electronBinary();
if (binary) {
  const child = spawn(binary, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('The Electron binary is not available on this machine, so Shopdesk opens in your browser instead.');
  const child = spawn('npx', ['tsx', 'electron/web/cli.ts', '--demo', '--open', ...process.argv.slice(2)], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
