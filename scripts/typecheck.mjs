// `npm run typecheck`: tsc --noEmit for every workspace, two at a time (the CI machine has two cores), largest
// first; fails when any fails and prints each one's output as it finishes. The checker is TypeScript 7, the native
// compiler (package alias `typescript-7`, decision 239): the same diagnostics for this code at about a third of the
// processor time of TypeScript 6, which stays installed for the tools that need its JavaScript API
// (dependency-cruiser parses TypeScript with it).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const projects = ['apps/web', 'apps/server', 'packages/domain', 'e2e'];
const parallel = Math.max(1, Math.min(2, availableParallelism()));

const run = (project) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['node_modules/typescript-7/bin/tsc', '-p', project, '--noEmit'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...projects];
let ok = true;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length > 0) {
      const project = queue.shift();
      if (!(await run(project))) ok = false;
    }
  }),
);
process.exit(ok ? 0 : 1);
