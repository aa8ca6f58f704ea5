/**
 * A bounded buffer: at most `maxItems` items and `maxWeight` of their weights (bytes); pushing past either drops the
 * oldest first and counts them.
 */
export class RingBuffer<T> {
  private items: Array<T | undefined>;
  private weights: number[];
  private head = 0;
  private size = 0;
  private weight = 0;
  /** Items dropped (oldest first) to keep within the bounds. */
  dropped = 0;

  constructor(
    private readonly maxItems: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(maxItems) || maxItems < 1) throw new Error('RingBuffer: maxItems must be a positive integer');
    this.items = new Array<T | undefined>(maxItems);
    this.weights = new Array<number>(maxItems).fill(0);
  }

  get length(): number {
    return this.size;
  }

  get totalWeight(): number {
    return this.weight;
  }

  push(item: T, weight = 0): void {
    if (this.size === this.maxItems) this.dropOldest();
    while (this.size > 0 && this.weight + weight > this.maxWeight) this.dropOldest();
    const at = (this.head + this.size) % this.maxItems;
    this.items[at] = item;
    this.weights[at] = weight;
    this.size += 1;
    this.weight += weight;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.size; i += 1) out.push(this.items[(this.head + i) % this.maxItems] as T);
    return out;
  }

  private dropOldest(): void {
    this.weight -= this.weights[this.head] ?? 0;
    this.items[this.head] = undefined;
    this.weights[this.head] = 0;
    this.head = (this.head + 1) % this.maxItems;
    this.size -= 1;
    this.dropped += 1;
  }
}
