/**
 * The table of every settings option for `docs/einstellungen.md` (R368), made from the catalogue: name, area,
 * type, default, unit, the levels it may be set at, whether users change it themselves, the accepted values and
 * the help text. `npm run docs:einstellungen` writes it; a test fails when the committed file differs.
 */
import { CUSTOMIZING_OPTIONS } from './customizing.ts';
import { CUSTOMIZING_GROUPS, type CustomizingOption } from './customizing-option.ts';

const UNITS: Record<NonNullable<CustomizingOption['unit']>, string> = {
  minuten: 'minutes',
  stunden: 'hours',
  tage: 'days',
  wochen: 'weeks',
  monate: 'months',
  prozent: 'percent',
};

/** A cell: pipes and line breaks would break the Markdown table. */
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll(/\s*\n\s*/g, ' ');

const code = (text: string): string => (text === '' ? '(empty)' : `\`${text}\``);

const accepted = (o: CustomizingOption): string => {
  if (o.allowedValues) return o.allowedValues.map(code).join(', ');
  if (o.allowedNumbers) return o.allowedNumbers.join(', ');
  const items = o.typ === 'array' && o.itemTyp ? `list of ${o.itemTyp}` : '';
  const range = o.min !== undefined || o.max !== undefined ? `${o.min ?? '…'}–${o.max ?? '…'}` : '';
  return [items, range].filter(Boolean).join(', ');
};

const KOPF = ['Option', 'Area', 'Type', 'Default', 'Unit', 'Levels', 'Self', 'Accepted', 'What it does'];

/** A Markdown table with its columns padded to one width, as the project's formatter (Biome) writes it. */
const tabelle = (kopf: readonly string[], rows: readonly string[][]): string[] => {
  const breiten = kopf.map((k, i) => Math.max(3, k.length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const zeile = (zellen: readonly string[]) =>
    `| ${zellen.map((z, i) => z + ' '.repeat(breiten[i]! - [...z].length)).join(' | ')} |`;
  return [zeile(kopf), `| ${breiten.map((b) => '-'.repeat(b)).join(' | ')} |`, ...rows.map(zeile)];
};

/** The whole Markdown file: a short introduction, then one table per settings heading. */
export const einstellungenTabelle = (): string => {
  const lines = [
    '# Settings options',
    '',
    '<!-- Generated from packages/domain/src/verwaltung/customizing.ts by `npm run docs:einstellungen`; do not edit by hand. -->',
    '',
    'Every option of the settings catalogue (spec §3 "Customizing option", §9). The value that applies to a user is',
    "the first one set of: the user, the user's groups (the first by name), the tenant, the default (spec §6); an",
    'option counts only at the levels listed. "Self" marks options users change for themselves under',
    '"Meine Einstellungen"; the others are set by administrators under /admin/einstellungen.',
    '',
  ];
  for (const [group, texts] of Object.entries(CUSTOMIZING_GROUPS)) {
    const options = CUSTOMIZING_OPTIONS.filter((o) => o.group === group);
    if (options.length === 0) continue;
    lines.push(`## ${texts.en} (${texts.de})`, '');
    const rows = options.map((o) =>
      [
        `\`${o.name}\``,
        o.feature,
        o.typ,
        code(o.default),
        o.unit ? UNITS[o.unit] : '',
        o.levels.join(', '),
        o.userEditable ? 'yes' : 'no',
        accepted(o),
        o.description.en,
      ].map(cell),
    );
    lines.push(...tabelle(KOPF, rows));
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
};
