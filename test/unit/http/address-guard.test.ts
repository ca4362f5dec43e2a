/**
 * The SSRF guard's verdicts, as a function: no connection is made here (private ranges are
 * never a target, not even in a test).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAddressGuard,
  isForbiddenAddress,
} from '../../../src/main/services/http/address-guard';
import type { ConnectTarget } from '../../../src/main/services/http/guard';

const saved = process.env.CADENZA_ALLOW_LOOPBACK;
afterEach(() => {
  if (saved === undefined) delete process.env.CADENZA_ALLOW_LOOPBACK;
  else process.env.CADENZA_ALLOW_LOOPBACK = saved;
});

const target = (
  address: string | undefined,
  extra: Partial<ConnectTarget> = {},
): ConnectTarget => ({
  hostname: address ?? 'media.example',
  address,
  family: address?.includes(':') ? 6 : 4,
  port: 443,
  protocol: 'https:',
  ...extra,
});

describe('isForbiddenAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    '64:FF9B::C0A8:0101',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(isForbiddenAddress('localhost')).toBe(true);
    expect(isForbiddenAddress('')).toBe(true);
  });
});

describe('createAddressGuard', () => {
  it('refuses private targets with a message naming the host, allows public ones', async () => {
    delete process.env.CADENZA_ALLOW_LOOPBACK;
    const guard = createAddressGuard();
    await expect(guard(target('10.1.2.3', { hostname: 'intranet.example' }))).rejects.toMatchObject(
      {
        code: 'forbidden',
        message: expect.stringMatching(/intranet\.example.*local or private/),
      },
    );
    await expect(guard(target('8.8.8.8'))).resolves.toBeUndefined();
  });

  it('makes the service origin the one exception', async () => {
    delete process.env.CADENZA_ALLOW_LOOPBACK;
    const guard = createAddressGuard({ exceptOrigin: () => 'http://127.0.0.1:4010' });
    await expect(
      guard(target('127.0.0.1', { hostname: '127.0.0.1', port: 4010, protocol: 'http:' })),
    ).resolves.toBeUndefined();
    await expect(
      guard(target('127.0.0.1', { hostname: '127.0.0.1', port: 4011, protocol: 'http:' })),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('takes typed links on ports 80 and 443 only', async () => {
    delete process.env.CADENZA_ALLOW_LOOPBACK;
    const guard = createAddressGuard({ typedLinks: true });
    await expect(guard(target('8.8.8.8', { port: 8080 }))).rejects.toThrow(/80 or 443/);
    await expect(
      guard(target('8.8.8.8', { port: 80, protocol: 'http:' })),
    ).resolves.toBeUndefined();
  });

  it('opt-in loopback allows exactly 127.0.0.1 and ::1, nothing else private', async () => {
    process.env.CADENZA_ALLOW_LOOPBACK = '1';
    const guard = createAddressGuard({ typedLinks: true });
    await expect(guard(target('127.0.0.1', { port: 5555 }))).resolves.toBeUndefined();
    await expect(guard(target('::1', { port: 5555 }))).resolves.toBeUndefined();
    await expect(guard(target('127.0.0.2'))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(guard(target('192.168.0.10'))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('judges every address of a proxied hop by resolving its name first', async () => {
    delete process.env.CADENZA_ALLOW_LOOPBACK;
    const guard = createAddressGuard({
      resolve: async (h) => (h === 'rebind.example' ? ['8.8.8.8', '10.0.0.5'] : ['8.8.4.4']),
    });
    await expect(guard(target(undefined, { hostname: 'rebind.example' }))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(guard(target(undefined, { hostname: 'ok.example' }))).resolves.toBeUndefined();
  });
});
