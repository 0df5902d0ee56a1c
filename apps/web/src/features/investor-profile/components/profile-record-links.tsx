import { useFeatures } from '../../../lib/branding';
import { SubNav } from '../../../components/layouts/sub-nav';
import { useMyEntities } from '../api/investment-method-entities';
import { useMyOrganisations } from '../api/organisations';
import { profileSlugPath } from '../profile-slug';

/**
 * The investor's own organisations (with organisation links on) and investment-method accounts, as
 * links to their profile views. Nothing shows while they load, fail or there are none.
 */
export function ProfileRecordLinks() {
  const features = useFeatures();
  const organisations = useMyOrganisations(features.organisationLinks);
  const entities = useMyEntities();
  const items = [
    ...(features.organisationLinks ? (organisations.data ?? []) : []).map((organisation) => ({
      label: organisation.name,
      path: profileSlugPath('organisation', organisation.id),
    })),
    ...(entities.data ?? []).map((entity) => ({
      label: entity.name,
      path: profileSlugPath('investmentmethod', entity.id),
    })),
  ];
  if (items.length === 0) return null;
  return <SubNav label="Your organisations and accounts" items={items} />;
}
