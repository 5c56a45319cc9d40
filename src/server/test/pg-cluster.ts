import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { chown, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The folder holding initdb and pg_ctl, and any further `tools` asked for (PATH's
 * /usr/local/bin, else Debian's), or undefined.
 */
export function findPostgresBin(tools: readonly string[] = []): string | undefined {
  const candidates = ['/usr/local/bin'];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', ...tools].every((tool) => existsSync(join(dir, tool))),
  );
}

/** A TCP port of 127.0.0.1 that nothing listens on (at the moment it is asked). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  port: number;
  /** The folder of its data, log and socket (owned by `postgres` when run as root). */
  dir: string;
  /** pg_ctl start (waits until it accepts connections). */
  start(): Promise<void>;
  /** pg_ctl stop; `immediate` is a crash for the clients: no goodbye, recovery on the next start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
  /** The server's log, for a failing test's message. */
  log(): Promise<string>;
}

/** A temporary folder for a cluster, and its tools run as the user PostgreSQL accepts. */
/**
 * A temporary folder for a program of PostgreSQL's kind: PostgreSQL and PgBouncer refuse to run as
 * root, so as root the folder is given to the `postgres` user and `asPostgres` wraps a command in
 * runuser; otherwise both are as they are.
 */
export async function postgresFolder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const asPostgres = (path: string, args: string[]): [command: string, args: string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  return { dir, asPostgres };
}

async function clusterFolder() {
  const { dir, asPostgres } = await postgresFolder('kandypack-pg-');
  const tool = (path: string, args: string[]) => run(...asPostgres(path, args), { cwd: dir });
  return { dir, tool };
}

/** pg_ctl over a data folder made by initdb or pg_basebackup, on `port`. */
async function clusterOn(
  bin: string,
  folder: Awaited<ReturnType<typeof clusterFolder>>,
  data: string,
  port: number,
): Promise<PgCluster> {
  const { dir, tool } = folder;
  const logFile = join(dir, 'server.log');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start: async () => {
      await tool(join(bin, 'pg_ctl'), ['start', '-D', data, '-l', logFile, '-w', '-t', '60', '-o', options]);
      running = true;
    },
    stop: async (mode = 'fast') => {
      await tool(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
      running = false;
    },
    destroy: async () => {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
  };
  await cluster.start();
  return cluster;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder on a free port, for tests that stop and
 * restart the database under a running server. PostgreSQL refuses to run as root, so as root its
 * tools run as the `postgres` user (runuser) over a folder given to that user. initdb's trust
 * authentication also lets a replica connect for replication from 127.0.0.1 (startPgReplica).
 */
export async function startPgCluster(bin: string): Promise<PgCluster> {
  const folder = await clusterFolder();
  const data = join(folder.dir, 'data');
  await folder.tool(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '-N',
  ]);
  return clusterOn(bin, folder, data, await freePort());
}

/**
 * A streaming replica of `primary` (pg_basebackup -R: a standby that follows the primary's WAL
 * as it is written), in a temporary folder on a free port; read-only (hot standby).
 */
export async function startPgReplica(bin: string, primary: PgCluster): Promise<PgCluster> {
  const folder = await clusterFolder();
  const data = join(folder.dir, 'data');
  await folder.tool(join(bin, 'pg_basebackup'), [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-X',
    'stream',
    '-R',
    // a checkpoint now, not spread over checkpoint_timeout (minutes)
    '--checkpoint=fast',
    '--no-sync',
  ]);
  return clusterOn(bin, folder, data, await freePort());
}
