import { describe, expect, it } from 'vitest';
import { checkUpload, uploadProblemMessage } from './upload-file';

describe('checkUpload', () => {
  it('accepts png, jpg and svg logos and a PDF privacy statement', () => {
    expect(checkUpload('logo', { name: 'logo.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkUpload('logo', { name: 'logo.svg', type: 'image/svg+xml', size: 1000 })).toBeNull();
    expect(checkUpload('logo', { name: 'LOGO.JPG', type: '', size: 1000 })).toBeNull();
    expect(checkUpload('datenschutz', { name: 'ds.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
  });

  it('refuses other types and files over the size limit', () => {
    expect(checkUpload('logo', { name: 'ds.pdf', type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkUpload('datenschutz', { name: 'x.png', type: 'image/png', size: 1000 })).toBe('type');
    expect(checkUpload('logo', { name: 'big.png', type: 'image/png', size: 50 * 1024 * 1024 })).toBe('size');
  });

  it("words a refusal as the catalogue's upload failure with its reason, in German and English", () => {
    expect(uploadProblemMessage('logo', 'type', 'de')).toBe(
      'Fehler beim Hochladen der Datei: Dieser Dateityp ist hier nicht erlaubt. Erlaubt: PNG, JPG, SVG.',
    );
    expect(uploadProblemMessage('datenschutz', 'type', 'en')).toBe(
      'Error uploading the file: this file type is not allowed here. Allowed: PDF.',
    );
    expect(uploadProblemMessage('logo', 'size', 'de')).toBe(
      'Fehler beim Hochladen der Datei: Die Datei ist zu groß (höchstens 5 MB).',
    );
  });
});
