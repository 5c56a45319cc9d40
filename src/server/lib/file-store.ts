import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file's name: 32 hex digits, made by the store, never taken from a request. */
const KEY = /^[0-9a-f]{32}$/;

/**
 * Uploaded files on disk (docs/decisions/0007-attachments-on-disk.md): `<root>/tmp/<key>`
 * while a file is received, `<root>/<key[0..1]>/<key>` once kept. A file is streamed to disk
 * (never whole in memory), flushed with fsync and only then renamed into place, so a kept
 * file is always complete. Disk I/O runs on libuv's thread pool and never blocks the event loop.
 */
export class FileStore {
  constructor(readonly root: string) {}

  private tmpPath(key: string) {
    return join(this.root, 'tmp', checked(key));
  }

  /** Where a kept file lives. */
  path(key: string): string {
    return join(this.root, key.slice(0, 2), checked(key));
  }

  /**
   * Streams a source into a new temporary file; `onChunk` sees each chunk's size first and may
   * throw to stop (a size limit). On any error nothing is left behind.
   */
  async receive(
    source: Readable,
    onChunk: (bytes: number) => void = () => {},
  ): Promise<{ key: string; sizeBytes: number }> {
    const key = randomUUID().replaceAll('-', '');
    const tmp = this.tmpPath(key);
    await mkdir(join(this.root, 'tmp'), { recursive: true });
    let sizeBytes = 0;
    async function* counted(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        onChunk(chunk.length);
        sizeBytes += chunk.length;
        yield chunk;
      }
    }
    try {
      await pipeline(source, counted, createWriteStream(tmp, { flags: 'wx' }));
      const handle = await open(tmp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
    return { key, sizeBytes };
  }

  /** Moves a received file into place (an atomic rename). */
  async keep(key: string): Promise<void> {
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    await rename(this.tmpPath(key), this.path(key));
  }

  /** Writes bytes already in memory as a kept file (the move of the old in-database attachments). */
  async put(data: Buffer): Promise<string> {
    const { key } = await this.receive(Readable.from([data]));
    await this.keep(key);
    return key;
  }

  /** Removes a file, received or kept; a file already gone is fine. */
  async discard(key: string): Promise<void> {
    await Promise.all([unlink(this.tmpPath(key)).catch(() => {}), unlink(this.path(key)).catch(() => {})]);
  }

  /** A kept file to stream out, or null when it is missing. */
  async open(key: string): Promise<ReadStream | null> {
    const file = this.path(key);
    try {
      await stat(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  /** Removes temporary files older than the given age (left by a crash mid-upload). */
  async sweepTemporary(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    const dir = join(this.root, 'tmp');
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!KEY.test(name)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await unlink(join(dir, name)).catch(() => {});
        removed++;
      }
    }
    return removed;
  }
}

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a stored file key: ${JSON.stringify(key)}`);
  return key;
}
