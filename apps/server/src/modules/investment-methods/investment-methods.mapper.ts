import type { InvestmentMethod, InvestmentMethodEntity } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { EntityRow, MethodWithCount } from './investment-methods.repository';

export function toInvestmentMethod(row: MethodWithCount): InvestmentMethod {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    provider: row.provider,
    description: row.description,
    email: row.email,
    phone: row.phone,
    website: row.website,
    entities_count: row.entities_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toEntity(row: EntityRow): InvestmentMethodEntity {
  const { entity } = row;
  const holder = row.investor?.id
    ? { type: 'investor' as const, ...row.investor }
    : row.contact?.id
      ? { type: 'contact' as const, ...row.contact }
      : null;
  return {
    id: entity.id,
    investment_method: row.method,
    holder,
    user_id: entity.user_id,
    contact_id: entity.contact_id,
    name: entity.name,
    account_reference: entity.account_reference,
    status: entity.status,
    created_at: toApiTimestamp(entity.created_at),
    updated_at: toApiTimestamp(entity.updated_at),
  };
}
