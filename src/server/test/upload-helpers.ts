import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** Every file under a folder (recursive), as paths relative to it. */
export function filesUnder(root: string, dir = ''): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? filesUnder(root, path) : [path];
  });
}

export interface StreamedFile {
  filename: string;
  type: string;
  /** Bytes, produced chunk by chunk: the whole file never exists in memory. */
  size: number;
  byte?: number;
}

/**
 * A multipart body as a stream, one 64 KB chunk at a time, with a hook called between chunks
 * (to look at the server while the request is still arriving).
 */
export function multipartStream(
  payload: string,
  files: StreamedFile[],
  between: (sentBytes: number) => Promise<void> = async () => {},
) {
  const boundary = `----kpstream${Math.random().toString(16).slice(2)}`;
  const chunk = 64 * 1024;
  async function* body() {
    let sent = 0;
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${payload}\r\n`,
    );
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      );
      for (let done = 0; done < f.size; done += chunk) {
        const n = Math.min(chunk, f.size - done);
        sent += n;
        yield Buffer.alloc(n, f.byte ?? 7);
        await between(sent);
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { stream: Readable.from(body()), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a stream over a real connection; resolves with the status and parsed JSON answer. */
export function postStream(
  port: number,
  path: string,
  headers: Record<string, string>,
  stream: Readable,
): Promise<{ status: number; body: { detail?: string } & Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    // the server may answer (413) and close before the whole body is sent
    req.on('error', (err) =>
      err.message.includes('EPIPE') || err.message.includes('ECONNRESET') ? undefined : reject(err),
    );
    stream.pipe(req);
  });
}
