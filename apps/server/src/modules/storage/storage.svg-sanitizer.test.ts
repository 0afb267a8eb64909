import { describe, expect, it } from 'vitest';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './storage.svg-sanitizer';

const svg = (body: string, attrs = '') =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${body}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps drawing elements, their geometry and data attributes', () => {
    const out = sanitizeSvg(
      svg(
        '<g id="platz-1" data-platz="1"><rect x="1" y="1" width="2" height="2" fill="#0a0"/><text x="1">Platz &amp; 1</text></g>',
      ),
    );
    expect(out).toContain('<rect x="1" y="1" width="2" height="2" fill="#0a0"/>');
    expect(out).toContain('data-platz="1"');
    expect(out).toContain('Platz &amp; 1');
    expect(out).toContain('viewBox="0 0 10 10"');
  });

  it('drops script elements with their content', () => {
    const out = sanitizeSvg(
      svg(
        '<script>alert(1)</script><script type="text/ecmascript"><![CDATA[alert(2)]]></script><circle r="1"/>',
      ),
    );
    expect(out).not.toMatch(/script|alert/i);
    expect(out).toContain('<circle r="1"/>');
  });

  it('drops event handler attributes', () => {
    const out = sanitizeSvg(svg('<rect onclick="alert(1)" ONLOAD="x()" width="1"/>', ' onload="alert(1)"'));
    expect(out).not.toMatch(/on(click|load)/i);
    expect(out).toContain('width="1"');
  });

  it('drops javascript: links, also when obfuscated with entities or whitespace', () => {
    const out = sanitizeSvg(
      svg(
        '<a href="javascript:alert(1)"><rect width="1"/></a><use href="jav&#x61;script:alert(1)"/><use xlink:href=" java\nscript:x"/>',
      ),
    );
    expect(out).not.toMatch(/javascript|alert/i);
  });

  it('drops external references and foreignObject, keeps fragment references', () => {
    const out = sanitizeSvg(
      svg(
        '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>' +
          '<image href="https://evil.example/track.png"/><use href="#platz"/>' +
          '<rect style="fill:url(https://evil.example/x)" fill="url(#grad)"/>' +
          '<style>@import url(https://evil.example/a.css);</style>',
      ),
    );
    expect(out).not.toMatch(/evil|foreignObject|iframe|@import|<style/);
    expect(out).toContain('<use href="#platz"/>');
    expect(out).toContain('fill="url(#grad)"');
  });

  it('keeps embedded raster images', () => {
    const out = sanitizeSvg(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'));
    expect(out).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('drops DOCTYPE with entity declarations (no entity expansion)', () => {
    const out = sanitizeSvg(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY ext SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&ext;</text></svg>`,
    );
    expect(out).not.toMatch(/ENTITY|passwd|DOCTYPE/);
    expect(out).toContain('<text>&amp;ext;</text>');
  });

  it('refuses a root other than svg and malformed XML', () => {
    expect(() => sanitizeSvg('<html><svg/></html>')).toThrow(SvgRejected);
    expect(() => sanitizeSvg(svg('<g><rect></g>'))).toThrow(SvgRejected);
    expect(() => sanitizeSvg('<svg><g></svg')).toThrow(SvgRejected);
    expect(() => sanitizeSvg(`${svg('')}<script>alert(1)</script>`)).toThrow(SvgRejected);
    expect(() => sanitizeSvg('just text')).toThrow(SvgRejected);
  });

  it('looksLikeSvg sees through the XML declaration, comments and DOCTYPE', () => {
    expect(looksLikeSvg('\uFEFF<?xml version="1.0"?>\n<!-- x --><!DOCTYPE svg>\n<svg width="1"></svg>')).toBe(
      true,
    );
    expect(looksLikeSvg('<html></html>')).toBe(false);
    expect(looksLikeSvg('%PDF-1.7')).toBe(false);
  });
});
