import fs from 'node:fs';

/** Log text held while the reader is slow (in characters); beyond it lines are dropped and counted. */
const MAX_HELD_CHARS = 16 * 1024 * 1024;
/** A full non-blocking pipe answers EAGAIN: try again after this long. */
const RETRY_FULL_MS = 50;

/**
 * Where the server's log lines go (a pino destination): standard output, written without ever
 * blocking the process. Pino's own destination retries a full pipe by sleeping the thread and, at
 * exit, flushes synchronously: a server whose output nobody read any more (its reader gone, the
 * pipe still open) was seen still running long after SIGTERM (docs/features/proctoring.md). Here writes go through
 * libuv's thread pool, lines beyond MAX_HELD_CHARS are dropped (and their number logged once the
 * output moves again), and `settle` waits a bounded time for what is held before the process exits.
 */
export class LogOutput {
  private held: string[] = [];
  private heldChars = 0;
  private writing = false;
  private dropped = 0;
  private broken = false;
  private drained: (() => void)[] = [];

  constructor(private readonly fd = 1) {}

  write(line: string): boolean {
    if (this.broken) return true;
    if (this.heldChars + line.length > MAX_HELD_CHARS) {
      this.dropped++;
      return true;
    }
    this.held.push(line);
    this.heldChars += line.length;
    if (!this.writing) this.next();
    return true;
  }

  /** Resolves when everything held is written, or after `ms`, whichever is first. */
  settle(ms: number): Promise<void> {
    if (!this.writing || this.broken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.drained.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private next() {
    if (this.dropped > 0 && this.heldChars < MAX_HELD_CHARS / 2) {
      const note = `${JSON.stringify({ level: 40, time: Date.now(), msg: `${this.dropped} log lines dropped: the log output was not read` })}\n`;
      this.dropped = 0;
      this.held.push(note);
      this.heldChars += note.length;
    }
    if (this.held.length === 0) {
      this.writing = false;
      for (const done of this.drained.splice(0)) done();
      return;
    }
    this.writing = true;
    const chunk = Buffer.from(this.held.join(''));
    this.held = [];
    this.heldChars = 0;
    this.send(chunk);
  }

  private send(chunk: Buffer) {
    fs.write(this.fd, chunk, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.send(chunk), RETRY_FULL_MS).unref();
          return;
        }
        // EPIPE (the reader closed) or worse: nobody will read the log again.
        this.broken = true;
        this.held = [];
        this.writing = false;
        for (const done of this.drained.splice(0)) done();
        return;
      }
      if (written < chunk.length) this.send(chunk.subarray(written));
      else this.next();
    });
  }
}

/** The server's standard output (main.ts waits for it, boundedly, before exiting). */
export const standardOutput = new LogOutput(1);
