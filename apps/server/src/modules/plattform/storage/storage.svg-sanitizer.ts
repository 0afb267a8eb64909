/**
 * SVG sanitiser for uploads (ARCHITECTURE §10). Pure: text in, text out.
 *
 * It does not repair markup: it tokenises the XML and rebuilds it from an allowlist of elements and
 * attributes. Everything else is dropped with its content: scripts, `foreignObject`, styles, comments,
 * processing instructions, DOCTYPE (and so entity declarations), event handlers (`on*`), `javascript:`
 * and every external reference (`href` only to `#fragment` or an embedded raster image, `url()` only to
 * `#fragment`). CSS in `style` and presentation attributes may call only the functions of
 * `CSS_FUNCTIONS` (colours, maths, transforms, filters, gradients): `image-set()`, `image()`, `src()`,
 * `cross-fade()`, `element()` and any function CSS may add later can load nothing, because they are not
 * on the list; CSS escapes (a backslash) and at-rules (`@import`) drop the attribute. `<style>` elements
 * are dropped with their content. Malformed XML or a root other than `<svg>` is refused.
 */

export class SvgRejected extends Error {
  override readonly name = 'SvgRejected';
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
  'feDropShadow',
]);

const ALLOWED_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'mask',
  'filter',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'display',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'values',
  'type',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'role',
  'focusable',
  'tabindex',
]);

/** Embedded raster images are allowed in `<image href>`; nothing else may leave the document. */
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** Lowercased without whitespace and control characters, so `java\nscript:` is seen as `javascript:`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const squash = (value: string) => value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();

const decodeEntities = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '',
    );

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The CSS functions an attribute value may call: none of them loads anything. `url()` is on the list
 * because `hasOnlyLocalUrls` limits it to `#fragment`.
 */
const CSS_FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
  'translate',
  'translatex',
  'translatey',
  'translatez',
  'translate3d',
  'rotate',
  'rotatex',
  'rotatey',
  'rotatez',
  'rotate3d',
  'scale',
  'scalex',
  'scaley',
  'scalez',
  'scale3d',
  'skew',
  'skewx',
  'skewy',
  'matrix',
  'matrix3d',
  'perspective',
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
  'cubic-bezier',
  'steps',
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
]);

/**
 * Whether a (squashed) CSS value calls only `CSS_FUNCTIONS` and has no escape or at-rule that could hide
 * a reference (`\75 rl(`, `@import`).
 */
