// npm run dev: the server with reload on change, and Vite's dev server proxying the APIs to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@huikao/web'], { stdio: 'inherit' }),
];
console.log('server: http://localhost:8080  ·  web with hot reload: http://localhost:5173');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
