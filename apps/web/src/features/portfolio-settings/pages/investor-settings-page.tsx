import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS, canOpenAdminScreen, type AdminScreen } from '../../../config/admin-menu';
import { useBranding, useFeature, useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useComplianceSettings } from '../../appropriateness/api/compliance-settings';
import { useOnboardingRequirements } from '../../compliance/api/onboarding-requirements';
import { useLeadStatuses } from '../../lead-statuses/api/get-lead-statuses';
import { usePortfolioSettings } from '../api/portfolio-settings';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a query says once loaded: a line of text, or a skeleton while it loads. */
function Loaded({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  children: () => string;
}) {
  if (query.isError) return <>Could not be loaded.</>;
  if (query.isPending) return <Skeleton height={14} width={140} aria-label="Loading" />;
  return <>{children()}</>;
}

function ColumnsNow() {
  const columns = usePortfolioSettings('column');
  return (
    <Loaded query={columns}>
      {() =>
        `${(columns.data ?? []).filter((column) => column.shown).length} of ${plural(columns.data?.length ?? 0, 'column', 'columns')} shown`
      }
    </Loaded>
  );
}

function StatsNow() {
  const stats = usePortfolioSettings('stat');
  return (
    <Loaded query={stats}>
      {() =>
        `${(stats.data ?? []).filter((stat) => stat.shown).length} of ${plural(stats.data?.length ?? 0, 'figure', 'figures')} shown`
      }
    </Loaded>
  );
}

function DocumentsNow() {
  const documents = useOnboardingRequirements();
  return (
    <Loaded query={documents}>
      {() => `${plural(documents.data?.length ?? 0, 'document', 'documents')} asked for at sign-up`}
    </Loaded>
  );
}

function LeadStatusesNow() {
  const statuses = useLeadStatuses();
  return (
    <Loaded query={statuses}>
      {() => {
        const list = statuses.data ?? [];
        const first = list.find((status) => status.is_default);
        return `${plural(list.length, 'status', 'statuses')}${first ? `; new records get “${first.name}”` : ''}`;
      }}
    </Loaded>
  );
}

function TestNow() {
  const settings = useComplianceSettings();
  return (
    <Loaded query={settings}>
      {() => {
        const tries = settings.data?.compliance_tries ?? 0;
        return tries >= 9999 ? 'Unlimited tries' : `${plural(tries, 'try', 'tries')} allowed`;
      }}
    </Loaded>
  );
}

function TermsNow() {
  const branding = useBranding();
  if (!branding) return <>The default terms</>;
  return (
    <>
      Version {branding.terms_version},{' '}
      {branding.terms_format === 'url' ? 'a link to your own page' : 'written here'}
    </>
  );
}

function RiskWarningNow() {
  const on = useFeature('riskWarning');
  const text = useBranding()?.risk_warning_text ?? '';
  return (
    <>
      {on ? 'The banner is on' : 'The banner is off'}; {text.trim() ? 'summary written' : 'no summary yet'}
    </>
  );
}

function MarketSoundingNow() {
  const text = useBranding()?.market_sounding_description ?? '';
  return <>{text.trim() ? 'Description written' : 'No description yet'}</>;
}

interface Section {
  id: string;
  screen: AdminScreen;
  title: string;
  description: string;
  now: ReactNode;
}

/**
 * Settings → investor: an overview of every investor setting this role may open (with its feature on),
 * what each is set to now, and a link to it.
 */
export function InvestorSettingsPage() {
  const terms = useTerminology();
  const user = useUser();
  const features = useFeatures();
  const investors = inSentence(terms.investors);
  const sections: Section[] = [
    {
      id: 'portfolio',
      screen: ADMIN_SCREENS.portfolioColumns,
      title: `${terms.portfolio} columns`,
      description: `The columns of the ${inSentence(terms.portfolio)} table ${investors} see, their order and names.`,
      now: <ColumnsNow />,
    },
    {
      id: 'portfolio-stats',
      screen: ADMIN_SCREENS.portfolioStats,
      title: `${terms.portfolio} stats`,
      description: `The headline figures above the ${inSentence(terms.portfolio)}, their order and names.`,
      now: <StatsNow />,
    },
    {
      id: 'sign-up-documents',
      screen: ADMIN_SCREENS.signUpDocuments,
      title: 'Sign-up documents',
      description: `What ${investors} provide or sign when they join.`,
      now: <DocumentsNow />,
    },
    {
      id: 'lead-status',
      screen: ADMIN_SCREENS.leadStatuses,
      title: 'Lead status',
      description: `Where each of your ${investors} and contacts stands.`,
      now: <LeadStatusesNow />,
    },
    {
      id: 'appropriateness-test',
      screen: ADMIN_SCREENS.appropriatenessTest,
      title: 'Appropriateness test',
      description: 'The questions, and how many tries are allowed.',
      now: <TestNow />,
    },
    {
      id: 'terms',
      screen: ADMIN_SCREENS.investorTerms,
      title: 'Terms',
      description: `The terms and conditions ${investors} accept.`,
      now: <TermsNow />,
    },
    {
      id: 'market-sounding',
      screen: ADMIN_SCREENS.marketSounding,
      title: 'Market sounding',
      description: `What ${investors} read before they agree to receive inside information.`,
      now: <MarketSoundingNow />,
    },
    {
      id: 'risk-warning',
      screen: ADMIN_SCREENS.riskWarning,
      title: 'Risk warning',
      description: 'The regulator’s banner and the summary it links to.',
      now: <RiskWarningNow />,
    },
  ];
  const open = sections.filter((section) => canOpenAdminScreen(user.role_id, section.screen, features));

  return (
    <>
      <PageHeader
        title={`${terms.investor} settings`}
        description={`How the ${inSentence(terms.investor)} portal looks and what ${investors} are asked for.`}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" maw={1100}>
        {open.map((section) => (
          <Paper
            key={section.id}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={`investor-settings-${section.id}`}
          >
            <Stack gap={6}>
              <Title order={2} fz="md" id={`investor-settings-${section.id}`}>
                <Anchor component={Link} to={section.screen.path} inherit>
                  {section.title}
                </Anchor>
              </Title>
              <Text size="sm" c="dimmed">
                {section.description}
              </Text>
              <Text size="sm" fw={600} component="div">
                {section.now}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
