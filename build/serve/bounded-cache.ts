// A least-recently-used map bounded by the bytes it holds (keys and values), not only by its number of entries.

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  private readonly maxBytes: number;
  private readonly sizeOf: (key: string, value: V) => number;

  constructor(maxBytes: number, sizeOf: (key: string, value: V) => number) {
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Move to the most recent end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value unless it alone would take more than a sixteenth of the budget (it is then simply not cached). */
  set(key: string, value: V): void {
    const bytes = this.sizeOf(key, value);
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    if (bytes > this.maxBytes / 16) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
