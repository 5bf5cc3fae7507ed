import { describe, expect, it } from 'vitest';
import { isAppHost, siteObjectKey, underSitesPath } from './sites-host.ts';

describe('sites host', () => {
  it('maps site paths to the regenerator’s object keys, and nothing outside the website', () => {
    expect(siteObjectKey('site-1', '/')).toBe('site-1/index.html');
    expect(siteObjectKey('site-1', '')).toBe('site-1/index.html');
    expect(siteObjectKey('site-1', '/about')).toBe('site-1/about/index.html');
    expect(siteObjectKey('site-1', '/about/')).toBe('site-1/about/index.html');
    expect(siteObjectKey('site-1', '/sitemap.xml')).toBe('site-1/sitemap.xml');
    expect(siteObjectKey('site-1', '/robots.txt')).toBe('site-1/robots.txt');
    expect(siteObjectKey('site-1', '/../other/index.html')).toBeUndefined();
    // listing pages are one folder deeper; the generated icon sits beside the sitemap
    expect(siteObjectKey('site-1', '/listings/casa-em-evora-3f2a9c1b')).toBe(
      'site-1/listings/casa-em-evora-3f2a9c1b/index.html',
    );
    expect(siteObjectKey('site-1', '/listings/casa-em-evora-3f2a9c1b/')).toBe(
      'site-1/listings/casa-em-evora-3f2a9c1b/index.html',
    );
    expect(siteObjectKey('site-1', '/favicon.svg')).toBe('site-1/favicon.svg');
    expect(siteObjectKey('site-1', '/listings/../../other')).toBeUndefined();
    expect(siteObjectKey('site-1', '/a/b/c/d')).toBeUndefined();
    expect(siteObjectKey('site-1', '/listings/Casa')).toBeUndefined();
    expect(siteObjectKey('site-1', '/About')).toBeUndefined();
    expect(siteObjectKey('..', '/')).toBeUndefined();
  });

  it('points site-root links under /sites/{id} and leaves media, API and other origins alone', () => {
    const html =
      '<a href="/">Home</a><a href="/about">About</a><img src="/media/a.png"><a href="/media/x.pdf">x</a>' +
      '<a href="//cdn.example/x">cdn</a><a href="https://x.example/">x</a><form action="/api/website-leads/s">' +
      '<input type="hidden" name="page" value="/contact">';
    expect(underSitesPath(html, 's')).toBe(
      '<a href="/sites/s/">Home</a><a href="/sites/s/about">About</a><img src="/media/a.png"><a href="/media/x.pdf">x</a>' +
        '<a href="//cdn.example/x">cdn</a><a href="https://x.example/">x</a><form action="/api/website-leads/s">' +
        '<input type="hidden" name="page" value="/sites/s/contact">',
    );
  });

  it('tells the app’s own host from a website’s domain', () => {
    expect(isAppHost('localhost:3000', 3000)).toBe(true);
    expect(isAppHost('127.0.0.1:3000', 3000)).toBe(true);
    expect(isAppHost(undefined, 3000)).toBe(true);
    expect(isAppHost('harbor-pine-abc123.localhost:3000', 3000)).toBe(false);
    expect(isAppHost('www.example.com', 3000)).toBe(false);
  });
});
