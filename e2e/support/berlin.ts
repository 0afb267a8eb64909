/** Calendar helpers of the journeys in Europe/Berlin (the demo's locations are open Monday to Friday). */

/** The next weekday (Mon–Fri) after today in Berlin that is not a Christmas holiday: open in the demo. */
export const naechsterWerktag = (): string => {
  const heute = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${heute}T12:00:00Z`);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const key = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !key.endsWith('-12-25') && !key.endsWith('-12-26')) return key;
  }
};

/** `HH:mm` on `day` in Berlin as an instant with its offset (winter +01:00, summer +02:00). */
export const berlin = (day: string, time: string): string => {
  for (const offset of ['+01:00', '+02:00']) {
    const iso = `${day}T${time}:00${offset}`;
    const shown = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
    if (shown === time) return iso;
  }
  throw new Error(`no Berlin offset for ${day} ${time}`);
};