const isHarmlessCss = (squashed: string) =>
  !/[\\@]/.test(squashed) &&
  [...squashed.matchAll(/([a-z_-][a-z0-9_-]*)?\(/g)].every((m) => CSS_FUNCTIONS.has(m[1] ?? ''));

/** Every `url(...)` in a value points inside the document. */
const hasOnlyLocalUrls = (squashed: string) =>
  [...squashed.matchAll(/url\(([^)]*)\)?/g)].every((m) => /^['"]?#/.test(m[1] ?? ''));

const isSafeAttribute = (element: string, name: string, rawValue: string): boolean => {
  if (name.toLowerCase().startsWith('on')) return false;
  if (!ALLOWED_ATTRIBUTES.has(name) && !/^(data|aria)-[\w.-]+$/.test(name)) return false;
  const value = squash(decodeEntities(rawValue));
  if (/(java|vb)script:|data:text|expression\(|@import|behavior:|-moz-binding/.test(value)) return false;
  if (!hasOnlyLocalUrls(value)) return false;
  // Data and ARIA attributes are text for scripts and screen readers, never CSS; everything else may be.
  if (!/^(data|aria)-/.test(name) && !isHarmlessCss(value)) return false;
  if (name === 'href' || name === 'xlink:href') {
    if (value.startsWith('#')) return true;
    return element === 'image' && EMBEDDED_IMAGE.test(decodeEntities(rawValue).trim());
  }
  return true;
};

const ATTRIBUTE = /([^\s=/>]+)\s*(?:=\s*("[^"]*"|'[^']*'))?/g;

type Frame = { name: string; kept: boolean };

/** Largest input accepted (bytes of text). Floor plans with 1,000 seats stay well below. */
export const MAX_SVG_CHARS = 5 * 1024 * 1024;

/** The sanitised document, or `SvgRejected` when the text is not a well-formed SVG. */
export const sanitizeSvg = (input: string): string => {
  if (input.length > MAX_SVG_CHARS) throw new SvgRejected('SVG zu groß');
  const source = input.replace(/^\uFEFF/, '');
  const out: string[] = [];
  const stack: Frame[] = [];
  let dropDepth = 0; // > 0 while inside a dropped element
  let sawRoot = false;
  let rootClosed = false;
  let i = 0;

  const skipTo = (terminator: string, from: number) => {
    const end = source.indexOf(terminator, from);
    if (end < 0) throw new SvgRejected('Unvollständiges XML');
    return end + terminator.length;
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      if (stack.length === 0) {
        if (text.trim() !== '') throw new SvgRejected('Text außerhalb des <svg>-Elements');
      } else if (dropDepth === 0) {
        out.push(escapeText(decodeEntities(text)));
      }
      i = textEnd;
      continue;
    }
    if (source.startsWith('<!--', i)) {
      i = skipTo('-->', i + 4);
      continue;
    }
    if (source.startsWith('<?', i)) {
      i = skipTo('?>', i + 2);
      continue;
    }
    if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i + 9);
      if (end < 0 || stack.length === 0) throw new SvgRejected('Ungültiger CDATA-Abschnitt');
      if (dropDepth === 0) out.push(escapeText(source.slice(i + 9, end)));
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', i)) {
      // DOCTYPE (possibly with an internal subset declaring entities): dropped entirely.
      if (sawRoot) throw new SvgRejected('DOCTYPE innerhalb des Dokuments');
      const bracket = source.indexOf('[', i);
      const close = source.indexOf('>', i);
      if (close < 0) throw new SvgRejected('Unvollständiges XML');
      i = bracket >= 0 && bracket < close ? skipTo(']', bracket) : close;
      i = skipTo('>', i);
      continue;
    }
    if (source.startsWith('</', i)) {
      const close = source.indexOf('>', i);
      if (close < 0) throw new SvgRejected('Unvollständiges XML');
      const name = source.slice(i + 2, close).trim();
      const frame = stack.pop();
      if (!frame || frame.name !== name) throw new SvgRejected(`Unerwartetes </${name.slice(0, 40)}>`);
      if (frame.kept) out.push(`</${name}>`);
      else dropDepth--;
      if (stack.length === 0) rootClosed = true;
      i = close + 1;
      continue;
    }
    // Start tag: find its end outside quoted attribute values.
    let j = i + 1;
    let quote: string | null = null;
    for (; j < source.length; j++) {
      const c = source[j];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
      else if (c === '<') throw new SvgRejected('Ungültiges Tag');
    }
    if (j >= source.length) throw new SvgRejected('Unvollständiges XML');
    let tag = source.slice(i + 1, j);
    const selfClosing = tag.endsWith('/');
    if (selfClosing) tag = tag.slice(0, -1);
    const name = /^[A-Za-z_][\w:.-]*/.exec(tag)?.[0];
    if (!name) throw new SvgRejected('Ungültiges Tag');
    if (rootClosed) throw new SvgRejected('Inhalt nach dem <svg>-Element');
    if (!sawRoot) {
      if (name !== 'svg') throw new SvgRejected('Das Wurzelelement ist nicht <svg>');
      sawRoot = true;
    }
    const kept = dropDepth === 0 && ALLOWED_ELEMENTS.has(name);
    if (kept) {
      const attributes: string[] = [];
      for (const m of tag.slice(name.length).matchAll(ATTRIBUTE)) {
        const attrName = m[1] ?? '';
        const rawValue = (m[2] ?? '""').slice(1, -1);
        if (!isSafeAttribute(name, attrName, rawValue)) continue;
        attributes.push(` ${attrName}="${escapeAttribute(decodeEntities(rawValue))}"`);
      }
      out.push(`<${name}${attributes.join('')}${selfClosing ? '/>' : '>'}`);
    }
    if (!selfClosing) {
      stack.push({ name, kept });
      if (!kept) dropDepth++;
    } else if (stack.length === 0) {
      rootClosed = true;
    }
    i = j + 1;
  }
  if (!sawRoot) throw new SvgRejected('Kein <svg>-Element gefunden');
  if (stack.length > 0) throw new SvgRejected('Unvollständiges XML');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${out.join('')}\n`;
};

/** A quick look whether a text is meant to be an SVG (root element `<svg>`), before sanitising. */
export const looksLikeSvg = (text: string): boolean => {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .trimStart();
  return /^<svg[\s>/]/.test(head);
};
