import { berlinDateKey, berlinInstant, formatTimeDE, TIME_ZONE } from '@stellwerk/domain/time';

const formatter = (language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
  });

/** A Berlin day `YYYY-MM-DD` as "Mo., 23.03." / "Mon 23/03". */
export const tagText = (tag: string, language: string): string =>
  formatter(language).format(berlinInstant(tag, '12:00'));

/**
 * A period as the timeline says it: "09:00–12:00" within one day, otherwise with the days
 * ("Mo., 23.03. 18:00 – Di., 24.03. 09:00"). An end at midnight reads 24:00 of the day before.
 */
export const zeitraumText = (von: Date, bis: Date, language: string, mitTag = false): string => {
  const endeTag = berlinDateKey(new Date(bis.getTime() - 1));
  const ende = formatTimeDE(bis) === '00:00' && endeTag !== berlinDateKey(bis) ? '24:00' : formatTimeDE(bis);
  if (berlinDateKey(von) === endeTag) {
    const zeit = `${formatTimeDE(von)}–${ende}`;
    return mitTag ? `${tagText(berlinDateKey(von), language)} ${zeit}` : zeit;
  }
  return `${tagText(berlinDateKey(von), language)} ${formatTimeDE(von)} – ${tagText(endeTag, language)} ${ende}`;
};
