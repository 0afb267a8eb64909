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

  it.each([
    ['image-set() with a bare string', 'background-image:image-set("https://evil.example/a.png" 1x)'],
    ['-webkit-image-set()', "fill:-webkit-image-set('https://evil.example/a.png' 1x)"],
    ['image-set() with url()', 'mask:image-set(url(https://evil.example/m.svg) 1x)'],
    ['image()', 'background:image("https://evil.example/i.png")'],
    ['src()', 'mask-image:src("https://evil.example/m.svg")'],
    ['cross-fade()', 'background:cross-fade(url(#a),"https://evil.example/b.png")'],
    ['element()', 'background:-moz-element(#a)'],
    ['@import', '@import "https://evil.example/a.css"'],
    ['a CSS escape hiding url()', 'fill:\\75 rl(https://evil.example/x)'],
    ['an escape inside image-set', 'fill:im\\61 ge-set("https://evil.example/x")'],
    ['url() with spaces and quotes', "fill: url ( 'https://evil.example/x' )"],
    ['protocol-relative url()', 'fill:url(//evil.example/x)'],
    ['an entity-encoded image-set', 'fill:image&#x2d;set(&quot;https://evil.example/x&quot;)'],
  ])('drops a style attribute with an external reference in CSS: %s', (_, css) => {
    const out = sanitizeSvg(svg(`<rect width="1" style="${css.replaceAll('"', '&quot;')}"/>`));
    expect(out).not.toMatch(/evil|image-set|@import|style=/);
    expect(out).toContain('<rect width="1"/>');
  });

  it('drops presentation attributes that reach outside the document through CSS functions', () => {
    const out = sanitizeSvg(
      svg(
        '<rect width="1" mask="image-set(&quot;https://evil.example/m.svg&quot; 1x)" filter="url(https://evil.example/f)" fill="url(#grad)"/>',
      ),
    );
    expect(out).not.toMatch(/evil|image-set/);
    expect(out).toContain('<rect width="1" fill="url(#grad)"/>');
  });

  it('drops <style> elements with every reference in them', () => {
    const out = sanitizeSvg(
      svg(
        '<style>rect { fill: image-set("https://evil.example/a.png" 1x); } @import url(https://evil.example/b.css);</style>' +
          '<style><![CDATA[@font-face { src: url(https://evil.example/f.woff) }]]></style><rect width="1"/>',
      ),
    );
    expect(out).not.toMatch(/evil|<style|image-set|@import|font-face/);
    expect(out).toContain('<rect width="1"/>');
  });

  it('keeps harmless CSS: colours, transforms, filters and local references', () => {
    const style =
      'fill:rgb(10, 20, 30);stroke:hsl(120 50% 50%);transform:translate(1px, 2px) rotate(45deg) scaleX(2);filter:drop-shadow(0 0 1px #000) url(#f);clip-path:url(&quot;#c&quot;)';
    const out = sanitizeSvg(svg(`<rect width="1" style="${style}" transform="matrix(1 0 0 1 0 0)"/>`));
    expect(out).toContain('style="fill:rgb(10, 20, 30);');
    expect(out).toContain('url(&quot;#c&quot;)');
    expect(out).toContain('transform="matrix(1 0 0 1 0 0)"');
  });

  it('keeps data attributes as text even when they look like CSS', () => {
    const out = sanitizeSvg(svg('<g data-name="Raum 1 (Nord)"><rect width="1"/></g>'));
    expect(out).toContain('data-name="Raum 1 (Nord)"');
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
