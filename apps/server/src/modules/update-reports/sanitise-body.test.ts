import { describe, expect, it } from 'vitest';
import { sanitiseBody } from './sanitise-body';
import { excerptOf, plainText } from './sanitised-body';

describe('an update report’s body', () => {
  it('keeps the allow-list and drops everything else', () => {
    expect(
      sanitiseBody('<p onclick="x()" style="color:red">Hi <b>there</b></p><script>alert(1)</script>'),
    ).toBe('<p>Hi there</p>');
    expect(sanitiseBody('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitiseBody('<a href="vbscript:x">x</a><a href="data:text/html,x">y</a>')).not.toMatch(/href/);
    expect(
      sanitiseBody('<iframe src="https://x.test"></iframe><form><input></form><svg><script>1</script></svg>'),
    ).toBe('');
  });

  it('keeps only images uploaded for reports, by their same-site path', () => {
    const ours = '<img src="/api/update-report-images/abc_DEF-123.png" alt="Chart">';
    expect(sanitiseBody(ours)).toBe(ours);
    for (const src of [
      'https://evil.test/a.png',
      '//evil.test/api/update-report-images/a.png',
      '/api/update-report-images/../files/a.png',
      '/api/update-report-images/a.png?x=1',
      '/files/opportunity-images/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ])
      expect(sanitiseBody(`<p>x</p><img src="${src}" onerror="alert(1)">`), src).toBe('<p>x</p>');
  });

  it('reads as plain text for the list and the PDF', () => {
    const html = '<h2>Results</h2><p>Revenue &amp; profit up&nbsp;40%</p><ul><li>One</li><li>Two</li></ul>';
    expect(plainText(html)).toBe('Results\nRevenue & profit up 40%\nOne\nTwo');
    expect(excerptOf(`<p>${'word '.repeat(100)}</p>`, 20)).toBe('word word word word…');
  });
});
