import { describe, expect, it } from 'vitest';
import { mailSubject } from './mail-subject';

describe('mailSubject', () => {
  it('keeps a short text whole', () => {
    expect(mailSubject('Welcome to Portico.')).toBe('Welcome to Portico.');
  });

  it('keeps the first sentence when the whole text is too long', () => {
    expect(
      mailSubject(
        'Your categorisation as a professional investor expires on 29 November 2026. Please confirm it again.',
        80,
      ),
    ).toBe('Your categorisation as a professional investor expires on 29 November 2026.');
  });

  it('cuts a long sentence after a whole word, with an ellipsis', () => {
    const subject = mailSubject(
      'Your quarterly report for the Northern Lights Growth Fund and its twelve portfolio companies is ready to read',
      80,
    );
    expect(subject).toBe('Your quarterly report for the Northern Lights Growth Fund and its twelve…');
    expect(subject.length).toBeLessThanOrEqual(80);
  });
});
