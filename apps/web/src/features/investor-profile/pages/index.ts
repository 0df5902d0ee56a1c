// The profile views of this feature, loaded together through one import (each import site of a lazy
// route adds its dependency list to the first page's JavaScript).
export { InvestorTypePage } from './investor-type-page';
export { OrganisationApplyPage } from './organisation-apply-page';
export { ProfileDocumentsPage } from './profile-documents-page';
export { ProfileRecordPage } from './profile-record-page';
