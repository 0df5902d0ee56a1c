import type { NewsItem } from '@portico/contracts';

/**
 * What an update report can be about on the investor's side: a holding (an existing investment) or a fund
 * (issue 20). Each has its page, where its reports are listed and read, and its words.
 */
export type ReportSubjectKind = 'holding' | 'fund';

interface ReportSubject {
  /** the subject's page in the portfolio */
  path: (id: number | undefined) => string;
  /** the subject's name on a report about it */
  nameOf: (report: Pick<NewsItem, 'opportunity' | 'fund'> | undefined) => string | undefined;
  /** the news list's filter, and the reader's check that a report is about this subject */
  filter: (id: number) => { opportunityId: number } | { fundId: number };
  /** whether an item of the news list is about this subject (general news is everyone's) */
  about: (item: Pick<NewsItem, 'opportunity' | 'fund'>, id: number) => boolean;
  /** `term`, when set, names the terminology entry that renames the title per deployment */
  section: { title: string; term?: 'reports'; description: string; failed: string; none: string };
}

export const REPORT_SUBJECTS: Record<ReportSubjectKind, ReportSubject> = {
  holding: {
    path: (id) => `/investor/portfolio/${id ?? ''}`,
    nameOf: (report) => report?.opportunity?.name,
    filter: (id) => ({ opportunityId: id }),
    about: (item, id) => item.opportunity?.id === id,
    section: {
      title: 'Updates',
      description: 'What the company has reported to its investors.',
      failed: 'The updates could not be loaded.',
      none: 'No updates have been published about this investment yet.',
    },
  },
  fund: {
    path: (id) => `/investor/portfolio/fund/${id ?? ''}`,
    nameOf: (report) => report?.fund?.name,
    filter: (id) => ({ fundId: id }),
    about: (item, id) => item.fund?.id === id,
    section: {
      title: 'Reports',
      term: 'reports',
      description: 'What the fund manager has reported to the fund’s investors.',
      failed: 'The reports could not be loaded.',
      none: 'No reports have been published about this fund yet.',
    },
  },
};
