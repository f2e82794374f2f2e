import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { linkBaseUrl, originOf, ownHosts, reachableAddresses } from './origins';

describe('reachableAddresses (the start-up banner)', () => {
  it('lists localhost, 127.0.0.1 and the LAN addresses when listening everywhere', () => {
    expect(
      reachableAddresses({ publicUrl: undefined, host: '0.0.0.0', port: 3000, lan: ['192.168.1.20'] }),
    ).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.20:3000']);
  });

  it('lists only the address it listens on otherwise', () => {
    expect(reachableAddresses({ publicUrl: undefined, host: '127.0.0.1', port: 4102 })).toEqual([
      'http://127.0.0.1:4102',
    ]);
    expect(reachableAddresses({ publicUrl: undefined, host: '::1', port: 80 })).toEqual(['http://[::1]:80']);
  });

  it('lists PUBLIC_URL alone when it is set', () => {
    expect(
      reachableAddresses({ publicUrl: 'https://korrigo.schule.example/', host: '0.0.0.0', port: 3000 }),
    ).toEqual(['https://korrigo.schule.example']);
  });
});

describe('ownHosts', () => {
  it('are this machine’s names and addresses, with and without the port', () => {
    const hosts = ownHosts(3000);
    expect(hosts).toEqual(
      expect.arrayContaining(['localhost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000']),
    );
    expect(hosts).toContain(`${os.hostname().toLowerCase()}:3000`);
    expect(hosts).not.toContain('evil.example:3000');
  });
});

describe('originOf', () => {
  it('normalises default ports and refuses what is no origin', () => {
    expect(originOf('http://schulserver:80/')).toBe('http://schulserver');
    expect(originOf('https://a.example:443')).toBe('https://a.example');
    expect(originOf('null')).toBeNull();
    expect(originOf('http://')).toBeNull();
  });
});

describe('linkBaseUrl (where the links in mails point)', () => {
  const base = {
    publicUrl: undefined,
    ownHosts: ['localhost:3000', '192.168.1.20:3000', '[::1]:3000'],
    fallbackUrl: 'http://localhost:3000',
  };
  const from = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });

  it("is the address the request came to when that is one of the machine's", () => {
    expect(linkBaseUrl(from('192.168.1.20:3000'), base)).toBe('http://192.168.1.20:3000');
    expect(linkBaseUrl(from('LOCALHOST:3000'), base)).toBe('http://localhost:3000');
    expect(linkBaseUrl(from('[::1]:3000'), base)).toBe('http://[::1]:3000');
  });

  it('is the fallback for any other Host, and PUBLIC_URL whatever the Host', () => {
    expect(linkBaseUrl(from('evil.example'), base)).toBe('http://localhost:3000');
    expect(linkBaseUrl(from('192.168.1.20:4000'), base)).toBe('http://localhost:3000');
    expect(linkBaseUrl(from('a b'), base)).toBe('http://localhost:3000');
    const publicUrl = 'https://korrigo.schule.example';
    expect(linkBaseUrl(from('192.168.1.20:3000'), { ...base, publicUrl })).toBe(publicUrl);
  });
});
