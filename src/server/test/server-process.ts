import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg-cluster';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const READY = 'KandyPack Portal is ready at ';
/** How much of the server's output a failing test's message shows. */
const KEPT_LINES = 60;

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  base: string;
  pid: number;
  /** Resolves when the process has ended (any way). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Sends a signal to its whole process group (it and anything it started). */
  signal(signal: NodeJS.Signals): void;
}

/** Every server process this module started and that has not ended: ended if the test process ends. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Starts the real server (`src/server/main.ts`, as `npm start` does) as a child process in a
 * process group of its own, on a free port of 127.0.0.1, with `env` added to this process's
 * environment; resolves once it says it is ready (its ready line), rejects if it ends first or
 * is not ready within `timeoutMs`. A port taken between the choice and the listen is tried again.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      return await startOnPort(port, env, timeoutMs);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 3) throw error;
    }
  }
}

class PortTaken extends Error {}

function startOnPort(port: number, env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  });
  running.add(child);
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    output: () => lines.join('\n'),
    signal: (signal) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    },
  };
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      server.signal('SIGKILL');
      reject(new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`));
    }, timeoutMs);
    const read = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop()!;
        for (const line of parts) {
          lines.push(line);
          if (lines.length > KEPT_LINES) lines.shift();
          if (!ready && line.includes(READY)) {
            ready = true;
            clearTimeout(timer);
            resolve(server);
          }
        }
      });
    };
    read(child.stdout!);
    read(child.stderr!);
    void exited.then(({ code, signal }) => {
      if (ready) return;
      clearTimeout(timer);
      const output = server.output();
      reject(
        output.includes(`Port ${port} is already in use`)
          ? new PortTaken(output)
          : new Error(`the server ended before it was ready (${signal ?? `exit ${code}`}):\n${output}`),
      );
    });
  });
}
