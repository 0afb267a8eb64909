import { DomainError } from '@stellwerk/domain/errors';
import { describe, expect, it } from 'vitest';
import { checkUpload } from './storage.content';

/** Smallest valid files by magic bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1"/></svg>',
);

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return err instanceof DomainError ? err.code : String(err);
  }
};

describe('checkUpload', () => {
  it('accepts PNG, JPG and sanitised SVG as a logo', async () => {
    expect((await checkUpload('logos', PNG)).kind).toBe('png');
    expect((await checkUpload('logos', JPG)).kind).toBe('jpg');
    const svg = await checkUpload('logos', SVG);
    expect(svg.kind).toBe('svg');
    expect(svg.data.toString()).not.toContain('script');
  });

  it('accepts only PDF for the privacy policy', async () => {
    expect((await checkUpload('datenschutz', PDF)).mime).toBe('application/pdf');
    expect(await codeOf(checkUpload('datenschutz', PNG))).toBe('upload.type_not_allowed');
    expect(await codeOf(checkUpload('datenschutz', SVG))).toBe('upload.type_not_allowed');
  });

  it('decides by content, not by name: an HTML page is refused', async () => {
    expect(await codeOf(checkUpload('logos', Buffer.from('<html><script>x</script></html>')))).toBe(
      'upload.type_not_allowed',
    );
    expect(await codeOf(checkUpload('logos', Buffer.from('GIF89a')))).toBe('upload.type_not_allowed');
  });

  it('a refused type says which types the bucket takes, in the words of the spec', async () => {
    await expect(checkUpload('datenschutz', PNG)).rejects.toThrow(
      'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: PDF.',
    );
    await expect(checkUpload('logos', PDF)).rejects.toThrow(
      'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: PNG, JPG, SVG.',
    );
  });

  it('an empty file or a broken SVG fails with the spec message', async () => {
    const empty = checkUpload('logos', Buffer.alloc(0));
    await expect(empty).rejects.toMatchObject({ code: 'upload.leer' });
    await expect(empty).rejects.toThrow('Fehler beim Hochladen der Datei: Die Datei ist leer.');
    const broken = checkUpload('logos', Buffer.from('<svg><g></svg>'));
    await expect(broken).rejects.toMatchObject({ code: 'upload.failed' });
    await expect(broken).rejects.toThrow(/^Fehler beim Hochladen der Datei: /);
  });
});
