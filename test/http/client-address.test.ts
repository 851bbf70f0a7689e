import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalAddress, ClientResolver, clientKey } from '../../src/http/client-address.js';

test('canonical addresses: IPv4, compressed and full IPv6, IPv4-mapped IPv6, brackets and zones', () => {
  assert.equal(canonicalAddress('127.0.0.1')?.text, '127.0.0.1');
  assert.equal(canonicalAddress('::1')?.text, '0:0:0:0:0:0:0:1');
  assert.equal(canonicalAddress('0000:0000:0000:0000:0000:0000:0000:0001')?.text, '0:0:0:0:0:0:0:1');
  assert.equal(canonicalAddress('2001:DB8::8:800:200C:417A')?.text, '2001:db8:0:0:8:800:200c:417a');
  assert.equal(canonicalAddress('::ffff:192.0.2.128')?.text, '192.0.2.128');
  assert.equal(canonicalAddress('0:0:0:0:0:ffff:c000:0280')?.text, '192.0.2.128');
  assert.equal(canonicalAddress('[2001:db8::1]')?.text, '2001:db8:0:0:0:0:0:1');
  assert.equal(canonicalAddress('fe80::1%eth0')?.text, 'fe80:0:0:0:0:0:0:1');
  assert.equal(canonicalAddress('1::')?.text, '1:0:0:0:0:0:0:0');
  assert.equal(canonicalAddress('::1.2.3.4')?.text, '0:0:0:0:0:0:102:304');
  for (const bad of ['', 'x', '1.2.3', '256.1.1.1', '1:2', 'unknown']) assert.equal(canonicalAddress(bad), null, bad);
});

test('client keys: IPv4 as is, IPv6 by /64', () => {
  assert.equal(clientKey('203.0.113.9'), '203.0.113.9');
  assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.equal(clientKey('2001:db8:1:2::ffff'), '2001:db8:1:2::/64');
  assert.equal(clientKey('::ffff:10.0.0.1'), '10.0.0.1');
});

test('without trusted proxies the peer is the client, whatever X-Forwarded-For says', () => {
  const r = new ClientResolver([]);
  assert.equal(r.resolve('10.0.0.1', '1.2.3.4'), '10.0.0.1');
});

test('X-Forwarded-For is walked from the right while hops are trusted', () => {
  const r = new ClientResolver(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
  assert.equal(r.resolve('10.1.1.1', '203.0.113.5'), '203.0.113.5');
  assert.equal(r.resolve('10.1.1.1', 'spoofed, 203.0.113.5, 10.2.2.2'), '203.0.113.5');
  assert.equal(r.resolve('192.0.2.1', '198.51.100.1,  203.0.113.5 '), '203.0.113.5');
  assert.equal(r.resolve('2001:db8::1', '203.0.113.5'), '203.0.113.5');
  assert.equal(r.resolve('::ffff:10.0.0.1', '203.0.113.5'), '203.0.113.5');
  // Every hop trusted: the leftmost is the client.
  assert.equal(r.resolve('10.1.1.1', '10.3.3.3, 10.2.2.2'), '10.3.3.3');
  // A hop that is not an address: believe no further than the proxy that passed it on.
  assert.equal(r.resolve('10.1.1.1', 'garbage'), '10.1.1.1');
  // An untrusted peer: the header is ignored.
  assert.equal(r.resolve('198.51.100.9', '203.0.113.5'), '198.51.100.9');
  // No header from a trusted peer: the peer.
  assert.equal(r.resolve('10.1.1.1', ''), '10.1.1.1');
});

test('invalid TRUSTED_PROXIES entries stop start-up, naming the entry', () => {
  for (const bad of ['nope', '10.0.0.0/33', '10.0.0.0/x', '::/129', '1.2.3.4/8/9']) {
    assert.throws(() => new ClientResolver([bad]), /TRUSTED_PROXIES/, bad);
  }
});
