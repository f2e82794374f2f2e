import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedPages } from './prerendered-pages';

describe('prerenderedPages', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  function build(files: string[]) {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-web-'));
    fs.mkdirSync(path.join(dist, '_pages'));
    for (const file of files) fs.writeFileSync(path.join(dist, '_pages', file), '<!doctype html>');
    return prerenderedPages(dist);
  }

  it('maps / and the page paths to their files, ignoring query, hash and a trailing slash', () => {
    const page = build(['index.html', 'index.html.br', 'pricing.html', 'pricing.html.gz']);
    expect(page('/')).toBe('_pages/index.html');
    expect(page('/?ref=newsletter')).toBe('_pages/index.html');
    expect(page('/pricing')).toBe('_pages/pricing.html');
    expect(page('/pricing/')).toBe('_pages/pricing.html');
    expect(page('/pricing?plan=annual#faq')).toBe('_pages/pricing.html');
  });

  it('knows nothing of other paths, so they get the SPA', () => {
    const page = build(['index.html', 'pricing.html']);
    for (const url of [
      '/login',
      '/dashboard',
      '/pricing.html',
      '/pricing/extra',
      '/index',
      '/_pages/index.html',
    ])
      expect(page(url)).toBeUndefined();
  });

  it('works without pre-rendered pages (a plain vite build)', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-web-'));
    expect(prerenderedPages(dist)('/')).toBeUndefined();
  });
});
