import {
  DISTRIBUTION_KIND_LABELS,
  DISTRIBUTION_KINDS,
  FEE_KIND_LABELS,
  FEE_KINDS,
  type FundMovement,
} from '@portico/contracts';

const TYPE_LABELS: Record<FundMovement['type'], string> = { distribution: 'Distribution', fee: 'Fee' };

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** "Distribution · Capital gain", "Fee · Management fee"; a kind this page does not know shows as sent. */
export function movementLabel(movement: Pick<FundMovement, 'type' | 'kind'>): string {
  const kind =
    movement.type === 'distribution'
      ? isOneOf(DISTRIBUTION_KINDS, movement.kind)
        ? DISTRIBUTION_KIND_LABELS[movement.kind]
        : movement.kind
      : isOneOf(FEE_KINDS, movement.kind)
        ? FEE_KIND_LABELS[movement.kind]
        : movement.kind;
  return `${TYPE_LABELS[movement.type]} · ${kind}`;
}
