import { Typography } from '@mantine/core';

/**
 * A report's body: HTML the server sanitised with an allow-list before storing it (no scripts, handlers
 * or styles), so it is shown as it is; no editor is loaded to read it.
 */
export function ReportHtml({ html }: { html: string }) {
  return (
    <Typography>
      <div className="report-body" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
