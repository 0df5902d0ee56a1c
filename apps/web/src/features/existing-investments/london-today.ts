const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Today in Europe/London (YYYY-MM-DD), the business date: the latest day a share price or a holding
 * transaction may carry (the server refuses later ones by its own clock).
 */
export const londonToday = (now: Date = new Date()) => LONDON_DAY.format(now);
