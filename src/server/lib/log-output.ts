import type { Writable } from 'node:stream';

/**
 * Where the server's log goes (docs/decisions/0067): JSON lines (pino's own) when stdout is a
 * file or a pipe, for machines; short readable lines when it is a terminal, for people.
 */
export interface LogStream {
  write(line: string): void;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

// pino's own fields, and those a request line shows in its text
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'method', 'url', 'status', 'ms']);

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function colour(text: string, code: number, enabled: boolean): string {
  return enabled ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function extraFields(entry: Record<string, unknown>): string {
  const rest = Object.entries(entry).filter(([key]) => !SHOWN.has(key));
  if (rest.length === 0) return '';
  return ` ${rest
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object') {
        const err = value as { stack?: string; message?: string };
        return `\n${err.stack ?? err.message ?? JSON.stringify(value)}`;
      }
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join(' ')}`;
}

/** One pino JSON line as a person reads it: `14:03:07 GET /api/orders 200 12 ms req-1`. */
export function prettyLine(json: string, colours = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  // Fastify's "Server listening at …" per address: the ready line (readyLine) says it once
  if (typeof entry.msg === 'string' && entry.msg.startsWith('Server listening at ')) return '';
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = colour(clock(entry.time), 2, colours);
  const label =
    level >= 50
      ? `${colour(LEVELS[level] ?? 'ERROR', 31, colours)} `
      : level >= 40
        ? `${colour('WARN', 33, colours)} `
        : level < 30
          ? `${LEVELS[level] ?? 'DEBUG'} `
          : '';
  let text: string;
  if (entry.method !== undefined && entry.status !== undefined) {
    const status = Number(entry.status);
    const statusText = colour(String(status), status >= 500 ? 31 : status >= 400 ? 33 : 32, colours);
    text = `${entry.method} ${entry.url} ${statusText} ${entry.ms} ms ${colour(String(entry.reqId ?? ''), 2, colours)}`;
  } else {
    text = String(entry.msg ?? '');
    if (entry.reqId !== undefined) text += ` ${colour(String(entry.reqId), 2, colours)}`;
  }
  return `${time} ${label}${text.trimEnd()}${extraFields(entry)}\n`;
}

/** A pino destination that writes readable lines to `out` (a terminal). */
export function prettyStream(out: Writable & { hasColors?: () => boolean } = process.stdout): LogStream {
  const colours = typeof out.hasColors === 'function' ? out.hasColors() : false;
  return {
    write: (line: string) => {
      const text = prettyLine(line, colours);
      if (text) out.write(text);
    },
  };
}

/** pino's destination for the server: readable lines on a terminal, JSON (pino's default) otherwise. */
export function logDestination(out: NodeJS.WriteStream = process.stdout): LogStream | undefined {
  return out.isTTY ? prettyStream(out) : undefined;
}

/** The line `npm start` ends with: where to open the app, and the demo sign-in when it works. */
export function readyLine(options: {
  host: string;
  port: number;
  /** The demo accounts and their password, when signing in with them works; else null. */
  demo: { usernames: readonly string[]; password: string } | null;
}): string {
  const host =
    options.host === '0.0.0.0' || options.host === '::' || options.host === ''
      ? 'localhost'
      : options.host.includes(':')
        ? `[${options.host}]`
        : options.host;
  const url = `http://${host}:${options.port}/`;
  const names = options.demo?.usernames ?? [];
  const who = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  const demo =
    options.demo && names.length > 0 ? ` — sign in as ${who} with password ${options.demo.password}` : '';
  return `KandyPack Portal is ready at ${url}${demo}`;
}
