export interface MailContent {
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  outro?: string[];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One plain layout for every email: a text part and a simple, escaped HTML part. */
export function renderMail(appName: string, content: MailContent) {
  const text = [
    content.greeting,
    '',
    ...content.lines,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    ...(content.outro ? ['', ...content.outro] : []),
    '',
    `— ${appName}`,
  ].join('\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#0b1f3a;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#555">If the button does not work, open this address: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Montserrat,Arial,sans-serif;color:#1a1a1a"><p>${escapeHtml(content.greeting)}</p>${paragraphs(content.lines)}${button}${paragraphs(content.outro ?? [])}<p>— ${escapeHtml(appName)}</p></body></html>`;
  return { subject: content.subject, text, html };
}
