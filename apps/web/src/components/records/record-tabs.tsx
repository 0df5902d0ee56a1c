import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import type { RecordTab } from '../../config/records';
import { useTerminology } from '../../lib/terminology';
import './record-tabs.css';

interface RecordTabsProps {
  /** names the tab bar for screen readers: "Olivia Carter sections" */
  label: string;
  /** the record's page: each tab is a sub-path of it */
  basePath: string;
  /** the tabs this user may see (visibleRecordTabs) */
  tabs: readonly RecordTab[];
}

/**
 * A record's sections as links (each one is a page with its own address), in a bar that scrolls sideways
 * on a small screen and keeps the current tab in view. Tab moves between them like any links.
 */
export function RecordTabs({ label, basePath, tabs }: RecordTabsProps) {
  const terminology = useTerminology();
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    bar.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });

  if (tabs.length <= 1) return null;
  return (
    <nav aria-label={label} className="record-tabs" ref={bar}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <NavLink
              to={tab.path ? `${basePath}/${tab.path}` : basePath}
              end={tab.path === ''}
              className="record-tab"
            >
              {tab.term ? terminology[tab.term] : tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
