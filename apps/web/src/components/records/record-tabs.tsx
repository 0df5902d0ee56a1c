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
 * A record's sections as links (each one is a page with its own address). The bar wraps onto a second
 * row rather than scrolling, so no section hides past the edge. Tab moves between them like any links.
 */
export function RecordTabs({ label, basePath, tabs }: RecordTabsProps) {
  const terminology = useTerminology();
  if (tabs.length <= 1) return null;
  return (
    <nav aria-label={label} className="record-tabs">
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
