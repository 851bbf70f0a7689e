// Moving bytes to another thread without copying them.

/**
 * The bytes in an ArrayBuffer of their own, so that it can be transferred to
 * another thread (a small Buffer lives in Node's shared pool, which must
 * never be detached).
 */
export function ownBuffer(b: Uint8Array): Uint8Array {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && !(b.buffer instanceof SharedArrayBuffer)) return b;
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return copy;
}
