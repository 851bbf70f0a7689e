// A raw HTTP exchange for tests that must see the bytes on the wire: fetch
// would decompress the body and hide Content-Encoding.

import { request } from 'node:http';

export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Any method, with or without a body; the answer as bytes. */
export function exchange(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
