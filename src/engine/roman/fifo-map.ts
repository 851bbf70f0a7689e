// A Map that drops its oldest entry when it is full: the eviction of the
// romanizer's analysis cache and of its serializer's fragments of
// unresolved tokens (the spellchecker's memos are BoundedMaps, emptied
// when full: spell/store-memo.ts).

export class FifoMap<V> extends Map<string, V> {
  constructor(readonly max: number) {
    super();
  }

  /** Sets the entry, first dropping the oldest one when the map is full; returns the value. */
  remember(key: string, value: V): V {
    if (this.size >= this.max) this.delete(this.keys().next().value!);
    this.set(key, value);
    return value;
  }
}
