import { ThemeIcon } from '@mantine/core';
import type { NotificationIcon as IconName } from '@portico/contracts';
import {
  IconArrowsExchange,
  IconBell,
  IconCoins,
  IconFileAnalytics,
  IconMailOpened,
  IconShieldHalf,
  type Icon,
} from '@tabler/icons-react';

/** One picture per kind of notification (spec §3). */
const ICONS: Record<IconName, { icon: Icon; color: string }> = {
  update_reports: { icon: IconFileAnalytics, color: 'primaryLighter' },
  investment_opportunity_invested: { icon: IconCoins, color: 'success' },
  investment_opportunity_transition_existing: { icon: IconArrowsExchange, color: 'primary' },
  investment_opportunity_invited: { icon: IconMailOpened, color: 'secondary' },
  investment_opportunity_pre_emption: { icon: IconShieldHalf, color: 'primary' },
  default: { icon: IconBell, color: 'gray' },
};

export function NotificationIcon({ name }: { name: IconName }) {
  const { icon: Glyph, color } = ICONS[name];
  return (
    <ThemeIcon variant="light" color={color} radius="xl" size={36} data-icon={name}>
      <Glyph size={20} stroke={1.7} aria-hidden />
    </ThemeIcon>
  );
}
