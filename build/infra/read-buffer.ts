// One buffer that a hot loop reads file after file into: readFileSync gives every file a fresh buffer, and a fresh
// buffer first touches new memory, which cost more than the read (500 explain documents: 165 ms against 13 ms).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export class ReadBuffer {
  private buffer = Buffer.allocUnsafe(1 << 20);

  /**
   * The bytes of `file` (its first `size` bytes when given, e.g. from a stat already made), as a view of this buffer:
   * valid until the next read. Throws as openSync does when the file cannot be opened.
   */
  read(file: string, size?: number): Buffer {
    const fd = openSync(file, 'r');
    try {
      const length = size ?? fstatSync(fd).size;
      if (length > this.buffer.length) this.buffer = Buffer.allocUnsafe(Math.max(length, 2 * this.buffer.length));
      let read = 0;
      for (let n; read < length && (n = readSync(fd, this.buffer, read, length - read, read)) > 0;) read += n;
      return this.buffer.subarray(0, read);
    } finally {
      closeSync(fd);
    }
  }

  /** `bytes` as a buffer of its own when it is a view of this buffer (to outlive the next read), else itself. */
  lasting(bytes: Buffer): Buffer {
    return bytes.buffer === this.buffer.buffer ? Buffer.from(bytes) : bytes;
  }
}
